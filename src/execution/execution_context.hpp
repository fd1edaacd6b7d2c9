// ExecutionContext: what every role method of a physical operator receives.
//
// A QueryContext is one execution of a physical plan: the settings it runs under, the
// global sink states of its operators, the interrupt flag, the progress counters and the
// profile. It is shared by every thread that runs the query's pipelines; everything in
// it that threads change is atomic or behind a lock. A ThreadContext belongs to one
// thread running one pipeline: the morsel it is on and its share of the profile, merged
// into the query's when the thread finishes. An ExecutionContext is the two together.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "teal/basic_types.hpp"
#include "transaction/transaction.hpp"

namespace teal {

class PhysicalOperator;
class Transaction;
class TaskScheduler;
struct GlobalSinkState;

/// What EXPLAIN ANALYZE reports of an operator.
struct OperatorProfile {
  uint64_t rows = 0;   // rows it produced (as a source or an operator)
  uint64_t nanos = 0;  // time in its GetData, Execute, Sink, Combine and Finalize
  std::string note;    // what it chose as it ran (a scan: "Type: Index Scan …")
};

/// What a connection can see and do of the query it runs from another thread: interrupt
/// it, and read its progress. Shared by the connection and the query's executor (whose
/// result may still stream after the statement returned).
struct QueryControl {
  std::atomic<bool> interrupted{false};
  /// max_execution_time: when the statement must have ended (steady clock, in
  /// nanoseconds since its epoch; 0: never), and the limit, for the message.
  std::atomic<int64_t> deadline{0};
  uint64_t limit_ms = 0;
  /// Work units (rows of the sources) done and known in total.
  std::atomic<uint64_t> progress_done{0};
  std::atomic<uint64_t> progress_total{0};

  /// Ready for the next statement: not interrupted, no progress, `max_ms` milliseconds
  /// from now to run (0: no limit).
  void Reset(uint64_t max_ms = 0) {
    // Relaxed: the statement that follows is started by this same thread.
    interrupted.store(false, std::memory_order_relaxed);
    limit_ms = max_ms;
    deadline.store(max_ms == 0 ? 0
                               : std::chrono::duration_cast<std::chrono::nanoseconds>(
                                     std::chrono::steady_clock::now().time_since_epoch() +
                                     std::chrono::milliseconds(max_ms))
                                     .count(),
                   std::memory_order_relaxed);
    progress_done.store(0, std::memory_order_relaxed);
    progress_total.store(0, std::memory_order_relaxed);
  }
  /// Percent done (0 … 100), or -1 when nothing is known yet.
  double Progress() const;
};

class QueryContext {
 public:
  /// `threads` is the most threads a pipeline may use (1: the calling thread alone);
  /// `morsel_vectors` how many vectors of a table one morsel covers; `control` may be
  /// null (nobody interrupts or watches).
  QueryContext(TaskScheduler* scheduler, idx_t threads, idx_t morsel_vectors,
               std::shared_ptr<QueryControl> control, bool profiling);

  TaskScheduler* Scheduler() const { return scheduler_; }
  idx_t Threads() const { return threads_; }
  idx_t MorselVectors() const { return morsel_vectors_; }

  /// The transaction the query runs in: its snapshot for the scans, its undo buffer for
  /// the writes. Set by whoever runs the query; outlives it.
  Transaction* transaction = nullptr;
  /// The transaction that reads `table`: the query's, or its transaction of the attached
  /// database the table is in (Transaction::For).
  Transaction& ReadTransaction(const DataTable& table) const { return transaction->For(table); }
  /// ReadTransaction, for a change of `table` (`name`): throws TransactionError when the
  /// query's transaction changed another database already (Transaction::WriteTo).
  Transaction& WriteTransaction(const DataTable& table, std::string_view name) const {
    Transaction& target = transaction->For(table);
    transaction->WriteTo(target, "table \"" + std::string(name) + "\"");
    return target;
  }

  /// Throws InterruptError when Connection::Interrupt was called during this query.
  void CheckInterrupt() const;

  /// The global sink state of `op`, made by the executor before op's pipelines run.
  GlobalSinkState& SinkState(const PhysicalOperator& op) const;
  /// The sink state of `op`, or null when it has none yet.
  GlobalSinkState* FindSinkState(const PhysicalOperator& op) const;
  void SetSinkState(const PhysicalOperator& op, std::unique_ptr<GlobalSinkState> state);

  bool Profiling() const { return profiling_; }
  /// Adds a thread's figures for its operators (EXPLAIN ANALYZE).
  void MergeProfile(const std::unordered_map<const PhysicalOperator*, OperatorProfile>& part);
  OperatorProfile ProfileOf(const PhysicalOperator& op) const;
  /// Records what `op` chose as it ran, when profiling.
  void NoteChoice(const PhysicalOperator& op, std::string note);

  QueryControl& Control() const { return *control_; }

 private:
  TaskScheduler* scheduler_;
  idx_t threads_;
  idx_t morsel_vectors_;
  std::shared_ptr<QueryControl> control_;
  bool profiling_;
  // A plan has a handful of sinks: a list searched in order beats a hash map here.
  std::vector<std::pair<const PhysicalOperator*, std::unique_ptr<GlobalSinkState>>> sink_states_;
  mutable std::mutex profile_lock_;
  std::unordered_map<const PhysicalOperator*, OperatorProfile> profile_;
};

/// One thread's part in running a pipeline.
struct ThreadContext {
  /// The morsel the thread is on: sources number their morsels 0, 1, … in the order a
  /// single thread would produce them, so sinks that must keep the input's order (a
  /// stable sort) can restore it.
  idx_t batch = 0;
  /// How many threads run the thread's pipeline (see ParallelFinalOutput).
  idx_t pipeline_threads = 1;
  std::unordered_map<const PhysicalOperator*, OperatorProfile> profile;
};

struct ExecutionContext {
  QueryContext& query;
  ThreadContext& thread;
};

/// Times one call into an operator for EXPLAIN ANALYZE; does nothing unless profiling.
class ProfileTimer {
 public:
  ProfileTimer(ExecutionContext& context, const PhysicalOperator& op)
      : profile_(context.query.Profiling() ? &context.thread.profile[&op] : nullptr) {
    if (profile_) start_ = std::chrono::steady_clock::now();
  }
  void Done(idx_t rows) {
    if (!profile_) return;
    auto elapsed = std::chrono::steady_clock::now() - start_;
    profile_->nanos += static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count());
    profile_->rows += rows;
  }

 private:
  OperatorProfile* profile_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace teal
