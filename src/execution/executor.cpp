// Executor: pipeline construction and the single-threaded pipeline loop.
#include "execution/executor.hpp"

#include "teal/error.hpp"

namespace teal {

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
    if (op.Execute(*current, *output, *states[i]) == OperatorResult::kFinished) more = false;
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
    pipeline.source->GetData(input, *source_state);
    if (input.size() == 0) break;
    std::unique_ptr<DataChunk> output;
    bool more = Push(pipeline, states, input, output);
    if (output->size() > 0) pipeline.sink->Sink(*output, *pipeline.sink->sink_state);
    if (!more) break;
  }
  pipeline.sink->Finalize(*pipeline.sink->sink_state);
}

void Executor::Initialize() {
  for (auto& pipeline : feeding_) RunToSink(pipeline);
  result_source_ = result_.source->GetSourceState();
  for (auto* op : result_.operators) result_states_.push_back(op->GetOperatorState());
}

std::unique_ptr<DataChunk> Executor::FetchChunk() {
  while (!finished_) {
    DataChunk input(result_.source->types, result_.source->SourceChunkCapacity());
    result_.source->GetData(input, *result_source_);
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
