#!/usr/bin/env bash
# Sets up and builds the project, then runs every test (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
