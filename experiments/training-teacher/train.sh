#!/usr/bin/env bash
# The training run of experiments/training-teacher/README.md: generation 1
# learns from 16,000 games of the tactical player, generations 2-4 from
# self-play. About an hour on 2 cores; rerunning resumes it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
$junqi train --run "${RUN:-$here/run}" --shape small --generations 4 \
  --teacher-games 16000 --teacher-positions 8 --teacher-steps 4000 \
  --games 64 --parallel-games 8 --sims 64 --rollout-mix 0.25 --rollout-depth 16 --value-target 0.5 \
  --steps 400 --batch 128 --window 160000 --lr 2e-3 --threads 1 \
  --rating-pairs 4 --rating-sims 64 --baselines random,heuristic,tactical --seed 2611
