#!/usr/bin/env bash
# Builds the layers that do not link LibTorch with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs their tests (all but the long
# command-line belief checks, which the unit tests cover in small: they take
# ten minutes under the sanitizers). -O1 with line tables only compiles in
# half the time of -O2 -g and still gives stack traces with lines. The baseline
# bot (a second compile of most layers) is checked by the Release build alone.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build-sanitize BUILD_TYPE=Debug scripts/setup.sh -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DJUNQI_SANITIZE=ON -DJUNQI_WITH_TORCH=OFF -DJUNQI_BENCHMARKS=OFF -DJUNQI_BASELINE_BOT=OFF
scripts/test-times.sh seed build-sanitize  # the longest tests first, even in a clean clone
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" --label-exclude long
