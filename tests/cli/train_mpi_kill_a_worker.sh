# A training run over MPI (`mpirun -n 3 junqi train --mpi`): rank 0 trains,
# ranks 1 and 2 play its self-play and rating games. Killing a worker rank mid-run ends the job
# with the trainer stopped cleanly (no trainer left behind); the same command
# resumes the run to its end, and no shard is lost or trained on twice.
# Usage: sh train_mpi_kill_a_worker.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
train() {
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" train --run "$dir" --mpi --generations 3 --games 4 \
    --parallel-games 2 --sims 16 --steps 4 --batch 8 --rating-pairs 1 --rating-sims 2 --max-plies 100 \
    --baselines random --threads 1 > /dev/null 2>> "$dir.err"
}
trainer() { pgrep -f "junqi-train train --run $dir" > /dev/null; }

train &
pid=$!
waitFor 'mpi \| rank 2: w-rank2-000001.jqs' "$dir.err" "$pid" 300
worker=$(sed -n 's/^rank 2 | self-play worker rank2 (pid \([0-9]*\)).*/\1/p' "$dir.err" | head -1)
[ -n "$worker" ] || fail "rank 2 did not say its pid" "$dir.err"
[ ! -f "$dir/weights/gen-0003.jqw" ] || fail "the run ended before the kill: no test" "$dir.err"
kill -9 "$worker"
wait "$pid"
status=$?
pid=
[ "$status" -ne 0 ] || fail "the job went on without rank 2" "$dir.err"
for i in $(seq 50); do trainer || break; sleep 0.2; done
trainer && fail "the trainer outlived the job" "$dir.err"

# The same command again: the run goes on to its end.
echo "--- resumed" >> "$dir.err"
train || fail "the resumed run failed" "$dir.err"
[ -f "$dir/weights/gen-0003.jqw" ] || fail "the resumed run did not finish" "$dir.err"
grep -q "copy sent is dropped" "$dir.err" && fail "a worker sent a shard that was there" "$dir.err"
grep -q "gen 3/3 | rating on the ranks | games 4/4" "$dir.err" || fail "the last rating match was not played on the ranks" "$dir.err"
cat "$dir"/log/gen-000[23].shards > "$dir.listed"
[ -s "$dir.listed" ] || fail "no worker shards listed" "$dir.err"
[ -z "$(sort "$dir.listed" | uniq -d)" ] || fail "a shard was trained on twice" "$dir.listed"
while read -r shard; do
  [ -f "$dir/shards/$shard" ] || fail "listed shard $shard is missing" "$dir.listed"
done < "$dir.listed"
grep -q "w-rank1" "$dir.listed" && grep -q "w-rank2" "$dir.listed" || fail "not both workers' shards" "$dir.listed"
echo "ok"
