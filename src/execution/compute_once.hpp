// ComputeOnce: a result that one execution of a query computes once, on first use, for
// every thread of the query that needs it (an uncorrelated subquery's answer, a
// materialized WITH query's rows).
//
// The first thread to need it computes it; the others that need it meanwhile run the
// query's queued tasks (TaskScheduler::HelpUntil) — the computation's own among them, as
// it runs on the query's threads — or, without a scheduler, wait. An error of the
// computation is kept and thrown to every thread that needs the result, each its own copy
// (a teal::Error is kept as category and text).
//
// Thread-safe.
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>

#include "teal/error.hpp"

namespace teal {

class TaskScheduler;

class ComputeOnce {
 public:
  /// `scheduler` (null for none): the query's, whose tasks waiting threads help run.
  explicit ComputeOnce(TaskScheduler* scheduler = nullptr) : scheduler_(scheduler) {}
  ComputeOnce(const ComputeOnce&) = delete;
  ComputeOnce& operator=(const ComputeOnce&) = delete;

  /// Runs `compute` unless a thread has started it; returns once it has finished, and
  /// throws its error if it failed. What `compute` wrote is visible after the return.
  void Ensure(const std::function<void()>& compute);

 private:
  void Finish();

  TaskScheduler* scheduler_;
  std::mutex lock_;
  std::condition_variable finished_;  // without a scheduler
  bool started_ = false;
  std::atomic<bool> done_{false};
  bool failed_ = false;
  ErrorCategory error_category_ = ErrorCategory::kInternal;
  std::string error_message_;
  std::exception_ptr other_error_;
};

}  // namespace teal
