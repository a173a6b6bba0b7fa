# `junqi play --rules flip-...` driven through its standard input. First the
# commands and every kind of refusal (no action, a draw offer, a move before
# the colours are decided, a flip of an empty camp), a flip, 'moves', then a
# late resignation; then a whole game played to its end under flip-kawu by a
# person who plays their first legal action each turn. The face-down pieces
# are '?' until the end, when the whole deal shows; the records replay to the
# same result; no colour codes reach a file. Last, input that just ends under
# flip-worldatplay: the person resigns and the record is still written.
# Usage: sh play_flip_in_the_terminal.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/play_flip_four_driver.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
expect() { grep -qF -- "$1" "$dir/out" || fail "no '$1' in the output" "$dir/out"; }
# faceDownCheck FILE: "WRONG LAST": how many boards before the last show
# other than one '?' for each piece not yet flipped (50 less the flips told
# so far), and how many '?' the last board (the end's) shows.
faceDownCheck() {
  awk '{f += gsub(/[0-9]+\. seat [12] flips/, "&")}
       /^ ?[0-9]+ /{n += gsub(/\?/, "?")}
       /^    A  B/{if (seen && last != 50 - lastf) wrong++; seen = 1; last = n; lastf = f; n = 0}
       END {print wrong + 0, last}' "$1"
}

printf 'help\nhello\ndraw\nC1-C2\nB3\nC12\nmoves\nboard\nA1\nresign\n' |
  "$junqi" play --rules flip-kawu --seed 5 --record "$dir/resigned.jqf" > "$dir/out" 2> "$dir/err" ||
  fail "junqi play failed" "$dir/err"
expect "Type a point to flip"
expect "the very first flip decides"
expect "'hello' is not an action"
expect "Flip Junqi has no draw offers"
expect "illegal: until the colours are decided both players may only flip"
expect "illegal: B3 holds no face-down piece to flip"
expect "1. seat 1 flips C12: "
expect "seat 1 resigns"
expect "game over: you lose (resignation)"
expect "record written to $dir/resigned.jqf"
grep -q 'your action (seat 1, [a-z]*): legal: A1 B1 C1 ' "$dir/out" || fail "'moves' did not list the flips" "$dir/out"
! grep -q "$(printf '\033')" "$dir/out" || fail "colour codes in a file" "$dir/out"
# Every board shows one '?' for each piece not yet flipped, until the last.
[ "$(faceDownCheck "$dir/out")" = "0 0" ] || fail "the face-down pieces were not '?' until the end" "$dir/out"
[ "$(grep -c '^ 1 ' "$dir/out")" -eq 5 ] || fail "the board was not shown at each turn, on 'board' and at the end" "$dir/out"
"$junqi" replay "$dir/resigned.jqf" > "$dir/replay" 2>&1 || fail "the record does not replay" "$dir/replay"
grep -q "valid record: 5 actions, seat 2 wins (resignation)" "$dir/replay" || fail "the record does not end in the resignation" "$dir/replay"

playFirstLegal "$dir/out" --rules flip-kawu --agent heuristic --seed 2 --record "$dir/whole.jqf"
expect "game over: "
! grep -q "game over: you lose (resignation)" "$dir/out" || fail "the whole game ended in a resignation" "$dir/out"
[ "$(faceDownCheck "$dir/out")" = "0 0" ] || fail "the face-down pieces were not '?' until the end" "$dir/out"
grep -q "seat 2 (.*): .* attacks" "$dir/out" || fail "no fight in the whole game" "$dir/out"
"$junqi" replay "$dir/whole.jqf" > "$dir/replay" 2>&1 || fail "the whole game's record does not replay" "$dir/replay"
result=$(sed -n 's/^game over: .*(\(.*\))$/\1/p' "$dir/out")
grep -q "($result)" "$dir/replay" || fail "the record does not end as the game did ($result)" "$dir/replay"

printf 'help\nC6\n' | "$junqi" play --rules flip-worldatplay --seat 2 --record "$dir/left.jqf" > "$dir/out" 2> "$dir/err" ||
  fail "junqi play failed on input that ends" "$dir/err"
expect "the first to flip the same colour twice in a row plays it"
expect "end of input: you resign"
"$junqi" replay "$dir/left.jqf" > "$dir/replay" 2>&1 || fail "the record of a game left does not replay" "$dir/replay"
grep -q "seat 1 wins (resignation)" "$dir/replay" || fail "the game left is not seat 1's" "$dir/replay"
echo "ok"
