# Ctrl-C during a Flip Junqi and a four-player run's self-play keeps the games
# already played, as in a classic run (train_interrupted.sh): the run stops
# saying how to resume, and `junqi train --run DIR` alone plays only the
# games that were missing, then finishes the run.
# Usage: sh train_interrupted_flip_four.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"

# interruptAndResume NAME GAMES OPTIONS...: a run of one generation of GAMES
# self-play games, one at a time, stopped after the second game and resumed.
interruptAndResume() {
  run=$dir/$1 games=$2 err=$dir/$1.err
  shift 2
  "$junqi" train --run "$run" --generations 1 --games "$games" --parallel-games 1 --teacher-games 0 --steps 2 \
    --batch 8 --rating-pairs 1 --rating-sims 2 --baselines random --threads 1 "$@" > /dev/null 2> "$err" &
  pid=$!
  waitFor "self-play 2/$games games" "$err" "$pid"
  kill -INT "$pid"
  wait "$pid"
  status=$?
  pid=
  [ "$status" -eq 130 ] || fail "$run: exit status $status after Ctrl-C, not 130" "$err"
  kept=$(sed -n "s/.*self-play stopped: \([0-9]*\) of $games games kept.*/\1/p" "$err")
  [ -n "$kept" ] && [ "$kept" -ge 2 ] && [ "$kept" -lt "$games" ] ||
    fail "$run: no games kept (or all played: no test)" "$err"
  grep -q "interrupted: \`junqi train --run $run\` resumes the run" "$err" || fail "$run: no word of resuming" "$err"
  [ -f "$run/shards/gen-0001.part.jqs" ] || fail "$run: the kept games are not on disk" "$err"

  "$junqi" train --run "$run" > /dev/null 2> "$err" || fail "$run: the resumed run failed" "$err"
  grep -q "self-play goes on after the $kept games kept" "$err" || fail "$run: the kept games were not taken" "$err"
  first=$(grep -o "self-play [0-9]*/$games" "$err" | head -1)
  [ "$first" = "self-play $((kept + 1))/$games" ] || fail "$run: the resumed self-play began with '$first'" "$err"
  grep -q "\"games\":$games," "$run/shards/gen-0001.json" || fail "$run: the shard does not hold $games games" "$err"
  [ ! -e "$run/shards/gen-0001.part.jqs" ] && [ ! -e "$run/shards/gen-0001.part.json" ] ||
    fail "$run: kept games left over"
  [ -f "$run/weights/gen-0001.jqw" ] && [ -f "$run/learning-curve.csv" ] || fail "$run: the run did not finish" "$err"
}

# Games of about half a second each, so that the games left after the second
# (2-3 s of them) outlast the wait for the line and the Ctrl-C on a loaded
# machine: with games of 0.07 s all were played before the signal came in CI.
interruptAndResume flip 8 --rules flip-kawu --sims 400 --max-plies 120
interruptAndResume four 6 --rules four-worldatplay --sims 30 --max-plies 100
echo "ok"
