#!/usr/bin/env bash
# Sets up and builds the project, then runs every test (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/test-times.sh seed build  # the longest tests first, even in a clean clone
ctest --test-dir build --output-on-failure -j "$(nproc)"
