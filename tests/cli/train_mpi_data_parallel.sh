# Data-parallel training over MPI (`mpirun -n 4 junqi train --mpi --trainers 2`):
# ranks 0 and 1 train every generation together (each step's gradients
# averaged), ranks 2 and 3 play. After each generation both trainers log the
# digest of their parameters: they must be equal (identical weights), and
# change from one generation to the next (they learned). Too few ranks for
# the trainers asked, or no trainer, is refused.
# Usage: sh train_mpi_data_parallel.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
train() {
  "$mpirun" --allow-run-as-root --oversubscribe -n "$1" "$junqi" train --run "$dir" --mpi --trainers 2 \
    --generations 2 --games 4 --parallel-games 2 --sims 16 --steps 6 --batch 8 --rating-pairs 1 --rating-sims 2 \
    --max-plies 100 --baselines random --threads 1 > /dev/null 2>> "$dir.err"
}

train 2 && fail "2 ranks for 2 trainers and no worker were taken" "$dir.err"
grep -q "junqi train --mpi: --trainers 2 leaves no rank to play: run 3 ranks or more" "$dir.err" ||
  fail "no clear error for too few ranks" "$dir.err"
rm -rf "$dir" "$dir.err"
"$mpirun" --allow-run-as-root --oversubscribe -n 2 "$junqi" train --run "$dir" --mpi --trainers 0 > /dev/null 2> "$dir.err" &&
  fail "--trainers 0 was taken" "$dir.err"
grep -q "junqi train --mpi: --trainers 0: a number of at least 1" "$dir.err" || fail "no clear error for --trainers 0" "$dir.err"
[ ! -e "$dir" ] || fail "--trainers 0 made the run directory" "$dir.err"
rm -rf "$dir.err"

train 4 || fail "the data-parallel run failed" "$dir.err"
[ -f "$dir/weights/gen-0002.jqw" ] || fail "the run did not finish" "$dir.err"
grep -q "mpi | ranks 0-1 train together" "$dir.err" || fail "rank 0 did not say who trains" "$dir.err"
grep -q "^rank 1 | trainer | gen 2/2 | train step 6/6" "$dir.err" || fail "rank 1's trainer did not train" "$dir.err"
grep -q "gen 2/2 | rating on the ranks | games 4/4" "$dir.err" || fail "the rating games were not played on ranks 2-3" "$dir.err"
for g in 1 2; do
  digest() { sed -n "s/^$1gen $g\/2 | trained with 2 data-parallel ranks: parameters digest \([0-9a-f]*\)$/\1/p" "$dir.err"; }
  zero=$(digest "") one=$(digest "rank 1 | trainer | ")
  [ -n "$zero" ] && [ -n "$one" ] || fail "a trainer did not log its digest of generation $g" "$dir.err"
  [ "$zero" = "$one" ] || fail "generation $g: the trainers' weights differ ($zero, $one)" "$dir.err"
  [ "$zero" != "${previous:-}" ] || fail "generation $g did not change the weights" "$dir.err"
  previous=$zero
done
echo "ok"
