#!/usr/bin/env bash
# The `own` match of run.sh (ISMCTS team against heuristic team, 100 deals
# each played twice with seats swapped, match seed 41), played again by the
# build whose beliefs draw the coupled worlds from the Markov chain
# (docs/beliefs.md, "Four-player beliefs") instead of the biased fallback.
# The same deals and seeds, so each game pairs with the one in run.sh's
# records. About 10 minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")"
junqi=${JUNQI:-../../build/tools/junqi}
rm -rf results/own-chain results/own-chain.txt
mkdir -p results
"$junqi" match --rules "four-worldatplay:visibility=own" --agent ismcts=ismcts:sims=400,rollout=random \
  --agent heuristic --pairs 100 --seed 41 --concurrency 2 --out results/own-chain > results/own-chain.txt 2> /dev/null
grep -h '^result' results/own-chain/games/*.jq4 | sed 's/^result //' | sort | uniq -c > results/own-chain-endings.txt
tar -C results/own-chain -cf - games | zstd -q -19 -o results/own-chain-records.tar.zst
rm -rf results/own-chain/games
