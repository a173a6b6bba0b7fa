# A four-player training run over MPI (`mpirun -n 3 junqi train --rules
# four-worldatplay --mpi`): rank 0 trains (generation 1 from teacher games),
# ranks 1 and 2 play its self-play and every generation's rating games, whose
# records rank 0 writes and the trainer rates. `--trainers 2` is refused: a
# four-player run trains on one rank.
# Usage: sh train_mpi_four.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
train() {
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" train --run "$dir" --mpi --rules four-worldatplay "$@" \
    --generations 2 --games 2 --parallel-games 1 --sims 4 --steps 2 --batch 8 --teacher-games 4 \
    --teacher-positions 4 --rating-pairs 1 --rating-sims 2 --max-plies 60 --baselines random --threads 1 \
    > /dev/null 2>> "$dir.err"
}

train || fail "the four-player run over MPI failed" "$dir.err"
[ -f "$dir/weights/gen-0002.jqw" ] || fail "the run did not finish" "$dir.err"
for g in 1 2; do
  games=$(sed -n "s|^gen $g/2 \| rating on the ranks \| games \([0-9]*\)/\1.*|\1|p" "$dir.err" | tail -1)
  [ -n "$games" ] || fail "generation $g's rating games were not played on the ranks" "$dir.err"
  [ "$(ls "$dir/matches/gen-000$g/games" | wc -l)" -eq "$games" ] ||
    fail "generation $g has not $games rating records" "$dir.err"
done
grep -q "gen-0002" "$dir/ratings.txt" || fail "generation 2 is not rated" "$dir/ratings.txt"
grep -q "w-rank[12]" "$dir/log/gen-0002.shards" || fail "generation 2 did not train on the ranks' games" "$dir.err"

rm -rf "$dir"
train --trainers 2 && fail "a four-player run took --trainers 2" "$dir.err"
grep -q "junqi train: error: --trainers: a four-player Junqi run trains on one rank" "$dir.err" ||
  fail "no clear error for --trainers in a four-player run" "$dir.err"
echo "ok"
