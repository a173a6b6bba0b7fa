# `junqi play` driven through its standard input: help, a line that is no
# move, an illegal move (the rules' reason, then a second try), a legal
# attack, the board again, resignation; the record written at the end
# replays, and no colour codes reach a file. Then input that just ends: the
# person resigns and the record is still written.
# Usage: sh play_in_the_terminal.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
layout=IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE  # A1 a landmine, A6 a brigadier

printf 'help\nhello\nA1-A2\nA6-A7\nboard\nresign\n' |
  "$junqi" play --agent random --layout "$layout" --seed 3 --record "$dir/game.jqr" > "$dir/out" 2> "$dir/err" ||
  fail "junqi play failed" "$dir/err"
expect() { grep -qF -- "$1" "$dir/out" || fail "no '$1' in the output" "$dir/out"; }
expect "Type a move as FROM-TO"
expect "'hello' is not a move"
expect "illegal: the landmine on A1 never moves"
expect "red: your brigadier A6-A7 attacks blue's piece"
expect "game over: you lose (resignation)"
expect "record written to $dir/game.jqr"
[ "$(grep -c '^ 1 ' "$dir/out")" -ge 3 ] || fail "the board (row 1) was not shown after each move and on 'board'" "$dir/out"
! grep -q "$(printf '\033')" "$dir/out" || fail "colour codes in a file" "$dir/out"
# Until the end the agent's pieces are '?'; the last board shows them all.
grep -qF '12  ? [?] ? [?] ? ' "$dir/out" || fail "the agent's back row was not face down" "$dir/out"
"$junqi" replay "$dir/game.jqr" > "$dir/replay" 2>&1 || fail "the record does not replay" "$dir/replay"
grep -q "blue wins (resignation)" "$dir/replay" || fail "the record does not end in the resignation" "$dir/replay"

printf 'C6-C7\n' | "$junqi" play --agent heuristic --seat blue --layout balanced --record "$dir/left.jqr" \
  > "$dir/out" 2> "$dir/err" || fail "junqi play failed on input that ends" "$dir/err"
expect "end of input: you resign"
[ -f "$dir/left.jqr" ] || fail "no record of a game left at the end of input" "$dir/out"
echo "ok"
