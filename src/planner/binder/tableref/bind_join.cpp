// Binder: join conditions — ON renumbered to the join's own rows, USING and NATURAL.
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
                                size_t right_first) {
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
    // The merged column is the left one, or the right one for a RIGHT JOIN (whose
    // unmatched rows have it NULL on the left).
    Binding& hidden = ref.join_type == JoinType::kRight ? lb : rb;
    idx_t column = ref.join_type == JoinType::kRight ? l->second : r->second;
    hidden.merged.resize(hidden.names.size(), false);
    hidden.merged[column] = true;
  }
  return condition;
}

}  // namespace teal
