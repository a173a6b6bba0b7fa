#!/usr/bin/env bash
# The World at Play run of README.md's "World at Play" section: train.sh's
# hybrid self-play under flip-worldatplay, going on from the network the
# World at Play hybrid was measured with (experiments/flip-gumbel-worldatplay
# generation 1), two generations of 400 games, 4 rating pairs a member (the
# in-run rating decides nothing; the games are five times longer than
# Kawu's). Rerunning resumes it. Log: results/train-world.log.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
export OMP_WAIT_POLICY=passive  # LibTorch's spinning threads crawl on a busy machine
mkdir -p "$here/results"
exec nice -n 10 "$junqi" train --run "$here/results/run-world" --rules flip-worldatplay --shape tiny \
  --generations "${GENERATIONS:-2}" --init-weights "$here/../flip-gumbel-worldatplay/weights/gen-0001.jqw" \
  --teacher-games 0 --games 400 --parallel-games 2 --threads 1 \
  --net-depth 3 --net-visits 30 --cpuct 0.5 --sims 12000 --fast-sims 3000 --full-search-share 0.25 \
  --rollout-mix 0.25 --temperature-plies 10 --value-target 0.5 \
  --steps 150 --batch 128 --window 90000 --lr 5e-4 \
  --rating-pairs 4 --rating-sims 12000 --rating-concurrency 1 --anchor-generations 0 --panel-only \
  --baselines mcts:sims=24000 --seed 3660
