// bench/compare/queries.hpp — the query workloads Q2a..Q6 (issue 10) and WIN1, WIN2
// (issue 12): tables and SQL.
//
// Every engine runs the same SQL text on the same two tables (data.hpp's FactAt and
// DimAt), with the same column types: BIGINT for f.id, INTEGER for the other integer
// columns, DOUBLE for x (REAL in SQLite, which has no narrower integer types either). The
// result columns are the same type in every engine too (count BIGINT, sum and avg
// DOUBLE), so a client reads them the same way everywhere. Header-only constants: both
// teal-compare and teal-duckdb-alone (which links none of teal-compare's harness) use it.
#pragma once

#include <cstddef>
#include <string_view>

namespace bench {

inline constexpr const char* kFactSchema =
    "CREATE TABLE f(id BIGINT, k1000 INTEGER, k1m INTEGER, x DOUBLE, small INTEGER)";
inline constexpr const char* kDimSchema = "CREATE TABLE d(id INTEGER, grp INTEGER)";
inline constexpr const char* kGraphSchema = "CREATE TABLE g(a INTEGER, b INTEGER)";

/// How a result column is stored in a result chunk (and read from SQLite).
enum class ResultType { kInt32, kInt64, kDouble };

struct ResultColumn {
  const char* name;
  ResultType type;
};

/// One key of a result's promised order: a column, and whether it descends.
struct OrderKey {
  size_t column;
  bool descending;
};

inline constexpr size_t kMaxQueryColumns = 4;

struct QuerySpec {
  const char* name;
  const char* sql;
  size_t column_count;
  ResultColumn columns[kMaxQueryColumns];
  /// The ORDER BY, as result columns; none: the rows may come in any order. Every order
  /// here is total (id is the last key), so an ordered result has one right sequence.
  size_t order_count;
  OrderKey order[3];
};

constexpr ResultType kI32 = ResultType::kInt32;
constexpr ResultType kI64 = ResultType::kInt64;
constexpr ResultType kF64 = ResultType::kDouble;

inline constexpr QuerySpec kQuerySpecs[] = {
    {"Q2a",
     "SELECT k1000, count(*), sum(x), avg(x) FROM f GROUP BY k1000",
     4,
     {{"k1000", kI32}, {"count", kI64}, {"sum", kF64}, {"avg", kF64}},
     0,
     {}},
    {"Q2b", "SELECT k1m, sum(x) FROM f GROUP BY k1m", 2, {{"k1m", kI32}, {"sum", kF64}}, 0, {}},
    // 10M probe rows against a 1M-row build side that the filter cuts to about 100,000.
    {"Q3",
     "SELECT count(*), sum(f.x) FROM f JOIN d ON f.k1m = d.id WHERE d.grp < 10",
     2,
     {{"count", kI64}, {"sum", kF64}},
     0,
     {}},
    {"Q4a",
     "SELECT id, k1000, x FROM f ORDER BY k1000, x DESC, id LIMIT 100",
     3,
     {{"id", kI64}, {"k1000", kI32}, {"x", kF64}},
     3,
     {{1, false}, {2, true}, {0, false}}},
    {"Q4b",
     "SELECT id, k1000, x FROM f ORDER BY k1000, x DESC, id",
     3,
     {{"id", kI64}, {"k1000", kI32}, {"x", kF64}},
     3,
     {{1, false}, {2, true}, {0, false}}},
    // About 10% of the rows pass small < 10 and 25% x > 250000: 2.5%, 250,000 rows.
    {"Q5",
     "SELECT count(*), sum(x) FROM f WHERE small < 10 AND x > 250000",
     2,
     {{"count", kI64}, {"sum", kF64}},
     0,
     {}},
    {"Q6", "SELECT count(DISTINCT k1m) FROM f", 1, {{"count", kI64}}, 0, {}},
    // 1% of f by id, which rises with the rows' order: what a scan that skips the row
    // groups its zone maps rule out reads a hundredth of (SQLite has no such maps).
    {"Q7",
     "SELECT count(*), sum(x) FROM f WHERE id BETWEEN 6000000 AND 6099999",
     2,
     {{"count", kI64}, {"sum", kF64}},
     0,
     {}},
    // Issue 12's window workloads: 10M rows in 1,000 partitions, every row to the client.
    // x is a multiple of 0.25 below 2^19, so every sum of x is exact, in any order.
    {"WIN1",
     "SELECT id, k1000, sum(x) OVER (PARTITION BY k1000 ORDER BY id ROWS BETWEEN 10 PRECEDING "
     "AND CURRENT ROW) FROM f",
     3,
     {{"id", kI64}, {"k1000", kI32}, {"sum", kF64}},
     0,
     {}},
    // Rows tied on x swap row numbers between engines, but not the (k1000, x, row_number)
    // triples the digest sees.
    {"WIN2",
     "SELECT k1000, x, row_number() OVER w, rank() OVER w FROM f WINDOW w AS (PARTITION BY k1000 "
     "ORDER BY x)",
     4,
     {{"k1000", kI32}, {"x", kF64}, {"row_number", kI64}, {"rank", kI64}},
     0,
     {}},
    // A walk of g (1M edges) from node 0 to depth 20: UNION keeps each (node, depth) once.
    {"RCTE",
     "WITH RECURSIVE walk(n, d) AS (SELECT 0, 0 UNION SELECT g.b, walk.d + 1 FROM walk JOIN g ON "
     "g.a = walk.n WHERE walk.d < 20) SELECT count(*), count(DISTINCT n), CAST(sum(d) AS BIGINT) "
     "FROM walk",
     3,
     {{"count", kI64}, {"nodes", kI64}, {"depths", kI64}},
     0,
     {}},
};

/// The spec of query workload `name`, or nullptr when it is not one of Q2a..Q6.
inline const QuerySpec* FindQuery(std::string_view name) {
  for (const QuerySpec& q : kQuerySpecs) {
    if (name == q.name) return &q;
  }
  return nullptr;
}

}  // namespace bench
