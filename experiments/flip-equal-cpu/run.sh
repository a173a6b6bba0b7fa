#!/bin/sh
# Equal CPU time per action (cpuseconds: the searching thread's own CPU time,
# so the machine's load does not shrink either side's search): the flip
# network agents against mcts. From the repository root; results in
# experiments/flip-equal-cpu/results/NAME.
# Usage: run.sh [all|kawu|world|kawu-0.1|kawu-0.1b|world-0.1|kawu-0.05|kawu-0.05b]  (all: the 0.02 CPU-s
# matches; the 0.1 and 0.05 CPU-s ones were played on one core, --concurrency 1)
#        run.sh kawu-screen|world-screen BUDGET, run.sh kawu-confirm|world-confirm BUDGET: smaller budgets
# screened on one set of deals, the pick replayed on fresh deals (one core).
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
# Smaller budgets (0.01, 0.005 CPU-s): screened on one set of deals (seed 90
# Kawu, 92 World at Play), the pick replayed on fresh deals (91, 93), so
# that the figure reported is not the screen's own maximum.
b=${2:-}
case ${1:-all} in
  kawu-screen) match "kawu-plain-$b-screen" flip-kawu 100 90 1 "nn:weights=$kawu,cpuseconds=$b" "mcts:cpuseconds=$b" ;;
  kawu-confirm) match "kawu-plain-$b-confirm" flip-kawu 300 91 1 "nn:weights=$kawu,cpuseconds=$b" "mcts:cpuseconds=$b" ;;
  world-screen) match "world-hybrid-$b-screen" flip-worldatplay 50 92 1 \
    "nn:weights=$world,cpuseconds=$b,netdepth=3,netvisits=30,c=0.5" "mcts:cpuseconds=$b" ;;
  world-confirm) match "world-hybrid-$b-confirm" flip-worldatplay 150 93 1 \
    "nn:weights=$world,cpuseconds=$b,netdepth=3,netvisits=30,c=0.5" "mcts:cpuseconds=$b" ;;
esac
