#!/bin/sh
# run.sh STEP: README.md's plan, World at Play rules, seed 111, 50 deal pairs
# each. Steps: new (level 4 as it is now against level 3), old (level 4 as
# it was, the Kawu network alone, against level 3 on the same deals). From
# anywhere; JUNQI=path: the binary (a copy). Logs, times and matches in results/.
set -e
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
best=../best
mkdir -p results
match() {  # NAME AGENT-SPEC
  /usr/bin/time -f "%U user %S system %e wall" -o "results/$1.time" nice -n 10 "$junqi" match --rules flip-worldatplay \
    --schedule gauntlet --pairs 50 --seed 111 --concurrency 1 --agent "level4=$2" --agent "level3=mcts:sims=400" \
    --out "results/$1" > "results/$1.log" 2>&1
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
  echo "$1: $(tail -n 1 "results/$1/ratings.txt") ($(cat "results/$1.time"))"
}
case "$1" in
  new) match new "nn:weights=$best/flip.jqw,worldatplay=$best/flip-worldatplay.jqw" ;;
  old) match old "nn:weights=$best/flip.jqw" ;;
  *) echo "run.sh: the step is new or old, not '$1'" >&2; exit 2 ;;
esac
