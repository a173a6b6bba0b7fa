#!/bin/sh
# match.sh GENERATION: the run's generation against mcts at equal CPU time
# (0.02 CPU-s an action each), 300 deal pairs, seats swapped, two games at a
# time. SEED=N (default 81: the deals of experiments/flip-equal-cpu's
# reference match) picks the deals; on seed 81, `junqi compare` against that
# reference follows, pair by pair. From anywhere; JUNQI=path picks the binary.
set -e
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
seed=${SEED:-81}
g=$(printf %04d "$1")
out=$here/results/equal-cpu-gen$g
[ "$seed" = 81 ] || out=$out-seed$seed
mkdir -p "$here/results"
/usr/bin/time -f "%U user %S system %e wall" -o "$out.time" nice -n 10 "$junqi" match --rules flip-kawu \
  --schedule gauntlet --pairs 300 --seed "$seed" --concurrency 2 --agent "nn=nn:weights=$here/run/weights/gen-$g.jqw,cpuseconds=0.02" \
  --agent "opp=mcts:cpuseconds=0.02" --out "$out" > "$out.log" 2>&1
tail -n 3 "$out/ratings.txt"
[ "$seed" = 81 ] || exit 0
"$junqi" compare "$here/../flip-equal-cpu/results/kawu-plain" "$out" | tee "$out.compare"
