#!/usr/bin/env bash
# The training run of experiments/flip-gumbel64/README.md (Flip Junqi, Kawu
# rules): experiments/flip-gumbel's run goes on from its generation 8
# (generation 0 here) with twice the full search (64 simulations) on half of
# the actions instead of a quarter; every generation rated against the same
# fixed panel (generation 0, heuristic, mcts). One thread. Rerunning resumes
# it; GENERATIONS=N extends it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
exec nice $junqi train --run "$here/run" --rules flip-kawu --shape tiny --generations "${GENERATIONS:-8}" \
  --init-weights "$here/../flip-gumbel/weights/gen-0008.jqw" --teacher-games 0 \
  --games 3000 --parallel-games 1 --gumbel --gumbel-actions 16 --sims 64 --fast-sims 8 --full-search-share 0.5 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 800 --batch 128 --window 90000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 100 --rating-concurrency 1 --anchor-generations 0 --panel-only \
  --baselines heuristic,mcts --seed 3802
