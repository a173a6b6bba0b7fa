# Helpers of play_flip_in_the_terminal.sh and play_four_in_the_terminal.sh
# (sourced after common.sh): a person who plays `junqi play` to the end.

# prompts FILE: how many times the person was asked for an action so far.
prompts() { grep -o 'your [a-z]* (' "$1" | wc -l; }

# waitPrompts COUNT FILE PID: waits until FILE holds COUNT prompts or PID ended.
waitPrompts() {
  tries=0
  while [ "$(prompts "$2")" -lt "$1" ] && kill -0 "$3" 2> /dev/null; do
    tries=$((tries + 1))
    [ "$tries" -lt 6000 ] || fail "no prompt number $1 after 60 s" "$2"
    sleep 0.01
  done
}

# playFirstLegal OUT ARGS...: runs `$junqi play ARGS...` (output in OUT) as a
# person who, at every turn, asks for the legal actions ('moves') and plays
# the first, until the game ends.
playFirstLegal() {
  out=$1
  shift
  rm -f "$out.in"
  mkfifo "$out.in"
  "$junqi" play "$@" < "$out.in" > "$out" 2> "$out.err" &
  pid=$!
  exec 3> "$out.in"
  asked=1
  waitPrompts "$asked" "$out" "$pid"
  while kill -0 "$pid" 2> /dev/null; do
    echo moves >&3
    asked=$((asked + 1))
    waitPrompts "$asked" "$out" "$pid"
    kill -0 "$pid" 2> /dev/null || break
    grep -o 'legal: [^ ]*' "$out" | tail -1 | cut -d' ' -f2 >&3
    asked=$((asked + 1))
    waitPrompts "$asked" "$out" "$pid"
  done
  exec 3>&-
  wait "$pid" || fail "junqi play $* failed" "$out.err"
  pid=
}
