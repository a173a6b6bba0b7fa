#!/usr/bin/env bash
# Four-player Junqi: a team of two ISMCTS armies against a team of two
# heuristic armies, under each visibility mode (deals of four random layouts,
# each played twice with the teams' seats swapped). Fixed simulation budgets,
# so every game replays from its seed on any machine load. About 50 minutes
# on one core.
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
rm -rf results
mkdir -p results
run() {  # mode pairs seed
  "$junqi" match --rules "four-worldatplay:visibility=$1" --agent ismcts=ismcts:sims=400,rollout=random --agent heuristic \
    --pairs "$2" --seed "$3" --out "results/$1" > "results/$1.txt" 2> "results/$1.log"
  grep -h '^result' results/$1/games/*.jq4 | sed 's/^result //' | sort | uniq -c > "results/$1-endings.txt"
}
run own 100 41
run team 50 42
run all 50 43
tar -C results -cf - own/games team/games all/games | zstd -q -19 -o results/records.tar.zst
rm -rf results/own/games results/team/games results/all/games results/*.log
