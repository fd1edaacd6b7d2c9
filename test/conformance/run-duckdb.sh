#!/usr/bin/env bash
# Runs DuckDB's sqllogictest suite (test/sql of a DuckDB checkout) through teal-sqllogic
# and writes how it went, per top-level folder, as a markdown table. Not part of
# `make test`: it takes long and DuckDB's suite is not in this repository.
#
#   test/conformance/run-duckdb.sh DUCKDB_CHECKOUT [OUTPUT_DIR]
#
# Every *.test and *.test_slow file under DUCKDB_CHECKOUT/test/sql runs in its own
# teal-sqllogic process (--dialect duckdb), from the checkout's root so the suite's
# relative data paths resolve, with a per-file timeout and an address-space limit; a
# file that crashes, hangs or exhausts memory costs only itself. OUTPUT_DIR (default
# build/conformance) receives:
#   results.tsv   file, folder, status, first failure reason (one line per file)
#   logs/         each file's full runner output, by path
#   summary.md    the table per folder and the 20 most common first-failure reasons
# Statuses: pass, fail, skip-extension (require of an extension), skip-other (load/
# restart need persistence; unmet requires; ignored errors), crash (a signal), timeout.
#
# Environment: TEAL_SQLLOGIC (the runner; default build/release/test/teal-sqllogic),
# TIMEOUT (seconds per file, default 30), MEMORY (address space per file, default 4G),
# ONLY (a path under test/sql, to run part of the suite).
set -uo pipefail

if [ $# -lt 1 ] || [ ! -d "$1/test/sql" ]; then
  echo "usage: $0 DUCKDB_CHECKOUT [OUTPUT_DIR]  (DUCKDB_CHECKOUT/test/sql must exist)" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
checkout="$(cd "$1" && pwd)"
out="${2:-${root}/build/conformance}"
mkdir -p "${out}"
out="$(cd "${out}" && pwd)"
runner="${TEAL_SQLLOGIC:-${root}/build/release/test/teal-sqllogic}"
timeout_s="${TIMEOUT:-30}"
memory="${MEMORY:-4G}"
only="${ONLY:-}"
if [ ! -x "${runner}" ]; then
  echo "$0: ${runner} is not built (make release)" >&2
  exit 2
fi

# Bytes of a size like 4G / 512M, for prlimit.
to_bytes() {
  local n="${1%[KMGkmg]}" unit="${1: -1}"
  case "${unit}" in
    K | k) echo $((n * 1024)) ;;
    M | m) echo $((n * 1024 * 1024)) ;;
    G | g) echo $((n * 1024 * 1024 * 1024)) ;;
    *) echo "$1" ;;
  esac
}
memory_bytes="$(to_bytes "${memory}")"

# The first failure of a file's log as a short reason: the failing record's headline,
# with the error message for a failed statement or query; quoted names and numbers are
# replaced so that reasons group across files.
first_reason() {
  awk '
    /^test\/sql\/[^ ]*:[0-9]+: / && head == "" {
      sub(/^test\/sql\/[^ ]*:[0-9]+: /, ""); head = $0; next
    }
    /^parse error: / && head == "" { sub(/^parse error: [^ ]*:[0-9]+: /, "malformed test file: "); head = $0; next }
    head != "" && err == "" && /^  error: / { sub(/^  error: /, ""); err = $0 }
    END {
      r = head
      if (err != "") r = err
      # A syntax error keeps its token (it names the feature) but not the quoted SQL.
      sub(/ \(at position [0-9]+ of .*/, "", r)
      if (r ~ /syntax error at or near "[^"]*"/) {
        print substr(r, 1, 140)
        exit
      }
      gsub(/"[^"]*"/, "\"…\"", r); gsub(/\047[^\047]*\047/, "\047…\047", r)
      gsub(/[0-9]+/, "N", r)
      print substr(r, 1, 140)
    }' "$1"
}

cd "${checkout}" || exit 2
tsv="${out}/results.tsv"
: >"${tsv}"
mapfile -t files < <(find "test/sql/${only}" -type f \( -name '*.test' -o -name '*.test_slow' \) | sort)
echo "run-duckdb: ${#files[@]} files, ${timeout_s} s and ${memory} each; logs in ${out}/logs" >&2
n=0
for file in "${files[@]}"; do
  n=$((n + 1))
  log="${out}/logs/${file#test/sql/}.log"
  mkdir -p "$(dirname "${log}")"
  folder="${file#test/sql/}"
  folder="${folder%%/*}"
  # The runner forks a child per file and enforces --timeout itself; the outer timeout
  # and the address-space limit guard against the runner itself hanging or swelling.
  prlimit --as="${memory_bytes}" -- timeout -s KILL $((timeout_s + 30)) \
    "${runner}" --dialect duckdb --timeout "${timeout_s}" --max-shown 3 "${file}" \
    >"${log}" 2>&1
  code=$?
  verdict="$(grep -E "^(PASS|FAIL|SKIP) " "${log}" | tail -1)"
  reason=""
  case "${verdict}" in
    PASS*) status=pass ;;
    "SKIP ${file} (extension:"*) status=skip-extension; reason="${verdict#SKIP ${file} (}" ;;
    SKIP*) status=skip-other; reason="${verdict#SKIP ${file} (}" ;;
    *"crashed with signal"*) status=crash; reason="${verdict#FAIL ${file} (}" ;;
    *"timed out after"*) status=timeout ;;
    FAIL*) status=fail; reason="$(first_reason "${log}")" ;;
    *) status=crash; reason="runner exited with code ${code} and no verdict" ;;
  esac
  reason="${reason%)}"
  printf '%s\t%s\t%s\t%s\n' "${file}" "${folder}" "${status}" "${reason//$'\t'/ }" >>"${tsv}"
  if [ $((n % 200)) -eq 0 ]; then echo "run-duckdb: ${n}/${#files[@]}" >&2; fi
done

# The summary: one row per folder, a total, then the most common first-failure reasons.
{
  commit="$(git -C "${root}" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  duck="$(git -C "${checkout}" rev-parse --short HEAD 2>/dev/null || echo "see the checkout")"
  echo "Teal ${commit}; DuckDB test/sql at ${duck}; ${#files[@]} files; timeout ${timeout_s} s, memory ${memory} per file."
  echo
  echo "| folder | files | pass | fail | skip-extension | skip-other | crash | timeout |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  # One row per folder (sorted), then the total.
  awk -F'\t' '
    { folders[$2] = 1; count[$2, $3]++; total[$3]++; all++ }
    END {
      split("pass fail skip-extension skip-other crash timeout", s, " ")
      for (name in folders) {
        files = 0
        for (i = 1; i <= 6; i++) files += count[name, s[i]]
        printf "| %s | %d |", name, files
        for (i = 1; i <= 6; i++) printf " %d |", count[name, s[i]]
        print ""
      }
      printf "~| **total** | **%d** |", all
      for (i = 1; i <= 6; i++) printf " **%d** |", total[s[i]]
      print ""
    }' "${tsv}" | sort | sed 's/^~//'
  echo
  echo "Top 20 first-failure reasons (files whose first failing record fails this way):"
  echo
  echo "| files | first failure |"
  echo "|---:|---|"
  awk -F'\t' '$3 == "fail" { r = $4; gsub(/\|/, "\\|", r); print r }' "${tsv}" | sort | uniq -c | sort -rn | head -20 |
    sed -E 's/^ *([0-9]+) (.*)$/| \1 | \2 |/; s/\|([^|]*)\|$/|\1|/'
  crashes="$(awk -F'\t' '$3 == "crash" || $3 == "timeout" { print "- " $1 " (" $3 ": " $4 ")" }' "${tsv}")"
  if [ -n "${crashes}" ]; then
    echo
    echo "Crashes and timeouts:"
    echo
    echo "${crashes}"
  fi
} >"${out}/summary.md"
cat "${out}/summary.md"
