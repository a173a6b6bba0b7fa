#!/usr/bin/env bash
# The teacher network of train.sh: generation 1 of this run (3,000 games of
# the four-player heuristic, 24 positions a game, 800 steps). The run was
# stopped during generation 2; only its generation 1 is used.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
exec nice -n 10 "$here/../../build/tools/junqi" train --run "$here/teacher-run" --rules four-worldatplay --shape tiny \
  --generations 1 --teacher-games 3000 --teacher-positions 24 --teacher-steps 800 --games 64 --parallel-games 2 \
  --sims 16 --fast-sims 4 --full-search-share 0.25 --gumbel --gumbel-actions 8 --value-target 0.5 --steps 300 \
  --batch 128 --window 30000 --lr 0.0005 --rating-pairs 4 --rating-sims 32 --baselines heuristic,ismcts:sims=100 \
  --anchor-generations 1 --panel-only --threads 1 --seed 3
