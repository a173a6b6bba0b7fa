#!/usr/bin/env bash
# The training run of README.md: experiments/flip-big-generations' recipe
# (9,000 Gumbel self-play games of 32 simulations a generation, 2,400 Adam
# steps, a window of 270,000 positions) from experiments/best/flip.jqw, with
# the flag tactics in every self-play and rating search (--flag-tactics).
# Flip Junqi, Kawu rules, tiny network. Rerunning resumes it;
# GENERATIONS=N extends it. JUNQI=path: the binary.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
exec nice $junqi train --run "$here/run" --rules flip-kawu --shape tiny --generations "${GENERATIONS:-6}" \
  --init-weights "$here/../best/flip.jqw" --teacher-games 0 --flag-tactics \
  --games 9000 --parallel-games 2 --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 2400 --batch 128 --window 270000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 100 --rating-concurrency 2 --anchor-generations 0 --panel-only \
  --baselines heuristic,mcts --seed 5911
