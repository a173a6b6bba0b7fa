#!/usr/bin/env bash
# Proves the leakage tests (tests/leakage/, docs/observation.md "Leakage
# tests"): builds leakage_tests and the three programs that plant a leak
# (core/planted_leak.h; each recompiles only the two files that hold its
# hooks and links them over the clean libraries, tests/cmake/leakage.cmake)
# in BUILD_DIR (default: build, as scripts/run-tests.sh leaves it). Then the
# clean program must pass, every test aimed at a leak must fail with that
# leak planted, and the tests aimed at the other leaks must still pass (each
# test catches its own). Exits 0 only when all of that holds.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}

lock=()  # a checkout shared by several people builds under its lock
[ -e "$build/.ninja.lock" ] && lock=(flock "$build/.ninja.lock")
"${lock[@]}" cmake --build "$build" --target leakage_tests leakage_tests_planted_classic \
  leakage_tests_planted_four leakage_tests_planted_flip

# The tests that must catch each leak.
declare -A caught_by=(
  [classic]="ClassicLeakage.EveryAgentDecidesAlikeInWorldsTheSeatCannotTellApart SamplerMarginals.DrawsMatchTheExactMarginals"
  [four]="FourLeakage.EveryAgentDecidesAlikeInWorldsTheSeatCannotTellApart"
  [flip]="FlipLeakage.EveryAgentDecidesAlikeInEveryDealOfTheFaceDownPieces"
)
fail() { echo "check-planted-leaks: $*" >&2; return 1; }

# check LEAK: the tests aimed at LEAK fail with it planted, the others pass.
check() {
  local program=$build/tests/leakage_tests_planted_$1 filter=${caught_by[$1]// /:} out test status=0
  out=$("$program" --gtest_filter="$filter" --gtest_brief=1 2>&1) || true
  for test in ${caught_by[$1]}; do
    grep -qF "[  FAILED  ] $test " <<< "$out" && echo "check-planted-leaks: $test catches the $1 leak" ||
      fail "$test does not catch the planted $1 leak" || status=1
  done
  "$program" --gtest_filter="-$filter" --gtest_brief=1 > /dev/null 2>&1 ||
    fail "with the $1 leak planted, tests aimed at other leaks fail too" || status=1
  return $status
}

# The four programs are independent: they run side by side (each on one core).
"$build/tests/leakage_tests" --gtest_brief=1 > /dev/null 2>&1 &
clean=$!
pids=()
for leak in classic four flip; do check $leak & pids+=($!); done
status=0
wait $clean || fail "the leakage tests fail without a planted leak" || status=1
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
[ "$status" -eq 0 ] && echo "check-planted-leaks: every planted leak is caught, and the clean build passes"
exit "$status"
