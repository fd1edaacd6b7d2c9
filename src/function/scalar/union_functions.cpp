// Built-in UNION functions that a type alone resolves: union_tag(u), the tag as an ENUM of
// the member names. union_value(name := value) and union_extract(u, 'name') (also u.name)
// need a name written in the call and are bound by the binder (bind_struct.cpp).
#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_util.hpp"

namespace teal {

namespace {

/// union_tag over UNION `type`: the member's name, NULL where the UNION is.
ScalarFunction UnionTag(const LogicalType& type) {
  std::vector<std::string> names;
  for (size_t k = 0; k < type.UnionMemberCount(); k++) names.push_back(type.UnionMember(k).first);
  ScalarFunction f;
  f.name = "union_tag";
  f.arguments = {type};
  // Unnamed, as DuckDB's: the tag is its own ENUM, not a catalog type.
  f.return_type = LogicalType::Enum("", std::move(names));
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    const Vector& source = args.data[0];
    const Vector& tag = source.StructChild(0);
    const auto* tags = tag.Values<uint8_t>();
    auto* out = result.Values<uint8_t>();
    for (idx_t i = 0; i < count; i++) {
      const bool valid = source.RowIsValid(i) && tag.RowIsValid(i);
      result.SetNull(i, !valid);
      out[i] = valid ? tags[i] : 0;
    }
  };
  return f;
}

}  // namespace

void RegisterUnionFunctions(FunctionCatalog& catalog) {
  ScalarFunctionSet set;
  set.name = "union_tag";
  set.resolve = [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.size() != 1 || types[0].Id() != TypeId::kUnion) {
      scalar::NoMatch("union_tag", types, "a UNION");
    }
    return UnionTag(types[0]);
  };
  catalog.AddScalarSet(std::move(set));
}

}  // namespace teal
