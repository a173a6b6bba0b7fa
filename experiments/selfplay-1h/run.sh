#!/usr/bin/env bash
# A self-play training run that fits in one hour on a 2-core machine, then the
# final generation (with search, 0.25 s a move) against the fixed baselines at
# the same time per move. Results are copied into results/ (the run directory
# itself, with shards and checkpoints, stays out of git).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
scripts/setup.sh
run="$here/run"
start=$(date +%s)
build/tools/junqi train --run "$run" --shape tiny --generations 10 --games 40 --parallel-games 8 \
  --sims 48 --rollout-mix 0.5 --rollout-depth 16 --value-target 0.5 --steps 200 --batch 128 --window 60000 \
  --rating-pairs 6 --rating-sims 48 --seed 2026 2>&1 | tee "$here/train.log"
last=$(ls "$run/weights" | sort | tail -1)
build/tools/junqi match --schedule gauntlet \
  --agent "final=nn:weights=$run/weights/$last,seconds=0.25,mix=0.5,depth=16,rollout=greedy,seed=5" \
  --agent random --agent heuristic --pairs 10 --move-seconds 0.25 --concurrency 2 --seed 99 \
  --out "$run/final-match" 2>&1 | tee "$here/final-match.log"
end=$(date +%s)
mkdir -p "$here/results"
cp "$run/config.json" "$run/ratings.txt" "$run/ratings.csv" "$run/report.svg" "$run/report.html" "$run/log.jsonl" "$here/results/"
cp "$run/final-match/ratings.txt" "$here/results/final-match-ratings.txt"
cp "$run/final-match/games.pgn" "$here/results/final-match-games.pgn"
cp "$run/final-match/report.svg" "$here/results/final-match-report.svg"
echo "wall time: $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s on $(nproc) cores ($(lscpu | sed -n 's/^Model name: *//p'))" | tee "$here/results/time.txt"
