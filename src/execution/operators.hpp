// The physical operators: scans, filter, projection, limit, aggregate, insert.
#pragma once

#include "catalog/catalog.hpp"
#include "catalog/table_append.hpp"
#include "execution/index_scan.hpp"
#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"
#include "planner/logical_operator.hpp"
#include "planner/trigger_firing.hpp"

namespace teal {

class JoinKeyFilter;
class PhysicalHashJoin;
struct JoinFilterUse;
struct TableScanGlobal;
struct TableScanLocal;

class PhysicalTableScan : public PhysicalSource {
 public:
  /// `filter` (may be null) keeps the rows for which it is true.
  PhysicalTableScan(std::vector<LogicalType> types, std::shared_ptr<DataTable> table,
                    std::vector<idx_t> column_ids, ExpressionPtr filter = nullptr)
      : PhysicalSource(std::move(types)),
        table_(std::move(table)),
        column_ids_(std::move(column_ids)),
        filter_(std::move(filter)) {}
  std::string Name() const override { return "TABLE_SCAN"; }
  std::string PlanNote() const override;
  std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                        GlobalSourceState& global) const override;
  idx_t SourceChunkCapacity() const override { return 0; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

  /// Drops the rows whose values of `columns` (output columns, one per probe key of
  /// `join`, in its order) `join`'s build side cannot match. The join must drop probe
  /// rows without a match, and this scan feed its probe side in the same pipeline.
  /// With `keys`, the columns hold those probe keys only (indexes in the join's keys):
  /// the filter is the build side's bitmaps of them (PhysicalHashJoin::PartialKeyFilter).
  void AddJoinFilter(const PhysicalHashJoin& join, std::vector<idx_t> columns,
                     std::vector<idx_t> keys = {});
  /// Reads the rows `scan` finds through its index, when it finds at most
  /// max(max_count, share × the table's rows); otherwise (and in any case the filter
  /// decides) the whole table (index_scan_max_count, index_scan_percentage).
  void SetIndexScan(IndexScan scan, idx_t max_count, double share) {
    index_scan_ = std::move(scan);
    index_max_count_ = max_count;
    index_share_ = share;
  }

 private:
  struct JoinFilter {
    const PhysicalHashJoin* join;
    std::vector<idx_t> columns;
    std::vector<idx_t> keys;  // empty: all of the join's keys
  };
  /// Drops the rows of `chunk` the join filters and the filter reject; false when none is
  /// left.
  bool Narrow(TableScanGlobal& global, TableScanLocal& local, DataChunk& chunk) const;
  /// Narrows the chunk's rows — sel[0 … count) when `selected`, else all — by the join
  /// filters, in `order`, into sel; returns how many are left, and sets `selected` once
  /// sel holds them. Threads stop applying a filter that lets nearly every row through.
  idx_t ApplyJoinFilters(const std::vector<const JoinKeyFilter*>& filters,
                         const std::vector<idx_t>& order, std::vector<JoinFilterUse>& uses,
                         DataChunk& chunk, bool& selected, idx_t count, SelectionVector& sel) const;

  std::shared_ptr<DataTable> table_;
  std::vector<idx_t> column_ids_;
  ExpressionPtr filter_;
  std::vector<JoinFilter> join_filters_;
  std::optional<IndexScan> index_scan_;
  idx_t index_max_count_ = 0;
  double index_share_ = 0;
};

/// One row, no columns: the FROM of a SELECT without FROM.
class PhysicalDummyScan : public PhysicalSource {
 public:
  PhysicalDummyScan() : PhysicalSource(std::vector<LogicalType>{}) {}
  std::string Name() const override { return "DUMMY_SCAN"; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;
};

/// range() / generate_series(): `count` values start, start + step, … (BIGINT, or a
/// timestamp type in microseconds), or the listed `values` when set (LogicalRange).
class PhysicalRange : public PhysicalSource {
 public:
  PhysicalRange(std::vector<LogicalType> types, int64_t start, int64_t step, uint64_t count,
                std::shared_ptr<const std::vector<int64_t>> values = nullptr)
      : PhysicalSource(std::move(types)),
        start_(start),
        step_(step),
        count_(count),
        values_(std::move(values)) {}
  std::string Name() const override { return "RANGE"; }
  std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                        GlobalSourceState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  int64_t start_;
  int64_t step_;
  uint64_t count_;
  std::shared_ptr<const std::vector<int64_t>> values_;
};

class PhysicalValues : public PhysicalSource {
 public:
  PhysicalValues(std::vector<LogicalType> types, std::vector<std::vector<ExpressionPtr>> rows)
      : PhysicalSource(std::move(types)), rows_(std::move(rows)) {}
  /// No rows: what the optimizer put for a part of the plan that gives none (DuckDB's name).
  std::string Name() const override { return rows_.empty() ? "EMPTY_RESULT" : "VALUES"; }
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  std::vector<std::vector<ExpressionPtr>> rows_;
};

class PhysicalFilter : public PhysicalOperator {
 public:
  PhysicalFilter(std::vector<LogicalType> types, ExpressionPtr predicate)
      : PhysicalOperator(std::move(types)), predicate_(std::move(predicate)) {}
  std::string Name() const override { return "FILTER"; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  ExpressionPtr predicate_;
};

class PhysicalProjection : public PhysicalOperator {
 public:
  PhysicalProjection(std::vector<LogicalType> types, std::vector<ExpressionPtr> expressions)
      : PhysicalOperator(std::move(types)), expressions_(std::move(expressions)) {}
  std::string Name() const override { return "PROJECTION"; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  std::vector<ExpressionPtr> expressions_;
};

class PhysicalLimit : public PhysicalOperator {
 public:
  /// A limit or offset expression (over no columns) is computed in GetOperatorState, once
  /// per run, and replaces `limit` / `offset`.
  PhysicalLimit(std::vector<LogicalType> types, idx_t limit, idx_t offset,
                ExpressionPtr limit_expression = nullptr, ExpressionPtr offset_expression = nullptr)
      : PhysicalOperator(std::move(types)),
        limit_(limit),
        offset_(offset),
        limit_expression_(std::move(limit_expression)),
        offset_expression_(std::move(offset_expression)) {}
  std::string Name() const override { return "LIMIT"; }
  /// It counts the rows of the whole stream, in their order.
  bool ParallelOperator() const override { return false; }
  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  idx_t limit_;
  idx_t offset_;
  ExpressionPtr limit_expression_, offset_expression_;
};

/// Collects the rows to insert, checks constraints, and appends them all at Finalize,
/// so a failing row leaves the table unchanged. As a source it yields the row count, or
/// with `returning` the inserted rows (every table column, defaults filled in).
/// Rows go through TableAppend, the path the Appender uses too: column_map[c] is the
/// input column of table column c, or kInvalidIndex for its DEFAULT (or NULL). With
/// `on_conflict`, rows whose key is taken are left out or update the row they conflict
/// with (insert_on_conflict.hpp); the count and RETURNING cover inserted and updated rows.
class PhysicalInsert : public PhysicalSink {
 public:
  PhysicalInsert(std::shared_ptr<TableEntry> table, std::vector<idx_t> column_map, bool returning,
                 std::unique_ptr<InsertConflict> on_conflict = nullptr,
                 std::shared_ptr<const ForeignKeyChecks> foreign_keys = nullptr)
      : PhysicalSink(returning ? table->Types()
                               : std::vector<LogicalType>{LogicalType(TypeId::kBigInt)}),
        append_(std::move(table), std::move(column_map), std::move(foreign_keys)),
        returning_(returning),
        on_conflict_(std::move(on_conflict)) {}
  std::string Name() const override { return "INSERT"; }
  /// Keep a copy of the inserted rows there (for AFTER triggers).
  void SetCapture(std::shared_ptr<TransitionCapture> capture) { capture_ = std::move(capture); }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

 private:
  TableAppend append_;
  bool returning_;
  std::unique_ptr<InsertConflict> on_conflict_;
  std::shared_ptr<TransitionCapture> capture_;
};

}  // namespace teal
