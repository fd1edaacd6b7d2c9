// Binder: LATERAL FROM items — a subquery or table function right of a join (or of a
// comma) that reads the columns of the FROM items left of it.
//
// As in DuckDB, every FROM subquery and table function may do so, written LATERAL or not.
// PostgreSQL requires the word for a subquery, and without it a name there that an
// enclosing query has means that query's column: so it does here (DIALECT.md), and only
// names no enclosing query has reach the items on the left.
// The item is bound with the left items' columns visible as outer columns: when it reads
// none of them it is an ordinary FROM item (what it reads of enclosing queries is then
// put back as their outer references); otherwise it becomes a LogicalLateralJoin, which
// the optimizer turns into a plain join where it can (lateral_join_to_join.cpp).
#include <functional>

#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// Replaces, in `e`, every outer reference i by a copy of `values[i]`.
void PutBackOuter(ExpressionPtr& e, const std::vector<ExpressionPtr>& values) {
  if (e->kind == BoundKind::kOuterRef) {
    e = values[e->column]->Copy();
    return;
  }
  for (auto& child : e->children) PutBackOuter(child, values);
}

/// Whether `e` reads a column of the row it is evaluated over.
bool ReadsColumn(const Expression& e) { return ContainsKind(e, BoundKind::kColumnRef); }

}  // namespace

bool Binder::MayBeLateral(const TableRef& item) {
  if (item.kind == TableRefKind::kSubquery) return true;
  if (item.kind != TableRefKind::kTableFunction) return false;
  const std::string& name = item.function->name;
  if (name == "unnest" || name == "range" || name == "generate_series" ||
      name == "regexp_split_to_table") {
    return true;
  }
  // A table macro: its arguments are expressions of the query it expands into.
  const auto macro = MacroCalled(*item.function, /*table=*/true);
  return macro && macro->table;
}

LogicalOperatorPtr Binder::BindLateralItem(const TableRef& item, Scope& scope, size_t left_first,
                                           idx_t left_offset,
                                           std::vector<ExpressionPtr>& outer_values) {
  // The left items' columns, numbered over the left side's own rows.
  Scope left_scope;
  left_scope.bindings.assign(scope.bindings.begin() + static_cast<std::ptrdiff_t>(left_first),
                             scope.bindings.end());
  for (auto& binding : left_scope.bindings) binding.offset -= left_offset;
  left_scope.outer = scope.outer;
  left_scope.correlated = scope.correlated;
  left_scope.clause = "LATERAL join";  // DuckDB's words: "LATERAL join cannot contain …"
  // A table function is LATERAL in PostgreSQL too: its arguments see the items first.
  left_scope.enclosing_first = item.kind == TableRefKind::kSubquery && !item.lateral;
  Scope item_scope;
  item_scope.outer = &left_scope;
  item_scope.correlated = &outer_values;
  LogicalOperatorPtr plan = BindTableRef(item, item_scope);
  Binding binding = std::move(item_scope.bindings.at(0));
  binding.offset = 0;
  for (const auto& b : scope.bindings) binding.offset += b.names.size();
  scope.bindings.push_back(std::move(binding));

  bool reads_left = false;
  for (const auto& value : outer_values) reads_left = reads_left || ReadsColumn(*value);
  if (!reads_left && !outer_values.empty()) {
    // Only enclosing queries' columns: an ordinary FROM item that reads them.
    ForEachExpression(*plan, [&](ExpressionPtr& e) { PutBackOuter(e, outer_values); });
    outer_values.clear();
  }
  return plan;
}

LogicalOperatorPtr Binder::BindLateralJoin(const TableRef& ref, Scope& scope,
                                           LogicalOperatorPtr left, LogicalOperatorPtr item,
                                           std::vector<ExpressionPtr> outer_values,
                                           size_t left_first, idx_t left_offset,
                                           size_t condition_first) {
  if (ref.join_type != JoinType::kInner && ref.join_type != JoinType::kCross &&
      ref.join_type != JoinType::kLeft) {
    throw BinderError(
        "the join of a LATERAL FROM item (one that reads the FROM items left of it) must be "
        "INNER or LEFT");
  }
  if (ref.natural || !ref.using_columns.empty()) {
    throw NotImplementedError("USING or NATURAL with a LATERAL FROM item (use ON)");
  }
  const idx_t left_width = left->types.size();
  if (ref.condition) {
    // ON becomes a filter inside the item: its left columns are outer values there too.
    ExpressionPtr condition = BindJoinCondition(
        ref, scope, condition_first == kInvalidIndex ? left_first : condition_first, left_offset);
    Scope collect;  // OuterReference's list: the item's outer values
    collect.correlated = &outer_values;
    std::function<void(ExpressionPtr&)> rewrite = [&](ExpressionPtr& e) {
      const bool left_column = e->kind == BoundKind::kColumnRef && e->column < left_width;
      if (left_column || e->kind == BoundKind::kOuterRef) {
        e = OuterReference(std::move(e), collect);
        return;
      }
      if (e->kind == BoundKind::kColumnRef) e->column -= left_width;
      for (auto& child : e->children) rewrite(child);
    };
    rewrite(condition);
    auto filter = std::make_unique<LogicalFilter>();
    filter->types = item->types;
    filter->expressions.push_back(std::move(condition));
    filter->children.push_back(std::move(item));
    item = std::move(filter);
  }
  auto bound = std::make_shared<BoundSubquery>();
  bound->kind = SubqueryKind::kLateral;
  bound->text = "LATERAL " + scope.bindings.back().alias;
  bound->deterministic = PlanIsDeterministic(*item);
  bound->correlated = outer_values.size();
  auto subquery = std::make_unique<Expression>(BoundKind::kSubquery, LogicalType(TypeId::kBoolean));
  subquery->children = std::move(outer_values);
  auto lateral = std::make_unique<LogicalLateralJoin>();
  lateral->join_type = ref.join_type == JoinType::kLeft ? JoinType::kLeft : JoinType::kInner;
  lateral->types = left->types;
  lateral->types.insert(lateral->types.end(), item->types.begin(), item->types.end());
  bound->plan = std::move(item);
  subquery->subquery = std::move(bound);
  lateral->subquery = std::move(subquery);
  lateral->children.push_back(std::move(left));
  return lateral;
}

LogicalOperatorPtr Binder::BindCommaLateral(const TableRef& ref, Scope& scope, idx_t offset) {
  if (ref.join_type != JoinType::kCross || ref.right->kind != TableRefKind::kJoin) return nullptr;
  const TableRef& join = *ref.right;
  if ((join.join_type != JoinType::kInner && join.join_type != JoinType::kLeft &&
       join.join_type != JoinType::kCross) ||
      join.natural || !join.using_columns.empty() || !MayBeLateral(*join.right)) {
    return nullptr;
  }
  const size_t a_first = scope.bindings.size();
  LogicalOperatorPtr a = BindTableRef(*ref.left, scope);
  const size_t b_first = scope.bindings.size();
  const idx_t b_offset = offset + a->types.size();
  LogicalOperatorPtr b = BindTableRef(*join.left, scope);
  std::vector<ExpressionPtr> outer_values;
  LogicalOperatorPtr x = BindLateralItem(*join.right, scope, a_first, offset, outer_values);
  auto make_join = [](JoinType type, LogicalOperatorPtr left, LogicalOperatorPtr right) {
    auto j = std::make_unique<LogicalJoin>();
    j->join_type = type;
    j->types = left->types;
    j->types.insert(j->types.end(), right->types.begin(), right->types.end());
    j->children.push_back(std::move(left));
    j->children.push_back(std::move(right));
    return j;
  };
  bool reads_a = false, reads_b = false;
  const idx_t a_width = a->types.size();
  for (const auto& value : outer_values) {
    ForEachColumn(*value, [&](idx_t column) { (column < a_width ? reads_a : reads_b) = true; });
  }
  if (reads_a && !reads_b && join.join_type != JoinType::kLeft) {
    // x reads a only: (a JOIN LATERAL x) JOIN b ON …, the same rows as a, (b JOIN x) for an
    // inner join, without pairing every a row with every b row first; then the columns
    // back in FROM order (a, b, x).
    const idx_t b_width = b->types.size();
    TableRef plain;
    plain.kind = TableRefKind::kJoin;
    plain.join_type = JoinType::kCross;
    LogicalOperatorPtr ax = BindLateralJoin(plain, scope, std::move(a), std::move(x),
                                            std::move(outer_values), a_first, offset);
    const idx_t x_width = ax->types.size() - a_width;
    auto axb = make_join(join.condition ? JoinType::kInner : JoinType::kCross, std::move(ax),
                         std::move(b));
    if (join.condition) {
      // Bound over (a, b, x), as FROM lists them; the join's rows are (a, x, b).
      axb->condition = BindJoinCondition(join, scope, b_first, offset);
      RemapColumns(*axb->condition, [&](idx_t c) {
        if (c < a_width) return c;
        if (c < a_width + b_width) return c + x_width;
        return c - b_width;
      });
    }
    auto projection = std::make_unique<LogicalProjection>();
    auto keep = [&](idx_t column) {
      projection->expressions.push_back(MakeColumnRef(column, axb->types[column]));
      projection->types.push_back(axb->types[column]);
    };
    for (idx_t c = 0; c < a_width; c++) keep(c);
    for (idx_t c = 0; c < b_width; c++) keep(a_width + x_width + c);
    for (idx_t c = 0; c < x_width; c++) keep(a_width + c);
    projection->children.push_back(std::move(axb));
    return projection;
  }
  if (reads_a) {
    // x reads a and b (or the join is LEFT): every (a, b) row is a left row of x; for INNER
    // and LEFT the same rows as a, (b JOIN x).
    return BindLateralJoin(join, scope, make_join(JoinType::kCross, std::move(a), std::move(b)),
                           std::move(x), std::move(outer_values), a_first, offset, b_first);
  }
  // x reads b at most: the join as written, its outer values renumbered over b's rows.
  for (auto& value : outer_values) {
    RemapColumns(*value, [&](idx_t column) { return column - a_width; });
  }
  LogicalOperatorPtr right;
  if (!outer_values.empty()) {
    right = BindLateralJoin(join, scope, std::move(b), std::move(x), std::move(outer_values),
                            b_first, b_offset);
  } else {
    auto bx = make_join(join.join_type, std::move(b), std::move(x));
    if (join.condition) bx->condition = BindJoinCondition(join, scope, b_first, b_offset);
    right = std::move(bx);
  }
  return make_join(JoinType::kCross, std::move(a), std::move(right));
}

}  // namespace teal
