// Binder: the pieces every part of it shares — name lookup in a scope, child binders,
// WITH scopes — and ForEachExpression.
#include "common/ascii_case.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

bool SameName(std::string_view a, std::string_view b) { return EqualsIgnoringAsciiCase(a, b); }

std::pair<std::string, const ParsedExpression*> NamedArgument(const ParsedExpression& argument) {
  if (argument.argument_name.empty() && argument.kind == ExprKind::kOperator &&
      argument.name == "=" && argument.children.size() == 2 &&
      argument.children[0]->kind == ExprKind::kColumnRef &&
      argument.children[0]->names.size() == 1) {
    return {argument.children[0]->names[0], argument.children[1].get()};
  }
  return {argument.argument_name, &argument};
}

bool IsStringLiteral(const Expression& e) {
  return e.kind == BoundKind::kConstant && e.type.Id() == TypeId::kVarchar && !e.typed;
}

bool IsLiteral(const Expression& e) { return e.kind == BoundKind::kConstant && !e.typed; }

const Binding* FindColumn(const ParsedExpression& e, const Binder::Scope& scope, idx_t& index,
                          bool& qualifier_found) {
  const std::string& column = e.names.back();
  const Binding* found = nullptr;
  for (const auto& binding : scope.bindings) {
    if (e.names.size() == 2) {
      if (!SameName(binding.alias, e.names[0])) continue;
      qualifier_found = true;
    }
    for (idx_t c = 0; c < binding.names.size(); c++) {
      const bool by_function_name =
          c == 0 && e.names.size() == 2 && SameName(binding.function_column, column);
      if (!SameName(binding.names[c], column) && !by_function_name) continue;
      if (e.names.size() == 1 && binding.IsMerged(c)) continue;
      if (found) {
        if (e.names.size() == 2) {  // two FROM items under one name (DuckDB's wording)
          throw BinderError(
              fmt::format("Ambiguous reference to table \"{}\": {}", e.names[0], e.ToString()));
        }
        throw BinderError(
            fmt::format("column reference \"{}\" is ambiguous: it is in \"{}\" and \"{}\"",
                        e.ToString(), found->alias, binding.alias));
      }
      found = &binding;
      index = binding.offset + c;
    }
  }
  return found;
}

bool CanResolve(const ParsedExpression& e, const Binder::Scope& scope) {
  for (const Binder::Scope* s = &scope; s; s = s->outer) {
    idx_t index = kInvalidIndex;
    bool qualifier_found = false;
    if (FindColumn(e, *s, index, qualifier_found)) return true;
  }
  return false;
}

bool CanResolveWholeRow(const ParsedExpression& e, const Binder::Scope& scope) {
  if (e.names.size() > 2) return false;
  for (const Binder::Scope* s = &scope; s; s = s->outer) {
    for (const Binding& binding : s->bindings) {
      if (SameName(binding.alias, e.names.back()) &&
          (e.names.size() == 1 || SameName(binding.schema, e.names[0]))) {
        return true;
      }
    }
  }
  return false;
}

Binder Binder::Child(bool same_level) const {
  Binder child(catalogs_, parameter_values_);
  child.options_ = options_;
  child.ctes_ = ctes_;
  child.macros_in_progress_ = macros_in_progress_;
  child.recursive_ctes_ = recursive_ctes_;
  child.round_ctes_ = round_ctes_;
  child.views_in_progress_ = views_in_progress_;
  child.ctes_in_progress_ = ctes_in_progress_;
  child.relations_read_ = relations_read_;
  if (same_level) {
    child.subquery_outer_ = subquery_outer_;
    child.subquery_correlated_ = subquery_correlated_;
  }
  return child;
}

bool CollectColumnRefs(const ParsedExpression& e, std::vector<const ParsedExpression*>& out) {
  if (e.kind == ExprKind::kSubquery) return false;
  if (e.kind == ExprKind::kColumnRef) out.push_back(&e);
  for (const auto& child : e.children) {
    if (!CollectColumnRefs(*child, out)) return false;
  }
  return true;
}

void ForEachOwnExpression(LogicalOperator& plan, const std::function<void(ExpressionPtr&)>& fn) {
  switch (plan.kind) {
    case LogicalKind::kGet:
      for (auto& e : static_cast<LogicalGet&>(plan).filters) fn(e);
      for (auto& e : static_cast<LogicalGet&>(plan).index_hints) fn(e);
      break;
    case LogicalKind::kFilter:
      for (auto& e : static_cast<LogicalFilter&>(plan).expressions) fn(e);
      break;
    case LogicalKind::kProjection:
      for (auto& e : static_cast<LogicalProjection&>(plan).expressions) fn(e);
      break;
    case LogicalKind::kUnnest:
      for (auto& e : static_cast<LogicalUnnest&>(plan).lists) fn(e);
      break;
    case LogicalKind::kLateralJoin:
      fn(static_cast<LogicalLateralJoin&>(plan).subquery);
      break;
    case LogicalKind::kWindow: {
      auto& window = static_cast<LogicalWindow&>(plan);
      for (auto& e : window.partitions) fn(e);
      for (auto& e : window.orders) fn(e);
      for (auto& call : window.calls) {
        for (auto& e : call.arguments) fn(e);
        for (auto* e : {&call.start_offset, &call.end_offset, &call.range_key}) {
          if (*e) fn(*e);
        }
      }
      break;
    }
    case LogicalKind::kJoin: {
      auto& join = static_cast<LogicalJoin&>(plan);
      if (join.condition) fn(join.condition);
      break;
    }
    case LogicalKind::kAggregate:
      for (auto& e : static_cast<LogicalAggregate&>(plan).groups) fn(e);
      for (auto& e : static_cast<LogicalAggregate&>(plan).aggregates) fn(e);
      break;
    case LogicalKind::kValues:
      for (auto& row : static_cast<LogicalValues&>(plan).rows) {
        for (auto& e : row) fn(e);
      }
      break;
    case LogicalKind::kLimit: {
      auto& limit = static_cast<LogicalLimit&>(plan);
      if (limit.limit_expression) fn(limit.limit_expression);
      if (limit.offset_expression) fn(limit.offset_expression);
      break;
    }
    case LogicalKind::kInsert:
      if (auto& conflict = static_cast<LogicalInsert&>(plan).on_conflict) {
        for (auto& e : conflict->values) fn(e);
        if (conflict->where) fn(conflict->where);
      }
      break;
    default:
      break;
  }
}

void ForEachExpression(LogicalOperator& plan, const std::function<void(ExpressionPtr&)>& fn) {
  ForEachOwnExpression(plan, fn);
  for (auto& child : plan.children) ForEachExpression(*child, fn);
}

bool RefuseNonIntegerConstant(const ParsedExpression& term, std::string_view clause, bool allowed) {
  if (term.kind != ExprKind::kConstant) return false;
  if (!term.value.IsNull() && term.value.Type().IsIntegral()) return false;
  if (allowed) return true;
  // PostgreSQL's words, then what DuckDB says of it (a constant sorts or groups nothing).
  throw BinderError(
      fmt::format("non-integer constant in {}: {} ({} non-integer literal has no effect)", clause,
                  term.ToString(), clause));
}

LogicalType ResolveNull(const LogicalType& type) {
  if (type.Id() == TypeId::kSqlNull) return TypeId::kInteger;
  if (type.Id() == TypeId::kList) return LogicalType::List(ResolveNull(type.ListChild()));
  if (type.Id() == TypeId::kArray) {
    return LogicalType::Array(ResolveNull(type.ListChild()), type.ArraySize());
  }
  if (type.Id() == TypeId::kMap) {
    return LogicalType::Map(ResolveNull(type.MapKey()), ResolveNull(type.MapValue()));
  }
  if (type.Id() == TypeId::kStruct) {
    auto fields = type.StructFields();
    for (auto& field : fields) field.second = ResolveNull(field.second);
    return LogicalType::Struct(std::move(fields));
  }
  if (type.Id() == TypeId::kUnion) {
    std::vector<std::pair<std::string, LogicalType>> members;
    for (size_t k = 0; k < type.UnionMemberCount(); k++) {
      members.emplace_back(type.UnionMember(k).first, ResolveNull(type.UnionMember(k).second));
    }
    return LogicalType::Union(std::move(members));
  }
  return type;
}

Binder::CteScope::CteScope(Binder& binder, const std::vector<CommonTableExpression>& ctes)
    : ctes_(binder.ctes_), outer_(ctes_.size()) {
  for (const auto& cte : ctes) {
    for (size_t i = outer_; i < ctes_.size(); i++) {
      if (SameName(ctes_[i].syntax.name, cte.name)) {
        ctes_.resize(outer_);
        throw ParserError(fmt::format(
            "Duplicate CTE name \"{}\": a WITH query name is specified more than once", cte.name));
      }
    }
    auto definition = std::make_shared<CteDefinition>();
    definition->name = cte.name;
    definition->materialize = cte.materialize;
    if (binder.round_ctes_) binder.round_ctes_->push_back(definition.get());
    ctes_.push_back(
        WithQuery{cte, std::move(definition), binder.subquery_outer_, binder.subquery_correlated_});
  }
}

}  // namespace teal
