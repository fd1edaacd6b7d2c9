#!/usr/bin/env bash
# bench/check-duckdb-alone.sh — are teal-compare's DuckDB figures DuckDB's own?
#
# For each workload, runs teal-duckdb-alone (DuckDB's chunk API in a process without
# Teal, SQLite or the harness), then teal-compare, then teal-duckdb-alone again, on the
# same workload: the two stand-alone runs bracket the teal-compare run, so a load that
# drifts while they run shifts both sides alike. Prints teal-compare's figure for the
# same path, the mean of the two stand-alone figures, and their ratio. A ratio near 1
# says the harness adds nothing to DuckDB's time. Usage: bench/check-duckdb-alone.sh [BUILD_DIR] [--runs N] [WORKLOAD...]
# (BUILD_DIR defaults to build/release; workloads default to all of them). For Q2a..Q6
# teal-compare runs Teal and DuckDB only (--engines teal,duckdb): SQLite's runs of them
# take minutes, and DuckDB's figures do not depend on them.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${root}/build/release"
if [ $# -gt 0 ] && [ -d "$1" ]; then
  build="$1"
  shift
fi
runs=(--runs 5)
if [ $# -gt 1 ] && [ "$1" = "--runs" ]; then
  runs=(--runs "$2")
  shift 2
fi
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
  workloads=(W1 W2-ts W2-date W2-tstz W3-short W3-long W3-georgian W4 W5-ts W5-date W8 W9 W10 Q0 Q1
    Q2a Q2b Q3 Q4a Q4b Q5 Q6)
fi

# The variant of teal-compare's DuckDB figures that teal-duckdb-alone measures.
variant_of() {
  case "$1" in
    W10) echo chunk-api-indexes ;;
    W4 | W5-* | Q2? | Q3 | Q4? | Q5 | Q6) echo chunk-materialized ;;
    Q0) echo text ;;
    Q1) echo query+value_int64 ;;
    *) echo chunk-api ;;
  esac
}

nice_cmd=()
if nice -n -5 true 2>/dev/null; then nice_cmd=(nice -n -5); fi

alone() {
  "${nice_cmd[@]}" "${build}/bench/teal-duckdb-alone" "${runs[@]}" "$1" 2>/dev/null |
    awk -F'\t' -v w="$1" '$1 == w { print $4 }'
}

printf 'workload\tvariant\tteal-compare\talone-before\talone-after\tratio\n'
for w in "${workloads[@]}"; do
  v="$(variant_of "$w")"
  engines=()
  case "$w" in Q2? | Q3 | Q4? | Q5 | Q6) engines=(--engines teal,duckdb) ;; esac
  before="$(alone "$w")"
  compare="$("${nice_cmd[@]}" "${build}/bench/teal-compare" "${runs[@]}" "${engines[@]}" "$w" 2>/dev/null |
    awk -F'\t' -v w="$w" -v v="$v" '$1 == w && $2 == "duckdb" && $3 == v { print $4 }')"
  after="$(alone "$w")"
  if [ -z "$compare" ] || [ -z "$before" ] || [ -z "$after" ]; then
    printf '%s\t%s\tmissing\n' "$w" "$v"
    continue
  fi
  awk -v w="$w" -v v="$v" -v c="$compare" -v a="$before" -v b="$after" \
    'BEGIN { printf "%s\t%s\t%.2f\t%.2f\t%.2f\t%.2f\n", w, v, c, a, b, 2 * c / (a + b) }'
done
