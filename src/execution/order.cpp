// PhysicalOrder: gather, sort row numbers, emit.
#include "execution/order.hpp"

#include <algorithm>

#include "execution/expression_executor.hpp"
#include "execution/value_compare.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

struct OrderSink : GlobalSinkState {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  idx_t rows = 0;
  std::unique_ptr<DataChunk> all;  // every row, after Finalize
  std::vector<sel_t> order;        // row numbers of `all` in sorted order
};

/// Compares two rows of one column, both valid.
using RowCompare = int (*)(const Vector& v, idx_t a, idx_t b);

template <typename T, typename C>
int CompareRows(const Vector& v, idx_t a, idx_t b) {
  const T* data = v.Values<T>();
  return C::Cmp(data[a], data[b]);
}

int CompareListRows(const Vector& v, idx_t a, idx_t b) {
  return CompareValues(v.GetValue(a), v.GetValue(b));
}

RowCompare ComparatorFor(const LogicalType& type) {
  if (type.Id() == TypeId::kTimeTz) return CompareRows<uint64_t, TimeTzCompare>;
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      return CompareRows<string_t, StringCompare>;
    case PhysicalType::kInterval:
      return CompareRows<interval_t, IntervalCompare>;
    case PhysicalType::kList:
      return CompareListRows;
    default:
      return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> RowCompare {
        if constexpr (std::is_same_v<T, interval_t>) {
          return nullptr;
        } else {
          return CompareRows<T, PlainCompare<T>>;
        }
      });
  }
}

}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalOrder::GetGlobalSinkState(
    ExecutionContext& context) const {
  return std::make_unique<OrderSink>();
}

void PhysicalOrder::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                         LocalSinkState& local) const {
  auto& sink = static_cast<OrderSink&>(state);
  auto copy = std::make_unique<DataChunk>(types, std::max<idx_t>(input.size(), 1));
  copy->Append(input);
  sink.rows += copy->size();
  sink.chunks.push_back(std::move(copy));
}

void SortRows(const DataChunk& rows, const std::vector<OrderKey>& order_keys,
              std::vector<sel_t>& order) {
  struct Key {
    const Vector* vector;
    RowCompare compare;
    bool descending;
    bool nulls_first;
  };
  std::vector<Key> keys;
  for (const auto& k : order_keys) {
    keys.push_back({&rows.data[k.column], ComparatorFor(rows.data[k.column].Type()), k.descending,
                    k.nulls_first});
  }
  order.resize(rows.size());
  for (idx_t i = 0; i < rows.size(); i++) order[i] = static_cast<sel_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](sel_t a, sel_t b) {
    for (const auto& key : keys) {
      bool av = key.vector->RowIsValid(a), bv = key.vector->RowIsValid(b);
      if (!av || !bv) {
        if (av == bv) continue;
        // The NULL one goes first exactly when NULLS FIRST.
        return !av ? key.nulls_first : !key.nulls_first;
      }
      int c = key.compare(*key.vector, a, b);
      if (c != 0) return key.descending ? c > 0 : c < 0;
    }
    return false;
  });
}

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<OrderSink&>(state);
  sink.all = std::make_unique<DataChunk>(types, std::max<idx_t>(sink.rows, 1));
  for (const auto& chunk : sink.chunks) sink.all->Append(*chunk);
  sink.chunks.clear();
  SortRows(*sink.all, keys_, sink.order);
}

namespace {
struct OrderSource : GlobalSourceState {
  idx_t next = 0;
};
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalOrder::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<OrderSource>();
}

void PhysicalOrder::GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& state,
                            LocalSourceState& local) const {
  auto& source = static_cast<OrderSource&>(state);
  auto& sink = static_cast<OrderSink&>(context.query.SinkState(*this));
  idx_t n = std::min(kVectorSize, sink.rows - std::min(source.next, sink.rows));
  if (n == 0) {
    chunk.SetCardinality(0);
    return;
  }
  SelectionVector sel(n);
  for (idx_t i = 0; i < n; i++) sel.Set(i, sink.order[source.next + i]);
  for (idx_t c = 0; c < types.size(); c++) chunk.data[c].CopyFrom(sink.all->data[c], sel, n, 0, 0);
  chunk.SetCardinality(n);
  source.next += n;
}

}  // namespace teal
