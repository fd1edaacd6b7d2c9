// Binder: join conditions — ON renumbered to the join's own rows, USING and NATURAL (and
// their merged columns).
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"

namespace teal {

void Binder::LocalizeJoinCondition(Expression& condition, idx_t offset, const TableRef& ref) {
  // Columns are bound at their place in the whole FROM clause; the join evaluates its
  // condition over its own rows, which start at `offset`. Tables to the left of the
  // join are visible in the scope but not to its condition (as in PostgreSQL).
  ForEachColumn(condition, [&](idx_t c) {
    if (c < offset) {
      throw BinderError(
          fmt::format("the condition of a JOIN can only use the columns of its own two sides: {}",
                      ref.condition ? ref.condition->ToString() : std::string("USING")));
    }
  });
  RemapColumns(condition, [&](idx_t c) { return c - offset; });
}

ExpressionPtr Binder::BindUsing(const TableRef& ref, Scope& scope, size_t left_first,
                                size_t right_first, std::vector<std::pair<idx_t, idx_t>>* pairs) {
  // Where a visible column of that name is on one side: (binding, column) or none.
  auto find = [&](const std::string& name, size_t from, size_t to,
                  const char* side) -> std::optional<std::pair<size_t, idx_t>> {
    std::optional<std::pair<size_t, idx_t>> found;
    for (size_t b = from; b < to; b++) {
      const Binding& binding = scope.bindings[b];
      for (idx_t c = 0; c < binding.names.size(); c++) {
        if (!SameName(binding.names[c], name) || binding.IsMerged(c) || binding.IsHidden(c)) {
          continue;
        }
        if (found) {
          throw BinderError(fmt::format(
              "column \"{}\" of the join's USING is ambiguous on its {} side", name, side));
        }
        found = {{b, c}};
      }
    }
    return found;
  };
  std::vector<std::string> names = ref.using_columns;
  if (ref.natural) {
    for (size_t b = left_first; b < right_first; b++) {
      for (idx_t c = 0; c < scope.bindings[b].names.size(); c++) {
        const std::string& name = scope.bindings[b].names[c];
        if (scope.bindings[b].IsMerged(c) || scope.bindings[b].IsHidden(c)) continue;
        if (find(name, right_first, scope.bindings.size(), "right")) names.push_back(name);
      }
    }
  }
  ExpressionPtr condition;
  for (const auto& name : names) {
    auto l = find(name, left_first, right_first, "left");
    auto r = find(name, right_first, scope.bindings.size(), "right");
    if (!l || !r) {
      throw BinderError(fmt::format("column \"{}\" of the join's USING is not on its {} side", name,
                                    l ? "right" : "left"));
    }
    Binding& lb = scope.bindings[l->first];
    Binding& rb = scope.bindings[r->first];
    ParsedExpression text(ExprKind::kColumnRef);
    text.names = {name};
    auto equal = BindComparison(
        CompareOp::kEqual, MakeColumnRef(lb.offset + l->second, lb.types[l->second], name),
        MakeColumnRef(rb.offset + r->second, rb.types[r->second], name), text);
    if (!condition) {
      condition = std::move(equal);
    } else {
      auto both = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
      both->children.push_back(std::move(condition));
      both->children.push_back(std::move(equal));
      condition = std::move(both);
    }
    auto merge = [](Binding& binding, idx_t column) {
      binding.merged.resize(binding.names.size(), false);
      binding.merged[column] = true;
    };
    if (pairs) {
      merge(lb, l->second);
      merge(rb, r->second);
      pairs->emplace_back(lb.offset + l->second, rb.offset + r->second);
      continue;
    }
    if (ref.join_type == JoinType::kFull || ref.join_type == JoinType::kRight) {
      throw InternalError("an outer JOIN's USING without its merged columns");
    }
    merge(rb, r->second);
  }
  return condition;
}

LogicalOperatorPtr Binder::BindMergedColumns(LogicalOperatorPtr join, JoinType join_type,
                                             Scope& scope, size_t left_first, idx_t offset,
                                             const std::vector<std::pair<idx_t, idx_t>>& pairs) {
  if (pairs.empty()) return join;
  auto projection = std::make_unique<LogicalProjection>();
  const idx_t width = join->types.size();
  for (idx_t c = 0; c < width; c++) {
    projection->expressions.push_back(MakeColumnRef(c, join->types[c]));
  }
  Binding merged;
  merged.offset = offset + width;
  ParsedExpression call(ExprKind::kFunction);
  call.name = "coalesce";
  call.builtin = true;
  for (const auto& [left, right] : pairs) {
    // A RIGHT JOIN's unmatched rows have the left one NULL; a FULL JOIN's, either one.
    ExpressionPtr value;
    if (join_type == JoinType::kFull) {
      std::vector<ExpressionPtr> both;
      both.push_back(MakeColumnRef(left - offset, join->types[left - offset]));
      both.push_back(MakeColumnRef(right - offset, join->types[right - offset]));
      value = BindScalarCall("coalesce", std::move(both), call);
    } else {
      const idx_t side = join_type == JoinType::kRight ? right : left;
      value = MakeColumnRef(side - offset, join->types[side - offset]);
    }
    const Binding* side = nullptr;
    for (const auto& b : scope.bindings) {
      if (left >= b.offset && left < b.offset + b.names.size()) side = &b;
    }
    if (!side) throw InternalError("a USING column is in no FROM item");
    merged.names.push_back(side->names[left - side->offset]);
    merged.types.push_back(value->type);
    value->alias = merged.names.back();
    projection->expressions.push_back(std::move(value));
  }
  for (const auto& e : projection->expressions) projection->types.push_back(e->type);
  projection->children.push_back(std::move(join));
  scope.bindings.insert(scope.bindings.begin() + static_cast<std::ptrdiff_t>(left_first),
                        std::move(merged));
  return projection;
}

void Binder::UsingAsOfInequality(LogicalJoin& join) {
  // ASOF JOIN … USING (k, t): equal keys but the last column, left t >= right t (DuckDB's).
  std::vector<ExpressionPtr> conjuncts;
  SplitConjunction(std::move(join.condition), conjuncts);
  Expression& last = *conjuncts.back();
  if (last.kind != BoundKind::kCompare || last.op != CompareOp::kEqual) {
    throw InternalError("ASOF JOIN USING without its equalities");
  }
  last.op = CompareOp::kGreaterEqual;
  join.condition = std::move(conjuncts[0]);
  for (size_t i = 1; i < conjuncts.size(); i++) {
    auto both = std::make_unique<Expression>(BoundKind::kAnd, TypeId::kBoolean);
    both->children.push_back(std::move(join.condition));
    both->children.push_back(std::move(conjuncts[i]));
    join.condition = std::move(both);
  }
}

}  // namespace teal
