#!/bin/sh
# README.md "The Kawu generation 3 played plain", fixed before its games: the
# Kawu hybrid run's generation 3 with the plain network search (netdepth=none,
# best/flip.jqw's play settings c=1.5, mix=0.25) against mcts at 0.02 CPU-s an
# action both, on experiments/flip-equal-cpu's kawu-plain deals (seed 81, 300
# pairs, 600 games, two at a time). From the repository root.
set -e
here=experiments/flip-hybrid-selfplay
junqi=${JUNQI:-build/tools/junqi}
name=kawu-gen-0003-plain-vs-mcts-0.02
/usr/bin/time -f "%U user %S system %e wall" -o "$here/results/$name.time" nice -n 10 "$junqi" match \
  --rules flip-kawu --schedule gauntlet --pairs 300 --seed 81 --concurrency 2 \
  --agent "nn=nn:weights=$here/results/run/weights/gen-0003.jqw,cpuseconds=0.02,netdepth=none,c=1.5,mix=0.25" \
  --agent "opp=mcts:cpuseconds=0.02" --out "$here/results/$name" > "$here/results/$name.log" 2>&1
tail -n 3 "$here/results/$name/ratings.txt"
