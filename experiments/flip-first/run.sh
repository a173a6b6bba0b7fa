#!/usr/bin/env bash
# The Flip Junqi agents rated (issue 13): random, the flip-aware heuristic,
# MCTS with sampled chance nodes and PIMC, all at their defaults, round robin
# under both presets, paired deals (each played twice, seats swapped).
# Usage: experiments/flip-first/run.sh [BUILD_DIR]   (from the repository root)
set -euo pipefail
build=${1:-build}
out=experiments/flip-first/results
mkdir -p "$out"
for rules in flip-kawu flip-worldatplay; do
  pairs=50
  "$build/tools/junqi" match --rules "$rules" --agent random --agent heuristic --agent mcts --agent pimc \
    --pairs "$pairs" --concurrency 1 --seed 31 --out "$out/$rules" \
    2> >(tr '\r' '\n' | tail -1 >&2) > "$out/$rules.txt"
done
