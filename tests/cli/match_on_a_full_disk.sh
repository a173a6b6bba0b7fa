# A full disk stops `junqi match` with one line of error naming the file and
# why (not an uncaught exception, exit 134); the records saved stay, and once
# there is space the same command finishes the match without replaying them.
# The full disk: the temporary file of the third record is a link to
# /dev/full, where every write fails with ENOSPC.
# Usage: sh match_on_a_full_disk.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
mkdir -p "$dir/games"
ln -s /dev/full "$dir/games/game-00002.jqr.tmp"
match() { "$junqi" match --agent random --agent heuristic --pairs 3 --max-plies 100 --out "$dir"; }

match > /dev/null 2> "$dir.err"
expectFullDiskError $? "$dir.err" "junqi match: error: cannot write $dir/games/game-00002.jqr: No space left on device" \
  "the record"
[ -f "$dir/games/game-00000.jqr" ] && [ -f "$dir/games/game-00001.jqr" ] || fail "records saved before were lost"
[ -z "$(find "$dir" -name '*.tmp')" ] || fail "temporary files left: $(find "$dir" -name '*.tmp')"

# Space again: the same command plays games 3 to 6 only.
match > /dev/null 2> "$dir.err" || fail "the match did not finish once there was space" "$dir.err"
[ "$(find "$dir/games" -name '*.jqr' | wc -l)" -eq 6 ] || fail "not 6 records" "$dir.err"
[ "$(grep -c '^\[Result' "$dir/games.pgn")" -eq 6 ] || fail "games.pgn does not list 6 games" "$dir.err"
grep -q '^games 3/6' "$dir.err" && ! grep -Eq '^games [12]/6' "$dir.err" ||
  fail "the resumed match did not go on from game 3" "$dir.err"
echo "ok"
