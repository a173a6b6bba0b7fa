#!/bin/sh
# The hybrid agent with a generation of this run's network as its root
# priors, at equal CPU time (0.02 CPU-s a move) against the ismcts team, on
# the deals of experiments/four-hybrid (seeds 91 and 97, 60 deal pairs
# each), so that each result pairs with the warm start's there; and
# against the heuristic (seed 92). From the repository root.
# Usage: match.sh GENERATION [equal|equal2|heuristic|head|head2|all] (all: not head2)
set -e
g=$(printf %04d "$1")
out=experiments/four-rollout-selfplay/results
w=$out/run/weights/gen-$g.jqw
match() {  # NAME PAIRS SEED AGENT...
  name=$1 pairs=$2 seed=$3
  shift 3
  for a in "$@"; do set -- "$@" --agent "$a"; shift; done
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$name.time" nice -n 10 build/tools/junqi match \
    --rules four-worldatplay --schedule gauntlet --pairs "$pairs" --seed "$seed" --concurrency 1 "$@" \
    --out "$out/$name" > "$out/$name.log" 2>&1
  tail -n 3 "$out/$name/ratings.txt"
}
spec="rootnet=nn:weights=$w,cpuseconds=0.02,mix=0,priors=net"
case ${2:-all} in all|equal) match "gen$g-equal" 60 91 "$spec" "ismcts=ismcts:cpuseconds=0.02" ;; esac
case ${2:-all} in all|equal2) match "gen$g-equal2" 60 97 "$spec" "ismcts=ismcts:cpuseconds=0.02" ;; esac
case ${2:-all} in all|heuristic) match "gen$g-heuristic" 20 92 "$spec" "heuristic" ;; esac
# Head to head with the network it started from (experiments/best/four.jqw), both as the hybrid at 0.02 CPU-s.
case ${2:-all} in all|head) match "gen$g-vs-best" 60 98 "$spec" \
  "best=nn:weights=experiments/best/four.jqw,cpuseconds=0.02,mix=0,priors=net" ;; esac
# 40 more deal pairs of the same head to head (seed 99), to reach the 200
# games experiments/best asks before a promotion.
case ${2:-all} in head2) match "gen$g-vs-best2" 40 99 "$spec" \
  "best=nn:weights=experiments/best/four.jqw,cpuseconds=0.02,mix=0,priors=net" ;; esac
