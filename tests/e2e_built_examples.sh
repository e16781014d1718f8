#!/bin/sh
# The example bots that need a toolchain (a compiler, a package manager) play
# a full match against builtin:random, as a user would build and run them.
# Without the toolchain the test says what is missing and exits 77, which
# ctest reports as skipped (never as passed).
# Usage: e2e_built_examples.sh java|rust|grpc-node DTREF SOURCE_DIR WORK_DIR
set -eu
lang=$1 dtref=$2 src=$3 work=$4
here=$(dirname "$0")
skip() {
  echo "SKIP: $lang example not run: $*"
  exit 77
}
mkdir -p "$work"
case "$lang" in
java)
  gson=/usr/share/java/gson.jar
  command -v javac >/dev/null 2>&1 || skip "javac not found (Debian: openjdk-17-jdk-headless)"
  command -v java >/dev/null 2>&1 || skip "java not found (Debian: openjdk-17-jre-headless)"
  [ -r "$gson" ] || skip "$gson not found (Debian: libgoogle-gson-java)"
  rm -rf "$work/classes"
  javac -cp "$gson" -d "$work/classes" "$src/examples/java/Bot.java"
  spec="stdio:java -cp $work/classes:$gson Bot"
  ;;
rust)
  command -v cargo >/dev/null 2>&1 || skip "cargo not found (Debian: cargo)"
  ls -d /usr/share/cargo/registry/serde_json-* >/dev/null 2>&1 ||
    skip "serde_json not in Debian's crate registry /usr/share/cargo/registry (Debian: librust-serde-json-dev)"
  # Built from a copy, so the source tree gets no Cargo.lock or target/; from
  # inside it, since cargo reads .cargo/config.toml (Debian's registry) from there.
  rm -rf "$work/crate" && mkdir -p "$work/crate"
  cp -R "$src/examples/rust/Cargo.toml" "$src/examples/rust/src" "$src/examples/rust/.cargo" "$work/crate/"
  (cd "$work/crate" && cargo build --quiet --release --offline --target-dir "$work/target")
  spec="stdio:$work/target/release/dtref-rust-bot"
  ;;
grpc-node)
  command -v node >/dev/null 2>&1 || skip "node not found (Debian: nodejs)"
  command -v npm >/dev/null 2>&1 || skip "npm not found (Debian: npm)"
  # The packages pinned in package-lock.json, from the npm cache when they are there.
  cp "$src/examples/grpc-node/package.json" "$src/examples/grpc-node/package-lock.json" "$work/"
  (cd "$work" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error)
  # Named on its command line, the packages and the schema are bound into the
  # bot's sandbox wherever they are (a checkout under /tmp included).
  spec="grpc:NODE_PATH=$work/node_modules DTREF_PROTO=$src/protocol/dtref/bot.proto node $src/examples/grpc-node/bot.js"
  ;;
*)
  echo "unknown example '$lang'" >&2
  exit 2
  ;;
esac
exec "$here/e2e_examples.sh" "$dtref" "$work/e2e.jsonl" "$spec"
