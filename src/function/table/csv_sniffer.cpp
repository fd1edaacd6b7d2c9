// SniffCsv: the dialect, header, names and types of a CSV file (csv_sniffer.hpp).
#include "function/table/csv_sniffer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "catalog/catalog.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/strptime.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {
namespace {

/// Rows the dialect is chosen on: enough to see the shape, few enough to try eight dialects.
constexpr idx_t kDialectSampleRows = 1000;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool IsBoolean(std::string_view s) {
  s = Trim(s);
  auto is = [&](std::string_view word) {
    return s.size() == word.size() &&
           std::equal(s.begin(), s.end(), word.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == b;
           });
  };
  return is("true") || is("false") || is("t") || is("f");
}

/// Digits with an optional sign; a leading zero only alone ("0123" is text, an identifier).
bool IsInteger(std::string_view s) {
  s = Trim(s);
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) s.remove_prefix(1);
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A decimal number: [sign] digits [sep digits] [e [sign] digits], with at least one digit
/// before the exponent and no leading zero before another digit.
bool IsDecimal(std::string_view s, char separator) {
  s = Trim(s);
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) i++;
  const size_t int_start = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++;
  size_t digits = i - int_start;
  if (digits > 1 && s[int_start] == '0') return false;
  if (i < s.size() && s[i] == separator) {
    i++;
    const size_t frac_start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++;
    digits += i - frac_start;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    i++;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) i++;
    const size_t exp_start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') i++;
    if (i == exp_start) return false;
  }
  return i == s.size();
}

/// Whether timestamp text ends with its offset from UTC (+05:30, -08, Z) after its time.
bool HasUtcOffset(std::string_view text) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::string_view time = Trim(text.substr(colon));
  return time.find_first_of("+-") != std::string_view::npos ||
         (!time.empty() && (time.back() == 'Z' || time.back() == 'z'));
}

/// The types a sniffed column may take, most specific first.
std::vector<LogicalType> Candidates(const CsvOptions& options) {
  if (!options.auto_type_candidates.empty()) {
    std::vector<LogicalType> candidates = options.auto_type_candidates;
    // VARCHAR takes everything: always the last resort.
    candidates.erase(
        std::remove(candidates.begin(), candidates.end(), LogicalType(TypeId::kVarchar)),
        candidates.end());
    // Tried most specific first whatever the order given (DuckDB's): [DOUBLE, FLOAT] reads
    // 1.5 as FLOAT, a narrower integer type before a wider one.
    auto rank = [](const LogicalType& type) {
      static constexpr TypeId kOrder[] = {
          TypeId::kBoolean,     TypeId::kTime,    TypeId::kDate,     TypeId::kTimestamp,
          TypeId::kTimestampTz, TypeId::kTinyInt, TypeId::kSmallInt, TypeId::kInteger,
          TypeId::kBigInt,      TypeId::kHugeInt, TypeId::kDecimal,  TypeId::kFloat,
          TypeId::kDouble};
      const auto* found = std::find(std::begin(kOrder), std::end(kOrder), type.Id());
      return found - std::begin(kOrder);  // others after DOUBLE, in the order given
    };
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](const LogicalType& a, const LogicalType& b) { return rank(a) < rank(b); });
    candidates.push_back(LogicalType(TypeId::kVarchar));
    return candidates;
  }
  return {TypeId::kBoolean, TypeId::kBigInt,    TypeId::kDouble,      TypeId::kTime,
          TypeId::kDate,    TypeId::kTimestamp, TypeId::kTimestampTz, TypeId::kVarchar};
}

/// Whether every value of `values` fits `type`: vectorized through the cast for the types
/// without a sniffing rule of their own.
bool AllFit(const std::vector<std::string>& values, const LogicalType& type,
            const CsvOptions& options) {
  const TypeId id = type.Id();
  if (id == TypeId::kVarchar) return true;
  const bool own_rule =
      id == TypeId::kBoolean || id == TypeId::kBigInt || id == TypeId::kDouble ||
      ((id == TypeId::kFloat || id == TypeId::kDecimal) && options.decimal_separator != '.') ||
      (id == TypeId::kDate && !options.date_format.empty()) ||
      (id == TypeId::kTimestamp && !options.timestamp_format.empty());
  if (own_rule || values.size() < 8) {
    return std::all_of(values.begin(), values.end(),
                       [&](const std::string& v) { return CsvValueFits(v, type, options); });
  }
  Vector text(LogicalType(TypeId::kVarchar), values.size());
  auto* strings = text.Values<string_t>();
  for (size_t i = 0; i < values.size(); i++) strings[i] = string_t(values[i]);
  Vector result(type, values.size());
  return TryCastVector(text, result, values.size(), nullptr);
}

/// A sniffed column's type and, for a DATE or TIMESTAMP column whose values are not ISO
/// 8601 text, the strptime format they are read with.
struct ColumnGuess {
  LogicalType type = LogicalType(TypeId::kVarchar);
  std::string format;
};

/// The formats tried for DATE and TIMESTAMP values that do not cast: month first, then
/// day first, then year first, each with -, / or . between the date's parts. A two-digit
/// year goes before a four-digit one: %Y reads 90 as the year 90, %y as 1990 (and stops
/// after two digits, so 2000 is left to %Y).
std::vector<std::string> FormatCandidates(TypeId id) {
  // DuckDB's order of preference: year first, then day first, then month first — dates
  // that fit both (01.05.2015) are read day first, as DuckDB reads them.
  static const char* const kDate[] = {"%y-%m-%d", "%Y-%m-%d", "%d-%m-%y",
                                      "%d-%m-%Y", "%m-%d-%y", "%m-%d-%Y"};
  static const char* const kTimestamp[] = {
      "%y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M:%S",    "%d-%m-%y %H:%M:%S",    "%d-%m-%Y %H:%M:%S",
      "%d-%m-%Y %H:%M",    "%m-%d-%y %I:%M:%S %p", "%m-%d-%Y %I:%M:%S %p", "%m-%d-%Y %H:%M"};
  std::vector<std::string> formats;
  auto add = [&](const auto& templates) {
    for (const char separator : {'-', '/', '.'}) {
      for (const char* t : templates) {
        std::string format = t;
        // The template's '-' separate the date's parts only.
        std::replace(format.begin(), format.end(), '-', separator);
        formats.push_back(std::move(format));
      }
    }
  };
  if (id == TypeId::kDate) add(kDate);
  if (id == TypeId::kTimestamp) add(kTimestamp);
  return formats;
}

/// The first of `candidates` (which end in VARCHAR) that every value fits; a DATE or
/// TIMESTAMP without a format in `options` also through FormatCandidates.
ColumnGuess FirstFit(const std::vector<std::string>& values,
                     const std::vector<LogicalType>& candidates, const CsvOptions& options) {
  for (const auto& candidate : candidates) {
    if (AllFit(values, candidate, options)) return {candidate, {}};
    const TypeId id = candidate.Id();
    const std::string& given = id == TypeId::kDate ? options.date_format : options.timestamp_format;
    if ((id != TypeId::kDate && id != TypeId::kTimestamp) || !given.empty()) continue;
    for (const std::string& format : FormatCandidates(id)) {
      timestamp_t ts;
      if (std::all_of(values.begin(), values.end(),
                      [&](const std::string& v) { return TryStrptime(Trim(v), format, ts); })) {
        return {candidate, format};
      }
    }
  }
  return {};
}

/// Whether `text` fits the column `guess` describes.
bool GuessFits(std::string_view text, const ColumnGuess& guess, const CsvOptions& options) {
  if (guess.format.empty()) return CsvValueFits(text, guess.type, options);
  timestamp_t ts;
  return TryStrptime(Trim(text), guess.format, ts);
}

/// Removes every CsvField's escapes: the field's text.
std::string FieldText(const CsvField& field, const CsvDialect& dialect) {
  if (!field.escaped) return std::string(field.data, field.size);
  std::string out;
  CsvUnescape(field, dialect, out);
  return out;
}

/// A reader of `path` with `dialect` that has read the sample rows (after `skip` lines)
/// into `rows`, which point into it; throws what the reader throws.
std::unique_ptr<CsvRowReader> ReadSample(const std::string& path, const CsvDialect& dialect,
                                         const CsvOptions& options, idx_t skip, idx_t max_rows,
                                         CsvRows& rows) {
  // At least the default buffer: a sample is what one buffer holds, and buffer_size is
  // about reading, not about which rows the sniffer sees (with 500 bytes it saw the header
  // line alone and took it for data).
  const idx_t buffer_size = std::max(options.buffer_size, CsvRowReader::kDefaultBufferSize);
  auto reader = std::make_unique<CsvRowReader>(path, dialect, buffer_size, options.max_line_size,
                                               options.strict_mode, options.GzipInput());
  reader->SkipLines(skip);
  reader->ReadRows(max_rows, rows);
  return reader;
}

struct DialectScore {
  bool valid = false;
  idx_t width = 0;       // the row width the dialect reads the file to
  idx_t start = 0;       // rows before the first row of that width: notes, not the table
  idx_t start_line = 0;  // the line the row at `start` begins on
  idx_t consistent = 0;  // rows from `start` on of that width (or fewer, with null_padding)
  idx_t rows = 0;
  idx_t quoted = 0;  // fields the dialect's quote enclosed
  bool Beats(const DialectScore& other) const {
    if (valid != other.valid) return valid;
    const bool wide = width > 1, other_wide = other.width > 1;
    if (wide != other_wide) return wide;
    // Two dialects that both read every row to one width: the one whose quote is used. A
    // quote that is not the file's splits its quoted line breaks into more rows, which
    // would otherwise win by number (a one-column file of "a<newline>b" fields).
    if (width == other.width && consistent == rows - start &&
        other.consistent == other.rows - other.start && quoted != other.quoted) {
      return quoted > other.quoted;
    }
    if (consistent != other.consistent) return consistent > other.consistent;
    return width > other.width;
  }
};

/// The most common row width of `rows` (the wider of two as common), and how many have it.
std::pair<idx_t, idx_t> MostCommonWidth(const CsvRows& rows) {
  std::map<idx_t, idx_t> widths;
  for (idx_t r = 0; r < rows.Count(); r++) widths[rows.Width(r)]++;
  std::pair<idx_t, idx_t> best{0, 0};
  for (const auto& [width, count] : widths) {
    if (count >= best.second) best = {width, count};
  }
  return best;
}

/// How well one dialect reads the sample `rows`, as DuckDB's sniffer judges it. The width
/// is the widest row's: rows before the first one that wide are notes above the table
/// (skip_row.csv's "some notes…"), unless the user set skip or columns (then wider rows are
/// the reader's to name), or the notes outnumber the rows after them (then the wide row is
/// a bad row, for the reader to name). Rows after it that are narrower need null_padding;
/// without it the dialect does not read the file (a file of "1;2", "5,6" is no ';' file).
/// With ignore_errors the most common width is the file's and the rest are the rows to
/// ignore.
DialectScore Score(const CsvRows& rows, const CsvOptions& options) {
  DialectScore score;
  score.valid = rows.Count() > 0;
  score.rows = rows.Count();
  for (const CsvField& field : rows.fields) score.quoted += field.quoted;
  if (rows.Count() == 0) return score;
  const bool fixed = options.skip.has_value() || !options.column_types.empty();
  if (options.ignore_errors && !options.null_padding) {
    std::tie(score.width, score.consistent) = MostCommonWidth(rows);
    if (!fixed) {
      while (rows.Width(score.start) != score.width) score.start++;
      score.start_line = rows.line[score.start];
    }
    return score;
  }
  idx_t width = rows.Width(0), start = 0, padded = 0, wider = 0;
  for (idx_t r = 1; r < rows.Count(); r++) {
    const idx_t w = rows.Width(r);
    if (w > width && !rows.EndsInDelimiter(r, width)) {
      if (fixed) {
        wider++;
        continue;
      }
      width = w;
      start = r;
      padded = 0;
    } else if (w < width) {
      padded++;
    }
  }
  if (start > rows.Count() - start) {
    // More notes than table: read to the most common width, and let the reader name the rows
    // that differ.
    std::tie(score.width, score.consistent) = MostCommonWidth(rows);
    return score;
  }
  score.width = width;
  score.start = start;
  score.start_line = rows.line[start];
  score.consistent = rows.Count() - start - wider;
  if (!options.null_padding) score.consistent -= padded;
  // Given columns say the width: the reader names the rows that do not have it.
  score.valid = padded == 0 || options.null_padding || !options.column_types.empty();
  return score;
}

/// The error of a file no dialect reads: DuckDB's words first, then why.
[[noreturn]] void SniffFailed(const std::string& path, const std::string& why) {
  throw InvalidInputError(
      fmt::format("Error when sniffing file \"{}\".\nIt was not possible to automatically detect "
                  "the CSV parsing dialect: {}",
                  path, why));
}

/// The dialect that reads the sample of `path` best, and the rows it takes for notes.
std::pair<CsvDialect, DialectScore> ChooseDialect(const std::string& path,
                                                  const CsvOptions& options, idx_t skip) {
  std::vector<std::string> delimiters;
  if (options.delimiter) {
    delimiters = {*options.delimiter};
  } else {
    delimiters = {",", "|", ";", "\t"};
  }
  std::vector<char> quotes;
  if (options.quote) {
    quotes = {*options.quote};
  } else {
    quotes = {'"', '\''};
  }
  CsvDialect best;
  DialectScore best_score;
  bool any = false;
  std::string first_error;
  for (const auto& delimiter : delimiters) {
    for (char quote : quotes) {
      if (quote != '\0' && delimiter.find(quote) != std::string::npos) continue;
      CsvDialect dialect;
      dialect.delimiter = delimiter;
      dialect.quote = quote;
      dialect.escape = options.escape.value_or(quote);
      dialect.comment = options.comment.value_or('\0');
      dialect.spaces_around_quotes = true;  // a sniffed file is read as DuckDB reads it
      CsvRows rows;
      DialectScore score;
      try {
        ReadSample(path, dialect, options, skip, std::min(options.sample_size, kDialectSampleRows),
                   rows);
        score = Score(rows, options);
      } catch (const InvalidInputError& error) {
        if (first_error.empty()) first_error = error.what();
        continue;
      }
      if (!any || score.Beats(best_score)) {
        best = dialect;
        best_score = score;
        any = true;
      }
    }
  }
  if (!any) SniffFailed(path, first_error);
  if (!best_score.valid && best_score.rows > 0) {
    SniffFailed(path,
                "no delimiter and quote read every row of the sample to one number of columns "
                "(null_padding = true reads short rows, ignore_errors = true skips them)");
  }
  return {best, best_score};
}

std::string NormalizeName(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if (std::isalnum(c)) {
      out += static_cast<char>(std::tolower(c));
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "_" + out;
  return out;
}

/// column0, column1, … zero-padded to the width of the last: column00 … column10.
std::string DefaultName(idx_t column, idx_t columns) {
  const size_t digits = std::to_string(columns == 0 ? 0 : columns - 1).size();
  return fmt::format("column{:0{}}", column, digits);
}

}  // namespace

bool CsvValueFits(std::string_view text, const LogicalType& type, const CsvOptions& options) {
  if (type.IsIntegral()) {
    // integer text only: the cast would round 1.1 to 1
    Value number;
    return IsInteger(text) && Value::Varchar(Trim(text)).TryCastAs(type, number);
  }
  switch (type.Id()) {
    case TypeId::kVarchar:
      return true;
    case TypeId::kBoolean:
      return IsBoolean(text);
    case TypeId::kDouble:
      return IsDecimal(text, options.decimal_separator);
    case TypeId::kFloat:
    case TypeId::kDecimal:
      if (options.decimal_separator != '.') {
        // 123,5 with decimal_separator ',': the number 123.5, as the reader converts it
        if (!IsDecimal(text, options.decimal_separator)) return false;
        std::string number(Trim(text));
        std::replace(number.begin(), number.end(), options.decimal_separator, '.');
        Value result;
        return Value::Varchar(number).TryCastAs(type, result);
      }
      break;
    case TypeId::kTimestampTz:
      // Sniffed only for values that say their offset (or Z); the others are TIMESTAMPs.
      if (!HasUtcOffset(text)) return false;
      break;
    case TypeId::kTime:
      // TIME's input reads a date before the time and an offset after it, and drops them:
      // a value with either is a TIMESTAMP [WITH TIME ZONE] (or text), not a TIME.
      if (text.find_first_of("-+TtZzUu") != std::string_view::npos) return false;
      break;
    case TypeId::kDate:
    case TypeId::kTimestamp: {
      // A value with its offset is a TIMESTAMP WITH TIME ZONE (DuckDB sniffs it so): a
      // TIMESTAMP column would keep the instant but not that the file said it.
      if (type.Id() == TypeId::kTimestamp && options.timestamp_format.empty() &&
          HasUtcOffset(text)) {
        return false;
      }
      const std::string& format =
          type.Id() == TypeId::kDate ? options.date_format : options.timestamp_format;
      // DATE's input reads a time of day and drops it; a value with one is a TIMESTAMP.
      if (type.Id() == TypeId::kDate && format.empty() &&
          text.find(':') != std::string_view::npos) {
        return false;
      }
      if (!format.empty()) {
        timestamp_t ts;
        return TryStrptime(Trim(text), format, ts);
      }
      break;
    }
    default:
      break;
  }
  Value result;
  return Value::Varchar(text).TryCastAs(type, result);
}

CsvSchema SniffCsv(const std::string& path, const CsvOptions& options) {
  ValidateCsvDialect(options);
  CsvSchema schema;
  schema.skip = options.skip.value_or(0);
  const bool sniff = options.auto_detect;
  std::optional<DialectScore> chosen;
  if (options.text_format) {
    schema.dialect.delimiter = options.delimiter.value_or("\t");
    schema.dialect.quote = schema.dialect.escape = '\0';
    schema.dialect.comment = options.comment.value_or('\0');
    schema.dialect.text_format = true;
  } else if (sniff) {
    auto [dialect, score] = ChooseDialect(path, options, schema.skip);
    schema.dialect = std::move(dialect);
    chosen = score;
    // The notes above the table are skipped as skip= would skip them. With null_padding a
    // narrower first row is the header of a table whose later rows have more values
    // (DuckDB's reading: "id,name" over "1,a,x" names two of three columns).
    if (score.start > 0 && !options.null_padding) schema.skip = score.start_line - 1;
  } else {
    schema.dialect.delimiter = options.delimiter.value_or(",");
    schema.dialect.quote = options.quote.value_or('"');
    schema.dialect.escape = options.escape.value_or(schema.dialect.quote);
    schema.dialect.comment = options.comment.value_or('\0');
  }
  const CsvDialect& dialect = schema.dialect;

  CsvRows rows;
  const bool given_columns = !options.column_types.empty();
  const auto reader =
      ReadSample(path, dialect, options, schema.skip, sniff ? options.sample_size : 1, rows);
  idx_t width = chosen ? chosen->width : MostCommonWidth(rows).first;
  // Every row ending in a delimiter (TPC-H's .tbl files) has one column fewer.
  if (width > 1 && rows.Count() > 0) {
    bool trailing = true;
    for (idx_t r = 0; r < rows.Count() && trailing; r++) {
      trailing = rows.EndsInDelimiter(r, width - 1);
    }
    if (trailing) width--;
  }
  if (given_columns) width = options.column_types.size();
  if (width == 0) width = options.names.empty() ? 1 : options.names.size();

  // The sample's values per column (rows of another width say nothing about the columns).
  std::vector<std::vector<std::string>> values(width);
  std::vector<bool> row0_null(width, true);
  std::vector<std::string> row0(width);
  const idx_t sample = rows.Count();
  const std::vector<std::string> nulls = options.Nulls();
  for (idx_t r = 0; r < sample; r++) {
    if (rows.Width(r) != width && !(options.null_padding && rows.Width(r) < width) &&
        !rows.EndsInDelimiter(r, width)) {
      continue;
    }
    for (idx_t c = 0; c < std::min<idx_t>(width, rows.Width(r)); c++) {
      const CsvField& field = rows.Field(r, c);
      std::string text = FieldText(field, dialect);
      const bool is_null = CsvFieldIsNull(field, nulls, options.allow_quoted_nulls);
      if (r == 0) {
        row0[c] = text;
        row0_null[c] = is_null;
      } else if (!is_null) {
        values[c].push_back(std::move(text));
      }
    }
  }

  // Types of the rows after the first.
  const auto candidates = Candidates(options);
  std::vector<ColumnGuess> guesses(width);
  if (given_columns) {
    for (idx_t c = 0; c < width; c++) guesses[c].type = options.column_types[c];
  } else if (sniff) {
    for (idx_t c = 0; c < width; c++) {
      if (!values[c].empty()) guesses[c] = FirstFit(values[c], candidates, options);
    }
  }

  if (options.header) {
    schema.header = *options.header;
  } else if (sniff && sample > 0) {
    bool mismatch = false, all_varchar = true, any_null = false;
    for (idx_t c = 0; c < width; c++) {
      if (guesses[c].type.Id() != TypeId::kVarchar) all_varchar = false;
      if (row0_null[c]) {
        any_null = true;
      } else if (!GuessFits(row0[c], guesses[c], options)) {
        mismatch = true;
      }
    }
    // A file of one row: a header when no value of it reads as anything but text (DuckDB's
    // rule: "name,city" names the columns of a file without rows; "x,2" is a row).
    bool one_row_of_names = sample == 1 && !any_null;
    for (idx_t c = 0; c < width && one_row_of_names; c++) {
      one_row_of_names = FirstFit({row0[c]}, candidates, options).type.Id() == TypeId::kVarchar;
    }
    schema.header = mismatch || (all_varchar && !any_null && sample > 1) || one_row_of_names;
  }
  // Without a header the first row is data: its values take part in the types.
  if (!schema.header && !given_columns && !options.all_varchar && sniff) {
    for (idx_t c = 0; c < width; c++) {
      if (row0_null[c]) continue;
      values[c].push_back(row0[c]);
      guesses[c] = FirstFit(values[c], candidates, options);
    }
  }
  if (options.all_varchar) guesses.assign(width, ColumnGuess{});
  // No row of values to say what the types are (a file of its header alone).
  schema.untyped =
      sniff && !given_columns && !options.all_varchar && sample <= (schema.header ? 1u : 0u);
  std::vector<LogicalType> types;
  for (const auto& guess : guesses) types.push_back(guess.type);

  // Names: the header's, then names=, then columns=.
  std::vector<std::string> names(width);
  for (idx_t c = 0; c < width; c++) {
    // A header value is taken without the spaces around it; a blank one names no column.
    std::string_view value = row0_null[c] ? std::string_view() : std::string_view(row0[c]);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
      value.remove_prefix(1);
    }
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    if (schema.header && options.normalize_names && !row0_null[c] && !row0[c].empty()) {
      names[c] = NormalizeName(row0[c]);  // blanks become _ as DuckDB's normalizing does
    } else if (schema.header && !value.empty()) {
      names[c] = std::string(value);
    } else {
      names[c] = DefaultName(c, width);
    }
  }
  if (options.names.size() > width) {
    throw BinderError(
        fmt::format("read_csv: names gives {} names for {} columns", options.names.size(), width));
  }
  for (size_t c = 0; c < options.names.size(); c++) names[c] = options.names[c];
  if (given_columns) names = options.column_names;
  // Duplicate names get _1, _2, …
  std::set<std::string> seen;
  for (auto& name : names) {
    std::string unique = name;
    for (int k = 1; seen.count(unique); k++) unique = fmt::format("{}_{}", name, k);
    seen.insert(unique);
    name = unique;
  }

  if (!options.types_by_position.empty()) {
    if (options.types_by_position.size() > width) {
      throw BinderError(fmt::format("read_csv: types gives {} types for {} columns",
                                    options.types_by_position.size(), width));
    }
    for (size_t c = 0; c < options.types_by_position.size(); c++) {
      types[c] = options.types_by_position[c];
      guesses[c].format.clear();
    }
  }
  for (const auto& [name, type] : options.types_by_name) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      throw BinderError(
          fmt::format("read_csv: types names column \"{}\", which the file lacks", name));
    }
    types[it - names.begin()] = type;
    guesses[it - names.begin()].format.clear();
  }
  for (idx_t c = 0; c < width; c++) {
    if (guesses[c].format.empty()) continue;
    schema.formats.resize(width);
    schema.formats[c] = guesses[c].format;
  }
  schema.names = std::move(names);
  schema.types = std::move(types);
  return schema;
}

void UnionCsvSchemasByName(CsvScanData& data) {
  CsvSchema& merged = data.schema;
  merged = CsvSchema{};
  std::vector<std::string> keys;  // merged.names, case-folded
  std::vector<bool> typed;        // per merged column: a file with rows has given its type
  for (const std::string& file : data.files) {
    CsvSchema own = SniffCsv(file, data.options);
    if (merged.names.empty()) {
      merged.dialect = own.dialect;
      merged.header = own.header;
      merged.skip = own.skip;
    }
    std::vector<idx_t> columns(merged.names.size(), kInvalidIndex);
    for (idx_t c = 0; c < own.names.size(); c++) {
      const std::string key = Catalog::Key(own.names[c]);
      auto it = std::find(keys.begin(), keys.end(), key);
      if (it == keys.end()) {
        keys.push_back(key);
        merged.names.push_back(own.names[c]);
        merged.types.push_back(own.types[c]);
        typed.push_back(!own.untyped);
        for (auto& earlier : data.file_columns) earlier.push_back(kInvalidIndex);
        columns.push_back(c);
        continue;
      }
      const idx_t u = static_cast<idx_t>(it - keys.begin());
      if (columns[u] != kInvalidIndex) {
        throw InvalidInputError(fmt::format(
            "CSV file \"{}\" has column \"{}\" twice: union_by_name matches columns by name", file,
            own.names[c]));
      }
      columns[u] = c;
      if (own.untyped) continue;  // its VARCHAR says nothing about the values
      if (!typed[u]) {
        merged.types[u] = own.types[c];
        typed[u] = true;
      } else if (merged.types[u] != own.types[c]) {
        try {
          merged.types[u] = CommonType(merged.types[u], false, own.types[c], false, "");
        } catch (const BinderError&) {
          merged.types[u] = LogicalType(TypeId::kVarchar);  // text holds every file's values
        }
      }
    }
    data.file_schemas.push_back(std::move(own));
    data.file_columns.push_back(std::move(columns));
  }
}

}  // namespace teal
