// PhysicalSetOperation: the right rows counted by value, then the left rows filtered.
#include "execution/set_operation.hpp"

#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "execution/row_key.hpp"

namespace teal {

namespace {

using RowCounts = std::unordered_map<std::string, idx_t>;

/// Adds one to the count of each row of `chunk` (by its encoded value).
void CountRows(DataChunk& chunk, RowCounts& counts) {
  chunk.Flatten();
  std::string key;
  for (idx_t row = 0; row < chunk.size(); row++) {
    key.clear();
    EncodeRow(chunk.data, row, key);
    counts[key]++;
  }
}

struct RightCounts : GlobalSinkState {
  std::mutex lock;
  RowCounts counts;  // after the last Combine: how many right rows have each value
  std::unordered_set<std::string> emitted;  // without ALL: values already passed
};

struct LocalCounts : LocalSinkState {
  RowCounts counts;
};

/// The left rows' pass through the counts (on the pipeline's one thread).
struct Filtering : OperatorState {
  RightCounts* right = nullptr;  // the pass changes it: one thread at a time
  DataChunk rows;                // the input, flattened, that `output` views
  SelectionVector keep{kVectorSize};
};

}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalSetOperation::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<RightCounts>();
}

std::unique_ptr<LocalSinkState> PhysicalSetOperation::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalCounts>();
}

void PhysicalSetOperation::Sink(ExecutionContext&, DataChunk& input, GlobalSinkState&,
                                LocalSinkState& local) const {
  CountRows(input, static_cast<LocalCounts&>(local).counts);
}

void PhysicalSetOperation::Combine(ExecutionContext&, GlobalSinkState& global,
                                   LocalSinkState& local) const {
  auto& right = static_cast<RightCounts&>(global);
  auto& mine = static_cast<LocalCounts&>(local).counts;
  std::lock_guard<std::mutex> guard(right.lock);
  if (right.counts.empty()) {
    right.counts = std::move(mine);
    return;
  }
  for (auto& [key, count] : mine) right.counts[key] += count;
}

std::unique_ptr<OperatorState> PhysicalSetOperation::GetOperatorState(
    ExecutionContext& context) const {
  auto state = std::make_unique<Filtering>();
  state->right = &SinkStateOf<RightCounts>(context, *this);
  return state;
}

OperatorResult PhysicalSetOperation::Execute(ExecutionContext&, DataChunk& input, DataChunk& output,
                                             OperatorState& state) const {
  auto& s = static_cast<Filtering&>(state);
  s.rows.Reference(input);
  s.rows.Flatten();
  std::string key;
  idx_t kept = 0;
  for (idx_t row = 0; row < s.rows.size(); row++) {
    key.clear();
    EncodeRow(s.rows.data, row, key);
    auto it = s.right->counts.find(key);
    const bool in_right = it != s.right->counts.end() && it->second > 0;
    bool take;
    if (operation_ == SetOperation::kIntersect) {
      take = in_right;
      if (take && all_) it->second--;  // each right row pairs with one left row
    } else {
      take = !in_right;
      if (in_right && all_) it->second--;  // each right row removes one left row
    }
    if (take && !all_) take = s.right->emitted.insert(key).second;
    if (take) s.keep.Set(kept++, row);
  }
  output.Reference(s.rows);
  if (kept < s.rows.size()) output.Slice(s.keep, kept);
  return OperatorResult::kNeedMoreInput;
}

}  // namespace teal
