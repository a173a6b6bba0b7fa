#!/usr/bin/env bash
# Four-player self-play with the flip recipe of issue 36 (experiments/flip-gumbel):
# generation 0 the teacher network (teacher-run/, generation 1 of a run that
# learned from 3,000 games of the four-player heuristic; teacher.sh), then
# Gumbel-root self-play with playout caps and mixed value targets, a replay
# window of self-play only, each generation rated against a fixed panel
# (generation 0, heuristic, ismcts:sims=100). Resumable: run it again
# (GENERATIONS=N extends the run). From the repository root or anywhere.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
exec nice -n 10 "$root/build/tools/junqi" train --run "$here/run" --rules four-worldatplay --shape tiny \
  --init-weights "$here/teacher-run/weights/gen-0001.jqw" --generations "${GENERATIONS:-6}" --teacher-games 0 \
  --games 192 --parallel-games 2 --sims 16 --fast-sims 4 --full-search-share 0.25 --gumbel --gumbel-actions 8 \
  --value-target 0.5 --steps 300 --batch 128 --window 30000 --lr 0.0005 \
  --rating-pairs 4 --rating-sims 32 --baselines heuristic,ismcts:sims=100 --anchor-generations 0 --panel-only \
  --threads 1 --seed 3
