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
status=0
fail() { echo "check-planted-leaks: $*" >&2; status=1; }

"$build/tests/leakage_tests" --gtest_brief=1 > /dev/null 2>&1 || fail "the leakage tests fail without a planted leak"
for leak in classic four flip; do
  program=$build/tests/leakage_tests_planted_$leak
  filter=${caught_by[$leak]// /:}
  out=$("$program" --gtest_filter="$filter" --gtest_brief=1 2>&1) || true
  for test in ${caught_by[$leak]}; do
    grep -qF "[  FAILED  ] $test " <<< "$out" && echo "check-planted-leaks: $test catches the $leak leak" ||
      fail "$test does not catch the planted $leak leak"
  done
  "$program" --gtest_filter="-$filter" --gtest_brief=1 > /dev/null 2>&1 ||
    fail "with the $leak leak planted, tests aimed at other leaks fail too"
done
[ "$status" -eq 0 ] && echo "check-planted-leaks: every planted leak is caught, and the clean build passes"
exit "$status"
