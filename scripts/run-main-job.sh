#!/usr/bin/env bash
# The main job: sets up and builds the `junqi` command (the tests are built by
# scripts/run-tests.sh), then runs a short training
# run (a tiny network; generation 1 learns from games of the tactical player,
# the next ones from self-play; each rated against the
# previous one and the random and heuristic baselines) and prints the rating
# table of all generations. A few minutes on 2 cores. Rerunning resumes the
# run in runs/main; extra arguments go to `junqi train` (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
TARGETS=junqi scripts/setup.sh  # junqi and the junqi-train it runs, not the tests
build/tools/junqi train --run "${RUN_DIR:-runs/main}" --teacher-games 1000 --teacher-steps 300 "$@"
