#!/usr/bin/env bash
# Resumes the run of experiments/gumbel-selfplay from the state its last leg
# committed (state/leg-N.tar.zst: config, the last generation's checkpoint,
# every generation's weights, logs and rating matches, and the shards of the
# replay window, with the games of an interrupted generation), unpacked into
# run/ when run/ is not there; then the run goes on with its own settings
# (GENERATIONS=N extends it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
junqi=${JUNQI:-$here/../../build/tools/junqi}
if [ ! -d "$here/run" ]; then
  command -v zstd > /dev/null || { echo "resume.sh: unpacking the state needs the zstd program (apt-get install zstd)" >&2; exit 1; }
  state=$(ls "$here"/state/leg-*.tar.zst | sort -V | tail -1)
  echo "unpacking $state into $here/run"
  zstd -dc "$state" | tar -xf - -C "$here"
fi
export OMP_WAIT_POLICY=passive
exec $junqi train --run "$here/run" ${GENERATIONS:+--generations "$GENERATIONS"}
