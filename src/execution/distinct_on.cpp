// PhysicalDistinctOn: first row per key, in input order.
#include "execution/distinct_on.hpp"

#include <string>
#include <unordered_set>

#include "execution/row_key.hpp"

namespace teal {

namespace {
struct DistinctOnState : OperatorState {
  std::unordered_set<std::string> seen;
};
}  // namespace

std::unique_ptr<OperatorState> PhysicalDistinctOn::GetOperatorState(
    ExecutionContext& context) const {
  return std::make_unique<DistinctOnState>();
}

OperatorResult PhysicalDistinctOn::Execute(ExecutionContext& context, DataChunk& input,
                                           DataChunk& output, OperatorState& state) const {
  auto& seen = static_cast<DistinctOnState&>(state).seen;
  const idx_t count = input.size();
  // EncodeKey reads rows by position, so constant key vectors are made flat first.
  std::vector<Vector> keys;
  for (idx_t column : key_columns_) {
    Vector flat(input.data[column].Type(), 0);
    flat.Reference(input.data[column]);
    flat.Flatten(count);
    keys.push_back(std::move(flat));
  }
  SelectionVector first(std::max<idx_t>(count, 1));
  idx_t kept = 0;
  std::string key;
  for (idx_t row = 0; row < count; row++) {
    key.clear();
    EncodeRow(keys, row, key);
    if (seen.insert(key).second) first.Set(kept++, row);
  }
  output.Reference(input);
  if (kept < count) output.Slice(first, kept);
  return OperatorResult::kNeedMoreInput;
}

}  // namespace teal
