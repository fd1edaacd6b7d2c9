// Binder: UNION, INTERSECT and EXCEPT [ALL].
#include "function/collation.hpp"
#include "function/implicit_cast.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

/// The output column of a set operation that ORDER BY term `e` names — a position, or a
/// column's name (DuckDB takes t.x as x here: the result has columns, not tables; a name of
/// the right side's stands for its column) — or kInvalidIndex.
idx_t OutputColumn(const ParsedExpression& e, size_t width, const std::vector<std::string>& names,
                   const std::vector<std::vector<std::string>>& other_names) {
  const bool positional = e.kind == ExprKind::kPositional;
  if (positional ||
      (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull())) {
    const int64_t ordinal =
        positional ? e.parameter_index : e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
    if (ordinal < 1 || ordinal > static_cast<int64_t>(width)) {
      throw BinderError(fmt::format(
          "ORDER term out of range - should be between 1 and {} (position {})", width, ordinal));
    }
    return static_cast<idx_t>(ordinal - 1);
  }
  if (e.kind != ExprKind::kColumnRef || e.names.empty()) return kInvalidIndex;
  for (idx_t i = 0; i < names.size(); i++) {
    if (SameName(names[i], e.names.back())) return i;
  }
  for (idx_t i = 0; i < names.size(); i++) {
    for (const std::string& other : other_names[i]) {
      if (SameName(other, e.names.back())) return i;
    }
  }
  return kInvalidIndex;
}

/// The output column whose expression in the leftmost SELECT is written as `e` (DuckDB's:
/// `… UNION … ORDER BY a % 2` when the first SELECT lists `a % 2`), or kInvalidIndex.
idx_t ExpressionColumn(const ParsedExpression& e, size_t width, const SelectStatement& select) {
  const SelectStatement* leftmost = &select;
  while (leftmost->set_operation != SetOperation::kNone && leftmost->set_left) {
    leftmost = leftmost->set_left.get();
  }
  const auto& list = leftmost->select_list;
  if (list.size() != width) return kInvalidIndex;  // a * or VALUES: no written expressions
  const std::string written = e.ToString();
  for (idx_t i = 0; i < list.size(); i++) {
    if (list[i]->kind == ExprKind::kStar) return kInvalidIndex;
    if (list[i]->ToString() == written) return i;
  }
  return kInvalidIndex;
}

}  // namespace

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
  // The result's columns and, for each, the column of each side it takes (kInvalidIndex:
  // none, NULL). By position the sides must be as wide; BY NAME the result has the left
  // side's names, then the right side's that the left lacks.
  std::vector<std::string> names = left.names;
  std::vector<idx_t> from_left, from_right;
  if (select.set_by_name) {
    auto check_unique = [&](const std::vector<std::string>& side) {
      for (idx_t i = 0; i < side.size(); i++) {
        for (idx_t j = 0; j < i; j++) {
          if (SameName(side[i], side[j])) {
            throw BinderError(fmt::format(
                "{} BY NAME operation doesn't support duplicate names in the SELECT list - the "
                "name \"{}\" occurs multiple times",
                name, side[i]));
          }
        }
      }
    };
    check_unique(left.names);
    check_unique(right.names);
    for (idx_t i = 0; i < left.names.size(); i++) from_left.push_back(i);
    from_right.assign(left.names.size(), kInvalidIndex);
    for (idx_t r = 0; r < right.names.size(); r++) {
      idx_t at = kInvalidIndex;
      for (idx_t i = 0; i < left.names.size() && at == kInvalidIndex; i++) {
        if (SameName(left.names[i], right.names[r])) at = i;
      }
      if (at != kInvalidIndex) {
        from_right[at] = r;
      } else {
        names.push_back(right.names[r]);
        from_left.push_back(kInvalidIndex);
        from_right.push_back(r);
      }
    }
  } else {
    if (left.types.size() != right.types.size()) {
      throw BinderError(
          fmt::format("Set operations can only apply to expressions with the same number of "
                      "result columns: each side of {} must have as many ({} and {})",
                      name, left.types.size(), right.types.size()));
    }
    for (idx_t i = 0; i < left.types.size(); i++) from_left.push_back(i);
    from_right = from_left;
  }
  // A string literal a side selects takes the other side's type, as an untyped literal
  // does in PostgreSQL: SELECT '0' UNION SELECT 0 is INTEGER.
  auto string_literal = [](const BoundStatement& side, idx_t column) {
    if (side.plan->kind != LogicalKind::kProjection) return false;
    const auto& expressions = static_cast<const LogicalProjection&>(*side.plan).expressions;
    return column < expressions.size() && IsStringLiteral(*expressions[column]);
  };
  std::vector<std::vector<std::string>> other_names(names.size());
  auto add_names = [&](const BoundStatement& side, idx_t column, std::vector<std::string>& to) {
    if (column == kInvalidIndex) return;
    to.push_back(side.names[column]);
    if (column < side.other_names.size()) {
      to.insert(to.end(), side.other_names[column].begin(), side.other_names[column].end());
    }
  };
  for (idx_t i = 0; i < names.size(); i++) {
    if (from_left[i] != kInvalidIndex && from_left[i] < left.other_names.size()) {
      other_names[i] = left.other_names[from_left[i]];
    }
    add_names(right, from_right[i], other_names[i]);
  }
  std::vector<LogicalType> types;
  for (idx_t i = 0; i < names.size(); i++) {
    LogicalType common =
        from_left[i] == kInvalidIndex ? right.types[from_right[i]]
        : from_right[i] == kInvalidIndex
            ? left.types[from_left[i]]
            : CommonType(left.types[from_left[i]], string_literal(left, from_left[i]),
                         right.types[from_right[i]], string_literal(right, from_right[i]), name);
    types.push_back(resolve_nulls ? ResolveNull(common) : common);
  }
  auto cast_to = [&](BoundStatement& side,
                     const std::vector<idx_t>& columns) -> LogicalOperatorPtr {
    bool identity = side.types.size() == types.size();
    for (idx_t i = 0; i < types.size() && identity; i++) {
      identity = columns[i] == i && side.types[i] == types[i];
    }
    if (identity) return std::move(side.plan);
    auto projection = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < types.size(); i++) {
      projection->expressions.push_back(
          columns[i] == kInvalidIndex
              ? MakeConstant(Value(types[i]))
              : MakeCast(MakeColumnRef(columns[i], side.types[columns[i]]), types[i]));
    }
    projection->types = types;
    projection->children.push_back(std::move(side.plan));
    return projection;
  };
  // The result keeps the sides' collations; collated columns compare by their keys.
  bool collated = false;
  for (idx_t i = 0; i < types.size(); i++) {
    if (types[i].Id() != TypeId::kVarchar) continue;
    LogicalType a = from_left[i] == kInvalidIndex ? types[i] : left.types[from_left[i]];
    LogicalType b = from_right[i] == kInvalidIndex ? types[i] : right.types[from_right[i]];
    types[i] = LogicalType::Varchar(CombineCollations(a, b));
    collated = collated || !CollationFunctions(EffectiveCollation(types[i])).empty();
  }
  if (collated && select.set_operation != SetOperation::kUnion) {
    throw NotImplementedError(fmt::format("{} over collated VARCHAR columns", name));
  }
  auto set = std::make_unique<LogicalSetOperation>();
  set->operation = select.set_operation;
  set->all = select.set_all;
  set->types = types;
  set->children.push_back(cast_to(left, from_left));
  set->children.push_back(cast_to(right, from_right));
  LogicalOperatorPtr plan = std::move(set);
  if (select.set_operation == SetOperation::kUnion && !select.set_all) {
    // A collated column groups by its key and takes the first() value (as DISTINCT does).
    auto distinct = std::make_unique<LogicalAggregate>();
    std::vector<idx_t> value_of(types.size());
    for (idx_t i = 0; i < types.size(); i++) {
      ExpressionPtr key = Collated(MakeColumnRef(i, types[i]));
      if (key->kind != BoundKind::kColumnRef) {
        value_of[i] = types.size() + distinct->aggregates.size();
        distinct->aggregates.push_back(MakeFirst(MakeColumnRef(i, types[i])));
      } else {
        value_of[i] = i;
      }
      distinct->groups.push_back(std::move(key));
    }
    for (const auto& g : distinct->groups) distinct->types.push_back(g->type);
    for (const auto& a : distinct->aggregates) distinct->types.push_back(a->type);
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
    if (collated) {
      auto values = std::make_unique<LogicalProjection>();
      for (idx_t i = 0; i < types.size(); i++) {
        values->expressions.push_back(MakeColumnRef(value_of[i], types[i]));
      }
      values->types = types;
      values->children.push_back(std::move(plan));
      plan = std::move(values);
    }
  }
  if (!select.order_by.empty()) {
    // A collated column sorts by its key: a column computed for the sort, dropped after.
    auto keys = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < types.size(); i++)
      keys->expressions.push_back(MakeColumnRef(i, types[i]));
    auto key_column = [&](idx_t column) -> idx_t {
      ExpressionPtr key = Collated(MakeColumnRef(column, types[column]));
      if (key->kind == BoundKind::kColumnRef) return column;
      keys->expressions.push_back(std::move(key));
      return keys->expressions.size() - 1;
    };
    auto order = std::make_unique<LogicalOrder>();
    for (const auto& term : select.order_by) {
      if (term.all) {
        for (idx_t i = 0; i < types.size(); i++) {
          order->keys.push_back(OrderKeyFor(term, key_column(i)));
        }
        continue;
      }
      const ParsedExpression* e = term.expression.get();
      // x COLLATE c, where x names an output column: that column sorted by the collation.
      const ParsedExpression* collate = nullptr;
      if (e->kind == ExprKind::kOperator && e->name == "COLLATE") {
        collate = e;
        e = e->children[0].get();
      }
      if (RefuseNonIntegerConstant(*e, "ORDER BY", OrderByLiteralsAllowed(options_))) continue;
      idx_t column = OutputColumn(*e, types.size(), names, other_names);
      if (column == kInvalidIndex) column = ExpressionColumn(*e, types.size(), select);
      if (column == kInvalidIndex) {
        throw BinderError(
            fmt::format("ORDER BY after {} must name an output column or give its position ({})",
                        name, term.expression->ToString()));
      }
      if (collate) {
        keys->expressions.push_back(
            Collated(BindCollate(*collate, MakeColumnRef(column, types[column]))));
        order->keys.push_back(OrderKeyFor(term, keys->expressions.size() - 1));
        continue;
      }
      order->keys.push_back(OrderKeyFor(term, key_column(column)));
    }
    if (keys->expressions.size() > types.size()) {
      for (const auto& k : keys->expressions) keys->types.push_back(k->type);
      keys->children.push_back(std::move(plan));
      plan = std::move(keys);
    }
    if (!order->keys.empty()) {  // else every term was a constant of no effect
      order->types = plan->types;
      order->children.push_back(std::move(plan));
      plan = std::move(order);
    }
    if (plan->types.size() > types.size()) {
      auto trim = std::make_unique<LogicalProjection>();
      for (idx_t i = 0; i < types.size(); i++)
        trim->expressions.push_back(MakeColumnRef(i, types[i]));
      trim->types = types;
      trim->children.push_back(std::move(plan));
      plan = std::move(trim);
    }
  }
  AddLimit(select, plan);
  BoundStatement bound;
  bound.names = names;
  bound.other_names = std::move(other_names);
  bound.types = types;
  bound.plan = std::move(plan);
  return bound;
}

}  // namespace teal
