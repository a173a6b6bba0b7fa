#!/usr/bin/env bash
# The training run of experiments/flip-gumbel-worldatplay/README.md (Flip
# Junqi, World at Play rules): generation 1 learns from 20,000 games of the
# flip heuristic (the teacher, as experiments/flip-teacher did for Kawu),
# the next generations from self-play with the settings of
# experiments/flip-gumbel (Gumbel root, playout caps, mixed value targets),
# every generation rated against the same fixed panel (generation 1,
# heuristic, mcts). One thread. Rerunning resumes it; GENERATIONS=N extends it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
exec nice $junqi train --run "$here/run" --rules flip-worldatplay --shape tiny --generations "${GENERATIONS:-9}" \
  --teacher-games 20000 --teacher-positions 8 --teacher-steps 3000 \
  --games 3000 --parallel-games 1 --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 800 --batch 128 --window 90000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 100 --rating-concurrency 1 --anchor-generations 1 --panel-only \
  --baselines heuristic,mcts --seed 3702
