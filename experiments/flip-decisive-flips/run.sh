#!/bin/sh
# run.sh STEP: README.md's plan. Steps: screen (seed 88, 100 deal pairs
# against mcts at 0.02 CPU-s), confirm (seeds 81 and 105, 300 pairs each),
# heuristic (seed 87, 50 pairs against `heuristic`), mechanism (mcts with
# decisive=1 against mcts, seed 88, 100 pairs), head2head (the addendum's:
# against the file without decisive, seed 109, 150 pairs). From anywhere; JUNQI=path:
# the binary (a copy, so that other work cannot change it). Logs, times and
# matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
decisive="nn:weights=../best/flip.jqw,cpuseconds=0.02,decisive=1"
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
  screen) match screen-seed88 100 88 "$decisive" "$mcts" ;;
  confirm) for s in 81 105; do match "confirm-seed$s" 300 "$s" "$decisive" "$mcts"; done ;;
  heuristic) match heuristic-seed87 50 87 "$decisive" heuristic ;;
  mechanism) match mechanism-mcts-seed88 100 88 "$mcts,decisive=1" "$mcts" ;;
  head2head) match head2head-seed109 150 109 "$decisive" "nn:weights=../best/flip.jqw,cpuseconds=0.02" ;;
  *) echo "run.sh: the step is screen, confirm, heuristic, mechanism or head2head, not '$1'" >&2; exit 2 ;;
esac
