// bench/compare/tpch_cases.hpp — teal-compare's TPC-H workloads (issue 10): TPCH-Q01 …
// TPCH-Q22, selected together as TPCH.
//
// One process run generates the data once (tpch_gen.hpp), loads the same rows into a
// Teal and a DuckDB in-memory database (untimed), checks every table's contents in both,
// then runs each selected query: once to warm up — where Teal's answer is checked
// against DuckDB's (tpch_answer.hpp) — and `runs` times, reporting the medians. A Teal
// statement that outlives the time cap is stopped with Connection::Interrupt. Output
// lines (stdout, TSV):
//   TPCH-Qnn <engine> query <median> ms
//   ratio TPCH-Qnn teal/duckdb <x>        (below 1: Teal is faster)
//   summary TPCH sf=<sf> within-2x=<k>/<n> geomean-ratio=<g> skipped=… timeout=…
//           not-implemented=… wrong=…     (n: queries both ran with equal answers)
// Notes (skipped, timed-out and unsupported queries, load times) and errors go to stderr.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "duckdb_api.hpp"

namespace bench {

struct TpchOptions {
  double scale_factor = 1;
  int runs = 5;
  /// DuckDB's `threads`; DuckDB's own default (the machine's cores) when not given.
  std::optional<int> duckdb_threads;
  /// Teal's cap per query: a run still going after this many seconds is interrupted
  /// (Connection::Interrupt) and the query reported as a timeout. Also bounds the timed
  /// runs of a slow query: as many as fit into this time, at least one.
  double timeout_s = 60;
  /// Queries not run on Teal (DuckDB still runs them); unset: TpchDefaultSkip.
  std::optional<std::set<int>> skip;
  /// Print Teal's EXPLAIN ANALYZE of each query it finished (on stderr, after its runs).
  bool explain = false;
};

/// Queries Teal does not finish within minutes today: none since the decorrelation of
/// EXISTS and scalar subqueries and the factoring of OR (4, 19, 20 and 21 were).
std::set<int> TpchDefaultSkip(double scale_factor);

/// "TPCH" or "TPCH-Qnn" (nn = 01..22); `query` gets nn, or 0 for all.
bool ParseTpchWorkload(const std::string& name, int& query);
/// The lines of --list.
std::vector<std::string> TpchWorkloadList();
/// Parses "4,19,20" (or "" for none) into `out`; false on anything else.
bool ParseQueryList(const std::string& text, std::set<int>& out);

/// Runs `queries` (1..22, in order) and returns the number of errors: a wrong answer,
/// a failed load check, an error other than "not implemented". `duckdb` may be null
/// (then Teal runs alone and nothing is checked).
int RunTpch(const DuckDbApi* duckdb, const TpchOptions& options, const std::vector<int>& queries);

}  // namespace bench
