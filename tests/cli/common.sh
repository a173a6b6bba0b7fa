# Helpers of the command-line scenarios (sourced): `fail` prints what went
# wrong and the command's standard error; `waitFor` waits for a line.

# A command left running in the background ($pid) ends with the scenario.
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2> /dev/null' EXIT

# fail MESSAGE [FILE]: prints MESSAGE and FILE (a command's stderr), exits 1.
# Progress lines ("self-play 3/4 games") are left out: CI shows only the head
# and tail of a long failure, and the error line must not be cut from it.
fail() {
  echo "FAIL: $1"
  if [ -n "${2:-}" ] && [ -f "$2" ]; then
    progress='\| (self-play|games) [0-9]+/[0-9]+ '
    echo "--- $2 ($(grep -Ec "$progress" "$2") progress lines left out):"
    grep -Ev "$progress" "$2"
  fi
  exit 1
}

# waitFor PATTERN FILE PID [SECONDS]: waits until FILE has a line matching
# PATTERN (an extended regular expression); fails if process PID ends first or
# after SECONDS (120 unless given).
waitFor() {
  tries=0
  until grep -Eq -- "$1" "$2" 2>/dev/null; do
    kill -0 "$3" 2>/dev/null || fail "the command ended before printing '$1'" "$2"
    tries=$((tries + 1))
    [ "$tries" -lt "$((${4:-120} * 10))" ] || fail "no '$1' after ${4:-120} s" "$2"
    sleep 0.1
  done
}

# errorLines FILE: how many lines of FILE hold "error" (or a crash's "terminate").
errorLines() { grep -Ec 'error|terminate' "$1"; }

# expectFullDiskError STATUS FILE LINE WHAT: the command ended with an error
# status (1-127, not a crash), and FILE (its stderr) holds one line of error,
# exactly LINE, which names WHAT and the full disk.
expectFullDiskError() {
  [ "$1" -gt 0 ] && [ "$1" -lt 128 ] || fail "exit status $1, not an error (1-127)" "$2"
  [ "$(errorLines "$2")" -eq 1 ] || fail "not one line of error" "$2"
  grep -qxF -- "$3" "$2" || fail "the error does not name $4 and the full disk" "$2"
}

# waitForFreeDirectory DIR [SECONDS]: waits until no process holds DIR's lock
# (core/directory_lock.h; 30 s unless given): a killed MPI job's rank 0 may
# outlive mpirun for a moment, still writing, and a rerun then refuses DIR.
waitForFreeDirectory() {
  tries=0
  until flock -n "$1/.lock" true; do
    tries=$((tries + 1))
    [ "$tries" -lt "$((${2:-30} * 10))" ] || fail "$1 still in use after ${2:-30} s"
    sleep 0.1
  done
}
