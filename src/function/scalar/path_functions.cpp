// DuckDB's file path functions: parse_path (the parts), parse_dirname (the top directory),
// parse_dirpath (all but the last part) and parse_filename (the last part, its extension
// trimmed on request). The separator is named: 'default' and 'both_slash' split at / and
// \, 'forward_slash' and 'system' (POSIX's) at /, 'backslash' at \. A NULL path is NULL; a
// NULL option is the default.
#include <fmt/format.h>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// The characters that separate a path's parts for the separator option `name`.
std::string_view Separators(const Value& name, std::string_view function) {
  if (name.IsNull()) return "/\\";
  const std::string& option = name.GetString();
  if (option == "default" || option == "both_slash") return "/\\";
  if (option == "forward_slash" || option == "system") return "/";
  if (option == "backslash") return "\\";
  throw InvalidInputError(fmt::format(
      "{}: the separator must be 'default', 'both_slash', 'forward_slash', 'backslash' or "
      "'system', not '{}'",
      function, option));
}

/// The parts of `path`: a leading separator is a part of its own (the root), empty parts
/// (doubled or trailing separators) are none.
std::vector<std::string> PathParts(std::string_view path, std::string_view separators) {
  std::vector<std::string> parts;
  size_t start = 0;
  if (!path.empty() && separators.find(path[0]) != std::string_view::npos) {
    parts.emplace_back(1, path[0]);
    start = 1;
  }
  while (start <= path.size()) {
    const size_t end = path.find_first_of(separators, start);
    const std::string_view part =
        path.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (!part.empty()) parts.emplace_back(part);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return parts;
}

/// A function of a path and its options whose answer `compute` gives per row from the
/// arguments' values (options NULL or absent: their defaults).
ScalarFunction PathFunction(const std::string& name, std::vector<LogicalType> arguments,
                            LogicalType result,
                            std::function<Value(const std::vector<Value>&)> compute) {
  // NULL for a NULL path; a NULL option is its default.
  ScalarFunction f = scalar::MakeFunction(name, std::move(arguments), std::move(result),
                                          scalar::ValueRowBody(std::move(compute), 1));
  f.null_in_null_out = false;
  return f;
}

}  // namespace

void RegisterPathFunctions(FunctionCatalog& catalog) {
  const LogicalType V = TypeId::kVarchar;
  const LogicalType B = TypeId::kBoolean;
  auto separators = [](const std::vector<Value>& v, size_t at, std::string_view function) {
    return Separators(at < v.size() ? v[at] : Value(LogicalType(TypeId::kVarchar)), function);
  };
  for (auto arguments : {std::vector<LogicalType>{V}, std::vector<LogicalType>{V, V}}) {
    catalog.AddScalar(PathFunction(
        "parse_path", arguments, LogicalType::List(V), [=](const std::vector<Value>& v) {
          std::vector<Value> parts;
          for (auto& part : PathParts(v[0].GetString(), separators(v, 1, "parse_path"))) {
            parts.push_back(Value::Varchar(part));
          }
          return Value::List(V, std::move(parts));
        }));
    catalog.AddScalar(PathFunction("parse_dirname", arguments, V, [=](const std::vector<Value>& v) {
      const auto parts = PathParts(v[0].GetString(), separators(v, 1, "parse_dirname"));
      return Value::Varchar(parts.size() >= 2 ? parts[0] : std::string());
    }));
    catalog.AddScalar(PathFunction("parse_dirpath", arguments, V, [=](const std::vector<Value>& v) {
      const std::string& path = v[0].GetString();
      const size_t last = path.find_last_of(separators(v, 1, "parse_dirpath"));
      return Value::Varchar(last == std::string::npos ? std::string() : path.substr(0, last));
    }));
  }
  auto filename = [=](const std::vector<Value>& v, bool trim, size_t separator_at) {
    const std::string& path = v[0].GetString();
    const size_t last = path.find_last_of(separators(v, separator_at, "parse_filename"));
    std::string name = last == std::string::npos ? path : path.substr(last + 1);
    if (trim) {
      const size_t dot = name.rfind('.');
      if (dot != std::string::npos) name.resize(dot);
    }
    return Value::Varchar(name);
  };
  auto trim_of = [](const Value& v) { return !v.IsNull() && v.GetStored<bool>(); };
  catalog.AddScalar(PathFunction("parse_filename", {V}, V, [=](const std::vector<Value>& v) {
    return filename(v, false, 1);
  }));
  catalog.AddScalar(PathFunction("parse_filename", {V, V}, V, [=](const std::vector<Value>& v) {
    return filename(v, false, 1);
  }));
  catalog.AddScalar(PathFunction("parse_filename", {V, B}, V, [=](const std::vector<Value>& v) {
    return filename(v, trim_of(v[1]), 2);
  }));
  catalog.AddScalar(PathFunction("parse_filename", {V, B, V}, V, [=](const std::vector<Value>& v) {
    return filename(v, trim_of(v[1]), 2);
  }));
}

}  // namespace teal
