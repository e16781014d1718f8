#!/bin/sh
# The guard of issue 28's "instructions per decision flat within 3 %": runs
# `dtref bench --only ir --json` (callgrind over the fixed bench games) and
# compares ir_per_decision with bench/ir_baseline.txt. Exit 0: within +3 %;
# 1: above it, or no figure; 77 (skipped): no valgrind, or a build other than
# the one the baseline was measured with. How to move the baseline: the
# comments of bench/ir_baseline.txt.
# Usage: ir_guard.sh DTREF BASELINE BUILD_TYPE COMPILER_ID COMPILER_VERSION
set -u
dtref=$1 baseline=$2 build="$3 $4 $5"
if ! command -v valgrind >/dev/null 2>&1; then
  echo "perf.ir_per_decision: valgrind is not installed; skipped (apt-get install valgrind)"
  exit 77
fi
want_build=$(sed -n 's/^build //p' "$baseline")
base=$(sed -n 's/^ir_per_decision //p' "$baseline")
if [ "$want_build" != "$build" ]; then
  echo "perf.ir_per_decision: the baseline is for '$want_build', this build is '$build'; skipped"
  echo "(instruction counts differ between compilers and build types; see $baseline to measure one)"
  exit 77
fi
out=$("$dtref" bench --only ir --json) || { echo "dtref bench failed"; exit 1; }
ir=$(printf '%s\n' "$out" | sed -n 's/.*"ir_per_decision":\([0-9.]*\).*/\1/p')
if [ -z "$ir" ]; then
  echo "perf.ir_per_decision: dtref bench printed no ir_per_decision: $out"
  exit 1
fi
awk -v ir="$ir" -v base="$base" -v file="$baseline" 'BEGIN {
  limit = base * 1.03
  printf "instructions per decision: %d, baseline %d (%+.2f %%), limit %d\n", ir, base, (ir / base - 1) * 100, limit
  if (ir > limit) {
    printf "FAIL: more than 3 %% above the baseline. Take the cost off the hot path, or, when it is the\n"
    printf "price of rules the bench games hold, move the baseline as %s says.\n", file
    exit 1
  }
  if (ir < base * 0.97) printf "note: more than 3 %% below the baseline; lower it (%s) to keep the guard tight\n", file
}'
