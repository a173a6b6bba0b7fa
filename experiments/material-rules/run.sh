#!/usr/bin/env bash
# Do the material rules of the root choice (search/classic/root_choice.h: trade when
# clearly ahead, not when clearly behind, no losing fight) cost or buy
# strength? The same agents with them (the default, material=0.3) and without
# (material=0): the default search at 400 simulations and the trained network
# of experiments/training-teacher (generation 12, the search settings in its
# file), with `tactical` as a fifth, fixed baseline. A round robin of 100
# layout pairs a pairing, seats swapped (2,000 games, about 30 minutes on one
# core), then the flag-blunder check over every record. Rerunning resumes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
out=${OUT:-runs/material-rules}
weights=experiments/training-teacher/weights/gen-0012.jqw
$junqi match --agent "ismcts-off=ismcts:sims=400,material=0" --agent "ismcts-on=ismcts:sims=400" \
  --agent "nn-off=nn:weights=$weights,material=0" --agent "nn-on=nn:weights=$weights" --agent tactical \
  --pairs ${PAIRS:-100} --concurrency 1 --seed 73 --out "$out"
$junqi tactics --check-records "$out" > "$out/flag-blunders.txt"
