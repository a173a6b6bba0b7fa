#!/bin/sh
# match.sh STEP G: README.md's readings of generation G (run/weights/gen-G.jqw),
# at 0.02 CPU-s an action, flip-kawu, deal pairs with seats swapped, two games
# at a time. Steps:
#   primary G   against mcts:cpuseconds=0.02, seeds 81 and 151, 300 pairs each
#   others G    against pimc (held out of the league), heuristic and each flip style
#   others-best the same matches for experiments/best/flip.jqw (the start)
# JUNQI=path picks the binary. Games are kept as results/NAME/games.tar.zst.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
mkdir -p results
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match --rules flip-kawu \
    --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 2 --agent "nn=$4" --agent "opp=$5" \
    --out "results/$1" > "results/$1.log" 2>&1
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
others() {  # TAG AGENT-SPEC
  match "$1-pimc-seed159" 50 159 "$2" "pimc:sims=20000,worlds=20"
  match "$1-heuristic-seed155" 50 155 "$2" heuristic
  for style in flipper hoarder rusher trader; do match "$1-$style-seed157" 25 157 "$2" "$style"; done
}
g=$(printf %04d "${2:-0}")
net="nn:weights=run/weights/gen-$g.jqw,cpuseconds=0.02"
case "$1" in
  primary) for s in 81 151; do match "gen$g-mcts-seed$s" 300 "$s" "$net" "mcts:cpuseconds=0.02"; done ;;
  others) others "gen$g" "$net" ;;
  others-best) others best "nn:weights=../best/flip.jqw,cpuseconds=0.02" ;;
  *) echo "match.sh: the step is primary, others or others-best, not '$1'" >&2; exit 2 ;;
esac
