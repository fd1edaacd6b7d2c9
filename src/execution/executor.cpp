// Executor: pipeline construction, the pipeline loop, and running sink pipelines on the
// scheduler's threads.
#include "execution/executor.hpp"

#include "execution/task_scheduler.hpp"
#include "teal/error.hpp"

namespace teal {

/// Pulls a pipeline's output a chunk at a time on one thread. An operator that has more
/// output for its input keeps that input on a stack and is resumed before anything new
//// is read; once the source is exhausted, the operators' final output runs through the
/// rest (Executor::ThreadsFor gives pipelines with final output one thread).
class PipelineRun {
 public:
  PipelineRun(ExecutionContext context, const Pipeline& pipeline, GlobalSourceState& source)
      : context_(context),
        pipeline_(pipeline),
        global_source_(source),
        local_source_(pipeline.source->GetLocalSourceState(context_, source)) {
    for (auto* op : pipeline.operators) states_.push_back(op->GetOperatorState(context_));
  }

  ExecutionContext& Context() { return context_; }

  /// The next chunk with rows, or nullptr when the pipeline is done.
  std::unique_ptr<DataChunk> Next() {
    while (!finished_) {
      context_.query.CheckInterrupt();
      std::shared_ptr<DataChunk> out;
      if (!held_.empty()) {
        // Resume the innermost operator that still has output for its input.
        auto [index, input] = held_.back();
        held_.pop_back();
        out = Run(index, input);
      } else if (!source_done_) {
        auto input = std::make_shared<DataChunk>(pipeline_.source->types,
                                                 pipeline_.source->SourceChunkCapacity());
        ProfileTimer timer(context_, *pipeline_.source);
        pipeline_.source->GetData(context_, *input, global_source_,
                                  local_source_ ? *local_source_ : no_local_source_);
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
      ProfileTimer timer(context_, op);
      OperatorResult result = op.Execute(context_, *current, *output, *states_[i]);
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
    ProfileTimer timer(context_, op);
    bool more = op.FinalExecute(context_, *output, *states_[final_index_]);
    timer.Done(output->size());
    size_t next = final_index_ + 1;
    if (!more) final_index_++;
    if (output->size() == 0) return nullptr;
    return Run(next, std::move(output));
  }

  ExecutionContext context_;
  const Pipeline& pipeline_;
  GlobalSourceState& global_source_;
  std::unique_ptr<LocalSourceState> local_source_;
  LocalSourceState no_local_source_;  // for sources that keep no per-thread state
  std::vector<std::unique_ptr<OperatorState>> states_;
  std::vector<std::pair<size_t, std::shared_ptr<DataChunk>>> held_;
  bool source_done_ = false;
  size_t final_index_ = 0;
  bool finished_ = false;
};

Executor::Executor(PhysicalOperator& root, ExecutorOptions options)
    : root_(root),
      query_(options.scheduler, options.scheduler ? options.threads : 1, options.morsel_vectors,
             std::move(options.control), options.profiling) {
  Build(root_, result_);
}

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

idx_t Executor::ThreadsFor(const Pipeline& pipeline, const GlobalSourceState& source) const {
  if (!query_.Scheduler() || query_.Threads() <= 1) return 1;
  if (!pipeline.sink || !pipeline.sink->ParallelSink()) return 1;
  for (const auto* op : pipeline.operators) {
    if (!op->ParallelOperator() || (op->HasFinalOutput() && !op->ParallelFinalOutput())) return 1;
  }
  return std::max<idx_t>(1, std::min(query_.Threads(), source.MaxThreads()));
}

void Executor::RunToSink(Pipeline& pipeline) {
  PhysicalOperator& sink = *pipeline.sink;
  ExecutionContext setup{query_, main_thread_};
  auto source = pipeline.source->GetGlobalSourceState(setup);
  GlobalSinkState& global = query_.SinkState(sink);
  idx_t threads = ThreadsFor(pipeline, *source);
  auto task = [&](TaskScheduler::Job* job, idx_t) {
    ThreadContext thread;
    thread.pipeline_threads = threads;
    PipelineRun run(ExecutionContext{query_, thread}, pipeline, *source);
    ExecutionContext& context = run.Context();
    auto local = sink.GetLocalSinkState(context);
    while (auto chunk = run.Next()) {
      if (job && job->Failed()) return;
      ProfileTimer timer(context, sink);
      sink.Sink(context, *chunk, global, *local);
      timer.Done(0);
    }
    ProfileTimer timer(context, sink);
    sink.Combine(context, global, *local);
    timer.Done(0);
    if (query_.Profiling()) query_.MergeProfile(thread.profile);
  };
  if (threads == 1) {
    task(nullptr, 0);
  } else {
    query_.Scheduler()->Run(threads, [&](TaskScheduler::Job& job, idx_t i) { task(&job, i); });
  }
  ThreadContext thread;
  ExecutionContext context{query_, thread};
  ProfileTimer timer(context, sink);
  sink.Finalize(context, global);
  timer.Done(0);
  if (query_.Profiling()) query_.MergeProfile(thread.profile);
}

void Executor::Initialize() {
  ExecutionContext setup{query_, main_thread_};
  for (auto& pipeline : feeding_) {
    query_.SetSinkState(*pipeline.sink, pipeline.sink->GetGlobalSinkState(setup));
  }
  for (auto& pipeline : feeding_) RunToSink(pipeline);
  result_source_ = result_.source->GetGlobalSourceState(setup);
  result_run_ = std::make_unique<PipelineRun>(setup, result_, *result_source_);
}

std::unique_ptr<DataChunk> Executor::FetchChunk() {
  if (!result_run_) return nullptr;
  auto chunk = result_run_->Next();
  if (!chunk && query_.Profiling()) {
    query_.MergeProfile(main_thread_.profile);
    main_thread_.profile.clear();
  }
  return chunk;
}

}  // namespace teal
