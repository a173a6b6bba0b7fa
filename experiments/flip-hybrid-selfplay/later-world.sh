#!/bin/sh
# The later World at Play generations of README.md ("Going on: generations
# 3-6"), fixed before their games: generation GEN (default 6) against mcts at
# 0.02 CPU-s an action both, 100 deal pairs (200 games, two at a time) on
# SEED: 95 (fresh, the primary) or 94 (the confirmation's deals, paired with
# generation 2 there). From the repository root.
set -e
gen=$(printf %04d "${1:-6}")
seed=${2:-95}
here=experiments/flip-hybrid-selfplay
junqi=${JUNQI:-build/tools/junqi}
name=world-gen-$gen-vs-mcts-0.02-seed$seed
/usr/bin/time -f "%U user %S system %e wall" -o "$here/results/$name.time" nice -n 10 "$junqi" match \
  --rules flip-worldatplay --schedule gauntlet --pairs 100 --seed "$seed" --concurrency 2 \
  --agent "nn=nn:weights=$here/results/run-world/weights/gen-$gen.jqw,cpuseconds=0.02" --agent "opp=mcts:cpuseconds=0.02" \
  --out "$here/results/$name" > "$here/results/$name.log" 2>&1
tail -n 3 "$here/results/$name/ratings.txt"
