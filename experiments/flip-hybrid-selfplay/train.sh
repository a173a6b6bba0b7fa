#!/usr/bin/env bash
# The training run of experiments/flip-hybrid-selfplay/README.md (Flip Junqi,
# Kawu rules): self-play that searches as the hybrid agent (the network's
# priors down to depth 3, lazily after 30 passes below the root; plain mcts
# with static leaves elsewhere; PUCT root visits as the policy targets),
# going on from experiments/best/flip.jqw (generation 0), at 12,000
# simulations a kept action (about mcts's cost at 0.02 CPU-s), the playout
# cap, value targets and learning rate of experiments/flip-gumbel, every
# generation rated against generation 0 and mcts at the same cost
# (sims=24000, 0.82 us a simulation). One thread, two games at once.
# Rerunning resumes it; GENERATIONS=N extends it. Log: results/train.log.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
mkdir -p "$here/results"
exec nice -n 10 "$junqi" train --run "$here/results/run" --rules flip-kawu --shape tiny \
  --generations "${GENERATIONS:-3}" --init-weights "$here/../best/flip.jqw" --teacher-games 0 \
  --games 500 --parallel-games 2 --threads 1 \
  --net-depth 3 --net-visits 30 --cpuct 0.5 --sims 12000 --fast-sims 3000 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 150 --batch 128 --window 90000 --lr 5e-4 \
  --rating-pairs 16 --rating-sims 12000 --rating-concurrency 1 --anchor-generations 0 --panel-only \
  --baselines mcts:sims=24000 --seed 3650
