#!/usr/bin/env bash
# The rated matches of experiments/training-teacher/README.md, with the weights
# kept in weights/ (gen-0000: untrained, gen-0001: after the teacher games,
# gen-0004: the run's last), 100 layout pairs each (200 games, seats swapped):
#   A. trained (gen-0004) against untrained (gen-0000), the same search: 400
#      simulations with the run's settings (the weights files carry them);
#   B. the trained network's value head (mix=0) against greedy rollouts
#      (mix=1), the same network and 0.1 s a move each (rollouts cost more
#      per simulation, so equal time is the fair budget);
#   C. the trained network against the strongest search without a network and
#      the fast baselines, 400 simulations, 25 pairs each.
# A and B run side by side, then C: about 1.5 hours on 2 cores. Results go to
# OUT (default runs/training-teacher).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
out=${OUT:-runs/training-teacher}
w=$here/weights
mkdir -p "$out"
$junqi match --agent "trained=nn:weights=$w/gen-0004.jqw,sims=400,seed=7" \
  --agent "untrained=nn:weights=$w/gen-0000.jqw,sims=400,seed=7" \
  --pairs 100 --concurrency 1 --seed 51 --out "$out/trained-vs-untrained" > "$out/trained-vs-untrained.log" 2>&1 &
$junqi match --agent "value=nn:weights=$w/gen-0004.jqw,seconds=0.1,mix=0,seed=7" \
  --agent "rollouts=nn:weights=$w/gen-0004.jqw,seconds=0.1,mix=1,depth=16,rollout=greedy,seed=7" \
  --pairs 100 --concurrency 1 --seed 52 --out "$out/value-vs-rollouts" > "$out/value-vs-rollouts.log" 2>&1 &
wait
$junqi match --schedule gauntlet --agent "trained=nn:weights=$w/gen-0004.jqw,sims=400,seed=7" \
  --agent ismcts:sims=400 --agent tactical --agent heuristic \
  --pairs 25 --concurrency 2 --seed 53 --out "$out/trained-vs-baselines" > "$out/trained-vs-baselines.log" 2>&1
$junqi tactics --check-records "$out" > "$out/flag-blunders.txt"
for m in trained-vs-untrained value-vs-rollouts trained-vs-baselines; do cat "$out/$m/ratings.txt"; done
