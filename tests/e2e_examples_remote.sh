#!/bin/sh
# The remote gRPC form end to end: the referee waits with grpc-remote and
# prints the address and token; the Python gRPC example is started by hand
# (here, by this script) with them, plays the match, and the transcript must
# re-simulate exactly.
# Usage: e2e_examples_remote.sh DTREF TRANSCRIPT BOT_PY
set -eu
dtref=$1 transcript=$2 bot=$3
err=$transcript.stderr
rm -f "$transcript" "$err"
"$dtref" match --bot grpc-remote --bot builtin:random --seed 13 --transcript "$transcript" \
  --startup-ms 30000 --decision-ms 5000 --bank-ms 60000 2>"$err" &
referee=$!
# Wait (generously, the machine may be loaded) for the line naming address and token.
tries=0
until grep -q 'DTREF_TOKEN=' "$err" 2>/dev/null; do
  tries=$((tries + 1))
  if [ $tries -gt 200 ]; then
    echo "e2e: the referee printed no token" >&2
    kill $referee
    exit 1
  fi
  sleep 0.1
done
address=$(grep -o 'DTREF_GRPC_ADDRESS=[^ ]*' "$err" | cut -d= -f2)
token=$(grep -o 'DTREF_TOKEN=[0-9a-f]*' "$err" | cut -d= -f2)
/usr/bin/python3 "$bot" --address "$address" --token "$token"
wait $referee
result=$(tail -n 1 "$transcript")
echo "$result"
if [ "$(printf '%s\n' "$result" | grep -o '"verdict":"ok"' | wc -l)" -ne 2 ]; then
  echo "e2e: expected verdict ok for both seats" >&2
  exit 1
fi
"$dtref" replay --verify "$transcript"
