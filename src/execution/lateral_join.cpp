// PhysicalLateralJoin: the item's rows per input row, a chunk of output at a time.
#include "execution/lateral_join.hpp"

#include <algorithm>
#include <unordered_map>

#include "execution/expression_executor.hpp"
#include "execution/row_key.hpp"
#include "execution/subquery.hpp"
#include "execution/unnest.hpp"

namespace teal {

namespace {

/// The rows one run of the plan gave, in owned, flat, non-empty chunks.
using Rows = std::vector<DataChunk>;

/// Runs past this many rows held for an input chunk are dropped and run again when
/// needed: repeated outer values then cost a second run rather than unbounded memory.
constexpr idx_t kMaxCachedRows = idx_t(1) << 20;

struct LateralState : OperatorState {
  /// Set while an input chunk has rows left: `outer` holds its outer values.
  bool in_progress = false;
  std::vector<Vector> outer;
  std::unordered_map<std::string, std::shared_ptr<const Rows>> runs;  // by outer values
  idx_t cached_rows = 0;
  idx_t row = 0;                     // the input row to continue at
  std::shared_ptr<const Rows> rows;  // its plan's rows, once run
  idx_t chunk = 0, offset = 0;       // the next of them
};

std::shared_ptr<const Rows> Run(const Expression& subquery, const std::vector<Value>& outer) {
  auto rows = std::make_shared<Rows>();
  RunSubqueryPlan(subquery, outer, [&](const DataChunk& chunk) {
    if (chunk.size() == 0) return true;
    DataChunk& copy = rows->emplace_back(chunk.Types(), std::max(chunk.size(), idx_t(1)));
    copy.Append(chunk);
    copy.Flatten();
    return true;
  });
  return rows;
}

/// The plan's rows for input row `row` (from the runs of this chunk when it ran already).
std::shared_ptr<const Rows> RowsFor(const Expression& subquery, LateralState& s, idx_t row) {
  std::vector<Value> outer(s.outer.size());
  for (idx_t i = 0; i < outer.size(); i++) outer[i] = s.outer[i].GetValue(row);
  // A plan that is not deterministic runs again for every row, even for equal values.
  if (!subquery.subquery->deterministic) return Run(subquery, outer);
  std::string key;
  EncodeRow(s.outer, row, key);
  if (auto it = s.runs.find(key); it != s.runs.end()) return it->second;
  auto rows = Run(subquery, outer);
  for (const auto& chunk : *rows) s.cached_rows += chunk.size();
  if (s.cached_rows > kMaxCachedRows) {
    s.runs.clear();
    s.cached_rows = 0;
  }
  s.runs.emplace(std::move(key), rows);
  return rows;
}

}  // namespace

std::unique_ptr<OperatorState> PhysicalLateralJoin::GetOperatorState(
    ExecutionContext& context) const {
  return std::make_unique<LateralState>();
}

OperatorResult PhysicalLateralJoin::Execute(ExecutionContext& context, DataChunk& input,
                                            DataChunk& output, OperatorState& state) const {
  auto& s = static_cast<LateralState&>(state);
  if (!s.in_progress) {
    s.outer.clear();
    for (const auto& e : subquery_->children) {
      Vector& v = s.outer.emplace_back(e->type, 0);
      ExpressionExecutor(*e).Execute(input, v);
      v.Flatten(input.size());
    }
    s.runs.clear();
    s.cached_rows = 0;
    s.row = 0;
    s.rows = nullptr;
    s.in_progress = true;
  }
  const idx_t width = input.ColumnCount();  // the input's columns come first
  for (idx_t c = width; c < types.size(); c++) output.data[c] = Vector(types[c], kVectorSize);

  SelectionVector source_row(kVectorSize);  // output row -> the input row it repeats
  const SelectionVector contiguous;
  idx_t produced = 0;
  while (s.row < input.size() && produced < kVectorSize) {
    if (!s.rows) {
      s.rows = RowsFor(*subquery_, s, s.row);
      s.chunk = 0;
      s.offset = 0;
      if (s.rows->empty() && left_join_) {
        for (idx_t c = width; c < types.size(); c++) output.data[c].SetNull(produced);
        source_row.Set(produced++, s.row);
      }
    }
    if (s.chunk == s.rows->size()) {
      s.row++;
      s.rows = nullptr;
      continue;
    }
    const DataChunk& from = (*s.rows)[s.chunk];
    const idx_t n = std::min(from.size() - s.offset, kVectorSize - produced);
    for (idx_t c = width; c < types.size(); c++) {
      output.data[c].CopyFrom(from.data[c - width], contiguous, n, s.offset, produced);
    }
    for (idx_t i = 0; i < n; i++) source_row.Set(produced + i, s.row);
    produced += n;
    s.offset += n;
    if (s.offset == from.size()) {
      s.chunk++;
      s.offset = 0;
    }
  }
  for (idx_t c = 0; c < width; c++)
    output.data[c] = RepeatRows(input.data[c], source_row, produced);
  output.SetCardinality(produced);
  if (s.row < input.size()) return OperatorResult::kHaveMoreOutput;
  s.in_progress = false;
  s.runs.clear();
  s.outer.clear();
  return OperatorResult::kNeedMoreInput;
}

}  // namespace teal
