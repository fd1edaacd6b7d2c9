// The estimates of cardinality.hpp. A table scan's filters keep the share of a sample of
// the table's rows they keep (a fifth where they cannot be computed before the query
// runs). An inner join keeps 1 / max(distinct a, distinct b) of its pairs for a key
// a = b (the join order rule's own formula); semi and anti joins keep their left side's
// estimate.
#include "optimizer/cardinality.hpp"

#include <algorithm>

#include "common/hash.hpp"
#include "execution/expression_executor.hpp"
#include "planner/column_refs.hpp"
#include "storage/data_table.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

constexpr double kUnknownFilterShare = 0.2;
constexpr idx_t kFilterSampleRows = 1024;

/// Whether `e` can be computed over sampled rows at plan time: no subquery, parameter or
/// outer reference, and deterministic (nextval() must not move a sequence).
bool Sampleable(const Expression& e) {
  return IsMovable(e) && !ContainsKind(e, BoundKind::kSubquery) &&
         !ContainsKind(e, BoundKind::kParameter) && !ContainsKind(e, BoundKind::kOuterRef);
}

/// The share of the table's rows `get`'s filters keep, in kFilterSampleRows rows at
/// pseudo-random positions (every row of a smaller table) — positions, not a run of
/// rows, since tables are often in the order of a column a filter reads (a date). At
/// least half a sampled row's share when none passes. Cached on the operator.
double FilterShare(const LogicalGet& get) {
  if (get.filter_share >= 0) return get.filter_share;
  double share = kUnknownFilterShare;
  const bool sampleable = std::all_of(get.filters.begin(), get.filters.end(),
                                      [](const ExpressionPtr& f) { return Sampleable(*f); });
  const DataTable& table = *get.table->storage;
  const idx_t rows = table.RowIdCount();
  if (sampleable && rows > 0) {
    try {
      const idx_t sample = std::min(rows, kFilterSampleRows);
      std::vector<int64_t> ids(sample);
      uint64_t state = 0x5A3D1E5F17E25EEDULL;
      for (idx_t i = 0; i < sample; i++) {
        idx_t id = i;
        if (sample < rows) {
          state += 0x9E3779B97F4A7C15ULL;
          id = MixHash(state) % rows;
        }
        ids[i] = static_cast<int64_t>(id);
      }
      // The stored columns fetched, the row ids (a scan's rowid column) written.
      std::vector<idx_t> stored;
      std::vector<LogicalType> stored_types;
      for (idx_t k = 0; k < get.column_ids.size(); k++) {
        if (get.column_ids[k] == kRowIdColumn) continue;
        stored.push_back(get.column_ids[k]);
        stored_types.push_back(get.types[k]);
      }
      DataChunk fetched(stored_types, sample);
      table.Fetch(ids, stored, fetched);
      DataChunk chunk;
      for (idx_t k = 0, next = 0; k < get.column_ids.size(); k++) {
        if (get.column_ids[k] != kRowIdColumn) {
          chunk.data.push_back(std::move(fetched.data[next++]));
          continue;
        }
        Vector row_ids(get.types[k], sample);
        std::copy(ids.begin(), ids.end(), row_ids.Values<int64_t>());
        chunk.data.push_back(std::move(row_ids));
      }
      chunk.SetCardinality(sample);
      // Each filter on the rows the earlier ones kept, as the scan applies them.
      ExpressionExecutor executor(get.filters);
      SelectionVector sel(sample);
      idx_t kept = get.filters.empty() ? sample : executor.Select(chunk, sel, 0);
      for (idx_t f = 1; f < get.filters.size() && kept > 0; f++) {
        kept = executor.Refine(chunk, sel.Data(), kept, f);
      }
      share = std::max(static_cast<double>(kept), 0.5) / static_cast<double>(sample);
    } catch (const Error& error) {
      // A row the query may never compute (a cast that fails, a division by zero): the
      // estimate does without the sample, and the query raises it if it must.
      if (error.Category() == ErrorCategory::kOutOfMemory) throw;
    }
  }
  get.filter_share = share;
  return share;
}

/// The share of a join's pairs its condition keeps: 1 / max(distinct a, distinct b) for
/// its first equality a = b of a left and a right column (1 without one).
double KeySelectivity(const LogicalJoin& join) {
  idx_t l = 0, r = 0;
  if (!FirstKeyColumns(join, l, r)) return 1.0;
  const double distinct =
      std::max(EstimateDistinct(*join.children[0], l), EstimateDistinct(*join.children[1], r));
  return 1.0 / std::max(distinct, 1.0);
}

}  // namespace

bool FirstKeyColumns(const LogicalJoin& join, idx_t& left, idx_t& right) {
  if (!join.condition) return false;
  const idx_t left_width = join.children[0]->types.size();
  std::vector<ExpressionPtr> conjuncts;
  SplitConjunction(join.condition->Copy(), conjuncts);
  for (const auto& c : conjuncts) {
    if (c->kind != BoundKind::kCompare || c->op != CompareOp::kEqual) continue;
    const Expression& a = *c->children[0];
    const Expression& b = *c->children[1];
    if (a.kind != BoundKind::kColumnRef || b.kind != BoundKind::kColumnRef) continue;
    if ((a.column < left_width) == (b.column < left_width)) continue;
    left = std::min(a.column, b.column);
    right = std::max(a.column, b.column) - left_width;
    return true;
  }
  return false;
}

double EstimateRows(const LogicalOperator& op) {
  switch (op.kind) {
    case LogicalKind::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      double rows = static_cast<double>(get.table->storage->RowCount());
      return get.filters.empty() ? rows : std::max(1.0, rows * FilterShare(get));
    }
    case LogicalKind::kFilter:
      return std::max(1.0, EstimateRows(*op.children[0]) / 5);
    case LogicalKind::kProjection:
    case LogicalKind::kOrder:
    case LogicalKind::kDistinctOn:
    case LogicalKind::kWindow:
      return EstimateRows(*op.children[0]);
    case LogicalKind::kAggregate:
      return static_cast<const LogicalAggregate&>(op).groups.empty()
                 ? 1.0
                 : std::max(1.0, EstimateRows(*op.children[0]) / 2);
    case LogicalKind::kLimit: {
      const auto& limit = static_cast<const LogicalLimit&>(op);
      double child = EstimateRows(*op.children[0]);
      return limit.limit == kInvalidIndex ? child
                                          : std::min(child, static_cast<double>(limit.limit));
    }
    case LogicalKind::kValues:
      return static_cast<double>(static_cast<const LogicalValues&>(op).rows.size());
    case LogicalKind::kRange:
      return static_cast<double>(static_cast<const LogicalRange&>(op).count);
    case LogicalKind::kDummyScan:
      return 1;
    case LogicalKind::kChunkScan: {
      double rows = 0;
      for (const auto& chunk : static_cast<const LogicalChunkScan&>(op).rows->chunks) {
        rows += static_cast<double>(chunk->size());
      }
      return rows;
    }
    case LogicalKind::kCsvScan: {
      // A guess from the files' sizes: about 64 bytes a row.
      const auto& scan = static_cast<const LogicalCsvScan&>(op);
      return std::max(1.0, static_cast<double>(scan.data->total_bytes) / 64);
    }
    case LogicalKind::kCteScan: {
      const auto& scan = static_cast<const LogicalCteScan&>(op);
      return scan.children.empty() ? EstimateRows(*scan.cte->plan)
                                   : EstimateRows(*scan.children[0]);
    }
    case LogicalKind::kUnnest:       // a guess: a few elements per list
    case LogicalKind::kLateralJoin:  // and a few rows per run
      return 4 * EstimateRows(*op.children[0]);
    case LogicalKind::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      const double left = EstimateRows(*op.children[0]);
      const double right = EstimateRows(*op.children[1]);
      switch (join.join_type) {
        case JoinType::kInner:
        case JoinType::kCross:
          return left * right * KeySelectivity(join);
        case JoinType::kSemi:
        case JoinType::kAnti:
        case JoinType::kMark:
          return left;
        default:
          return std::max(left, right);
      }
    }
    default:
      return 1000;
  }
}

double EstimateDistinct(const LogicalOperator& op, idx_t column) {
  const LogicalGet* scan = TraceColumnToScan(op, column);
  if (!scan) return EstimateRows(op);
  const idx_t id = scan->column_ids[column];
  if (id == kRowIdColumn) return EstimateRows(op);
  return static_cast<double>(scan->table->storage->DistinctEstimate(id));
}

}  // namespace teal
