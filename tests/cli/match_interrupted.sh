# Ctrl-C in a Flip Junqi or four-player match (issue 37), as in a classic
# one: the games in progress finish, every finished game is kept, the table
# is printed and the program exits 0; the same command then resumes and plays
# only the games not yet recorded.
# Usage: sh match_interrupted.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
for game in "flip-kawu jqf mcts:sims=1000" "four-worldatplay jq4 ismcts:sims=40"; do
  set -- $game
  rules=$1 extension=$2 search=$3
  out=$dir/$rules
  match="match --rules $rules --agent search=$search --agent heuristic --pairs 10 --seed 3 --max-plies 60 --out $out"
  # shellcheck disable=SC2086
  "$junqi" $match > "$out.out" 2> "$out.err" &
  pid=$!
  waitFor "^games 1/20" "$out.err" "$pid" 60
  kill -INT "$pid"
  wait "$pid"
  rc=$?
  pid=
  [ "$rc" -eq 0 ] || fail "the interrupted $rules match exited $rc" "$out.err"
  kept=$(ls "$out/games" | grep -c "\.$extension\$")
  [ "$kept" -ge 1 ] && [ "$kept" -lt 20 ] || fail "the interrupted $rules match kept $kept of 20 games" "$out.err"
  grep -q "^search " "$out.out" || fail "the interrupted $rules match printed no table" "$out.out"
  grep -q "stopped after $kept of 20 games: the same command resumes" "$out.out" ||
    fail "the interrupted $rules match did not say it stopped after $kept games" "$out.out"
  [ -f "$out/report.svg" ] && [ -f "$out/games.pgn" ] || fail "the interrupted $rules match wrote no reports"
  # shellcheck disable=SC2086
  "$junqi" $match > "$out.again" 2> "$out.err" || fail "the $rules match did not resume" "$out.err"
  grep -q "^games 20/20" "$out.err" || fail "the resumed $rules match did not finish its 20 games" "$out.err"
  [ "$(grep -c "^games" "$out.err")" -eq "$((20 - kept))" ] ||
    fail "the resumed $rules match did not play only the $((20 - kept)) games left" "$out.err"
  grep -q "stopped after" "$out.again" && fail "the finished $rules match says it stopped" "$out.again"
done
echo "ok"
