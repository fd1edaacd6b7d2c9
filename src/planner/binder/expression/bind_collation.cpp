// Binder: collations — `x COLLATE name`, and the functions a collated VARCHAR value
// compares, sorts and groups through (function/collation.hpp).
#include "function/collation.hpp"
#include "function/function.hpp"
#include "planner/binder/binder_internal.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

namespace {

using CollationBodies = std::vector<std::shared_ptr<const ScalarFunction>>;

/// The collated keys of `count` rows of the flat VARCHAR vector `values` (NULL stays NULL).
Vector CollationKeys(const Vector& values, idx_t count, const CollationBodies& functions) {
  Vector current(values.Type(), std::max<idx_t>(count, 1));
  current.Reference(values);
  for (const auto& function : functions) {
    DataChunk in;
    in.data.emplace_back(current.Type(), 1);
    in.data[0].Reference(current);
    in.SetCardinality(count);
    Vector out(function->return_type, std::max<idx_t>(count, 1));
    for (idx_t i = 0; i < count; i++) {
      if (!current.RowIsValid(i)) out.SetNull(i);
    }
    function->body(in, out, count);
    current = std::move(out);
  }
  return current;
}

/// `values` (flat) with its VARCHARs, or a LIST's VARCHAR elements, replaced by their keys.
Vector CollatedArgument(const Vector& values, idx_t count, const CollationBodies& functions) {
  if (values.Type().Id() == TypeId::kVarchar) return CollationKeys(values, count, functions);
  Vector copy(values.Type(), std::max<idx_t>(count, 1));
  SelectionVector none;
  copy.CopyFrom(values, none, count, 0, 0);
  if (copy.HasListChild()) {
    Vector& elements = copy.ListChild();
    const idx_t size = copy.ListSize();
    Vector keys = CollationKeys(elements, size, functions);
    elements.CopyFrom(keys, none, size, 0, 0);
  }
  return copy;
}

bool HasStrings(const LogicalType& type) {
  return type.Id() == TypeId::kVarchar ||
         (type.Id() == TypeId::kList && type.ListChild().Id() == TypeId::kVarchar);
}

/// The functions whose arguments compare as values (DuckDB pushes a collation into them);
/// `pick`: the result is one of the arguments (nullif's: the first, or NULL).
bool ComparesStrings(std::string_view name, bool* pick) {
  *pick = NameIsOneOf(name, {"greatest", "least", "nullif"});
  return *pick || NameIsOneOf(name, {"list_contains", "list_has", "array_contains", "array_has",
                                     "list_position", "list_indexof", "array_position",
                                     "array_indexof", "list_has_any", "array_has_any",
                                     "list_has_all", "array_has_all", "&&", "@>", "<@"});
}

}  // namespace

ExpressionPtr Binder::CompareThroughCollation(std::string_view name, ExpressionPtr call,
                                              const std::vector<LogicalType>& argument_types) {
  bool pick = false;
  if (call->kind != BoundKind::kFunction || !ComparesStrings(name, &pick)) return call;
  if (pick && call->type.Id() != TypeId::kVarchar) return call;
  // The collation of the strings compared: the arguments', a list's elements'.
  std::string collation;
  bool strings = false;
  for (const LogicalType& type : argument_types) {
    if (!HasStrings(type)) continue;
    strings = true;
    collation = CombineCollations(collation, type.Id() == TypeId::kList ? type.ListChild() : type);
  }
  if (!strings) return call;
  const std::vector<std::string> names =
      CollationFunctions(collation.empty() ? options_.default_collation : collation);
  if (names.empty()) return call;
  CollationBodies functions;
  const ParsedExpression site(ExprKind::kFunction);
  for (const std::string& function : names) {
    std::vector<ExpressionPtr> one;
    one.push_back(MakeConstant(Value::Varchar("")));
    functions.push_back(BindScalarCall(function, std::move(one), site)->function);
  }
  auto keyed = std::make_shared<ScalarFunction>(*call->function);
  keyed->overload = nullptr;  // its body holds the collation
  keyed->body = [body = call->function->body, functions, pick](const DataChunk& args,
                                                               Vector& result, idx_t count) {
    DataChunk keys;
    for (const Vector& argument : args.data) {
      if (HasStrings(argument.Type())) {
        keys.data.push_back(CollatedArgument(argument, count, functions));
      } else {
        keys.data.emplace_back(argument.Type(), 1);
        keys.data.back().Reference(argument);
      }
    }
    keys.SetCardinality(count);
    if (!pick) {
      body(keys, result, count);
      return;
    }
    // greatest / least / nullif: the first argument whose key is the key the body chose.
    Vector chosen(result.Type(), std::max<idx_t>(count, 1));
    body(keys, chosen, count);
    const string_t* best = chosen.Values<string_t>();
    string_t* out = result.Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      if (!chosen.RowIsValid(i)) {
        result.SetNull(i);
        continue;
      }
      for (idx_t k = 0; k < args.data.size(); k++) {
        if (!keys.data[k].RowIsValid(i) ||
            keys.data[k].Values<string_t>()[i].View() != best[i].View()) {
          continue;
        }
        out[i] = result.AddString(args.data[k].Values<string_t>()[i].View());
        break;
      }
    }
  };
  call->function = std::move(keyed);
  return call;
}

std::string Binder::EffectiveCollation(const LogicalType& type) const {
  if (type.Id() != TypeId::kVarchar) return "";
  return type.Collation().empty() ? options_.default_collation : type.Collation();
}

ExpressionPtr Binder::Collated(ExpressionPtr e) {
  const std::vector<std::string> functions = CollationFunctions(EffectiveCollation(e->type));
  if (functions.empty()) return e;
  const ParsedExpression call(ExprKind::kFunction);
  for (const std::string& name : functions) {
    std::vector<ExpressionPtr> arguments;
    arguments.push_back(std::move(e));
    e = BindScalarCall(name, std::move(arguments), call);
  }
  // Its bytes are the key now: no collation (nor the default one) applies twice.
  e->type = LogicalType::Varchar("binary");
  return e;
}

ExpressionPtr Binder::CollatedAs(ExpressionPtr e, const LogicalType& type) {
  e = MakeCast(std::move(e), type);
  if (type.Id() != TypeId::kVarchar) return e;
  e->type = type;
  return Collated(std::move(e));
}

ExpressionPtr Binder::MakeFirst(ExpressionPtr argument) {
  const AggregateFunctionSet* set = FunctionCatalog::Builtins().FindAggregate("first");
  AggregateFunction function = ResolveAggregate(*set, {argument->type}, {false});
  // It keeps the collation: sorting or comparing the value collates it again.
  auto first = std::make_unique<Expression>(BoundKind::kAggregate, argument->type);
  first->children.push_back(std::move(argument));
  first->aggregate = std::make_shared<const AggregateFunction>(std::move(function));
  return first;
}

ExpressionPtr Binder::FirstOfGroup(idx_t g, Scope& scope) {
  ExpressionPtr first = MakeFirst(scope.group_sources[g]->Copy());
  const idx_t index = scope.group_types.size() + scope.aggregates.size();
  LogicalType type = first->type;
  scope.aggregates.push_back(std::move(first));
  return MakeColumnRef(index, type, scope.group_texts[g]);
}

ExpressionPtr Binder::BindCollate(const ParsedExpression& e, ExpressionPtr value) {
  const std::string collation = CheckCollation(e.names[0]);
  if (value->type.Id() == TypeId::kSqlNull) {
    value = MakeCast(std::move(value), LogicalType(TypeId::kVarchar));
  }
  if (value->type.Id() != TypeId::kVarchar) {
    throw BinderError(fmt::format("COLLATE can only be applied to varchar columns, not {} ({})",
                                  value->type.ToString(), e.ToString()));
  }
  value->type = LogicalType::Varchar(collation);
  return value;
}

}  // namespace teal
