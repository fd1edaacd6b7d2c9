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
# ONLY (a path under test/sql, to run part of the suite), DUCKDB_COMMIT (the checkout's
# commit for the summary when it is no git work tree), REPORT_ONLY=1 (classify the logs
# of an earlier run again and rewrite results.tsv and summary.md without running).
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

# libpg_query's statement node numbers ("parse node 70") by name, for the reasons.
node_names="$(grep -oE 'PG_QUERY__NODE__NODE_[A-Z_]+ = [0-9]+' /usr/include/pg_query/pg_query.pb-c.h \
  2>/dev/null | sed -E 's/PG_QUERY__NODE__NODE_([A-Z_]+) = ([0-9]+)/\2 \1/')"

# The first failure of a file's log as a short reason: the failing record's headline,
# with the error message for a failed statement or query. Quoted names and numbers are
# replaced so that reasons group across files, except where they name the missing
# feature (a syntax error's token, a setting, a type, a not-implemented feature).
first_reason() {
  awk -v nodes="${node_names}" '
    BEGIN {
      n = split(nodes, lines, "\n")
      for (i = 1; i <= n; i++) { split(lines[i], kv, " "); node[kv[1]] = kv[2] }
    }
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
      if (match(r, /parse node [0-9]+/)) {
        number = substr(r, RSTART + 11, RLENGTH - 11)
        if (number in node) r = substr(r, 1, RSTART + RLENGTH - 1) " = " node[number] substr(r, RSTART + RLENGTH)
      }
      if (r ~ /syntax error at or near "[^"]*"|not implemented|unrecognized setting|type "[^"]*" does not exist/) {
        print substr(r, 1, 140)
        exit
      }
      gsub(/"[^"]*"/, "\"…\"", r); gsub(/\047[^\047]*\047/, "\047…\047", r)
      gsub(/[0-9]+/, "N", r)
      print substr(r, 1, 140)
    }' "$1"
}

# The status and reason of one file from its log.
classify() {
  local file="$1" log="$2" code="$3" verdict reason="" status running
  verdict="$(grep -aE "^(PASS|FAIL|SKIP) " "${log}" | tail -1)"
  # The SQL a crashed or hung file was running (the runner names it).
  running="$(grep -a -m1 -oE "while running line [0-9]+: .*" "${log}" | cut -c1-200)"
  case "${verdict}" in
    PASS*) status=pass ;;
    "SKIP ${file} (extension:"*) status=skip-extension; reason="${verdict#SKIP ${file} (}"; reason="${reason%)}" ;;
    SKIP*) status=skip-other; reason="${verdict#SKIP ${file} (}"; reason="${reason%)}" ;;
    *"crashed with signal"*) status=crash; reason="${verdict#FAIL ${file} (}"; reason="${reason%)}; ${running}" ;;
    *"timed out after"*) status=timeout; reason="${running}" ;;
    FAIL*) status=fail; reason="$(first_reason "${log}")" ;;
    *) status=crash; reason="runner exited with code ${code} and no verdict; ${running}" ;;
  esac
  printf '%s\t%s\n' "${status}" "${reason//$'\t'/ }"
}

cd "${checkout}" || exit 2
tsv="${out}/results.tsv"
: >"${tsv}"
mapfile -t files < <(find "test/sql/${only}" -type f \( -name '*.test' -o -name '*.test_slow' \) | sort)
if [ "${REPORT_ONLY:-}" != 1 ]; then
  echo "run-duckdb: ${#files[@]} files, ${timeout_s} s and ${memory} each; logs in ${out}/logs" >&2
fi
n=0
for file in "${files[@]}"; do
  n=$((n + 1))
  log="${out}/logs/${file#test/sql/}.log"
  mkdir -p "$(dirname "${log}")"
  folder="${file#test/sql/}"
  folder="${folder%%/*}"
  code=0
  if [ "${REPORT_ONLY:-}" != 1 ]; then
    # The runner forks a child per file and enforces --timeout itself; the outer timeout
    # and the address-space limit guard against the runner itself hanging or swelling.
    prlimit --as="${memory_bytes}" -- timeout -s KILL $((timeout_s + 30)) \
      "${runner}" --dialect duckdb --timeout "${timeout_s}" --max-shown 3 "${file}" \
      >"${log}" 2>&1
    code=$?
  fi
  printf '%s\t%s\t%s\n' "${file}" "${folder}" "$(classify "${file}" "${log}" "${code}")" >>"${tsv}"
  if [ $((n % 200)) -eq 0 ]; then echo "run-duckdb: ${n}/${#files[@]}" >&2; fi
done

# The summary: one row per folder, a total, then the most common first-failure reasons.
{
  commit="$(git -C "${root}" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  duck="${DUCKDB_COMMIT:-$(git -C "${checkout}" rev-parse HEAD 2>/dev/null || echo unknown)}"
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
    echo "Crashes and timeouts (with the SQL that was running, where the runner named it):"
    echo
    echo "${crashes}"
  fi
} >"${out}/summary.md"
cat "${out}/summary.md"
