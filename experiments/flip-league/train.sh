#!/usr/bin/env bash
# The training run of README.md: experiments/flip-big-generations' recipe
# (9,000 games, 2,400 Adam steps, a window of 270,000 positions a generation;
# tiny network, Gumbel root, playout cap, value target half result), going on
# from experiments/best/flip.jqw, with half of each generation's games league
# games (the network on one seat, the opponent on the other, only the
# network's actions kept): mcts at 4,000 simulations, heuristic and the four
# flip styles. Flip Junqi, Kawu rules, two games at a time. Rerunning resumes
# it (Ctrl-C keeps the games of the unfinished generation); GENERATIONS=N
# extends it. Log: results/train.log (progress lines stripped when committed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
exec nice "$junqi" train --run "$here/run" --rules flip-kawu --shape tiny --generations "${GENERATIONS:-8}" \
  --init-weights "$here/../best/flip.jqw" --teacher-games 0 \
  --games 9000 --parallel-games 2 --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 2400 --batch 128 --window 270000 --lr 5e-4 --threads 1 \
  --league "mcts:sims=4000@0.2,heuristic@0.1,flipper@0.05,hoarder@0.05,rusher@0.05,trader@0.05" \
  --rating-pairs 16 --rating-sims 100 --rating-concurrency 2 --anchor-generations 0 --panel-only \
  --baselines heuristic,mcts --seed 3990
