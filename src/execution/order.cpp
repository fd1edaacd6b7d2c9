// PhysicalOrder: gather (on every thread), sort by normalized keys, emit.
#include "execution/order.hpp"

#include <algorithm>

#include "execution/sort_key.hpp"
#include "execution/sunk_chunks.hpp"
#include "execution/task_scheduler.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

/// Finalize's input: the rows in single-thread order, as the sunk chunks or (where
/// SortKeys::SortChunks cannot sort them) concatenated into one chunk, and their numbers
/// (chunk << chunk_bits | row) in sorted order.
struct SortedRows {
  std::vector<std::unique_ptr<DataChunk>> rows;
  int chunk_bits = 32;
  AccountedVector<uint32_t> order;
  std::vector<bool> has_nulls;  // per column
  // Per column, every chunk's vector and its values: a gathered row's value is one load
  // away rather than three.
  std::vector<std::vector<const Vector*>> vectors;
  std::vector<std::vector<const data_t*>> values;
};

/// Row `number` (chunk << chunk_bits | row) of column `column`, into row `to` of `target`,
/// through CopyFrom: for the types and rows the typed gathers leave out.
void CopyRow(const SortedRows& sorted, idx_t column, uint32_t number, Vector& target, idx_t to) {
  const uint64_t n = number;  // 64-bit, as chunk_bits may be 32
  SelectionVector one(1);
  one.Set(0, n & ((uint64_t{1} << sorted.chunk_bits) - 1));
  target.CopyFrom(*sorted.vectors[column][n >> sorted.chunk_bits], one, 1, 0, to);
}

struct OrderSink : GlobalSinkState {
  GlobalSunkChunks sunk;                           // while sinking
  std::vector<std::unique_ptr<DataChunk>> sorted;  // after Finalize: the output's chunks
};

struct OrderSource : GlobalSourceState {
  OrderSink* sink = nullptr;
  idx_t next = 0;  // the next chunk of sink->sorted
};

/// Rows numbers[0 … n) (chunk << chunk_bits | row) of column `column` of the sorted
/// chunks (flat), into rows 0 … n of `target` (flat, with room for n). Strings are copied
/// as CopyFrom does.
void GatherColumn(const SortedRows& sink, idx_t column, const uint32_t* numbers, idx_t n,
                  Vector& target) {
  const int bits = sink.chunk_bits;
  // 64-bit, as chunk_bits may be 32.
  const uint64_t row_mask = (uint64_t{1} << bits) - 1;
  auto chunk_of = [&](idx_t i) { return uint64_t{numbers[i]} >> bits; };
  auto row_of = [&](idx_t i) { return uint64_t{numbers[i]} & row_mask; };
  const std::vector<const Vector*>& vectors = sink.vectors[column];
  const bool has_nulls = sink.has_nulls[column];
  if (has_nulls) {
    for (idx_t i = 0; i < n; i++) {
      target.Validity().Set(i, vectors[chunk_of(i)]->RowIsValid(row_of(i)));
    }
  } else if (!target.Validity().AllValid()) {
    for (idx_t i = 0; i < n; i++) target.Validity().SetValid(i);
  }
  const PhysicalType physical = target.Type().Physical();
  if (physical == PhysicalType::kList || PhysicalTypeSize(physical) == 0) {
    for (idx_t i = 0; i < n; i++) CopyRow(sink, column, numbers[i], target, i);
    return;
  }
  const std::vector<const data_t*>& values = sink.values[column];
  if (physical == PhysicalType::kVarchar) {
    auto* out = target.Values<string_t>();
    for (idx_t i = 0; i < n; i++) {
      const uint64_t chunk = chunk_of(i), row = row_of(i);
      const string_t& s = reinterpret_cast<const string_t*>(values[chunk])[row];
      if (s.IsInlined()) {
        out[i] = s;
      } else if (has_nulls && !vectors[chunk]->RowIsValid(row)) {
        out[i] = string_t();  // a NULL row's bytes are unspecified: never follow its pointer
      } else {
        out[i] = target.AddString(s.View());
      }
    }
    return;
  }
  DispatchFixedWidth(physical, [&]<typename T>() {
    T* out = target.Values<T>();
    for (idx_t i = 0; i < n; i++) {
      out[i] = reinterpret_cast<const T*>(values[chunk_of(i)])[row_of(i)];
    }
  });
}

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
  sink.sorted = SortIntoChunks(context, sink.sunk.TakeInOrder(), types, keys_);
}

std::vector<std::unique_ptr<DataChunk>> SortIntoChunks(ExecutionContext& context,
                                                       std::vector<SunkChunk> chunks,
                                                       const std::vector<LogicalType>& types,
                                                       const std::vector<OrderKey>& keys) {
  std::vector<std::unique_ptr<DataChunk>> output;
  SortedRows sorted;
  std::optional<OwnedBlock> records;  // the sorted records, where the chunks were sorted
  sorted.has_nulls.assign(types.size(), false);
  bool fit = chunks.size() < SortKeys::kMaxChunks;
  for (const auto& chunk : chunks) {
    fit = fit && chunk.rows->size() <= (idx_t{1} << SortKeys::kChunkBits);
    for (idx_t c = 0; c < types.size(); c++) {
      const Vector& v = chunk.rows->data[c];
      if (!v.Validity().AllSet(v.IsConstant() ? 1 : chunk.rows->size())) {
        sorted.has_nulls[c] = true;
      }
    }
  }
  // Keys without NULLs leave their NULL byte out of the sort's records.
  std::vector<bool> not_null;
  for (const auto& key : keys) not_null.push_back(!sorted.has_nulls[key.column]);
  SortKeys sort_keys(types, keys, not_null);
  if (fit && sort_keys.SortsChunks()) {
    // Sorted where they are: no copy of all rows into one chunk.
    for (auto& chunk : chunks) sorted.rows.push_back(std::move(chunk.rows));
    sorted.chunk_bits = SortKeys::kChunkBits;
  } else {
    sorted.rows.push_back(Concatenate(chunks, types));
  }
  sorted.vectors.assign(types.size(), {});
  sorted.values.assign(types.size(), {});
  std::vector<const DataChunk*> pointers;
  for (auto& rows : sorted.rows) {
    for (idx_t c = 0; c < types.size(); c++) {
      Vector& v = rows->data[c];
      v.Flatten(rows->size());
      sorted.vectors[c].push_back(&v);
      sorted.values[c].push_back(v.Values<data_t>());
    }
    pointers.push_back(rows.get());
  }
  context.query.CheckInterrupt();
  TaskScheduler* scheduler = context.query.Scheduler();
  const idx_t threads = context.query.Threads();
  if (sorted.chunk_bits == 32) {
    sort_keys.Sort(*sorted.rows[0], sorted.order, scheduler, threads);
  } else {
    sort_keys.SortChunks(pointers, sorted.order, scheduler, threads, &records);
  }
  context.query.CheckInterrupt();
  // Key columns whose values the sorted records hold are read from them, in order; the
  // other columns are gathered from the rows.
  std::vector<idx_t> key_of(types.size(), kInvalidIndex);
  if (records) {
    for (idx_t k = keys.size(); k-- > 0;) {
      if (sort_keys.Readable(k)) key_of[keys[k].column] = k;
    }
  }
  // The output's chunks, made on every thread: the gathers' reads are random, so a thread
  // mostly waits for memory, and two wait in parallel.
  const idx_t n = sorted.order.size();
  const idx_t width = sort_keys.RecordWidth();
  output.resize((n + kVectorSize - 1) / kVectorSize);
  auto gather = [&](idx_t k) {
    const idx_t first = k * kVectorSize, count = std::min(kVectorSize, n - first);
    const uint32_t* numbers = sorted.order.data() + first;
    auto chunk = std::make_unique<DataChunk>(types, kVectorSize, /*zero_fill=*/false);
    std::vector<sel_t> ambiguous;
    for (idx_t c = 0; c < types.size(); c++) {
      if (key_of[c] == kInvalidIndex) {
        GatherColumn(sorted, c, numbers, count, chunk->data[c]);
        continue;
      }
      ambiguous.clear();
      const auto* at = reinterpret_cast<const data_t*>(records->get()) + first * width;
      sort_keys.ReadKey(key_of[c], at, count, chunk->data[c], ambiguous);
      // A floating-point zero or NaN: the row's own value (-0.0, its NaN).
      for (sel_t i : ambiguous) CopyRow(sorted, c, numbers[i], chunk->data[c], i);
    }
    chunk->SetCardinality(count);
    output[k] = std::move(chunk);
  };
  const idx_t tasks = std::min<idx_t>(threads, output.size());
  if (scheduler && tasks > 1) {
    scheduler->Run(tasks, [&](TaskScheduler::Job&, idx_t t) {
      for (idx_t k = t; k < output.size(); k += tasks) gather(k);
    });
  } else {
    for (idx_t k = 0; k < output.size(); k++) gather(k);
  }
  return output;
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
  std::vector<std::unique_ptr<DataChunk>>& sorted = source.sink->sorted;
  if (source.next >= sorted.size()) {
    chunk.SetCardinality(0);
    return;
  }
  // Handed over: the chunk's memory goes as the consumer is done with it.
  std::unique_ptr<DataChunk> rows = std::move(sorted[source.next++]);
  chunk.Reference(*rows);
  chunk.SetCardinality(rows->size());
}

}  // namespace teal
