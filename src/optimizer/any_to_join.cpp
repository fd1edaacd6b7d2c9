// Correlated ANY / ALL subqueries to joins: `x op ANY (SELECT y FROM r WHERE p(r) AND
// q(r, outer))` (x IN (…) is `= ANY`; `x op ALL (…)` is `NOT (x op' ANY (…))` with op' the
// negated comparison) becomes hash joins of the operator's input with r under p, on q
// with the outer values read from the input's columns — instead of the subquery run once
// per distinct outer row (DuckDB's large_mark_join: 315 runs over 430,000 rows each).
// The subquery qualifies as for EXISTS (SplitCorrelated) and q must hold an equality to
// hash on.
//
// ANY is true when some row of r under q makes `x op y` true; else NULL when some row
// makes it NULL (x or that y NULL); else false (no row, or all false). Three EXISTS marks
// give that, each a hash join on q:
//   m1  some row with x op y true (each probe row stops at its first such row);
//   m2  some row with y NULL (r under `y IS NULL`: few rows, if any; when y reads outer
//       values, `y IS NULL` joins the condition instead);
//   m3  some row at all (only needed where x is NULL);
// ANY = CASE WHEN m1 THEN true WHEN m2 OR (x IS NULL AND m3) THEN NULL ELSE false END.
// A filter conjunct `x op ANY (…)` (or `NOT (x op ALL (…))`) is true only through m1: a
// semi join on q AND x op y alone.
#include <optional>

#include "optimizer/decorrelation.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {

CompareOp Negated(CompareOp op) {
  switch (op) {
    case CompareOp::kEqual:
      return CompareOp::kNotEqual;
    case CompareOp::kNotEqual:
      return CompareOp::kEqual;
    case CompareOp::kLess:
      return CompareOp::kGreaterEqual;
    case CompareOp::kLessEqual:
      return CompareOp::kGreater;
    case CompareOp::kGreater:
      return CompareOp::kLessEqual;
    case CompareOp::kGreaterEqual:
      return CompareOp::kLess;
    case CompareOp::kDistinct:
      return CompareOp::kNotDistinct;
    case CompareOp::kNotDistinct:
      return CompareOp::kDistinct;
  }
  return op;
}

ExpressionPtr Node(BoundKind kind, std::vector<ExpressionPtr> children) {
  auto e = std::make_unique<Expression>(kind, TypeId::kBoolean);
  e->children = std::move(children);
  return e;
}

ExpressionPtr IsNullOf(ExpressionPtr a) {
  std::vector<ExpressionPtr> v;
  v.push_back(std::move(a));
  return Node(BoundKind::kIsNull, std::move(v));
}

/// A correlated ANY or ALL subquery taken apart: its parts, the operand, the comparison
/// as ANY's (ALL's negated), and whether the answer is then negated (ALL).
struct Quantified {
  std::unique_ptr<CorrelatedParts> parts;
  const Expression* operand = nullptr;
  const std::vector<ExpressionPtr>* outer = nullptr;
  CompareOp op = CompareOp::kEqual;
  bool negated = false;

  /// q over the joined row of a join whose left side is `width` columns wide.
  std::vector<ExpressionPtr> Correlation(idx_t width) const {
    std::vector<ExpressionPtr> q;
    for (const auto& c : parts->correlated) q.push_back(OntoJoinRow(*c, *outer, width));
    return q;
  }
  /// x op y over that joined row.
  ExpressionPtr Comparison(idx_t width) const {
    auto compare = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
    compare->op = op;
    compare->children.push_back(operand->Copy());
    compare->children.push_back(OntoJoinRow(*parts->value, *outer, width));
    return compare;
  }
};

/// `e`, over rows `width` columns wide, as a Quantified, or nothing when it is not a
/// correlated ANY/ALL that qualifies.
std::optional<Quantified> Split(const Expression& e, idx_t width) {
  if (e.kind != BoundKind::kSubquery) return std::nullopt;
  const BoundSubquery& sub = *e.subquery;
  if (sub.kind != SubqueryKind::kAny && sub.kind != SubqueryKind::kAll) return std::nullopt;
  Quantified any;
  any.parts = SplitCorrelated(e, sub.kind);
  if (!any.parts) return std::nullopt;
  any.operand = e.children[sub.correlated].get();
  if (ContainsKind(*any.operand, BoundKind::kSubquery) || !IsMovable(*any.operand)) {
    return std::nullopt;
  }
  any.outer = &e.children;
  any.negated = sub.kind == SubqueryKind::kAll;
  any.op = any.negated ? Negated(sub.op) : sub.op;
  // Every join here hashes on q.
  bool keyed = false;
  for (const auto& c : any.Correlation(width)) keyed = keyed || IsHashKey(*c, width);
  if (!keyed) return std::nullopt;
  return any;
}

LogicalOperatorPtr Join(JoinType type, LogicalOperatorPtr input, LogicalOperatorPtr right,
                        std::vector<ExpressionPtr> condition) {
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = type;
  join->mark_exists = type == JoinType::kMark;
  join->types = input->types;
  if (type == JoinType::kMark) join->types.emplace_back(TypeId::kBoolean);
  join->condition = MakeConjunction(std::move(condition));
  join->children.push_back(std::move(input));
  join->children.push_back(std::move(right));
  return join;
}

/// Stacks an EXISTS mark join on `input` and returns a reference to its mark.
ExpressionPtr Mark(LogicalOperatorPtr& input, LogicalOperatorPtr right,
                   std::vector<ExpressionPtr> condition) {
  const idx_t width = input->types.size();
  input = Join(JoinType::kMark, std::move(input), std::move(right), std::move(condition));
  return MakeColumnRef(width, LogicalType(TypeId::kBoolean));
}

/// ANY's (or ALL's) value over `input`, with the marks it reads stacked on `input`.
ExpressionPtr MarkAny(const Quantified& any, LogicalOperatorPtr& input) {
  const LogicalOperator& from = *any.parts->from;
  // m1: some row makes x op y true.
  std::vector<ExpressionPtr> m1_condition = any.Correlation(input->types.size());
  m1_condition.push_back(any.Comparison(input->types.size()));
  ExpressionPtr m1 = Mark(input, CopyPlan(from), std::move(m1_condition));
  // m2: some row has a NULL y: a filter on r (few rows pass) unless y reads outer values.
  ExpressionPtr unknown;
  if (ContainsKind(*any.parts->value, BoundKind::kOuterRef)) {
    std::vector<ExpressionPtr> condition = any.Correlation(input->types.size());
    condition.push_back(IsNullOf(OntoJoinRow(*any.parts->value, *any.outer, input->types.size())));
    unknown = Mark(input, CopyPlan(from), std::move(condition));
  } else {
    auto nulls = std::make_unique<LogicalFilter>();
    nulls->types = from.types;
    nulls->expressions.push_back(IsNullOf(any.parts->value->Copy()));
    nulls->children.push_back(CopyPlan(from));
    unknown = Mark(input, std::move(nulls), any.Correlation(input->types.size()));
  }
  // m3: some row at all, where x is NULL; not asked when x is a constant that is not.
  if (!(any.operand->kind == BoundKind::kConstant && !any.operand->value.IsNull())) {
    ExpressionPtr m3 = Mark(input, CopyPlan(from), any.Correlation(input->types.size()));
    std::vector<ExpressionPtr> both;
    both.push_back(IsNullOf(any.operand->Copy()));
    both.push_back(std::move(m3));
    std::vector<ExpressionPtr> either;
    either.push_back(std::move(unknown));
    either.push_back(Node(BoundKind::kAnd, std::move(both)));
    unknown = Node(BoundKind::kOr, std::move(either));
  }
  std::vector<ExpressionPtr> arms;
  arms.push_back(std::move(m1));
  arms.push_back(MakeConstant(Value::Boolean(true)));
  arms.push_back(std::move(unknown));
  arms.push_back(MakeConstant(Value(LogicalType(TypeId::kBoolean))));
  arms.push_back(MakeConstant(Value::Boolean(false)));
  ExpressionPtr result = Node(BoundKind::kCase, std::move(arms));
  if (any.negated) {
    std::vector<ExpressionPtr> one;
    one.push_back(std::move(result));
    result = Node(BoundKind::kNot, std::move(one));
  }
  return result;
}

/// Replaces the ANY/ALL subqueries in `e` that qualify by expressions over marks stacked
/// on `input`.
void ReplaceAny(ExpressionPtr& e, LogicalOperatorPtr& input) {
  if (auto any = Split(*e, input->types.size())) {
    std::string alias = e->alias;
    e = MarkAny(*any, input);
    e->alias = std::move(alias);
    return;
  }
  for (auto& child : e->children) ReplaceAny(child, input);
}

/// A filter conjunct that is true exactly when m1 is: `x op ANY (…)`, `NOT (x op ALL (…))`.
std::optional<Quantified> SemiJoinable(const Expression& c, idx_t width) {
  const bool negated = c.kind == BoundKind::kNot;
  const Expression& target = negated ? *c.children[0] : c;
  auto any = Split(target, width);
  if (!any || any->negated != negated) return std::nullopt;
  return any;
}

/// A filter conjunct SemiJoinable as a semi join of `input` on q AND x op y.
bool ConjunctAsJoin(const Expression& c, LogicalOperatorPtr& input) {
  auto any = SemiJoinable(c, input->types.size());
  if (!any) return false;
  const idx_t width = input->types.size();
  std::vector<ExpressionPtr> condition = any->Correlation(width);
  condition.push_back(any->Comparison(width));
  input =
      Join(JoinType::kSemi, std::move(input), std::move(any->parts->from), std::move(condition));
  return true;
}

}  // namespace

void RewriteAnyAsJoins(LogicalOperator& plan) {
  RewriteSubqueriesAsJoins(plan, ConjunctAsJoin, ReplaceAny);
}

}  // namespace teal
