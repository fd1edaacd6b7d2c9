// Join order: a tree of inner and cross joins (a FROM list, JOIN … ON chains) is
// flattened into its relations and conditions and rebuilt left-deep, greedily: it starts
// from the largest relation (the probe side of every hash join above it) and then adds,
// of the relations that a condition connects to those joined so far, the one whose join
// makes the fewest rows (ties: the smallest) — so a connected query never makes a cross
// product, whatever order its FROM list has, and a join on a key comes before one that
// multiplies rows. Sizes are estimates (cardinality.hpp): a table's row count, the share
// of a sample its scan's filters keep; a join on a = b keeps 1 / max(distinct a, distinct b) of
// the pairs, with distinct counts sampled from the tables (DataTable::DistinctEstimate).
// A projection on top puts the columns back in the order the query expects.
//
// Trees of three to kMaxDynamicRelations relations whose conditions connect them are
// planned by dynamic programming instead, bushy trees included: every connected subset's
// cheapest plan from two cheapest sub-plans, a plan's cost the rows it probes, builds (at
// kBuildCost a row: a hash table insert costs more than a lookup) and makes. The greedy
// order builds every join's hash table from one relation, so a chain of small dimension
// tables (TPC-H Q5's customer - nation - region) filters the fact rows only at the end;
// the bushy plan joins the chain first and hands the fact table a hash table of the rows
// that survive it. Join trees with a condition that must not move (volatile) are kept.
#include <algorithm>
#include <bit>

#include "optimizer/cardinality.hpp"
#include "optimizer/optimizer.hpp"
#include "planner/column_refs.hpp"
#include "storage/data_table.hpp"

namespace teal {

namespace {

bool IsInnerJoin(const LogicalOperator& op) {
  if (op.kind != LogicalKind::kJoin) return false;
  auto type = static_cast<const LogicalJoin&>(op).join_type;
  return type == JoinType::kInner || type == JoinType::kCross;
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

/// A condition `a = b` between columns of two relations.
struct Equality {
  bool valid = false;
  idx_t relation[2] = {0, 0};
  double distinct[2] = {1, 1};  // of each side's column, at most its relation's rows
};

constexpr idx_t kMaxDynamicRelations = 10;
constexpr double kBuildCost = 2.0;

using RelationSet = uint32_t;

/// The cheapest bushy plan of a join graph by dynamic programming over its connected
/// subsets (DPsub). Produces nothing when the conditions leave the relations
/// disconnected (a cross product: the greedy order places it).
class DynamicJoinOrder {
 public:
  DynamicJoinOrder(JoinGraph& graph, const std::vector<double>& size,
                   const std::vector<std::vector<idx_t>>& reads,
                   const std::vector<Equality>& equalities)
      : graph_(graph), size_(size), equalities_(equalities), n_(graph.relations.size()) {
    for (const auto& relation : graph.relations) widths_.push_back(relation->types.size());
    for (const auto& r : reads) {
      RelationSet set = 0;
      for (idx_t x : r) set |= RelationSet{1} << x;
      condition_sets_.push_back(set);
    }
  }

  /// The plan's tree and, for each relation, where its first column lands in the tree's
  /// output; null when the graph is not connected.
  LogicalOperatorPtr Plan(std::vector<idx_t>& relation_offsets) {
    const RelationSet all = (RelationSet{1} << n_) - 1;
    best_.assign(all + 1, Best{});
    for (idx_t r = 0; r < n_; r++) {
      Best& b = best_[RelationSet{1} << r];
      b = {true, size_[r], 0, 0};
    }
    for (RelationSet set = 1; set <= all; set++) {
      if (std::popcount(set) < 2) continue;
      Consider(set);
    }
    if (!best_[all].valid) return nullptr;
    applied_.assign(condition_sets_.size(), false);
    std::vector<idx_t> order;
    auto tree = Build(all, order);
    relation_offsets.assign(n_, 0);
    idx_t offset = 0;
    for (idx_t r : order) {
      relation_offsets[r] = offset;
      offset += widths_[r];
    }
    return tree;
  }

 private:
  struct Best {
    bool valid = false;
    double rows = 0;
    double cost = 0;
    RelationSet left = 0;  // the probe side's relations (0: a single relation)
  };

  bool Connected(RelationSet left, RelationSet right) const {
    for (RelationSet c : condition_sets_) {
      if ((c & left) && (c & right) && (c & ~(left | right)) == 0) return true;
    }
    return false;
  }

  /// The rows joining `left` to `right` makes: the rows of each times the others, over,
  /// for each pair of relations the equalities connect, the larger side's distinct key
  /// combinations (each side's product of its columns' distinct counts, capped by its
  /// relation's rows and its side's rows), as the greedy order estimates one join.
  double JoinRows(RelationSet left, RelationSet right) const {
    const double left_rows = best_[left].rows, right_rows = best_[right].rows;
    struct Pair {
      idx_t a, b;  // a in left, b in right
      double mine = 1, theirs = 1;
    };
    Pair pairs[kMaxDynamicRelations * kMaxDynamicRelations];
    idx_t count = 0;
    for (const Equality& q : equalities_) {
      if (!q.valid) continue;
      int side;  // the equality's side in `left`
      if ((left >> q.relation[0] & 1) && (right >> q.relation[1] & 1)) {
        side = 0;
      } else if ((left >> q.relation[1] & 1) && (right >> q.relation[0] & 1)) {
        side = 1;
      } else {
        continue;
      }
      const idx_t a = q.relation[side], b = q.relation[1 - side];
      idx_t k = 0;
      while (k < count && (pairs[k].a != a || pairs[k].b != b)) k++;
      if (k == count) pairs[count++] = {a, b};
      pairs[k].mine *= q.distinct[side];
      pairs[k].theirs *= q.distinct[1 - side];
    }
    double out = left_rows * right_rows;
    for (idx_t k = 0; k < count; k++) {
      const Pair& p = pairs[k];
      out /= std::max({std::min({p.mine, size_[p.a], left_rows}),
                       std::min({p.theirs, size_[p.b], right_rows}), 1.0});
    }
    return std::max(out, 1.0);
  }

  void Consider(RelationSet set) {
    Best& b = best_[set];
    double rows = 0, cost = 0;
    RelationSet left_of_best = 0;
    for (RelationSet left = (set - 1) & set; left != 0; left = (left - 1) & set) {
      const RelationSet right = set ^ left;
      const Best& l = best_[left];
      const Best& r = best_[right];
      if (!l.valid || !r.valid || !Connected(left, right)) continue;
      const double out = JoinRows(left, right);
      const double c = l.cost + r.cost + l.rows + kBuildCost * r.rows;
      if (!b.valid || out < rows) rows = out;
      if (!b.valid || c < cost) {
        cost = c;
        left_of_best = left;
      }
      b.valid = true;
    }
    if (!b.valid) return;
    // Every split makes the same rows: the smallest estimate of them (the one that saw a
    // composite key's columns together) for all.
    b.rows = rows;
    b.cost = cost + rows;
    b.left = left_of_best;
  }

  /// The tree of `set`'s best plan; `order` gets its relations in output order.
  LogicalOperatorPtr Build(RelationSet set, std::vector<idx_t>& order) {
    const Best& b = best_[set];
    if (std::popcount(set) == 1) {
      const auto r = static_cast<idx_t>(std::countr_zero(set));
      order.push_back(r);
      return std::move(graph_.relations[r]);
    }
    auto left = Build(b.left, order);
    auto right = Build(set ^ b.left, order);
    // Where each relation's columns are in this join's output.
    std::vector<idx_t> at(n_, kInvalidIndex);
    idx_t offset = 0;
    for (idx_t r : order) {
      if (set & (RelationSet{1} << r)) {
        at[r] = offset;
        offset += widths_[r];
      }
    }
    auto join = std::make_unique<LogicalJoin>();
    join->types = left->types;
    join->types.insert(join->types.end(), right->types.begin(), right->types.end());
    std::vector<ExpressionPtr> conditions;
    for (size_t c = 0; c < condition_sets_.size(); c++) {
      if (applied_[c] || (condition_sets_[c] & ~set) != 0) continue;
      applied_[c] = true;
      RemapColumns(*graph_.conditions[c], [&](idx_t col) {
        const idx_t r = graph_.RelationOf(col);
        return at[r] + (col - graph_.offsets[r]);
      });
      conditions.push_back(std::move(graph_.conditions[c]));
    }
    join->condition = MakeConjunction(std::move(conditions));
    join->join_type = join->condition ? JoinType::kInner : JoinType::kCross;
    join->children.push_back(std::move(left));
    join->children.push_back(std::move(right));
    return join;
  }

  JoinGraph& graph_;
  const std::vector<double>& size_;
  const std::vector<Equality>& equalities_;
  const idx_t n_;
  std::vector<idx_t> widths_;  // each relation's columns
  std::vector<RelationSet> condition_sets_;
  std::vector<Best> best_;
  std::vector<bool> applied_;
};

/// Rebuilds the inner-join tree `op` (two or more relations): by dynamic programming
/// where DynamicJoinOrder applies, else in greedy order.
LogicalOperatorPtr RebuildJoins(LogicalOperatorPtr op) {
  const std::vector<LogicalType> output_types = op->types;
  JoinGraph graph;
  graph.Collect(std::move(op), 0);
  const idx_t n = graph.relations.size();
  std::vector<double> size(n);
  for (idx_t r = 0; r < n; r++) {
    graph.relations[r] = Reorder(std::move(graph.relations[r]));
    size[r] = EstimateRows(*graph.relations[r]);
  }
  // Which relations each condition reads.
  std::vector<std::vector<idx_t>> reads(graph.conditions.size());
  for (size_t c = 0; c < graph.conditions.size(); c++) {
    ForEachColumn(*graph.conditions[c], [&](idx_t col) {
      idx_t r = graph.RelationOf(col);
      if (std::find(reads[c].begin(), reads[c].end(), r) == reads[c].end()) reads[c].push_back(r);
    });
  }
  // Equality conditions between two relations' columns: their distinct counts decide
  // how many rows a join on them makes.
  std::vector<Equality> equalities(graph.conditions.size());
  for (size_t c = 0; c < graph.conditions.size(); c++) {
    const Expression& e = *graph.conditions[c];
    if (reads[c].size() != 2 || e.kind != BoundKind::kCompare || e.op != CompareOp::kEqual)
      continue;
    auto side = [&](const Expression& operand, idx_t& relation, double& distinct) {
      const Expression* x = &operand;
      while (x->kind == BoundKind::kCast) x = x->children[0].get();
      if (x->kind != BoundKind::kColumnRef) return false;
      relation = graph.RelationOf(x->column);
      distinct = std::min(size[relation], EstimateDistinct(*graph.relations[relation],
                                                           x->column - graph.offsets[relation]));
      return true;
    };
    Equality& q = equalities[c];
    q.valid = side(*e.children[0], q.relation[0], q.distinct[0]) &&
              side(*e.children[1], q.relation[1], q.distinct[1]) && q.relation[0] != q.relation[1];
  }
  std::vector<idx_t> position(output_types.size(), kInvalidIndex);  // old column -> new
  // The tree, and a projection on top when its columns moved.
  auto finish = [&](LogicalOperatorPtr tree) -> LogicalOperatorPtr {
    bool same_order = true;
    for (idx_t col = 0; col < position.size(); col++) {
      same_order = same_order && position[col] == col;
    }
    if (same_order) return tree;
    auto projection = std::make_unique<LogicalProjection>();
    projection->types = output_types;
    for (idx_t col = 0; col < position.size(); col++) {
      projection->expressions.push_back(MakeColumnRef(position[col], output_types[col]));
    }
    projection->children.push_back(std::move(tree));
    return projection;
  };
  if (n >= 3 && n <= kMaxDynamicRelations) {
    DynamicJoinOrder dynamic(graph, size, reads, equalities);
    std::vector<idx_t> offsets;
    if (auto tree = dynamic.Plan(offsets)) {
      for (idx_t r = 0; r < n; r++) {
        const idx_t width = r + 1 < n ? graph.offsets[r + 1] - graph.offsets[r]
                                      : output_types.size() - graph.offsets[r];
        for (idx_t k = 0; k < width; k++) position[graph.offsets[r] + k] = offsets[r] + k;
      }
      return finish(std::move(tree));
    }
  }
  std::vector<bool> joined(n, false), applied(graph.conditions.size(), false);
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
  // The rows joining relation r to the tree so far (`rows` of them) would make. The
  // equalities between r and one relation of the tree keep 1 / the larger of the two
  // sides' distinct key combinations — each side's the product of its columns' distinct
  // counts, but no more than its rows (r's size; `rows` in the tree): the columns of a
  // composite key are not independent (partsupp's (partkey, suppkey)). Other conditions
  // are not counted.
  auto rows_with = [&](idx_t r, double rows) {
    double out = rows * size[r];
    for (idx_t other = 0; other < n; other++) {
      if (other == r || !joined[other]) continue;
      double mine = 1, theirs = 1;
      bool any = false;
      for (size_t c = 0; c < reads.size(); c++) {
        const Equality& q = equalities[c];
        if (applied[c] || !q.valid) continue;
        int side = -1;
        if (q.relation[0] == r && q.relation[1] == other) side = 0;
        if (q.relation[1] == r && q.relation[0] == other) side = 1;
        if (side < 0) continue;
        any = true;
        mine *= q.distinct[side];
        theirs *= q.distinct[1 - side];
      }
      if (any) out /= std::max({std::min(mine, size[r]), std::min(theirs, rows), 1.0});
    }
    return std::max(out, 1.0);
  };
  idx_t first = 0;
  for (idx_t r = 1; r < n; r++) {
    if (size[r] > size[first]) first = r;
  }
  place(first);
  double rows = size[first];
  LogicalOperatorPtr tree = std::move(graph.relations[first]);
  for (idx_t step = 1; step < n; step++) {
    idx_t next = kInvalidIndex;
    bool next_connected = false;
    double next_rows = 0;
    for (idx_t r = 0; r < n; r++) {
      if (joined[r]) continue;
      bool c = connected(r);
      double out = rows_with(r, rows);
      if (next == kInvalidIndex || (c && !next_connected) ||
          (c == next_connected &&
           (out < next_rows || (out == next_rows && size[r] < size[next])))) {
        next = r;
        next_connected = c;
        next_rows = out;
      }
    }
    rows = next_rows;
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
  return finish(std::move(tree));
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
