#!/usr/bin/env bash
# The training run of README.md: experiments/flip-gumbel's recipe from its
# generation 8 (experiments/best/flip.jqw's network), each generation three
# times as large: 9,000 self-play games, 2,400 Adam steps, a window of
# 270,000 positions (still about three generations). Flip Junqi, Kawu rules,
# tiny network, two self-play games at a time. Rerunning resumes it (Ctrl-C
# keeps the games of the unfinished generation); GENERATIONS=N extends it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
exec nice $junqi train --run "$here/run" --rules flip-kawu --shape tiny --generations "${GENERATIONS:-12}" \
  --init-weights "$here/../flip-gumbel/weights/gen-0008.jqw" --teacher-games 0 \
  --games 9000 --parallel-games 2 --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 2400 --batch 128 --window 270000 --lr 5e-4 --threads 1 \
  --rating-pairs 16 --rating-sims 100 --rating-concurrency 2 --anchor-generations 0 --panel-only \
  --baselines heuristic,mcts --seed 3902
