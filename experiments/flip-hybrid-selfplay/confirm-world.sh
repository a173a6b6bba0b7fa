#!/bin/sh
# The World at Play confirmation fixed in README.md before its games:
# generation 2 against mcts at 0.02 CPU-s an action both on 100 fresh deal
# pairs (seed 94, 200 games, two at a time). From the repository root.
set -e
here=experiments/flip-hybrid-selfplay
junqi=${JUNQI:-build/tools/junqi}
name=world-gen-0002-vs-mcts-0.02-confirm
/usr/bin/time -f "%U user %S system %e wall" -o "$here/results/$name.time" nice -n 10 "$junqi" match \
  --rules flip-worldatplay --schedule gauntlet --pairs 100 --seed 94 --concurrency 2 \
  --agent "nn=nn:weights=$here/results/run-world/weights/gen-0002.jqw,cpuseconds=0.02" --agent "opp=mcts:cpuseconds=0.02" \
  --out "$here/results/$name" > "$here/results/$name.log" 2>&1
tail -n 3 "$here/results/$name/ratings.txt"
