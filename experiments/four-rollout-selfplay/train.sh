#!/usr/bin/env bash
# Four-player self-play whose search is the hybrid of experiments/four-hybrid
# (the network's root priors over ismcts's greedy rollouts, `--rollout-mix 1`):
# the policy learns the visits of a search as strong as ismcts (expert
# iteration), warm-started from experiments/best/four.jqw. Resumable: run it
# again to go on (add `--generations N` to extend).
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
mkdir -p results
nice -n 10 "$junqi" train --rules four-worldatplay --run results/run --shape tiny --init-weights ../best/four.jqw \
  --rollout-mix 1 --rollout-depth 40 --sims 200 --fast-sims 50 --full-search-share 0.25 \
  --games 400 --parallel-games 2 --generations "${GENERATIONS:-3}" --steps 300 --batch 128 --window 40000 \
  --lr 0.0005 --temperature-plies 40 --root-noise 0.3 --threads 1 --teacher-games 0 \
  --rating-pairs 6 --rating-sims 200 --baselines ismcts:sims=200 --anchor-generations 0 --panel-only \
  --seed 3911 2>> results/train.log
