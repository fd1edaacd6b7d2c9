// Executor: splits a physical plan into pipelines and runs them.
//
// Every pipeline but the last ends in a sink and runs to completion in Initialize(), in
// dependency order (a join's build pipeline before the pipeline that probes it); a
// pipeline whose source, operators and sink allow it runs on up to `threads` threads of
// the scheduler, each over its own morsels. The last pipeline has no sink: FetchChunk
// pulls its result a chunk at a time on the calling thread, so results stream in the
// order a single thread produces them.
//
// UNION ALL adds no operator: the pipeline it is in gets a branch per input (its source
// and operators), and the branches run one after another into the operators above.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "execution/execution_context.hpp"
#include "execution/physical_operator.hpp"

namespace teal {

struct TransitionCapture;  // planner/trigger_firing.hpp

class TaskScheduler;
class MaterializedCtes;
class Transaction;
struct WorkingTables;  // execution/recursive_cte.hpp

struct Pipeline {
  /// A source and the operators over its rows alone.
  struct Branch {
    PhysicalOperator* source = nullptr;
    std::vector<PhysicalOperator*> operators;
  };
  /// One, or one per input of a UNION ALL (in order).
  std::vector<Branch> branches{1};
  std::vector<PhysicalOperator*> operators;  // over the rows of every branch
  PhysicalOperator* sink = nullptr;          // null for the result pipeline
};

struct ExecutorOptions {
  TaskScheduler* scheduler = nullptr;  // null: everything on the calling thread
  idx_t threads = 1;
  idx_t morsel_vectors = 60;              // a row group
  std::shared_ptr<QueryControl> control;  // may be null
  bool profiling = false;                 // EXPLAIN ANALYZE
  /// A table scan reads through an index when the index gives at most the larger of
  /// these many rows and this share of the table's (index_scan_max_count,
  /// index_scan_percentage).
  idx_t index_scan_max_count = 2048;
  double index_scan_share = 0.001;
  /// The statement's materialized WITH queries, shared by the plans of its subqueries;
  /// null: each scan of a WITH query materializes it for itself.
  std::shared_ptr<MaterializedCtes> ctes;
  /// The working tables of the statement's recursive WITH queries, for the scans in their
  /// recursive parts — also in those parts' subqueries, whose plans are built later.
  std::shared_ptr<WorkingTables> working_tables;
  /// The transaction the plan runs in (the caller keeps it alive while the plan runs).
  Transaction* transaction = nullptr;
  /// Where a write statement that fires AFTER triggers keeps the rows it changed (null:
  /// none fire; planner/trigger_firing.hpp).
  std::shared_ptr<TransitionCapture> transition;
};

class PipelineRun;  // one thread's run of a pipeline's source and operators
/// The global source states of a pipeline's branches, shared by the threads that run it.
struct PipelineSources {
  explicit PipelineSources(size_t branches) : entered(branches) {}
  std::vector<std::unique_ptr<GlobalSourceState>> states;
  /// Per branch, the threads that have entered it: no more than its source's MaxThreads.
  std::vector<std::atomic<idx_t>> entered;
};

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
  /// The global source states of `pipeline`'s branches.
  std::unique_ptr<PipelineSources> SourcesOf(const Pipeline& pipeline);
  /// How many threads may run `pipeline` (1 when some part of it is not parallel).
  idx_t ThreadsFor(const Pipeline& pipeline, const PipelineSources& sources) const;

  PhysicalOperator& root_;
  QueryContext query_;
  /// Kept while the plan runs: its scans of materialized WITH queries find the queries
  /// those read through it.
  std::shared_ptr<MaterializedCtes> ctes_;
  ThreadContext main_thread_;      // the calling thread's, for the result pipeline
  std::vector<Pipeline> feeding_;  // in the order they must run
  Pipeline result_;
  std::unique_ptr<PipelineSources> result_sources_;
  std::unique_ptr<PipelineRun> result_run_;
};

}  // namespace teal
