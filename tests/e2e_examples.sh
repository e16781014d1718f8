#!/bin/sh
# One full match between an example bot and builtin:random, as a user would
# run it: the match must reach a result with every seat's verdict ok, and the
# transcript must re-simulate exactly (dtref replay --verify).
# Usage: e2e_examples.sh DTREF TRANSCRIPT BOT_SPEC [SEED]
set -eu
dtref=$1 transcript=$2 spec=$3 seed=${4:-11}
rm -f "$transcript"
# Generous clocks: the machine running the suite may be loaded; speed is
# measured by the benchmarks, not here.
"$dtref" match --bot "$spec" --bot builtin:random --seed "$seed" --transcript "$transcript" \
  --startup-ms 30000 --decision-ms 5000 --bank-ms 60000
result=$(tail -n 1 "$transcript")
echo "$result"
oks=$(printf '%s\n' "$result" | grep -o '"verdict":"ok"' | wc -l)
if [ "$oks" -ne 2 ]; then
  echo "e2e: expected verdict ok for both seats" >&2
  exit 1
fi
"$dtref" replay --verify "$transcript"
