#!/bin/sh
# train.sh P|L: the best classic network (../best/classic.jqw) trained on,
# with the settings of ../exploit-best/train-best.sh (those the best network
# was trained with), seed 3807, in run-P or run-L. P: plain self-play. L: the
# same plus a league: the frozen start and its trained exploiter
# (../exploit-best generation 5), both at 32 simulations a move, 20% of the
# games each, and two panel styles at 5% each; the other 50% self-play.
# GENERATIONS=N (default 2) resumes a run to generation N. REP=2 or 3: the
# replicates of "Replicates" in README.md, in run-P2/run-L2 (seed 3817) or
# run-P3/run-L3 (seed 3827); REP unset is the first run (seed 3807).
set -e
cd "$(dirname "$0")"
case "${REP:-}" in "") SEED=3807 ;; 2) SEED=3817 ;; 3) SEED=3827 ;; *) echo "train.sh: REP is 2 or 3, not '$REP'" >&2; exit 2 ;; esac
case "$1" in
  P) LEAGUE= ;;
  L) LEAGUE="nn:weights=../best/classic.jqw,sims=32@0.2,nn:weights=../exploit-best/run-best/weights/gen-0005.jqw,sims=32@0.2,bluffer@0.05,turtle@0.05" ;;
  *) echo "train.sh: the run is P or L, not '$1'" >&2; exit 2 ;;
esac
J=${JUNQI:-../../build/tools/junqi}
exec /usr/bin/time -f "%U user %S sys %e wall (s)" nice -n 10 $J train --run "run-$1${REP:-}" \
  --rules hiddenfront --shape small --init-weights ../best/classic.jqw \
  ${LEAGUE:+--league "$LEAGUE"} \
  --generations "${GENERATIONS:-2}" --games 400 --parallel-games 6 --steps 200 --batch 128 --window 40000 --lr 0.0005 \
  --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
  --rollout-mix 0.25 --rollout-depth 16 --max-plies 500 \
  --baselines tactical --rating-pairs 4 --rating-sims 64 --threads 1 --seed "$SEED"
