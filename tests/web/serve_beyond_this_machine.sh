#!/bin/sh
# junqi serve --host 0.0.0.0 (serve_beyond_this_machine.sh JUNQI OUT_DIR): a
# warning, a token in the address it prints; the API refuses a request
# without the token (401) and answers one with it.
set -u
junqi=$1 out=$2
fail() { echo "web_serve_beyond_this_machine: $*"; exit 1; }
rm -rf "$out" && mkdir -p "$out" || fail "cannot make $out"
"$junqi" serve --host 0.0.0.0 --port 0 > "$out/serve.log" 2>&1 &
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
grep -q "warning: listening on 0.0.0.0, beyond this machine" "$out/serve.log" || fail "no warning: $(cat "$out/serve.log")"
token=${url#*\?token=}
[ ${#token} -eq 32 ] || fail "no token of 32 digits in $url"
port=${url#http://0.0.0.0:}
port=${port%%/*}
status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
[ "$(status "http://127.0.0.1:$port/api/presets")" = 401 ] || fail "answered without the token"
[ "$(status "http://127.0.0.1:$port/api/presets?token=0123")" = 401 ] || fail "answered a wrong token"
[ "$(status -H "X-Junqi-Token: $token" "http://127.0.0.1:$port/api/presets")" = 200 ] || fail "refused the token"
[ "$(status "http://127.0.0.1:$port/")" = 200 ] || fail "the page itself was refused"
kill -TERM $server
wait $server || fail "junqi serve ended with status $? on SIGTERM"
trap - EXIT
