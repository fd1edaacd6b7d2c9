// Executor: pipeline construction, the pipeline loop, and running sink pipelines on the
// scheduler's threads.
#include "execution/executor.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "execution/task_scheduler.hpp"
#include "teal/error.hpp"

namespace teal {

/// Pulls a pipeline's output a chunk at a time on one thread. An operator that has more
/// output for its input keeps that input on a stack and is resumed before anything new
/// is read. The branches run one after another (those the thread may enter: see
/// PipelineSources); an operator has one state per thread, also when several branches
/// hold it (the operators over a nested UNION ALL), so it sees their rows as one stream.
/// Once every branch is exhausted, the operators' final output runs through the rest,
/// each operator's once (Executor::ThreadsFor keeps the threads of a pipeline with final
/// output that is not parallel to one).
class PipelineRun {
 public:
  PipelineRun(ExecutionContext context, const Pipeline& pipeline, PipelineSources& sources)
      : context_(context), pipeline_(pipeline), sources_(sources) {
    if (!EnterNextBranch()) FinishBranches();
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
        PhysicalOperator& source = *pipeline_.branches[branch_].source;
        auto input = std::make_shared<DataChunk>(source.types, source.SourceChunkCapacity());
        ProfileTimer timer(context_, source);
        source.GetData(context_, *input, *sources_.states[branch_],
                       local_source_ ? *local_source_ : no_local_source_);
        timer.Done(input->size());
        if (input->size() == 0) {
          source_done_ = true;
          continue;
        }
        if (pipeline_.branches.size() > 1) {
          // The branches' morsels follow each other in the single-thread order.
          context_.thread.batch = (branch_ << kBranchShift) | (context_.thread.batch & kMorselMask);
        }
        out = Run(0, input);
      } else if (next_final_ < finals_.size()) {
        out = RunFinal();
      } else if (!branches_done_) {
        if (!branch_finals_listed_ && branch_ < pipeline_.branches.size()) {
          ListBranchFinals();
          continue;
        }
        if (!EnterNextBranch()) FinishBranches();
        continue;
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
  static constexpr int kBranchShift = 20;
  static constexpr idx_t kMorselMask = (idx_t{1} << kBranchShift) - 1;

  /// The thread's state of `op`, made on first use.
  OperatorState* StateOf(PhysicalOperator& op) {
    auto& state = states_of_[&op];
    if (!state) state = op.GetOperatorState(context_);
    return state.get();
  }

  /// ops_ and states_: branch `b`'s operators, then those over every branch.
  void SetOperators(size_t b) {
    ops_.clear();
    if (b < pipeline_.branches.size()) ops_ = pipeline_.branches[b].operators;
    ops_.insert(ops_.end(), pipeline_.operators.begin(), pipeline_.operators.end());
    states_.clear();
    for (auto* op : ops_) states_.push_back(StateOf(*op));
  }

  /// Whether an operator that has finished (kFinished) is in branch `b`.
  bool HoldsFinished(size_t b) const {
    for (const auto* op : pipeline_.branches[b].operators) {
      if (finished_ops_.count(op)) return true;
    }
    return false;
  }

  /// Starts the next branch this thread may take part in; false when there is none.
  bool EnterNextBranch() {
    const size_t count = pipeline_.branches.size();
    while (++branch_ < count) {
      if (HoldsFinished(branch_)) continue;
      GlobalSourceState& global = *sources_.states[branch_];
      // A source shared by as many threads as it allows is left to them.
      if (sources_.entered[branch_].fetch_add(1) >= std::max<idx_t>(1, global.MaxThreads())) {
        continue;
      }
      const Pipeline::Branch& branch = pipeline_.branches[branch_];
      local_source_ = branch.source->GetLocalSourceState(context_, global);
      SetOperators(branch_);
      entered_.push_back(branch_);
      source_done_ = false;
      branch_finals_listed_ = false;
      return true;
    }
    return false;
  }

  /// Once the current branch is exhausted: lists its own operators with final output that
  /// no later branch holds (their output comes now, before the next branch's rows).
  void ListBranchFinals() {
    branch_finals_listed_ = true;
    const auto& branches = pipeline_.branches;
    const auto& own = branches[branch_].operators;
    for (size_t i = 0; i < own.size(); i++) {
      if (!own[i]->HasFinalOutput()) continue;
      bool later = false;
      for (size_t b = branch_ + 1; b < branches.size() && !later; b++) {
        const auto& ops = branches[b].operators;
        later = std::find(ops.begin(), ops.end(), own[i]) != ops.end();
      }
      if (!later && finalized_.insert(own[i]).second) finals_.push_back({branch_, i});
    }
  }

  /// After the last branch: lists the remaining operators with final output, each once,
  /// with a branch whose operators its output runs through.
  void FinishBranches() {
    branches_done_ = true;
    source_done_ = true;
    std::vector<size_t> lists = entered_;
    if (lists.empty()) lists.push_back(pipeline_.branches.size());  // the common ones only
    for (size_t b : lists) {
      SetOperators(b);
      for (size_t i = 0; i < ops_.size(); i++) {
        if (ops_[i]->HasFinalOutput() && finalized_.insert(ops_[i]).second) {
          finals_.push_back({b, i});
        }
      }
    }
  }

  /// Runs operators [index, end) over `input`; returns the last output (or `input`
  /// itself when there are no operators after `index`).
  std::shared_ptr<DataChunk> Run(size_t index, std::shared_ptr<DataChunk> input) {
    std::shared_ptr<DataChunk> current = std::move(input);
    for (size_t i = index; i < ops_.size(); i++) {
      PhysicalOperator& op = *ops_[i];
      // Operators fill their output by referencing vectors they computed, so the
      // output chunk needs no buffers of its own.
      auto output = std::make_shared<DataChunk>(op.types, 0);
      ProfileTimer timer(context_, op);
      OperatorResult result = op.Execute(context_, *current, *output, *states_[i]);
      timer.Done(output->size());
      if (result == OperatorResult::kHaveMoreOutput) held_.emplace_back(i, current);
      if (result == OperatorResult::kFinished) Finished(i);
      current = std::move(output);
      if (current->size() == 0) break;
    }
    return current;
  }

  /// The operator at `index` of ops_ will output no more rows: the rows before it are
  /// not needed any more — of every branch, when it is over every branch.
  void Finished(size_t index) {
    const size_t branch_ops = ops_.size() - pipeline_.operators.size();
    if (index >= branch_ops) {
      // Common to every branch: no branch gives more input. The operators above it still
      // end with their final output (a join that emits its build side's matched rows last,
      // over a LIMIT on its probe side); those at or below it are done for good.
      source_done_ = true;
      branches_done_ = true;
      while (!held_.empty() && held_.back().first <= index) held_.pop_back();
      for (size_t i = 0; i < ops_.size(); i++) {
        if (!ops_[i]->HasFinalOutput() || !finalized_.insert(ops_[i]).second) continue;
        if (i > index) finals_.push_back({branch_, i});
      }
      return;
    }
    finished_ops_.insert(ops_[index]);
    source_done_ = true;
    while (!held_.empty() && held_.back().first <= index) held_.pop_back();
  }

  /// One chunk of final output of the next listed operator, through the rest.
  std::shared_ptr<DataChunk> RunFinal() {
    auto [branch, index] = finals_[next_final_];
    SetOperators(branch);
    PhysicalOperator& op = *ops_[index];
    auto output = std::make_shared<DataChunk>(op.types, kVectorSize);
    ProfileTimer timer(context_, op);
    bool more = op.FinalExecute(context_, *output, *states_[index]);
    timer.Done(output->size());
    if (!more) next_final_++;
    if (output->size() == 0) return nullptr;
    return Run(index + 1, std::move(output));
  }

  ExecutionContext context_;
  const Pipeline& pipeline_;
  PipelineSources& sources_;
  size_t branch_ = static_cast<size_t>(-1);  // the branch being run
  std::vector<size_t> entered_;              // the branches the thread took part in
  std::unique_ptr<LocalSourceState> local_source_;
  LocalSourceState no_local_source_;  // for sources that keep no per-thread state
  std::unordered_map<const PhysicalOperator*, std::unique_ptr<OperatorState>> states_of_;
  std::vector<PhysicalOperator*> ops_;  // the branch's operators, then the common ones
  std::vector<OperatorState*> states_;  // theirs
  std::vector<std::pair<size_t, std::shared_ptr<DataChunk>>> held_;
  std::unordered_set<const PhysicalOperator*> finished_ops_;  // in a branch: kFinished
  std::vector<std::pair<size_t, size_t>> finals_;             // (branch, index in its operators)
  size_t next_final_ = 0;
  std::unordered_set<const PhysicalOperator*> finalized_;  // listed in finals_
  bool branch_finals_listed_ = false;
  bool source_done_ = false;
  bool branches_done_ = false;
  bool finished_ = false;
};

Executor::Executor(PhysicalOperator& root, ExecutorOptions options)
    : root_(root),
      query_(options.scheduler, options.scheduler ? options.threads : 1, options.morsel_vectors,
             std::move(options.control), options.profiling),
      ctes_(std::move(options.ctes)) {
  query_.transaction = options.transaction;
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
  } else if (op.UnitesChildren()) {
    // UNION ALL: a branch per input, each with its own operators.
    pipeline.branches.clear();
    for (auto& child : op.children) {
      Pipeline part;
      Build(*child, part);
      for (auto& branch : part.branches) {
        branch.operators.insert(branch.operators.end(), part.operators.begin(),
                                part.operators.end());
        pipeline.branches.push_back(std::move(branch));
      }
    }
  } else if (op.IsSink()) {
    // `op` ends a pipeline of its child and starts this one as its source.
    pipeline.branches.back().source = &op;
    Pipeline child;
    child.sink = &op;
    if (op.children.empty()) throw InternalError(op.Name() + " sink without input");
    Build(*op.children[0], child);
    feeding_.push_back(std::move(child));
  } else if (op.children.empty() || op.IsSource()) {
    pipeline.branches.back().source = &op;
  } else {
    Build(*op.children[0], pipeline);
    pipeline.operators.push_back(&op);
  }
}

idx_t Executor::ThreadsFor(const Pipeline& pipeline, const PipelineSources& sources) const {
  if (!query_.Scheduler() || query_.Threads() <= 1) return 1;
  if (!pipeline.sink || !pipeline.sink->ParallelSink()) return 1;
  auto parallel = [](const std::vector<PhysicalOperator*>& operators) {
    for (const auto* op : operators) {
      if (!op->ParallelOperator() || (op->HasFinalOutput() && !op->ParallelFinalOutput())) {
        return false;
      }
    }
    return true;
  };
  if (!parallel(pipeline.operators)) return 1;
  idx_t most = 1, bound = query_.Threads();
  for (size_t b = 0; b < pipeline.branches.size(); b++) {
    const auto& operators = pipeline.branches[b].operators;
    if (!parallel(operators)) return 1;
    const idx_t allowed = sources.states[b]->MaxThreads();
    most = std::max(most, allowed);
    // Every thread must take part in a branch whose operators have final output (the
    // last of them emits it), so none may be left out of it.
    for (const auto* op : operators) {
      if (op->HasFinalOutput()) bound = std::min(bound, allowed);
    }
  }
  return std::max<idx_t>(1, std::min({query_.Threads(), most, bound}));
}

std::unique_ptr<PipelineSources> Executor::SourcesOf(const Pipeline& pipeline) {
  ExecutionContext setup{query_, main_thread_};
  auto sources = std::make_unique<PipelineSources>(pipeline.branches.size());
  for (const auto& branch : pipeline.branches) {
    sources->states.push_back(branch.source->GetGlobalSourceState(setup));
  }
  return sources;
}

void Executor::RunToSink(Pipeline& pipeline) {
  PhysicalOperator& sink = *pipeline.sink;
  std::unique_ptr<PipelineSources> sources = SourcesOf(pipeline);
  GlobalSinkState& global = query_.SinkState(sink);
  idx_t threads = ThreadsFor(pipeline, *sources);
  auto task = [&](TaskScheduler::Job* job, idx_t) {
    ThreadContext thread;
    thread.pipeline_threads = threads;
    PipelineRun run(ExecutionContext{query_, thread}, pipeline, *sources);
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
  result_sources_ = SourcesOf(result_);
  result_run_ = std::make_unique<PipelineRun>(setup, result_, *result_sources_);
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
