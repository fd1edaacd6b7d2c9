// Binder: UNION, INTERSECT and EXCEPT [ALL].
#include "function/implicit_cast.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

BoundStatement Binder::BindSetOperation(const SelectStatement& select, bool resolve_nulls) {
  const char* name = select.set_operation == SetOperation::kUnion       ? "UNION"
                     : select.set_operation == SetOperation::kIntersect ? "INTERSECT"
                                                                        : "EXCEPT";
  // Both sides are at this query's level: in a subquery, they see the same outer scope.
  Binder left_binder = Child(/*same_level=*/true);
  BoundStatement left = left_binder.BindSelect(*select.set_left, false);
  Binder right_binder = Child(/*same_level=*/true);
  BoundStatement right = right_binder.BindSelect(*select.set_right, false);
  needs_parameter_values_ = needs_parameter_values_ || left_binder.needs_parameter_values_ ||
                            right_binder.needs_parameter_values_;
  if (left.types.size() != right.types.size()) {
    throw BinderError(
        fmt::format("each side of {} must have the same number of columns ({} and {})", name,
                    left.types.size(), right.types.size()));
  }
  std::vector<LogicalType> types;
  for (idx_t i = 0; i < left.types.size(); i++) {
    LogicalType common = CommonType(left.types[i], false, right.types[i], false, name);
    types.push_back(resolve_nulls ? ResolveNull(common) : common);
  }
  auto cast_to = [&](BoundStatement& side) -> LogicalOperatorPtr {
    if (side.types == types) return std::move(side.plan);
    auto projection = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < types.size(); i++) {
      projection->expressions.push_back(MakeCast(MakeColumnRef(i, side.types[i]), types[i]));
    }
    projection->types = types;
    projection->children.push_back(std::move(side.plan));
    return projection;
  };
  auto set = std::make_unique<LogicalSetOperation>();
  set->operation = select.set_operation;
  set->all = select.set_all;
  set->types = types;
  set->children.push_back(cast_to(left));
  set->children.push_back(cast_to(right));
  LogicalOperatorPtr plan = std::move(set);
  if (select.set_operation == SetOperation::kUnion && !select.set_all) {
    auto distinct = std::make_unique<LogicalAggregate>();
    for (idx_t i = 0; i < types.size(); i++) distinct->groups.push_back(MakeColumnRef(i, types[i]));
    distinct->types = types;
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }
  if (!select.order_by.empty()) {
    auto order = std::make_unique<LogicalOrder>();
    for (const auto& term : select.order_by) {
      if (term.all) {
        for (idx_t i = 0; i < types.size(); i++) {
          order->keys.push_back(OrderKeyFor(term, i));
        }
        continue;
      }
      const ParsedExpression& e = *term.expression;
      idx_t column = kInvalidIndex;
      if (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull()) {
        int64_t ordinal = e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
        if (ordinal >= 1 && ordinal <= static_cast<int64_t>(types.size())) column = ordinal - 1;
      } else if (e.kind == ExprKind::kColumnRef && e.names.size() == 1) {
        for (idx_t i = 0; i < left.names.size() && column == kInvalidIndex; i++) {
          if (SameName(left.names[i], e.names[0])) column = i;
        }
      }
      if (column == kInvalidIndex) {
        throw BinderError(
            fmt::format("ORDER BY after {} must name an output column or give its position ({})",
                        name, e.ToString()));
      }
      order->keys.push_back(OrderKeyFor(term, column));
    }
    order->types = types;
    order->children.push_back(std::move(plan));
    plan = std::move(order);
  }
  AddLimit(select, plan);
  BoundStatement bound;
  bound.names = left.names;
  bound.types = types;
  bound.plan = std::move(plan);
  return bound;
}

}  // namespace teal
