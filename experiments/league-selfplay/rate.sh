#!/bin/sh
# rate.sh OUT NAME1 FILE1 NAME2 FILE2 [PAIRS] [SEED]: network FILE1 against
# network FILE2, both at 100 simulations a move (their other search settings
# from the files), gauntlet, PAIRS layout pairs (default 100; 2 games each,
# seats swapped), seed SEED (default 3804: the same layouts in every match of
# that seed), one game at a time, in results/OUT; records in games.tar.zst.
set -e
cd "$(dirname "$0")"
[ -f "$3" ] && [ -f "$5" ] || { echo "rate.sh: no weights file $3 or $5" >&2; exit 2; }
/usr/bin/time -f "%U user %S sys %e wall (s)" nice -n 10 ${JUNQI:-../../build/tools/junqi} match \
  --agent "$2=nn:weights=$3,sims=100" --agent "$4=nn:weights=$5,sims=100" \
  --schedule gauntlet --pairs "${6:-100}" --seed "${7:-3804}" --concurrency 1 --out "results/$1"
tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
