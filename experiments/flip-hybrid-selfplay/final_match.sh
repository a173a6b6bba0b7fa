#!/bin/sh
# The measurement fixed in README.md before any games: the run's final
# generation (its stored hybrid settings) against mcts at equal CPU time,
# 0.02 CPU-s an action both, on the deals of experiments/flip-equal-cpu's
# sweep (flip-kawu, seed 88, 100 deal pairs: 200 games), one game at a time.
# From the repository root. Usage: final_match.sh [GENERATION]  (default 3)
set -e
here=experiments/flip-hybrid-selfplay
junqi=${JUNQI:-build/tools/junqi}
g=$(printf '%04d' "${1:-3}")
name=gen-$g-vs-mcts-0.02
/usr/bin/time -f "%U user %S system %e wall" -o "$here/results/$name.time" nice -n 10 "$junqi" match \
  --rules flip-kawu --schedule gauntlet --pairs 100 --seed 88 --concurrency 1 \
  --agent "nn=nn:weights=$here/results/run/weights/gen-$g.jqw,cpuseconds=0.02" --agent "opp=mcts:cpuseconds=0.02" \
  --out "$here/results/$name" > "$here/results/$name.log" 2>&1
tail -n 3 "$here/results/$name/ratings.txt"
python3 "$here/paired.py" "$here/results/$name" experiments/flip-equal-cpu/results/sweep/plain
