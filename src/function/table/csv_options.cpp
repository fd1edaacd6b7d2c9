// SetCsvOption: one named option of read_csv() or COPY onto CsvOptions, with the checks
// that make a bad option an error naming it rather than a silently different reading.
#include "function/table/csv_options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "teal/error.hpp"

namespace teal {
namespace {

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

/// The option's value as text; `what` names it in the error.
std::string Text(const std::string& name, const Value& value) {
  if (value.IsNull()) throw BinderError(fmt::format("CSV option {} must not be NULL", name));
  if (value.Type().Id() == TypeId::kList || value.Type().Id() == TypeId::kStruct) {
    throw BinderError(fmt::format("CSV option {} takes one value, not {}", name, value.ToString()));
  }
  return value.Type().Id() == TypeId::kVarchar ? value.GetString() : value.ToString();
}

bool Bool(const std::string& name, const Value& value) {
  // A bare option (HEADER) arrives as NULL from COPY's option list: it means true.
  if (value.IsNull()) return true;
  Value b;
  std::string error;
  if (!value.TryCastAs(LogicalType(TypeId::kBoolean), b, &error) || b.IsNull()) {
    throw BinderError(fmt::format("CSV option {} takes a boolean, not {}", name, value.ToString()));
  }
  return b.GetStored<bool>();
}

idx_t Count(const std::string& name, const Value& value) {
  Value n;
  if (value.IsNull() || !value.TryCastAs(LogicalType(TypeId::kBigInt), n) ||
      n.GetStored<int64_t>() < 0) {
    throw BinderError(fmt::format("CSV option {} takes a number of 0 or more, not {}", name,
                                  value.IsNull() ? "NULL" : value.ToString()));
  }
  return static_cast<idx_t>(n.GetStored<int64_t>());
}

/// A one-character option (quote, escape, comment); empty text (or NULL: DuckDB's
/// quote = NULL) is '\0', none.
char Character(const std::string& name, const Value& value) {
  if (value.IsNull()) return '\0';
  const std::string s = Text(name, value);
  if (s.size() > 1) {
    throw BinderError(
        fmt::format("CSV option {} must be one character or empty, not '{}'", name, s));
  }
  return s.empty() ? '\0' : s[0];
}

std::vector<std::string> TextList(const std::string& name, const Value& value) {
  std::vector<std::string> out;
  if (value.Type().Id() != TypeId::kList) {
    out.push_back(Text(name, value));
    return out;
  }
  for (const Value& element : value.GetList()) out.push_back(Text(name, element));
  return out;
}

}  // namespace

void SetCsvOption(CsvOptions& options, const std::string& name, const Value& value, bool reading,
                  const CsvTypeResolver& resolve_type) {
  auto reading_only = [&] {
    if (!reading) throw BinderError(fmt::format("CSV option {} applies to reading only", name));
  };
  auto writing_only = [&] {
    if (reading) throw BinderError(fmt::format("CSV option {} applies to writing only", name));
  };
  if (name == "delim" || name == "sep" || name == "delimiter") {
    if (value.IsNull() && reading) {
      options.delimiter = "";  // none (DuckDB's delim = NULL): each line is one field
      return;
    }
    std::string d = Text(name, value);
    if (d == "\\t") d = "\t";
    if (d.empty() || d.size() > 4) {
      throw BinderError(fmt::format("CSV option {} must be 1 to 4 bytes, not '{}'", name, d));
    }
    options.delimiter = d;
  } else if (name == "quote") {
    options.quote = Character(name, value);
  } else if (name == "escape") {
    options.escape = Character(name, value);
  } else if (name == "comment") {
    reading_only();
    options.comment = Character(name, value);
  } else if (name == "header") {
    options.header = Bool(name, value);
  } else if (name == "nullstr" || name == "null") {
    options.null_strings = TextList(name, value);
    if (options.null_strings.empty()) {
      // An empty list would silently mean the default (DuckDB's words).
      throw BinderError(
          "CSV Reader function option \"nullstr\" requires a non-empty list of possible null "
          "strings (varchar) as input");
    }
    if (!reading && options.null_strings.size() != 1) {
      throw BinderError("CSV option nullstr takes one string when writing");
    }
  } else if (name == "allow_quoted_nulls") {
    reading_only();
    options.allow_quoted_nulls = Bool(name, value);
  } else if (name == "skip") {
    reading_only();
    options.skip = Count(name, value);
  } else if (name == "auto_detect") {
    reading_only();
    options.auto_detect = Bool(name, value);
  } else if (name == "sample_size") {
    reading_only();
    Value n;
    if (value.IsNull() || !value.TryCastAs(LogicalType(TypeId::kBigInt), n)) {
      throw BinderError(fmt::format("CSV option sample_size takes a number, not {}",
                                    value.IsNull() ? "NULL" : value.ToString()));
    }
    const int64_t rows = n.GetStored<int64_t>();
    if (rows == 0 || rows < -1) {
      throw BinderError("CSV option sample_size must be -1 (the whole file) or more than 0");
    }
    options.sample_size = rows == -1 ? ~idx_t{0} : static_cast<idx_t>(rows);
  } else if (name == "all_varchar") {
    reading_only();
    options.all_varchar = Bool(name, value);
  } else if (name == "ignore_errors") {
    reading_only();
    options.ignore_errors = Bool(name, value);
  } else if (name == "null_padding") {
    reading_only();
    options.null_padding = Bool(name, value);
  } else if (name == "strict_mode") {
    reading_only();
    options.strict_mode = Bool(name, value);
  } else if (name == "normalize_names") {
    reading_only();
    options.normalize_names = Bool(name, value);
  } else if (name == "filename") {
    reading_only();
    options.filename = Bool(name, value);
  } else if (name == "hive_partitioning") {
    reading_only();
    options.hive_partitioning = Bool(name, value);
    options.hive_partitioning_given = true;
  } else if (name == "hive_types_autocast") {
    reading_only();
    options.hive_types_autocast = Bool(name, value);
  } else if (name == "hive_types") {
    reading_only();
    if (value.Type().Id() != TypeId::kStruct) {
      throw BinderError(
          "CSV option hive_types takes a struct of names and types: {'key': 'INTEGER', …}");
    }
    options.hive_types.clear();
    const auto& fields = value.Type().StructFields();
    for (size_t i = 0; i < fields.size(); i++) {
      options.hive_types.emplace_back(fields[i].first,
                                      resolve_type(Text(name, value.GetStruct()[i])));
    }
    options.hive_partitioning = true;
    options.hive_partitioning_given = true;
  } else if (name == "union_by_name") {
    reading_only();
    options.union_by_name = Bool(name, value);
  } else if (name == "max_line_size" || name == "maximum_line_size") {
    reading_only();
    options.max_line_size = Count(name, value);
    if (options.max_line_size == 0) throw BinderError("CSV option max_line_size must be > 0");
  } else if (name == "buffer_size") {
    reading_only();
    options.buffer_size = Count(name, value);
    if (options.buffer_size == 0) throw BinderError("CSV option buffer_size must be > 0");
  } else if (name == "dateformat" || name == "date_format") {
    options.date_format = Text(name, value);
  } else if (name == "timestampformat" || name == "timestamp_format") {
    options.timestamp_format = Text(name, value);
  } else if (name == "decimal_separator") {
    const std::string s = Text(name, value);
    if (s != "." && s != ",") {
      throw BinderError(fmt::format(
          "Unsupported parameter for DECIMAL_SEPARATOR: should be '.' or ',', not '{}'", s));
    }
    options.decimal_separator = s[0];
  } else if (name == "new_line") {
    reading_only();
    // Every line ending is read (\n, \r\n, \r); the option only has to be one of them.
    const std::string s = Text(name, value);
    if (s != "\\n" && s != "\\r" && s != "\\r\\n" && s != "\n" && s != "\r" && s != "\r\n") {
      throw BinderError(
          fmt::format("CSV option new_line must be '\\n', '\\r' or '\\r\\n', not '{}'", s));
    }
  } else if (name == "columns") {
    reading_only();
    if (value.Type().Id() != TypeId::kStruct) {
      throw BinderError(
          "CSV option columns takes a struct of names and types: {'name': 'INTEGER', …}");
    }
    options.column_names.clear();
    options.column_types.clear();
    const auto& fields = value.Type().StructFields();
    for (size_t i = 0; i < fields.size(); i++) {
      options.column_names.push_back(fields[i].first);
      options.column_types.push_back(resolve_type(Text(name, value.GetStruct()[i])));
    }
    if (options.column_names.empty()) throw BinderError("CSV option columns names no column");
  } else if (name == "names" || name == "column_names") {
    reading_only();
    options.names = TextList(name, value);
    // DuckDB's rules and words: a column name twice (in any case, as Teal's names are
    // case-insensitive) or a blank one would name no one column.
    std::set<std::string> seen;
    for (const auto& column : options.names) {
      if (column.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw BinderError(fmt::format(
            "read_csv \"names\" cannot have empty (or all whitespace) value: '{}'", column));
      }
      if (!seen.insert(Lower(column)).second) {
        throw BinderError(fmt::format(
            "read_csv \"names\" must have unique values: \"{}\" is there twice", column));
      }
    }
  } else if (name == "types" || name == "dtypes" || name == "column_types") {
    reading_only();
    options.types_by_position.clear();
    options.types_by_name.clear();
    if (value.Type().Id() == TypeId::kStruct) {
      const auto& fields = value.Type().StructFields();
      for (size_t i = 0; i < fields.size(); i++) {
        options.types_by_name.emplace_back(fields[i].first,
                                           resolve_type(Text(name, value.GetStruct()[i])));
      }
    } else {
      for (const auto& t : TextList(name, value))
        options.types_by_position.push_back(resolve_type(t));
    }
  } else if (name == "auto_type_candidates") {
    reading_only();
    options.auto_type_candidates.clear();
    for (const auto& t : TextList(name, value)) {
      LogicalType type = resolve_type(t);
      // A sniffer tries the scalar types; an ENUM or a nested type is no candidate (DuckDB's
      // words).
      const TypeId id = type.Id();
      if (id == TypeId::kEnum || id == TypeId::kList || id == TypeId::kStruct ||
          id == TypeId::kMap || id == TypeId::kArray || id == TypeId::kUnion) {
        throw InvalidInputError(
            fmt::format("Auto Type Candidate of type {} is not accepted as a valid input ({} in "
                        "auto_type_candidates)",
                        type.Id() == TypeId::kEnum ? "ENUM" : type.ToString(), t));
      }
      options.auto_type_candidates.push_back(std::move(type));
    }
  } else if (name == "force_not_null") {
    reading_only();
    options.force_not_null = TextList(name, value);
  } else if (name == "force_quote") {
    writing_only();
    if (value.Type().Id() == TypeId::kVarchar && value.GetString() == "*") {
      options.force_quote_all = true;
    } else {
      options.force_quote = TextList(name, value);
    }
  } else if (name == "format") {
    const std::string format = Lower(Text(name, value));
    if (format != "csv" && format != "text") {
      throw NotImplementedError(
          fmt::format("the {} format (Teal reads and writes CSV and text)", format));
    }
    options.text_format = format == "text";
  } else if (name == "compression") {
    const std::string c = Lower(Text(name, value));
    if (c == "gzip") {
      options.compression = CsvOptions::Compression::kGzip;
    } else if (c == "none" || c == "uncompressed") {
      options.compression = CsvOptions::Compression::kNone;
    } else if (c == "auto" || c == "infer") {
      options.compression = CsvOptions::Compression::kAuto;
    } else {
      throw NotImplementedError(fmt::format("CSV compression {} (gzip and none are)", c));
    }
  } else if (name == "parallel") {
    reading_only();
    Bool(name, value);  // Teal reads a CSV file on one thread either way.
  } else {
    throw BinderError(fmt::format("unknown CSV option {}", name));
  }
}

void ValidateCsvDialect(const CsvOptions& options) {
  if (options.text_format) {
    // As PostgreSQL: quoting belongs to CSV.
    if (options.quote || options.escape || options.force_quote_all ||
        !options.force_quote.empty() || !options.force_not_null.empty()) {
      throw BinderError(
          "QUOTE, ESCAPE, FORCE_QUOTE and FORCE_NOT_NULL apply to the CSV format only (FORMAT "
          "csv); COPY's default format is text");
    }
  }
  const char quote = options.quote.value_or(options.text_format ? '\0' : '"');
  const char escape = options.escape.value_or(quote);
  if (options.delimiter) {
    const std::string& d = *options.delimiter;
    if (quote != '\0' && d.find(quote) != std::string::npos) {
      throw BinderError(fmt::format(
          "QUOTE must not appear in the DELIMITER specification and vice versa: the CSV "
          "delimiter '{}' and quote '{}' must differ",
          d, quote));
    }
    if (escape != '\0' && escape != quote && d.find(escape) != std::string::npos) {
      throw BinderError(fmt::format(
          "ESCAPE must not appear in the DELIMITER specification and vice versa: the CSV "
          "delimiter '{}' and escape '{}' must differ",
          d, escape));
    }
    if (d.find('\n') != std::string::npos || d.find('\r') != std::string::npos) {
      throw BinderError("the CSV delimiter cannot be a line break");
    }
    if (options.comment && *options.comment != '\0' &&
        d.find(*options.comment) != std::string::npos) {
      throw BinderError(fmt::format(
          "COMMENT must not appear in the DELIMITER specification and vice versa: the CSV "
          "delimiter '{}' and comment '{}' must differ",
          d, *options.comment));
    }
  }
  if (options.comment && *options.comment != '\0' && *options.comment == quote) {
    throw BinderError(fmt::format(
        "COMMENT must not appear in the QUOTE specification and vice versa: the CSV quote and "
        "comment '{}' must differ",
        quote));
  }
}

}  // namespace teal
