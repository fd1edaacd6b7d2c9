// Built-in STRUCT functions that the argument types alone resolve (DuckDB's):
// struct_keys(s), the field names as a VARCHAR[]; struct_values(s), the fields as an
// unnamed STRUCT; struct_concat(s1, s2, …), the fields of all, in order. Building and
// reading fields by a name written in the call (struct_pack, row, struct_extract,
// struct_insert) is the binder's (bind_struct.cpp).
#include "common/ascii_case.hpp"
#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"

namespace teal {

namespace {

bool IsStruct(const LogicalType& t) { return t.Id() == TypeId::kStruct; }

/// A STRUCT whose fields have names (row(…) and struct_values make unnamed ones).
bool IsNamed(const LogicalType& t) {
  return !t.StructFields().empty() && !t.StructFields()[0].first.empty();
}

ScalarFunction StructKeys(const LogicalType& type) {
  std::vector<std::string> names;
  for (const auto& field : type.StructFields()) names.push_back(field.first);
  return scalar::MakeFunction(
      "struct_keys", {type}, LogicalType::List(TypeId::kVarchar),
      [names](const DataChunk&, Vector& result, idx_t count) {
        const std::vector<std::string_view> pieces(names.begin(), names.end());
        for (idx_t i = 0; i < count; i++) {
          scalar::SetStringListRow(result, i,
                                   result.RowIsValid(i) ? pieces : std::vector<std::string_view>());
        }
      });
}

ScalarFunction StructValues(const LogicalType& type) {
  std::vector<std::pair<std::string, LogicalType>> fields;
  for (const auto& field : type.StructFields()) fields.emplace_back("", field.second);
  return scalar::MakeFunction("struct_values", {type}, LogicalType::Struct(std::move(fields)),
                              [](const DataChunk& args, Vector& result, idx_t count) {
                                const Vector& source = args.data[0];
                                const idx_t width = source.Type().StructFields().size();
                                for (idx_t k = 0; k < width; k++) {
                                  scalar::CopyStructField(source, k, result.StructChild(k), count);
                                }
                              });
}

ScalarFunction StructConcat(const std::vector<LogicalType>& types) {
  if (types.empty()) throw InvalidInputError("struct_concat: At least one argument is required");
  std::vector<std::pair<std::string, LogicalType>> fields;
  bool named = false;
  for (size_t a = 0; a < types.size(); a++) {
    if (!IsStruct(types[a])) {
      throw InvalidInputError(
          fmt::format("struct_concat: Argument at position \"{}\" is not a STRUCT", a + 1));
    }
    if (a > 0 && IsNamed(types[a]) != named) {
      throw InvalidInputError("struct_concat: Cannot mix named and unnamed STRUCTs");
    }
    named = IsNamed(types[a]);
    for (const auto& field : types[a].StructFields()) {
      for (const auto& earlier : fields) {
        if (!named || !EqualsIgnoringAsciiCase(earlier.first, field.first)) continue;
        if (earlier.first == field.first) {
          throw InvalidInputError(fmt::format(
              "struct_concat: Arguments contain duplicate STRUCT entry \"{}\"", field.first));
        }
        throw InvalidInputError(fmt::format(
            "struct_concat: Arguments contain case-insensitive duplicate STRUCT entry \"{}\" "
            "and \"{}\"",
            field.first, earlier.first));
      }
      fields.push_back(field);
    }
  }
  ScalarFunction f = scalar::MakeFunction(
      "struct_concat", types, LogicalType::Struct(std::move(fields)),
      [](const DataChunk& args, Vector& result, idx_t count) {
        idx_t out = 0;
        for (idx_t a = 0; a < args.ColumnCount(); a++) {
          const Vector& source = args.data[a];
          for (idx_t k = 0; k < source.Type().StructFields().size(); k++) {
            scalar::CopyStructField(source, k, result.StructChild(out++), count);
          }
        }
        for (idx_t i = 0; i < count; i++) result.SetNull(i, false);
      });
  f.null_in_null_out = false;  // a NULL STRUCT gives NULL fields, not a NULL result
  return f;
}

void Register(FunctionCatalog& catalog, const char* name,
              std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>&)> fn) {
  ScalarFunctionSet set;
  set.name = name;
  set.resolve = std::move(fn);
  catalog.AddScalarSet(std::move(set));
}

}  // namespace

void RegisterStructFunctions(FunctionCatalog& catalog) {
  Register(catalog, "struct_keys",
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
               return StructKeys(LogicalType::Struct({{"v", TypeId::kInteger}}));  // NULL
             }
             if (types.size() != 1 || !IsStruct(types[0]) || !IsNamed(types[0])) {
               throw BinderError("struct_keys() expects a STRUCT argument with named fields");
             }
             return StructKeys(types[0]);
           });
  Register(catalog, "struct_values",
           [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
             if (types.size() == 1 && types[0].Id() == TypeId::kSqlNull) {
               return StructValues(LogicalType::Struct({{"v", TypeId::kInteger}}));  // NULL
             }
             // Anything else: the catalog's "No function matches" (no overload takes it).
             if (types.size() != 1 || !IsStruct(types[0])) return std::nullopt;
             return StructValues(types[0]);
           });
  Register(catalog, "struct_concat", [](const std::vector<LogicalType>& types) {
    return std::optional<ScalarFunction>(StructConcat(types));
  });
}

}  // namespace teal
