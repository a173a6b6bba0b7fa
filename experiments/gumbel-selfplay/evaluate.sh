#!/usr/bin/env bash
# The final matches of experiments/gumbel-selfplay/README.md, with the weights
# kept in weights/: the run's generation GEN against its teacher generation
# (experiments/training-teacher's gen-0001, this run's generation 0) at 400
# simulations each, PAIRS layout pairs (two games a pair, seats swapped);
# then a gauntlet against ismcts:sims=400 and tactical, BASELINE_PAIRS pairs
# each. Results go to OUT (default runs/gumbel-selfplay).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
out=${OUT:-runs/gumbel-selfplay}
gen=${GEN:?GEN=NNNN: the generation to evaluate (weights/gen-NNNN.jqw)}
trained="trained=nn:weights=$here/weights/gen-$gen.jqw,sims=400,seed=7"
mkdir -p "$out"
$junqi match --agent "$trained" \
  --agent "teacher=nn:weights=$here/../training-teacher/weights/gen-0001.jqw,sims=400,seed=7" \
  --pairs "${PAIRS:-100}" --concurrency 2 --seed 61 --out "$out/trained-vs-teacher" > "$out/trained-vs-teacher.log" 2>&1
$junqi match --schedule gauntlet --agent "$trained" --agent ismcts:sims=400 --agent tactical \
  --pairs "${BASELINE_PAIRS:-50}" --concurrency 2 --seed 62 --out "$out/trained-vs-baselines" > "$out/trained-vs-baselines.log" 2>&1
for m in trained-vs-teacher trained-vs-baselines; do cat "$out/$m/ratings.txt"; done
