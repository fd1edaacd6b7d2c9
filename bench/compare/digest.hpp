// bench/compare/digest.hpp — a check of every value an append workload wrote.
//
// After a warm-up append run, each engine reads its whole table back through its own
// reader and folds every value into a Digest; the digest must equal the one computed from
// the generated rows (ExpectedDigest). A digest is order-independent across rows (no
// engine promises to return rows in insertion order) but keeps each row together: it
// holds, per column, the wrapping sum of the values' hashes (so a mismatch names the
// column), and the wrapping sum over rows of a hash of the whole row (so a value moved to
// another row is caught too). Values are hashed in one canonical form whatever the
// engine's storage: integers (including dates as days, timestamps as microseconds and
// enums as their index) as int64, FLOAT and DOUBLE as the double they equal, strings by
// their bytes, a NULL as its own constant, a list by its elements in order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

uint64_t HashInt(int64_t v);
uint64_t HashDouble(double v);
uint64_t HashString(std::string_view s);
uint64_t HashNull();

/// The hash of a list value, built element by element.
class ListHash {
 public:
  void Add(uint64_t element_hash);
  uint64_t Get() const;

 private:
  uint64_t h_ = 0x6c697374;  // "list"
  uint64_t n_ = 0;
};

class Digest {
 public:
  explicit Digest(size_t columns) : columns_(columns, 0) {}

  /// Adds the hash of column `column`'s value in the current row.
  void Add(size_t column, uint64_t value_hash);
  /// Ends the current row.
  void EndRow();

  /// Reports on stderr (through Check, which counts the failure) every column whose
  /// values differ from `want`'s, a row count that differs, and values in wrong rows.
  /// `what` names the workload and engine; `names` the columns, in order.
  void CheckEquals(const std::string& what, const Digest& want,
                   const std::vector<std::string>& names) const;

 private:
  std::vector<uint64_t> columns_;
  uint64_t rows_ = 0;
  uint64_t row_sum_ = 0;
  uint64_t row_ = 0;  // the current row's hash
};

/// The digest of what append workload `workload` (W1, W2-ts, …, W10) must leave in its
/// table; computed from the generated rows once per workload.
const Digest& ExpectedDigest(const std::string& workload);
/// The column names of the workload's table (c1…c8, a…h for W8, l for W9).
const std::vector<std::string>& DigestColumns(const std::string& workload);

}  // namespace bench
