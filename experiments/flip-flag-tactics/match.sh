#!/bin/sh
# match.sh GEN STEP: README.md's plan for generation GEN of run/. Steps:
# paired (seed 121, 300 deal pairs against mcts at 0.02 CPU-s: the deals of
# ../flip-flag-wins/results/lostflag-seed121), fresh (seeds 141 and 143,
# 300 pairs each). JUNQI=path: the binary. Logs, times and matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
gen=$(printf '%04d' "$1")
agent="nn:weights=run/weights/gen-$gen.jqw,cpuseconds=0.02,decisive=1,takeflag=1,lostflag=1"
mcts="mcts:cpuseconds=0.02"
mkdir -p results
match() {  # NAME PAIRS SEED AGENT-SPEC OPPONENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match --rules flip-kawu \
    --schedule gauntlet --pairs "$2" --seed "$3" --concurrency 1 --agent "nn=$4" --agent "opp=$5" \
    --out "results/$1" > "results/$1.log" 2>&1
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
case "$2" in
  paired) match "gen$gen-seed121" 300 121 "$agent" "$mcts" ;;
  fresh) for s in 141 143; do match "gen$gen-seed$s" 300 "$s" "$agent" "$mcts"; done ;;
  *) echo "match.sh: the step is paired or fresh, not '$2'" >&2; exit 2 ;;
esac
