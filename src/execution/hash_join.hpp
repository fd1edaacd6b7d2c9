// PhysicalHashJoin: joins on equality keys (plus an optional residual condition).
//
// Child 1 is the build side: its pipeline runs first (on several threads, each keeping
// its chunks with their place in the single-thread order); Finalize puts the rows in that
// order into one chunk and their keys into a GroupTable (typed keys) whose payload chains
// the rows of each key — or, for one integer key whose values are dense enough, into a
// direct array from key to its first row (a bitmap in front). Child 0 streams through as the probe
// side, a chunk at a time, in the same pipeline as its source (no materialisation), on as many
// threads as its pipeline; each probe thread looks keys up with its own scratch. Rows whose keys
// hold a NULL match nothing. Join types:
//   inner, left   pairs (left row, right row) whose keys are equal and residual true;
//                 left adds left rows without a pair, right columns NULL;
//   right, full   also add, after the probe side is exhausted, the build rows no probe
//                 row paired with (left columns NULL);
//   semi, anti    the left rows that have (semi) or have not (anti) a pair; only the
//                 left columns.
//   mark          every left row and a BOOLEAN, as `key IN (build keys)`: true with a
//                 pair; else NULL when the probe key or some build key is NULL (and the
//                 build side has rows); else false. One key, no residual condition.
//                 With exists_mark, EXISTS's mark: true with a pair, else false (any keys
//                 and residual).
// A semi or anti join may keep the build side's rows instead (build_side_kept: the small
// left side of a semi join is built, the large right side probes): probe rows mark the
// build rows they match, and the final output emits the marked (semi) or unmarked (anti)
// ones. The build table is shared by all probe states; right, full and build-side semi
// and anti joins mark build rows with atomic stores, and their final output comes from
// the probe thread that finishes last (ParallelFinalOutput). The join outputs only
// the joined row's columns of its projection (the keys are read from the inputs).
#pragma once

#include "common/join_type.hpp"
#include "execution/group_table.hpp"
#include "execution/physical_operator.hpp"
#include "planner/expression.hpp"

namespace teal {

/// A finished build side's keys, as a table scan on the join's probe side asks for them
/// (optimizer/join_filter_pushdown.cpp): which probe rows may have a match.
class JoinKeyFilter {
 public:
  virtual ~JoinKeyFilter() = default;
  /// Of rows in[0 … n) of the probe keys `keys` (rows [0, count) when `in` is null),
  /// writes to `out` those whose key the build side may hold — never one with a NULL key —
  /// and returns how many. `out` may be `in`. Thread-safe.
  virtual idx_t Select(const std::vector<const Vector*>& keys, idx_t count, const sel_t* in,
                       idx_t n, sel_t* out, KeyScratch& scratch) const = 0;
  /// The build side's rows: the fewer, the more probe rows the filter may drop.
  virtual idx_t KeyCount() const = 0;
  /// Whether Select first tests a bit per row (an integer key's bitmap), cheaper than
  /// most filters a scan applies and dropping most rows it drops: then it goes before
  /// them. Otherwise it hashes every row's keys.
  virtual bool BitTestFirst() const = 0;
};

class PhysicalHashJoin : public PhysicalOperator {
 public:
  /// `left_keys` are over the left input, `right_keys` over the right input (same types
  /// pairwise); `residual` (may be null) over the joined row, left columns then right.
  /// `projection`: the columns of the joined row (left's, then right's or the mark) that
  /// are output, in order (`types` are theirs); empty: all.
  /// `build_side_kept` (semi and anti joins): the rows kept are the build side's (child
  /// 1), those that some probe row matches (semi) or none does (anti); the probe marks
  /// them and the final output emits them. `projection` then names build columns only.
  PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                   std::vector<ExpressionPtr> left_keys, std::vector<ExpressionPtr> right_keys,
                   ExpressionPtr residual, std::vector<idx_t> projection = {},
                   bool build_side_kept = false, bool exists_mark = false);
  std::string Name() const override { return "HASH_JOIN"; }

  bool SinksSecondChild() const override { return true; }
  bool ParallelSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;

  std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const override;
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;
  bool HasFinalOutput() const override;
  bool ParallelFinalOutput() const override { return true; }
  bool FinalExecute(ExecutionContext& context, DataChunk& output,
                    OperatorState& state) const override;

  JoinType join_type() const { return join_type_; }
  const std::vector<ExpressionPtr>& left_keys() const { return left_keys_; }
  const std::vector<ExpressionPtr>& right_keys() const { return right_keys_; }
  const Expression* residual() const { return residual_.get(); }
  void SetProbeMayStop(bool may) { probe_may_stop_ = may; }
  bool build_side_kept() const { return build_side_kept_; }
  /// The build side's key filter once Finalize is done (null before): for a scan that
  /// feeds the probe side, where the join drops probe rows without a match.
  const JoinKeyFilter* KeyFilter(ExecutionContext& context) const;
  /// A filter of probe keys `keys` (indexes in the join's keys, not all of them) by the
  /// bitmaps the build side has of them: for a scan that holds those keys only. Null
  /// before Finalize, or when none of those keys has a bitmap.
  std::unique_ptr<JoinKeyFilter> PartialKeyFilter(ExecutionContext& context,
                                                  const std::vector<idx_t>& keys) const;

 private:
  struct Probe;
  /// Fills `output` with up to one vector of (left row, right row) pairs of `input`.
  void EmitPairs(DataChunk& input, DataChunk& output, Probe& probe) const;
  /// The left rows that end the probe of `input`: unmatched (left, anti), matched (semi),
  /// or all with their mark (mark).
  void EmitLeftRows(DataChunk& input, DataChunk& output, Probe& probe) const;
  void EmitMarked(DataChunk& input, DataChunk& output, Probe& probe) const;
  /// Semi, anti and mark joins with a residual (build side not kept): which rows of
  /// `input` have a pair that meets it (probe.matched).
  void MatchLeftRows(DataChunk& input, Probe& probe) const;
  /// The joined row's types (left's columns, then right's), which a residual reads.
  std::vector<LogicalType> JoinedRowTypes() const;
  /// `pairs` (of JoinedRowTypes) holds the joined rows of `input` rows left[0 … count)
  /// and `build_rows` rows right[…].
  void FillJoinedRows(const DataChunk& input, const DataChunk& build_rows,
                      const SelectionVector& left, const SelectionVector& right, idx_t count,
                      DataChunk& pairs) const;
  /// Build side kept, no residual: marks every build row of the probe rows' chains.
  void MarkChains(Probe& probe) const;
  /// The group of each of rows [0, count) of the probe keys (probe.groups, null where
  /// none) when the build keys are in several partitions.
  void FindInPartitions(const std::vector<const Vector*>& keys, idx_t count, Probe& probe) const;
  /// Fills output column j with joined column projection_[j]: from `left` rows
  /// left_sel[0 … count) or `right` rows right_sel[…] (NULL where that side is null).
  /// The mark column is left to the caller.
  void Gather(DataChunk& output, const DataChunk* left, const SelectionVector& left_sel,
              const DataChunk* right, const SelectionVector& right_sel, idx_t count) const;
  /// Semi, anti and mark joins output the left rows alone (and the mark).
  bool LeftRowsOnly() const {
    return join_type_ == JoinType::kSemi || join_type_ == JoinType::kAnti ||
           join_type_ == JoinType::kMark;
  }

  bool build_side_kept_ = false;
  bool exists_mark_ = false;
  /// An inner or semi join over an empty build side may stop its probe side (no row can
  /// come out); not when the probe side computes something that is not deterministic
  /// (nextval(): its values must all be drawn, as DuckDB's recursive_cte_invariant_build).
  bool probe_may_stop_ = false;
  JoinType join_type_;
  std::vector<ExpressionPtr> left_keys_, right_keys_;
  ExpressionPtr residual_;
  std::vector<idx_t> projection_;            // output column -> joined column
  std::shared_ptr<GroupLayout> key_layout_;  // of the build keys; payload: the row chain
};

}  // namespace teal
