#!/bin/sh
# run.sh STEP: README.md's plan (World at Play). Steps: screen (drawclock 20
# and 40 on the deals of seed 95), confirm K (seeds 102 and 106), heuristic
# K, mechanism K (mcts with the clock against mcts). From anywhere; JUNQI=path:
# the binary (a copy, so that other work cannot change it). Logs, CPU times
# and matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
net="nn:weights=../flip-hybrid-selfplay/results/run-world/weights/gen-0010.jqw,cpuseconds=0.02"
mcts="mcts:cpuseconds=0.02"
mkdir -p results
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match \
    --rules flip-worldatplay --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 2 \
    --agent "nn=$4" --agent "opp=$5" --out "results/$1" > "results/$1.log" 2>&1
  python3 draws.py "results/$1/games" > "results/$1.draws"
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
case "$1" in
  screen) for k in 20 40; do match "screen-clock$k-seed95" 100 95 "$net,drawclock=$k" "$mcts"; done ;;
  confirm) match "confirm-clock$2-seed102" 100 102 "$net,drawclock=$2" "$mcts"
           match "confirm-clock$2-seed106" 200 106 "$net,drawclock=$2" "$mcts" ;;
  heuristic) match "heuristic-clock$2" 50 107 "$net,drawclock=$2" heuristic
             match "heuristic-clock0" 50 107 "$net" heuristic ;;
  mechanism) match "mechanism-mcts-clock$2" 100 108 "$mcts,drawclock=$2" "$mcts" ;;
  *) echo "run.sh: the step is screen, confirm K, heuristic K or mechanism K, not '$1'" >&2; exit 2 ;;
esac
