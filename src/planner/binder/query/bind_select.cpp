// Binder: SELECT — WITH, FROM, the select list, ORDER BY, LIMIT/OFFSET.
#include "common/stack.hpp"
#include "function/implicit_cast.hpp"
#include "parser/rewrites.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

OrderKey Binder::OrderKeyFor(const OrderTerm& term, idx_t column) const {
  OrderKey key;
  key.column = column;
  key.descending = term.direction_given ? term.descending : options_.default_descending;
  if (term.nulls_first) {
    key.nulls_first = *term.nulls_first;
  } else {
    switch (options_.null_order) {
      case NullOrder::kNullsFirst:
        key.nulls_first = true;
        break;
      case NullOrder::kNullsLast:
        key.nulls_first = false;
        break;
      case NullOrder::kNullsFirstOnAscLastOnDesc:
        key.nulls_first = !key.descending;
        break;
      case NullOrder::kNullsLastOnAscFirstOnDesc:  // PostgreSQL: NULL is the largest value
        key.nulls_first = key.descending;
        break;
    }
  }
  return key;
}

void Binder::AddWhere(const ParsedExpression* where, Scope& scope, LogicalOperatorPtr& plan) {
  if (!where) return;
  scope.clause = "WHERE";
  ParsedExpressionPtr expanded = ExpandColumnsInFilter(
      *where, scope, [&](const ParsedExpression& e) { return IsTrueConstant(e, scope); });
  auto filter = std::make_unique<LogicalFilter>();
  filter->expressions.push_back(
      BindBoolean(BindExpression(expanded ? *expanded : *where, scope), "WHERE clause"));
  filter->types = plan->types;
  filter->children.push_back(std::move(plan));
  plan = std::move(filter);
}

void Binder::AddLimit(const SelectStatement& select, LogicalOperatorPtr& plan) {
  if (!select.limit && !select.offset) return;
  auto limit = std::make_unique<LogicalLimit>();
  if (select.limit && select.limit->kind == ExprKind::kFunction &&
      select.limit->name == kLimitPercentMarker && select.limit->children.size() == 1) {
    limit->limit_expression = BindLimitPercent(*select.limit->children[0]);
    limit->percent = limit->limit_expression != nullptr;
  } else if (select.limit) {
    limit->limit_expression = BindLimitValue(*select.limit, "LIMIT", limit->limit);
  }
  if (select.offset) {
    idx_t offset = kInvalidIndex;
    limit->offset_expression = BindLimitValue(*select.offset, "OFFSET", offset);
    limit->offset = offset == kInvalidIndex ? 0 : offset;
  }
  limit->types = plan->types;
  limit->children.push_back(std::move(plan));
  plan = std::move(limit);
}

ExpressionPtr Binder::BindLimitValue(const ParsedExpression& e, std::string_view what,
                                     idx_t& value) {
  value = kInvalidIndex;
  Scope scope;  // no columns: LIMIT x is an error, LIMIT (SELECT …) is not
  scope.clause = std::string(what);
  ExpressionPtr bound = MakeCast(BindExpression(e, scope), TypeId::kBigInt);
  if (bound->kind != BoundKind::kConstant) {
    std::function<bool(const Expression&)> has_parameter = [&](const Expression& x) {
      if (x.kind == BoundKind::kParameter) return true;
      return std::any_of(x.children.begin(), x.children.end(),
                         [&](const ExpressionPtr& c) { return has_parameter(*c); });
    };
    if (!parameter_values_ && has_parameter(*bound)) {
      needs_parameter_values_ = true;  // bound again with the values
      return nullptr;
    }
    return bound;  // computed when the query runs
  }
  if (bound->value.IsNull()) return nullptr;
  const int64_t n = bound->value.GetStored<int64_t>();
  if (n < 0) throw BinderError(fmt::format("{} cannot be negative, got {}", what, n));
  value = static_cast<idx_t>(n);
  return nullptr;
}

ExpressionPtr Binder::BindLimitPercent(const ParsedExpression& e) {
  Scope scope;  // no columns, as LIMIT n
  scope.clause = "LIMIT";
  ExpressionPtr bound = BindExpression(e, scope);
  if (!bound->type.IsNumeric() && bound->type.Id() != TypeId::kVarchar &&
      bound->type.Id() != TypeId::kSqlNull) {
    throw ConversionError(fmt::format("LIMIT … %: the percentage must be a number, not {} ({})",
                                      bound->type.ToString(), e.ToString()));
  }
  bound = MakeCast(std::move(bound), TypeId::kDouble);
  if (bound->kind == BoundKind::kParameter && !parameter_values_) {
    needs_parameter_values_ = true;  // bound again with the values
    return nullptr;
  }
  if (bound->kind == BoundKind::kConstant) {
    if (bound->value.IsNull()) return nullptr;  // every row
    const double p = bound->value.GetStored<double>();
    if (!(p >= 0 && p <= 100)) {
      throw OutOfRangeError(
          fmt::format("Limit percent out of range, should be between 0% and 100% (got {}%)", p));
    }
  }
  return bound;  // checked again, and applied, when the query runs
}

BoundStatement Binder::BindSelect(const SelectStatement& select, bool resolve_nulls) {
  CheckStackDepth("a query");
  CteScope with(*this, select.ctes);
  if (select.set_operation != SetOperation::kNone) return BindSetOperation(select, resolve_nulls);
  BoundStatement bound;
  Scope scope;
  scope.outer = subquery_outer_;
  scope.correlated = subquery_correlated_;
  LogicalOperatorPtr plan;

  if (!select.values.empty()) {
    auto values = std::make_unique<LogicalValues>();
    size_t width = select.values[0].size();
    std::vector<LogicalType> types(width, TypeId::kSqlNull);
    // A column whose values so far are string literals (or NULL) takes the type of the first
    // other value, as PostgreSQL's untyped literals do: VALUES (1), ('2') is INTEGER.
    std::vector<bool> literals_only(width, true);
    for (const auto& row : select.values) {
      if (row.size() != width) {
        auto entries = [](size_t n) { return fmt::format("{} entr{}", n, n == 1 ? "y" : "ies"); };
        throw ParserError(
            fmt::format("VALUES lists must all be the same length: the first has {}, another {}",
                        entries(width), entries(row.size())));
      }
      std::vector<ExpressionPtr> bound_row;
      for (size_t i = 0; i < width; i++) {
        bound_row.push_back(BindExpression(*row[i], scope));
        const Expression& value = *bound_row.back();
        const bool literal = IsStringLiteral(value);
        types[i] = CommonType(types[i], literals_only[i], value.type, literal, "VALUES");
        literals_only[i] = literals_only[i] && (literal || value.type.Id() == TypeId::kSqlNull);
      }
      values->rows.push_back(std::move(bound_row));
    }
    for (auto& row : values->rows) {
      for (size_t i = 0; i < width; i++) row[i] = MakeCast(std::move(row[i]), types[i]);
    }
    for (size_t i = 0; i < width; i++) {
      if (resolve_nulls && ResolveNull(types[i]) != types[i]) {
        types[i] = ResolveNull(types[i]);
        for (auto& row : values->rows) row[i] = MakeCast(std::move(row[i]), types[i]);
      }
    }
    values->types = types;
    for (size_t i = 0; i < width; i++) bound.names.push_back(fmt::format("col{}", i));
    bound.types = types;
    plan = std::move(values);
  } else if (select.from) {
    plan = BindTableRef(*select.from, scope);
  } else {
    plan = std::make_unique<LogicalDummyScan>();
  }
  if (select.sample) plan = ApplySample(std::move(plan), *select.sample);

  if (select.values.empty()) BindSelectList(select, scope, plan, bound, resolve_nulls);

  AddLimit(select, plan);
  bound.plan = std::move(plan);
  return bound;
}

}  // namespace teal
