#!/usr/bin/env bash
# The rated matches of experiments/training-teacher/README.md, with the weights
# kept in weights/ (gen-0000: untrained, gen-0001: after the teacher games):
#   A. the trained network against the untrained one, same search;
#   B. the trained network's value head against rollouts, same network.
# Both at 0.1 s a move, 100 layout pairs (200 games, seats swapped). About
# 70 minutes on 2 cores (the two matches run side by side). Results go to
# OUT (default runs/training-teacher).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
out=${OUT:-runs/training-teacher}
w=$here/weights
mkdir -p "$out"
search="seconds=0.1,mix=0,seed=7"
$junqi match --agent "trained=nn:weights=$w/gen-0001.jqw,$search" --agent "untrained=nn:weights=$w/gen-0000.jqw,$search" \
  --pairs 100 --concurrency 1 --seed 51 --out "$out/trained-vs-untrained" > "$out/trained-vs-untrained.log" 2>&1 &
$junqi match --agent "value=nn:weights=$w/gen-0001.jqw,seconds=0.1,mix=0,seed=7" \
  --agent "rollouts=nn:weights=$w/gen-0001.jqw,seconds=0.1,mix=1,depth=16,rollout=greedy,seed=7" \
  --pairs 100 --concurrency 1 --seed 52 --out "$out/value-vs-rollouts" > "$out/value-vs-rollouts.log" 2>&1 &
wait
tail -4 "$out/trained-vs-untrained/ratings.txt" "$out/value-vs-rollouts/ratings.txt"
