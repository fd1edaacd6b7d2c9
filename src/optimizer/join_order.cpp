// Join order: a tree of inner and cross joins (a FROM list, JOIN … ON chains) is
// flattened into its relations and conditions and rebuilt left-deep, greedily: it starts
// from the largest relation (the probe side of every hash join above it) and then adds,
// of the relations that a condition connects to those joined so far, the smallest —
// so a connected query never makes a cross product, whatever order its FROM list has.
// Sizes are estimates: a table's row count, a fifth of it when the scan or a filter above
// it filters.
// A projection on top puts the columns back in the order the query expects.
//
// This is a heuristic without statistics; cost-based ordering comes with the analytics
// work (DESIGN.md). Join trees with a condition that must not move (volatile) are kept.
#include <algorithm>

#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

bool IsInnerJoin(const LogicalOperator& op) {
  if (op.kind != LogicalKind::kJoin) return false;
  auto type = static_cast<const LogicalJoin&>(op).join_type;
  return type == JoinType::kInner || type == JoinType::kCross;
}

double Estimate(const LogicalOperator& op) {
  switch (op.kind) {
    case LogicalKind::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      double rows = static_cast<double>(get.table->storage->RowCount());
      return get.filters.empty() ? rows : std::max(1.0, rows / 5);
    }
    case LogicalKind::kFilter:
      return std::max(1.0, Estimate(*op.children[0]) / 5);
    case LogicalKind::kProjection:
    case LogicalKind::kOrder:
    case LogicalKind::kDistinctOn:
      return Estimate(*op.children[0]);
    case LogicalKind::kAggregate:
      return static_cast<const LogicalAggregate&>(op).groups.empty()
                 ? 1.0
                 : std::max(1.0, Estimate(*op.children[0]) / 2);
    case LogicalKind::kLimit: {
      const auto& limit = static_cast<const LogicalLimit&>(op);
      double child = Estimate(*op.children[0]);
      return limit.limit == kInvalidIndex ? child
                                          : std::min(child, static_cast<double>(limit.limit));
    }
    case LogicalKind::kValues:
      return static_cast<double>(static_cast<const LogicalValues&>(op).rows.size());
    case LogicalKind::kRange:
      return static_cast<double>(static_cast<const LogicalRange&>(op).count);
    case LogicalKind::kDummyScan:
      return 1;
    case LogicalKind::kUnnest:  // a guess: a few elements per list
      return 4 * Estimate(*op.children[0]);
    case LogicalKind::kJoin: {
      double left = Estimate(*op.children[0]), right = Estimate(*op.children[1]);
      return IsInnerJoin(op) ? left * right : std::max(left, right);
    }
    default:
      return 1000;
  }
}

/// Whether the inner-join tree at `op` can be reordered: all conditions movable.
bool Reorderable(const LogicalOperator& op) {
  if (!IsInnerJoin(op)) return true;
  const auto& join = static_cast<const LogicalJoin&>(op);
  if (join.condition && !IsMovable(*join.condition)) return false;
  return Reorderable(*op.children[0]) && Reorderable(*op.children[1]);
}

/// The relations and conditions of an inner-join tree; conditions are over the tree's
/// output (every relation's columns, in tree order).
struct JoinGraph {
  std::vector<LogicalOperatorPtr> relations;
  std::vector<idx_t> offsets;  // first output column of each relation
  std::vector<ExpressionPtr> conditions;

  void Collect(LogicalOperatorPtr op, idx_t offset) {
    if (!IsInnerJoin(*op)) {
      offsets.push_back(offset);
      relations.push_back(std::move(op));
      return;
    }
    auto& join = static_cast<LogicalJoin&>(*op);
    if (join.condition) {
      std::vector<ExpressionPtr> conjuncts;
      SplitConjunction(std::move(join.condition), conjuncts);
      for (auto& c : conjuncts) {
        RemapColumns(*c, [&](idx_t col) { return col + offset; });
        conditions.push_back(std::move(c));
      }
    }
    const idx_t left_width = op->children[0]->types.size();
    Collect(std::move(op->children[0]), offset);
    Collect(std::move(op->children[1]), offset + left_width);
  }

  idx_t RelationOf(idx_t column) const {
    auto it = std::upper_bound(offsets.begin(), offsets.end(), column);
    return static_cast<idx_t>(it - offsets.begin()) - 1;
  }
};

LogicalOperatorPtr Reorder(LogicalOperatorPtr op);

/// Rebuilds the inner-join tree `op` (two or more relations) in greedy order.
LogicalOperatorPtr RebuildJoins(LogicalOperatorPtr op) {
  const std::vector<LogicalType> output_types = op->types;
  JoinGraph graph;
  graph.Collect(std::move(op), 0);
  const idx_t n = graph.relations.size();
  std::vector<double> size(n);
  for (idx_t r = 0; r < n; r++) {
    graph.relations[r] = Reorder(std::move(graph.relations[r]));
    size[r] = Estimate(*graph.relations[r]);
  }
  // Which relations each condition reads.
  std::vector<std::vector<idx_t>> reads(graph.conditions.size());
  for (size_t c = 0; c < graph.conditions.size(); c++) {
    ForEachColumn(*graph.conditions[c], [&](idx_t col) {
      idx_t r = graph.RelationOf(col);
      if (std::find(reads[c].begin(), reads[c].end(), r) == reads[c].end()) reads[c].push_back(r);
    });
  }
  std::vector<bool> joined(n, false), applied(graph.conditions.size(), false);
  std::vector<idx_t> position(output_types.size(), kInvalidIndex);  // old column -> new
  idx_t width = 0;
  auto place = [&](idx_t r) {
    joined[r] = true;
    for (idx_t k = 0; k < graph.relations[r]->types.size(); k++)
      position[graph.offsets[r] + k] = width++;
  };
  auto connected = [&](idx_t r) {
    for (size_t c = 0; c < reads.size(); c++) {
      bool touches = std::find(reads[c].begin(), reads[c].end(), r) != reads[c].end();
      bool others_joined = std::all_of(reads[c].begin(), reads[c].end(),
                                       [&](idx_t x) { return x == r || joined[x]; });
      if (!applied[c] && touches && others_joined && reads[c].size() > 1) return true;
    }
    return false;
  };
  idx_t first = 0;
  for (idx_t r = 1; r < n; r++) {
    if (size[r] > size[first]) first = r;
  }
  place(first);
  LogicalOperatorPtr tree = std::move(graph.relations[first]);
  for (idx_t step = 1; step < n; step++) {
    idx_t next = kInvalidIndex;
    bool next_connected = false;
    for (idx_t r = 0; r < n; r++) {
      if (joined[r]) continue;
      bool c = connected(r);
      if (next == kInvalidIndex || (c && !next_connected) ||
          (c == next_connected && size[r] < size[next])) {
        next = r;
        next_connected = c;
      }
    }
    place(next);
    auto join = std::make_unique<LogicalJoin>();
    join->types = tree->types;
    const auto& right_types = graph.relations[next]->types;
    join->types.insert(join->types.end(), right_types.begin(), right_types.end());
    std::vector<ExpressionPtr> conditions;
    for (size_t c = 0; c < reads.size(); c++) {
      if (applied[c] ||
          !std::all_of(reads[c].begin(), reads[c].end(), [&](idx_t x) { return joined[x]; })) {
        continue;
      }
      applied[c] = true;
      RemapColumns(*graph.conditions[c], [&](idx_t col) { return position[col]; });
      conditions.push_back(std::move(graph.conditions[c]));
    }
    join->condition = MakeConjunction(std::move(conditions));
    join->join_type = join->condition ? JoinType::kInner : JoinType::kCross;
    join->children.push_back(std::move(tree));
    join->children.push_back(std::move(graph.relations[next]));
    tree = std::move(join);
  }
  bool same_order = true;
  for (idx_t col = 0; col < position.size(); col++) same_order = same_order && position[col] == col;
  if (same_order) return tree;
  auto projection = std::make_unique<LogicalProjection>();
  projection->types = output_types;
  for (idx_t col = 0; col < position.size(); col++) {
    projection->expressions.push_back(MakeColumnRef(position[col], output_types[col]));
  }
  projection->children.push_back(std::move(tree));
  return projection;
}

LogicalOperatorPtr Reorder(LogicalOperatorPtr op) {
  if (IsInnerJoin(*op) && Reorderable(*op)) return RebuildJoins(std::move(op));
  for (auto& child : op->children) child = Reorder(std::move(child));
  return op;
}

}  // namespace

void OrderJoins(LogicalOperator& plan) {
  for (auto& child : plan.children) child = Reorder(std::move(child));
}

}  // namespace teal
