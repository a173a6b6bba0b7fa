#!/usr/bin/env bash
# The longer run of experiments/training-teacher/README.md: resumes the run of
# train.sh (a day later, from its checkpoints) up to generation GENS (default
# 12) on one thread, then plays its last network at 400 simulations against
# `tactical` and `heuristic`, 100 layout pairs each (200 games, seats swapped),
# and counts flag blunders in every record. Rerunning resumes both parts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
gens=${GENS:-12}
run=${RUN:-$here/run}
out=${OUT:-runs/training-teacher}
export OMP_WAIT_POLICY=passive
$junqi train --run "$run" --generations "$gens"
last=$(printf '%s/weights/gen-%04d.jqw' "$run" "$gens")
mkdir -p "$out"
$junqi match --schedule gauntlet --agent "trained=nn:weights=$last,sims=400,seed=7" \
  --agent tactical --agent heuristic \
  --pairs 100 --concurrency 1 --seed 54 --out "$out/longer-vs-baselines" > "$out/longer-vs-baselines.log" 2>&1
$junqi tactics --check-records "$out" > "$out/flag-blunders-all.txt"
cat "$out/longer-vs-baselines/ratings.txt"
