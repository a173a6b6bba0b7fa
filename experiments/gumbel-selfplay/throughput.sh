#!/usr/bin/env bash
# Issue 36's throughput check: does self-play (results/log.jsonl: moves per
# CPU-second of self-play) make at least 80% of the moves a CPU-second that
# the same search alone makes at the same budget? The search alone is a match
# of the network against itself (`junqi match`, one process, both sides
# searched, the network's cost included) at each of the run's two budgets
# (--sims 32 and --fast-sims 8, Gumbel root, 16 candidates, a quarter of the
# leaf value from a 16-ply greedy rollout); at the run's mix (a quarter of the
# moves at 32) it makes 1 / (0.25 / r32 + 0.75 / r8) moves a CPU-second.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
out=${OUT:-runs/gumbel-selfplay/throughput}
weights=$here/weights/gen-${GEN:-0006}.jqw
net="nn:weights=$weights,gumbel=1,actions=16,mix=0.25,depth=16,backend=eigen"
mkdir -p "$out"
rate() {  # moves a CPU-second of a match at $1 simulations
  local dir=$out/sims-$1
  rm -rf "$dir"
  $junqi match --agent "a=$net,sims=$1" --agent "b=$net,sims=$1,seed=2" --pairs "${PAIRS:-8}" --concurrency 1 \
    --seed 5 --out "$dir" > "$dir.log" 2>&1
  local per_minute plies games
  per_minute=$(grep -o '([0-9.]* a CPU-minute)' "$dir.log" | tail -1 | tr -dc '0-9.')
  plies=$(grep -h '^\[PlyCount' "$dir/games.pgn" | tr -dc '0-9\n' | awk '{t += $1} END {print t}')
  games=$(grep -c '^\[PlyCount' "$dir/games.pgn")
  awk -v m="$per_minute" -v p="$plies" -v g="$games" 'BEGIN {printf "%.1f\n", m * p / g / 60}'
}
r32=$(rate 32)
r8=$(rate 8)
alone=$(awk -v a="$r32" -v b="$r8" 'BEGIN {printf "%.1f", 1 / (0.25 / a + 0.75 / b)}')
echo "search alone: $r32 moves/CPU-s at 32 simulations, $r8 at 8, $alone at the run's mix"
python3 - "$here/run/log.jsonl" "$alone" << 'PY'
import json, sys
alone = float(sys.argv[2])
for line in open(sys.argv[1]):
    r = json.loads(line)
    s = r["selfplay"]
    rate = s["moves"] / s["cpu_seconds"]
    print(f"generation {r['generation']}: self-play {rate:.1f} moves/CPU-s = {100 * rate / alone:.0f}% of the search alone")
PY
