// test/sqllogic/result_compare.hpp — rendering query results as sqllogictest text and
// comparing them with a record's expected lines.
//
// Rendering follows the column's type letter (SQLite's runner): I prints integers,
// truncating fractional numbers toward zero; R prints "%.3f"; anything else prints
// the value's text. NULL is "NULL" and the empty string "(empty)". Hashes are the MD5
// of every rendered value followed by "\n", after sorting.
//
// Comparison is a little more lenient than rendering, so that DuckDB-style tests
// (which print values as their plain text whatever the letter) pass too: an expected
// value also matches the value's plain text, and in an R column a fractional number
// within a relative 1e-6 of the expected number. Text (T) columns compare exactly.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqllogic/test_file.hpp"
#include "teal/value.hpp"

namespace teal::sqllogic {

/// One rendered value.
struct Cell {
  std::string text;                   // the type-letter rendering; used to sort and hash
  std::string plain;                  // Value::ToString(), or "(empty)"
  std::optional<double> approximate;  // set for FLOAT, DOUBLE and DECIMAL values in R columns
};

/// Renders `value` for type letter `letter`.
Cell RenderCell(const Value& value, char letter);

/// A query's rows rendered row-major: cells[row * columns + column].
struct RenderedResult {
  uint64_t columns = 0;
  std::vector<Cell> cells;
  uint64_t Rows() const { return columns == 0 ? 0 : cells.size() / columns; }
};

/// Renders row-major `values` with the letters of `types` (a column past the letters is T).
RenderedResult RenderResult(const std::vector<Value>& values, uint64_t columns,
                            std::string_view types);

/// Sorts rows (kRow) or all values (kValue) by their rendered text, bytewise.
void SortResult(RenderedResult& result, SortMode mode);

/// MD5 hex over each cell's text followed by "\n", in order.
std::string HashResult(const RenderedResult& result);

/// An expected result given as "N values hashing to <md5>".
struct HashLine {
  uint64_t count = 0;
  std::string md5;
};
std::optional<HashLine> ParseHashLine(std::string_view line);

/// Compares `actual` (already sorted) with `expected` lines. The expected lines may hold
/// one value each, or one row each with values separated by tabs, or a single hash line.
/// Returns nullopt on a match, else a readable description of the difference.
std::optional<std::string> CompareResult(const RenderedResult& actual,
                                         const std::vector<std::string>& expected, SortMode sort);

/// Whether an error with description `described` (Describe()) and message `what`
/// matches an expected error message: a substring of either, or `<REGEX>:pattern`
/// (found in either), or `<!REGEX>:pattern` (found in neither).
bool ErrorMatches(std::string_view expected, const std::string& described, const std::string& what);

/// Lines of `result` for a failure report: rows joined by tabs, at most `max_lines`.
std::string FormatRows(const RenderedResult& result, size_t max_lines);

}  // namespace teal::sqllogic
