// Binder: read_csv(path or [paths], option = value, …) and read_csv_auto (the same) in
// FROM. The files are found and the first one sniffed (function/table/csv_sniffer.hpp)
// when the statement is bound, so the columns are known to the rest of the query.
#include <filesystem>
#include <fstream>

#include "function/table/csv_sniffer.hpp"
#include "function/table/hive_partitions.hpp"
#include "os/file_glob.hpp"
#include "parser/identifier.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

/// An option's value as sniff_csv's UserArguments and Prompt write it: text quoted.
std::string OptionText(const Value& value) {
  if (value.IsNull()) return "NULL";
  if (value.Type().Id() == TypeId::kVarchar) return QuoteLiteral(value.GetString());
  return value.ToString();
}

/// A character of the dialect as sniff_csv shows it ('\0', none: empty).
std::string CharText(char c) { return c ? std::string(1, c) : std::string(); }

/// What the file's lines end with, as DuckDB writes it (\n, \r\n or \r), and whether
/// `quote` occurs in its first bytes (DuckDB reports no quote when none is seen).
std::pair<std::string, bool> NewlineAndQuote(const std::string& file, char quote) {
  if (std::string_view(file).ends_with(".gz")) return {"\\n", true};  // not decompressed here
  constexpr uintmax_t kLook = 8 << 20;
  std::error_code error;
  const uintmax_t size = std::filesystem::file_size(file, error);
  std::ifstream in(file, std::ios::binary);
  std::string head(static_cast<size_t>(error ? 0 : std::min(size, kLook)), '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  std::string newline = "\\n";
  const size_t end = head.find_first_of("\r\n");
  if (end != std::string::npos && head[end] == '\r') {
    newline = end + 1 < head.size() && head[end + 1] == '\n' ? "\\r\\n" : "\\r";
  }
  return {newline, quote != '\0' && head.find(quote) != std::string::npos};
}

}  // namespace

LogicalOperatorPtr Binder::SniffCsvRow(const std::string& path, const CsvScanData& data,
                                       const std::vector<std::string>& given,
                                       const std::vector<std::string>& user_arguments,
                                       std::vector<std::string>& names,
                                       std::vector<LogicalType>& types) {
  // DuckDB's sniff_csv: the dialect, header and columns the sniffer found, and a read_csv
  // call (Prompt) that reads the file so without sniffing.
  const CsvSchema& schema = data.schema;
  // An option the user gave is said once, among the user's arguments at the end.
  auto gave = [&](std::initializer_list<std::string_view> aliases) {
    return std::any_of(given.begin(), given.end(), [&](const std::string& name) {
      return std::find(aliases.begin(), aliases.end(), name) != aliases.end();
    });
  };
  auto [newline, quoted] = NewlineAndQuote(data.files[0], schema.dialect.quote);
  const std::string quote =
      quoted || gave({"quote", "escape"}) ? CharText(schema.dialect.quote) : std::string();
  const std::string escape =
      quoted || gave({"escape"}) ? CharText(schema.dialect.escape) : std::string();
  const LogicalType varchar(TypeId::kVarchar);
  const LogicalType column_type = LogicalType::Struct({{"name", varchar}, {"type", varchar}});
  std::vector<Value> columns;
  std::string columns_text;
  std::string date_format = data.options.date_format;
  std::string timestamp_format = data.options.timestamp_format;
  for (size_t i = 0; i < schema.names.size(); i++) {
    const std::string type = schema.types[i].ToString();
    columns.push_back(
        Value::Struct(column_type, {Value::Varchar(schema.names[i]), Value::Varchar(type)}));
    columns_text += (i ? ", " : "") + QuoteLiteral(schema.names[i]) + ": " + QuoteLiteral(type);
    const std::string format = i < schema.formats.size() ? schema.formats[i] : std::string();
    // DuckDB names the ISO format of a DATE column, but only another one of a TIMESTAMP's.
    if (schema.types[i].Id() == TypeId::kDate && date_format.empty()) {
      date_format = format.empty() ? "%Y-%m-%d" : format;
    }
    if (schema.types[i].Id() == TypeId::kTimestamp && timestamp_format.empty()) {
      timestamp_format = format;
    }
  }
  std::string arguments;
  for (const std::string& argument : user_arguments) {
    arguments += (arguments.empty() ? "" : ", ") + argument;
  }
  std::string prompt = "FROM read_csv(" + QuoteLiteral(path) + ", auto_detect=false";
  auto add = [&](std::initializer_list<std::string_view> aliases, const std::string& option) {
    if (!gave(aliases)) prompt += ", " + option;
  };
  add({"delim", "sep", "delimiter"}, "delim=" + QuoteLiteral(schema.dialect.delimiter));
  add({"quote"}, "quote=" + QuoteLiteral(quote));
  add({"escape"}, "escape=" + QuoteLiteral(escape));
  add({"new_line"}, "new_line=" + QuoteLiteral(newline));
  add({"skip"}, fmt::format("skip={}", schema.skip));
  add({"comment"}, "comment=" + QuoteLiteral(CharText(schema.dialect.comment)));
  add({"header"}, schema.header ? "header=true" : "header=false");
  prompt += ", columns={" + columns_text + "}";
  if (!date_format.empty()) {
    add({"dateformat", "date_format"}, "dateformat=" + QuoteLiteral(date_format));
  }
  if (!timestamp_format.empty()) {
    add({"timestampformat", "timestamp_format"},
        "timestampformat=" + QuoteLiteral(timestamp_format));
  }
  if (!arguments.empty()) prompt += ", " + arguments;
  prompt += ");";
  auto text_or_null = [](const std::string& text) {
    return text.empty() ? Value(LogicalType(TypeId::kVarchar)) : Value::Varchar(text);
  };
  names = {"Delimiter", "Quote",   "Escape",     "NewLineDelimiter", "Comment",       "SkipRows",
           "HasHeader", "Columns", "DateFormat", "TimestampFormat",  "UserArguments", "Prompt"};
  types = {varchar,
           varchar,
           varchar,
           varchar,
           varchar,
           LogicalType(TypeId::kUInteger),
           LogicalType(TypeId::kBoolean),
           LogicalType::List(column_type),
           varchar,
           varchar,
           varchar,
           varchar};
  std::vector<Value> row = {Value::Varchar(schema.dialect.delimiter),
                            Value::Varchar(quote),
                            Value::Varchar(escape),
                            Value::Varchar(newline),
                            Value::Varchar(CharText(schema.dialect.comment)),
                            Value::UInteger(static_cast<uint32_t>(schema.skip)),
                            Value::Boolean(schema.header),
                            Value::List(column_type, std::move(columns)),
                            text_or_null(date_format),
                            text_or_null(timestamp_format),
                            text_or_null(arguments),
                            Value::Varchar(prompt)};
  return ConstantTable(types, {std::move(row)});
}

LogicalOperatorPtr Binder::BindReadCsv(const ParsedExpression& call,
                                       std::vector<std::string>& names,
                                       std::vector<LogicalType>& types) {
  const std::string& function = call.name;
  if (call.star || call.distinct) {
    throw BinderError(
        fmt::format("{} takes a path and named options: {}", function, call.ToString()));
  }
  CsvOptions options;
  std::vector<std::string> patterns;
  std::vector<std::string> given;
  std::vector<std::string> user_arguments;  // as sniff_csv shows them: name=value
  for (const auto& child : call.children) {
    // An option is written name := value or, as DuckDB allows, name = value.
    auto [name, value] = NamedArgument(*child);
    if (name.empty()) {
      if (!patterns.empty()) {
        throw BinderError(
            fmt::format("{} takes one path (or a list of paths) and then named options, not {}",
                        function, child->ToString()));
      }
      const Value path = BindConstant(*child, fmt::format("the path of {}", function));
      if (path.Type().Id() == TypeId::kList) {
        if (path.IsNull()) {
          throw BinderError(fmt::format("\"{}\" cannot take NULL list as parameter", function));
        }
        for (const Value& element : path.GetList()) {
          if (element.IsNull()) throw BinderError(fmt::format("a path of {} is NULL", function));
          patterns.push_back(element.CastAs(LogicalType(TypeId::kVarchar)).GetString());
        }
        if (patterns.empty())
          throw BinderError(fmt::format("{} got an empty list of paths", function));
      } else if (path.Type().Id() == TypeId::kVarchar && !path.IsNull()) {
        patterns.push_back(path.GetString());
      } else if (path.IsNull()) {
        // DuckDB's words, which differ by function.
        throw BinderError(
            function == "sniff_csv"
                ? fmt::format("{} cannot take NULL as a file path parameter", function)
                : fmt::format("\"{}\" cannot take NULL list as parameter", function));
      } else {
        throw BinderError(
            fmt::format("the path of {} must be a string or a list of strings, not {}", function,
                        path.ToString()));
      }
      continue;
    }
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (std::find(given.begin(), given.end(), name) != given.end()) {
      throw BinderError(fmt::format("{}: duplicate option {}", function, name));
    }
    given.push_back(name);
    const Value v = BindConstant(*value, fmt::format("{} option {}", function, name));
    if (function == "sniff_csv" && name == "auto_detect" && !v.IsNull() &&
        !v.CastAs(LogicalType(TypeId::kBoolean)).GetStored<bool>()) {
      throw BinderError("sniff_csv function does not accept auto_detect variable set to false");
    }
    // The columns show in the sniffed columns, auto_detect in the call itself.
    if (name != "names" && name != "column_names" && name != "columns" && name != "types" &&
        name != "dtypes" && name != "column_types" && name != "auto_type_candidates" &&
        name != "auto_detect") {
      user_arguments.push_back(name + "=" + OptionText(v));
    }
    SetCsvOption(options, name, v, /*reading=*/true,
                 [&](const std::string& text) { return ResolveTypeText(text); });
  }
  if (patterns.empty()) throw BinderError(fmt::format("{} needs the path of a file", function));
  for (const auto& pattern : patterns) {
    // FROM 'file' becomes read_csv_auto('file'): other formats are not CSV.
    for (std::string_view suffix : {".parquet", ".json", ".jsonl", ".ndjson", ".zst"}) {
      if (std::string_view(pattern).ends_with(suffix)) {
        throw NotImplementedError(
            fmt::format("reading {} files (Teal reads CSV): \"{}\"", suffix.substr(1), pattern));
      }
    }
  }

  auto data = std::make_shared<CsvScanData>();
  for (auto& file : FilesOfPatterns(patterns, "csv")) {
    std::error_code error;
    const auto size = std::filesystem::file_size(file, error);
    if (!error) data->total_bytes += static_cast<idx_t>(size);
    data->files.push_back(std::move(file));
  }
  data->options = std::move(options);
  if (!data->options.hive_partitioning_given) {
    data->options.hive_partitioning = HasHivePartitions(data->files);
  }
  if (data->options.union_by_name && function != "sniff_csv") {
    UnionCsvSchemasByName(*data);
  } else {
    data->schema = SniffCsv(data->files[0], data->options);
  }
  if (function == "sniff_csv") {
    if (data->files.size() > 1) {
      throw NotImplementedError(
          fmt::format("sniff_csv does not operate on more than one file yet ({} files match)",
                      data->files.size()));
    }
    return SniffCsvRow(patterns[0], *data, given, user_arguments, names, types);
  }
  names = data->schema.names;
  types = data->schema.types;
  if (data->options.filename) {
    names.push_back("filename");
    types.push_back(LogicalType(TypeId::kVarchar));
  }
  if (data->options.hive_partitioning) {
    data->hive = ReadHivePartitions(data->files, data->options);
    for (size_t k = 0; k < data->hive.names.size();) {
      const std::string& key = data->hive.names[k];
      if (std::any_of(names.begin(), names.end(),
                      [&](const std::string& n) { return Catalog::Key(n) == Catalog::Key(key); })) {
        if (data->options.hive_partitioning_given) {
          throw BinderError(fmt::format(
              "{}: the hive partition \"{}\" has the name of a column of the file", function, key));
        }
        // Found, not asked for: the file's own column (WRITE_PARTITION_COLUMNS) stays.
        data->hive.names.erase(data->hive.names.begin() + static_cast<std::ptrdiff_t>(k));
        data->hive.types.erase(data->hive.types.begin() + static_cast<std::ptrdiff_t>(k));
        for (auto& values : data->hive.values) {
          values.erase(values.begin() + static_cast<std::ptrdiff_t>(k));
        }
        continue;
      }
      names.push_back(key);
      types.push_back(data->hive.types[k]);
      k++;
    }
    data->options.hive_partitioning = !data->hive.names.empty();
  }
  auto scan = std::make_unique<LogicalCsvScan>();
  scan->types = types;
  scan->data = std::move(data);
  return scan;
}

}  // namespace teal
