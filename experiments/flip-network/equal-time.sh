#!/usr/bin/env bash
# The trained flip network (generation 16 of run.sh) with its search against
# mcts at equal time: 0.05 s an action each, 20 deal pairs (40 games), seats
# swapped. Timed searches depend on the machine's load, so the games are not
# reproducible; both sides share the same load. Usage (from the repository
# root): experiments/flip-network/equal-time.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
out=experiments/flip-network/results
weights=$out/run/weights/gen-0016.jqw
rm -rf "$out/equal-time"
"$build/tools/junqi" match --rules flip-kawu \
  --agent "nn=nn:weights=$weights,seconds=0.05" --agent "mcts=mcts:seconds=0.05" \
  --pairs 20 --concurrency 2 --seed 43 --out "$out/equal-time" \
  2> >(tr '\r' '\n' | tail -1 >&2) > "$out/equal-time.txt"
