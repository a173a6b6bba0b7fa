#!/bin/sh
# head2head.sh: README.md's addendum: generation 12 against experiments/best/flip.jqw
# at 0.02 CPU-s an action each, 300 deal pairs of seed 95, two games at a time.
set -e
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
out=$here/results/head2head-gen0012
mkdir -p "$here/results"
/usr/bin/time -f "%U user %S system %e wall" -o "$out.time" nice -n 10 "$junqi" match --rules flip-kawu \
  --schedule gauntlet --pairs 300 --seed 95 --concurrency 2 \
  --agent "gen12=nn:weights=$here/weights/gen-0012.jqw,cpuseconds=0.02" \
  --agent "best=nn:weights=$here/../best/flip.jqw,cpuseconds=0.02" --out "$out" > "$out.log" 2>&1
tail -n 3 "$out/ratings.txt"
