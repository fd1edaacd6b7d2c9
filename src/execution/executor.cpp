// Executor: pipeline construction and the single-threaded pipeline loop.
#include "execution/executor.hpp"

#include <chrono>

#include "teal/error.hpp"

namespace teal {

namespace {
/// Times one call into an operator for EXPLAIN ANALYZE; does nothing unless the
/// operator's profile is enabled.
class ProfileTimer {
 public:
  explicit ProfileTimer(const PhysicalOperator& op)
      : op_(op.profile.enabled ? const_cast<PhysicalOperator*>(&op) : nullptr) {
    if (op_) start_ = std::chrono::steady_clock::now();
  }
  void Done(idx_t rows) {
    if (!op_) return;
    auto elapsed = std::chrono::steady_clock::now() - start_;
    op_->profile.nanos += static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
    op_->profile.rows += rows;
  }

 private:
  PhysicalOperator* op_;
  std::chrono::steady_clock::time_point start_;
};
}  // namespace

/// Pulls a pipeline's output a chunk at a time. An operator that has more output for
/// its input keeps that input on a stack and is resumed before anything new is read;
/// once the source is exhausted, the operators' final output runs through the rest.
class PipelineRun {
 public:
  explicit PipelineRun(const Pipeline& pipeline)
      : pipeline_(pipeline), source_state_(pipeline.source->GetSourceState()) {
    for (auto* op : pipeline.operators) states_.push_back(op->GetOperatorState());
  }

  /// The next chunk with rows, or nullptr when the pipeline is done.
  std::unique_ptr<DataChunk> Next() {
    while (!finished_) {
      std::shared_ptr<DataChunk> out;
      if (!held_.empty()) {
        // Resume the innermost operator that still has output for its input.
        auto [index, input] = held_.back();
        held_.pop_back();
        out = Run(index, input);
      } else if (!source_done_) {
        auto input = std::make_shared<DataChunk>(pipeline_.source->types,
                                                 pipeline_.source->SourceChunkCapacity());
        ProfileTimer timer(*pipeline_.source);
        pipeline_.source->GetData(*input, *source_state_);
        timer.Done(input->size());
        if (input->size() == 0) {
          source_done_ = true;
          continue;
        }
        out = Run(0, input);
      } else if (final_index_ < pipeline_.operators.size()) {
        out = RunFinal();
      } else {
        finished_ = true;
        break;
      }
      if (out && out->size() > 0) {
        auto result = std::make_unique<DataChunk>();
        result->Reference(*out);
        result->SetCardinality(out->size());
        return result;
      }
    }
    return nullptr;
  }

 private:
  /// Runs operators [index, end) over `input`; returns the last output (or `input`
  /// itself when there are no operators after `index`).
  std::shared_ptr<DataChunk> Run(size_t index, std::shared_ptr<DataChunk> input) {
    std::shared_ptr<DataChunk> current = std::move(input);
    for (size_t i = index; i < pipeline_.operators.size(); i++) {
      PhysicalOperator& op = *pipeline_.operators[i];
      // Operators fill their output by referencing vectors they computed, so the
      // output chunk needs no buffers of its own.
      auto output = std::make_shared<DataChunk>(op.types, 0);
      ProfileTimer timer(op);
      OperatorResult result = op.Execute(*current, *output, *states_[i]);
      timer.Done(output->size());
      if (result == OperatorResult::kHaveMoreOutput) held_.emplace_back(i, current);
      if (result == OperatorResult::kFinished) finished_ = true;
      current = std::move(output);
      if (current->size() == 0) break;
    }
    return current;
  }

  /// One chunk of final output of the operator at final_index_, through the rest.
  std::shared_ptr<DataChunk> RunFinal() {
    PhysicalOperator& op = *pipeline_.operators[final_index_];
    if (!op.HasFinalOutput()) {
      final_index_++;
      return nullptr;
    }
    auto output = std::make_shared<DataChunk>(op.types, kVectorSize);
    ProfileTimer timer(op);
    bool more = op.FinalExecute(*output, *states_[final_index_]);
    timer.Done(output->size());
    size_t next = final_index_ + 1;
    if (!more) final_index_++;
    if (output->size() == 0) return nullptr;
    return Run(next, std::move(output));
  }

  const Pipeline& pipeline_;
  std::unique_ptr<SourceState> source_state_;
  std::vector<std::unique_ptr<OperatorState>> states_;
  std::vector<std::pair<size_t, std::shared_ptr<DataChunk>>> held_;
  bool source_done_ = false;
  size_t final_index_ = 0;
  bool finished_ = false;
};

Executor::Executor(PhysicalOperator& root) : root_(root) { Build(root_, result_); }

Executor::~Executor() = default;

void Executor::Build(PhysicalOperator& op, Pipeline& pipeline) {
  if (op.SinksSecondChild()) {
    // Child 1 (a join's build side) runs to completion first, into `op`.
    Pipeline build;
    build.sink = &op;
    Build(*op.children[1], build);
    feeding_.push_back(std::move(build));
    Build(*op.children[0], pipeline);
    pipeline.operators.push_back(&op);
  } else if (op.IsSink()) {
    // `op` ends a pipeline of its child and starts this one as its source.
    pipeline.source = &op;
    Pipeline child;
    child.sink = &op;
    if (op.children.empty()) throw InternalError(op.Name() + " sink without input");
    Build(*op.children[0], child);
    feeding_.push_back(std::move(child));
  } else if (op.children.empty() || op.IsSource()) {
    // A source with children (a nested-loop join) runs their plans itself.
    pipeline.source = &op;
  } else {
    Build(*op.children[0], pipeline);
    pipeline.operators.push_back(&op);
  }
}

void Executor::RunToSink(Pipeline& pipeline) {
  pipeline.sink->sink_state = pipeline.sink->GetSinkState();
  PipelineRun run(pipeline);
  while (auto chunk = run.Next()) {
    ProfileTimer sink_timer(*pipeline.sink);
    pipeline.sink->Sink(*chunk, *pipeline.sink->sink_state);
    sink_timer.Done(0);
  }
  ProfileTimer finalize_timer(*pipeline.sink);
  pipeline.sink->Finalize(*pipeline.sink->sink_state);
  finalize_timer.Done(0);
}

void Executor::Initialize() {
  for (auto& pipeline : feeding_) RunToSink(pipeline);
  result_run_ = std::make_unique<PipelineRun>(result_);
}

std::unique_ptr<DataChunk> Executor::FetchChunk() {
  if (!result_run_) return nullptr;
  return result_run_->Next();
}

}  // namespace teal
