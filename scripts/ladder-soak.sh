#!/usr/bin/env bash
# A soak of the ladder service, kept out of CI's time (docs/security.md,
# "A long-running service stays clean"): MATCHES ladder matches (default
# 20,000) of a launched stdio bot against a built-in one, at -j JOBS, with
# the page served, sampling every INTERVAL seconds the ladder's child
# processes (and zombies among them), its resident memory, its open files and
# its threads. The figures should stay flat; the last lines say how far they
# moved between the first sample after warm-up and the last.
#
# usage: scripts/ladder-soak.sh [BUILD_DIR]   (env: MATCHES, JOBS, INTERVAL, OUT)
set -euo pipefail
build=${1:-build}
matches=${MATCHES:-20000}
jobs=${JOBS:-2}
interval=${INTERVAL:-30}
out=${OUT:-$(mktemp -d /tmp/dtref-soak-XXXXXX)}
dtref=$build/referee/dtref
bot=$build/bots/dtbot-random
[ -x "$dtref" ] && [ -x "$bot" ] || { echo "ladder-soak: build $dtref and $bot first" >&2; exit 2; }

"$dtref" ladder --db "$out/soak.db" --bot "r=stdio:$bot" --bot builtin:random \
  --matches "$matches" -j "$jobs" --http 127.0.0.1:0 --transcripts "$out/logs" --quiet \
  2>"$out/ladder.err" &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT

sample() {
  local kids zombies rss fds threads done_
  kids=0 zombies=0
  # Its children as the kernel lists them now (a glob over /proc would miss
  # the short-lived ones started while it ran).
  for k in $(cat /proc/$pid/task/*/children 2>/dev/null | tr ' ' '\n' | sort -u); do
    state=$(sed 's/^.*) //' /proc/$k/stat 2>/dev/null | cut -d' ' -f1) || continue
    [ -n "$state" ] || continue
    kids=$((kids + 1))
    [ "$state" = Z ] && zombies=$((zombies + 1))
  done
  rss=$(awk '/^VmRSS/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0)
  threads=$(awk '/^Threads/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0)
  fds=$(ls /proc/$pid/fd 2>/dev/null | wc -l)
  done_=$(sqlite3 "file:$out/soak.db?mode=ro" "SELECT count(*) FROM ladder_matches WHERE status='done'" 2>/dev/null || echo '?')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%T)" "$done_" "$kids" "$zombies" "$rss" "$fds" "$threads"
}

echo -e "time\tfinished\tchildren\tzombies\trss_kib\topen_files\tthreads" | tee "$out/samples.tsv"
start=$(date +%s)
while kill -0 "$pid" 2>/dev/null; do
  sample | tee -a "$out/samples.tsv"
  sleep "$interval"
done
wait "$pid" && rc=0 || rc=$?
echo "ladder-soak: ladder exited with $rc after $(( $(date +%s) - start )) s; samples in $out/samples.tsv"
# From the third sample (warm-up over) to the last one taken while it ran.
awk -F'\t' 'NR==4 {f=$0; r0=$5; o0=$6; c0=$3} NR>1 {l=$0; r1=$5; o1=$6; c1=$3; if ($4>zmax) zmax=$4; if ($3>cmax) cmax=$3}
  END {printf "ladder-soak: rss %s -> %s KiB, open files %s -> %s, children %s -> %s (max %d), zombies max %d\n", r0, r1, o0, o1, c0, c1, cmax, zmax}' \
  "$out/samples.tsv"
exit "$rc"
