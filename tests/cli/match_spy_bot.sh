# A spy bot learns nothing of the match it plays in (docs/match.md "What a bot
# can see"). Started for every game, it reads what a bot run as the arbiter's
# user can read: the arbiter's command line and environment
# (/proc/$PPID/cmdline, environ), DIR/match.json and the records of the games
# already played; then it plays as junqi-bot. Its memory of its own layouts is
# the layouts it deployed, as the records tell them. It must find the match
# seed nowhere, and no opponent may deploy a layout the spy deployed in an
# earlier game (the old pairing replayed each pair's layouts, seats swapped).
# Usage: sh match_spy_bot.sh JUNQI JUNQI_BOT DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 bot=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir/spy"
seed=8157342906417  # distinctive: found in no file by chance
cat > "$dir/spy.sh" <<SPY
n=\$\$
cat /proc/\$PPID/cmdline > "$dir/spy/cmdline.\$n" 2> /dev/null
cat /proc/\$PPID/environ > "$dir/spy/environ.\$n" 2> /dev/null
cat "$dir/match/match.json" > "$dir/spy/match-json.\$n" 2> /dev/null
cat "$dir/match/games/"*.jqr > "$dir/spy/records.\$n" 2> /dev/null
exec "$bot"
SPY
"$junqi" match --agent random --bot "spy=sh $dir/spy.sh" --seed "$seed" --pairs 3 --max-plies 60 \
  --out "$dir/match" > /dev/null 2> "$dir/match.err" || fail "the match failed" "$dir/match.err"
[ "$(ls "$dir/spy" | grep -c "^cmdline")" -ge 6 ] || fail "the spy did not play all 6 games" "$dir/match.err"
grep -q 'spy' "$dir/spy/cmdline."* || fail "the spy did not read the arbiter's command line"

# The seed, in any of the forms a program writes it.
hex=$(printf '%x' "$seed")
if grep -aqE "$seed|$hex" "$dir/spy/"*; then
  fail "the spy found the match seed in: $(grep -alE "$seed|$hex" "$dir/spy/"* | xargs -n1 basename | tr '\n' ' ')"
fi

# In game order: the opponent's layout against every layout the spy deployed before.
for record in "$dir/match/games/"game-*.jqr; do
  awk '$1 == "red-layout" { red = $2 } $1 == "blue-layout" { blue = $2 }
       $1 == "tag" && $2 == "red-player" { spyRed = ($3 == "spy") }
       END { print (spyRed ? red : blue), (spyRed ? blue : red) }' "$record"
done | awk '{ if ($2 in deployed) { print "game " NR - 1 ": the opponent deploys " $2 ", the spy'"'"'s own layout of an earlier game"; bad = 1 }
              deployed[$1] = 1 } END { exit bad }' || fail "the spy knew an opponent's layout"
echo "ok"
