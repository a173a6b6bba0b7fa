#!/bin/sh
# run-lostflag.sh STEP: README.md's addendum. Steps: paired (takeflag and
# lostflag on seed 121's deals, against mcts at 0.02 CPU-s, 300 pairs),
# fresh (seeds 131 and 133, 300 pairs each). JUNQI=path: the binary.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
lostflag="nn:weights=../best/flip.jqw,cpuseconds=0.02,decisive=1,takeflag=1,lostflag=1"
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
  paired) match lostflag-seed121 300 121 "$lostflag" "$mcts" ;;
  fresh) for s in 131 133; do match "lostflag-seed$s" 300 "$s" "$lostflag" "$mcts"; done ;;
  *) echo "run-lostflag.sh: the step is paired or fresh, not '$1'" >&2; exit 2 ;;
esac
