#!/usr/bin/env bash
# Does flag-in-two (search/classic/flag_in_two.h) make the search stronger? The same
# search, ismcts:sims=400, with it (this build) and without it (OLD_BOT: a
# junqi-bot built from the commit before it), and `tactical` as a third
# baseline: a round robin of 300 layout pairs a pairing, seats swapped.
# Rerunning resumes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../.."
junqi=${JUNQI:-build/tools/junqi}
old_bot=${OLD_BOT:?set OLD_BOT to a junqi-bot built without flag-in-two}
out=${OUT:-runs/flag-in-two}
$junqi match --agent "new=ismcts:sims=400" --bot "old=$old_bot --agent ismcts:sims=400" \
  --agent tactical --pairs ${PAIRS:-300} --concurrency 1 --seed 61 --out "$out"
$junqi tactics --check-records "$out" > "$out/flag-blunders.txt"
