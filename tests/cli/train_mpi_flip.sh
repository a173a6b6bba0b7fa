# A Flip Junqi training run over MPI (`mpirun -n 3 junqi train --rules
# flip-kawu --mpi`): rank 0 trains (generation 1 from teacher games), ranks 1
# and 2 play its self-play and every generation's rating games, whose records
# rank 0 writes and the trainer rates. `--trainers 2` is refused: a flip run
# trains on one rank.
# Usage: sh train_mpi_flip.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
train() {
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" train --run "$dir" --mpi --rules flip-kawu "$@" \
    --generations 2 --games 2 --parallel-games 1 --sims 4 --steps 2 --batch 8 --teacher-games 20 --rating-pairs 1 \
    --rating-sims 2 --max-plies 100 --baselines random --threads 1 > /dev/null 2>> "$dir.err"
}

train || fail "the flip run over MPI failed" "$dir.err"
[ -f "$dir/weights/gen-0002.jqw" ] || fail "the run did not finish" "$dir.err"
for g in 1 2; do
  grep -q "^gen $g/2 | rating on the ranks | games 4/4" "$dir.err" ||
    fail "generation $g's rating games were not played on the ranks" "$dir.err"
  [ "$(ls "$dir/matches/gen-000$g/games" | wc -l)" -eq 4 ] || fail "generation $g has not 4 rating records" "$dir.err"
done
grep -q "gen-0002" "$dir/ratings.txt" || fail "generation 2 is not rated" "$dir/ratings.txt"
grep -q "w-rank1" "$dir/log/gen-0002.shards" || fail "generation 2 did not train on rank 1's games" "$dir.err"

rm -rf "$dir"
train --trainers 2 && fail "a flip run took --trainers 2" "$dir.err"
grep -q "junqi train: error: --trainers: a Flip Junqi run trains on one rank" "$dir.err" ||
  fail "no clear error for --trainers in a flip run" "$dir.err"
echo "ok"
