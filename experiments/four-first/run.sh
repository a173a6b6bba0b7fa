#!/usr/bin/env bash
# Four-player Junqi, first look: the team heuristic against the team of random
# movers, 200 deals of four random layouts each played twice (the teams swap
# seats), under two of the three visibility modes. About 5 seconds.
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
rm -rf results
mkdir -p results
for mode in own all; do
  "$junqi" match --rules "four-worldatplay:visibility=$mode" --agent heuristic --agent random \
    --pairs 200 --seed 16 --out "results/$mode" > "results/$mode.txt" 2> /dev/null
  grep -h '^result' results/$mode/games/*.jq4 | sort | uniq -c > "results/$mode-endings.txt"
done
tar -C results -cf - own/games all/games | zstd -q -19 -o results/records.tar.zst
rm -rf results/own/games results/all/games
