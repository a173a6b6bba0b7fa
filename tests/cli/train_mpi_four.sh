# A four-player training run over MPI: ranks 1 and 2 play the self-play and
# rating games of rank 0's run; a four-player run trains on one rank, so
# `--trainers 2` is refused (tests/cli/mpi_one_trainer_run.sh).
# Usage: sh train_mpi_four.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/mpi_one_trainer_run.sh"
checkOneTrainerMpiRun "$1" "$2" "$3" four-worldatplay "four-player Junqi" --teacher-games 4 --teacher-positions 4 \
  --max-plies 60
