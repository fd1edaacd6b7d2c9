// IN-list to semi join: `x IN (c1, …, cn)` as a filter conjunct costs n comparisons
// per row. With many constants the
// filter becomes a semi join of its input with a VALUES list of the constants, which
// the physical planner runs as a hash join: one probe per row. In a filter, a NULL
// constant can never make the conjunct true, so it is left out of the list.
#include "catalog/catalog.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// Below this many constants the comparisons are cheaper than building a hash table.
constexpr size_t kMinConstants = 8;

/// Whether `e` is x IN (c1, …, cn) over columns, with constants c and n at least
/// kMinConstants.
bool IsLongInList(const Expression& e) {
  if (e.kind != BoundKind::kInList || e.children.size() < kMinConstants + 1) return false;
  const Expression& probe = *e.children[0];
  if (SideOf(probe, 0) == ColumnSide::kNone || !IsMovable(probe)) return false;
  for (size_t i = 1; i < e.children.size(); i++) {
    if (e.children[i]->kind != BoundKind::kConstant) return false;
  }
  return true;
}

/// The semi join of `input` with the constants of `in_list` (an IsLongInList).
LogicalOperatorPtr MakeSemiJoin(LogicalOperatorPtr input, Expression& in_list) {
  auto values = std::make_unique<LogicalValues>();
  const LogicalType type = in_list.children[0]->type;
  values->types = {type};
  for (size_t i = 1; i < in_list.children.size(); i++) {
    if (in_list.children[i]->value.IsNull()) continue;
    std::vector<ExpressionPtr> row;
    row.push_back(std::move(in_list.children[i]));
    values->rows.push_back(std::move(row));
  }
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = JoinType::kSemi;
  join->types = input->types;
  auto condition = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  condition->op = CompareOp::kEqual;
  condition->children.push_back(std::move(in_list.children[0]));
  condition->children.push_back(MakeColumnRef(input->types.size(), type));
  join->condition = std::move(condition);
  join->children.push_back(std::move(input));
  join->children.push_back(std::move(values));
  return join;
}

/// Takes the long IN lists out of `conjuncts`.
std::vector<ExpressionPtr> TakeInLists(std::vector<ExpressionPtr>& conjuncts) {
  std::vector<ExpressionPtr> kept, lists;
  for (auto& e : conjuncts) (IsLongInList(*e) ? lists : kept).push_back(std::move(e));
  conjuncts = std::move(kept);
  return lists;
}

void Rewrite(LogicalOperatorPtr& slot) {
  for (auto& child : slot->children) Rewrite(child);
  std::vector<ExpressionPtr> lists;
  if (slot->kind == LogicalKind::kGet) {
    // The scan keeps its other filters and runs them first; an index on the list's column
    // may still find the rows by it (a copy kept as a hint).
    auto& get = static_cast<LogicalGet&>(*slot);
    lists = TakeInLists(get.filters);
    if (!get.table->indexes->Empty()) {
      for (const auto& list : lists) {
        if (list->children[0]->kind == BoundKind::kColumnRef) {
          get.index_hints.push_back(list->Copy());
        }
      }
    }
  } else if (slot->kind == LogicalKind::kFilter) {
    auto& filter = static_cast<LogicalFilter&>(*slot);
    lists = TakeInLists(filter.expressions);
    if (!lists.empty() && filter.expressions.empty()) slot = std::move(slot->children[0]);
  }
  for (auto& list : lists) slot = MakeSemiJoin(std::move(slot), *list);
}

}  // namespace

void RewriteInListsAsSemiJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) Rewrite(child);
}

}  // namespace teal
