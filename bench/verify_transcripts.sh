#!/bin/sh
# Plays N self-play matches through `dtref match --transcript` and checks every
# transcript with `dtref replay --verify`. Bots and rules rotate with the seed:
# random and greedy, built-in and (every 10th match) over stdio, both presets.
# usage: bench/verify_transcripts.sh [N] [BUILD_DIR]     (default 1000, build)
set -u
n=${1:-1000}
build=${2:-build}
dtref=$build/referee/dtref
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ok=0; bad=0; decisions=0
i=1
while [ "$i" -le "$n" ]; do
  case $((i % 4)) in
    0) a=builtin:random; b=builtin:greedy ;;
    1) a=builtin:greedy; b=builtin:random ;;
    2) a=builtin:greedy; b=builtin:greedy ;;
    *) a=builtin:random; b=builtin:random ;;
  esac
  if [ $((i % 10)) -eq 0 ]; then a=stdio:$build/bots/dtbot-greedy; b=stdio:$build/bots/dtbot-random; fi
  rules=gengine; [ $((i % 3)) -eq 0 ] && rules=second-edition
  t=$dir/m$i.jsonl
  "$dtref" match --seed "$i" --rules "$rules" --bot "$a" --bot "$b" --transcript "$t" >/dev/null 2>&1
  if out=$("$dtref" replay --verify "$t" 2>&1); then
    ok=$((ok + 1))
    decisions=$((decisions + $(echo "$out" | sed -n 's/.*verified, \([0-9]*\) decisions.*/\1/p')))
  else
    bad=$((bad + 1)); echo "seed $i: $out" >&2
  fi
  i=$((i + 1))
done
echo "transcripts verified: $ok of $n ($decisions decisions); failed: $bad"
[ "$bad" -eq 0 ]
