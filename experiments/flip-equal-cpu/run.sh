#!/bin/sh
# Equal CPU time per action (cpuseconds: the searching thread's own CPU time,
# so the machine's load does not shrink either side's search): the flip
# network agents against mcts. From the repository root; results in
# experiments/flip-equal-cpu/results/NAME.
# Usage: run.sh [all|kawu|world|kawu-0.1|kawu-0.1b|world-0.1|kawu-0.05|kawu-0.05b]  (all: the 0.02 CPU-s
# matches; the 0.1 and 0.05 CPU-s ones were played on one core, --concurrency 1).
# JUNQI=path picks the binary (default build/tools/junqi).
set -e
out=experiments/flip-equal-cpu/results
junqi=${JUNQI:-build/tools/junqi}
mkdir -p $out
match() {  # NAME RULES PAIRS SEED CONCURRENCY AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$1.time" nice -n 10 "$junqi" match --rules "$2" \
    --schedule gauntlet --pairs "$3" --seed "$4" --concurrency "$5" --agent "nn=$6" --agent "opp=$7" --out "$out/$1" \
    > "$out/$1.log" 2>&1
  tail -n 3 "$out/$1/ratings.txt"
}
kawu=experiments/best/flip.jqw
world=experiments/flip-gumbel-worldatplay/weights/gen-0001.jqw
case ${1:-all} in
  all|kawu) match kawu-plain flip-kawu 300 81 2 "nn:weights=$kawu,cpuseconds=0.02" "mcts:cpuseconds=0.02" ;;
esac
case ${1:-all} in
  all|world) match world-hybrid flip-worldatplay 60 82 2 \
    "nn:weights=$world,cpuseconds=0.02,netdepth=3,netvisits=30,c=0.5" "mcts:cpuseconds=0.02" ;;
esac
# 0.1 (and 0.05) CPU-seconds an action, new seeds.
case ${1:-all} in
  kawu-0.05) match kawu-plain-0.05 flip-kawu 75 85 1 "nn:weights=$kawu,cpuseconds=0.05" "mcts:cpuseconds=0.05" ;;
  kawu-0.05b) match kawu-plain-0.05b flip-kawu 150 87 1 "nn:weights=$kawu,cpuseconds=0.05" "mcts:cpuseconds=0.05" ;;
  kawu-0.1) match kawu-plain-0.1 flip-kawu 150 83 1 "nn:weights=$kawu,cpuseconds=0.1" "mcts:cpuseconds=0.1" ;;
  kawu-0.1b) match kawu-plain-0.1b flip-kawu 100 86 1 "nn:weights=$kawu,cpuseconds=0.1" "mcts:cpuseconds=0.1" ;;
  world-0.1) match world-hybrid-0.1 flip-worldatplay 30 84 1 \
    "nn:weights=$world,cpuseconds=0.1,netdepth=3,netvisits=30,c=0.5" "mcts:cpuseconds=0.1" ;;
esac
