#!/bin/sh
# The same gauntlets at the budget (400 simulations a move), after run.sh.
# Usage: experiments/flip-four-panel/run-400.sh [JUNQI] [OUT]   (defaults: build/tools/junqi, runs/flip-four-panel)
set -e
junqi=${1:-build/tools/junqi}
out=${2:-runs/flip-four-panel}
g() {
  name=$1; shift; start=$(date +%s)
  nice -n 10 "$junqi" gauntlet "$@" --concurrency 2 --seed 3805 --out "$out/$name" 2>/dev/null | tail -n 9
  echo "$name: $(( $(date +%s) - start )) s wall"
}
g flip-kawu-mcts400        mcts:sims=400   --rules flip-kawu        --pairs 100
g flip-worldatplay-mcts400 mcts:sims=400   --rules flip-worldatplay --pairs 100
g four-ismcts400           ismcts:sims=400 --rules four-worldatplay --pairs 50
