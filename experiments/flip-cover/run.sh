#!/bin/sh
# run.sh STEP [ARG]: README.md's plan, flip-kawu, deal pairs with seats
# swapped, 0.02 CPU-s an action for both sides, two games at a time. Steps:
#   screen-mcts W        mcts with cover=W against mcts, 100 pairs, seed 161
#   screen-nn W MIX      the network with every flag tactic and cover=W,mix=MIX
#                        against mcts, 100 pairs, seed 163
#   confirm W MIX        the chosen network agent against mcts, seeds 165, 167
#   paired               the same network without cover on seed 165's deals
#   others W MIX         the chosen agent and the one without cover against
#                        pimc and heuristic, 50 pairs each, seeds 169, 171
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
mcts="mcts:cpuseconds=0.02"
tactics="nn:weights=../best/flip.jqw,cpuseconds=0.02,decisive=1,takeflag=1,lostflag=1"
case "$1" in
  screen-mcts) match "screen-mcts-cover$2" 100 161 "$mcts,cover=$2" "$mcts" ;;
  screen-nn) match "screen-nn-cover$2-mix$3" 100 163 "$tactics,cover=$2,mix=$3" "$mcts" ;;
  confirm) for s in 165 167; do match "confirm-cover$2-mix$3-seed$s" 300 "$s" "$tactics,cover=$2,mix=$3" "$mcts"; done ;;
  paired) match "paired-nocover-seed165" 300 165 "$tactics" "$mcts" ;;
  others)
    chosen="$tactics,cover=$2,mix=$3"
    match "others-cover$2-mix$3-pimc" 50 169 "$chosen" "pimc:sims=20000,worlds=20"
    match "others-nocover-pimc" 50 169 "$tactics" "pimc:sims=20000,worlds=20"
    match "others-cover$2-mix$3-heuristic" 50 171 "$chosen" heuristic
    match "others-nocover-heuristic" 50 171 "$tactics" heuristic ;;
  *) echo "run.sh: the step is screen-mcts, screen-nn, confirm, paired or others, not '$1'" >&2; exit 2 ;;
esac
