#!/usr/bin/env bash
# Greedy against random rollouts in four-player ISMCTS: a gauntlet of
# `ismcts:sims=400,rollout=greedy` against the default `ismcts:sims=400`
# (random rollouts) and `heuristic`, 50 deals each played twice (seats
# swapped), visibility own, match seed 44. About 60 minutes on one core.
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
rm -rf results/greedy results/greedy.txt
mkdir -p results
"$junqi" match --rules four-worldatplay --agent "greedy=ismcts:sims=400,rollout=greedy" \
  --agent "ismcts=ismcts:sims=400,rollout=random" --agent heuristic --schedule gauntlet --pairs 50 --seed 44 \
  --out results/greedy > results/greedy.txt 2> /dev/null
grep -h '^result' results/greedy/games/*.jq4 | sed 's/^result //' | sort | uniq -c > results/greedy-endings.txt
tar -C results/greedy -cf - games | zstd -q -19 -o results/greedy-records.tar.zst
rm -rf results/greedy/games
