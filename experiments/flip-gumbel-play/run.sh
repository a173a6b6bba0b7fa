#!/bin/sh
# run.sh STEP: README.md's plan. Steps: cost (each agent against the cheap
# `heuristic`, its CPU per action), screen (seed 88, 100 deal pairs against
# mcts at 0.02 CPU-s), confirm NAME SPEC (seeds 81 and 105, 300 pairs each).
# From anywhere; JUNQI=path: the binary (a copy, so that other work cannot
# change it). Logs, times and matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
w=../best/flip.jqw
plain="nn:weights=$w,cpuseconds=0.02"
g16="nn:weights=$w,sims=448,gumbel=1,actions=16"
g8="nn:weights=$w,sims=448,gumbel=1,actions=8"
mkdir -p results
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match --rules flip-kawu \
    --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 1 --agent "nn=$4" --agent "opp=$5" \
    --out "results/$1" > "results/$1.log" 2>&1
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
case "$1" in
  cost) for a in plain:$plain g16:$g16 g8:$g8; do match "cost-${a%%:*}" 50 87 "${a#*:}" heuristic; done ;;
  screen) for a in plain:$plain g16:$g16 g8:$g8; do match "screen-${a%%:*}" 100 88 "${a#*:}" "mcts:cpuseconds=0.02"; done ;;
  confirm) for s in 81 105; do match "confirm-$2-seed$s" 300 "$s" "$3" "mcts:cpuseconds=0.02"; done ;;
  *) echo "run.sh: the step is cost, screen or confirm, not '$1'" >&2; exit 2 ;;
esac
