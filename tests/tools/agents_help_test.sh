#!/usr/bin/env bash
# `junqi agents` documents every parameter of every kind with the default the
# agent really uses: each key=value of an agent's own spec (made with no
# parameters but nn's weights, as `junqi bot` reports it in the handshake)
# must be listed as that key's default, and every listed key must be accepted.
# (A '*' after an nn default marks one a weights file may replace; this file
# has no search settings.)
# Usage: agents_help_test.sh JUNQI RANDOM_WEIGHTS_WRITER
set -u
junqi=$1 writer=$2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$writer" "$work/net.jqw" || exit 1
listing=$("$junqi" agents) || { echo "FAIL: junqi agents"; exit 1; }
handshake() { printf 'jbp 1\nquit\n' | "$junqi" bot --agent "$1" 2>&1; }

for kind in random heuristic tactical pimc ismcts nn; do
  required=  # the parameters a spec must give, each with its ','
  [ "$kind" = nn ] && required="weights=$work/net.jqw,"
  plain=$kind
  [ -n "$required" ] && plain="$kind:${required%,}"
  # The kind's listed key=default words: its header line up to the blank line after it.
  listed=$(printf '%s\n' "$listing" | awk -v k="$kind:" '$1 == k {on = 1; next} on && NF == 0 {exit} on {print $1}' |
           sed 's/\*$//')
  [ -n "$listed" ] || { fail "$kind is not listed"; continue; }
  spec=$(handshake "$plain" | sed -n 's/^id spec //p')
  [ -n "$spec" ] || { fail "$kind: no spec in the handshake"; continue; }
  IFS=',' read -ra pairs <<< "${spec#*:}"
  for pair in "${pairs[@]}"; do
    [ "${pair%%=*}" = weights ] && continue
    printf '%s\n' "$listed" | grep -qxF -- "$pair" ||
      fail "$kind: '$pair' (from its spec $spec) is not listed as a default"
  done
  # All the listed defaults in one spec (one process: each start is slow under
  # the sanitizers); only if that is refused, one at a time to name the culprit.
  all=$(printf '%s\n' "$listed" | grep -v '^weights=' | paste -sd, -)
  handshake "$kind:$required$all" | grep -qx 'jbpok' && continue
  for pair in $listed; do
    [ "${pair%%=*}" = weights ] && continue
    handshake "$kind:$required$pair" | grep -qx 'jbpok' || fail "$kind: the listed default '$pair' is refused"
  done
done
[ "$failures" -eq 0 ] && echo "every parameter is listed with its default"
[ "$failures" -eq 0 ]
