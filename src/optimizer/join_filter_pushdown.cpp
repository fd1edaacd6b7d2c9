// Join filter pushdown: a hash join that drops the probe rows without a match (inner,
// right, semi; and the left, semi and anti joins that build their left side) lends its
// build side's keys to the table scan its probe keys come from, when they are bare columns
// of one scan in the same pipeline (TraceStreamedColumn). Once the build side is done,
// the scan drops the rows whose key the build side cannot have (out of its keys' range,
// or not in its hash table's filter) before any operator of the pipeline sees them: a
// join lower in the pipeline then neither probes nor gathers them. A scan that holds some
// of several keys only (TPC-H Q5's lineitem: l_orderkey, beside the supplier's nation)
// gets a partial filter: the bitmaps the build side has of those keys.
//
// The rule records which join filters which scan (LogicalJoin::filter_id,
// LogicalGet::join_filters); the physical planner connects the operators. It runs last,
// after the rules that move joins and renumber columns, and recomputes everything each
// time, so a plan optimized twice carries no stale filter.
#include <algorithm>
#include <atomic>

#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

void ClearJoinFilters(LogicalOperator& op) {
  if (op.kind == LogicalKind::kGet) static_cast<LogicalGet&>(op).join_filters.clear();
  if (op.kind == LogicalKind::kJoin) static_cast<LogicalJoin&>(op).filter_id = 0;
  for (auto& child : op.children) ClearJoinFilters(*child);
}

void CollectConjuncts(const Expression& e, std::vector<const Expression*>& out) {
  if (e.kind == BoundKind::kAnd) {
    for (const auto& child : e.children) CollectConjuncts(*child, out);
    return;
  }
  out.push_back(&e);
}

/// Whether the join drops a probe row that matches no build row (so a scan may drop it
/// before the join, and every row derived from it).
bool DropsUnmatchedProbeRows(const LogicalJoin& join) {
  if (join.build_left) {
    return join.join_type == JoinType::kLeft || join.join_type == JoinType::kSemi ||
           join.join_type == JoinType::kAnti;
  }
  return join.join_type == JoinType::kInner || join.join_type == JoinType::kSemi ||
         join.join_type == JoinType::kRight;
}

idx_t NextFilterId() {
  static std::atomic<idx_t> next{1};
  return next.fetch_add(1);
}

void PushFrom(LogicalJoin& join) {
  if (!join.condition || !DropsUnmatchedProbeRows(join)) return;
  const idx_t left_width = join.children[0]->types.size();
  const ColumnSide probe_side = join.build_left ? ColumnSide::kRight : ColumnSide::kLeft;
  const LogicalOperator& probe = *join.children[join.build_left ? 1 : 0];
  std::vector<const Expression*> conjuncts;
  CollectConjuncts(*join.condition, conjuncts);
  // Per scan that holds probe keys as bare columns: which (in key order).
  std::vector<std::pair<const LogicalGet*, JoinFilterRef>> scans;
  idx_t keys = 0;
  for (const Expression* c : conjuncts) {
    if (!IsHashKey(*c, left_width)) continue;
    keys++;
    const Expression* key = c->children[0].get();
    if (SideOf(*key, left_width) != probe_side) key = c->children[1].get();
    if (key->kind != BoundKind::kColumnRef || SideOf(*key, left_width) != probe_side) continue;
    const idx_t probe_column = join.build_left ? key->column - left_width : key->column;
    idx_t scan_column = probe_column;
    const LogicalGet* at = TraceStreamedColumn(probe, scan_column);
    if (!at) continue;
    auto it =
        std::find_if(scans.begin(), scans.end(), [&](const auto& s) { return s.first == at; });
    if (it == scans.end()) it = scans.insert(scans.end(), {at, JoinFilterRef{}});
    it->second.columns.emplace_back(probe_column, scan_column);
  }
  if (scans.empty()) return;
  join.filter_id = NextFilterId();
  for (auto& [scan, ref] : scans) {
    ref.join_id = join.filter_id;
    // One scan with every key: its values' hash. Else each scan tests its keys' bitmaps.
    ref.partial = ref.columns.size() < keys;
    const_cast<LogicalGet*>(scan)->join_filters.push_back(std::move(ref));
  }
}

void Push(LogicalOperator& op) {
  for (auto& child : op.children) Push(*child);
  if (op.kind == LogicalKind::kJoin) PushFrom(static_cast<LogicalJoin&>(op));
}

}  // namespace

void PushJoinFiltersIntoScans(LogicalOperator& plan) {
  ClearJoinFilters(plan);
  Push(plan);
}

}  // namespace teal
