#!/bin/sh
# Equal CPU time per action (cpuseconds: the searching thread's own CPU time,
# so the machine's load does not shrink either side's search): the flip
# network agents against mcts. From the repository root; results in
# experiments/flip-equal-cpu/results/NAME. Usage: run.sh [all|kawu|world]
set -e
out=experiments/flip-equal-cpu/results
mkdir -p $out
match() {  # NAME RULES PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$1.time" nice -n 10 build/tools/junqi match --rules "$2" \
    --schedule gauntlet --pairs "$3" --seed "$4" --concurrency 2 --agent "nn=$5" --agent "opp=$6" --out "$out/$1" \
    > "$out/$1.log" 2>&1
  tail -n 3 "$out/$1/ratings.txt"
}
kawu=experiments/best/flip.jqw
world=experiments/flip-gumbel-worldatplay/weights/gen-0001.jqw
case ${1:-all} in
  all|kawu) match kawu-plain flip-kawu 300 81 "nn:weights=$kawu,cpuseconds=0.02" "mcts:cpuseconds=0.02" ;;
esac
case ${1:-all} in
  all|world) match world-hybrid flip-worldatplay 60 82 "nn:weights=$world,cpuseconds=0.02,netdepth=3,netvisits=30,c=0.5" \
    "mcts:cpuseconds=0.02" ;;
esac
