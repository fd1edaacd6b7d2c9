// ComputeOnce: the first caller computes, the others help the scheduler or wait.
#include "execution/compute_once.hpp"

#include "common/throw_error.hpp"
#include "execution/task_scheduler.hpp"

namespace teal {

void ComputeOnce::Ensure(const std::function<void()>& compute) {
  if (!done_.load(std::memory_order_acquire)) {
    std::unique_lock<std::mutex> guard(lock_);
    if (!started_) {
      started_ = true;
      guard.unlock();
      try {
        compute();
      } catch (const Error& error) {
        failed_ = true;
        error_category_ = error.Category();
        error_message_ = error.what();
      } catch (...) {
        failed_ = true;
        other_error_ = std::current_exception();
      }
      Finish();
    } else if (scheduler_) {
      guard.unlock();
      scheduler_->HelpUntil([this] { return done_.load(std::memory_order_acquire); });
    } else {
      finished_.wait(guard, [this] { return done_.load(std::memory_order_acquire); });
    }
  }
  if (failed_) {
    if (other_error_) std::rethrow_exception(other_error_);
    ThrowErrorOf(error_category_, error_message_);
  }
}

void ComputeOnce::Finish() {
  {
    std::lock_guard<std::mutex> guard(lock_);
    done_.store(true, std::memory_order_release);
  }
  finished_.notify_all();
  if (scheduler_) scheduler_->Wake();
}

}  // namespace teal
