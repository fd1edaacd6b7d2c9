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

Executor::Executor(PhysicalOperator& root) : root_(root) { Build(root_, result_); }

void Executor::Build(PhysicalOperator& op, Pipeline& pipeline) {
  if (op.IsSink()) {
    // `op` ends a pipeline of its child and starts this one as its source.
    pipeline.source = &op;
    Pipeline child;
    child.sink = &op;
    if (op.children.empty()) throw InternalError(op.Name() + " sink without input");
    Build(*op.children[0], child);
    feeding_.push_back(std::move(child));
  } else if (op.children.empty() || op.IsSource()) {
    // A source with children (a join) runs their plans itself.
    pipeline.source = &op;
  } else {
    Build(*op.children[0], pipeline);
    pipeline.operators.push_back(&op);
  }
}

bool Executor::Push(Pipeline& pipeline, std::vector<std::unique_ptr<OperatorState>>& states,
                    DataChunk& input, std::unique_ptr<DataChunk>& chunk) {
  bool more = true;
  DataChunk* current = &input;
  std::unique_ptr<DataChunk> owned;
  for (size_t i = 0; i < pipeline.operators.size(); i++) {
    PhysicalOperator& op = *pipeline.operators[i];
    // Operators fill their output by referencing vectors they computed, so the output
    // chunk needs no buffers of its own.
    auto output = std::make_unique<DataChunk>(op.types, 0);
    ProfileTimer timer(op);
    if (op.Execute(*current, *output, *states[i]) == OperatorResult::kFinished) more = false;
    timer.Done(output->size());
    owned = std::move(output);
    current = owned.get();
    if (current->size() == 0) break;
  }
  if (owned) {
    chunk = std::move(owned);
  } else {
    chunk = std::make_unique<DataChunk>();
    chunk->Reference(input);
  }
  return more;
}

void Executor::RunToSink(Pipeline& pipeline) {
  auto source_state = pipeline.source->GetSourceState();
  std::vector<std::unique_ptr<OperatorState>> states;
  for (auto* op : pipeline.operators) states.push_back(op->GetOperatorState());
  pipeline.sink->sink_state = pipeline.sink->GetSinkState();
  while (true) {
    DataChunk input(pipeline.source->types, pipeline.source->SourceChunkCapacity());
    ProfileTimer source_timer(*pipeline.source);
    pipeline.source->GetData(input, *source_state);
    source_timer.Done(input.size());
    if (input.size() == 0) break;
    std::unique_ptr<DataChunk> output;
    bool more = Push(pipeline, states, input, output);
    if (output->size() > 0) {
      ProfileTimer sink_timer(*pipeline.sink);
      pipeline.sink->Sink(*output, *pipeline.sink->sink_state);
      sink_timer.Done(0);
    }
    if (!more) break;
  }
  ProfileTimer finalize_timer(*pipeline.sink);
  pipeline.sink->Finalize(*pipeline.sink->sink_state);
  finalize_timer.Done(0);
}

void Executor::Initialize() {
  for (auto& pipeline : feeding_) RunToSink(pipeline);
  result_source_ = result_.source->GetSourceState();
  for (auto* op : result_.operators) result_states_.push_back(op->GetOperatorState());
}

std::unique_ptr<DataChunk> Executor::FetchChunk() {
  while (!finished_) {
    DataChunk input(result_.source->types, result_.source->SourceChunkCapacity());
    ProfileTimer source_timer(*result_.source);
    result_.source->GetData(input, *result_source_);
    source_timer.Done(input.size());
    if (input.size() == 0) {
      finished_ = true;
      break;
    }
    std::unique_ptr<DataChunk> output;
    if (!Push(result_, result_states_, input, output)) finished_ = true;
    if (output->size() > 0) return output;
  }
  return nullptr;
}

}  // namespace teal
