// bench/compare/query_answer.hpp — the client's side of Q2a..Q6: reading and checking.
//
// Each engine reads a query's result through its fastest API (Teal's chunk spans, DuckDB's
// raw result vectors, SQLite's column_* values gathered into batches) and hands every row
// to a QueryAnswer, a batch of rows at a time as one array per column. What the client
// does with the rows is then the same for every engine: in every run it adds each column's
// values into a wrapping 64-bit sum (integers as themselves, doubles as their bit
// patterns: exact and independent of the rows' order) and counts the rows; the warm-up run
// (verify = true) also folds every row into a Digest (digest.hpp: every value, and which
// values share a row) and, for an ordered result, checks that each row sorts after the one
// before. Finish compares all of it with the answer computed in C++ from the generated
// rows (data.hpp), so a wrong value, a missing or extra row, a value in the wrong row or a
// row out of order is an error through Check.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "digest.hpp"
#include "queries.hpp"

namespace bench {

/// One value of a result row, for the checks: `i` for integer columns, `d` for DOUBLE.
struct Cell {
  int64_t i = 0;
  double d = 0;
};
using CellRow = std::array<Cell, kMaxQueryColumns>;

class QueryAnswer {
 public:
  QueryAnswer(const QuerySpec& spec, bool verify);

  /// Takes rows [0, n) of a batch: columns[c] points at n values stored as
  /// spec.columns[c].type (int32_t, int64_t or double).
  void Batch(size_t n, const void* const* columns);
  /// Counts the NULLs among rows [0, n) of `column` from its validity words (bit set =
  /// valid; nullptr = none). No row of these results holds a NULL.
  void CountNulls(const uint64_t* validity, size_t n);
  /// One NULL value (SQLite, which reports them a value at a time).
  void Null() { nulls_++; }

  /// Checks what was read against the expected answer; every mismatch goes through
  /// Check, naming `what` (workload, engine and variant).
  void Finish(const std::string& what) const;

 private:
  void VerifyRow(const CellRow& row);

  const QuerySpec& spec_;
  uint64_t rows_ = 0;
  uint64_t nulls_ = 0;
  std::array<uint64_t, kMaxQueryColumns> sums_{};
  // Only when verifying:
  std::optional<Digest> digest_;
  std::optional<CellRow> first_, previous_;
  uint64_t out_of_order_ = 0;
};

/// Computes the expected answers of all seven queries in one pass over the generated rows
/// (a second or two); later calls return at once. Setup calls it, so that no run pays.
void PrepareExpectedAnswers();

}  // namespace bench
