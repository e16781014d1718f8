#!/usr/bin/env bash
# Installs the Debian packages that building and testing dtref need.
# Does nothing (and needs no network) when they are all installed already.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libprotobuf-dev protobuf-compiler
  libcli11-dev libfmt-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libgrpc++-dev protobuf-compiler-grpc
  libboost-dev libboost-filesystem-dev
  libspdlog-dev libsqlite3-dev libtomlplusplus-dev libssl-dev
  bubblewrap libseccomp-dev
  clang libclang-rt-dev
  python3 python3-grpcio python3-protobuf nodejs ruby
  python3-dev pybind11-dev python3-pybind11 python3-venv python3-numpy
  openjdk-17-jdk-headless libgoogle-gson-java cargo librust-serde-json-dev
  chromium
  libcpp-httplib-dev libpqxx-dev postgresql
  libzstd-dev
)

die() { echo "install-deps: error: $*" >&2; exit 1; }

command -v dpkg-query >/dev/null 2>&1 ||
  die "dpkg-query not found; this script supports Debian and its derivatives only. Install by hand: ${packages[*]}"

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "install-deps: missing: ${missing[*]}"

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 ||
    die "not root and sudo is not available; as root run: apt-get install ${missing[*]}"
  sudo=(sudo)
fi

"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update ||
  die "apt-get update failed (no network or apt mirror unreachable?)"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}" </dev/null ||
  die "apt-get install failed for: ${missing[*]}"
echo "install-deps: installed: ${missing[*]}"
