#!/usr/bin/env bash
# Builds the project (scripts/setup.sh: packages, then a Release build into
# build/, or BUILD_DIR) and runs the core benchmarks (tests/bench/core_bench.cpp)
# on one thread: a console table on stdout, and the same results as JSON in
# build/bench-core.json. Extra arguments go to the benchmark program, e.g.
#   scripts/run-benchmarks.sh --benchmark_filter='Perft|Playout' --benchmark_repetitions=3
# Run it on a quiet machine: the numbers mean little when other work shares the cores.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}

echo "== machine"
model=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)
echo "cpu:   ${model:-unknown}"
echo "nproc: $(nproc)"
echo "date:  $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
if commit=$(git rev-parse --short HEAD 2>/dev/null); then
  git diff --quiet HEAD 2>/dev/null || commit+=" (uncommitted changes)"
  echo "git:   $commit"
fi
echo

echo "== build"
BUILD_DIR="$build_dir" scripts/setup.sh -DJUNQI_BENCHMARKS=ON
echo

echo "== core benchmarks"
"$build_dir/tests/core_bench" \
  --benchmark_format=console \
  --benchmark_out="$build_dir/bench-core.json" \
  --benchmark_out_format=json \
  "$@"
echo
echo "JSON results: $build_dir/bench-core.json"
