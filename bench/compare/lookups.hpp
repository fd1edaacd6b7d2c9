// bench/compare/lookups.hpp — the index lookup workloads L1-point, L1-in and L1-range:
// prepared queries that find a few rows of a 1,000,000-row table by its primary key.
//
// Every engine holds the same rows, ids 0, 7, 14, … (row i: id 7i, v 3i), under its
// fastest key: Teal's and DuckDB's PRIMARY KEY (an ART), SQLite's INTEGER PRIMARY KEY
// (the rowid b-tree itself). Each query is prepared once, untimed; a run binds and
// executes it kLookupQueries times and reads the one value it returns, as an application
// would. Figures are microseconds per query. The values are summed and checked.
#pragma once

#include <cstdint>
#include <string>

#include "harness.hpp"

namespace bench {

inline constexpr int64_t kLookupRows = 1000000;
inline constexpr int kLookupQueries = 2000;
inline constexpr int kLookupInList = 100;     // L1-in: ids per query
inline constexpr int64_t kLookupSpan = 1000;  // L1-range: rows per query, plus one

/// The table (SQLite spells the key INTEGER PRIMARY KEY: its rowid).
inline constexpr const char* kLookupSchema = "CREATE TABLE lk(id BIGINT PRIMARY KEY, v BIGINT)";
inline constexpr const char* kLookupSqliteSchema =
    "CREATE TABLE lk(id INTEGER PRIMARY KEY, v INTEGER)";
/// Fills it (untimed) in Teal and DuckDB; SQLite has no range(): sqlite_cases.cpp.
inline constexpr const char* kLookupLoad =
    "INSERT INTO lk SELECT range * 7, range * 3 FROM range(1000000)";

inline constexpr const char* kLookupPointSql = "SELECT v FROM lk WHERE id = ?";
inline constexpr const char* kLookupRangeSql = "SELECT sum(v) FROM lk WHERE id BETWEEN ? AND ?";
/// SELECT sum(v) FROM lk WHERE id IN (?, ?, … kLookupInList times).
inline std::string LookupInSql() {
  std::string sql = "SELECT sum(v) FROM lk WHERE id IN (";
  for (int i = 0; i < kLookupInList; i++) sql += i ? ", ?" : "?";
  return sql + ")";
}

/// The row a lookup asks for: spread over the table, every one present.
inline int64_t LookupRow(int64_t n) { return (n * 7919) % kLookupRows; }
/// Query q of L1-range covers rows [first, first + kLookupSpan].
inline int64_t LookupRangeFirst(int64_t q) { return (q * 7919) % (kLookupRows - kLookupSpan); }

enum class LookupKind { kPoint, kIn, kRange };

/// Query q of `kind` with its ids written into the text: the ad-hoc form of the query
/// (parsed and planned each time; the engine sees the values while it plans).
inline std::string LookupText(LookupKind kind, int64_t q) {
  if (kind == LookupKind::kPoint) {
    return "SELECT v FROM lk WHERE id = " + std::to_string(LookupRow(q) * 7);
  }
  if (kind == LookupKind::kRange) {
    return "SELECT sum(v) FROM lk WHERE id BETWEEN " + std::to_string(LookupRangeFirst(q) * 7) +
           " AND " + std::to_string((LookupRangeFirst(q) + kLookupSpan) * 7);
  }
  std::string sql = "SELECT sum(v) FROM lk WHERE id IN (";
  for (int64_t j = 0; j < kLookupInList; j++) {
    sql += (j ? ", " : "") + std::to_string(LookupRow(q * kLookupInList + j) * 7);
  }
  return sql + ")";
}

/// What a run of `kind` must sum to.
inline int64_t ExpectedLookupSum(LookupKind kind) {
  int64_t sum = 0;
  for (int64_t q = 0; q < kLookupQueries; q++) {
    if (kind == LookupKind::kPoint) {
      sum += 3 * LookupRow(q);
    } else if (kind == LookupKind::kIn) {
      for (int64_t j = 0; j < kLookupInList; j++) sum += 3 * LookupRow(q * kLookupInList + j);
    } else {
      const int64_t first = LookupRangeFirst(q);
      for (int64_t r = first; r <= first + kLookupSpan; r++) sum += 3 * r;
    }
  }
  return sum;
}

inline LookupKind LookupKindOf(const std::string& workload) {
  return workload == "L1-point" ? LookupKind::kPoint
         : workload == "L1-in"  ? LookupKind::kIn
                                : LookupKind::kRange;
}

/// Times kLookupQueries calls of `query(q)` (bind query q's ids, execute, read the one
/// value) and returns the microseconds per query; checks the sum afterwards.
template <typename Query>
double TimeLookups(const std::string& what, LookupKind kind, Query query) {
  int64_t sum = 0;
  Stopwatch sw;
  for (int q = 0; q < kLookupQueries; q++) sum += query(q);
  const double us = sw.Ms() * 1000 / kLookupQueries;
  Check(what + ": sum of the values found", sum, ExpectedLookupSum(kind));
  return us;
}

}  // namespace bench
