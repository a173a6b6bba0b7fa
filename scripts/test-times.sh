#!/usr/bin/env bash
# test-times.sh seed|save BUILD_DIR: ctest starts the longest tests first
# when it knows how long each took (BUILD_DIR/Testing/Temporary/CTestCostData.txt),
# so that on 2 cores a long test does not end the run alone. A clean clone
# has no such file: `seed` gives it the times in tests/times/ (a build of
# earlier), `save` writes this build's times there (tests of a second or
# more; the others run last, in any order). ctest keeps a running mean over
# the runs it has seen, the seeded one included: save from a build of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: test-times.sh seed|save BUILD_DIR" >&2; exit 2; }
costs=$2/Testing/Temporary/CTestCostData.txt
saved=tests/times/$(basename "$2").txt
case "$1" in
  seed) [ -f "$costs" ] || [ ! -f "$saved" ] || install -D -m 644 "$saved" "$costs" ;;
  save) [ -f "$costs" ] || { echo "test-times.sh: no $costs (run ctest in $2 first)" >&2; exit 1; }
        awk '$1 == "---" { exit } NF == 3 && $3 >= 1 { printf "%s 1 %.1f\n", $1, $3 }' "$costs" | sort -k3,3nr > "$saved" ;;
  *) echo "test-times.sh: seed or save, not '$1'" >&2; exit 2 ;;
esac
