#!/usr/bin/env bash
# The training run of experiments/gumbel-full128/README.md: the settings of
# experiments/gumbel-identity with one change, full searches of 128
# simulations instead of 32 (the playout cap keeps 8 for the other three
# quarters of the moves), going on from gumbel-selfplay's generation 6
# (experiments/best/classic.jqw). The panel: generation 0 (= generation 6 of
# gumbel-selfplay), `tactical`, `ismcts:sims=400` and the teacher generation
# of gumbel-selfplay at the rating budget, so that its curve lies on the same
# scale. Rerunning resumes it; GENERATIONS=N extends it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
teacher=$here/../training-teacher/weights/gen-0001.jqw
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
$junqi train --run "${RUN:-$here/run}" --shape small --generations "${GENERATIONS:-4}" \
  --init-weights "$here/../gumbel-selfplay/weights/gen-0006.jqw" --identity-loss 0.25 \
  --games 1500 --parallel-games 6 --gumbel --gumbel-actions 16 --sims 128 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --rollout-depth 16 --temperature-plies 20 --value-target 0.5 \
  --steps 800 --batch 128 --window 150000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 64 --anchor-generations 0 --panel-only \
  --baselines "tactical,ismcts:sims=400,nn:weights=$teacher,sims=64,c=1.5,mix=0.25,depth=16,rollout=greedy" --seed 3801
