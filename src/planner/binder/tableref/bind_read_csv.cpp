// Binder: read_csv(path or [paths], option = value, …) and read_csv_auto (the same) in
// FROM. The files are found and the first one sniffed (function/table/csv_sniffer.hpp)
// when the statement is bound, so the columns are known to the rest of the query.
#include <filesystem>

#include "function/table/csv_sniffer.hpp"
#include "os/file_glob.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

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
  for (const auto& child : call.children) {
    // An option is written name := value or, as DuckDB allows, name = value.
    std::string name = child->argument_name;
    const ParsedExpression* value = child.get();
    if (name.empty() && child->kind == ExprKind::kOperator && child->name == "=" &&
        child->children.size() == 2 && child->children[0]->kind == ExprKind::kColumnRef &&
        child->children[0]->names.size() == 1) {
      name = child->children[0]->names[0];
      value = child->children[1].get();
    }
    if (name.empty()) {
      if (!patterns.empty()) {
        throw BinderError(
            fmt::format("{} takes one path (or a list of paths) and then named options, not {}",
                        function, child->ToString()));
      }
      const Value path = BindConstant(*child, fmt::format("the path of {}", function));
      if (path.Type().Id() == TypeId::kList) {
        for (const Value& element : path.GetList()) {
          if (element.IsNull()) throw BinderError(fmt::format("a path of {} is NULL", function));
          patterns.push_back(element.CastAs(LogicalType(TypeId::kVarchar)).GetString());
        }
        if (patterns.empty())
          throw BinderError(fmt::format("{} got an empty list of paths", function));
      } else if (path.Type().Id() == TypeId::kVarchar && !path.IsNull()) {
        patterns.push_back(path.GetString());
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
  for (auto& file : FilesOfPatterns(patterns)) {
    std::error_code error;
    const auto size = std::filesystem::file_size(file, error);
    if (!error) data->total_bytes += static_cast<idx_t>(size);
    data->files.push_back(std::move(file));
  }
  data->options = std::move(options);
  data->schema = SniffCsv(data->files[0], data->options);
  names = data->schema.names;
  types = data->schema.types;
  if (data->options.filename) {
    names.push_back("filename");
    types.push_back(LogicalType(TypeId::kVarchar));
  }
  auto scan = std::make_unique<LogicalCsvScan>();
  scan->types = types;
  scan->data = std::move(data);
  return scan;
}

}  // namespace teal
