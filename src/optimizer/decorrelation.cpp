// Decorrelatable, OntoJoinRow and DropAddedColumns.
#include "optimizer/decorrelation.hpp"

#include "planner/column_refs.hpp"

namespace teal {

bool Decorrelatable(const Expression& e, SubqueryKind kind) {
  const BoundSubquery& sub = *e.subquery;
  if (sub.kind != kind || sub.correlated == 0 || !sub.deterministic) return false;
  for (const auto& outer : e.children) {
    if (ContainsKind(*outer, BoundKind::kOuterRef) || ContainsKind(*outer, BoundKind::kSubquery) ||
        !IsMovable(*outer)) {
      return false;
    }
  }
  return true;
}

ExpressionPtr OntoJoinRow(const Expression& e, const std::vector<ExpressionPtr>& outer,
                          idx_t column_shift) {
  if (e.kind == BoundKind::kOuterRef) return outer[e.column]->Copy();
  if (e.kind == BoundKind::kColumnRef) {
    return MakeColumnRef(e.column + column_shift, e.type, e.alias);
  }
  auto copy = e.CopyNode();
  for (const auto& child : e.children) {
    copy->children.push_back(OntoJoinRow(*child, outer, column_shift));
  }
  return copy;
}

void DropAddedColumns(LogicalOperatorPtr& slot, const std::vector<LogicalType>& types) {
  slot->types = slot->children[0]->types;
  auto projection = std::make_unique<LogicalProjection>();
  projection->types = types;
  for (idx_t c = 0; c < types.size(); c++) {
    projection->expressions.push_back(MakeColumnRef(c, types[c]));
  }
  projection->children.push_back(std::move(slot));
  slot = std::move(projection);
}

}  // namespace teal
