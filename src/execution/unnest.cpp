// PhysicalUnnest: a chunk of output at a time from each input chunk's lists.
#include "execution/unnest.hpp"

#include <algorithm>

#include "execution/expression_executor.hpp"

namespace teal {

namespace {
struct UnnestState : OperatorState {
  /// Set while an input chunk has rows left to unnest: `lists` are evaluated over it.
  bool in_progress = false;
  ExpressionExecutor executor;
  std::vector<Vector> lists;
  idx_t row = 0;      // the input row to continue at
  idx_t element = 0;  // its next element
};

/// The elements of `row` of an evaluated list vector; none for NULL.
list_entry_t Entry(const Vector& list, idx_t row) {
  const idx_t r = list.IsConstant() ? 0 : row;
  if (!list.RowIsValid(r)) return {0, 0};
  return list.Values<list_entry_t>()[r];
}
}  // namespace

Vector RepeatRows(const Vector& source, const SelectionVector& sel, idx_t count) {
  Vector out(source.Type(), source.IsConstant() ? 0 : kVectorSize);
  if (source.IsConstant()) {
    out.Reference(source);
  } else if (source.Type().Physical() != PhysicalType::kList) {
    out.CopyFrom(source, sel, count, 0, 0);
  } else {
    const auto* entries = source.Values<list_entry_t>();
    auto* target = out.Values<list_entry_t>();
    for (idx_t i = 0; i < count; i++) {
      const idx_t row = sel.Get(i);
      if (source.RowIsValid(row)) {
        target[i] = entries[row];
      } else {
        out.SetNull(i);
      }
    }
    if (source.HasListChild()) {
      out.ListChild().Reference(source.ListChild());
      out.SetListSize(source.ListSize());
    }
  }
  return out;
}

std::unique_ptr<OperatorState> PhysicalUnnest::GetOperatorState(ExecutionContext& context) const {
  return std::make_unique<UnnestState>();
}

OperatorResult PhysicalUnnest::Execute(ExecutionContext& context, DataChunk& input,
                                       DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<UnnestState&>(state);
  if (!s.in_progress) {
    if (s.executor.ExpressionCount() == 0) {
      for (const auto& e : lists_) s.executor.Add(*e);
    }
    s.lists.clear();
    for (idx_t k = 0; k < lists_.size(); k++) {
      s.lists.emplace_back(lists_[k]->type, 0);
      s.executor.Execute(input, s.lists.back(), k);
    }
    s.row = 0;
    s.element = 0;
    s.in_progress = true;
  }
  const idx_t width = columns_.size();  // the repeated columns come first
  for (idx_t k = 0; k < lists_.size(); k++) {
    output.data[width + k] = Vector(types[width + k], kVectorSize);
  }

  SelectionVector source_row(kVectorSize);  // output row -> the input row it repeats
  const SelectionVector contiguous;
  idx_t produced = 0;
  while (s.row < input.size() && produced < kVectorSize) {
    idx_t longest = 0;
    for (const auto& list : s.lists) longest = std::max<idx_t>(longest, Entry(list, s.row).length);
    if (longest > s.element) {
      const idx_t n = std::min(longest - s.element, kVectorSize - produced);
      for (idx_t k = 0; k < s.lists.size(); k++) {
        const list_entry_t entry = Entry(s.lists[k], s.row);
        Vector& out = output.data[width + k];
        const idx_t present = entry.length > s.element ? std::min(entry.length - s.element, n) : 0;
        if (present) {
          out.CopyFrom(s.lists[k].ListChild(), contiguous, present, entry.offset + s.element,
                       produced);
        }
        for (idx_t i = present; i < n; i++) out.SetNull(produced + i);
      }
      for (idx_t i = 0; i < n; i++) source_row.Set(produced + i, s.row);
      produced += n;
      s.element += n;
    }
    if (s.element >= longest) {
      s.row++;
      s.element = 0;
    }
  }
  for (idx_t c = 0; c < width; c++) {
    output.data[c] = RepeatRows(input.data[columns_[c]], source_row, produced);
  }
  output.SetCardinality(produced);
  if (s.row < input.size()) return OperatorResult::kHaveMoreOutput;
  s.in_progress = false;
  s.lists.clear();
  return OperatorResult::kNeedMoreInput;
}

}  // namespace teal
