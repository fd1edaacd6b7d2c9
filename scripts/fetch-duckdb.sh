#!/usr/bin/env bash
# Fetches DuckDB's shared library (libduckdb.so 1.5.6) for bench/teal-compare.
#
# The only source is the npm package that DuckDB's Node bindings ship it in, so the
# comparison runs against an official build of a pinned version. The library lands in
# bench/duckdb/ (git-ignored: it is ~60 MB and not ours to commit). Idempotent: when the
# library is already there, nothing happens and no network is needed.
set -euo pipefail

readonly kPackage="@duckdb/node-bindings-linux-x64@1.5.6-r.1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${root}/bench/duckdb"
lib="${dest}/libduckdb.so"

if [ -f "${lib}" ]; then
  echo "fetch-duckdb: ${lib} already present"
  exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "fetch-duckdb: npm is not installed; install it (apt-get install npm) and run again," \
    "or set TEAL_DUCKDB_LIB to a libduckdb.so 1.5.6 you have" >&2
  exit 1
fi

tmp="$(mktemp -d)"
trap 'rm -rf "${tmp}"' EXIT

# npm pack downloads the package tarball without installing anything or running scripts.
if ! (cd "${tmp}" && npm pack --silent "${kPackage}" >pack.log 2>&1); then
  echo "fetch-duckdb: npm could not fetch ${kPackage} (offline, or the package is gone):" >&2
  sed 's/^/  /' "${tmp}/pack.log" >&2
  exit 1
fi

tarball="$(find "${tmp}" -maxdepth 1 -name '*.tgz' -print -quit)"
if [ -z "${tarball}" ]; then
  echo "fetch-duckdb: npm pack produced no tarball for ${kPackage}" >&2
  exit 1
fi

mkdir -p "${tmp}/x"
tar -xzf "${tarball}" -C "${tmp}/x"
found="$(find "${tmp}/x" -name 'libduckdb.so' -type f -print -quit)"
if [ -z "${found}" ]; then
  echo "fetch-duckdb: ${kPackage} holds no libduckdb.so; its files are:" >&2
  (cd "${tmp}/x" && find . -type f | sed 's/^/  /') >&2
  exit 1
fi

mkdir -p "${dest}"
# Copy under a temporary name and rename, so an interrupted run never leaves a partial
# library that the next run would take as present.
cp "${found}" "${lib}.partial"
mv "${lib}.partial" "${lib}"
echo "fetch-duckdb: installed ${lib} (from ${kPackage})"
