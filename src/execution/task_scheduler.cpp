// TaskScheduler: a job queue served by the worker threads and the threads that call Run.
#include "execution/task_scheduler.hpp"

#include "common/throw_error.hpp"

namespace teal {

TaskScheduler::~TaskScheduler() { SetWorkers(0); }

void TaskScheduler::SetWorkers(idx_t count) {
  std::vector<std::thread> leaving;
  {
    std::lock_guard<std::mutex> guard(lock_);
    wanted_ = count;
    while (workers_.size() > count) {
      leaving.push_back(std::move(workers_.back()));
      workers_.pop_back();
    }
    while (workers_.size() < count) {
      idx_t index = workers_.size();
      workers_.emplace_back([this, index] { WorkerLoop(index); });
    }
  }
  wake_.notify_all();
  for (auto& t : leaving) t.join();
}

void TaskScheduler::WorkerLoop(idx_t index) {
  while (true) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock<std::mutex> guard(lock_);
      while (true) {
        // Jobs whose tasks are all claimed need no more threads.
        while (!queue_.empty() && queue_.front()->next_.load() >= queue_.front()->count_) {
          queue_.pop_front();
        }
        if (index >= wanted_) return;
        if (!queue_.empty()) break;
        wake_.wait(guard);
      }
      job = queue_.front();
    }
    job->Work();
  }
}

void TaskScheduler::HelpUntil(const std::function<bool()>& done) {
  std::unique_lock<std::mutex> guard(lock_);
  while (!done()) {
    while (!queue_.empty() && queue_.front()->next_.load() >= queue_.front()->count_) {
      queue_.pop_front();
    }
    if (queue_.empty()) {
      wake_.wait(guard);
      continue;
    }
    std::shared_ptr<Job> job = queue_.front();
    guard.unlock();
    job->Work();
    guard.lock();
  }
}

void TaskScheduler::Wake() {
  // Taking the lock orders the waker's change before a helper's next check of `done`.
  { std::lock_guard<std::mutex> guard(lock_); }
  wake_.notify_all();
}

void TaskScheduler::Job::Work() {
  while (true) {
    idx_t task = next_.fetch_add(1);
    if (task >= count_) return;
    try {
      if (!Failed()) task_(*this, task);
    } catch (const Error& e) {
      // Kept as category and text: Run throws a fresh error on its own thread, so no
      // exception object is shared between threads.
      std::lock_guard<std::mutex> guard(lock_);
      if (!failed_) {
        error_category_ = e.Category();
        error_message_ = e.what();
        failed_ = true;
      }
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock_);
      if (!failed_) {
        error_ = std::current_exception();
        failed_ = true;
      }
    }
    std::lock_guard<std::mutex> guard(lock_);
    if (++finished_ == count_) finished_cv_.notify_all();
  }
}

void TaskScheduler::Run(idx_t count, const std::function<void(Job& job, idx_t task)>& task) {
  if (count == 0) return;
  auto job = std::make_shared<Job>();
  job->count_ = count;
  job->task_ = task;
  bool shared = false;
  if (count > 1) {
    std::lock_guard<std::mutex> guard(lock_);
    if (!workers_.empty()) {
      queue_.push_back(job);
      shared = true;
    }
  }
  if (shared) wake_.notify_all();
  job->Work();
  if (shared) {
    // The job may still be queued when the calling thread claimed its last tasks.
    std::lock_guard<std::mutex> guard(lock_);
    for (auto it = queue_.begin(); it != queue_.end(); ++it) {
      if (*it == job) {
        queue_.erase(it);
        break;
      }
    }
  }
  std::unique_lock<std::mutex> guard(job->lock_);
  job->finished_cv_.wait(guard, [&] { return job->finished_ == job->count_; });
  if (job->error_) std::rethrow_exception(job->error_);
  if (job->failed_) ThrowErrorOf(job->error_category_, job->error_message_);
}

}  // namespace teal
