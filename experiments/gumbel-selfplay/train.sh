#!/usr/bin/env bash
# The training run of experiments/gumbel-selfplay/README.md: self-play with
# the Gumbel root and playout caps, going on from the teacher generation of
# experiments/training-teacher (generation 0 here), every generation rated
# against the same fixed panel. Rerunning resumes it; GENERATIONS=N extends it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
$junqi train --run "${RUN:-$here/run}" --shape small --generations "${GENERATIONS:-10}" \
  --init-weights "$here/../training-teacher/weights/gen-0001.jqw" \
  --games 1500 --parallel-games 6 --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --rollout-depth 16 --temperature-plies 20 --value-target 0.5 \
  --steps 800 --batch 128 --window 150000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 64 --anchor-generations 0 --panel-only \
  --baselines tactical,ismcts:sims=400 --seed 3601
