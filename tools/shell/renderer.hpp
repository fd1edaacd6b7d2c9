// tools/shell/renderer.hpp — turns a query result into text in the shell's output modes.
//
// Rendering works on a Table of strings so it can be tested without an engine:
// TableFromResult converts a teal::Result once, and every mode is a pure function from a
// Table to the exact text printed. The shell itself prints through PrintResult, which
// streams: it writes the same text while reading the result a chunk at a time, so the
// memory printing takes does not grow with the result.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/logical_type.hpp"

namespace teal {
class Result;
}

namespace teal::shell {

enum class OutputMode { kBox, kCsv, kTsv, kLine };

/// "box", "csv", "tsv", "line".
std::string_view OutputModeName(OutputMode mode);
/// The mode called `name`, or nullopt.
std::optional<OutputMode> ParseOutputMode(std::string_view name);

/// One result as text. A cell is nullopt for SQL NULL (each mode spells NULL its own way).
struct Table {
  using Row = std::vector<std::optional<std::string>>;

  std::vector<std::string> names;
  std::vector<std::string> types;  // display names, e.g. "integer"
  std::vector<bool> right_align;   // per column: numbers are right-aligned in box mode
  std::vector<Row> rows;
  /// Rows of the full result left out of `rows` (box mode only shows the first and last
  /// few). They were the rows at positions [omitted_at, omitted_at + omitted_rows).
  idx_t omitted_rows = 0;
  idx_t omitted_at = 0;
};

/// How many rows box mode keeps from each end of a long result, and the most it shows
/// without omitting any.
inline constexpr idx_t kBoxHeadRows = 20;
inline constexpr idx_t kBoxTailRows = 20;
inline constexpr idx_t kBoxMaxRows = kBoxHeadRows + kBoxTailRows;

/// The type name as the shell shows it: lower-case SQL ("integer", "decimal(18,3)",
/// "varchar[]"); an ENUM keeps its declared name.
std::string DisplayTypeName(const LogicalType& type);

/// Converts `result` to text with Value::ToString. With `elide`, a result longer than
/// kBoxMaxRows keeps only its first kBoxHeadRows and last kBoxTailRows rows, so printing
/// a huge result in box mode does not format every value.
Table TableFromResult(const Result& result, bool elide);

/// Keeps the first `head` and last `tail` rows of `table` when it has more than
/// head + tail, recording the rest as omitted. Precondition: nothing omitted yet.
void OmitMiddleRows(Table& table, idx_t head, idx_t tail);

/// Columns drawn with Unicode box characters: names and type names (centred) above a
/// rule, then one line per row; NULL shows as "NULL". Omitted rows show as one row of
/// `·`, followed after the box by "N rows (M shown)". Control characters in values are
/// escaped (\n, \t, \r) so a row stays on one line. Empty when there are no columns.
std::string RenderBox(const Table& table);

/// RFC 4180: a header line, then one line per row, fields separated by `,` and quoted
/// when they contain `,`, `"`, CR or LF (quotes doubled). NULL is an empty field and an
/// empty string is `""`, so the two stay distinguishable (as in COPY ... TO CSV).
/// Lines end with "\n".
std::string RenderCsv(const Table& table);

/// As RenderCsv with a tab as the separator (fields holding a tab are quoted).
std::string RenderTsv(const Table& table);

/// One "name = value" line per column with names right-aligned, rows separated by a
/// blank line; NULL shows as "NULL".
std::string RenderLine(const Table& table);

/// Renders `table` in `mode`.
std::string Render(const Table& table, OutputMode mode);

/// What PrintResult did, for tests and the curious.
struct PrintStats {
  idx_t rows = 0;               // rows of the result
  idx_t max_retained_rows = 0;  // the most rows whose text was held at one time
};

/// Writes `result` to `out` in `mode`, the same text Render(TableFromResult(result,
/// mode == kBox), mode) gives, reading the result as a stream. CSV, TSV and line modes
/// write each chunk's rows as soon as they are formatted (at most one chunk of rows is
/// held); box mode, which needs every shown row to size its columns, keeps only the first
/// kBoxHeadRows and the last kBoxTailRows rows and counts the ones in between. A failure
/// while reading throws after the rows before it were written.
PrintStats PrintResult(Result& result, OutputMode mode, std::ostream& out);

/// Lays `items` out in columns the way `.tables` does: column-major, each column as wide
/// as the longest item plus two spaces, as many columns as fit in `width` (at least one).
std::string FormatColumns(const std::vector<std::string>& items, idx_t width = 80);

/// The width of `text` on a terminal: UTF-8 code points, East Asian wide and fullwidth
/// characters counting 2 and combining marks 0. Invalid bytes count 1 each.
idx_t DisplayWidth(std::string_view text);

}  // namespace teal::shell
