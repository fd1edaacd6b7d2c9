// Executor: splits a physical plan into pipelines and runs them.
//
// Every pipeline but the last ends in a sink and runs to completion in Initialize(), in
// dependency order (a join's build pipeline before the pipeline that probes it); a
// pipeline whose source, operators and sink allow it runs on up to `threads` threads of
// the scheduler, each over its own morsels. The last pipeline has no sink: FetchChunk
// pulls its result a chunk at a time on the calling thread, so results stream in the
// order a single thread produces them.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "execution/execution_context.hpp"
#include "execution/physical_operator.hpp"

namespace teal {

class TaskScheduler;
class MaterializedCtes;

struct Pipeline {
  PhysicalOperator* source = nullptr;
  std::vector<PhysicalOperator*> operators;
  PhysicalOperator* sink = nullptr;  // null for the result pipeline
};

struct ExecutorOptions {
  TaskScheduler* scheduler = nullptr;  // null: everything on the calling thread
  idx_t threads = 1;
  idx_t morsel_vectors = 60;              // a row group
  std::shared_ptr<QueryControl> control;  // may be null
  bool profiling = false;                 // EXPLAIN ANALYZE
  /// The statement's materialized WITH queries, shared by the plans of its subqueries;
  /// null: each scan of a WITH query materializes it for itself.
  std::shared_ptr<MaterializedCtes> ctes;
};

class PipelineRun;  // one thread's run of a pipeline's source and operators

class Executor {
 public:
  explicit Executor(PhysicalOperator& root, ExecutorOptions options = {});
  ~Executor();
  /// Runs every pipeline that feeds the result pipeline.
  void Initialize();
  /// The next chunk of the result, or nullptr when there is no more.
  std::unique_ptr<DataChunk> FetchChunk();

  QueryContext& Query() { return query_; }

 private:
  void Build(PhysicalOperator& op, Pipeline& pipeline);
  void RunToSink(Pipeline& pipeline);
  /// How many threads may run `pipeline` (1 when some part of it is not parallel).
  idx_t ThreadsFor(const Pipeline& pipeline, const GlobalSourceState& source) const;

  PhysicalOperator& root_;
  QueryContext query_;
  ThreadContext main_thread_;      // the calling thread's, for the result pipeline
  std::vector<Pipeline> feeding_;  // in the order they must run
  Pipeline result_;
  std::unique_ptr<GlobalSourceState> result_source_;
  std::unique_ptr<PipelineRun> result_run_;
};

}  // namespace teal
