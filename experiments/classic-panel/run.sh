#!/bin/sh
# Issue 38's classic panel target: the best classic agent (experiments/best/classic.jqw
# at the 400 simulations it carries) against the whole style panel, 50 layout pairs a
# member (100 games), seats swapped. Run from the repository root; rerun to resume.
set -e
out=experiments/classic-panel/results/best-vs-panel
mkdir -p "$out"
/usr/bin/time -f "%e s wall, %U s user, %S s system" -o experiments/classic-panel/results/best-vs-panel.time \
  nice -n 10 build/tools/junqi gauntlet "nn:weights=experiments/best/classic.jqw" \
  --pairs 50 --seed 95 --concurrency 1 --out "$out"
