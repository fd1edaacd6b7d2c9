// A join condition's `l IS NOT DISTINCT FROM r` (l over one side, r over the other) is no
// hash join key: the hash join never matches a NULL key. It becomes two keys that are never
// NULL, `(l IS NULL) = (r IS NULL)` and `coalesce(l, d) = coalesce(r, d)` for a value d of
// their type: two NULLs match on both, a NULL and a value differ on the first, two values
// match exactly when they are equal. The join is hashed then instead of comparing every
// pair of rows (DuckDB hashes these joins as well).
#include <optional>

#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {
/// A value of `type` to stand in for NULL in a key; nullopt for the types this rule leaves
/// to the nested loop join.
std::optional<Value> StandIn(const LogicalType& type) {
  if (type.IsNumeric()) return Value::Integer(0).CastAs(type);
  switch (type.Id()) {
    case TypeId::kBoolean:
      return Value::Boolean(false);
    case TypeId::kVarchar:
      return Value::Varchar("");
    default:
      return std::nullopt;
  }
}

ExpressionPtr IsNull(ExpressionPtr e) {
  auto is_null = std::make_unique<Expression>(BoundKind::kIsNull, TypeId::kBoolean);
  is_null->children.push_back(std::move(e));
  return is_null;
}

ExpressionPtr Equal(ExpressionPtr a, ExpressionPtr b) {
  auto equal = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  equal->op = CompareOp::kEqual;
  equal->children.push_back(std::move(a));
  equal->children.push_back(std::move(b));
  return equal;
}

/// CASE WHEN e IS NULL THEN d ELSE e END
ExpressionPtr Coalesced(ExpressionPtr e, const Value& d) {
  auto coalesced = std::make_unique<Expression>(BoundKind::kCase, e->type);
  coalesced->children.push_back(IsNull(e->Copy()));
  coalesced->children.push_back(MakeConstant(d));
  coalesced->children.push_back(std::move(e));
  return coalesced;
}
}  // namespace

void HashNotDistinctJoinKeys(LogicalOperator& plan) {
  for (auto& child : plan.children) HashNotDistinctJoinKeys(*child);
  if (plan.kind != LogicalKind::kJoin) return;
  auto& join = static_cast<LogicalJoin&>(plan);
  if (!join.condition) return;
  const idx_t left_width = join.children[0]->types.size();
  std::vector<ExpressionPtr> conjuncts;
  SplitConjunction(std::move(join.condition), conjuncts);
  std::vector<ExpressionPtr> rewritten;
  for (auto& c : conjuncts) {
    std::optional<Value> stand_in;
    if (c->kind == BoundKind::kCompare && c->op == CompareOp::kNotDistinct &&
        c->children[0]->type == c->children[1]->type && IsDeterministic(*c)) {
      ColumnSide a = SideOf(*c->children[0], left_width);
      ColumnSide b = SideOf(*c->children[1], left_width);
      if ((a == ColumnSide::kLeft && b == ColumnSide::kRight) ||
          (a == ColumnSide::kRight && b == ColumnSide::kLeft)) {
        stand_in = StandIn(c->children[0]->type);
      }
    }
    if (!stand_in) {
      rewritten.push_back(std::move(c));
      continue;
    }
    ExpressionPtr l = std::move(c->children[0]), r = std::move(c->children[1]);
    rewritten.push_back(Equal(IsNull(l->Copy()), IsNull(r->Copy())));
    rewritten.push_back(
        Equal(Coalesced(std::move(l), *stand_in), Coalesced(std::move(r), *stand_in)));
  }
  join.condition = MakeConjunction(std::move(rewritten));
}

}  // namespace teal
