#!/bin/sh
# A checkout kept under /tmp (the sandbox gives every bot a private /tmp):
# the gRPC Python example and the stubs it imports are copied into a fresh
# directory there, the stubs named only by DTREF_PYTHON_STUBS on the bot's
# command line, and the bot must still play a whole match (issue 29).
# Usage: e2e_under_tmp.sh DTREF EXAMPLES_DIR STUBS_DIR
set -eu
dtref=$1 examples=$2 stubs=$3
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/dtref-clone-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/examples" "$work/build"
cp -R "$examples/grpc-python" "$work/examples/"
cp -R "$stubs" "$work/build/python"
chmod -R a+rX "$work"  # as root each bot runs as a user of its own
"$here/e2e_examples.sh" "$dtref" "$work/e2e.jsonl" \
  "grpc:DTREF_PYTHON_STUBS=$work/build/python /usr/bin/python3 $work/examples/grpc-python/bot.py"
