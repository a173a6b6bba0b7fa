#!/bin/sh
# Four-player hybrid network search (issue 36): the network only where it
# helps, ismcts's greedy rollouts and heuristic elsewhere. From the
# repository root; results in experiments/four-hybrid/results/NAME.
# Usage: run.sh [all|sweep|rates|equal|equal2|heuristic|equal-h25]
set -e
out=experiments/four-hybrid/results
w=experiments/best/four.jqw
mkdir -p $out
match() {  # NAME PAIRS SEED AGENT... (gauntlet: the first against each other)
  name=$1 pairs=$2 seed=$3
  shift 3
  for a in "$@"; do set -- "$@" --agent "$a"; shift; done
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$name.time" nice -n 10 build/tools/junqi match \
    --rules four-worldatplay --schedule gauntlet --pairs "$pairs" --seed "$seed" --concurrency 1 "$@" \
    --out "$out/$name" > "$out/$name.log" 2>&1
  tail -n 4 "$out/$name/ratings.txt"
}
# CPU time a decision at 200 iterations: self-play, one deal pair each.
rates() {
  for a in "ismcts:sims=200" "nn:weights=$w,sims=200,mix=0.25,priors=heuristic" "nn:weights=$w,sims=200"; do
    rm -rf /tmp/four-hybrid-rate
    /usr/bin/time -f "%U user" -o /tmp/four-hybrid-rate.time nice -n 10 build/tools/junqi match --rules four-worldatplay \
      --pairs 1 --seed 93 --agent "a=$a" --agent "b=$a" --out /tmp/four-hybrid-rate > /dev/null 2>&1
    echo "$a $(cat /tmp/four-hybrid-rate.time) plies $(grep -h PlyCount /tmp/four-hybrid-rate/games.pgn | tr -dc '0-9 \n' | paste -sd+ | bc)"
  done > $out/rates.txt
}
case ${1:-all} in
  all|sweep)
    match sweep 6 90 "ismcts=ismcts:sims=200" "h25=nn:weights=$w,sims=200,mix=0.25,priors=heuristic" \
      "m25=nn:weights=$w,sims=200,mix=0.25,priors=mix" "m50=nn:weights=$w,sims=200,mix=0.5,priors=mix"
    match sweep2 6 90 "ismcts400=ismcts:sims=400" "h25s100=nn:weights=$w,sims=100,mix=0.25,priors=heuristic" \
      "rootmix=nn:weights=$w,sims=400,mix=0,priors=mix" "rootnet=nn:weights=$w,sims=400,mix=0,priors=net" ;;
esac
case ${1:-all} in all|rates) rates ;; esac
case ${1:-all} in
  all|equal) match equal 60 91 "rootnet=nn:weights=$w,cpuseconds=0.02,mix=0,priors=net" "ismcts=ismcts:cpuseconds=0.02" ;;
esac
case ${1:-all} in
  all|equal2) match equal2 60 97 "rootnet=nn:weights=$w,cpuseconds=0.02,mix=0,priors=net" "ismcts=ismcts:cpuseconds=0.02" ;;
esac
case ${1:-all} in
  all|heuristic) match heuristic 20 92 "rootnet=nn:weights=$w,cpuseconds=0.02,mix=0,priors=net" "heuristic" ;;
esac
case ${1:-all} in
  all|equal-h25) match equal-h25 30 94 "h25=nn:weights=$w,cpuseconds=0.02,mix=0.25,priors=heuristic" \
    "ismcts=ismcts:cpuseconds=0.02" ;;
esac
