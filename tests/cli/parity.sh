# Every command for every game (issue 37, docs/parity.md): each command, run
# once per game by scripts/parity-table.sh, works or refuses with exactly one
# line on stderr that names the game; the table it writes is docs/parity.md
# word for word (so the table cannot go stale). First the check itself is
# shown to catch faults: a command that refuses in two lines, one whose
# refusal does not name the game, and a command with no invocation.
# Usage: sh parity.sh SOURCE_DIR JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
src=$1 junqi=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir"
table="$src/scripts/parity-table.sh"

# A junqi whose `setup` for Flip Junqi says $1 on stderr (and exits 2), and
# that lists a command `$2` when given.
fake() {
  cat > "$dir/fake-junqi" <<FAKE
#!/bin/sh
if [ "\$1" = setup ] && [ "\$3" = flip-worldatplay ]; then printf '$1' >&2; exit 2; fi
if [ "\$1" = --help ] && [ -n "$2" ]; then "$junqi" --help; echo "  $2   a command nobody wrote an invocation for"; exit 0; fi
exec "$junqi" "\$@"
FAKE
  chmod +x "$dir/fake-junqi"
}
faulty() {  # the check must fail on the fake junqi
  fake "$1" "$2"
  PARITY_COMMANDS="setup ${2:-}" bash "$table" --check "$dir/fake-junqi" "$dir/fake.md" 2> "$dir/fake.err" &&
    fail "the check missed: $3" "$dir/fake.err"
  return 0
}
faulty 'junqi setup: Flip Junqi has no deployment\nRun with --help\n' "" "a refusal in two lines"
faulty 'junqi setup: no deployment\n' "" "a refusal that does not name the game"
faulty 'junqi setup: Flip Junqi has no deployment\n' "gauntlet2" "a command without an invocation"
fake 'junqi setup: Flip Junqi has no deployment\n' ""
PARITY_COMMANDS=setup bash "$table" --check "$dir/fake-junqi" "$dir/fake.md" 2> "$dir/fake.err" ||
  fail "the check refused a good one-line refusal" "$dir/fake.err"

bash "$table" --check "$junqi" "$dir/parity.md" 2> "$dir/err" || fail "a cell breaks the rule" "$dir/err"
diff "$src/docs/parity.md" "$dir/parity.md" > "$dir/diff" ||
  fail "docs/parity.md is not what scripts/parity-table.sh writes now (run it: scripts/parity-table.sh build/tools/junqi)" "$dir/diff"
echo "ok"
