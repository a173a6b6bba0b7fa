#!/usr/bin/env bash
# Every link in README.md and docs/ that is not a web address names a file or
# folder that exists inside the repository (docs travel with the repository
# and are installed with it: nothing may point outside).
# Usage: doc_links_test.sh SOURCE_DIR
set -u
root=$(realpath "$1")
failures=0
for doc in "$root"/README.md "$root"/docs/*.md; do
  # Markdown links [text](target), the target without its #anchor.
  while IFS= read -r target; do
    case $target in http://* | https://* | mailto:* | '') continue ;; esac
    where=$(realpath -m "$(dirname "$doc")/$target")
    if [[ $target == /* || $where != "$root"/* ]]; then
      echo "FAIL: ${doc#"$root"/} links outside the repository: $target"
      failures=$((failures + 1))
    elif [ ! -e "$where" ]; then
      echo "FAIL: ${doc#"$root"/} links to a missing file: $target"
      failures=$((failures + 1))
    fi
  done < <(grep -oE '\]\([^) ]*' "$doc" | sed -E 's/^\]\(//; s/#.*//')
done
[ "$failures" -eq 0 ] && echo "every link stays inside the repository"
[ "$failures" -eq 0 ]
