# The playing levels of every game (tools/levels.h, docs/tactics.md "Levels").
# `junqi play --level N` plays the game's level N: the agent moves first (the
# person takes the second seat), then the input ends and the person resigns;
# the opponent named and the record's player are the level's agent. A level a
# game lacks, or one no game has, is refused in one line naming the game.
# junqi-bot --level N offers the games that have level N.
# Usage: sh play_at_a_level.sh JUNQI JUNQI_BOT DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 bot=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir"

# playsLevel RULES SEAT LEVEL SPEC: the game is played against SPEC.
playsLevel() {
  "$junqi" play --rules "$1" --seat "$2" --level "$3" --record "$dir/game.jqf" < /dev/null > "$dir/out" 2> "$dir/err" ||
    fail "junqi play --rules $1 --level $3 failed" "$dir/err"
  grep -q "against $4" "$dir/out" || fail "--rules $1 --level $3 did not play $4" "$dir/out"
  grep -q "end of input: you resign" "$dir/out" || fail "--rules $1 --level $3: the game did not end" "$dir/out"
  grep -q "$4" "$dir/game.jqf" || fail "--rules $1 --level $3: the record does not name $4" "$dir/game.jqf"
  "$junqi" replay "$dir/game.jqf" > "$dir/replay" 2>&1 || fail "--rules $1 --level $3: the record does not replay" "$dir/replay"
}
playsLevel hiddenfront blue 2 tactical
playsLevel hiddenfront blue 5 "nn:weights=.*/classic.jqw"
playsLevel flip-kawu 2 3 "mcts:sims=400"
playsLevel flip-worldatplay 2 4 "nn:weights=.*/flip.jqw"
playsLevel four-worldatplay east 1 heuristic
playsLevel four-worldatplay east 3 "ismcts:sims=250"

# refused LINE COMMAND...: the command fails, its stderr exactly LINE.
refused() {
  line=$1
  shift
  if "$@" < /dev/null > "$dir/out" 2> "$dir/err"; then fail "accepted: $*" "$dir/out"; fi
  [ "$(cat "$dir/err")" = "$line" ] || fail "the refusal of '$*' is not '$line'" "$dir/err"
}
refused "junqi play: error: --level: the flip game has no level 5 (its levels are 1-4)" \
  "$junqi" play --rules flip-kawu --level 5
refused "junqi play: error: --level: the four game has no level 5 (its levels are 1-4)" \
  "$junqi" play --rules four-worldatplay --level 5
refused "junqi play: error: --level: the classic game has no level 6 (its levels are 1-5)" "$junqi" play --level 6
refused "junqi play: error: --level: the classic game has no level 0 (its levels are 1-5)" "$junqi" play --level 0
refused "junqi-bot: error: --level: the classic game has no level 6 (its levels are 1-5)" "$bot" --level 6

# The bot at level 4 plays every game; at level 5 only the classic one.
printf 'jbp 1\nquit\n' | "$bot" --level 4 > "$dir/out" 2> "$dir/err" || fail "junqi-bot --level 4 failed" "$dir/err"
grep -q "^id spec ismcts:sims=2000," "$dir/out" || fail "junqi-bot --level 4 does not play ismcts:sims=2000" "$dir/out"
grep -q "^variants classic flip four$" "$dir/out" || fail "junqi-bot --level 4 does not play every game" "$dir/out"
printf 'jbp 1\nquit\n' | "$bot" --level 5 > "$dir/out" 2> "$dir/err" || fail "junqi-bot --level 5 failed" "$dir/err"
grep -q "^variants classic$" "$dir/out" || fail "junqi-bot --level 5 offers a game without level 5" "$dir/out"
grep -q "^--level 5: the flip game has no level 5 (its levels are 1-4): the bot does not play it$" "$dir/err" ||
  fail "junqi-bot --level 5 did not say why it plays no flip games" "$dir/err"
echo "ok"
