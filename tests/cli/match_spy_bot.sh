# A spy bot learns nothing of the match it plays in (docs/match.md "What a bot
# can see"), in a classic, a Flip Junqi and a four-player match. Started for
# every game (every army of a four-player game), it reads what a bot run as
# the arbiter's user can read: the arbiter's command line and environment
# (/proc/$PPID/cmdline, environ), DIR/match.json and the records of the games
# already played; then it plays as junqi-bot. It must find the match seed
# nowhere, and no game may replay what the spy saw in an earlier one: in a
# classic match an opponent's layout the spy deployed itself (the old pairing
# replayed each pair's layouts, seats swapped), in a flip match a deal, in a
# four-player match the layout of any army (the old pairing replayed each
# pair's deal, the teams swapped). Each replay check is shown to fail on a
# match of built-in agents, which still replays its pairs.
# Usage: sh match_spy_bot.sh JUNQI JUNQI_BOT DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 bot=$2 dir=$3
rm -rf "$dir"
seed=8157342906417  # distinctive: found in no file by chance
hex=$(printf '%x' "$seed")

# spyMatch NAME EXTENSION MIN_STARTS JUNQI_ARGS...: the match NAME with the spy
# as a player; the spy must have started at least MIN_STARTS times and found no seed.
spyMatch() {
  name=$1 extension=$2 starts=$3
  shift 3
  mkdir -p "$dir/$name/spy"
  cat > "$dir/$name/spy.sh" <<SPY
n=\$\$
cat /proc/\$PPID/cmdline > "$dir/$name/spy/cmdline.\$n" 2> /dev/null
cat /proc/\$PPID/environ > "$dir/$name/spy/environ.\$n" 2> /dev/null
cat "$dir/$name/match/match.json" > "$dir/$name/spy/match-json.\$n" 2> /dev/null
cat "$dir/$name/match/games/"*.$extension > "$dir/$name/spy/records.\$n" 2> /dev/null
exec "$bot" --flip-agent heuristic --four-agent heuristic
SPY
  "$junqi" match "$@" --bot "spy=sh $dir/$name/spy.sh" --seed "$seed" --pairs 3 \
    --out "$dir/$name/match" > /dev/null 2> "$dir/$name/match.err" || fail "the $name match failed" "$dir/$name/match.err"
  [ "$(ls "$dir/$name/spy" | grep -c "^cmdline")" -ge "$starts" ] ||
    fail "the spy did not play all games of the $name match" "$dir/$name/match.err"
  grep -q 'spy' "$dir/$name/spy/cmdline."* || fail "the spy did not read the arbiter's command line"
  # The seed, in any of the forms a program writes it.
  if grep -aqE "$seed|$hex" "$dir/$name/spy/"*; then
    fail "the spy found the $name match's seed in: $(grep -alE "$seed|$hex" "$dir/$name/spy/"* | xargs -n1 basename | tr '\n' ' ')"
  fi
}

# replaysADeal MATCH_DIR: true (and says so) when two flip games of the match share a deal.
replaysADeal() {
  ! cat "$1/games/"game-*.jqf | awk '$1 == "deal" { if ($2 in seen) { print "a deal is replayed"; bad = 1 }
                                                    seen[$2] = 1 } END { exit bad }'
}

# replaysALayout MATCH_DIR: true (and says so) when an army's layout comes back in a four-player match.
replaysALayout() {
  ! cat "$1/games/"game-*.jq4 | awk '$1 == "layout" { if ($3 in seen) { print "a layout is replayed"; bad = 1 }
                                                      seen[$3] = 1 } END { exit bad }'
}

# Classic: in game order, the opponent's layout against every layout the spy deployed before.
spyMatch classic jqr 6 --agent random --max-plies 60
for record in "$dir/classic/match/games/"game-*.jqr; do
  awk '$1 == "red-layout" { red = $2 } $1 == "blue-layout" { blue = $2 }
       $1 == "tag" && $2 == "red-player" { spyRed = ($3 == "spy") }
       END { print (spyRed ? red : blue), (spyRed ? blue : red) }' "$record"
done | awk '{ if ($2 in deployed) { print "game " NR - 1 ": the opponent deploys " $2 ", the spy'"'"'s own layout of an earlier game"; bad = 1 }
              deployed[$1] = 1 } END { exit bad }' || fail "the spy knew an opponent's layout"

# Flip Junqi: the deal, which the spy sees flipped piece by piece, is every game's own.
spyMatch flip jqf 6 --rules flip-kawu --agent random --max-plies 60
replaysADeal "$dir/flip/match" && fail "the spy met a flip deal it had seen"

# Four-player: no army's layout (the spy's armies see their own, and learn the others') comes back.
spyMatch four jq4 12 --rules four-worldatplay --agent random --max-plies 120
replaysALayout "$dir/four/match" && fail "the spy met a four-player layout it had seen"

# The two checks can fail: a match of built-in agents keeps the paired replays
# (the old pairing of every match), and each check must find them there.
builtInMatch() {
  name=$1
  shift
  "$junqi" match "$@" --agent a=random --agent b=random --seed "$seed" --pairs 3 --out "$dir/$name" > /dev/null 2>&1 ||
    fail "the built-in $name match failed"
}
builtInMatch flip-paired --rules flip-kawu --max-plies 60
replaysADeal "$dir/flip-paired" > /dev/null || fail "the deal check finds no replay in a paired flip match"
builtInMatch four-paired --rules four-worldatplay --max-plies 120
replaysALayout "$dir/four-paired" > /dev/null || fail "the layout check finds no replay in a paired four-player match"
echo "ok"
