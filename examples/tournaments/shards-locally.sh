#!/bin/sh
# What the cluster examples do, on one machine: 3 shards, then merge.
# Run from the repository root after building: sh examples/tournaments/shards-locally.sh
set -eu
DTREF=${DTREF:-./build/referee/dtref}
OUT=${OUT:-/tmp/dtref-shards}
mkdir -p "$OUT"
for i in 0 1 2; do
  "$DTREF" tournament --config examples/tournaments/round-robin.toml --shard "$i/3" --db "$OUT/shard-$i.db" --quiet &
done
wait
"$DTREF" merge "$OUT/merged.db" "$OUT"/shard-0.db "$OUT"/shard-1.db "$OUT"/shard-2.db
"$DTREF" standings --db "$OUT/merged.db"
