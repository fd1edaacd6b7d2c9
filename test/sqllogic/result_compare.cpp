// test/sqllogic/result_compare.cpp — rendering, sorting, hashing and comparing results.
#include "sqllogic/result_compare.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
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

CellKind KindOf(TypeId id) {
  switch (id) {
    case TypeId::kBoolean:
      return CellKind::kBoolean;
    case TypeId::kDecimal:
      return CellKind::kDecimal;
    case TypeId::kFloat:
      return CellKind::kFloat;
    case TypeId::kDouble:
      return CellKind::kDouble;
    default:
      return CellKind::kOther;
  }
}

Cell RenderCell(const Value& value, char letter, Dialect dialect) {
  Cell cell;
  if (value.IsNull()) {
    cell.text = cell.plain = "NULL";
    cell.kind = CellKind::kNull;
    return cell;
  }
  cell.plain = value.ToString();
  if (cell.plain.empty()) cell.plain = "(empty)";
  const LogicalType& type = value.Type();
  if (dialect == Dialect::kTeal) {
    // One rendering, compared exactly: an R column rounds finite numbers to 3 decimals
    // (so float summation order does not matter); everything else is the plain text.
    bool numeric = type.IsNumeric();
    double number = numeric && letter == 'R' ? AsDouble(value) : 0;
    cell.text = numeric && letter == 'R' && std::isfinite(number) ? fmt::format("{:.3f}", number)
                                                                  : cell.plain;
    return cell;
  }
  if (dialect == Dialect::kDuckdb) {
    cell.kind = KindOf(type.Id());
    if (cell.kind == CellKind::kOther && type.IsNumeric()) cell.kind = CellKind::kInteger;
    cell.text =
        cell.kind == CellKind::kBoolean ? (value.GetStored<bool>() ? "1" : "0") : cell.plain;
    return cell;
  }
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
                            std::string_view types, Dialect dialect) {
  RenderedResult result;
  result.columns = columns;
  result.cells.reserve(values.size());
  for (size_t i = 0; i < values.size(); i++) {
    uint64_t column = columns == 0 ? 0 : i % columns;
    char letter = column < types.size() ? types[column] : 'T';
    result.cells.push_back(RenderCell(values[i], letter, dialect));
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

bool SqliteCellMatches(const std::string& expected, const Cell& cell) {
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

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A decimal number's text split into sign, integer digits and fraction digits, without
// leading zeros of the integer part. nullopt for anything else (exponents included).
struct DecimalText {
  bool negative = false;
  std::string whole;
  std::string fraction;
};
std::optional<DecimalText> SplitDecimal(std::string_view text) {
  DecimalText out;
  size_t at = 0;
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) out.negative = text[at++] == '-';
  size_t dot = text.find('.', at);
  std::string_view whole = text.substr(at, dot == std::string_view::npos ? text.npos : dot - at);
  std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  for (std::string_view part : {whole, fraction}) {
    for (char c : part) {
      if (c < '0' || c > '9') return std::nullopt;
    }
  }
  size_t first = whole.find_first_not_of('0');
  out.whole = first == std::string_view::npos ? "0" : std::string(whole.substr(first));
  out.fraction = fraction;
  return out;
}

// `number` rounded half away from zero to `scale` fraction digits, as canonical text
// ("-0" becomes "0"), like DuckDB's cast of text to DECIMAL(w, scale).
std::string RoundDecimal(DecimalText number, size_t scale) {
  bool round_up = number.fraction.size() > scale && number.fraction[scale] >= '5';
  number.fraction.resize(scale, '0');
  std::string digits = number.whole + number.fraction;
  if (round_up) {
    size_t i = digits.size();
    while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
    if (i == 0) {
      digits.insert(digits.begin(), '1');
    } else {
      digits[i - 1]++;
    }
  }
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return "0";
  // Keep at least one integer digit: "0.05", not ".05".
  digits = digits.substr(std::min(first, digits.size() - scale - 1));
  std::string out = number.negative ? "-" : "";
  out += digits.substr(0, digits.size() - scale);
  if (scale > 0) out += "." + digits.substr(digits.size() - scale);
  return out;
}

bool ParseDouble(const std::string& text, double& out) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0]))) return false;
  errno = 0;
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && errno != ERANGE;
}

// DuckDB's ApproxEqual: NaN equals NaN, infinities compare exactly, finite values within
// 1% of the expected value plus 1e-8.
template <typename T>
bool ApproxEqual(T actual, T expected) {
  if (std::isnan(actual) && std::isnan(expected)) return true;
  if (!std::isfinite(actual) || !std::isfinite(expected)) return actual == expected;
  T epsilon = static_cast<T>(std::fabs(expected) * 0.01 + 0.00000001);
  return std::fabs(actual - expected) <= epsilon;
}

/// A DuckDB runner pattern (RE2's syntax) for std::regex: '.' matches a newline too (RE2's
/// dot_nl, as DuckDB's runner sets it: plans and errors have several lines), and RE2's
/// inline flag (?s), which says just that, goes (std::regex has no inline flags).
std::string TranslateRegex(std::string_view pattern) {
  if (pattern.starts_with("(?s)")) pattern.remove_prefix(4);
  std::string translated;
  bool in_class = false;
  for (size_t i = 0; i < pattern.size(); i++) {
    char c = pattern[i];
    if (c == '\\' && i + 1 < pattern.size()) {
      translated += c;
      translated += pattern[++i];
      continue;
    }
    if (c == '[') in_class = true;
    if (c == ']') in_class = false;
    translated += (c == '.' && !in_class) ? std::string("[\\s\\S]") : std::string(1, c);
  }
  return translated;
}

/// Whether the DuckDB pattern matches all of `text`.
bool FullRegexMatch(const std::string& text, const std::string& pattern) {
  const std::string translated = TranslateRegex(pattern);
  try {
    return std::regex_match(text, std::regex(translated));
  } catch (const std::regex_error&) {
    return false;
  }
}

bool DuckdbNumberMatches(const std::string& padded, const Cell& cell) {
  // DuckDB casts the expected text to the column's type, which skips surrounding spaces.
  size_t first = padded.find_first_not_of(" \t");
  if (first == std::string::npos) return false;
  std::string expected = padded.substr(first, padded.find_last_not_of(" \t") - first + 1);
  switch (cell.kind) {
    case CellKind::kInteger:
    case CellKind::kDecimal: {
      std::optional<DecimalText> want = SplitDecimal(expected);
      std::optional<DecimalText> got = SplitDecimal(cell.plain);
      if (!got) return false;
      if (!want) {
        // An exponent ("1e3"): compare as doubles, exact.
        double number = 0;
        return ParseDouble(expected, number) && std::isfinite(number) &&
               number == std::strtod(cell.plain.c_str(), nullptr);
      }
      size_t scale = got->fraction.size();
      return RoundDecimal(*want, scale) == RoundDecimal(*got, scale);
    }
    case CellKind::kFloat:
    case CellKind::kDouble: {
      double want = 0, got = 0;
      if (!ParseDouble(expected, want) || !ParseDouble(cell.plain, got)) return false;
      if (cell.kind == CellKind::kFloat) {
        return ApproxEqual(static_cast<float>(got), static_cast<float>(want));
      }
      return ApproxEqual(got, want);
    }
    default:
      return false;
  }
}

bool DuckdbCellMatches(const std::string& expected, const Cell& cell) {
  if (expected == cell.text) return true;
  constexpr std::string_view kRegex = "<REGEX>:";
  constexpr std::string_view kNotRegex = "<!REGEX>:";
  if (expected.starts_with(kRegex)) {
    return FullRegexMatch(cell.text, expected.substr(kRegex.size()));
  }
  if (expected.starts_with(kNotRegex)) {
    return !FullRegexMatch(cell.text, expected.substr(kNotRegex.size()));
  }
  if (cell.kind == CellKind::kNull || expected == "NULL") return false;
  if (cell.kind == CellKind::kBoolean) {
    std::string want = Lower(expected);
    if (want == "true" || want == "1") return cell.text == "1";
    if (want == "false" || want == "0") return cell.text == "0";
    return false;
  }
  return DuckdbNumberMatches(expected, cell);
}

/// DuckDB's split (getline's): a tab that ends the line starts no value — an empty
/// string is written (empty) there, so "1\tA\t" is two values.
std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> out;
  size_t at = 0;
  while (true) {
    size_t tab = line.find('\t', at);
    out.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
    if (tab == std::string::npos || tab + 1 == line.size()) break;
    at = tab + 1;
  }
  return out;
}

/// DuckDB's runner splits with StringUtil::Split, which drops empty pieces: "a\t\tb" is two
/// values (its files write an empty string as (empty)).
std::vector<std::string> SplitTabsDuckdb(const std::string& line) {
  std::vector<std::string> out;
  for (std::string& piece : SplitTabs(line)) {
    if (!piece.empty()) out.push_back(std::move(piece));
  }
  if (out.empty()) out.push_back(line);
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

bool CellMatches(const std::string& expected, const Cell& cell, Dialect dialect) {
  switch (dialect) {
    case Dialect::kTeal:
      return expected == cell.text;
    case Dialect::kSqlite:
      return SqliteCellMatches(expected, cell);
    case Dialect::kDuckdb:
      return DuckdbCellMatches(expected, cell);
  }
  return false;
}

std::optional<std::vector<std::string>> LoadExpectedFile(const std::string& path,
                                                         std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("could not read the expected-result file \"{}\"", path);
    return std::nullopt;
  }
  std::vector<std::string> rows;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (header) {
      header = false;
      continue;
    }
    std::string row;
    std::string field;
    bool quoted = false;      // inside "…"
    bool was_quoted = false;  // the field had quotes: "" is an empty string, not NULL
    bool first = true;
    auto end_field = [&] {
      if (!first) row += '\t';
      first = false;
      row += !field.empty() ? field : was_quoted ? "(empty)" : "NULL";
      field.clear();
      was_quoted = false;
    };
    for (size_t i = 0; i < line.size(); i++) {
      char c = line[i];
      if (quoted) {
        if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
          field += '"';
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field += c;
        }
      } else if (c == '"') {
        quoted = was_quoted = true;
      } else if (c == '|') {
        end_field();
      } else {
        field += c;
      }
    }
    end_field();
    rows.push_back(std::move(row));
  }
  return rows;
}

std::optional<std::string> CompareResult(const RenderedResult& actual,
                                         const std::vector<std::string>& expected, SortMode sort,
                                         Dialect dialect) {
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
      std::vector<std::string> fields =
          dialect == Dialect::kDuckdb ? SplitTabsDuckdb(expected[i]) : SplitTabs(expected[i]);
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
  // DuckDB's runner sorts only the result; its files list rows in sorted order.
  if (dialect == Dialect::kDuckdb) {
    // compare in the order written
  } else if (sort == SortMode::kValue) {
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
    if (!CellMatches(values[i], actual.cells[i], dialect)) {
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
    const std::string pattern =
        TranslateRegex(expected.substr(negate ? kNotRegex.size() : kRegex.size()));
    try {
      std::regex re(pattern);
      bool found = std::regex_search(described, re) || std::regex_search(what, re);
      // DuckDB's spelling of the class (below) is the same error for a pattern too.
      constexpr std::string_view kTealNotImplemented = "Not Implemented Error: ";
      if (!found && described.starts_with(kTealNotImplemented)) {
        found = std::regex_search(
            "Not implemented Error: " + described.substr(kTealNotImplemented.size()), re);
      }
      return found != negate;
    } catch (const std::regex_error&) {
      return false;
    }
  }
  if (described.find(expected) != std::string::npos || what.find(expected) != std::string::npos) {
    return true;
  }
  // DuckDB spells the class "Not implemented Error: X"; Teal's is "Not Implemented Error:"
  // and its message always starts "not implemented: " (teal/error.hpp): the same error.
  constexpr std::string_view kDuckdbNotImplemented = "Not implemented Error: ";
  if (expected.starts_with(kDuckdbNotImplemented)) {
    const std::string teal = "Not Implemented Error: not implemented: " +
                             std::string(expected.substr(kDuckdbNotImplemented.size()));
    return described.find(teal) != std::string::npos;
  }
  return false;
}

}  // namespace teal::sqllogic
