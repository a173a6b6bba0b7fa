#!/usr/bin/env bash
# `cmake --install` puts the programs, the docs and the bash completion under
# a prefix, the installed programs run from there, and the installed
# completion completes commands, options and agent kinds.
# Usage: install_test.sh CMAKE BUILD_DIR PROGRAM...
set -u
cmake=$1 build=$2
shift 2
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
if ! log=$("$cmake" --install "$build" --prefix "$prefix" 2>&1); then
  printf '%s\n' "$log"
  echo "FAIL: cmake --install $build --prefix $prefix"
  exit 1
fi

for file in "${@/#/bin/}" share/doc/junqi/README.md share/doc/junqi/docs/protocol.md \
            share/bash-completion/completions/junqi share/bash-completion/completions/junqi-bot \
            share/junqi/best/classic.jqw share/junqi/best/flip.jqw share/junqi/best/flip-worldatplay.jqw \
            share/junqi/best/four.jqw; do
  [ -f "$prefix/$file" ] || fail "$file is not installed"
done
for program in "$@"; do
  if [ "$program" = junqi-train ]; then  # run by junqi, found beside it
    "$prefix/bin/junqi" train --help | grep -q -- --teacher-games || fail "the installed junqi cannot run junqi train"
    continue
  fi
  # junqi-bot-x86-64 calls itself junqi-bot.
  "$prefix/bin/$program" --version | grep -qE "^${program%-x86-64} [0-9]+\.[0-9]+\.[0-9]+" ||
    fail "$prefix/bin/$program --version does not run"
done

# The installed bot's level 5 plays the installed best network, not the source tree's.
printf 'jbp 1\nquit\n' | env -u JUNQI_BEST_NETWORKS "$prefix/bin/junqi-bot" --level 5 |
  grep -q "^id spec nn:weights=$prefix/share/junqi/best/classic.jqw," ||
  fail "the installed junqi-bot --level 5 does not play $prefix/share/junqi/best/classic.jqw"

# What the installed completion offers for a command line (the last word being completed).
source "$prefix/share/bash-completion/completions/junqi"
offers() {
  local want=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  _junqi
  printf '%s\n' "${COMPREPLY[@]}" | grep -qxF -- "$want" ||
    fail "completing '$*' does not offer $want (it offers: ${COMPREPLY[*]})"
}
offers match "$prefix/bin/junqi" ma
offers --pairs "$prefix/bin/junqi" match --pa
offers ismcts "$prefix/bin/junqi" bot --agent is
offers --weights "$prefix/bin/junqi-bot" --we
[ "$failures" -eq 0 ] && echo "installed and runs from $prefix"
[ "$failures" -eq 0 ]
