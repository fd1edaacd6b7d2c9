// Correlated scalar aggregate subqueries to joins: in a filter or projection,
// `(SELECT f(agg(x)) FROM r WHERE p(r) AND r.a = outer.b …)` becomes a left join of the
// operator's input with `SELECT r.a, agg(x) FROM r WHERE p(r) GROUP BY r.a` on
// r.a = outer.b, and the expression computes f over the joined aggregates. One grouped pass over r
// replaces a run of the subquery per distinct outer row (TPC-H Q2, Q17, Q20).
//
// Why the answers stay the same: an outer row's subquery aggregates exactly the rows of
// its key's group; grouping makes one row per key, so the left join finds at most one; a
// key with no rows (or a NULL outer key, which equals nothing) finds none and reads NULL
// — what the subquery gives for no rows, as long as f(agg) over no rows is NULL. So only
// these qualify: aggregates whose result over no rows is NULL (sum, avg, min, max);
// f built of column references, constants, casts and + - * (NULL in, NULL out); every
// correlated conjunct an equality between an expression of r's columns and one of outer
// values; aggregate arguments plain columns (the grouped pass reads rows of keys no
// outer row has: nothing there may fail); the plan a projection over an aggregate
// without groups over one filter whose input reads nothing outside. Other subqueries
// keep running per outer row.
//
// The grouped pass reads only the rows of keys the outer rows may have (a semi join of r
// with the outer keys, from a copy of the operator's input under the filter's other
// conjuncts): groups no outer row looks up are never made (TPC-H Q17 groups 6,000 rows
// instead of 6 million, Q20 10,000 instead of 900,000). Any superset of the outer keys
// gives the same answers, so the copy is only of the relation (of the input's cross and
// inner joins) the keys come from, under the conjuncts over it alone; it is made only
// when the input is more than a table scan or the filter has other conjuncts.
#include <set>
#include <string>

#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

/// NULL when any input is NULL, and never an error for NULL inputs.
bool Strict(const Expression& e) {
  switch (e.kind) {
    case BoundKind::kColumnRef:
      return true;
    case BoundKind::kConstant:
      return !e.value.IsNull();
    case BoundKind::kCast:
      return Strict(*e.children[0]);
    case BoundKind::kFunction: {
      static const std::set<std::string> kArithmetic = {"+", "-", "*"};
      if (!kArithmetic.count(e.function->name)) return false;
      for (const auto& child : e.children) {
        if (!Strict(*child)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

bool NullOverNoRows(const Expression& aggregate) {
  static const std::set<std::string> kNames = {"sum", "avg", "min", "max"};
  if (aggregate.kind != BoundKind::kAggregate || !kNames.count(aggregate.aggregate->name)) {
    return false;
  }
  for (const auto& argument : aggregate.children) {
    if (argument->kind != BoundKind::kColumnRef) return false;
  }
  return true;
}

/// Whether the rows of `input` under `conjuncts` may hold only a few of all the keys:
/// it filters, joins or aggregates, or conjuncts narrow it. (Those that narrow only other
/// relations than the keys' are dropped again by KeySource; a semi join with every key
/// then costs one hash table probe per row of the grouped pass.)
bool MayNarrow(const LogicalOperator& input, const std::vector<ExpressionPtr>& conjuncts) {
  if (!conjuncts.empty()) return true;
  const LogicalOperator* op = &input;
  while (op->kind == LogicalKind::kProjection) op = op->children[0].get();
  return op->kind != LogicalKind::kGet;
}

/// The input of `input`'s cross and inner joins, as deep as it goes, that holds every
/// column `keys` read; `offset` is where its columns start in input's row. Its rows under
/// the conjuncts over its own columns have every key the joined rows have, and maybe more.
const LogicalOperator& KeySource(const LogicalOperator& input,
                                 const std::vector<ExpressionPtr>& keys, idx_t& offset) {
  std::vector<idx_t> columns;
  for (const auto& k : keys) ForEachColumn(*k, [&](idx_t c) { columns.push_back(c); });
  const LogicalOperator* op = &input;
  offset = 0;
  while (op->kind == LogicalKind::kJoin) {
    const auto& join = static_cast<const LogicalJoin&>(*op);
    if ((join.join_type != JoinType::kInner && join.join_type != JoinType::kCross) ||
        !join.projection.empty()) {
      break;
    }
    const idx_t split = offset + op->children[0]->types.size();
    bool left = true, right = true;
    for (idx_t c : columns) (c < split ? right : left) = false;
    if (left) {
      op = op->children[0].get();
    } else if (right) {
      offset = split;
      op = op->children[1].get();
    } else {
      break;
    }
  }
  return *op;
}

/// `scan` semi-joined with the values of `outer_keys` (over `input`'s columns) that the
/// rows of `input` under `conjuncts` have, or a superset of them (see KeySource): keeps
/// the rows of `scan` whose `inner_keys` some outer row may have.
LogicalOperatorPtr KeepOuterKeys(LogicalOperatorPtr scan,
                                 const std::vector<ExpressionPtr>& inner_keys,
                                 const std::vector<ExpressionPtr>& outer_keys,
                                 const LogicalOperator& input,
                                 const std::vector<ExpressionPtr>& conjuncts) {
  idx_t offset = 0;
  const LogicalOperator& from = KeySource(input, outer_keys, offset);
  const idx_t end = offset + from.types.size();
  auto shift = [&](const Expression& e) {
    ExpressionPtr copy = e.Copy();
    RemapColumns(*copy, [&](idx_t c) { return c - offset; });
    return copy;
  };
  LogicalOperatorPtr source = CopyPlan(from);
  auto filter = std::make_unique<LogicalFilter>();
  for (const auto& c : conjuncts) {
    bool inside = true;
    ForEachColumn(*c, [&](idx_t col) { inside = inside && col >= offset && col < end; });
    if (inside) filter->expressions.push_back(shift(*c));
  }
  if (!filter->expressions.empty()) {
    filter->types = source->types;
    filter->children.push_back(std::move(source));
    source = std::move(filter);
  }
  auto keys = std::make_unique<LogicalProjection>();
  for (const auto& k : outer_keys) {
    keys->types.push_back(k->type);
    keys->expressions.push_back(shift(*k));
  }
  keys->children.push_back(std::move(source));
  const idx_t width = scan->types.size();
  std::vector<ExpressionPtr> condition;
  for (idx_t k = 0; k < inner_keys.size(); k++) {
    auto equal = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
    equal->op = CompareOp::kEqual;
    equal->children.push_back(inner_keys[k]->Copy());
    equal->children.push_back(MakeColumnRef(width + k, keys->types[k]));
    condition.push_back(std::move(equal));
  }
  auto semi = std::make_unique<LogicalJoin>();
  semi->join_type = JoinType::kSemi;
  semi->types = scan->types;
  semi->condition = MakeConjunction(std::move(condition));
  semi->children.push_back(std::move(scan));
  semi->children.push_back(std::move(keys));
  return semi;
}

/// The left join that brings each row of `input` its group's aggregates, with `value` set
/// to scalar subquery `e` over the join's row; null when the subquery does not qualify.
/// `conjuncts`: the other conjuncts of the filter `e` is in (none in a projection).
LogicalOperatorPtr Decorrelate(const Expression& e, LogicalOperatorPtr& input,
                               const std::vector<ExpressionPtr>& conjuncts, ExpressionPtr& value) {
  if (!Decorrelatable(e, SubqueryKind::kScalar)) return nullptr;
  const BoundSubquery& sub = *e.subquery;
  const LogicalOperator& root = *sub.plan;
  if (root.kind != LogicalKind::kProjection) return nullptr;
  const auto& projection = static_cast<const LogicalProjection&>(root);
  if (projection.expressions.size() != 1 || !Strict(*projection.expressions[0]) ||
      !ContainsKind(*projection.expressions[0], BoundKind::kColumnRef)) {
    return nullptr;  // f must read an aggregate: a constant f is not NULL over no rows
  }
  const LogicalOperator& below = *root.children[0];
  if (below.kind != LogicalKind::kAggregate) return nullptr;
  const auto& aggregate = static_cast<const LogicalAggregate&>(below);
  if (!aggregate.groups.empty() || aggregate.aggregates.empty()) return nullptr;
  for (const auto& a : aggregate.aggregates) {
    if (!NullOverNoRows(*a)) return nullptr;
  }
  if (below.children[0]->kind != LogicalKind::kFilter) return nullptr;
  LogicalOperatorPtr from = CopyPlan(*below.children[0]);
  auto& filter = static_cast<LogicalFilter&>(*from);
  LogicalOperatorPtr scan = std::move(from->children[0]);
  if (PlanReadsOuter(*scan)) return nullptr;
  // Correlated conjuncts: inner = outer (either way round).
  std::vector<ExpressionPtr> local, inner_keys, outer_keys;
  for (auto& expression : filter.expressions) {
    std::vector<ExpressionPtr> conjuncts;
    SplitConjunction(std::move(expression), conjuncts);
    for (auto& c : conjuncts) {
      if (!ContainsKind(*c, BoundKind::kOuterRef)) {
        local.push_back(std::move(c));
        continue;
      }
      if (c->kind != BoundKind::kCompare || c->op != CompareOp::kEqual || !IsMovable(*c) ||
          ContainsKind(*c, BoundKind::kSubquery)) {
        return nullptr;
      }
      bool split = false;
      for (int side = 0; side < 2 && !split; side++) {
        const Expression& inner = *c->children[side];
        const Expression& outer = *c->children[1 - side];
        if (!ContainsKind(inner, BoundKind::kOuterRef) &&
            !ContainsKind(outer, BoundKind::kColumnRef)) {
          inner_keys.push_back(inner.Copy());
          outer_keys.push_back(OntoJoinRow(outer, e.children, 0));  // no column of r in it
          split = true;
        }
      }
      if (!split) return nullptr;
    }
  }
  if (inner_keys.empty()) return nullptr;
  if (!local.empty()) {
    auto kept = std::make_unique<LogicalFilter>();
    kept->types = scan->types;
    kept->expressions = std::move(local);
    kept->children.push_back(std::move(scan));
    scan = std::move(kept);
  }
  if (MayNarrow(*input, conjuncts) && PlanIsDeterministic(*input)) {
    scan = KeepOuterKeys(std::move(scan), inner_keys, outer_keys, *input, conjuncts);
  }
  // GROUP BY the inner keys; the aggregates as they were.
  const idx_t keys = inner_keys.size();
  auto grouped = std::make_unique<LogicalAggregate>();
  for (const auto& k : inner_keys) grouped->types.push_back(k->type);
  for (const auto& a : aggregate.aggregates) {
    grouped->aggregates.push_back(a->Copy());
    grouped->types.push_back(a->type);
  }
  grouped->groups = std::move(inner_keys);
  grouped->children.push_back(std::move(scan));
  // LEFT JOIN input ON outer key k = group key k; the join's row ends with the group's
  // keys and aggregates.
  const idx_t left_width = input->types.size();
  std::vector<ExpressionPtr> condition;
  for (idx_t k = 0; k < keys; k++) {
    auto equal = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
    equal->op = CompareOp::kEqual;
    equal->children.push_back(std::move(outer_keys[k]));
    equal->children.push_back(MakeColumnRef(left_width + k, grouped->types[k]));
    condition.push_back(std::move(equal));
  }
  // f itself is evaluated above the join, on the aggregates of each outer row's group (or
  // NULLs): only for the groups the original would have computed, so a cast or an
  // overflow in a group no outer row reads raises nothing.
  value = projection.expressions[0]->Copy();
  RemapColumns(*value, [&](idx_t c) { return left_width + keys + c; });
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = JoinType::kLeft;
  join->types = input->types;
  join->types.insert(join->types.end(), grouped->types.begin(), grouped->types.end());
  join->condition = MakeConjunction(std::move(condition));
  join->children.push_back(std::move(input));
  join->children.push_back(std::move(grouped));
  return join;
}

/// Replaces the qualifying scalar subqueries in `e` by the value columns of left joins
/// stacked on `input`.
void Replace(ExpressionPtr& e, LogicalOperatorPtr& input,
             const std::vector<ExpressionPtr>& conjuncts) {
  if (e->kind == BoundKind::kSubquery) {
    ExpressionPtr value;
    if (auto join = Decorrelate(*e, input, conjuncts, value)) {
      input = std::move(join);
      value->alias = e->alias;
      e = value->type == e->type ? std::move(value) : MakeCast(std::move(value), e->type);
      return;
    }
  }
  for (auto& child : e->children) Replace(child, input, conjuncts);
}

/// The conjuncts of `expressions` other than expressions[skip] that may be copied below a
/// new join: deterministic, without subqueries, over the filter's input columns (all of
/// them: none of the joins made so far has added any).
std::vector<ExpressionPtr> OtherConjuncts(const std::vector<ExpressionPtr>& expressions,
                                          size_t skip, idx_t width) {
  std::vector<ExpressionPtr> out;
  for (size_t i = 0; i < expressions.size(); i++) {
    if (i == skip) continue;
    std::vector<ExpressionPtr> split;
    SplitConjunction(expressions[i]->Copy(), split);
    for (auto& c : split) {
      bool inside = true;
      ForEachColumn(*c, [&](idx_t col) { inside = inside && col < width; });
      if (inside && IsMovable(*c) && !ContainsKind(*c, BoundKind::kSubquery)) {
        out.push_back(std::move(c));
      }
    }
  }
  return out;
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  std::vector<ExpressionPtr>* expressions = nullptr;
  if (slot->kind == LogicalKind::kProjection) {
    expressions = &static_cast<LogicalProjection&>(*slot).expressions;
  } else if (slot->kind == LogicalKind::kFilter) {
    expressions = &static_cast<LogicalFilter&>(*slot).expressions;
  } else {
    return;
  }
  const idx_t width = slot->children[0]->types.size();
  const bool filter = slot->kind == LogicalKind::kFilter;
  if (filter) {
    // One conjunct per expression, so that each subquery sees the others.
    std::vector<ExpressionPtr> conjuncts;
    for (auto& e : *expressions) SplitConjunction(std::move(e), conjuncts);
    *expressions = std::move(conjuncts);
  }
  for (size_t i = 0; i < expressions->size(); i++) {
    std::vector<ExpressionPtr> conjuncts;
    if (filter) conjuncts = OtherConjuncts(*expressions, i, width);
    Replace((*expressions)[i], slot->children[0], conjuncts);
  }
  if (slot->kind != LogicalKind::kFilter || slot->children[0]->types.size() == width) return;
  const std::vector<LogicalType> types = slot->types;
  DropAddedColumns(slot, types);
}

}  // namespace

void RewriteScalarSubqueriesAsJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
  // The root stays where it is: a projection's input may change, a filter's may not.
  if (plan.kind == LogicalKind::kProjection) {
    auto& expressions = static_cast<LogicalProjection&>(plan).expressions;
    for (auto& e : expressions) Replace(e, plan.children[0], {});
  }
}

}  // namespace teal
