// PhysicalLimitPercent: every row in order, then the chosen range of them.
#include "execution/limit_percent.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "execution/expression_executor.hpp"
#include "execution/sunk_chunks.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

struct Rows : GlobalSinkState {
  GlobalSunkChunks sunk;
  std::vector<SunkChunk> chunks;  // after Finalize: in order
  idx_t first = 0, end = 0;       // the rows [first, end) of them come out
};

struct Reading : GlobalSourceState {
  Rows* rows = nullptr;
  size_t chunk = 0;
  idx_t chunk_first = 0;  // the row number of chunks[chunk]'s first row
};

}  // namespace

PhysicalLimitPercent::PhysicalLimitPercent(std::vector<LogicalType> types, ExpressionPtr percent,
                                           idx_t offset, ExpressionPtr offset_expression)
    : PhysicalSink(std::move(types)),
      percent_(std::move(percent)),
      offset_(offset),
      offset_expression_(std::move(offset_expression)) {}

std::unique_ptr<GlobalSinkState> PhysicalLimitPercent::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<Rows>();
}

std::unique_ptr<LocalSinkState> PhysicalLimitPercent::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSunkChunks>();
}

void PhysicalLimitPercent::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                                LocalSinkState& local) const {
  if (input.size() > 0) static_cast<LocalSunkChunks&>(local).Add(context, input, types);
}

void PhysicalLimitPercent::Combine(ExecutionContext&, GlobalSinkState& global,
                                   LocalSinkState& local) const {
  static_cast<Rows&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalLimitPercent::Finalize(ExecutionContext&, GlobalSinkState& global) const {
  auto& rows = static_cast<Rows&>(global);
  rows.chunks = rows.sunk.TakeInOrder();
  idx_t total = 0;
  for (const auto& chunk : rows.chunks) total += chunk.rows->size();
  idx_t offset = offset_;
  if (offset_expression_) {
    const Value value = ExpressionExecutor::EvaluateConstant(*offset_expression_);
    const int64_t n = value.IsNull() ? 0 : value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
    if (n < 0) throw OutOfRangeError(fmt::format("OFFSET cannot be negative, got {}", n));
    offset = static_cast<idx_t>(n);
  }
  idx_t limit = total;
  const Value percent = ExpressionExecutor::EvaluateConstant(*percent_);
  if (!percent.IsNull()) {
    const double p = percent.CastAs(TypeId::kDouble).GetStored<double>();
    if (!(p >= 0 && p <= 100)) {  // NaN too
      throw OutOfRangeError(
          fmt::format("Limit percent out of range, should be between 0% and 100% (got {}%)",
                      percent.ToString()));
    }
    // DuckDB's arithmetic, rounded down: 79.9% of 5 rows is 3.
    limit = static_cast<idx_t>(p / 100.0 * static_cast<double>(total));
  }
  rows.first = std::min(offset, total);
  rows.end = std::min(total, rows.first + limit);
}

std::unique_ptr<GlobalSourceState> PhysicalLimitPercent::GetGlobalSourceState(
    ExecutionContext& context) const {
  auto source = std::make_unique<Reading>();
  source->rows = &SinkStateOf<Rows>(context, *this);
  return source;
}

void PhysicalLimitPercent::GetData(ExecutionContext&, DataChunk& chunk, GlobalSourceState& global,
                                   LocalSourceState&) const {
  auto& source = static_cast<Reading&>(global);
  Rows& rows = *source.rows;
  while (source.chunk < rows.chunks.size()) {
    DataChunk& part = *rows.chunks[source.chunk].rows;
    const idx_t first = source.chunk_first, last = first + part.size();
    source.chunk++;
    source.chunk_first = last;
    const idx_t from = std::max(first, rows.first), to = std::min(last, rows.end);
    if (from >= to) {
      if (first >= rows.end) break;
      continue;
    }
    chunk.Reference(part);
    if (from != first || to != last) {
      SelectionVector sel(to - from);
      for (idx_t i = 0; i < to - from; i++) sel.Set(i, from - first + i);
      chunk.Slice(sel, to - from);
    } else {
      chunk.SetCardinality(part.size());
    }
    return;
  }
  chunk.SetCardinality(0);
}

}  // namespace teal
