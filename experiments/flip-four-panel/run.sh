#!/bin/sh
# The Flip Junqi and four-player style panels (issue 38 item 5): gauntlets of
# the heuristics and of the search agents at a small budget.
# Usage: experiments/flip-four-panel/run.sh [JUNQI] [OUT]   (defaults: build/tools/junqi, runs/flip-four-panel)
set -e
junqi=${1:-build/tools/junqi}
out=${2:-runs/flip-four-panel}
g() { name=$1; shift; nice -n 10 "$junqi" gauntlet "$@" --concurrency 2 --seed 3805 --out "$out/$name" 2>/dev/null | tail -n 9; }
g flip-kawu-heuristic      heuristic       --rules flip-kawu        --pairs 100
g flip-kawu-mcts           mcts:sims=100   --rules flip-kawu        --pairs 100
g flip-worldatplay-heuristic heuristic     --rules flip-worldatplay --pairs 100
g flip-worldatplay-mcts    mcts:sims=100   --rules flip-worldatplay --pairs 100
g four-heuristic           heuristic       --rules four-worldatplay --pairs 50
g four-ismcts              ismcts:sims=100 --rules four-worldatplay --pairs 50
