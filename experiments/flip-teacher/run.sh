#!/usr/bin/env bash
# Flip Junqi with teacher games (issue 13): does a flip network trained on
# the flip heuristic's games learn, and how does its search do against the
# flip baselines at equal simulations and at equal time?
# Usage: experiments/flip-teacher/run.sh [BUILD_DIR]   (from the repository root)
# Training is deterministic for its seeds; so are the matches that count
# simulations. The equal-time match is not (it depends on the machine's load).
set -euo pipefail
build=${1:-build}
junqi="nice $build/tools/junqi"
out=experiments/flip-teacher/results
mkdir -p "$out"
run=$out/run
w=$run/weights
# 1. Generation 1 from 20,000 teacher games (8 positions each), 3,000 steps of 128.
$junqi train --rules flip-kawu --run "$run" --shape small --generations 1 --teacher-games 20000 \
  --teacher-steps 3000 --batch 128 --window 200000 --rating-pairs 4 --rating-sims 100 \
  --baselines random,heuristic,mcts 2>> "$out/train.log" >> "$out/train.log"
match() {  # NAME SEED ARGS...: a match whose table goes to $out/NAME.txt
  local name=$1 seed=$2
  shift 2
  $junqi match --rules flip-kawu --concurrency 2 --seed "$seed" --out "$out/$name" "$@" > "$out/$name.txt" 2> /dev/null
}
# 2. Equal simulations (200 an action): the trained network against the
#    untrained one with the same search (mix=0.25, from the weights file), mcts and heuristic.
match equal-sims 61 --schedule gauntlet --pairs 25 --agent "trained=nn:weights=$w/gen-0001.jqw,sims=200" \
  --agent "untrained=nn:weights=$w/gen-0000.jqw,sims=200" --agent mcts=mcts:sims=200 --agent heuristic
# 3. What each head adds: trained against untrained with the value head alone
#    (mix=0) and with the static value alone (mix=1, the policy head's priors only).
for mix in 0 1; do
  match "mix$mix" 62 --pairs 15 --agent "trained=nn:weights=$w/gen-0001.jqw,sims=200,mix=$mix" \
    --agent "untrained=nn:weights=$w/gen-0000.jqw,sims=200,mix=$mix"
done
# 4. The value head alone against the baselines at 200 simulations.
match value-only 64 --schedule gauntlet --pairs 15 --agent "value=nn:weights=$w/gen-0001.jqw,sims=200,mix=0" \
  --agent mcts=mcts:sims=200 --agent heuristic
# 5. Equal time: 0.02 s an action each.
match equal-time 63 --schedule gauntlet --pairs 25 --agent "trained=nn:weights=$w/gen-0001.jqw,seconds=0.02" \
  --agent mcts=mcts:seconds=0.02 --agent heuristic
# 6. The same teacher run with the tiny network (2 blocks of 32: cheaper to
#    evaluate), then the equal-time match again.
$junqi train --rules flip-kawu --run "$out/tiny-run" --shape tiny --generations 1 --teacher-games 20000 \
  --teacher-steps 3000 --batch 128 --window 200000 --rating-pairs 4 --rating-sims 100 \
  --baselines random,heuristic,mcts 2>> "$out/tiny-train.log" >> "$out/tiny-train.log"
match tiny-equal-time 63 --schedule gauntlet --pairs 25 \
  --agent "trained=nn:weights=$out/tiny-run/weights/gen-0001.jqw,seconds=0.02" \
  --agent mcts=mcts:seconds=0.02 --agent heuristic
# Keep the tables, the weights and the records; not the shards and checkpoints.
tar -C "$out" -cf - equal-sims/games mix0/games mix1/games value-only/games equal-time/games tiny-equal-time/games |
  zstd -q -19 -f -o "$out/records.tar.zst"
