// include/teal/result.hpp — the result of one statement.
//
// A Result is fully materialised for now: every row is held in column chunks. Values
// can be read generically (GetValue) — typed readers come with the data-path API.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/logical_type.hpp"
#include "teal/statement_type.hpp"
#include "teal/value.hpp"

namespace teal {

class DataChunk;

class Result {
 public:
  Result(StatementType type, std::vector<std::string> names, std::vector<LogicalType> types,
         std::vector<std::unique_ptr<DataChunk>> chunks);
  Result(Result&&) noexcept;
  Result& operator=(Result&&) noexcept;
  ~Result();

  /// The kind of statement that produced this result.
  StatementType Type() const { return type_; }
  /// True for statements whose rows are their answer (SELECT, PRAGMA, EXPLAIN …);
  /// false for INSERT and DDL, whose result is a row count or nothing.
  bool ReturnsRows() const;

  idx_t ColumnCount() const { return types_.size(); }
  const std::string& ColumnName(idx_t column) const { return names_.at(column); }
  const LogicalType& ColumnType(idx_t column) const { return types_.at(column); }
  const std::vector<std::string>& ColumnNames() const { return names_; }
  const std::vector<LogicalType>& ColumnTypes() const { return types_; }

  idx_t RowCount() const { return row_count_; }
  /// The value at (column, row). Throws InvalidInputError when out of range.
  Value GetValue(idx_t column, idx_t row) const;

  /// The chunks holding the rows, in order (for engine-internal consumers).
  const std::vector<std::unique_ptr<DataChunk>>& Chunks() const { return chunks_; }

 private:
  StatementType type_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<DataChunk>> chunks_;
  std::vector<idx_t> chunk_starts_;  // first row of each chunk
  idx_t row_count_ = 0;
};

}  // namespace teal
