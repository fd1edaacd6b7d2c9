// PhysicalOrder: gather (on every thread), sort by normalized keys, emit.
#include "execution/order.hpp"

#include <algorithm>
#include <mutex>

#include "execution/sort_key.hpp"

namespace teal {

namespace {

/// A chunk as a thread sank it, with its place in the single-thread order.
struct OrderPart {
  idx_t batch = 0;
  idx_t sequence = 0;
  std::unique_ptr<DataChunk> rows;
};

struct OrderLocal : LocalSinkState {
  std::vector<OrderPart> parts;
  idx_t sequence = 0;
};

struct OrderSink : GlobalSinkState {
  std::mutex lock;
  std::vector<OrderPart> parts;    // while sinking
  std::unique_ptr<DataChunk> all;  // every row in single-thread order, after Finalize
  std::vector<uint32_t> order;     // row numbers of `all` in sorted order
};

struct OrderSource : GlobalSourceState {
  OrderSink* sink = nullptr;
  idx_t next = 0;
};

}  // namespace

void SortRows(const DataChunk& rows, const std::vector<OrderKey>& keys, std::vector<sel_t>& order) {
  std::vector<uint32_t> sorted;
  SortKeys(rows.Types(), keys).Sort(rows, sorted, nullptr, 1);
  order.assign(sorted.begin(), sorted.end());
}

std::unique_ptr<GlobalSinkState> PhysicalOrder::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<OrderSink>();
}

std::unique_ptr<LocalSinkState> PhysicalOrder::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<OrderLocal>();
}

void PhysicalOrder::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                         LocalSinkState& local_state) const {
  auto& local = static_cast<OrderLocal&>(local_state);
  OrderPart part;
  part.batch = context.thread.batch;
  part.sequence = local.sequence++;
  part.rows = std::make_unique<DataChunk>(types, std::max<idx_t>(input.size(), 1));
  part.rows->Append(input);
  local.parts.push_back(std::move(part));
}

void PhysicalOrder::Combine(ExecutionContext&, GlobalSinkState& global,
                            LocalSinkState& local_state) const {
  auto& sink = static_cast<OrderSink&>(global);
  auto& local = static_cast<OrderLocal&>(local_state);
  std::lock_guard<std::mutex> guard(sink.lock);
  for (auto& part : local.parts) sink.parts.push_back(std::move(part));
}

void PhysicalOrder::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<OrderSink&>(state);
  // Rows in the order one thread would have sunk them: ties keep that order.
  std::sort(sink.parts.begin(), sink.parts.end(), [](const OrderPart& a, const OrderPart& b) {
    return a.batch != b.batch ? a.batch < b.batch : a.sequence < b.sequence;
  });
  idx_t rows = 0;
  for (const auto& part : sink.parts) rows += part.rows->size();
  sink.all = std::make_unique<DataChunk>(types, std::max<idx_t>(rows, 1));
  for (auto& part : sink.parts) {
    sink.all->Append(*part.rows);
    part.rows.reset();
  }
  sink.parts.clear();
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
