// Binder: collations — `x COLLATE name`, and the functions a collated VARCHAR value
// compares, sorts and groups through (function/collation.hpp).
#include "function/collation.hpp"
#include "function/function.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

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
