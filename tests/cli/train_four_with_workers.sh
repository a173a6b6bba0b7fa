# A four-player run whose self-play separate workers play (`junqi train
# --rules four-worldatplay --external-selfplay`, `junqi selfplay --run DIR`):
# a worker stopped by Ctrl-C writes the games it finished as a shard; the
# trainer, interrupted while it waits for games, resumes with `junqi train
# --run DIR` and trains on the workers' shards; a worker refuses what it
# cannot play in one line.
# Usage: sh train_four_with_workers.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
run=$dir/run

# The trainer: every generation's games from the workers (no teacher games).
"$junqi" train --run "$run" --rules four-worldatplay --external-selfplay --generations 2 --games 4 \
  --parallel-games 1 --sims 4 --teacher-games 0 --steps 1 --batch 8 --rating-pairs 1 --rating-sims 2 \
  --max-plies 40 --baselines random --threads 1 > /dev/null 2> "$dir/train.err" &
pid=$!
trainer=$pid
waitFor "gen 1/2 \| waiting for self-play workers" "$dir/train.err" "$trainer"

# A worker stopped after its first game keeps what it finished.
"$junqi" selfplay --rules four-worldatplay --run "$run" --worker a > /dev/null 2> "$dir/worker.err" &
pid=$!
waitFor "self-play 1/4 games" "$dir/worker.err" "$pid"
kill -INT "$pid"
wait "$pid"
status=$?
pid=$trainer
[ "$status" -eq 130 ] || fail "the worker's exit status after Ctrl-C is $status, not 130" "$dir/worker.err"
[ -f "$run/shards/w-a-000000.jqs" ] || fail "the stopped worker wrote no shard" "$dir/worker.err"

# The trainer, stopped while it waits, says how to resume.
kill -INT "$trainer"
wait "$trainer"
status=$?
pid=
[ "$status" -eq 130 ] || fail "the trainer's exit status after Ctrl-C is $status, not 130" "$dir/train.err"
grep -q "interrupted: \`junqi train --run $run\` resumes the run" "$dir/train.err" ||
  fail "no word of resuming" "$dir/train.err"

# What a four-player worker cannot do is refused in one line.
"$junqi" selfplay --run "$run" --backend torch --shards 1 > /dev/null 2> "$dir/torch.err" &&
  fail "a four-player worker played with torch"
[ "$(wc -l < "$dir/torch.err")" -eq 1 ] &&
  grep -qx "junqi selfplay: error: backend torch: a four-player run's self-play plays with eigen" "$dir/torch.err" ||
  fail "no clear refusal of --backend torch" "$dir/torch.err"
"$junqi" selfplay --rules flip-kawu --run "$run" --shards 1 > /dev/null 2> "$dir/rules.err" &&
  fail "a four-player run took a flip worker"
[ "$(wc -l < "$dir/rules.err")" -eq 1 ] && grep -Eq "plays four-player Junqi \(.*\), not Flip Junqi" "$dir/rules.err" ||
  fail "no clear refusal of another game's worker" "$dir/rules.err"

# A worker until the run has its generations, and the run resumed beside it.
"$junqi" selfplay --run "$run" --worker a > /dev/null 2> "$dir/worker2.err" &
worker=$!
pid=$worker
"$junqi" train --run "$run" > /dev/null 2> "$dir/resumed.err" || fail "the resumed run failed" "$dir/resumed.err"
wait "$worker" || fail "the worker did not end with the run" "$dir/worker2.err"
pid=
grep -qx "w-a-000000.jqs" "$run/log/gen-0001.shards" || fail "generation 1 did not train on the stopped worker's games" \
  "$run/log/gen-0001.shards"
grep -q "^w-a-" "$run/log/gen-0002.shards" || fail "generation 2 did not train on the worker's games" "$dir/resumed.err"
[ -f "$run/weights/gen-0002.jqw" ] && grep -q gen-0002 "$run/ratings.txt" || fail "the run did not finish" "$dir/resumed.err"
echo "ok"
