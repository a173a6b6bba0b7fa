#!/bin/sh
# The web board in a real headless Chromium: board_in_chromium.sh JUNQI NODE_DIR OUT_DIR.
# Makes a record and a small match for the page to show, starts `junqi serve`
# on a free port, runs board_in_chromium.js (puppeteer-core from NODE_DIR,
# installed there by `npm ci` when missing) and stops the server. The
# screenshots and the server's log stay in OUT_DIR. Without node, npm or
# chromium it fails, saying what to install (scripts/setup.sh installs them).
set -u
junqi=$1 node_dir=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "web_board_in_chromium: $*"; exit 1; }

command -v node > /dev/null || fail "node is missing (apt-get install nodejs npm)"
command -v npm > /dev/null || fail "npm is missing (apt-get install npm)"
chromium=${JUNQI_CHROMIUM:-$(command -v chromium || command -v chromium-browser)} \
  || fail "chromium is missing (apt-get install chromium)"
if [ ! -d "$node_dir/node_modules/puppeteer-core" ]; then
  (cd "$node_dir" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci failed in $node_dir"
fi

rm -rf "$out" && mkdir -p "$out" || fail "cannot make $out"
"$junqi" play-random --games 1 --seed 4 --max-plies 120 --records "$out/records" > /dev/null \
  || fail "junqi play-random failed"
"$junqi" match --agent random --agent heuristic --pairs 1 --max-plies 200 --out "$out/match" > /dev/null 2>&1 \
  || fail "junqi match failed"

"$junqi" serve --port 0 --games-dir "$out/games" --records "$out/records" --match "$out/match" \
  > "$out/serve.log" 2>&1 &
server=$!
trap 'kill $server 2> /dev/null' EXIT
url=
for _ in $(seq 100); do
  url=$(sed -n 's|.*the board is at \(http://[^ ]*\) .*|\1|p' "$out/serve.log")
  [ -n "$url" ] && break
  kill -0 $server 2> /dev/null || fail "junqi serve stopped: $(cat "$out/serve.log")"
  sleep 0.1
done
[ -n "$url" ] || fail "junqi serve did not say where it listens"

NODE_PATH="$node_dir/node_modules" node "$here/board_in_chromium.js" "$url" "$chromium" "$out" || exit 1
NODE_PATH="$node_dir/node_modules" node "$here/live_analysis_in_chromium.js" "$url" "$chromium" "$out" || exit 1
# Ctrl-C's signal stops the server cleanly (under the sanitizers: with nothing to report).
kill -TERM $server
wait $server || fail "junqi serve ended with status $? on SIGTERM: $(cat "$out/serve.log")"
trap - EXIT
