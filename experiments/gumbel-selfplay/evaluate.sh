#!/usr/bin/env bash
# The final matches of experiments/gumbel-selfplay/README.md, with the weights
# kept in weights/: the run's generation GEN against its teacher generation
# (experiments/training-teacher's gen-0001, this run's generation 0), both at
# SIMS simulations (default 400), PAIRS layout pairs (two games a pair, seats
# swapped); then a gauntlet against ismcts:sims=400 and tactical,
# BASELINE_PAIRS pairs each (0: none). Results go to OUT (default
# runs/gumbel-selfplay/gen-GEN-sims-SIMS).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
gen=${GEN:?GEN=NNNN: the generation to evaluate (weights/gen-NNNN.jqw)}
sims=${SIMS:-400}
out=${OUT:-runs/gumbel-selfplay/gen-$gen-sims-$sims}
trained="trained=nn:weights=$here/weights/gen-$gen.jqw,sims=$sims,seed=7"
mkdir -p "$out"
$junqi match --agent "$trained" \
  --agent "teacher=nn:weights=$here/../training-teacher/weights/gen-0001.jqw,sims=$sims,seed=7" \
  --pairs "${PAIRS:-100}" --concurrency 2 --seed 61 --out "$out/trained-vs-teacher" > "$out/trained-vs-teacher.log" 2>&1
cat "$out/trained-vs-teacher/ratings.txt"
if [ "${BASELINE_PAIRS:-50}" -gt 0 ]; then
  $junqi match --schedule gauntlet --agent "$trained" --agent ismcts:sims=400 --agent tactical \
    --pairs "${BASELINE_PAIRS:-50}" --concurrency 2 --seed 62 --out "$out/trained-vs-baselines" > "$out/trained-vs-baselines.log" 2>&1
  cat "$out/trained-vs-baselines/ratings.txt"
fi
