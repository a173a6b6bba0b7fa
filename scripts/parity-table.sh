#!/usr/bin/env bash
# The parity table (docs/parity.md): every command of `junqi` run once for
# each game with one of its presets, and what came of it: "works", or the
# command's one-line refusal, which names the game and what the command
# lacks for it. Commands are found in `junqi --help`; each needs a small
# invocation below (invoke_<command>), so a new command cannot be left out.
#
# Usage: scripts/parity-table.sh [--check] JUNQI [OUT]
#   OUT: where the table goes (default: docs/parity.md of this checkout).
#   --check: exit 1 when a cell breaks the rule (the command succeeds, or
#   exits non-zero with exactly one line on stderr naming the game) and is
#   not in known_exception below, or when a command has no invocation.
# tests/cli/parity.sh runs it with --check and compares the table with
# docs/parity.md, so that the table cannot go stale.
set -u
check=0
if [ "${1:-}" = --check ]; then check=1; shift; fi
[ $# -ge 1 ] || { echo "usage: $0 [--check] JUNQI [OUT]" >&2; exit 2; }
junqi=$(realpath "$1")
out=${2:-$(dirname "$0")/../docs/parity.md}
out=$(realpath -m "$out")

games="classic flip four"
preset() { case $1 in classic) echo hiddenfront ;; flip) echo flip-worldatplay ;; four) echo four-worldatplay ;; esac; }
# The words the one-line refusal must hold to name the game (any case).
title() { case $1 in classic) echo classic ;; flip) echo "flip junqi" ;; four) echo four-player ;; esac; }
extension() { case $1 in classic) echo jqr ;; flip) echo jqf ;; four) echo jq4 ;; esac; }

# The known exceptions: cells that break the rule, each with its reason.
# They are commands whose files other engineers own (issue 37); the table
# shows them, and the check lets them pass until their owners fix them.
# None today (serve took no --rules until stop 48).
known_exception() {
  case $1 in
    *) return 1 ;;
  esac
}

# One invocation per command: `invoke_<command with - as _> GAME PRESET`,
# run in a scratch folder (relative paths keep the table the same anywhere).
# play-random runs first and leaves each game's records in records-GAME/.
invoke_rules() { "$junqi" rules --rules "$2"; }
invoke_setup() { "$junqi" setup --rules "$2"; }
invoke_moves() { "$junqi" moves --rules "$2"; }
invoke_perft() { "$junqi" perft --rules "$2" --depth 2; }
invoke_play_random() { "$junqi" play-random --rules "$2" --games 2 --max-plies 200 --records "records-$1"; }
invoke_replay() { "$junqi" replay --rules "$2" "records-$1/game-00000.$(extension "$1")"; }
invoke_beliefs() { "$junqi" beliefs --rules "$2" --ply 40 "records-$1/game-00000.$(extension "$1")"; }
invoke_beliefs_check() { "$junqi" beliefs-check --rules "$2" --games 1 --max-plies 60; }
invoke_tactics() { "$junqi" tactics --rules "$2" --check-records "records-$1"; }
invoke_agents() { "$junqi" agents --rules "$2"; }
invoke_gauntlet() {
  "$junqi" gauntlet random --rules "$2" --panel random --pairs 1 --max-plies 100 --out "gauntlet-$1"
}
invoke_exploit() {
  "$junqi" exploit --target random --rules "$2" --budget sims=5,worlds=2 --games 2 --max-plies 100 --out "exploit-$1"
}
invoke_match() {
  "$junqi" match --rules "$2" --agent a=random --agent b=random --pairs 1 --max-plies 100 --out "match-$1"
}
# Two matches of the same starts compared (here the match above with itself).
invoke_compare() {
  [ -d "match-$1" ] || invoke_match "$@" > /dev/null 2>&1
  "$junqi" compare "match-$1" "match-$1"
}
# The bot learns the game from the arbiter (docs/protocol.md): a handshake and a new game.
invoke_bot() {
  local seat
  case $1 in classic) seat=red ;; flip) seat=1 ;; four) seat=south ;; esac
  printf 'jbp 1\nnewgame variant %s ruleset %s seat %s movetime 0 seed 1\nquit\n' "$1" "$2" "$seat" |
    "$junqi" bot --agent random --flip-agent random --four-agent random | grep -qx ready
}
# serve runs until Ctrl-C: it works when it starts with the preset and stops cleanly on SIGINT.
invoke_serve() { timeout --preserve-status -s INT -k 10 3 "$junqi" serve --rules "$2" --port 0; }
invoke_play() { printf 'resign\n' | "$junqi" play --rules "$2" --agent random; }
# A worker plays one shard for a run with external self-play (started first:
# the worker needs its config.json), which then trains on it and ends.
invoke_selfplay() {
  "$junqi" train --rules "$2" --run "external-$1" --external-selfplay --generations 1 --games 1 --parallel-games 1 \
    --sims 2 --steps 1 --batch 4 --max-plies 20 --teacher-games 0 --rating-pairs 1 --rating-sims 2 --baselines random \
    > "train-external-$1.out" 2>&1 &
  local trainer=$! waited=0 status
  while [ ! -f "external-$1/config.json" ] && kill -0 "$trainer" 2> /dev/null && [ "$waited" -lt 600 ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  timeout 120 "$junqi" selfplay --rules "$2" --run "external-$1" --shards 1
  status=$?
  [ "$status" -eq 0 ] || kill "$trainer" 2> /dev/null
  wait "$trainer" || [ "$status" -ne 0 ] || status=1
  return "$status"
}
invoke_train() {
  "$junqi" train --rules "$2" --run "train-$1" --generations 1 --games 1 --parallel-games 1 --sims 2 \
    --steps 1 --batch 4 --max-plies 20 --teacher-games 0 --rating-pairs 1 --rating-sims 2 --baselines random
}
invoke_export() { "$junqi" export --rules "$2" "train-$1/checkpoints/gen-0001" --out "weights-$1.jqw"; }

commands=$("$junqi" --help | sed -n '/^[Ss][Uu][Bb][Cc][Oo][Mm][Mm][Aa][Nn][Dd][Ss]:/,$p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')
# Tests: PARITY_COMMANDS runs only these (of the commands listed).
if [ -n "${PARITY_COMMANDS:-}" ]; then
  commands=$(printf '%s\n' $commands | grep -xF "$(printf '%s\n' $PARITY_COMMANDS)")
fi
# play-random first (its records feed the others), train before export.
ordered=$(printf '%s\n' $commands | grep -x play-random; printf '%s\n' $commands | grep -vx play-random)

lines() { if [ "$1" -eq 1 ]; then echo "1 line"; else echo "$1 lines"; fi; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
declare -A cell
for command in $ordered; do
  for game in $games; do
    fn=invoke_${command//-/_}
    if ! declare -F "$fn" > /dev/null; then
      cell[$command.$game]="no invocation in scripts/parity-table.sh"
      echo "FAIL: $command has no invocation in scripts/parity-table.sh" >&2
      failures=$((failures + 1))
      continue
    fi
    started=$(date +%s.%N)
    "$fn" "$game" "$(preset "$game")" < /dev/null > "out-$command-$game" 2> "err-$command-$game"
    status=$?
    [ -z "${PARITY_TIMES:-}" ] || echo "$command $game: $(echo "$(date +%s.%N) - $started" | bc) s" >&2
    lines=$(wc -l < "err-$command-$game")
    first=$(head -n 1 "err-$command-$game" | sed 's/|/\\|/g')
    if [ "$status" -eq 0 ]; then
      cell[$command.$game]=works
    elif [ "$lines" -eq 1 ] && grep -qiF "$(title "$game")" "err-$command-$game"; then
      cell[$command.$game]="$first"
    elif reason=$(known_exception "$command/$game"); then
      cell[$command.$game]="known exception, $reason: exit $status, $(lines "$lines") on stderr, the first: $first"
    else
      cell[$command.$game]="**breaks the rule**: exit $status, $(lines "$lines") on stderr, the first: $first"
      echo "FAIL: junqi $command, $game: exit $status with $lines lines on stderr:" >&2
      cat "err-$command-$game" >&2
      failures=$((failures + 1))
    fi
  done
done

{
  echo "# Every command for every game"
  echo
  echo "Generated by \`scripts/parity-table.sh build/tools/junqi\` (do not edit; the"
  echo "test \`parity\` fails when this file is not what the script writes). Each"
  echo "command ran once per game, with the preset named in the column, as the"
  echo "script's invoke_<command> says; a cell is \"works\" or the command's"
  echo "refusal, one line on standard error that names the game and what the"
  echo "command lacks for it. Every command that runs a game takes \`--rules PRESET\`"
  echo "(the preset names the game; \`junqi play --preset\` is its deprecated"
  echo "alias), and its help lists only the presets it takes."
  echo
  printf '| command |'
  for game in $games; do printf ' %s (`%s`) |' "$game" "$(preset "$game")"; done
  echo
  printf '|---|'
  for game in $games; do printf -- '---|'; done
  echo
  for command in $(printf '%s\n' $commands | sort); do
    printf '| `%s` |' "$command"
    for game in $games; do printf ' %s |' "${cell[$command.$game]}"; done
    echo
  done
} > "$out.tmp" && mv "$out.tmp" "$out"

[ "$check" -eq 0 ] || [ "$failures" -eq 0 ]
