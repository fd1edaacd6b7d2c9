// QueryContext: sink states, interrupt and profile of one execution.
#include "execution/execution_context.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "execution/physical_operator.hpp"
#include "teal/error.hpp"

namespace teal {

QueryContext::QueryContext(TaskScheduler* scheduler, idx_t threads, idx_t morsel_vectors,
                           std::shared_ptr<QueryControl> control, bool profiling)
    : scheduler_(scheduler),
      threads_(std::max<idx_t>(threads, 1)),
      morsel_vectors_(std::max<idx_t>(morsel_vectors, 1)),
      control_(control ? std::move(control) : std::make_shared<QueryControl>()),
      profiling_(profiling) {}

void QueryContext::CheckInterrupt() const {
  if (control_->interrupted.load(std::memory_order_relaxed)) {
    throw InterruptError("the query was interrupted");
  }
  const int64_t deadline = control_->deadline.load(std::memory_order_relaxed);
  if (deadline != 0 && std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                               .count() > deadline) {
    throw InterruptError(
        fmt::format("Query exceeded maximum execution time: it ran past max_execution_time = {} "
                    "ms",
                    control_->limit_ms));
  }
}

double QueryControl::Progress() const {
  uint64_t total = progress_total.load(), done = progress_done.load();
  if (total == 0) return -1;
  return 100.0 * static_cast<double>(std::min(done, total)) / static_cast<double>(total);
}

GlobalSinkState& QueryContext::SinkState(const PhysicalOperator& op) const {
  if (GlobalSinkState* state = FindSinkState(op)) return *state;
  throw InternalError(op.Name() + " has no sink state yet");
}

GlobalSinkState* QueryContext::FindSinkState(const PhysicalOperator& op) const {
  for (const auto& [sink, state] : sink_states_) {
    if (sink == &op) return state.get();
  }
  return nullptr;
}

void QueryContext::SetSinkState(const PhysicalOperator& op,
                                std::unique_ptr<GlobalSinkState> state) {
  for (auto& [sink, existing] : sink_states_) {
    if (sink == &op) {
      existing = std::move(state);
      return;
    }
  }
  sink_states_.emplace_back(&op, std::move(state));
}

void QueryContext::MergeProfile(
    const std::unordered_map<const PhysicalOperator*, OperatorProfile>& part) {
  std::lock_guard<std::mutex> guard(profile_lock_);
  for (const auto& [op, figures] : part) {
    auto& total = profile_[op];
    total.rows += figures.rows;
    total.nanos += figures.nanos;
  }
}

void QueryContext::NoteChoice(const PhysicalOperator& op, std::string note) {
  if (!profiling_) return;
  std::lock_guard<std::mutex> guard(profile_lock_);
  profile_[&op].note = std::move(note);
}

OperatorProfile QueryContext::ProfileOf(const PhysicalOperator& op) const {
  std::lock_guard<std::mutex> guard(profile_lock_);
  auto found = profile_.find(&op);
  return found == profile_.end() ? OperatorProfile{} : found->second;
}

}  // namespace teal
