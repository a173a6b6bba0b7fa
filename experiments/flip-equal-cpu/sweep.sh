#!/bin/sh
# The flip-kawu network's play settings at equal CPU time (0.02 CPU-s an
# action) against mcts: a small sweep on one set of deals (seed 88, 100
# deal pairs), then the pick replayed on fresh deals (confirm, seed 89), so
# that the reported figure is not the sweep's own maximum. From the
# repository root. (The gumbel setting is refused at equal time: it needs sims.)
# Usage: sweep.sh [sweep|more|confirm SPEC-SUFFIX NAME]   (played: confirm ,c=1 -c1)
# (more: lower PUCT constants, added after the sweep showed c=1 ahead of 1.5 and 2.5)
set -e
out=experiments/flip-equal-cpu/results/sweep
junqi=${JUNQI:-build/tools/junqi}
kawu=experiments/best/flip.jqw
mkdir -p $out
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$1.time" nice -n 10 "$junqi" match --rules flip-kawu \
    --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 1 --agent "nn=$4" --agent "opp=$5" --out "$out/$1" \
    > "$out/$1.log" 2>&1
  echo "$1: $(tail -n 1 "$out/$1/ratings.txt")"
}
case ${1:-sweep} in
  sweep)
    for setting in plain: mix0:,mix=0 mix5:,mix=0.5 c1:,c=1 c25:,c=2.5 gumbel:,gumbel=1,actions=16; do
      name=${setting%%:*}; extra=${setting#*:}
      match "$name" 100 88 "nn:weights=$kawu,cpuseconds=0.02$extra" "mcts:cpuseconds=0.02"
    done ;;
  more)
    for setting in c07:,c=0.7 c05:,c=0.5; do
      name=${setting%%:*}; extra=${setting#*:}
      match "$name" 100 88 "nn:weights=$kawu,cpuseconds=0.02$extra" "mcts:cpuseconds=0.02"
    done ;;
  confirm) match "confirm${3:-}" 300 89 "nn:weights=$kawu,cpuseconds=0.02$2" "mcts:cpuseconds=0.02" ;;
esac
