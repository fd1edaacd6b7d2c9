// PhysicalOrder: gather (on every thread), sort by normalized keys, emit.
#include "execution/order.hpp"

#include <algorithm>

#include "execution/sort_key.hpp"
#include "execution/sunk_chunks.hpp"

namespace teal {

namespace {

struct OrderSink : GlobalSinkState {
  GlobalSunkChunks sunk;            // while sinking
  std::unique_ptr<DataChunk> all;   // every row in single-thread order, after Finalize
  AccountedVector<uint32_t> order;  // row numbers of `all` in sorted order
};

struct OrderSource : GlobalSourceState {
  OrderSink* sink = nullptr;
  idx_t next = 0;
};

}  // namespace

void SortRows(const DataChunk& rows, const std::vector<OrderKey>& keys, std::vector<sel_t>& order) {
  AccountedVector<uint32_t> sorted;
  SortKeys(rows.Types(), keys).Sort(rows, sorted, nullptr, 1);
  order.assign(sorted.begin(), sorted.end());
}

std::unique_ptr<GlobalSinkState> PhysicalOrder::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<OrderSink>();
}

std::unique_ptr<LocalSinkState> PhysicalOrder::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSunkChunks>();
}

void PhysicalOrder::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                         LocalSinkState& local) const {
  static_cast<LocalSunkChunks&>(local).Add(context, input, types);
}

void PhysicalOrder::Combine(ExecutionContext&, GlobalSinkState& global,
                            LocalSinkState& local) const {
  static_cast<OrderSink&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<OrderSink&>(state);
  // Rows in the order one thread would have sunk them: ties keep that order.
  std::vector<SunkChunk> chunks = sink.sunk.TakeInOrder();
  sink.all = Concatenate(chunks, types);
  context.query.CheckInterrupt();
  SortKeys(types, keys_)
      .Sort(*sink.all, sink.order, context.query.Scheduler(), context.query.Threads());
}

std::unique_ptr<GlobalSourceState> PhysicalOrder::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<OrderSource>();
  source->sink = &SinkStateOf<OrderSink>(context, *this);
  return source;
}

void PhysicalOrder::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& state,
                            LocalSourceState&) const {
  auto& source = static_cast<OrderSource&>(state);
  const OrderSink& sink = *source.sink;
  const idx_t rows = sink.order.size();
  idx_t n = std::min(kVectorSize, rows - std::min(source.next, rows));
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
