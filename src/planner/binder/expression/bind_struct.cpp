// Binder: STRUCT values — struct_pack(name := value, …) (and the {'name': value} literal
// the parser rewrites into it), row(…) (a STRUCT whose fields have no names),
// struct_insert(s, name := value, …) (s with fields added), and reading
// a field: struct_extract(s, 'name' | position), s['name'], and s.name as a column path
// (t.s.name too), where a table's column of that name comes first. UNION values too:
// union_value(name := value), and a member as a UNION's field (u.name, union_extract).
#include "function/scalar/scalar_util.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

/// A call of `function` over `arguments`, which already have its argument types.
ExpressionPtr Call(ScalarFunction function, std::vector<ExpressionPtr> arguments) {
  auto call = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  call->children = std::move(arguments);
  call->function = std::make_shared<const ScalarFunction>(std::move(function));
  return call;
}

}  // namespace

ExpressionPtr Pack(const std::string& name, std::vector<std::pair<std::string, LogicalType>> fields,
                   std::vector<ExpressionPtr> arguments) {
  ScalarFunction f;
  f.name = name;
  // A NULL without a type stays one (it takes a type where the struct is used, as a NULL
  // literal does; ResolveNull makes it INTEGER in a result).
  for (size_t i = 0; i < fields.size(); i++) {
    fields[i].second = arguments[i]->type;
    f.arguments.push_back(arguments[i]->type);
  }
  f.return_type = LogicalType::Struct(std::move(fields));
  f.null_in_null_out = false;
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    const SelectionVector contiguous;
    for (idx_t k = 0; k < args.ColumnCount(); k++) {
      result.StructChild(k).CopyFrom(args.data[k], contiguous, count, 0, 0);
    }
  };
  return Call(std::move(f), std::move(arguments));
}

namespace {

/// u.name / union_extract(u, 'name'): member k of UNION `value`, NULL where another member
/// is the UNION's (or it is NULL).
ExpressionPtr UnionExtract(ExpressionPtr value, size_t k) {
  const LogicalType type = value->type;
  ScalarFunction f;
  f.name = "union_extract";
  f.arguments = {type};
  f.return_type = type.UnionMember(k).second;
  f.body = [k](const DataChunk& args, Vector& result, idx_t count) {
    const Vector& source = args.data[0];
    const Vector& tag = source.StructChild(0);
    const auto* tags = tag.Values<uint8_t>();
    const SelectionVector contiguous;
    result.CopyFrom(source.StructChild(k + 1), contiguous, count, 0, 0);
    for (idx_t i = 0; i < count; i++) {
      if (!source.RowIsValid(i) || !tag.RowIsValid(i) || tags[i] != k) result.SetNull(i);
    }
  };
  std::vector<ExpressionPtr> arguments;
  arguments.push_back(std::move(value));
  auto call = Call(std::move(f), std::move(arguments));
  call->alias = type.UnionMember(k).first;
  return call;
}

}  // namespace

ExpressionPtr UnionValue(const std::string& member, ExpressionPtr value) {
  ScalarFunction f;
  f.name = "union_value";
  f.arguments = {value->type};
  f.return_type = LogicalType::Union({{member, value->type}});
  f.null_in_null_out = false;
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    Vector& tag = result.StructChild(0);
    auto* tags = tag.Values<uint8_t>();
    for (idx_t i = 0; i < count; i++) {
      tags[i] = 0;
      tag.SetNull(i, false);
      result.SetNull(i, false);
    }
    const SelectionVector contiguous;
    result.StructChild(1).CopyFrom(args.data[0], contiguous, count, 0, 0);
  };
  std::vector<ExpressionPtr> arguments;
  arguments.push_back(std::move(value));
  return Call(std::move(f), std::move(arguments));
}

namespace {
/// struct_insert(s, name := value, …): s with the named fields added after its own, NULL where
/// s is (DuckDB's function and words).
ExpressionPtr StructInsert(const ParsedExpression& call, std::vector<ExpressionPtr> arguments) {
  if (arguments.empty()) {
    throw InvalidInputError("Missing required arguments for struct_insert function: " +
                            call.ToString());
  }
  const LogicalType source = arguments[0]->type;
  if (source.Id() != TypeId::kStruct) {
    throw InvalidInputError(
        fmt::format("The first argument to struct_insert must be a STRUCT, not {}: {}",
                    source.ToString(), call.ToString()));
  }
  if (arguments.size() == 1) {
    throw InvalidInputError("Can't insert nothing into a STRUCT: " + call.ToString());
  }
  std::vector<std::pair<std::string, LogicalType>> fields = source.StructFields();
  for (size_t i = 1; i < call.children.size(); i++) {
    const std::string& name = call.children[i]->argument_name;
    if (name.empty()) {
      throw BinderError(
          fmt::format("the fields struct_insert adds are name := value: {}", call.ToString()));
    }
    for (const auto& field : fields) {
      if (SameName(field.first, name)) {
        throw BinderError(
            fmt::format("Duplicate struct entry name \"{}\": {}", name, call.ToString()));
      }
    }
    fields.emplace_back(name, arguments[i]->type);
  }
  ScalarFunction f;
  f.name = "struct_insert";
  for (const auto& argument : arguments) f.arguments.push_back(argument->type);
  f.return_type = LogicalType::Struct(std::move(fields));
  f.null_in_null_out = false;  // a NULL value is a NULL field; only a NULL struct is NULL
  const size_t own = source.StructFields().size();
  f.body = [own](const DataChunk& args, Vector& result, idx_t count) {
    const SelectionVector contiguous;
    const Vector& from = args.data[0];
    for (idx_t k = 0; k < own; k++) {
      result.StructChild(k).CopyFrom(from.StructChild(k), contiguous, count, 0, 0);
    }
    for (idx_t k = 1; k < args.ColumnCount(); k++) {
      result.StructChild(own + k - 1).CopyFrom(args.data[k], contiguous, count, 0, 0);
    }
    for (idx_t i = 0; i < count; i++) {
      if (!from.RowIsValid(i)) result.SetNull(i);
    }
  };
  return Call(std::move(f), std::move(arguments));
}
}  // namespace

ExpressionPtr Binder::BindStructPack(const ParsedExpression& call, Scope& scope) {
  if (call.name == "struct_insert") {
    std::vector<ExpressionPtr> arguments;
    for (const auto& child : call.children) arguments.push_back(BindExpression(*child, scope));
    return StructInsert(call, std::move(arguments));
  }
  if (call.children.empty()) {
    throw BinderError(fmt::format("{} needs at least one field: {}", call.name, call.ToString()));
  }
  std::vector<std::pair<std::string, LogicalType>> fields;
  std::vector<ExpressionPtr> arguments;
  const bool named = call.name == "struct_pack";
  for (const auto& child : call.children) {
    std::string name = named ? child->argument_name : "";
    if (named && name.empty()) {
      // struct_pack(x) names the field after the column, as DuckDB does.
      if (child->kind != ExprKind::kColumnRef) {
        throw BinderError(
            fmt::format("the fields of struct_pack are name := value: {}", call.ToString()));
      }
      name = child->names.back();
    }
    if (!named && !child->argument_name.empty()) {
      throw BinderError(fmt::format("row() takes no names: {}", call.ToString()));
    }
    fields.emplace_back(name, LogicalType(TypeId::kInteger));
    arguments.push_back(BindExpression(*child, scope));
  }
  try {
    return Pack(call.name, std::move(fields), std::move(arguments));
  } catch (const InvalidInputError& e) {
    throw BinderError(fmt::format("{}: {}", e.what(), call.ToString()));
  }
}

ExpressionPtr Binder::BindStructExtract(ExpressionPtr value, const Value& field,
                                        const std::string& text) {
  const LogicalType type = value->type;
  if (type.Id() == TypeId::kUnion) {
    if (field.IsNull() || field.Type().Id() != TypeId::kVarchar) {
      throw BinderError(fmt::format("a UNION member is named by a string: {}", text));
    }
    const int64_t k = type.UnionMemberIndex(field.GetString());
    if (k < 0) {
      throw BinderError(
          fmt::format("{} has no member \"{}\": {}", type.ToString(), field.GetString(), text));
    }
    return UnionExtract(std::move(value), static_cast<size_t>(k));
  }
  if (type.Id() != TypeId::kStruct) {
    throw BinderError(fmt::format("{} is no STRUCT: {}", type.ToString(), text));
  }
  int64_t index = -1;
  if (field.IsNull()) throw BinderError(fmt::format("a STRUCT field cannot be NULL: {}", text));
  if (field.Type().Id() == TypeId::kVarchar) {
    if (type.StructFields()[0].first.empty()) {
      throw BinderError(fmt::format(
          "struct_extract with a string key cannot be used on an unnamed struct, use a numeric "
          "index instead: {}",
          text));
    }
    index = type.StructFieldIndex(field.GetString());
    if (index < 0) {
      throw BinderError(
          fmt::format("{} has no field \"{}\": {}", type.ToString(), field.GetString(), text));
    }
  } else if (field.Type().IsIntegral()) {
    if (!type.StructFields()[0].first.empty()) {
      throw BinderError(fmt::format(
          "a field of a STRUCT with names is read by its name, not its position: {}", text));
    }
    // 1-based, as DuckDB's struct_extract(s, n).
    const int64_t n = field.CastAs(TypeId::kBigInt).GetStored<int64_t>();
    if (n < 1 || n > static_cast<int64_t>(type.StructFields().size())) {
      throw BinderError(fmt::format("{} has no field {}: the index is out of range [1, {}]: {}",
                                    type.ToString(), n, type.StructFields().size(), text));
    }
    index = n - 1;
  } else {
    throw BinderError(fmt::format("a STRUCT field is named by a string or its position: {}", text));
  }
  const auto k = static_cast<idx_t>(index);
  ScalarFunction f;
  f.name = "struct_extract";
  f.arguments = {type};
  f.return_type = type.StructFields()[k].second;
  f.body = [k](const DataChunk& args, Vector& result, idx_t count) {
    scalar::CopyStructField(args.data[0], k, result, count);
  };
  std::vector<ExpressionPtr> arguments;
  arguments.push_back(std::move(value));
  auto call = Call(std::move(f), std::move(arguments));
  call->alias = type.StructFields()[k].first;
  return call;
}

ExpressionPtr Binder::BindFieldAccess(const ParsedExpression& e, Scope& scope) {
  // t.s.f… or s.f…: the longest prefix that is a column of this query, then fields.
  for (size_t prefix = std::min<size_t>(2, e.names.size() - 1); prefix >= 1; prefix--) {
    ParsedExpression column(ExprKind::kColumnRef);
    column.names.assign(e.names.begin(), e.names.begin() + static_cast<std::ptrdiff_t>(prefix));
    idx_t index = kInvalidIndex;
    bool qualifier_found = false;
    if (!FindColumn(column, scope, index, qualifier_found)) continue;
    ExpressionPtr value = BindExpression(column, scope);
    if (value->type.Id() != TypeId::kStruct && value->type.Id() != TypeId::kUnion) continue;
    for (size_t i = prefix; i < e.names.size(); i++) {
      value = BindStructExtract(std::move(value), Value::Varchar(e.names[i]), e.ToString());
    }
    return value;
  }
  return nullptr;
}

}  // namespace teal
