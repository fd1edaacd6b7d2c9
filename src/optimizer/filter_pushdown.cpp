// Filter pushdown: moves the conjuncts of filters (and of inner join conditions) as far
// down the plan as they stay correct, so that rows are dropped before they are joined,
// aggregated or projected — at best by the table scan itself. A conjunct over both sides of a cross
// or inner join becomes part of its condition, where the physical planner can use it as a hash join
// key.
//
// Only conjuncts that can move (IsMovable: deterministic, no aggregate) move; a filter
// passes a projection or an aggregate's groups by having their expressions substituted
// for its column references, unless those hold a subquery (it would then run twice).
#include "execution/expression_executor.hpp"
#include "function/table/csv_sniffer.hpp"
#include "optimizer/optimizer.hpp"
#include "optimizer/or_conditions.hpp"
#include "planner/column_refs.hpp"

namespace teal {

namespace {

LogicalOperatorPtr Push(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters);

/// `op` under a filter of `filters` (`op` itself when there are none).
LogicalOperatorPtr Wrap(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  if (filters.empty()) return op;
  auto filter = std::make_unique<LogicalFilter>();
  filter->types = op->types;
  filter->expressions = std::move(filters);
  filter->children.push_back(std::move(op));
  return filter;
}

/// Pushes nothing into `op`'s children and keeps `filters` above it.
LogicalOperatorPtr Stop(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  for (auto& child : op->children) child = Push(std::move(child), {});
  return Wrap(std::move(op), std::move(filters));
}

/// Whether `e`, an output expression of a projection or an aggregate's group, may be
/// copied into a filter below it.
bool Substitutable(const Expression& e) {
  return IsMovable(e) && !ContainsKind(e, BoundKind::kSubquery);
}

/// `filter` with each column reference c replaced by a copy of `outputs[c]`.
ExpressionPtr Substitute(const Expression& filter, const std::vector<ExpressionPtr>& outputs) {
  if (filter.kind == BoundKind::kColumnRef) return outputs[filter.column]->Copy();
  auto copy = filter.CopyNode();
  for (const auto& child : filter.children) copy->children.push_back(Substitute(*child, outputs));
  return copy;
}

/// Splits `filters` into those whose columns are all among the first `count` outputs
/// and substitutable (rewritten over the input), and the rest.
void SplitByOutputs(std::vector<ExpressionPtr> filters, const std::vector<ExpressionPtr>& outputs,
                    idx_t count, std::vector<ExpressionPtr>& below,
                    std::vector<ExpressionPtr>& above) {
  for (auto& f : filters) {
    bool ok = true;
    ForEachColumn(*f, [&](idx_t c) { ok = ok && c < count && Substitutable(*outputs[c]); });
    if (ok) {
      below.push_back(Substitute(*f, outputs));
    } else {
      above.push_back(std::move(f));
    }
  }
}

LogicalOperatorPtr PushFilter(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  auto& filter = static_cast<LogicalFilter&>(*op);
  // This filter's own conjuncts go first, those from above after them: a query's own
  // WHERE may guard what a later one computes (`x <> 0` before an outer `10 / x = 5`
  // that came through a projection), and the scan evaluates them in this order.
  std::vector<ExpressionPtr> own, kept;
  for (auto& e : filter.expressions) {
    std::vector<ExpressionPtr> split, conjuncts;
    SplitConjunction(std::move(e), split);
    for (auto& c : split) FactorOr(std::move(c), conjuncts);
    for (auto& c : conjuncts) (IsMovable(*c) ? own : kept).push_back(std::move(c));
  }
  for (auto& f : filters) own.push_back(std::move(f));
  auto child = Push(std::move(op->children[0]), std::move(own));
  if (kept.empty()) return child;
  filter.expressions = std::move(kept);
  op->children[0] = std::move(child);
  return op;
}

LogicalOperatorPtr PushProjection(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  const auto& outputs = static_cast<LogicalProjection&>(*op).expressions;
  std::vector<ExpressionPtr> below, above;
  SplitByOutputs(std::move(filters), outputs, outputs.size(), below, above);
  op->children[0] = Push(std::move(op->children[0]), std::move(below));
  return Wrap(std::move(op), std::move(above));
}

LogicalOperatorPtr PushAggregate(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  const auto& groups = static_cast<LogicalAggregate&>(*op).groups;
  // Without groups an aggregate makes a row even from no input: nothing may pass it.
  if (groups.empty()) return Stop(std::move(op), std::move(filters));
  std::vector<ExpressionPtr> below, above;
  SplitByOutputs(std::move(filters), groups, groups.size(), below, above);
  op->children[0] = Push(std::move(op->children[0]), std::move(below));
  return Wrap(std::move(op), std::move(above));
}

/// Where each conjunct over a join's row can go, by join type.
struct JoinRoutes {
  bool filter_to_left, filter_to_right, filter_to_condition;  // conjuncts of a filter above
  bool condition_to_left, condition_to_right;                 // conjuncts of the condition
};

JoinRoutes RoutesFor(JoinType type) {
  switch (type) {
    case JoinType::kInner:
    case JoinType::kCross:
      return {true, true, true, true, true};
    case JoinType::kMark:
      // The mark depends on every right row (a NULL key makes it NULL): the condition
      // stays whole. Its mark column is to the right of the left side.
      return {true, false, false, false, false};
    case JoinType::kLeft:
    case JoinType::kSemi:
    case JoinType::kAnti:
      // The right side's rows appear only through the condition (or not at all).
      return {true, false, false, false, true};
    case JoinType::kRight:
      return {false, true, false, true, false};
    case JoinType::kFull:
      return {false, false, false, false, false};
    case JoinType::kPositional:
      // A row's partner is the other side's row at its position: removing rows on either
      // side would change the pairs.
      return {false, false, false, false, false};
    case JoinType::kAsOf:
      // A left row's match depends on every right row: nothing goes to the right side,
      // and the condition stays whole (PushJoin lets an inner or left one take filters on
      // its left side).
      return {false, false, false, false, false};
  }
  return {false, false, false, false, false};
}

LogicalOperatorPtr PushJoin(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  auto& join = static_cast<LogicalJoin&>(*op);
  const idx_t left_width = op->children[0]->types.size();
  JoinRoutes routes = RoutesFor(join.join_type);
  if (join.join_type == JoinType::kAsOf &&
      (join.asof_kind == JoinType::kInner || join.asof_kind == JoinType::kLeft)) {
    routes.filter_to_left = true;  // a left row's match does not depend on the other left rows
  }
  std::vector<ExpressionPtr> left, right, condition, above;
  auto route = [&](ExpressionPtr c, bool to_left, bool to_right, bool to_condition,
                   std::vector<ExpressionPtr>& otherwise) {
    ColumnSide side = SideOf(*c, left_width);
    if (!IsMovable(*c)) {
      otherwise.push_back(std::move(c));
    } else if ((side == ColumnSide::kLeft || side == ColumnSide::kNone) && to_left) {
      left.push_back(std::move(c));
    } else if (side == ColumnSide::kRight && to_right) {
      RemapColumns(*c, [&](idx_t col) { return col - left_width; });
      right.push_back(std::move(c));
    } else if (to_condition) {
      condition.push_back(std::move(c));
    } else {
      otherwise.push_back(std::move(c));
    }
  };
  if (join.condition) {
    std::vector<ExpressionPtr> split, conjuncts;
    SplitConjunction(std::move(join.condition), split);
    for (auto& c : split) FactorOr(std::move(c), conjuncts);
    AddImpliedSideConditions(conjuncts, left_width, routes.condition_to_left,
                             routes.condition_to_right);
    for (auto& c : conjuncts) {
      route(std::move(c), routes.condition_to_left, routes.condition_to_right, false, condition);
    }
  }
  {
    std::vector<ExpressionPtr> factored;
    for (auto& f : filters) FactorOr(std::move(f), factored);
    filters = std::move(factored);
    AddImpliedSideConditions(filters, left_width, routes.filter_to_left, routes.filter_to_right);
  }
  for (auto& f : filters) {
    route(std::move(f), routes.filter_to_left, routes.filter_to_right, routes.filter_to_condition,
          above);
  }
  join.condition = MakeConjunction(std::move(condition));
  if (join.join_type == JoinType::kCross && join.condition) join.join_type = JoinType::kInner;
  if (join.join_type == JoinType::kInner && !join.condition) join.join_type = JoinType::kCross;
  op->children[0] = Push(std::move(op->children[0]), std::move(left));
  op->children[1] = Push(std::move(op->children[1]), std::move(right));
  return Wrap(std::move(op), std::move(above));
}

/// unnest() repeats its input's columns on every row it makes from them, so a conjunct
/// over those columns alone keeps the same rows below it; one that reads an unnested
/// element stays above.
LogicalOperatorPtr PushUnnest(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  const auto& columns = static_cast<LogicalUnnest&>(*op).columns;
  std::vector<ExpressionPtr> below, above;
  for (auto& f : filters) {
    bool input_only = true;
    ForEachColumn(*f, [&](idx_t c) { input_only = input_only && c < columns.size(); });
    if (input_only) {
      RemapColumns(*f, [&](idx_t c) { return columns[c]; });
      below.push_back(std::move(f));
    } else {
      above.push_back(std::move(f));
    }
  }
  op->children[0] = Push(std::move(op->children[0]), std::move(below));
  return Wrap(std::move(op), std::move(above));
}

/// Whether two values of `type` that a set operation takes as equal are the same value,
/// so that no filter tells them apart: not so for floating point (0.0 and -0.0), INTERVAL
/// ('1 month' and '30 days'), TIME WITH TIME ZONE (one instant at two offsets) and the
/// nested types holding them. (INTERSECT and EXCEPT over collated VARCHAR are not bound.)
bool ComparedExactly(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kInterval:
    case TypeId::kTimeTz:
    case TypeId::kList:
    case TypeId::kStruct:
    case TypeId::kUnion:
    case TypeId::kMap:
    case TypeId::kArray:
      return false;
    default:
      return true;
  }
}

LogicalOperatorPtr PushSetOperation(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  auto& set = static_cast<LogicalSetOperation&>(*op);
  // A union passes every filter to both sides unchanged (without ALL, the grouping over it
  // removes the duplicates). INTERSECT and EXCEPT match rows by value: σ(A − B) = σA − σB
  // holds when the filter reads only columns whose equal values are the same value.
  std::vector<ExpressionPtr> below, above;
  for (auto& f : filters) {
    bool exact = true;
    ForEachColumn(*f, [&](idx_t c) { exact = exact && ComparedExactly(set.types[c]); });
    (set.operation == SetOperation::kUnion || exact ? below : above).push_back(std::move(f));
  }
  for (auto& child : op->children) {
    std::vector<ExpressionPtr> copies;
    for (const auto& f : below) copies.push_back(f->Copy());
    child = Push(std::move(child), std::move(copies));
  }
  return Wrap(std::move(op), std::move(above));
}

/// A CSV scan with hive partitions: the conjuncts that read only partition columns are
/// decided per file, from its directories' values, and the files they reject are not read
/// (partition pruning); the other conjuncts stay above the scan.
LogicalOperatorPtr PushCsvScan(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  auto& scan = static_cast<LogicalCsvScan&>(*op);
  const CsvScanData& data = *scan.data;
  const idx_t partitions = data.hive.names.size();
  if (partitions == 0 || filters.empty()) return Stop(std::move(op), std::move(filters));
  const idx_t first = scan.types.size() - partitions;  // the partition columns come last
  std::vector<bool> keep(data.files.size(), true);
  std::vector<ExpressionPtr> above;
  bool pruned = false;
  for (auto& f : filters) {
    bool partition_only = IsMovable(*f) && !ContainsKind(*f, BoundKind::kSubquery) &&
                          !ContainsKind(*f, BoundKind::kParameter);
    bool reads = false;
    ForEachColumn(*f, [&](idx_t c) {
      reads = true;
      partition_only = partition_only && c >= first;
    });
    if (!reads || !partition_only) {
      above.push_back(std::move(f));
      continue;
    }
    try {
      for (size_t file = 0; file < data.files.size(); file++) {
        if (!keep[file]) continue;
        // The file's partition values for the scan's columns (only those are read).
        std::vector<ExpressionPtr> values(scan.types.size());
        for (idx_t k = 0; k < partitions; k++) {
          values[first + k] = MakeConstant(data.hive.values[file][k]);
        }
        const Value result = ExpressionExecutor::EvaluateConstant(*Substitute(*f, values));
        keep[file] =
            !result.IsNull() && result.CastAs(LogicalType(TypeId::kBoolean)).GetStored<bool>();
      }
    } catch (const Error&) {
      // A conjunct that fails on some file's values (a cast that does not convert) fails
      // when the rows are read, as it would without pruning.
      above.push_back(std::move(f));
      continue;
    }
    pruned = true;
  }
  if (pruned) {
    auto kept = std::make_shared<CsvScanData>(data);
    kept->files.clear();
    kept->hive.values.clear();
    kept->file_schemas.clear();
    kept->file_columns.clear();
    for (size_t file = 0; file < data.files.size(); file++) {
      if (!keep[file]) continue;
      kept->files.push_back(data.files[file]);
      kept->hive.values.push_back(data.hive.values[file]);
      if (!data.file_schemas.empty()) kept->file_schemas.push_back(data.file_schemas[file]);
      if (!data.file_columns.empty()) kept->file_columns.push_back(data.file_columns[file]);
    }
    scan.data = std::move(kept);
  }
  return Wrap(std::move(op), std::move(above));
}

LogicalOperatorPtr Push(LogicalOperatorPtr op, std::vector<ExpressionPtr> filters) {
  switch (op->kind) {
    case LogicalKind::kCsvScan:
      return PushCsvScan(std::move(op), std::move(filters));
    case LogicalKind::kFilter:
      return PushFilter(std::move(op), std::move(filters));
    case LogicalKind::kProjection:
      return PushProjection(std::move(op), std::move(filters));
    case LogicalKind::kAggregate:
      return PushAggregate(std::move(op), std::move(filters));
    case LogicalKind::kJoin:
      return PushJoin(std::move(op), std::move(filters));
    case LogicalKind::kSetOperation:
      return PushSetOperation(std::move(op), std::move(filters));
    case LogicalKind::kUnnest:
      return PushUnnest(std::move(op), std::move(filters));
    case LogicalKind::kOrder:
      op->children[0] = Push(std::move(op->children[0]), std::move(filters));
      return op;
    case LogicalKind::kGet: {
      // The scan evaluates them on each vector it reads.
      auto& get = static_cast<LogicalGet&>(*op);
      for (auto& f : filters) get.filters.push_back(std::move(f));
      return op;
    }
    default:
      // Scans, VALUES, LIMIT (a filter below it would change which rows it keeps),
      // and the writing operators.
      return Stop(std::move(op), std::move(filters));
  }
}

}  // namespace

void PushDownFilters(LogicalOperator& plan) {
  // The root stays where it is (callers own it); everything below it is rewritten.
  for (auto& child : plan.children) child = Push(std::move(child), {});
}

}  // namespace teal
