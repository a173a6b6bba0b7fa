# Sourced by train_mpi_flip.sh and train_mpi_four.sh: a training run over MPI
# of a game that trains on one rank (`mpirun -n 3 junqi train --rules RULES
# --mpi`): rank 0 trains (generation 1 from teacher games), ranks 1 and 2 play
# its self-play and every generation's rating games, whose records rank 0
# writes and the trainer rates. `--trainers 2` is refused in one line.
# checkOneTrainerMpiRun MPIRUN JUNQI DIR RULES GAME [RUN OPTIONS...], where
# GAME is the game's name in the refusal ("Flip Junqi").
. "$(dirname "$0")/common.sh"

checkOneTrainerMpiRun() {
  mpirun=$1 junqi=$2 dir=$3 rules=$4 game=$5
  shift 5
  runOptions="$*"
  rm -rf "$dir" "$dir.err"
  mkdir -p "$(dirname "$dir")"
  trainOnRanks || fail "the $rules run over MPI failed" "$dir.err"
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
  trainOnRanks --trainers 2 && fail "a $rules run took --trainers 2" "$dir.err"
  grep -q "junqi train: error: --trainers: a $game run trains on one rank" "$dir.err" ||
    fail "no clear error for --trainers in a $rules run" "$dir.err"
  echo "ok"
}

# One small run on three ranks; extra arguments go to `junqi train`.
trainOnRanks() {
  # shellcheck disable=SC2086 # runOptions is a list of words
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" train --run "$dir" --mpi --rules "$rules" "$@" \
    --generations 2 --games 2 --parallel-games 1 --sims 4 --steps 2 --batch 8 --rating-pairs 1 --rating-sims 2 \
    --baselines random --threads 1 $runOptions > /dev/null 2>> "$dir.err"
}
