#!/usr/bin/env bash
# Reruns experiments/root-priors/README.md: the tactics suite for the default
# search and sharper tactical priors, then two gauntlets at 400 simulations.
# About 10 minutes on 2 cores. Results go to OUT (default runs/root-priors).
set -euo pipefail
cd "$(dirname "$0")/../.."
junqi=build/tools/junqi
out=${OUT:-runs/root-priors}
mkdir -p "$out"

for agent in ismcts ismcts:ptemp=0.25,pc=3 ismcts:sims=400 ismcts:sims=400,ptemp=0.25,pc=3 \
             ismcts:sims=400,pc=10 ismcts:sims=400,ptemp=0.1; do
  echo "$agent: $($junqi tactics --suite tests/data/tactics-suite.jqs --agent "$agent" 2>/dev/null |
                   grep -E '^[a-z-]+ +[0-9]+/[0-9]+' | tr -s ' ' | tr '\n' ' ')"
done > "$out/tactics-suite.txt"

# The sharper priors against the default and the two fast baselines.
$junqi match --schedule gauntlet --agent sharp=ismcts:sims=400,ptemp=0.25,pc=3 --agent ismcts:sims=400 \
  --agent tactical --agent heuristic --pairs 100 --concurrency 2 --seed 51 --out "$out/sharp-priors"
# The default against the same baselines.
$junqi match --schedule gauntlet --agent ismcts:sims=400 --agent tactical --agent heuristic \
  --pairs 100 --concurrency 2 --seed 41 --out "$out/default"
