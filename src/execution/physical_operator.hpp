// PhysicalOperator: an executable operator, and the pipeline interfaces of DESIGN.md.
//
// An operator plays up to three roles in pipelines (source -> operators -> sink):
//   source    GetData fills a chunk at a time (an empty chunk means done);
//   operator  Execute turns one input chunk into output chunks: one per call, and it
//             says kHaveMoreOutput when it must be called again with the same input;
//             after the last input, FinalExecute can add rows (a right join's
//             unmatched build rows);
//   sink      Sink consumes chunks, Finalize completes; afterwards the same operator
//             is the source of the pipeline above it (reading its sink state).
// States are separate objects so that several threads can later run one pipeline
// over different morsels; today one thread runs each pipeline.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "vector/data_chunk.hpp"

namespace teal {

struct SourceState {
  virtual ~SourceState() = default;
};
struct OperatorState {
  virtual ~OperatorState() = default;
};
struct SinkState {
  virtual ~SinkState() = default;
};

/// What EXPLAIN ANALYZE reports of an operator; counted only while `enabled`.
struct OperatorProfile {
  bool enabled = false;
  uint64_t rows = 0;   // rows it produced (as a source or an operator)
  uint64_t nanos = 0;  // time in its GetData, Execute, Sink and Finalize
};

enum class OperatorResult {
  kNeedMoreInput,   // the input was consumed; send the next chunk
  kHaveMoreOutput,  // call Execute again with the same input for more output
  kFinished,        // no more output will come, whatever the input
};

class PhysicalOperator {
 public:
  explicit PhysicalOperator(std::vector<LogicalType> types) : types(std::move(types)) {}
  virtual ~PhysicalOperator() = default;

  virtual std::string Name() const = 0;

  virtual bool IsSource() const { return false; }
  /// Rows of buffer the chunk passed to GetData needs: 0 for sources that only make
  /// their chunk reference existing vectors (a table scan), so nothing is allocated.
  virtual idx_t SourceChunkCapacity() const { return kVectorSize; }
  virtual std::unique_ptr<SourceState> GetSourceState() const;
  virtual void GetData(DataChunk& chunk, SourceState& state) const;

  virtual std::unique_ptr<OperatorState> GetOperatorState() const;
  virtual OperatorResult Execute(DataChunk& input, DataChunk& output, OperatorState& state) const;
  /// Whether FinalExecute has rows to add once the pipeline's source is exhausted.
  virtual bool HasFinalOutput() const { return false; }
  /// Called after the last input until it returns false: fills `output` (possibly with
  /// no rows) and says whether to call again.
  virtual bool FinalExecute(DataChunk& output, OperatorState& state) const;

  virtual bool IsSink() const { return false; }
  /// True for an operator of its child 0's pipeline that is also the sink of a
  /// pipeline over child 1 (a hash join, whose build side is child 1).
  virtual bool SinksSecondChild() const { return false; }
  virtual std::unique_ptr<SinkState> GetSinkState() const;
  virtual void Sink(DataChunk& input, SinkState& state) const;
  virtual void Finalize(SinkState& state) const;

  std::vector<LogicalType> types;
  std::vector<std::unique_ptr<PhysicalOperator>> children;
  /// Filled by the executor when this operator is a sink; read by GetData afterwards.
  std::unique_ptr<SinkState> sink_state;
  /// Kept by the executor (EXPLAIN ANALYZE); mutable like sink_state, per execution.
  OperatorProfile profile;
};

using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

}  // namespace teal
