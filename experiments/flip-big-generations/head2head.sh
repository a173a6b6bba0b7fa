#!/bin/sh
# head2head.sh GENERATION: the run's generation against experiments/best/flip.jqw
# at 0.02 CPU-s an action each (both with their stored settings), 300 deal
# pairs, seats swapped, two games at a time. SEED=N picks the deals (default
# 95, the addendum's for generation 12). JUNQI=path picks the binary.
set -e
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
seed=${SEED:-95}
g=$(printf %04d "$1")
weights=$here/weights/gen-$g.jqw
[ -f "$weights" ] || weights=$here/run/weights/gen-$g.jqw
out=$here/results/head2head-gen$g
mkdir -p "$here/results"
/usr/bin/time -f "%U user %S system %e wall" -o "$out.time" nice -n 10 "$junqi" match --rules flip-kawu \
  --schedule gauntlet --pairs 300 --seed "$seed" --concurrency 2 \
  --agent "gen$1=nn:weights=$weights,cpuseconds=0.02" \
  --agent "best=nn:weights=$here/../best/flip.jqw,cpuseconds=0.02" --out "$out" > "$out.log" 2>&1
tail -n 3 "$out/ratings.txt"
