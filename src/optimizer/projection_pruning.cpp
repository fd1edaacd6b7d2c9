// Projection pruning: every operator produces only the columns something above it
// reads. Scans read fewer columns, joins copy fewer, aggregates compute no unused
// aggregate. Column references are positions, so each operator's expressions are
// renumbered after its input has shrunk.
#include <algorithm>

#include "optimizer/optimizer.hpp"
#include "planner/binder.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

/// Old column -> new column (kInvalidIndex: dropped) of an operator's output.
using ColumnMap = std::vector<idx_t>;

ColumnMap Prune(LogicalOperator& op, std::vector<bool> required);

void Require(const Expression& e, std::vector<bool>& required) {
  ForEachColumn(e, [&](idx_t c) { required[c] = true; });
}

void Renumber(Expression& e, const ColumnMap& map) {
  RemapColumns(e, [&](idx_t c) { return map[c]; });
}

bool NoneSet(const std::vector<bool>& flags) {
  return std::find(flags.begin(), flags.end(), true) == flags.end();
}

/// Keeps the entries of `items` whose flag is set (at least the first one, so that an
/// operator never loses all its columns and with them its row count).
template <class T>
ColumnMap KeepFlagged(std::vector<T>& items, std::vector<bool> keep) {
  if (!keep.empty() && NoneSet(keep)) keep[0] = true;
  ColumnMap map(items.size(), kInvalidIndex);
  std::vector<T> kept;
  for (size_t i = 0; i < items.size(); i++) {
    if (!keep[i]) continue;
    map[i] = kept.size();
    kept.push_back(std::move(items[i]));
  }
  items = std::move(kept);
  return map;
}

ColumnMap Identity(idx_t count) {
  ColumnMap map(count);
  for (idx_t i = 0; i < count; i++) map[i] = i;
  return map;
}

/// For operators that need every column of their inputs and keep their outputs.
ColumnMap KeepAll(LogicalOperator& op) {
  for (auto& child : op.children) Prune(*child, std::vector<bool>(child->types.size(), true));
  return Identity(op.types.size());
}

ColumnMap PruneGet(LogicalGet& get, std::vector<bool> required) {
  // The scan's filters read their columns from its output.
  for (const auto& f : get.filters) Require(*f, required);
  for (const auto& f : get.index_hints) Require(*f, required);
  ColumnMap map = KeepFlagged(get.column_ids, required);
  std::vector<bool> keep(map.size());
  for (size_t i = 0; i < map.size(); i++) keep[i] = map[i] != kInvalidIndex;
  KeepFlagged(get.types, keep);
  for (auto& f : get.filters) Renumber(*f, map);
  for (auto& f : get.index_hints) Renumber(*f, map);
  return map;
}

ColumnMap PruneProjection(LogicalProjection& projection, const std::vector<bool>& required) {
  ColumnMap map = KeepFlagged(projection.expressions, required);
  auto& child = *projection.children[0];
  std::vector<bool> needed(child.types.size(), false);
  for (const auto& e : projection.expressions) Require(*e, needed);
  ColumnMap child_map = Prune(child, std::move(needed));
  projection.types.clear();
  for (auto& e : projection.expressions) {
    Renumber(*e, child_map);
    projection.types.push_back(e->type);
  }
  return map;
}

ColumnMap PruneFilter(LogicalFilter& filter, std::vector<bool> required) {
  for (const auto& e : filter.expressions) Require(*e, required);
  ColumnMap map = Prune(*filter.children[0], std::move(required));
  for (auto& e : filter.expressions) Renumber(*e, map);
  filter.types = filter.children[0]->types;
  return map;
}

ColumnMap PruneAggregate(LogicalAggregate& aggregate, const std::vector<bool>& required) {
  const idx_t groups = aggregate.groups.size();
  std::vector<bool> keep(required.begin() + static_cast<std::ptrdiff_t>(groups), required.end());
  // Groups define the rows, so they all stay; without groups one aggregate stays so
  // that the operator still has a column.
  ColumnMap kept;
  if (groups > 0 && NoneSet(keep)) {
    aggregate.aggregates.clear();
    kept.assign(keep.size(), kInvalidIndex);
  } else {
    kept = KeepFlagged(aggregate.aggregates, keep);
  }
  auto& child = *aggregate.children[0];
  std::vector<bool> needed(child.types.size(), false);
  for (const auto& e : aggregate.groups) Require(*e, needed);
  for (const auto& e : aggregate.aggregates) Require(*e, needed);
  ColumnMap child_map = Prune(child, std::move(needed));
  aggregate.types.clear();
  for (auto& e : aggregate.groups) {
    Renumber(*e, child_map);
    aggregate.types.push_back(e->type);
  }
  for (auto& e : aggregate.aggregates) {
    Renumber(*e, child_map);
    aggregate.types.push_back(e->type);
  }
  ColumnMap map = Identity(groups);
  for (idx_t k : kept) map.push_back(k == kInvalidIndex ? kInvalidIndex : groups + k);
  return map;
}

ColumnMap PruneJoin(LogicalJoin& join, const std::vector<bool>& required_out) {
  auto& left = *join.children[0];
  auto& right = *join.children[1];
  const idx_t left_width = left.types.size();
  const bool left_only = join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti;
  const bool mark = join.join_type == JoinType::kMark;
  const idx_t full_width = left_only ? left_width
                           : mark    ? left_width + 1
                                     : left_width + right.types.size();
  // What is required of the joined row (an earlier pruning may have projected it).
  std::vector<bool> required(full_width, false);
  for (idx_t j = 0; j < required_out.size(); j++) {
    if (required_out[j]) required[join.projection.empty() ? j : join.projection[j]] = true;
  }
  std::vector<bool> all(left_width + right.types.size(), false);
  // A mark join's output is the left side and its mark, which always stays.
  std::copy(required.begin(),
            required.begin() + static_cast<std::ptrdiff_t>(mark ? left_width : required.size()),
            all.begin());
  if (join.condition) Require(*join.condition, all);
  auto split = static_cast<std::ptrdiff_t>(left_width);
  ColumnMap left_map = Prune(left, std::vector<bool>(all.begin(), all.begin() + split));
  ColumnMap right_map = Prune(right, std::vector<bool>(all.begin() + split, all.end()));
  const idx_t new_left_width = left.types.size();
  ColumnMap joined = left_map;
  for (idx_t c : right_map) joined.push_back(c == kInvalidIndex ? c : new_left_width + c);
  if (join.condition) Renumber(*join.condition, joined);
  std::vector<LogicalType> full_types = left.types;
  ColumnMap full_map = left_only ? left_map : joined;  // old joined column -> new
  if (mark) {
    full_types.emplace_back(TypeId::kBoolean);
    full_map = left_map;
    full_map.push_back(new_left_width);
  } else if (!left_only) {
    full_types.insert(full_types.end(), right.types.begin(), right.types.end());
  }
  // The output: the joined columns required above, in order. The condition reads its
  // own columns from the inputs, so they need not be output. One column at least, so
  // that the join keeps its row count.
  std::vector<idx_t> projection;
  ColumnMap out(required_out.size(), kInvalidIndex);
  std::vector<idx_t> position(full_width, kInvalidIndex);
  for (idx_t c = 0; c < full_width; c++) {
    if (!required[c]) continue;
    position[c] = projection.size();
    projection.push_back(full_map[c]);
  }
  // (A semi or anti join of a row without columns, SELECT … WHERE 1 IN (…), has none.)
  if (projection.empty() && !full_types.empty()) projection.push_back(0);
  for (idx_t j = 0; j < required_out.size(); j++) {
    if (required_out[j]) out[j] = position[join.projection.empty() ? j : join.projection[j]];
  }
  bool identity = projection.size() == full_types.size();
  for (idx_t j = 0; identity && j < projection.size(); j++) identity = projection[j] == j;
  join.types.clear();
  for (idx_t c : projection) join.types.push_back(full_types[c]);
  join.projection = identity ? std::vector<idx_t>{} : std::move(projection);
  return out;
}

ColumnMap PruneOrder(LogicalOrder& order, std::vector<bool> required) {
  for (const auto& key : order.keys) required[key.column] = true;
  ColumnMap map = Prune(*order.children[0], std::move(required));
  for (auto& key : order.keys) key.column = map[key.column];
  order.types = order.children[0]->types;
  return map;
}

ColumnMap PruneLimit(LogicalLimit& limit, std::vector<bool> required) {
  ColumnMap map = Prune(*limit.children[0], std::move(required));
  limit.types = limit.children[0]->types;
  return map;
}

/// Every list stays (each decides how many rows an input row makes); of the input's
/// columns only those read above are repeated, and only those or the lists read are kept
/// below.
ColumnMap PruneUnnest(LogicalUnnest& unnest, const std::vector<bool>& required) {
  auto& child = *unnest.children[0];
  const idx_t repeated = unnest.columns.size();
  std::vector<bool> needed(child.types.size(), false);
  for (idx_t j = 0; j < repeated; j++) {
    if (required[j]) needed[unnest.columns[j]] = true;
  }
  for (const auto& e : unnest.lists) Require(*e, needed);
  const std::vector<LogicalType> elements(
      unnest.types.begin() + static_cast<std::ptrdiff_t>(repeated), unnest.types.end());
  ColumnMap child_map = Prune(child, std::move(needed));
  for (auto& e : unnest.lists) Renumber(*e, child_map);
  ColumnMap map(unnest.types.size(), kInvalidIndex);
  std::vector<idx_t> columns;
  unnest.types.clear();
  for (idx_t j = 0; j < repeated; j++) {
    if (!required[j]) continue;
    map[j] = columns.size();
    columns.push_back(child_map[unnest.columns[j]]);
    unnest.types.push_back(child.types[columns.back()]);
  }
  unnest.columns = std::move(columns);
  for (idx_t k = 0; k < elements.size(); k++) {
    map[repeated + k] = unnest.types.size();
    unnest.types.push_back(elements[k]);
  }
  return map;
}

ColumnMap PruneWindow(LogicalWindow& window, const std::vector<bool>& required) {
  // The operator passes on every column of its input, then adds one per call.
  auto& child = *window.children[0];
  const idx_t width = child.types.size();
  std::vector<bool> needed(required.begin(), required.begin() + static_cast<std::ptrdiff_t>(width));
  ForEachOwnExpression(window, [&](ExpressionPtr& e) { Require(*e, needed); });
  ColumnMap child_map = Prune(child, std::move(needed));
  ForEachOwnExpression(window, [&](ExpressionPtr& e) { Renumber(*e, child_map); });
  ColumnMap map(window.types.size(), kInvalidIndex);
  for (idx_t c = 0; c < width; c++) map[c] = child_map[c];
  std::vector<LogicalType> types = child.types;
  for (idx_t k = 0; k < window.calls.size(); k++) {
    map[width + k] = types.size();
    types.push_back(window.calls[k].type);
  }
  window.types = std::move(types);
  return map;
}

ColumnMap PruneLateralJoin(LogicalLateralJoin& lateral, const std::vector<bool>& required) {
  // The child's columns, then the item's (which its plan produces whole).
  auto& child = *lateral.children[0];
  const idx_t width = child.types.size();
  std::vector<bool> needed(required.begin(), required.begin() + static_cast<std::ptrdiff_t>(width));
  for (const auto& e : lateral.subquery->children) Require(*e, needed);
  ColumnMap child_map = Prune(child, std::move(needed));
  for (auto& e : lateral.subquery->children) Renumber(*e, child_map);
  ColumnMap map(lateral.types.size(), kInvalidIndex);
  for (idx_t c = 0; c < width; c++) map[c] = child_map[c];
  std::vector<LogicalType> types = child.types;
  for (idx_t c = width; c < lateral.types.size(); c++) {
    map[c] = types.size();
    types.push_back(lateral.types[c]);
  }
  lateral.types = std::move(types);
  return map;
}

ColumnMap PruneDelete(LogicalDelete& del) {
  // With RETURNING (or for triggers) the child's first columns are the deleted rows, read
  // by position.
  if (del.returning || del.capture) return KeepAll(del);
  auto& child = *del.children[0];
  std::vector<bool> needed(child.types.size(), false);
  needed[del.row_id_column] = true;
  del.row_id_column = Prune(child, std::move(needed))[del.row_id_column];
  return Identity(del.types.size());
}

ColumnMap Prune(LogicalOperator& op, std::vector<bool> required) {
  switch (op.kind) {
    case LogicalKind::kGet:
      return PruneGet(static_cast<LogicalGet&>(op), required);
    case LogicalKind::kProjection:
      return PruneProjection(static_cast<LogicalProjection&>(op), required);
    case LogicalKind::kFilter:
      return PruneFilter(static_cast<LogicalFilter&>(op), std::move(required));
    case LogicalKind::kAggregate:
      return PruneAggregate(static_cast<LogicalAggregate&>(op), required);
    case LogicalKind::kJoin:
      return PruneJoin(static_cast<LogicalJoin&>(op), required);
    case LogicalKind::kOrder:
      return PruneOrder(static_cast<LogicalOrder&>(op), std::move(required));
    case LogicalKind::kLimit:
      return PruneLimit(static_cast<LogicalLimit&>(op), std::move(required));
    case LogicalKind::kUnnest:
      return PruneUnnest(static_cast<LogicalUnnest&>(op), required);
    case LogicalKind::kWindow:
      return PruneWindow(static_cast<LogicalWindow&>(op), required);
    case LogicalKind::kLateralJoin:
      return PruneLateralJoin(static_cast<LogicalLateralJoin&>(op), required);
    case LogicalKind::kDelete:
      return PruneDelete(static_cast<LogicalDelete&>(op));
    default:
      // Set operations compare whole rows; VALUES, ranges and the writing operators
      // produce or consume every column.
      return KeepAll(op);
  }
}

}  // namespace

void PruneColumns(LogicalOperator& plan) {
  // Everything the root produces is the statement's result.
  Prune(plan, std::vector<bool>(plan.types.size(), true));
}

}  // namespace teal
