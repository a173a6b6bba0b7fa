# Flip Junqi and four-player matches over MPI (`mpirun -n 3 junqi match
# --rules flip-kawu|four-worldatplay --mpi`): ranks 1 and 2 play the games
# rank 0 hands out, and the records are those of the same match played in one
# process; rerun, the match reads its records and plays nothing.
# Usage: sh match_mpi_paired.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir"
for game in "flip-kawu jqf 12" "four-worldatplay jq4 12"; do
  set -- $game
  rules=$1 extension=$2 games=$3
  players="--rules $rules --agent heuristic --agent random --agent r2=random --pairs 2 --seed 5 --max-plies 300"
  out=$dir/$rules
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" match $players --out "$out" --mpi \
    > "$out.out" 2> "$out.err" || fail "the $rules match over MPI failed" "$out.err"
  grep -q "^games $games/$games" "$out.err" || fail "the $rules match did not play its $games games" "$out.err"
  "$junqi" match $players --out "$out.local" > /dev/null 2>&1 || fail "the $rules match in one process failed"
  [ "$(ls "$out/games" | wc -l)" -eq "$games" ] || fail "not $games $rules records over MPI" "$out.err"
  for record in "$out.local"/games/*.$extension; do
    cmp -s "$record" "$out/games/$(basename "$record")" || fail "$(basename "$record") of $rules differs over MPI"
  done
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" match $players --out "$out" --mpi \
    > "$out.again" 2> "$out.err" || fail "the $rules match over MPI did not resume" "$out.err"
  cmp -s "$out.out" "$out.again" || fail "the resumed $rules match's table differs" "$out.again"
done
echo "ok"
