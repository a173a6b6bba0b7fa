#!/usr/bin/env bash
# A Flip Junqi network trained on 2 cores (issue 13), then rated with search
# against the flip baselines at equal simulations (200 an action), paired
# deals (each played twice, seats swapped), Elo with 95% intervals.
# Usage: experiments/flip-network/run.sh [BUILD_DIR] [GENERATIONS] [SCHEDULE]   (from the repository root)
#   SCHEDULE round-robin (default): the last generation, mcts, heuristic and
#   the untrained generation 0 with the same search (a control for what the
#   search alone does); gauntlet: the last generation against mcts, heuristic
#   and generation 6 (the first run's last).
# Run again with more GENERATIONS, the training run resumes and extends.
set -euo pipefail
build=${1:-build}
generations=${2:-6}
schedule=${3:-round-robin}
out=experiments/flip-network/results
mkdir -p "$out"
run=$out/run
# 1. The training run: tiny network, short generations.
nice "$build/tools/junqi" train --rules flip-kawu --run "$run" --shape tiny --generations "$generations" \
  --games 48 --parallel-games 2 --sims 48 --steps 150 --batch 64 --rating-pairs 4 --rating-sims 48 \
  --max-plies 400 --seed 7 2>> "$out/train.log"
cp "$run/ratings.txt" "$out/train-ratings.txt"
last=$(printf 'gen-%04d' "$generations")
# 2. The last generation at 200 simulations an action against mcts at 200 and heuristic.
if [ "$schedule" = gauntlet ]; then
  control="gen6=nn:weights=$run/weights/gen-0006.jqw,sims=200"
else
  control="gen0=nn:weights=$run/weights/gen-0000.jqw,sims=200"
fi
nice "$build/tools/junqi" match --rules flip-kawu --schedule "$schedule" \
  --agent "nn:weights=$run/weights/$last.jqw,sims=200" --agent "mcts:sims=200" --agent heuristic --agent "$control" \
  --pairs 20 --concurrency 2 --seed 41 --out "$out/match-$last" \
  2> >(tr '\r' '\n' | tail -1 >&2) > "$out/match-$last.txt"
