#!/bin/sh
# One equal-time match of a hybrid setting against an opponent.
# Usage: screen.sh NAME RULES WEIGHTS HYBRID-PARAMS PAIRS SEED [OPPONENT-SPEC]
# (run from the repository root; results in experiments/flip-hybrid/results/NAME)
set -e
name=$1 rules=$2 weights=$3 params=$4 pairs=$5 seed=$6 opp=${7:-mcts:seconds=0.02}
out=experiments/flip-hybrid/results/$name
/usr/bin/time -v nice -n 10 build/tools/junqi match --rules "$rules" --schedule gauntlet --pairs "$pairs" --seed "$seed" \
  --concurrency 2 --agent "hy=nn:weights=$weights,seconds=0.02,$params" --agent "opp=$opp" --out "$out" \
  > "$out.log" 2> "$out.time"
tail -n 4 "$out/ratings.txt"
grep -E "User time|System time|Elapsed" "$out.time"
