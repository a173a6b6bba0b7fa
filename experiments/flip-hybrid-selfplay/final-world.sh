#!/bin/sh
# The World at Play measurement fixed in README.md before any of its games:
# the run's last generation (2, its stored hybrid settings) against mcts at
# 0.02 CPU-s an action both, on the deals of experiments/flip-equal-cpu's
# World at Play match (seed 82, 60 deal pairs, 120 games, two at a time),
# paired with the hybrid of its start there (57.1%). From the repository root.
set -e
here=experiments/flip-hybrid-selfplay
junqi=${JUNQI:-build/tools/junqi}
name=world-gen-0002-vs-mcts-0.02
/usr/bin/time -f "%U user %S system %e wall" -o "$here/results/$name.time" nice -n 10 "$junqi" match \
  --rules flip-worldatplay --schedule gauntlet --pairs 60 --seed 82 --concurrency 2 \
  --agent "nn=nn:weights=$here/results/run-world/weights/gen-0002.jqw,cpuseconds=0.02" --agent "opp=mcts:cpuseconds=0.02" \
  --out "$here/results/$name" > "$here/results/$name.log" 2>&1
tail -n 3 "$here/results/$name/ratings.txt"
python3 "$here/paired.py" "$here/results/$name" experiments/flip-equal-cpu/results/world-hybrid
