# junqi export of a Flip Junqi run's checkpoint: the run's own weights file
# byte for byte but for its description, options that contradict the run
# refused with one line, and junqi-bot --weights plays the exported network.
# Usage: sh export_a_flip_checkpoint.sh JUNQI JUNQI_BOT DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 bot=$2 dir=$3
rm -rf "$dir" "$dir".*
mkdir -p "$(dirname "$dir")"
"$junqi" train --run "$dir" --rules flip-kawu --generations 1 --games 1 --sims 2 --steps 1 --batch 8 \
  --rating-pairs 1 --rating-sims 3 --max-plies 40 --baselines random --threads 1 > /dev/null 2> "$dir.err" ||
  fail "the flip run failed" "$dir.err"
checkpoint=$dir/checkpoints/gen-0001
"$junqi" export "$checkpoint" --out "$dir.jqw" > "$dir.out" 2> "$dir.err" || fail "the export failed" "$dir.err"
grep -q "searching with sims=3,c=1.5" "$dir.out" || fail "not the run's search settings" "$dir.out"

# A weights file less its description (a string after the 32-byte header and
# the ruleset) and its checksum (the last 8 bytes).
body() {
  noteAt=$((36 + $(od -An -tu4 -j32 -N4 "$1" | tr -d ' ')))
  noteLength=$(od -An -tu4 -j"$noteAt" -N4 "$1" | tr -d ' ')
  size=$(wc -c < "$1")
  head -c "$noteAt" "$1"
  tail -c +$((noteAt + 4 + noteLength + 1)) "$1" | head -c $((size - noteAt - 4 - noteLength - 8))
}
body "$dir/weights/gen-0001.jqw" > "$dir.run.body"
body "$dir.jqw" > "$dir.exported.body"
[ -s "$dir.run.body" ] || fail "no weights file from the run"
cmp -s "$dir.run.body" "$dir.exported.body" || fail "the export differs from the run's weights/gen-0001.jqw"
grep -q "exported from $checkpoint" "$dir.jqw" || fail "the export does not say where it came from"

# Options that contradict the run: one line of error, nothing written.
refused() {
  expected=$1
  shift
  "$junqi" export "$checkpoint" --out "$dir.refused.jqw" "$@" > /dev/null 2> "$dir.err" && fail "export $* was accepted"
  [ "$(wc -l < "$dir.err")" -eq 1 ] && grep -qxF -- "junqi export: error: $expected" "$dir.err" ||
    fail "export $*: not the one line '$expected'" "$dir.err"
  [ ! -e "$dir.refused.jqw" ] || fail "export $* wrote a file"
}
refused "--shape small: the network of $checkpoint was trained with shape tiny" --shape small
refused "--optimizer sgd: the network of $checkpoint was trained with optimizer adam" --optimizer sgd
refused "--rules flip-worldatplay: the network of $checkpoint was trained for other rules (flip-kawu)" \
  --rules flip-worldatplay
refused "--rules hiddenfront: the network of $checkpoint was trained for other rules (flip-kawu)" --rules hiddenfront

# junqi-bot plays the exported network in a flip game, with --sims.
start='flip ?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - -- - 0 0'
printf 'jbp 1\nnewgame variant flip ruleset flip-kawu seat 1 movetime 0 seed 5\nposition %s\ngo\nquit\n' "$start" |
  "$bot" --weights "$dir.jqw" --sims 7 > "$dir.bot" 2>&1 || fail "junqi-bot failed" "$dir.bot"
grep -q '^info sims 7 ' "$dir.bot" && grep -Eq '^move [A-E][0-9]+$' "$dir.bot" ||
  fail "junqi-bot did not flip with the network at 7 simulations" "$dir.bot"
echo "ok"
