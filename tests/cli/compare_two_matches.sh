# `junqi compare A B`: two matches of a player on the same starts, each
# score and the difference pair by pair; matches on other starts refused.
# Usage: sh compare_two_matches.sh JUNQI DIR
set -u
. "$(dirname "$0")/common.sh"
junqi=$1 dir=$2
rm -rf "$dir" "$dir.err"
mkdir -p "$dir"
match() {  # OUT AGENT SEED: AGENT as p against heuristic, 4 deal pairs of Flip Junqi
  "$junqi" match --rules flip-kawu --agent "p=$2" --agent opp=heuristic --pairs 4 --seed "$3" --max-plies 300 \
    --out "$dir/$1" > /dev/null 2> "$dir.err" || fail "the match $1 failed" "$dir.err"
}
match a random 5
match b heuristic 5
match c heuristic 6
"$junqi" compare "$dir/a" "$dir/b" > "$dir.out" 2> "$dir.err" || fail "compare failed" "$dir.err"
grep -Eq "^A $dir/a: p against opp, 8 games \(4 pairs\), [0-9.]+% \[" "$dir.out" || fail "no line for A" "$dir.out"
grep -Eq "^B $dir/b: p against opp, 8 games \(4 pairs\), [0-9.]+% \[" "$dir.out" || fail "no line for B" "$dir.out"
grep -Eq "^B minus A over the 4 pairs finished in both: [-+][0-9.]+ \[[-+][0-9.]+, [-+][0-9.]+\] points per 100 games" \
  "$dir.out" || fail "no paired difference" "$dir.out"
"$junqi" compare "$dir/a" "$dir/c" > /dev/null 2> "$dir.err" && fail "matches on other deals were compared"
grep -q "^junqi compare: error: $dir/a and $dir/c were not played on the same starts: seed 5 and 6$" "$dir.err" ||
  fail "no one-line error naming the seeds" "$dir.err"
echo "ok"
