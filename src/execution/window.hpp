// PhysicalWindow: window functions over one PARTITION BY / ORDER BY (LogicalWindow).
//
// Every thread sinks its chunks with the values the calls read (partition and order keys,
// arguments, frame offsets) computed alongside. Finalize sorts all rows by partition then
// order keys (SortIntoChunks: stable, on every thread), marks where partitions and peer
// groups (rows with equal order keys) begin, builds a segment tree per framed aggregate,
// and computes every call's column chunk by chunk on every thread. The source hands the
// chunks out in that order: the input's columns, then one per call.
#pragma once

#include "execution/physical_operator.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

class PhysicalWindow : public PhysicalSink {
 public:
  /// Takes the window's expressions.
  PhysicalWindow(std::vector<LogicalType> types, LogicalWindow& window);
  std::string Name() const override { return "WINDOW"; }
  idx_t SourceChunkCapacity() const override { return 0; }
  bool ParallelSink() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override;
  std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const override;
  void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
            LocalSinkState& local) const override;
  void Combine(ExecutionContext& context, GlobalSinkState& global,
               LocalSinkState& local) const override;
  void Finalize(ExecutionContext& context, GlobalSinkState& global) const override;
  std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const override;
  void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
               LocalSourceState& local) const override;

  /// A call with its expressions replaced by the columns of the sunk rows that hold them.
  struct Call {
    WindowFunction function;
    std::shared_ptr<const AggregateFunction> aggregate;
    std::vector<idx_t> arguments;
    bool ignore_nulls = false;
    FrameUnit unit;
    FrameBoundary start, end;
    idx_t start_offset = kInvalidIndex, end_offset = kInvalidIndex, range_key = kInvalidIndex;
    FrameExclude exclude;
    LogicalType type;
    std::string text;
  };

 private:
  /// The column of the sunk rows that holds `e`: an input column, or a computed one.
  idx_t ColumnOf(ExpressionPtr e);

  idx_t input_width_;
  std::vector<ExpressionPtr> computed_;  // evaluated at Sink into columns input_width_ + i
  std::vector<LogicalType> sunk_types_;
  std::vector<idx_t> partition_columns_;
  std::vector<idx_t> order_columns_;
  std::vector<OrderKey> sort_keys_;   // partitions then orders, over the sunk rows
  std::vector<OrderKey> order_keys_;  // the ORDER BY's, over order_columns_
  std::vector<Call> calls_;
};

}  // namespace teal
