#!/bin/sh
# run.sh R STEP (R 1, 2 or 3; STEP league, plain, exploit or match): one
# replicate of README.md's plan. `league`: the live league LL_R, three
# generations from X; after generations 1 and 2 a main exploiter M_k is
# trained against the learner's generation k and joins the league (the run
# resumes with the grown --league). `plain`: PP_R, plain self-play from X,
# one generation at a time until its CPU reaches LL_R's (its exploiters'
# included). `exploit`: a trained exploiter of each final network. `match`:
# each exploiter against its own target, 200 layout pairs at 100
# simulations, the same layouts for both. Logs in results/; JUNQI=path: the
# binary (a copy, so that work on other files cannot change it).
cd "$(dirname "$0")"
case "$1" in 1|2|3) R=$1 ;; *) echo "run.sh: the replicate is 1, 2 or 3, not '$1'" >&2; exit 2 ;; esac
J=${JUNQI:-../../build/tools/junqi}
X=../gumbel-selfplay/weights/gen-0000.jqw
EX=../league-exploitable/run-X-exploiter/weights/gen-0002.jqw
TRAIN_SEED=$((3951 + 10 * (R - 1))) EXPLOIT_SEED=$((3952 + 10 * (R - 1))) MATCH_SEED=$((3954 + 10 * (R - 1)))
LL=run-LL$R PP=run-PP$R
mkdir -p results
step() { log=results/$1.log; shift; echo "# $* (started $(date -u +%H:%M:%S))" >> "$log"; "$@" >> "$log" 2>&1; rc=$?; echo "# rc=$rc done $(date -u +%H:%M:%S)" >> "$log"; return $rc; }
# both NAME1 CMD1... -- NAME2 CMD2...: two steps at once; stops the script if either fails.
both() { a=""; while [ "$1" != -- ]; do a="$a '$1'"; shift; done; shift; eval "step $a" & p=$!; step "$@" || exit 1; wait $p || exit 1; }
timed() { /usr/bin/time -f "%U user %S sys %e wall (s)" nice -n 10 "$@"; }
train() { # RUN INIT SEED GENERATIONS GAMES [LEAGUE]: ../league-exploitable's recipe
  timed $J train --run "$1" --rules hiddenfront --shape small --init-weights "$2" \
    ${6:+--league "$6"} \
    --generations "$4" --games "$5" --parallel-games 6 --steps 200 --batch 128 --window 40000 --lr 0.0005 \
    --gumbel --gumbel-actions 16 --sims 32 --fast-sims 8 --full-search-share 0.25 \
    --rollout-mix 0.25 --rollout-depth 16 --max-plies 500 \
    --baselines tactical --rating-pairs 4 --rating-sims 64 --threads 1 --seed "$3"
}
net() { echo "nn:weights=$1,sims=32"; }  # a league member as the league plays it
# The CPU-seconds of the runs named (each generation's cpu_seconds in log.jsonl).
cpu() { cat "$@" | python3 -c 'import json,sys; print(round(sum(json.loads(l)["cpu_seconds"] for l in sys.stdin if l.strip()), 1))'; }
league() {
  styles="bluffer@0.05,turtle@0.05"
  train $LL $X $TRAIN_SEED 1 400 "$(net $X)@0.2,$(net $EX)@0.2,$styles" || exit 1
  train $LL-m1 $LL/weights/gen-0001.jqw $EXPLOIT_SEED 1 400 "$(net $LL/weights/gen-0001.jqw)@1" || exit 1
  M1=$LL-m1/weights/gen-0001.jqw
  train $LL $X $TRAIN_SEED 2 400 "$(net $X)@0.1,$(net $EX)@0.1,$(net $M1)@0.2,$styles" || exit 1
  train $LL-m2 $LL/weights/gen-0002.jqw $EXPLOIT_SEED 1 400 "$(net $LL/weights/gen-0002.jqw)@1" || exit 1
  M2=$LL-m2/weights/gen-0001.jqw
  train $LL $X $TRAIN_SEED 3 400 "$(net $X)@0.05,$(net $EX)@0.05,$(net $M1)@0.1,$(net $M2)@0.2,$styles" || exit 1
  echo "LL$R CPU-s, exploiters included: $(cpu $LL/log.jsonl $LL-m1/log.jsonl $LL-m2/log.jsonl)"
}
plain() {
  budget=$(cpu $LL/log.jsonl $LL-m1/log.jsonl $LL-m2/log.jsonl)
  g=0
  while [ "$g" -lt 12 ]; do
    g=$((g + 1))
    train $PP $X $TRAIN_SEED $g 400 || exit 1
    spent=$(cpu $PP/log.jsonl)
    echo "PP$R generation $g: $spent of LL$R's $budget CPU-s"
    python3 -c "import sys; sys.exit(0 if $spent >= $budget else 1)" && break
  done
}
final() { ls "$1"/weights/gen-*.jqw | tail -n 1; }
exploit() { train "$1-exploiter" "$2" "$EXPLOIT_SEED" 2 400 "nn:weights=$2,sims=100@1"; }
rate() { # OUT EXPLOITER TARGET
  timed $J match --agent "exploiter=nn:weights=$2,sims=100" --agent "target=nn:weights=$3,sims=100" \
    --schedule gauntlet --pairs 200 --seed "$MATCH_SEED" --concurrency 1 --out "results/$1" &&
  tar --zstd -cf "results/$1/games.tar.zst" -C "results/$1" games && rm -r "results/$1/games"
}
case "$2" in
  league) step league-LL$R league ;;
  plain) step plain-PP$R plain ;;
  exploit) both exploit-PP$R exploit $PP "$(final $PP)" -- exploit-LL$R exploit $LL "$(final $LL)" ;;
  match) both exploiter-PP$R-vs-PP$R rate exploiter-PP$R-vs-PP$R $PP-exploiter/weights/gen-0002.jqw "$(final $PP)" -- \
           exploiter-LL$R-vs-LL$R rate exploiter-LL$R-vs-LL$R $LL-exploiter/weights/gen-0002.jqw "$(final $LL)" ;;
  *) echo "run.sh: the step is league, plain, exploit or match, not '$2'" >&2; exit 2 ;;
esac
