#!/usr/bin/env bash
# Builds the layers that do not link LibTorch with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs their tests.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build-sanitize BUILD_TYPE=RelWithDebInfo scripts/setup.sh -DJUNQI_SANITIZE=ON -DJUNQI_WITH_TORCH=OFF -DJUNQI_BENCHMARKS=OFF
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)"
