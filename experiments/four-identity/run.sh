#!/usr/bin/env bash
# The four-player identity head (junqi train --identity-loss, issue 36 item 3):
# a tiny network warm-started from experiments/best/four.jqw learns the
# identities of the pieces its seat does not see from teacher games (the
# four-player heuristic plays every army; 24 positions kept a game, each with
# every unseen piece's true identity as a target), one generation; then its
# identity head, and the warm start's, are measured against the exact beliefs
# (FourBeliefs) on held-back games (another seed) with
# `junqi beliefs-check --identity-head`. From anywhere; CPU times in $OUT/*.time.
# Settings by environment: OUT (results), TEACHER_GAMES (200), STEPS (300), MEASURE_GAMES (300),
# GAMES and SIMS (below).
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
out=${OUT:-results}
mkdir -p "$out"
timed() {  # NAME COMMAND...: the command's output in $out/NAME.log, its CPU time in $out/NAME.time
  name=$1
  shift
  /usr/bin/time -f "%U user %S system %e wall" -o "$out/$name.time" nice -n 10 "$@" > "$out/$name.log" 2>&1
}
# TEACHER_GAMES=0: teacher-free, generation 1 is GAMES (150) self-play games of
# the warm start at SIMS (16) iterations a move, every decision kept.
timed train "$junqi" train --rules four-worldatplay --run "$out/run" --shape tiny --init-weights ../best/four.jqw \
  --identity-loss 0.25 --teacher-games "${TEACHER_GAMES:-200}" --teacher-positions 24 --generations 1 \
  --games "${GAMES:-150}" --sims "${SIMS:-16}" \
  --steps "${STEPS:-300}" --batch 128 --window 40000 --lr 0.0005 --threads 1 --parallel-games 2 \
  --rating-pairs 1 --rating-sims 8 --baselines random --seed 4211
measure() {  # NAME WEIGHTS [OPTION...]: held-back games (seed 77), 16 positions each, exact beliefs only
  name=$1 weights=$2
  shift 2
  timed "$name" "$junqi" beliefs-check --identity-head "$weights" --games "${MEASURE_GAMES:-300}" --positions 16 \
    --seed 77 --threads 2 "$@"
  cat "$out/$name.log"
}
measure warm-start ../best/four.jqw
measure gen1 "$out/run/weights/gen-0001.jqw"
# The pieces whose marginals are not exact too, against 1,000 drawn worlds each.
measure gen1-worlds "$out/run/weights/gen-0001.jqw" --worlds 1000
