#!/usr/bin/env bash
# Four-player Junqi: the first network (issue 16). A tiny network learns from
# 3,000 games of the four-player heuristic (teacher games), then from two
# generations of its own self-play; then its team plays the ISMCTS and the
# heuristic teams (deals of four random layouts, each played twice with the
# teams' seats swapped; visibility own). Fixed simulation budgets: training
# and every match replay from their seeds. About 45 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
rm -rf results
mkdir -p results
"$junqi" train --rules four-worldatplay --run results/run --shape tiny --generations 3 --teacher-games 3000 \
  --teacher-positions 24 --teacher-steps 800 --steps 200 --games 32 --sims 32 --batch 128 --window 20000 --threads 1 \
  --rating-pairs 2 --rating-sims 32 --baselines random,heuristic --seed 1 2> results/train.log
weights=results/run/weights
"$junqi" match --rules four-worldatplay --schedule gauntlet \
  --agent "nn3=nn:weights=$weights/gen-0003.jqw,sims=100" --agent ismcts=ismcts:sims=400 --agent heuristic \
  --agent "nn1=nn:weights=$weights/gen-0001.jqw,sims=100" \
  --pairs 12 --concurrency 2 --seed 71 --out results/match > results/match.txt 2> results/match.log
tar -C results -cf - match/games | zstd -q -19 -o results/match-records.tar.zst
rm -rf results/match/games results/run/shards results/run/checkpoints results/run/matches/*/games
# The teacher generation alone (gen-0001) against the same two teams.
"$junqi" match --rules four-worldatplay --schedule gauntlet \
  --agent "nn1=nn:weights=$weights/gen-0001.jqw,sims=100" --agent ismcts=ismcts:sims=400 --agent heuristic \
  --pairs 12 --concurrency 2 --seed 72 --out results/match-teacher > results/match-teacher.txt 2> results/match-teacher.log
tar -C results -cf - match-teacher/games | zstd -q -19 -o results/match-teacher-records.tar.zst
rm -rf results/match-teacher/games
