# Settings that would take hours here get a warning, estimated from the first
# generation's self-play and training steps; the settings used are written
# back to config.json when a run is extended or shortened.
# Usage: sh train_warns_of_a_long_run.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir" "$dir.err"
mkdir -p "$(dirname "$dir")"
"$junqi" train --run "$dir" --generations 1000000 --games 1 --parallel-games 1 --sims 2 --steps 2 --batch 8 \
  --rating-pairs 1 --rating-sims 2 --max-plies 40 --baselines random --threads 1 > /dev/null 2> "$dir.err" &
pid=$!
# Measured after a second or two (a minute when the machine is very busy).
waitFor '^warning: at this rate the run will take about [0-9.]+ hours more' "$dir.err" "$pid" 60
grep -q 'gen 1/1000000 | train step' "$dir.err" || fail "the warning came before the first training steps" "$dir.err"
kill -INT "$pid"
wait "$pid"
pid=
[ "$(grep -c '^warning' "$dir.err")" -eq 1 ] || fail "not one warning" "$dir.err"
grep -q '"generations": 1000000' "$dir/config.json" || fail "config.json lacks the generations" "$dir/config.json"

# Shortened to one generation: config.json says so, and a run this short has no warning.
"$junqi" train --run "$dir" --generations 1 > /dev/null 2> "$dir.err" || fail "the shortened run failed" "$dir.err"
grep -q '"generations": 1,' "$dir/config.json" || fail "config.json was not written back" "$dir/config.json"
! grep -q '^warning' "$dir.err" || fail "a short run was warned about" "$dir.err"
echo "ok"
