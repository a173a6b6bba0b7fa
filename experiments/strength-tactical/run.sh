#!/usr/bin/env bash
# Reruns the strength experiment of experiments/strength-tactical/README.md:
# three rated matches with paired layouts and swapped seats, the flag-blunder
# check over their records, and the tactics suite for every agent. About 40
# minutes on 2 cores. Results go to OUT (default runs/strength-tactical).
set -euo pipefail
cd "$(dirname "$0")/../.."
junqi=build/tools/junqi
out=${OUT:-runs/strength-tactical}
mkdir -p "$out"

# 1. The default search at 400 simulations against the baselines and the search as it was.
$junqi match --schedule gauntlet --agent ismcts:sims=400 --agent tactical --agent heuristic \
  --agent old=ismcts:sims=400,prior=none,rollout=random,guard=0,reversals=1,discount=1,material=0 \
  --pairs 100 --concurrency 2 --seed 41 --out "$out/search-400"

# 2. The four levels of junqi-bot, round robin.
$junqi match --agent level1=heuristic --agent level2=tactical --agent level3=ismcts:sims=400 \
  --agent level4=ismcts:sims=2000 --pairs 25 --concurrency 2 --seed 42 --out "$out/levels"

# 3. The fast baselines, many games.
$junqi match --agent tactical --agent heuristic --agent random --pairs 100 --concurrency 2 --seed 43 \
  --out "$out/baselines"

# 4. Flag blunders in every game above (per player).
$junqi tactics --check-records "$out" > "$out/flag-blunders.txt"

# 5. The tactics suite, every agent at its default budget (and two without the guard).
for agent in tactical heuristic ismcts ismcts:mo=1 pimc "ismcts:sims=400" \
             "ismcts:guard=0,prior=none,rollout=random,material=0" "pimc:guard=0,prior=none,rollout=random,material=0"; do
  $junqi tactics --suite tests/data/tactics-suite.jqs --agent "$agent"
done > "$out/tactics-suite.txt"
