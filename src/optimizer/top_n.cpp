// Top-N: an ORDER BY under a LIMIT n [OFFSET m] (directly, or through the projection the
// binder puts between them) becomes one operator that keeps only the first n + m rows
// while it reads, instead of sorting every row and then dropping most. The LIMIT stays,
// without its offset, so the plan's root never has to change.
#include "optimizer/optimizer.hpp"

namespace teal {

namespace {

void Rewrite(LogicalOperator& op) {
  for (auto& child : op.children) Rewrite(*child);
  if (op.kind != LogicalKind::kLimit) return;
  auto& limit = static_cast<LogicalLimit&>(op);
  // A limit or offset computed when the query runs (LIMIT (SELECT …)) stays a LIMIT.
  if (limit.limit == kInvalidIndex || limit.offset_expression) return;
  LogicalOperatorPtr* slot = &limit.children[0];
  if ((*slot)->kind == LogicalKind::kProjection) slot = &(*slot)->children[0];
  if ((*slot)->kind != LogicalKind::kOrder) return;
  auto& order = static_cast<LogicalOrder&>(**slot);
  auto top = std::make_unique<LogicalTopN>();
  top->types = order.types;
  top->keys = std::move(order.keys);
  top->limit = limit.limit;
  top->offset = limit.offset;
  top->children = std::move(order.children);
  *slot = std::move(top);
  limit.offset = 0;
}

}  // namespace

void UseTopN(LogicalOperator& plan) { Rewrite(plan); }

}  // namespace teal
