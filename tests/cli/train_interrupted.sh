# Ctrl-C during self-play keeps the games already played: the run stops
# cleanly, saying how to resume, and `junqi train --run DIR` alone plays only
# the games that were missing.
# Usage: sh train_interrupted.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
# Self-play games of a few tenths of a second, one at a time.
"$junqi" train --run "$dir" --generations 1 --games 8 --parallel-games 1 --sims 16 --steps 2 --batch 8 \
  --rating-pairs 1 --rating-sims 2 --max-plies 100 --baselines random --threads 1 > /dev/null 2> "$dir.err" &
pid=$!
waitFor 'self-play 2/8 games' "$dir.err" "$pid"
kill -INT "$pid"
wait "$pid"
status=$?
pid=
[ "$status" -eq 130 ] || fail "exit status $status after Ctrl-C, not 130" "$dir.err"
kept=$(sed -n 's/.*self-play stopped: \([0-9]*\) of 8 games kept.*/\1/p' "$dir.err")
[ -n "$kept" ] && [ "$kept" -ge 2 ] && [ "$kept" -lt 8 ] || fail "no games kept (or all 8 played: no test)" "$dir.err"
grep -q "interrupted: \`junqi train --run $dir\` resumes the run" "$dir.err" || fail "no word of resuming" "$dir.err"
[ -f "$dir/shards/gen-0001.part.jqs" ] || fail "the kept games are not on disk" "$dir.err"

# Resumed with --run alone: the games after the kept ones, then the rest of the run.
"$junqi" train --run "$dir" > /dev/null 2> "$dir.err" || fail "the resumed run failed" "$dir.err"
grep -q "self-play goes on after the $kept games kept" "$dir.err" || fail "the kept games were not taken" "$dir.err"
first=$(grep -o 'self-play [0-9]*/8' "$dir.err" | head -1)
[ "$first" = "self-play $((kept + 1))/8" ] || fail "the resumed self-play began with '$first'" "$dir.err"
grep -q '"games":8,' "$dir/shards/gen-0001.json" || fail "the shard does not hold 8 games" "$dir/shards/gen-0001.json"
[ ! -e "$dir/shards/gen-0001.part.jqs" ] && [ ! -e "$dir/shards/gen-0001.part.json" ] || fail "kept games left over"
[ -f "$dir/weights/gen-0001.jqw" ] || fail "the run did not finish" "$dir.err"
echo "ok"
