#!/usr/bin/env bash
# Installs Teal's build and test dependencies from Debian's packages.
# Idempotent: when every package is present it changes nothing and needs no network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache clang-14 libclang-rt-14-dev
  libpg-query-dev libprotobuf-c-dev libfmt-dev libxxhash-dev
  libgtest-dev libgmock-dev libbenchmark-dev libreadline-dev libsqlite3-dev libre2-dev
  zlib1g-dev libicu-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
