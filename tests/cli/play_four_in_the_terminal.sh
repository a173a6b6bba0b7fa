# `junqi play --rules four-...` driven through its standard input. First the
# commands and the refusals, each with the rules' reason (no move, a draw
# offer, another army's piece, a landmine, a piece in a headquarters), then a
# late resignation (the team forfeits); then a whole game played to its end
# by a person who plays their first legal move each turn, with heuristic
# agents in the other seats: armies leave the board. Until the end the person sees
# only their seat's identities (and flags a fallen marshal shows), then the
# whole board; the records replay to the same result; no colour codes reach
# a file. Last, input that just ends under visibility=team: the ally's
# pieces show, the enemies' do not, and the person resigns.
# Usage: sh play_four_in_the_terminal.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/play_flip_four_driver.sh"
junqi=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"
expect() { grep -qF -- "$1" "$dir/out" || fail "no '$1' in the output" "$dir/out"; }
# boards FILE: each board's rows (rows 1-17) in one file each, FILE.board.N, N from 1; prints how many.
boards() {
  rm -f "$1".board.*
  awk -v f="$1" '/^ ?[0-9]+ /{print > (f ".board." n + 1)} /^     A   B/{n++} END {print n}' "$1"
}
# hiddenShown FILE SEEN: lines of FILE with an identity (other than a shown
# flag) of an army whose initial is not in SEEN.
hiddenShown() { grep -E "[^$2 ][EPCJRIDGMBL]( |]|\)|$)" "$1"; }

layout=IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE  # east: a landmine on Q7, a major in the headquarters Q10
printf 'help\nhello\ndraw\nH1-H2\nQ7-P7\nQ10-P10\nmoves\nboard\nresign\n' |
  "$junqi" play --rules four-worldatplay --seat east --agent random --layout "$layout" --seed 3 \
    --record "$dir/resigned.jq4" > "$dir/out" 2> "$dir/err" || fail "junqi play failed" "$dir/err"
expect "Type a move as FROM-TO"
expect "you see your own army's identities"
expect "'hello' is not a move"
expect "four-player Junqi has no draw offers"
expect "illegal: the piece on H1 is south's, not yours"
expect "illegal: the landmine on Q7 never moves"
expect "illegal: the piece on Q10 is in a headquarters and can never move again"
expect "1. south: "
expect "you resign: your team loses"
expect "game over: your team loses (you resigned)"
expect "record written to $dir/resigned.jq4"
grep -q 'your move (east): legal: [A-Q][0-9]*-[A-Q][0-9]* ' "$dir/out" || fail "'moves' did not list the moves" "$dir/out"
! grep -q "$(printf '\033')" "$dir/out" || fail "colour codes in a file" "$dir/out"
[ "$(boards "$dir/out")" -eq 3 ] || fail "the board was not shown at the turn, on 'board' and at the end" "$dir/out"
! hiddenShown "$dir/out.board.2" e > /dev/null || fail "another army's identity was shown before the end" "$dir/out.board.2"
grep -q ' eF ' "$dir/out.board.1" || grep -q '\[eF\]' "$dir/out.board.1" || fail "east's own pieces are not shown" "$dir/out"
hiddenShown "$dir/out.board.3" e | grep -q 's' || fail "the last board does not show every army" "$dir/out.board.3"
grep -q "^tag resigned east$" "$dir/resigned.jq4" || fail "the record does not say who resigned" "$dir/resigned.jq4"
"$junqi" replay "$dir/resigned.jq4" > "$dir/replay" 2>&1 || fail "the record does not replay" "$dir/replay"
grep -q "south-north won by forfeit" "$dir/replay" || fail "the record does not end in the forfeit" "$dir/replay"

playFirstLegal "$dir/out" --rules four-worldatplay --seat north --agent heuristic --seed 4 --record "$dir/whole.jq4"
expect "game over: "
expect "leaves the board"
! grep -q "you resigned" "$dir/out" || fail "the whole game ended in a resignation" "$dir/out"
n=$(boards "$dir/out")
i=1
while [ "$i" -lt "$n" ]; do
  ! hiddenShown "$dir/out.board.$i" n > /dev/null || fail "board $i showed another army's identity" "$dir/out.board.$i"
  i=$((i + 1))
done
"$junqi" replay "$dir/whole.jq4" > "$dir/replay" 2>&1 || fail "the whole game's record does not replay" "$dir/replay"
result=$(sed -n 's/^game over: .*(\(.*\))$/\1/p' "$dir/out")
grep -q "by $result$" "$dir/replay" || fail "the record does not end as the game did ($result)" "$dir/replay"

printf 'help\n' | "$junqi" play --rules four-worldatplay:visibility=team --seat west --record "$dir/left.jq4" \
  > "$dir/out" 2> "$dir/err" || fail "junqi play failed on input that ends" "$dir/err"
expect "you see your own army's and your ally's"
expect "end of input: you resign"
boards "$dir/out" > /dev/null
grep -q ' e[EPCJRIDGMBL] ' "$dir/out.board.1" || fail "the ally's pieces were not shown under visibility=team" "$dir/out"
! hiddenShown "$dir/out.board.1" we > /dev/null || fail "an enemy's identity was shown" "$dir/out.board.1"
"$junqi" replay "$dir/left.jq4" > "$dir/replay" 2>&1 || fail "the record of a game left does not replay" "$dir/replay"
echo "ok"
