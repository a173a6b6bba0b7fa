#!/bin/sh
# replicate.sh R (2 or 3): one replicate of the whole comparison, as fixed in
# README.md's "Replicates" before any of its games: runs P and L trained
# three generations with seed 3807+10(R-1), a trained exploiter of each final
# network (seed 3808+10(R-1)), and each exploiter against its target on 200
# layout pairs at 100 simulations (seed 3804+10(R-1), the same layouts for
# P and L). Steps in order, one process at a time; logs in results/.
cd "$(dirname "$0")"
case "$1" in 2|3) ;; *) echo "replicate.sh: the replicate is 2 or 3, not '$1'" >&2; exit 2 ;; esac
export REP=$1
step() { log=results/$1.log; shift; echo "# $* (started $(date -u +%H:%M:%S))" > "$log"; "$@" >> "$log" 2>&1; echo "# rc=$? done $(date -u +%H:%M:%S)" >> "$log"; }
step train-P$1 env GENERATIONS=3 ./train.sh P
step train-L$1 env GENERATIONS=3 ./train.sh L
step exploit-P$1 ./exploit.sh P 3
step exploit-L$1 ./exploit.sh L 3
step exploiter-P$1-vs-P$1 ./rate.sh exploiter-P$1-vs-P$1 exploiter-P run-P$1-exploiter/weights/gen-0002.jqw P run-P$1/weights/gen-0003.jqw 200 $((3804 + 10 * ($1 - 1)))
step exploiter-L$1-vs-L$1 ./rate.sh exploiter-L$1-vs-L$1 exploiter-L run-L$1-exploiter/weights/gen-0002.jqw L run-L$1/weights/gen-0003.jqw 200 $((3804 + 10 * ($1 - 1)))
