// TaskScheduler: the worker threads of one database, shared by all its connections.
//
// A job is `count` numbered tasks; Run hands them to the calling thread and to idle
// workers, and returns when every task has run. The calling thread always takes part and
// claims tasks until none is left, so a job finishes even when every worker is busy with
// other queries (no query waits for another's threads), and with no workers (threads =
// 1) everything runs on the calling thread. The first exception of a task is thrown by
// Run once all tasks have finished — a teal::Error as a new error of its category and
// text, so the thread that catches it shares no exception object with a worker; tasks
// should stop early when one failed (Failed()).
//
// Thread-safe: any number of threads may call Run at once; SetWorkers waits for the
// workers it stops to finish their current task.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/error.hpp"

namespace teal {

class TaskScheduler {
 public:
  TaskScheduler() = default;
  ~TaskScheduler();
  TaskScheduler(const TaskScheduler&) = delete;
  TaskScheduler& operator=(const TaskScheduler&) = delete;

  /// Keeps `count` worker threads (besides the threads that call Run).
  void SetWorkers(idx_t count);
  idx_t Workers() const { return wanted_.load(std::memory_order_relaxed); }

  /// What a task sees of its job.
  class Job;
  /// Runs task(job, i) for every i in [0, count); see the file comment.
  void Run(idx_t count, const std::function<void(Job& job, idx_t task)>& task);

  /// Runs queued tasks (of any job) until `done()` holds, sleeping while there are none:
  /// for a thread that needs what another thread is computing, perhaps with Run (an
  /// uncorrelated subquery's answer). `done` is called under the scheduler's lock; whoever
  /// makes it true calls Wake afterwards.
  void HelpUntil(const std::function<bool()>& done);
  /// Wakes the threads in HelpUntil to check their condition again.
  void Wake();

 private:
  void WorkerLoop(idx_t index);

  mutable std::mutex lock_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> queue_;  // jobs with tasks not yet claimed
  std::vector<std::thread> workers_;
  std::atomic<idx_t> wanted_{0};  // workers with an index >= wanted_ leave
};

class TaskScheduler::Job {
 public:
  /// Whether a task of this job has thrown: the others should stop.
  bool Failed() const { return failed_.load(std::memory_order_relaxed); }

 private:
  friend class TaskScheduler;
  /// Claims and runs tasks until none is left.
  void Work();

  idx_t count_ = 0;
  std::function<void(Job&, idx_t)> task_;
  std::atomic<idx_t> next_{0};
  std::atomic<bool> failed_{false};
  std::mutex lock_;
  std::condition_variable finished_cv_;
  idx_t finished_ = 0;
  std::exception_ptr error_;  // the first error, unless a teal::Error (then these two)
  ErrorCategory error_category_ = ErrorCategory::kInternal;
  std::string error_message_;
};

}  // namespace teal
