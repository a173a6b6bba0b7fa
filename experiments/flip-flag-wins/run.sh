#!/bin/sh
# run.sh STEP: README.md's plan. Steps: confirm (seeds 121 and 123, 300 deal
# pairs each, against mcts at 0.02 CPU-s), paired (the same agent without
# takeflag on seed 121's deals), heuristic (seed 125, 50 pairs against
# `heuristic`), mechanism (mcts with takeflag=1 against mcts, seed 127, 100
# pairs). From anywhere; JUNQI=path: the binary (a copy, so that other work
# cannot change it). Logs, times and matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
decisive="nn:weights=../best/flip.jqw,cpuseconds=0.02,decisive=1"
takeflag="$decisive,takeflag=1"
mcts="mcts:cpuseconds=0.02"
mkdir -p results
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match --rules flip-kawu \
    --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 1 --agent "nn=$4" --agent "opp=$5" \
    --out "results/$1" > "results/$1.log" 2>&1
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
case "$1" in
  confirm) for s in 121 123; do match "confirm-seed$s" 300 "$s" "$takeflag" "$mcts"; done ;;
  paired) match paired-decisive-seed121 300 121 "$decisive" "$mcts" ;;
  heuristic) match heuristic-seed125 50 125 "$takeflag" heuristic ;;
  mechanism) match mechanism-mcts-seed127 100 127 "$mcts,takeflag=1" "$mcts" ;;
  *) echo "run.sh: the step is confirm, paired, heuristic or mechanism, not '$1'" >&2; exit 2 ;;
esac
