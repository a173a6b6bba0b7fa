# A junqi process that would write a match, gauntlet, exploiter or run
# directory another one is writing stops with one line naming the directory
# (two writers overwrite each other's records unnoticed), and the other's
# files are untouched; once the directory is free the same command runs.
# The other process: flock(1) holding DIR/.lock for the command's lifetime,
# as a running junqi does.
# Usage: sh directory_in_use.sh JUNQI [train] DIR   (train: a training run too)
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 train= dir=$2
[ $# -eq 3 ] && train=$2 dir=$3
rm -rf "$dir" "$dir.err"
mkdir -p "$dir/match"
match() { "$junqi" match --agent random --agent heuristic --pairs 1 --max-plies 60 --out "$dir/match"; }
match > /dev/null 2> "$dir.err" || fail "the first match failed" "$dir.err"
cp "$dir/match/games.pgn" "$dir/pgn.before"
rm "$dir/match/games/game-00001.jqr"  # a game left to play: a rerun would write

flock "$dir/match/.lock" "$junqi" match --agent random --agent heuristic --pairs 1 --max-plies 60 \
  --out "$dir/match" > /dev/null 2> "$dir.err"
status=$?
[ "$status" -eq 1 ] || fail "exit status $status in a directory in use, not 1" "$dir.err"
grep -Eq "^junqi match: error: $dir/match is in use by another junqi process( \(pid [0-9]+\))?: one match at a time writes there" \
  "$dir.err" || fail "no one-line error naming the directory in use" "$dir.err"
[ "$(wc -l < "$dir.err")" -eq 1 ] || fail "more than one line of error" "$dir.err"
[ ! -e "$dir/match/games/game-00001.jqr" ] && cmp -s "$dir/pgn.before" "$dir/match/games.pgn" ||
  fail "the refused match wrote into the directory in use" "$dir.err"
match > /dev/null 2> "$dir.err" || fail "the match did not run once the directory was free" "$dir.err"
[ -f "$dir/match/games/game-00001.jqr" ] || fail "the free match did not play its game" "$dir.err"

# The other commands that write a directory of matches: refused the same way, before any game.
refused() {  # WHAT DIR COMMAND...: COMMAND refused in DIR, which is in use, with nothing played there
  what=$1 held=$2
  shift 2
  mkdir -p "$held"
  flock "$held/.lock" "$@" > /dev/null 2> "$dir.err"
  status=$?
  [ "$status" -eq 1 ] || fail "$what: exit status $status in a directory in use, not 1" "$dir.err"
  grep -Eq "$held is in use by another junqi process( \(pid [0-9]+\))?: one $what at a time" "$dir.err" ||
    fail "$what: no error naming the directory in use" "$dir.err"
  [ -z "$(find "$held" -name '*.jq?')" ] || fail "$what: a game was recorded in the directory in use" "$dir.err"
}
refused gauntlet "$dir/gauntlet" "$junqi" gauntlet random --panel heuristic --pairs 1 --max-plies 60 --out "$dir/gauntlet"
refused "exploiter match" "$dir/exploit" "$junqi" exploit --target random --budget sims=2 --games 2 --max-plies 60 \
  --out "$dir/exploit"

if [ "$train" = train ]; then
  run="$dir/run"
  mkdir -p "$run"
  flock "$run/.lock" "$junqi" train --run "$run" --generations 1 --games 1 --parallel-games 1 --sims 2 --steps 1 \
    --batch 8 --rating-pairs 1 --rating-sims 2 --max-plies 40 --baselines random > /dev/null 2> "$dir.err"
  status=$?
  [ "$status" -eq 1 ] || fail "exit status $status in a run directory in use, not 1" "$dir.err"
  grep -Eq "$run is in use by another junqi process( \(pid [0-9]+\))?: one training run at a time writes there" "$dir.err" ||
    fail "no error naming the run directory in use" "$dir.err"
  [ "$(ls -A "$run")" = ".lock" ] || fail "the refused run wrote into the directory in use: $(ls -A "$run")" "$dir.err"
fi
echo "ok"
