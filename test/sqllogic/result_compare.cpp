// test/sqllogic/result_compare.cpp — rendering, sorting, hashing and comparing results.
#include "sqllogic/result_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <regex>

#include "common/md5.hpp"
#include "teal/error.hpp"

namespace teal::sqllogic {

namespace {

bool IsFractional(TypeId id) {
  return id == TypeId::kFloat || id == TypeId::kDouble || id == TypeId::kDecimal;
}

// The value as a double. Precondition: numeric or boolean, not NULL.
double AsDouble(const Value& value) {
  switch (value.Type().Id()) {
    case TypeId::kBoolean:
      return value.GetStored<bool>() ? 1.0 : 0.0;
    case TypeId::kFloat:
      return value.GetStored<float>();
    case TypeId::kDouble:
      return value.GetStored<double>();
    default:
      return value.CastAs(LogicalType(TypeId::kDouble)).GetStored<double>();
  }
}

// Truncation toward zero of a number printed in decimal ("-12.50" -> "-12"). Exact for
// DECIMAL, whose text has no exponent.
std::string TruncateDecimalText(const std::string& text) {
  std::string whole = text.substr(0, text.find('.'));
  if (whole == "-0" || whole == "-" || whole.empty()) return "0";
  return whole;
}

std::string RenderInteger(const Value& value, const std::string& plain) {
  TypeId id = value.Type().Id();
  if (id == TypeId::kBoolean) return value.GetStored<bool>() ? "1" : "0";
  if (id == TypeId::kDecimal) return TruncateDecimalText(plain);
  if (id == TypeId::kFloat || id == TypeId::kDouble) {
    double d = std::trunc(AsDouble(value));
    if (std::isnan(d) || std::isinf(d)) return plain;
    if (d >= -9.2e18 && d <= 9.2e18) return std::to_string(static_cast<int64_t>(d));
    return fmt::format("{:.0f}", d);
  }
  return plain;
}

}  // namespace

Cell RenderCell(const Value& value, char letter) {
  Cell cell;
  if (value.IsNull()) {
    cell.text = cell.plain = "NULL";
    return cell;
  }
  cell.plain = value.ToString();
  if (cell.plain.empty()) cell.plain = "(empty)";
  const LogicalType& type = value.Type();
  bool numeric = type.IsNumeric() || type.Id() == TypeId::kBoolean;
  // Only R columns compare approximately: a T column checks the exact rendering.
  if (IsFractional(type.Id()) && letter == 'R') cell.approximate = AsDouble(value);
  if (numeric && letter == 'I') {
    cell.text = RenderInteger(value, cell.plain);
  } else if (numeric && letter == 'R') {
    cell.text = fmt::format("{:.3f}", AsDouble(value));
  } else {
    cell.text = cell.plain;
  }
  return cell;
}

RenderedResult RenderResult(const std::vector<Value>& values, uint64_t columns,
                            std::string_view types) {
  RenderedResult result;
  result.columns = columns;
  result.cells.reserve(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    uint64_t column = columns == 0 ? 0 : i % columns;
    char letter = column < types.size() ? types[column] : 'T';
    result.cells.push_back(RenderCell(values[i], letter));
  }
  return result;
}

void SortResult(RenderedResult& result, SortMode mode) {
  if (mode == SortMode::kValue) {
    std::stable_sort(result.cells.begin(), result.cells.end(),
                     [](const Cell& a, const Cell& b) { return a.text < b.text; });
    return;
  }
  if (mode != SortMode::kRow || result.columns == 0) return;
  uint64_t columns = result.columns;
  std::vector<uint64_t> order(result.Rows());
  for (uint64_t i = 0; i < order.size(); i++) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint64_t a, uint64_t b) {
    for (uint64_t c = 0; c < columns; c++) {
      int cmp = result.cells[a * columns + c].text.compare(result.cells[b * columns + c].text);
      if (cmp != 0) return cmp < 0;
    }
    return false;
  });
  std::vector<Cell> sorted;
  sorted.reserve(result.cells.size());
  for (uint64_t row : order) {
    for (uint64_t c = 0; c < columns; c++)
      sorted.push_back(std::move(result.cells[row * columns + c]));
  }
  result.cells = std::move(sorted);
}

std::string HashResult(const RenderedResult& result) {
  Md5 md5;
  for (const Cell& cell : result.cells) {
    md5.Update(cell.text);
    md5.Update("\n");
  }
  return Md5::ToHex(md5.Finish());
}

std::optional<HashLine> ParseHashLine(std::string_view line) {
  static const std::regex kHash(R"(^\s*(\d+) values hashing to ([0-9a-fA-F]{32})\s*$)");
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_match(line.begin(), line.end(), match, kHash)) return std::nullopt;
  HashLine hash;
  hash.count = std::strtoull(match[1].str().c_str(), nullptr, 10);
  hash.md5 = match[2].str();
  std::transform(hash.md5.begin(), hash.md5.end(), hash.md5.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return hash;
}

namespace {

bool CellMatches(const std::string& expected, const Cell& cell) {
  if (expected == cell.text || expected == cell.plain) return true;
  if (!cell.approximate || expected.empty()) return false;
  errno = 0;
  char* end = nullptr;
  double want = std::strtod(expected.c_str(), &end);
  if (end != expected.c_str() + expected.size() || errno != 0) return false;
  double got = *cell.approximate;
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
  return std::fabs(want - got) <= 1e-6 * std::max(1.0, std::fabs(want));
}

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> out;
  size_t at = 0;
  while (true) {
    size_t tab = line.find('\t', at);
    out.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
    if (tab == std::string::npos) break;
    at = tab + 1;
  }
  return out;
}

constexpr size_t kMaxListedLines = 40;

std::string Listing(const std::vector<std::string>& expected, const RenderedResult& actual) {
  std::string out = "  expected:\n";
  for (size_t i = 0; i < expected.size() && i < kMaxListedLines; i++) {
    out += "    " + expected[i] + "\n";
  }
  if (expected.size() > kMaxListedLines) {
    out += fmt::format("    ... ({} lines in all)\n", expected.size());
  }
  out += "  got:\n";
  out += FormatRows(actual, kMaxListedLines);
  return out;
}

}  // namespace

std::string FormatRows(const RenderedResult& result, size_t max_lines) {
  std::string out;
  uint64_t rows = result.Rows();
  for (uint64_t r = 0; r < rows && r < max_lines; r++) {
    out += "    ";
    for (uint64_t c = 0; c < result.columns; c++) {
      if (c > 0) out += '\t';
      out += result.cells[r * result.columns + c].text;
    }
    out += '\n';
  }
  if (rows > max_lines) out += fmt::format("    ... ({} rows in all)\n", rows);
  if (rows == 0) out += "    (no rows)\n";
  return out;
}

std::optional<std::string> CompareResult(const RenderedResult& actual,
                                         const std::vector<std::string>& expected, SortMode sort) {
  if (expected.size() == 1) {
    if (std::optional<HashLine> hash = ParseHashLine(expected[0])) {
      std::string got = HashResult(actual);
      if (hash->count == actual.cells.size() && hash->md5 == got) return std::nullopt;
      return fmt::format(
          "hash mismatch\n  expected: {} values hashing to {}\n  got:      {} values hashing to "
          "{}\n  got rows:\n{}",
          hash->count, hash->md5, actual.cells.size(), got, FormatRows(actual, kMaxListedLines));
    }
  }

  uint64_t columns = std::max<uint64_t>(actual.columns, 1);
  bool any_tab = std::any_of(expected.begin(), expected.end(), [](const std::string& l) {
    return l.find('\t') != std::string::npos;
  });
  // Expected values in actual's row-major order, before sorting.
  std::vector<std::string> values;
  if (columns == 1 || (!any_tab && expected.size() == actual.cells.size())) {
    values = expected;  // one value per line (SQLite's corpus, and single columns)
  } else {
    if (expected.size() != actual.Rows()) {
      return fmt::format("expected {} rows, got {}\n{}", expected.size(), actual.Rows(),
                         Listing(expected, actual));
    }
    for (size_t i = 0; i < expected.size(); i++) {
      std::vector<std::string> fields = SplitTabs(expected[i]);
      if (fields.size() != columns) {
        return fmt::format("expected line {} has {} values, the result has {} columns\n{}", i + 1,
                           fields.size(), columns, Listing(expected, actual));
      }
      values.insert(values.end(), fields.begin(), fields.end());
    }
  }
  if (values.size() != actual.cells.size()) {
    return fmt::format("expected {} values, got {} ({} rows x {} columns)\n{}", values.size(),
                       actual.cells.size(), actual.Rows(), actual.columns,
                       Listing(expected, actual));
  }

  // Sort the expected side the same way, so hand-written files need not be pre-sorted.
  if (sort == SortMode::kValue) {
    std::sort(values.begin(), values.end());
  } else if (sort == SortMode::kRow && columns > 1) {
    std::vector<std::vector<std::string>> rows(values.size() / columns);
    for (size_t i = 0; i < values.size(); i++) rows[i / columns].push_back(std::move(values[i]));
    std::stable_sort(rows.begin(), rows.end());
    values.clear();
    for (auto& row : rows) values.insert(values.end(), row.begin(), row.end());
  } else if (sort == SortMode::kRow) {
    std::sort(values.begin(), values.end());
  }

  for (size_t i = 0; i < values.size(); i++) {
    if (!CellMatches(values[i], actual.cells[i])) {
      return fmt::format("wrong value at row {}, column {}: expected '{}', got '{}'\n{}",
                         i / columns + 1, i % columns + 1, values[i], actual.cells[i].text,
                         Listing(expected, actual));
    }
  }
  return std::nullopt;
}

bool ErrorMatches(std::string_view expected, const std::string& described,
                  const std::string& what) {
  constexpr std::string_view kRegex = "<REGEX>:";
  constexpr std::string_view kNotRegex = "<!REGEX>:";
  bool negate = expected.starts_with(kNotRegex);
  if (negate || expected.starts_with(kRegex)) {
    std::string pattern(expected.substr(negate ? kNotRegex.size() : kRegex.size()));
    try {
      std::regex re(pattern);
      bool found = std::regex_search(described, re) || std::regex_search(what, re);
      return found != negate;
    } catch (const std::regex_error&) {
      return false;
    }
  }
  return described.find(expected) != std::string::npos || what.find(expected) != std::string::npos;
}

}  // namespace teal::sqllogic
