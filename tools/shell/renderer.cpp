// tools/shell/renderer.cpp — the shell's output modes (see renderer.hpp for each format).
#include "renderer.hpp"

#include <algorithm>
#include <cctype>
#include <deque>
#include <ostream>

#include "teal/result.hpp"
#include "teal/value.hpp"

namespace teal::shell {
namespace {

struct WideRange {
  char32_t first;
  char32_t last;
};

// East Asian Wide (W) and Fullwidth (F) blocks, coarsely: enough to keep CJK text and
// common emoji aligned without carrying the full Unicode tables.
constexpr WideRange kWideRanges[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
    {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF},   {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},
    {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

// Combining marks take no column of their own.
constexpr WideRange kZeroWidthRanges[] = {
    {0x0300, 0x036F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x200B, 0x200F},
    {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F},
};

template <size_t N>
bool InRanges(char32_t cp, const WideRange (&ranges)[N]) {
  return std::any_of(std::begin(ranges), std::end(ranges),
                     [cp](const WideRange& r) { return cp >= r.first && cp <= r.last; });
}

// Decodes the code point starting at text[i] and advances i; an invalid or truncated
// sequence yields its first byte alone (returned as nullopt).
std::optional<char32_t> NextCodePoint(std::string_view text, size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  size_t length = lead < 0x80           ? 1
                  : (lead >> 5) == 0x6  ? 2
                  : (lead >> 4) == 0xE  ? 3
                  : (lead >> 3) == 0x1E ? 4
                                        : 0;
  if (length == 0 || i + length > text.size()) {
    i++;
    return std::nullopt;
  }
  char32_t cp = length == 1 ? lead : lead & (0x7F >> length);
  for (size_t k = 1; k < length; k++) {
    const auto byte = static_cast<unsigned char>(text[i + k]);
    if ((byte & 0xC0) != 0x80) {
      i++;
      return std::nullopt;
    }
    cp = (cp << 6) | (byte & 0x3F);
  }
  i += length;
  return cp;
}

std::string Repeat(std::string_view piece, idx_t count) {
  std::string out;
  out.reserve(piece.size() * count);
  for (idx_t k = 0; k < count; k++) out.append(piece);
  return out;
}

// Keeps a value on one line of the box: control characters become escapes.
std::string EscapeForBox(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  return out;
}

enum class Align { kLeft, kRight, kCenter };

void AppendPadded(std::string& out, std::string_view text, idx_t width, Align align) {
  const idx_t text_width = DisplayWidth(text);
  const idx_t pad = width > text_width ? width - text_width : 0;
  const idx_t left = align == Align::kRight ? pad : align == Align::kCenter ? pad / 2 : 0;
  out.append(left, ' ');
  out.append(text);
  out.append(pad - left, ' ');
}

// A horizontal rule: `left` + ─ runs joined by `middle` + `right`.
void AppendRule(std::string& out, const std::vector<idx_t>& widths, std::string_view left,
                std::string_view middle, std::string_view right) {
  out.append(left);
  for (size_t c = 0; c < widths.size(); c++) {
    if (c > 0) out.append(middle);
    out.append(Repeat("─", widths[c] + 2));
  }
  out.append(right);
  out.push_back('\n');
}

void AppendBoxRow(std::string& out, const std::vector<std::string>& cells,
                  const std::vector<idx_t>& widths, const std::vector<Align>& aligns) {
  out.append("│");
  for (size_t c = 0; c < cells.size(); c++) {
    out.push_back(' ');
    AppendPadded(out, cells[c], widths[c], aligns[c]);
    out.append(" │");
  }
  out.push_back('\n');
}

// RFC 4180 field quoting with a configurable separator.
void AppendDelimitedField(std::string& out, const std::optional<std::string>& value,
                          char separator) {
  if (!value) return;
  const std::string& text = *value;
  const bool quote = text.empty() || text.find_first_of(std::string{separator, '"', '\n', '\r'}) !=
                                         std::string::npos;
  if (!quote) {
    out.append(text);
    return;
  }
  out.push_back('"');
  for (char c : text) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
}

void AppendDelimitedLine(std::string& out, const Table::Row& row, char separator) {
  for (size_t c = 0; c < row.size(); c++) {
    if (c > 0) out.push_back(separator);
    AppendDelimitedField(out, row[c], separator);
  }
  out.push_back('\n');
}

std::string RenderDelimited(const Table& table, char separator) {
  std::string out;
  if (table.names.empty()) return out;
  AppendDelimitedLine(out, Table::Row(table.names.begin(), table.names.end()), separator);
  for (const auto& row : table.rows) AppendDelimitedLine(out, row, separator);
  return out;
}

idx_t NameWidth(const std::vector<std::string>& names) {
  idx_t width = 0;
  for (const auto& name : names) width = std::max(width, DisplayWidth(name));
  return width;
}

/// One row of line mode: "name = value" per column. `first`: no blank line before it.
void AppendLineRecord(std::string& out, const std::vector<std::string>& names, idx_t name_width,
                      const Table::Row& row, bool first) {
  if (!first) out.push_back('\n');
  for (size_t c = 0; c < names.size(); c++) {
    AppendPadded(out, names[c], name_width, Align::kRight);
    out += " = ";
    out += row[c] ? *row[c] : std::string("NULL");
    out.push_back('\n');
  }
}

/// The names, display types and alignment of `result`'s columns, without rows.
Table HeaderOf(const Result& result) {
  Table table;
  table.names = result.ColumnNames();
  for (const LogicalType& type : result.ColumnTypes()) {
    table.types.push_back(DisplayTypeName(type));
    table.right_align.push_back(type.IsNumeric());
  }
  return table;
}

Table::Row RowOf(const Chunk& chunk, idx_t row) {
  Table::Row cells;
  cells.reserve(chunk.ColumnCount());
  for (idx_t c = 0; c < chunk.ColumnCount(); c++) {
    Value value = chunk.GetValue(c, row);
    cells.push_back(value.IsNull() ? std::nullopt : std::optional(value.ToString()));
  }
  return cells;
}

}  // namespace

std::string_view OutputModeName(OutputMode mode) {
  switch (mode) {
    case OutputMode::kBox:
      return "box";
    case OutputMode::kCsv:
      return "csv";
    case OutputMode::kTsv:
      return "tsv";
    case OutputMode::kLine:
      return "line";
  }
  return "box";
}

std::optional<OutputMode> ParseOutputMode(std::string_view name) {
  for (OutputMode mode :
       {OutputMode::kBox, OutputMode::kCsv, OutputMode::kTsv, OutputMode::kLine}) {
    if (name == OutputModeName(mode)) return mode;
  }
  return std::nullopt;
}

std::string DisplayTypeName(const LogicalType& type) {
  if (type.Id() == TypeId::kEnum && !type.Enum().name.empty()) return type.Enum().name;
  if (type.Id() == TypeId::kList) return DisplayTypeName(type.ListChild()) + "[]";
  std::string name = type.ToString();
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

Table TableFromResult(const Result& result, bool elide) {
  Table table = HeaderOf(result);
  const idx_t row_count = result.RowCount();
  const bool omit = elide && row_count > kBoxMaxRows;
  auto append_row = [&](idx_t row) {
    Table::Row cells;
    cells.reserve(result.ColumnCount());
    for (idx_t c = 0; c < result.ColumnCount(); c++) {
      Value value = result.GetValue(c, row);
      cells.push_back(value.IsNull() ? std::nullopt : std::optional(value.ToString()));
    }
    table.rows.push_back(std::move(cells));
  };
  if (!omit) {
    for (idx_t row = 0; row < row_count; row++) append_row(row);
    return table;
  }
  for (idx_t row = 0; row < kBoxHeadRows; row++) append_row(row);
  for (idx_t row = row_count - kBoxTailRows; row < row_count; row++) append_row(row);
  table.omitted_at = kBoxHeadRows;
  table.omitted_rows = row_count - kBoxMaxRows;
  return table;
}

void OmitMiddleRows(Table& table, idx_t head, idx_t tail) {
  if (table.rows.size() <= head + tail) return;
  table.omitted_at = head;
  table.omitted_rows = table.rows.size() - head - tail;
  table.rows.erase(table.rows.begin() + static_cast<ptrdiff_t>(head),
                   table.rows.end() - static_cast<ptrdiff_t>(tail));
}

std::string RenderBox(const Table& table) {
  std::string out;
  const size_t columns = table.names.size();
  if (columns == 0) return out;

  std::vector<std::vector<std::string>> cells;
  cells.reserve(table.rows.size());
  std::vector<idx_t> widths(columns, 1);  // at least the `·` of the omission marker
  for (size_t c = 0; c < columns; c++) {
    widths[c] = std::max({widths[c], DisplayWidth(table.names[c]), DisplayWidth(table.types[c])});
  }
  for (const auto& row : table.rows) {
    std::vector<std::string> line;
    line.reserve(columns);
    for (size_t c = 0; c < columns; c++) {
      line.push_back(row[c] ? EscapeForBox(*row[c]) : std::string("NULL"));
      widths[c] = std::max(widths[c], DisplayWidth(line.back()));
    }
    cells.push_back(std::move(line));
  }

  std::vector<Align> centered(columns, Align::kCenter);
  std::vector<Align> aligns;
  for (size_t c = 0; c < columns; c++) {
    aligns.push_back(table.right_align[c] ? Align::kRight : Align::kLeft);
  }

  AppendRule(out, widths, "┌", "┬", "┐");
  AppendBoxRow(out, table.names, widths, centered);
  AppendBoxRow(out, table.types, widths, centered);
  if (!cells.empty() || table.omitted_rows > 0) AppendRule(out, widths, "├", "┼", "┤");
  const std::vector<std::string> marker(columns, "·");
  for (size_t r = 0; r < cells.size(); r++) {
    if (table.omitted_rows > 0 && r == table.omitted_at) {
      AppendBoxRow(out, marker, widths, centered);
    }
    AppendBoxRow(out, cells[r], widths, aligns);
  }
  if (table.omitted_rows > 0 && table.omitted_at >= cells.size()) {
    AppendBoxRow(out, marker, widths, centered);
  }
  AppendRule(out, widths, "└", "┴", "┘");
  if (table.omitted_rows > 0) {
    out += std::to_string(cells.size() + table.omitted_rows) + " rows (" +
           std::to_string(cells.size()) + " shown)\n";
  }
  return out;
}

std::string RenderCsv(const Table& table) { return RenderDelimited(table, ','); }

std::string RenderTsv(const Table& table) { return RenderDelimited(table, '\t'); }

std::string RenderLine(const Table& table) {
  std::string out;
  const idx_t name_width = NameWidth(table.names);
  for (size_t r = 0; r < table.rows.size(); r++) {
    AppendLineRecord(out, table.names, name_width, table.rows[r], r == 0);
  }
  return out;
}

namespace {

/// Box mode: the first kBoxHeadRows rows, then a window of the last kBoxTailRows.
PrintStats PrintBox(Result& result, std::ostream& out) {
  PrintStats stats;
  Table table = HeaderOf(result);
  std::deque<Table::Row> tail;
  for (const Chunk& chunk : result) {
    idx_t r = 0;
    for (; r < chunk.size() && table.rows.size() < kBoxHeadRows; r++) {
      table.rows.push_back(RowOf(chunk, r));
    }
    // Only a chunk's last kBoxTailRows rows can end up among the result's last ones:
    // the rows before them are counted, not formatted.
    for (r = std::max(r, chunk.size() - std::min(chunk.size(), kBoxTailRows)); r < chunk.size();
         r++) {
      tail.push_back(RowOf(chunk, r));
      if (tail.size() > kBoxTailRows) tail.pop_front();
      stats.max_retained_rows =
          std::max<idx_t>(stats.max_retained_rows, table.rows.size() + tail.size());
    }
    stats.rows += chunk.size();
  }
  stats.max_retained_rows =
      std::max<idx_t>(stats.max_retained_rows, table.rows.size() + tail.size());
  if (stats.rows > kBoxMaxRows) {
    table.omitted_at = table.rows.size();
    table.omitted_rows = stats.rows - kBoxMaxRows;
  }
  for (auto& row : tail) table.rows.push_back(std::move(row));
  out << RenderBox(table);
  return stats;
}

/// CSV, TSV and line modes: each chunk's rows are formatted and written before the next
/// chunk is read.
PrintStats PrintStreaming(Result& result, OutputMode mode, std::ostream& out) {
  PrintStats stats;
  const std::vector<std::string>& names = result.ColumnNames();
  const char separator = mode == OutputMode::kTsv ? '\t' : ',';
  const idx_t name_width = NameWidth(names);
  std::string text;
  if (mode != OutputMode::kLine) {
    if (names.empty()) return stats;
    AppendDelimitedLine(text, Table::Row(names.begin(), names.end()), separator);
    out << text;
    text.clear();
  }
  for (const Chunk& chunk : result) {
    for (idx_t r = 0; r < chunk.size(); r++) {
      const Table::Row row = RowOf(chunk, r);
      if (mode == OutputMode::kLine) {
        AppendLineRecord(text, names, name_width, row, stats.rows + r == 0);
      } else {
        AppendDelimitedLine(text, row, separator);
      }
    }
    stats.rows += chunk.size();
    stats.max_retained_rows = std::max(stats.max_retained_rows, chunk.size());
    out << text;
    text.clear();
  }
  return stats;
}

}  // namespace

PrintStats PrintResult(Result& result, OutputMode mode, std::ostream& out) {
  if (mode == OutputMode::kBox) return PrintBox(result, out);
  return PrintStreaming(result, mode, out);
}

std::string Render(const Table& table, OutputMode mode) {
  switch (mode) {
    case OutputMode::kBox:
      return RenderBox(table);
    case OutputMode::kCsv:
      return RenderCsv(table);
    case OutputMode::kTsv:
      return RenderTsv(table);
    case OutputMode::kLine:
      return RenderLine(table);
  }
  return RenderBox(table);
}

std::string FormatColumns(const std::vector<std::string>& items, idx_t width) {
  std::string out;
  if (items.empty()) return out;
  idx_t item_width = 0;
  for (const auto& item : items) item_width = std::max(item_width, DisplayWidth(item));
  const idx_t column_width = item_width + 2;
  const idx_t columns = std::max<idx_t>(1, width / column_width);
  const idx_t lines = (items.size() + columns - 1) / columns;
  for (idx_t line = 0; line < lines; line++) {
    idx_t previous_width = 0;
    for (idx_t column = 0; column < columns; column++) {
      const idx_t index = column * lines + line;
      if (index >= items.size()) break;
      if (column > 0) out.append(column_width - previous_width, ' ');
      out += items[index];
      previous_width = DisplayWidth(items[index]);
    }
    out.push_back('\n');
  }
  return out;
}

idx_t DisplayWidth(std::string_view text) {
  idx_t width = 0;
  size_t i = 0;
  while (i < text.size()) {
    const std::optional<char32_t> cp = NextCodePoint(text, i);
    if (!cp) {
      width++;
    } else if (InRanges(*cp, kZeroWidthRanges)) {
      // combining: shares the previous character's cell
    } else {
      width += InRanges(*cp, kWideRanges) ? 2 : 1;
    }
  }
  return width;
}

}  // namespace teal::shell
