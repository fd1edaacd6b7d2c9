// FilteredAggregate: see filtered_aggregate.hpp.
#include "function/aggregate/filtered_aggregate.hpp"

#include <vector>

#include "vector/selection_vector.hpp"

namespace teal {

namespace {

/// The rows [0, count) whose `filter` is true, into `sel`; their number.
idx_t FilterRows(const Vector& filter, idx_t count, SelectionVector& sel) {
  const bool* holds = filter.Values<bool>();
  const bool constant = filter.IsConstant();
  idx_t n = 0;
  for (idx_t row = 0; row < count; row++) {
    if (filter.RowIsValid(row) && holds[constant ? 0 : row]) sel.Set(n++, row);
  }
  return n;
}

/// `rows` without its last column, keeping only the selected rows.
void KeptArguments(const DataChunk& rows, const SelectionVector& sel, idx_t kept, idx_t count,
                   DataChunk& out) {
  std::vector<LogicalType> types = rows.Types();
  types.pop_back();
  out.Initialize(types, std::max<idx_t>(count, 1));
  for (idx_t c = 0; c < types.size(); c++) out.data[c].Reference(rows.data[c]);
  out.SetCardinality(count);
  if (kept < count) out.Slice(sel, kept);
}

}  // namespace

AggregateFunction FilteredAggregate(const AggregateFunction& inner) {
  AggregateFunction f = inner;
  f.arguments.push_back(LogicalType(TypeId::kBoolean));
  // Every row must reach the filter (inner keeps NULL arguments itself).
  f.ignores_nulls = false;
  f.skips_null_first_argument = false;
  f.update = [inner](const DataChunk& rows, data_ptr_t* states, idx_t count) {
    SelectionVector sel(std::max<idx_t>(count, 1));
    const idx_t kept = FilterRows(rows.data[rows.ColumnCount() - 1], count, sel);
    if (kept == 0) return;
    DataChunk arguments;
    KeptArguments(rows, sel, kept, count, arguments);
    std::vector<data_ptr_t> kept_states(kept);
    for (idx_t i = 0; i < kept; i++) kept_states[i] = states[kept < count ? sel.Get(i) : i];
    inner.update(arguments, kept_states.data(), kept);
  };
  f.simple_update = nullptr;  // the operators fall back to update with one state per row
  return f;
}

}  // namespace teal
