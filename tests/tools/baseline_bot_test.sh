#!/usr/bin/env bash
# junqi-bot-x86-64 runs on any 64-bit x86 CPU: its code holds no AVX, AVX2,
# FMA or BMI instruction (the same check finds them in junqi-bot, built for
# AVX2, so it can see them), and it plays: the handshake, and the protocol's
# bench (perft 4 and one move of the nn agent, through the Eigen code) with
# the perft count junqi-bot gives.
# Usage: baseline_bot_test.sh BASELINE_BOT AVX2_BOT RANDOM_WEIGHTS_WRITER
set -u
baseline=$1 avx2=$2 writer=$3
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# VEX-encoded instructions (AVX, AVX2, FMA: mnemonics starting with v) and
# the BMI1/BMI2/MOVBE ones x86-64-v3 adds; objdump prints "addr:<TAB>insn".
avx_lines() {
  objdump -d --no-show-raw-insn "$1" | awk -F'\t' 'NF >= 2 {print $2}' |
    grep -cE '^(v[a-z0-9]+|andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|movbe) '
}
found=$(avx_lines "$baseline")
[ "$found" -eq 0 ] || fail "$baseline holds $found AVX/BMI instructions, e.g.:
$(objdump -d --no-show-raw-insn "$baseline" | grep -m 3 -E $'\t(v[a-z0-9]+|shlx|sarx|shrx) ')"
[ "$(avx_lines "$avx2")" -gt 0 ] || fail "the check finds no AVX instruction in $avx2 either: it is blind"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$writer" "$work/random.jqw" || fail "cannot write random weights"
bench() { printf 'jbp 1\nbench\nquit\n' | "$1" --weights "$work/random.jqw" --sims 16 2>&1; }
out=$(bench "$baseline")
printf '%s\n' "$out"
printf '%s\n' "$out" | grep -qx 'jbpok' || fail "$baseline: no handshake"
line=$(printf '%s\n' "$out" | grep -E '^bench signature [0-9a-f]+ perft [0-9]+ move [A-E][0-9]+-[A-E][0-9]+ ')
[ -n "$line" ] || fail "$baseline: no bench line with a move"
perft=$(printf '%s\n' "$line" | awk '{print $5}')
reference=$(bench "$avx2" | awk '$1 == "bench" {print $5}')
[ "$perft" = "$reference" ] || fail "perft 4: $baseline counts '$perft', $avx2 '$reference'"
[ "$failures" -eq 0 ] && echo "the baseline bot holds no AVX instruction and plays"
[ "$failures" -eq 0 ]
