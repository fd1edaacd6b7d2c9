// PhysicalOperator: an executable operator, and the pipeline interfaces of DESIGN.md.
//
// An operator plays up to three roles in pipelines (source -> operators -> sink):
//   source    GetData fills a chunk at a time (an empty chunk means done). A global
//             source state is shared by the threads running the pipeline; it hands out
//             morsels (ranges of rows) to their local states. MaxThreads says how many
//             threads can share it (1 for sources that are not parallel).
//   operator  Execute turns one input chunk into output chunks: one per call, and it
//             says kHaveMoreOutput when it must be called again with the same input;
//             after the last input, FinalExecute can add rows (a right join's
//             unmatched build rows). Its state is per thread. ParallelOperator says
//             whether several threads may run it over different morsels.
//   sink      Sink consumes chunks into the thread's local state, Combine merges a
//             thread's local state into the global one when the thread is done, and
//             Finalize completes the global state once, after every Combine.
//             Afterwards the same operator is usually the source of the pipeline above
//             it, reading its global sink state. ParallelSink says whether several
//             threads may sink at once.
// Every role method gets the ExecutionContext: the query and the running thread.
// PhysicalSource, PhysicalSink and the operators that stream (none of the two) give the
// defaults that differ by role, so an operator overrides only what it does.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "execution/execution_context.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

struct GlobalSourceState {
  virtual ~GlobalSourceState() = default;
  /// How many threads may read this source at once.
  virtual idx_t MaxThreads() const { return 1; }
};
struct LocalSourceState {
  virtual ~LocalSourceState() = default;
};
struct OperatorState {
  virtual ~OperatorState() = default;
};
struct GlobalSinkState {
  virtual ~GlobalSinkState() = default;
};
struct LocalSinkState {
  virtual ~LocalSinkState() = default;
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
  /// What EXPLAIN adds to the logical operator's description: a choice made when the
  /// physical plan was built (the index a scan may use).
  virtual std::string PlanNote() const { return {}; }
  /// The operators EXPLAIN shows under this one: its children, or the plans it runs
  /// itself (a recursive query's parts).
  virtual std::vector<const PhysicalOperator*> ExplainChildren() const {
    std::vector<const PhysicalOperator*> out;
    for (const auto& child : children) out.push_back(child.get());
    return out;
  }

  // ---- source ------------------------------------------------------------------------
  virtual bool IsSource() const { return false; }
  /// Rows of buffer the chunk passed to GetData needs: 0 for sources that only make
  /// their chunk reference existing vectors (a table scan), so nothing is allocated.
  virtual idx_t SourceChunkCapacity() const { return kVectorSize; }
  virtual std::unique_ptr<GlobalSourceState> GetGlobalSourceState(ExecutionContext& context) const;
  /// Null (the default) for sources without per-thread state.
  virtual std::unique_ptr<LocalSourceState> GetLocalSourceState(ExecutionContext& context,
                                                                GlobalSourceState& global) const;
  virtual void GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& global,
                       LocalSourceState& local) const;

  // ---- operator ----------------------------------------------------------------------
  virtual bool ParallelOperator() const { return true; }
  virtual std::unique_ptr<OperatorState> GetOperatorState(ExecutionContext& context) const;
  virtual OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                                 OperatorState& state) const;
  /// Whether FinalExecute has rows to add once the pipeline's source is exhausted.
  virtual bool HasFinalOutput() const { return false; }
  /// Whether a pipeline with this operator's final output may still run on several
  /// threads: FinalExecute is then called on each of them when its input ends, and the
  /// operator produces its rows on the last one (ThreadContext::pipeline_threads says
  /// how many there are) and none on the others.
  virtual bool ParallelFinalOutput() const { return false; }
  /// Called after the last input until it returns false: fills `output` (possibly with
  /// no rows) and says whether to call again. Unless ParallelFinalOutput, runs on one
  /// thread, the pipeline's only one.
  virtual bool FinalExecute(ExecutionContext& context, DataChunk& output,
                            OperatorState& state) const;

  // ---- sink --------------------------------------------------------------------------
  virtual bool IsSink() const { return false; }
  virtual bool ParallelSink() const { return false; }
  /// True for an operator of its child 0's pipeline that is also the sink of a
  /// pipeline over child 1 (a hash join, whose build side is child 1).
  virtual bool SinksSecondChild() const { return false; }
  /// True for UNION ALL: the rows of every child, one after another. No role of its own:
  /// the executor gives the pipeline a branch per child.
  virtual bool UnitesChildren() const { return false; }
  virtual std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const;
  virtual std::unique_ptr<LocalSinkState> GetLocalSinkState(ExecutionContext& context) const;
  virtual void Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& global,
                    LocalSinkState& local) const;
  virtual void Combine(ExecutionContext& context, GlobalSinkState& global,
                       LocalSinkState& local) const;
  virtual void Finalize(ExecutionContext& context, GlobalSinkState& global) const;

  std::vector<LogicalType> types;
  std::vector<std::unique_ptr<PhysicalOperator>> children;
};

using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

/// A source that is nothing else (a scan, VALUES, range()).
class PhysicalSource : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  bool IsSource() const override { return true; }
};

/// A sink whose global state is, once finalized, the source of the pipeline above it
/// (an aggregate, a sort, an INSERT).
class PhysicalSink : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  bool IsSink() const override { return true; }
  bool IsSource() const override { return true; }
  std::unique_ptr<GlobalSinkState> GetGlobalSinkState(ExecutionContext& context) const override = 0;
};

/// The sink state of `op` as its concrete type.
template <typename State>
State& SinkStateOf(ExecutionContext& context, const PhysicalOperator& op) {
  return static_cast<State&>(context.query.SinkState(op));
}

}  // namespace teal
