#!/bin/sh
# run-all.sh: the steps after training (train.sh P, train.sh L, then both
# resumed with GENERATIONS=3), one process at a time: the two exploiters of
# generation 3, their matches against their targets (100 pairs, seed 3804),
# then each final network against the start (50 pairs, seed 3809).
cd "$(dirname "$0")"
step() { log=results/$1.log; shift; echo "# $* (started $(date -u +%H:%M:%S))" > "$log"; "$@" >> "$log" 2>&1; echo "# rc=$? done $(date -u +%H:%M:%S)" >> "$log"; }
step exploit-P ./exploit.sh P 3
step exploit-L ./exploit.sh L 3
step exploiter-P-vs-P ./rate.sh exploiter-P-vs-P exploiter-P run-P-exploiter/weights/gen-0002.jqw P run-P/weights/gen-0003.jqw
step exploiter-L-vs-L ./rate.sh exploiter-L-vs-L exploiter-L run-L-exploiter/weights/gen-0002.jqw L run-L/weights/gen-0003.jqw
step P-vs-start ./rate.sh P-vs-start P run-P/weights/gen-0003.jqw start ../best/classic.jqw 50 3809
step L-vs-start ./rate.sh L-vs-start L run-L/weights/gen-0003.jqw start ../best/classic.jqw 50 3809
