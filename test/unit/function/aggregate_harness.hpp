// A stand-in for the hash aggregate operator in aggregate unit tests: owns one state of
// an aggregate (allocated and aligned as the operator does) and feeds it rows given as
// Values, so tests can build several partial states and combine them directly.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "function/function.hpp"
#include "teal/error.hpp"
#include "vector/data_chunk.hpp"

namespace teal::testing {

/// The aggregate `name` resolved for argument `types`, as the binder would.
inline AggregateFunction Resolve(const std::string& name, const std::vector<LogicalType>& types) {
  const AggregateFunctionSet* set = FunctionCatalog::Builtins().FindAggregate(name);
  if (!set) throw InternalError("no aggregate " + name);
  return ResolveAggregate(*set, types, std::vector<bool>(types.size(), false));
}

class AggregateState {
 public:
  explicit AggregateState(const AggregateFunction& f)
      : f_(f), data_(static_cast<data_ptr_t>(std::aligned_alloc(16, Size()))) {
    f_.initialize(data_);
  }
  ~AggregateState() {
    if (f_.destroy) f_.destroy(data_);
    std::free(data_);
  }
  AggregateState(const AggregateState&) = delete;
  AggregateState& operator=(const AggregateState&) = delete;

  /// Adds rows; each row holds one Value per argument (of exactly the argument's type
  /// or NULL). Rows with a NULL are dropped first when the aggregate ignores NULLs.
  void UpdateRows(const std::vector<std::vector<Value>>& rows) {
    DataChunk chunk(f_.arguments);
    idx_t n = 0;
    for (const auto& row : rows) {
      bool has_null = false;
      for (const auto& v : row) has_null = has_null || v.IsNull();
      if (has_null && f_.ignores_nulls) continue;
      for (size_t c = 0; c < row.size(); c++) chunk.data[c].SetValue(n, row[c]);
      n++;
    }
    chunk.SetCardinality(n);
    std::vector<data_ptr_t> states(n, data_);
    if (n > 0) f_.update(chunk, states.data(), n);
  }
  /// One-argument convenience: one row per value.
  void Update(const std::vector<Value>& values) {
    std::vector<std::vector<Value>> rows;
    for (const auto& v : values) rows.push_back({v});
    UpdateRows(rows);
  }
  /// Merges `source` into this state.
  void Combine(AggregateState& source) { f_.combine(source.data_, data_); }
  Value Finalize() {
    Vector result(f_.return_type, 1);
    data_ptr_t state = data_;
    f_.finalize(&state, 1, result, 0);
    return result.GetValue(0);
  }

 private:
  idx_t Size() const { return (std::max<idx_t>(f_.state_size, 1) + 15) / 16 * 16; }
  AggregateFunction f_;
  data_ptr_t data_;
};

}  // namespace teal::testing
