// PhysicalHashJoin: the build table (child 1's rows, chained by encoded key) and the
// probe, which walks each probe row's chain a vector of pairs at a time.
#include "execution/hash_join.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "execution/expression_executor.hpp"
#include "execution/row_key.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

constexpr uint32_t kNoRow = UINT32_MAX;

/// The encoded keys of `input`'s rows under `keys`, appended to `arena`; `ends[i]` is
/// where row i's key ends, or SIZE_MAX when one of its keys is NULL (it matches nothing).
void EncodeKeys(const std::vector<ExpressionPtr>& keys, const DataChunk& input, std::string& arena,
                std::vector<size_t>& ends) {
  std::vector<Vector> values;
  for (const auto& key : keys) {
    values.emplace_back(key->type, input.size());
    ExpressionExecutor::Execute(*key, input, values.back());
    values.back().Flatten(input.size());
  }
  for (idx_t row = 0; row < input.size(); row++) {
    bool null = false;
    for (const auto& v : values) null = null || !v.RowIsValid(row);
    if (null) {
      ends.push_back(SIZE_MAX);
      continue;
    }
    for (const auto& v : values) EncodeKey(v, row, arena);
    ends.push_back(arena.size());
  }
}

/// Every build row, one chunk of all of them, plus their keys chained by equal value.
struct BuildTable : GlobalSinkState {
  std::vector<std::unique_ptr<DataChunk>> chunks;  // while sinking
  std::string key_arena;
  std::vector<size_t> key_ends;  // per build row, as EncodeKeys gives them
  std::unique_ptr<DataChunk> rows;
  std::unordered_map<std::string_view, uint32_t> heads;  // key -> first row
  std::vector<uint32_t> next;                            // row -> next row with its key
  std::vector<uint8_t> matched;                          // right/full: row met a probe row
  bool null_key = false;                                 // some build row's key has a NULL
};

}  // namespace

/// Where the probe of the current input stands.
struct PhysicalHashJoin::Probe : OperatorState {
  const BuildTable* table = nullptr;
  bool started = false;
  bool pairs_done = false;
  std::vector<uint32_t> chain;  // per input row: the next build row to pair, or kNoRow
  std::vector<uint8_t> matched;
  idx_t row = 0;          // the input row being paired
  idx_t final_row = 0;    // FinalExecute: the next build row to look at
  std::string key_arena;  // reused per input
  std::vector<size_t> key_ends;
};

PhysicalHashJoin::PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                                   std::vector<ExpressionPtr> left_keys,
                                   std::vector<ExpressionPtr> right_keys, ExpressionPtr residual)
    : PhysicalOperator(std::move(types)),
      join_type_(join_type),
      left_keys_(std::move(left_keys)),
      right_keys_(std::move(right_keys)),
      residual_(std::move(residual)) {}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::GetGlobalSinkState(
    ExecutionContext& context) const {
  return std::make_unique<BuildTable>();
}

void PhysicalHashJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                            LocalSinkState& local) const {
  auto& table = static_cast<BuildTable&>(state);
  EncodeKeys(right_keys_, input, table.key_arena, table.key_ends);
  auto owned = std::make_unique<DataChunk>(children[1]->types, std::max<idx_t>(input.size(), 1));
  owned->Append(input);
  table.chunks.push_back(std::move(owned));
}

void PhysicalHashJoin::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& table = static_cast<BuildTable&>(state);
  idx_t total = table.key_ends.size();
  if (total >= kNoRow) throw InternalError("hash join build side over 4 billion rows");
  table.rows = std::make_unique<DataChunk>(children[1]->types, std::max<idx_t>(total, 1));
  for (const auto& chunk : table.chunks) table.rows->Append(*chunk);
  table.chunks.clear();
  table.next.assign(total, kNoRow);
  table.heads.reserve(total);
  size_t begin = 0;
  // Walk backwards so that each chain lists its rows in build order.
  std::vector<std::pair<size_t, size_t>> spans(total);
  for (idx_t row = 0; row < total; row++) {
    size_t end = table.key_ends[row];
    spans[row] = {begin, end};
    if (end != SIZE_MAX) begin = end;
  }
  for (idx_t i = total; i-- > 0;) {
    auto [from, end] = spans[i];
    if (end == SIZE_MAX) continue;
    std::string_view key(table.key_arena.data() + from, end - from);
    auto [it, inserted] = table.heads.try_emplace(key, static_cast<uint32_t>(i));
    if (!inserted) {
      table.next[i] = it->second;
      it->second = static_cast<uint32_t>(i);
    }
  }
  if (join_type_ == JoinType::kRight || join_type_ == JoinType::kFull) {
    table.matched.assign(total, 0);
  }
  table.null_key =
      std::find(table.key_ends.begin(), table.key_ends.end(), SIZE_MAX) != table.key_ends.end();
}

std::unique_ptr<OperatorState> PhysicalHashJoin::GetOperatorState(ExecutionContext& context) const {
  auto probe = std::make_unique<Probe>();
  probe->table = static_cast<const BuildTable*>(&context.query.SinkState(*this));
  return probe;
}

void PhysicalHashJoin::EmitPairs(DataChunk& input, DataChunk& output, Probe& probe) const {
  const BuildTable& table = *probe.table;
  SelectionVector left(kVectorSize), right(kVectorSize);
  idx_t count = 0;
  while (probe.row < input.size() && count < kVectorSize) {
    uint32_t& at = probe.chain[probe.row];
    if (at == kNoRow) {
      probe.row++;
      continue;
    }
    left.Set(count, probe.row);
    right.Set(count, at);
    count++;
    at = table.next[at];
  }
  if (probe.row >= input.size()) probe.pairs_done = true;
  if (count == 0) return;
  const idx_t left_width = children[0]->types.size();
  DataChunk pairs;
  std::vector<LogicalType> pair_types = children[0]->types;
  pair_types.insert(pair_types.end(), children[1]->types.begin(), children[1]->types.end());
  pairs.Initialize(pair_types, count);
  for (idx_t c = 0; c < left_width; c++) pairs.data[c].CopyFrom(input.data[c], left, count, 0, 0);
  for (idx_t c = 0; c < table.rows->ColumnCount(); c++) {
    pairs.data[left_width + c].CopyFrom(table.rows->data[c], right, count, 0, 0);
  }
  pairs.SetCardinality(count);
  SelectionVector kept(count);
  idx_t found = count;
  if (residual_) {
    found = ExpressionExecutor::Select(*residual_, pairs, kept);
  } else {
    for (idx_t i = 0; i < count; i++) kept.Set(i, i);
  }
  auto& matched = const_cast<std::vector<uint8_t>&>(table.matched);
  for (idx_t i = 0; i < found; i++) {
    probe.matched[left.Get(kept.Get(i))] = 1;
    if (!matched.empty()) matched[right.Get(kept.Get(i))] = 1;
  }
  if (LeftRowsOnly() || found == 0) return;
  if (found < count) pairs.Slice(kept, found);
  output.Reference(pairs);
  output.SetCardinality(found);
}

void PhysicalHashJoin::EmitMarked(DataChunk& input, DataChunk& output, Probe& probe) const {
  const BuildTable& table = *probe.table;
  const idx_t count = input.size();
  const idx_t left_width = children[0]->types.size();
  output.Initialize(types, std::max<idx_t>(count, 1));
  SelectionVector none;
  for (idx_t c = 0; c < left_width; c++) output.data[c].CopyFrom(input.data[c], none, count, 0, 0);
  Vector& mark = output.data[left_width];
  const bool empty = table.key_ends.empty();
  for (idx_t row = 0; row < count; row++) {
    bool matched = probe.matched[row];
    bool unknown = !matched && !empty && (probe.key_ends[row] == SIZE_MAX || table.null_key);
    if (unknown) {
      mark.SetNull(row);
    } else {
      mark.Values<bool>()[row] = matched;
    }
  }
  output.SetCardinality(count);
}

void PhysicalHashJoin::EmitLeftRows(DataChunk& input, DataChunk& output, Probe& probe) const {
  if (join_type_ == JoinType::kMark) {
    EmitMarked(input, output, probe);
    return;
  }
  const bool want_matched = join_type_ == JoinType::kSemi;
  SelectionVector pick(std::max<idx_t>(input.size(), 1));
  idx_t count = 0;
  for (idx_t row = 0; row < input.size(); row++) {
    if (static_cast<bool>(probe.matched[row]) == want_matched) pick.Set(count++, row);
  }
  if (count == 0) return;
  const idx_t left_width = children[0]->types.size();
  output.Initialize(types, count);
  for (idx_t c = 0; c < left_width; c++) output.data[c].CopyFrom(input.data[c], pick, count, 0, 0);
  for (idx_t c = left_width; c < types.size(); c++) {
    for (idx_t i = 0; i < count; i++) output.data[c].SetNull(i);
  }
  output.SetCardinality(count);
}

OperatorResult PhysicalHashJoin::Execute(ExecutionContext& context, DataChunk& input,
                                         DataChunk& output, OperatorState& state) const {
  auto& probe = static_cast<Probe&>(state);
  const BuildTable& table = *probe.table;
  if (!probe.started) {
    probe.started = true;
    probe.pairs_done = false;
    probe.row = 0;
    probe.key_arena.clear();
    probe.key_ends.clear();
    EncodeKeys(left_keys_, input, probe.key_arena, probe.key_ends);
    probe.chain.assign(input.size(), kNoRow);
    probe.matched.assign(input.size(), 0);
    size_t begin = 0;
    for (idx_t row = 0; row < input.size(); row++) {
      size_t end = probe.key_ends[row];
      if (end == SIZE_MAX) continue;
      auto it = table.heads.find(std::string_view(probe.key_arena.data() + begin, end - begin));
      if (it != table.heads.end()) probe.chain[row] = it->second;
      begin = end;
    }
    // Without a residual, a semi, anti or mark join needs no pairs: a chain is a match.
    if (!residual_ && LeftRowsOnly()) {
      for (idx_t row = 0; row < input.size(); row++)
        probe.matched[row] = probe.chain[row] != kNoRow;
      probe.pairs_done = true;
    }
  }
  if (!probe.pairs_done) {
    EmitPairs(input, output, probe);
    return OperatorResult::kHaveMoreOutput;
  }
  probe.started = false;
  if (join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull || LeftRowsOnly()) {
    EmitLeftRows(input, output, probe);
  }
  return OperatorResult::kNeedMoreInput;
}

bool PhysicalHashJoin::HasFinalOutput() const {
  return join_type_ == JoinType::kRight || join_type_ == JoinType::kFull;
}

bool PhysicalHashJoin::FinalExecute(ExecutionContext& context, DataChunk& output,
                                    OperatorState& state) const {
  auto& probe = static_cast<Probe&>(state);
  const BuildTable& table = *probe.table;
  const idx_t total = table.matched.size();
  SelectionVector pick(kVectorSize);
  idx_t count = 0;
  while (probe.final_row < total && count < kVectorSize) {
    if (!table.matched[probe.final_row]) pick.Set(count++, probe.final_row);
    probe.final_row++;
  }
  const idx_t left_width = children[0]->types.size();
  for (idx_t c = 0; c < left_width; c++) {
    for (idx_t i = 0; i < count; i++) output.data[c].SetNull(i);
  }
  for (idx_t c = 0; c < table.rows->ColumnCount(); c++) {
    output.data[left_width + c].CopyFrom(table.rows->data[c], pick, count, 0, 0);
  }
  output.SetCardinality(count);
  return probe.final_row < total;
}

}  // namespace teal
