// test/sqllogic/result_compare.hpp — rendering query results as sqllogictest text and
// comparing them with a record's expected lines.
//
// Rendering and comparison follow the file's dialect (test_file.hpp). NULL is "NULL"
// and the empty string "(empty)" in all of them. Hashes are the MD5 of every rendered
// value followed by "\n", after sorting.
//
//   kTeal    one rendering, compared exactly: a finite number in an R column prints
//            "%.3f" (so float summation order cannot change a result); everything else
//            prints its text (Value::ToString), whatever the type letter: 2.7 in an I
//            column is "2.7" and does not match 2.
//   kSqlite  rendering follows the type letter (SQLite's runner): I prints integers,
//            truncating fractional numbers toward zero (2.9 prints as 2); R prints "%.3f";
//            anything else the value's text. An expected value also matches the plain
//            text, and in an R column a number within a relative 1e-6.
//   kDuckdb  DuckDB's runner (result_helper.cpp): a value renders as its text, a
//            boolean as 1 or 0. An expected value that differs textually still matches
//            when the column is numeric and it equals the value as a number (integers
//            exactly, "1.0" = 1; decimals after rounding it to the column's scale, so
//            "1.5" = 1.50; FLOAT/DOUBLE within DuckDB's 1% + 1e-8 of the expected
//            number), or the column is BOOLEAN and it is true/false (any case) or 1/0.
//            `<REGEX>:re` / `<!REGEX>:re` match the whole text. Whitespace is trimmed
//            only around an expected number in a numeric column (DuckDB's cast does). Expected rows
//            are compared in the order written (DuckDB sorts only the result), and a result above
//            hash-threshold is still compared value by value (stricter than DuckDB, which then
//            compares nothing).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sqllogic/test_file.hpp"
#include "teal/value.hpp"

namespace teal::sqllogic {

/// What a DuckDB-dialect comparison needs to know of a value's type.
enum class CellKind : uint8_t { kOther, kNull, kBoolean, kInteger, kDecimal, kFloat, kDouble };

/// One rendered value.
struct Cell {
  std::string text;                   // the dialect's rendering; used to sort and hash
  std::string plain;                  // Value::ToString(), or "(empty)"
  std::optional<double> approximate;  // SQLite: FLOAT, DOUBLE and DECIMAL values in R columns
  CellKind kind = CellKind::kOther;   // DuckDB dialect only
};

/// Renders `value` for type letter `letter`.
Cell RenderCell(const Value& value, char letter, Dialect dialect = Dialect::kSqlite);

/// Whether `expected` matches `cell` under the dialect's rules (see above).
bool CellMatches(const std::string& expected, const Cell& cell, Dialect dialect);

/// A query's rows rendered row-major: cells[row * columns + column].
struct RenderedResult {
  uint64_t columns = 0;
  std::vector<Cell> cells;
  uint64_t Rows() const { return columns == 0 ? 0 : cells.size() / columns; }
};

/// Renders row-major `values` with the letters of `types` (a column past the letters is T).
RenderedResult RenderResult(const std::vector<Value>& values, uint64_t columns,
                            std::string_view types, Dialect dialect = Dialect::kSqlite);

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

/// DuckDB's `<FILE>:path` expected result: a '|'-separated CSV file with a header line,
/// each field a value (an empty one is NULL, "…" quotes with "" for a quote). Returns one
/// tab-separated line per row, or nullopt with `error` set when the file cannot be read.
std::optional<std::vector<std::string>> LoadExpectedFile(const std::string& path,
                                                         std::string& error);

/// Compares `actual` (already sorted) with `expected` lines. The expected lines may hold
/// one value each, or one row each with values separated by tabs, or a single hash line.
/// Returns nullopt on a match, else a readable description of the difference.
std::optional<std::string> CompareResult(const RenderedResult& actual,
                                         const std::vector<std::string>& expected, SortMode sort,
                                         Dialect dialect = Dialect::kSqlite);

/// Whether an error with description `described` (Describe()) and message `what`
/// matches an expected error message: a substring of either, or `<REGEX>:pattern`
/// (found in either), or `<!REGEX>:pattern` (found in neither). DuckDB's "Not implemented
/// Error: X" is Teal's "Not Implemented Error: not implemented: X".
bool ErrorMatches(std::string_view expected, const std::string& described, const std::string& what);

/// Lines of `result` for a failure report: rows joined by tabs, at most `max_lines`.
std::string FormatRows(const RenderedResult& result, size_t max_lines);

}  // namespace teal::sqllogic
