// The logical plan: what a query computes, as a tree of relational operators.
// The binder builds it; the physical planner turns it into executable operators.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "common/cte_materialize.hpp"
#include "common/join_type.hpp"
#include "common/merge_action.hpp"
#include "common/set_operation.hpp"
#include "common/window_frame.hpp"
#include "execution/returned_rows.hpp"
#include "function/table/csv_sniffer.hpp"
#include "planner/expression.hpp"

namespace teal {

enum class LogicalKind {
  kGet,
  kDummyScan,
  kValues,
  kFilter,
  kProjection,
  kAggregate,
  kJoin,
  kSetOperation,
  kOrder,
  kLimit,
  kInsert,
  kDelete,
  kUpdate,
  kRange,
  kDistinctOn,
  kTopN,
  kUnnest,
  kCteScan,
  kWindow,
  kRecursiveCte,
  kRecursiveScan,
  kLateralJoin,
  kCsvScan,
  kMerge,
  kChunkScan,
};

struct LogicalOperator {
  explicit LogicalOperator(LogicalKind k) : kind(k) {}
  virtual ~LogicalOperator() = default;
  LogicalKind kind;
  std::vector<LogicalType> types;  // of the rows it produces
  std::vector<std::unique_ptr<LogicalOperator>> children;
};

using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

/// Scan of a base table: produces the columns `column_ids` of `table`, only the rows
/// for which every expression of `filters` (over those columns; put there by filter
/// pushdown) is true.
/// A hash join's key filter, applied by a table scan on the join's probe side (see
/// optimizer/join_filter_pushdown.cpp): the scan drops the rows whose key the join's
/// build side cannot have.
struct JoinFilterRef {
  idx_t join_id = 0;  // LogicalJoin::filter_id of the join
  /// Per probe key column of the join (a column of its probe-side child): the scan's
  /// output column that holds it.
  std::vector<std::pair<idx_t, idx_t>> columns;
  /// The scan holds some of the join's probe keys only (others come from elsewhere): it
  /// can test those keys' bitmaps, not the hash of the whole key.
  bool partial = false;
};

struct LogicalGet : LogicalOperator {
  LogicalGet() : LogicalOperator(LogicalKind::kGet) {}
  std::shared_ptr<TableEntry> table;
  std::vector<idx_t> column_ids;
  std::vector<ExpressionPtr> filters;
  /// Conditions an operator above the scan enforces (a long IN list made a semi join,
  /// optimizer/in_list_to_semi_join.cpp), over the same columns: an index scan may find
  /// its rows by them (execution/index_scan.hpp); the scan itself need not test them.
  std::vector<ExpressionPtr> index_hints;
  std::vector<JoinFilterRef> join_filters;
  /// The share of the table's rows `filters` keep, as a sample of them says
  /// (optimizer/cardinality.cpp); negative until estimated.
  mutable double filter_share = -1;
};

/// One row with no columns (SELECT without FROM).
struct LogicalDummyScan : LogicalOperator {
  LogicalDummyScan() : LogicalOperator(LogicalKind::kDummyScan) {}
};

/// Rows given as expression lists (VALUES).
struct LogicalValues : LogicalOperator {
  LogicalValues() : LogicalOperator(LogicalKind::kValues) {}
  std::vector<std::vector<ExpressionPtr>> rows;
};

/// Keeps the rows for which every expression is true.
struct LogicalFilter : LogicalOperator {
  LogicalFilter() : LogicalOperator(LogicalKind::kFilter) {}
  std::vector<ExpressionPtr> expressions;
};

struct LogicalProjection : LogicalOperator {
  LogicalProjection() : LogicalOperator(LogicalKind::kProjection) {}
  std::vector<ExpressionPtr> expressions;
};

/// Aggregation: one output row per distinct value of `groups` (exactly one row when
/// there are no groups), with the group columns first, then one column per aggregate.
/// SELECT DISTINCT is an aggregate with groups and no aggregates.
struct LogicalAggregate : LogicalOperator {
  LogicalAggregate() : LogicalOperator(LogicalKind::kAggregate) {}
  std::vector<ExpressionPtr> groups;
  std::vector<ExpressionPtr> aggregates;
};

/// Joins its two children: rows are the left columns then the right ones. kCross has
/// no condition; outer joins add the unmatched rows of their side(s) padded with NULLs.
struct LogicalJoin : LogicalOperator {
  LogicalJoin() : LogicalOperator(LogicalKind::kJoin) {}
  JoinType join_type = JoinType::kInner;
  ExpressionPtr condition;  // over the joined row; null for a cross join
  /// The columns of the joined row (left's, then right's or the mark) that the join
  /// outputs, in order; empty: all of them. Projection pruning drops the columns only the
  /// condition reads, so the join does not copy them.
  std::vector<idx_t> projection;
  /// Left, semi and anti joins: the hash table holds the left side's rows and the right
  /// side's rows probe it, marking the left rows they match (for a left side much smaller
  /// than the right one); the output is the same, in another order.
  bool build_left = false;
  /// Non-zero: a scan below the probe side filters by this join's keys (JoinFilterRef).
  idx_t filter_id = 0;
  /// kMark for EXISTS (exists_to_semi_join.cpp): the mark is true when some right row
  /// meets the condition, else false (never NULL), and the condition may have several
  /// equality keys and other conjuncts. Otherwise a mark is IN's, on one key.
  bool mark_exists = false;
  /// kAsOf: which unmatched rows it keeps (kInner: none, kLeft, kRight or kFull).
  JoinType asof_kind = JoinType::kInner;
};

/// UNION ALL (all rows of both), or INTERSECT / EXCEPT [ALL]. Plain UNION is UNION ALL
/// under a DISTINCT aggregate. Both children have this operator's types.
struct LogicalSetOperation : LogicalOperator {
  LogicalSetOperation() : LogicalOperator(LogicalKind::kSetOperation) {}
  SetOperation operation = SetOperation::kUnion;
  bool all = true;
};

struct OrderKey {
  idx_t column;  // a column of the child's output
  bool descending = false;
  bool nulls_first = false;
};

/// Sorts its input by `keys` (stable, so equal keys keep their input order).
struct LogicalOrder : LogicalOperator {
  LogicalOrder() : LogicalOperator(LogicalKind::kOrder) {}
  std::vector<OrderKey> keys;
};

/// DISTINCT ON: passes on the first row of each distinct combination of the values in
/// `columns` (NULLs equal) and drops the rest, keeping the input's order. Below it an
/// ORDER BY decides which row is first; without one any row of each key may be.
struct LogicalDistinctOn : LogicalOperator {
  LogicalDistinctOn() : LogicalOperator(LogicalKind::kDistinctOn) {}
  std::vector<idx_t> columns;
};

/// ORDER BY `keys` LIMIT `limit` OFFSET `offset` in one operator (made by the optimizer
/// from a LIMIT over an ORDER BY).
struct LogicalTopN : LogicalOperator {
  LogicalTopN() : LogicalOperator(LogicalKind::kTopN) {}
  std::vector<OrderKey> keys;
  idx_t limit = 0;
  idx_t offset = 0;
};

/// unnest() in a select list or FROM: for each input row, as many rows as the longest
/// of its `lists` has elements (none when all are NULL or empty): the input's `columns`
/// repeated, then one column per list with its elements, NULL past the end of a shorter
/// list.
struct LogicalUnnest : LogicalOperator {
  LogicalUnnest() : LogicalOperator(LogicalKind::kUnnest) {}
  std::vector<ExpressionPtr> lists;  // over the input row
  /// The input columns it passes on, in order: all of them until columns nothing above
  /// reads are pruned.
  std::vector<idx_t> columns;
};

/// A LATERAL FROM item (written so, or a FROM subquery that reads the items left of it)
/// joined to the rows of those items, its only child: each child row followed by each row
/// of `subquery`'s plan run with that row's values for its outer references; with
/// kLeft, a row for which the plan has none comes out once with NULLs. `subquery` is a
/// kSubquery node of kind kLateral whose children are the outer values over the child's
/// row. A JOIN … ON condition is a filter inside the plan. Only kInner and kLeft.
struct LogicalLateralJoin : LogicalOperator {
  LogicalLateralJoin() : LogicalOperator(LogicalKind::kLateralJoin) {}
  JoinType join_type = JoinType::kInner;
  ExpressionPtr subquery;
};

struct LogicalLimit : LogicalOperator {
  LogicalLimit() : LogicalOperator(LogicalKind::kLimit) {}
  idx_t limit = kInvalidIndex;  // kInvalidIndex: no limit (or limit_expression)
  idx_t offset = 0;
  /// A LIMIT / OFFSET not known before the query runs (LIMIT (SELECT …)): a BIGINT
  /// expression over no columns, computed once when the query starts; null otherwise.
  ExpressionPtr limit_expression, offset_expression;
  /// DuckDB's LIMIT p %: limit_expression is p (a DOUBLE over no columns), the percentage of
  /// the rows to keep (limit is kInvalidIndex).
  bool percent = false;
};

/// Appends the child's rows to `table`. The child produces one column per entry of
/// `column_map` with a non-invalid index; other table columns get `defaults[i]`.
/// INSERT … ON CONFLICT (and INSERT OR IGNORE / OR REPLACE), bound: which index decides
/// that a proposed row conflicts, and what happens to it then.
struct InsertConflict {
  /// The arbiter: the PRIMARY KEY / UNIQUE index over exactly these table columns (in
  /// ascending order); empty: every such index of the table (DO NOTHING without a target).
  std::vector<idx_t> target;
  bool update = false;  // DO UPDATE; else DO NOTHING
  /// DO UPDATE SET: the table columns and their new values. The values and `where` read a
  /// row of the existing row's columns followed by the proposed (EXCLUDED) row's columns.
  std::vector<idx_t> columns;
  std::vector<ExpressionPtr> values;
  ExpressionPtr where;  // DO UPDATE … WHERE, or null
};

struct LogicalInsert : LogicalOperator {
  LogicalInsert() : LogicalOperator(LogicalKind::kInsert) {}
  std::shared_ptr<TableEntry> table;
  std::vector<idx_t> column_map;  // table column -> child column, or kInvalidIndex
  std::vector<Value> defaults;    // table column -> value when not supplied
  /// Produce the inserted rows (every table column, in table order) instead of the count.
  bool returning = false;
  /// Keep a copy of the inserted rows for AFTER triggers (planner/trigger_firing.hpp).
  bool capture = false;
  std::unique_ptr<InsertConflict> on_conflict;  // null: no ON CONFLICT
  /// The table's FOREIGN KEY checks (null: none).
  std::shared_ptr<const ForeignKeyChecks> foreign_keys;
};

}  // namespace teal

namespace teal {

/// Deletes the rows whose ids the child produces in column `row_id_column`.
struct LogicalDelete : LogicalOperator {
  LogicalDelete() : LogicalOperator(LogicalKind::kDelete) {}
  std::shared_ptr<TableEntry> table;
  idx_t row_id_column = 0;
  /// Produce the deleted rows instead of the count: the child's first columns are
  /// every table column, in table order.
  bool returning = false;
  bool capture = false;  // keep a copy of the deleted rows for AFTER triggers
  std::shared_ptr<const ForeignKeyChecks> foreign_keys;  // null: none
};

/// Sets table columns `columns` of the rows the child produces: its columns are the new
/// values in that order, then the row id.
struct LogicalUpdate : LogicalOperator {
  LogicalUpdate() : LogicalOperator(LogicalKind::kUpdate) {}
  std::shared_ptr<TableEntry> table;
  std::vector<idx_t> columns;
  /// Produce the updated rows (new values, every table column) instead of the count: the
  /// child then also gives every table column's old value after the row id.
  bool returning = false;
  /// Keep a copy of the old and new rows for AFTER triggers (the child gives the old
  /// values then too).
  bool capture = false;
  std::shared_ptr<const ForeignKeyChecks> foreign_keys;  // null: none
};

/// Where a MERGE's child puts what the merge operator reads. Its rows are the matched
/// pairs (and unmatched rows) the clauses apply to: column 0 is the number of the clause
/// that applies (INTEGER; NULL: none), column 1 the target row's id.
struct MergeLayout {
  std::vector<MergeAction> actions;      // per clause
  std::vector<idx_t> update_columns;     // the table columns UPDATEs set; new values from column 2
  idx_t insert_first = 0;                // the inserted rows' columns, from here
  std::vector<idx_t> insert_map;         // table column -> its column among those, or invalid
  idx_t message_column = kInvalidIndex;  // ERROR's message (VARCHAR)
  idx_t old_row_first = kInvalidIndex;   // every table column's old value, when read
};

/// MERGE INTO table: deletes, updates and inserts what the child's rows say (MergeLayout)
/// in one step at the end, as DELETE, UPDATE and INSERT would; with `returning`, produces
/// the changed rows (every table column) and the action's name, else the count.
struct LogicalMerge : LogicalOperator {
  LogicalMerge() : LogicalOperator(LogicalKind::kMerge) {}
  std::shared_ptr<TableEntry> table;
  MergeLayout layout;
  bool returning = false;
  std::shared_ptr<const ForeignKeyChecks> foreign_keys;  // null: none
};

}  // namespace teal

namespace teal {

/// A WITH query used somewhere in a statement. Each use is bound on its own, as a
/// LogicalCteScan over its own plan; the optimizer then either plans the query into each
/// use (the scan is replaced by its child) or materializes it: `plan` is then computed
/// once per execution and every scan reads its rows (MaterializeCtes).
struct CteDefinition {
  std::string name;
  CteMaterialize materialize = CteMaterialize::kDefault;
  /// Set when materialized: the plan whose rows every scan of this query reads.
  std::shared_ptr<LogicalOperator> plan;
};

/// Rows computed before the statement was planned (a trigger's transition table: the
/// rows the triggering statement changed), read as a table.
struct LogicalChunkScan : LogicalOperator {
  LogicalChunkScan() : LogicalOperator(LogicalKind::kChunkScan) {}
  std::string name;
  std::shared_ptr<const ReturnedRows> rows;
};

/// A use of a WITH query: until MaterializeCtes, over one child, the query bound for this
/// use; afterwards, when materialized, a leaf that reads `cte->plan`'s rows.
struct LogicalCteScan : LogicalOperator {
  LogicalCteScan() : LogicalOperator(LogicalKind::kCteScan) {}
  std::shared_ptr<CteDefinition> cte;
};

/// range() / generate_series(): `count` rows start, start + step, … of types[0] (BIGINT,
/// or a timestamp type in microseconds), or when `values` is set (a series of timestamps
/// by months: TimestampSeries), those.
struct LogicalRange : LogicalOperator {
  LogicalRange() : LogicalOperator(LogicalKind::kRange) {}
  int64_t start = 0;
  int64_t step = 1;
  uint64_t count = 0;
  std::shared_ptr<const std::vector<int64_t>> values;
};

/// read_csv(): the rows of CSV files, columns as `data->schema` says (and a trailing
/// filename column when data->options.filename).
struct LogicalCsvScan : LogicalOperator {
  LogicalCsvScan() : LogicalOperator(LogicalKind::kCsvScan) {}
  std::shared_ptr<const CsvScanData> data;
};

}  // namespace teal

namespace teal {

enum class WindowFunction : uint8_t {
  kAggregate,  // an aggregate function over the frame
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kCumeDist,
  kNtile,
  kLag,
  kLead,
  kFirstValue,
  kLastValue,
  kNthValue,
};

/// One window function call of a LogicalWindow. Its expressions read the window's input
/// row. Frame offsets: ROWS and GROUPS, a BIGINT count; RANGE, the boundary itself (the
/// ORDER BY value minus or plus the offset, as the binder wrote it), of the key's type.
struct WindowCall {
  WindowFunction function = WindowFunction::kAggregate;
  std::shared_ptr<const AggregateFunction> aggregate;  // kAggregate
  /// kAggregate: the aggregate's; lag/lead: value, offset, default; ntile: buckets;
  /// first/last_value: value; nth_value: value, n.
  std::vector<ExpressionPtr> arguments;
  bool ignore_nulls = false;
  FrameUnit unit = FrameUnit::kRange;
  FrameBoundary start = FrameBoundary::kUnboundedPreceding;
  FrameBoundary end = FrameBoundary::kCurrentRow;
  ExpressionPtr start_offset, end_offset;
  /// RANGE with an offset: the ORDER BY value, in the boundaries' type.
  ExpressionPtr range_key;
  FrameExclude exclude = FrameExclude::kNoOthers;
  LogicalType type;
  std::string text;  // the call's SQL, for messages and EXPLAIN
};

/// Window functions over one PARTITION BY / ORDER BY: the input's rows (every column, in
/// an order the operator chooses), then one column per call.
struct LogicalWindow : LogicalOperator {
  LogicalWindow() : LogicalOperator(LogicalKind::kWindow) {}
  std::vector<ExpressionPtr> partitions;
  std::vector<ExpressionPtr> orders;
  /// Per entry of `orders`: its direction and NULL placement (`column` is its position in
  /// `orders`).
  std::vector<OrderKey> order_keys;
  std::vector<WindowCall> calls;
};

}  // namespace teal

namespace teal {

/// A recursive WITH query as bound for one use: its name and columns. The recursive
/// part's scans of the working table (LogicalRecursiveScan) point at it.
struct RecursiveCteDefinition {
  std::string name;
  /// The recurring table (`recurring.name`): every row so far — with USING KEY, every
  /// key's kept row — which the recursive part's LogicalRecursiveScans of it point at.
  std::shared_ptr<RecursiveCteDefinition> recurring;
};

/// WITH RECURSIVE … USING KEY: how a column that is not a key folds the rows of one key —
/// the aggregate written for it, or last() (the latest row replaces the earlier).
struct RecursiveKeyAggregate {
  std::shared_ptr<const AggregateFunction> function;
  std::vector<idx_t> arguments;  // columns of the children's rows
  /// With UNION, a kept value changed when this (over the kept row) changed: the collated
  /// value of a collated column; null: the value itself.
  std::shared_ptr<const Expression> change_key;
};

/// WITH RECURSIVE name AS (anchor UNION [ALL] recursive): the anchor's rows, then, while
/// the last round gave rows, the rows of the recursive part run over those (the working
/// table); with UNION, rows seen before are dropped before they go on. Children: the
/// anchor, the recursive part; both produce this operator's types.
struct LogicalRecursiveCte : LogicalOperator {
  LogicalRecursiveCte() : LogicalOperator(LogicalKind::kRecursiveCte) {}
  std::shared_ptr<RecursiveCteDefinition> definition;
  bool union_all = true;
  /// Rounds of the recursive part after which the query fails (the
  /// recursive_cte_max_iterations setting when it was bound).
  idx_t max_iterations = 0;
  /// The WITH queries defined inside the recursive part: computed anew in every round
  /// (they may read the working table, or be volatile), where the others are computed once.
  std::vector<const CteDefinition*> round_ctes;
  /// USING KEY: the rows are kept one per value of these columns of the children's rows
  /// (empty without USING KEY), and the query's rows are those, once the rounds end. The
  /// children's rows are `input_types`: the columns, then the collated values of collated
  /// keys (whose columns keep their first value) and the aggregates' arguments; `types`
  /// are the kept rows'. The working table is the last round's rows as produced (UNION ALL) or the
  /// kept rows that round added or changed (UNION).
  std::vector<idx_t> key_columns;
  std::vector<RecursiveKeyAggregate> key_aggregates;  // per column; no function for a key
  std::vector<LogicalType> input_types;
};

/// In a recursive WITH query's recursive part: the rows the last round produced (its
/// definition's), or every row so far (its definition's `recurring`).
struct LogicalRecursiveScan : LogicalOperator {
  LogicalRecursiveScan() : LogicalOperator(LogicalKind::kRecursiveScan) {}
  std::shared_ptr<RecursiveCteDefinition> definition;
};

}  // namespace teal
