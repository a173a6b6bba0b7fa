# A match over MPI (`mpirun -n 3 junqi match --mpi`): ranks 1 and 2 play the
# games rank 0 hands out; the records are those of the same match played in
# one process (but for the think times), and a job killed mid-match resumes
# to one table of every game.
# Usage: sh match_mpi.sh MPIRUN JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
mpirun=$1 junqi=$2 dir=$3
rm -rf "$dir" "$dir.err" "$dir.local"
mkdir -p "$(dirname "$dir")"
players="--agent heuristic --agent random --agent ismcts:sims=200 --pairs 6 --seed 7"
overMpi() {
  "$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" match $players --out "$dir" --mpi \
    > "$dir.out" 2>> "$dir.err"
}

# mpirun itself in the background (not a subshell running it: killing that
# would leave the job playing on).
"$mpirun" --allow-run-as-root --oversubscribe -n 3 "$junqi" match $players --out "$dir" --mpi > "$dir.out" 2>> "$dir.err" &
pid=$!
waitFor '^games 4/36' "$dir.err" "$pid" 200
kill -TERM "$pid"
wait "$pid"
pid=
waitForFreeDirectory "$dir"
played=$(ls "$dir/games" | wc -l)
[ "$played" -ge 4 ] && [ "$played" -lt 36 ] || fail "$played records after the kill: no test" "$dir.err"
overMpi || fail "the resumed match failed" "$dir.err"
grep -q '^36 games;' "$dir.out" || fail "not one table of the 36 games" "$dir.out"
[ "$(grep -c '^\[Result' "$dir/games.pgn")" -eq 36 ] || fail "games.pgn does not hold 36 games" "$dir/games.pgn"

"$junqi" match $players --out "$dir.local" > /dev/null 2>&1 || fail "the match in one process failed"
for record in "$dir.local"/games/*.jqr; do
  name=$(basename "$record")
  grep -v -- '-seconds ' "$record" > "$dir.a"
  grep -v -- '-seconds ' "$dir/games/$name" > "$dir.b" 2> /dev/null || fail "no $name over MPI"
  cmp -s "$dir.a" "$dir.b" || fail "$name differs over MPI" "$dir.b"
done
echo "ok"
