// PhysicalSetOperation: streaming union, counted intersect/except.
#include "execution/set_operation.hpp"

#include <unordered_map>
#include <unordered_set>

#include "execution/executor.hpp"
#include "execution/row_key.hpp"

namespace teal {

namespace {
struct SetSource : GlobalSourceState {
  std::unique_ptr<Executor> left, right;
  bool on_right = false;                              // UNION ALL: left done
  std::unordered_map<std::string, idx_t> right_rows;  // INTERSECT/EXCEPT: count per value
  std::unordered_set<std::string> emitted;            // without ALL: values already given
  bool counted = false;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalSetOperation::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto s = std::make_unique<SetSource>();
  s->left = std::make_unique<Executor>(*children[0], context.query.NestedOptions());
  s->left->Initialize();
  return s;
}

void PhysicalSetOperation::GetData(ExecutionContext& context, DataChunk& chunk,
                                   GlobalSourceState& state, LocalSourceState& local) const {
  auto& s = static_cast<SetSource&>(state);
  if (operation_ == SetOperation::kUnion) {
    while (true) {
      auto next = (s.on_right ? s.right : s.left)->FetchChunk();
      if (next) {
        chunk.Reference(*next);
        chunk.Flatten();
        return;
      }
      if (s.on_right) {
        chunk.SetCardinality(0);
        return;
      }
      s.on_right = true;
      s.right = std::make_unique<Executor>(*children[1], context.query.NestedOptions());
      s.right->Initialize();
    }
  }
  std::string key;
  if (!s.counted) {
    Executor right(*children[1], context.query.NestedOptions());
    right.Initialize();
    while (auto next = right.FetchChunk()) {
      next->Flatten();
      for (idx_t row = 0; row < next->size(); row++) {
        key.clear();
        EncodeRow(next->data, row, key);
        s.right_rows[key]++;
      }
    }
    s.counted = true;
  }
  while (auto next = s.left->FetchChunk()) {
    next->Flatten();
    SelectionVector keep(std::max<idx_t>(next->size(), 1));
    idx_t kept = 0;
    for (idx_t row = 0; row < next->size(); row++) {
      key.clear();
      EncodeRow(next->data, row, key);
      auto it = s.right_rows.find(key);
      bool in_right = it != s.right_rows.end() && it->second > 0;
      bool take;
      if (operation_ == SetOperation::kIntersect) {
        take = in_right;
        if (take && all_) it->second--;  // each right row pairs with one left row
      } else {
        take = !in_right;
        if (in_right && all_) it->second--;  // each right row removes one left row
      }
      if (take && !all_) take = s.emitted.insert(key).second;
      if (take) keep.Set(kept++, row);
    }
    if (kept == 0) continue;
    chunk.Reference(*next);
    if (kept < next->size()) chunk.Slice(keep, kept);
    return;
  }
  chunk.SetCardinality(0);
}

}  // namespace teal
