#!/usr/bin/env bash
# Runs every libFuzzer target in BUILD_DIR (built with -DDTREF_FUZZ=ON) for
# SECONDS each, starting from its seed corpus and the inputs that once crashed
# it. New inputs go to a scratch directory, never into the source tree. A crash
# leaves its input in BUILD_DIR/fuzz-crashes/<target>/ and fails the run: fix
# it and keep the input in fuzz/regressions/<target>/.
# Usage: scripts/fuzz-smoke.sh BUILD_DIR [SECONDS]
set -euo pipefail
build=${1:?usage: scripts/fuzz-smoke.sh BUILD_DIR [SECONDS]}
seconds=${2:-5}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
targets=("$build"/fuzz/fuzz_*)
[ -x "${targets[0]}" ] || { echo "fuzz-smoke: no fuzz targets in $build/fuzz (configure with -DDTREF_FUZZ=ON)" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failed=0
for bin in "${targets[@]}"; do
  name=$(basename "$bin"); name=${name#fuzz_}
  mkdir -p "$scratch/$name" "$build/fuzz-crashes/$name"
  dirs=("$scratch/$name" "$src/fuzz/corpus/$name")
  [ -d "$src/fuzz/regressions/$name" ] && dirs+=("$src/fuzz/regressions/$name")
  if "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="$build/fuzz-crashes/$name/" "${dirs[@]}" >"$scratch/$name.log" 2>&1; then
    echo "fuzz-smoke: $name: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$scratch/$name.log" | grep -o '[0-9]*$') runs in ${seconds}s, no crash"
  else
    echo "fuzz-smoke: $name FAILED; its log ends:" >&2
    tail -40 "$scratch/$name.log" >&2
    failed=1
  fi
done
exit $failed
