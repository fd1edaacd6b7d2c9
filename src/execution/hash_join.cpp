// PhysicalHashJoin: the build table (child 1's rows, chained by encoded key) and the
// probe, which walks each probe row's chain a vector of pairs at a time.
#include "execution/hash_join.hpp"

#include <algorithm>
#include <mutex>
#include <string_view>

#include "execution/expression_executor.hpp"
#include "execution/group_table.hpp"
#include "execution/sunk_chunks.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

constexpr uint32_t kNoRow = UINT32_MAX;

/// Evaluates `keys` over `input` into flat vectors.
std::vector<Vector> EvaluateKeys(const std::vector<ExpressionPtr>& keys, const DataChunk& input) {
  std::vector<Vector> values;
  for (const auto& key : keys) {
    values.emplace_back(key->type, input.size());
    ExpressionExecutor::Execute(*key, input, values.back());
    values.back().Flatten(input.size());
  }
  return values;
}

std::vector<const Vector*> Pointers(const std::vector<Vector>& vectors) {
  std::vector<const Vector*> out;
  for (const auto& v : vectors) out.push_back(&v);
  return out;
}

/// The chain of build rows with one key: its first and last row plus one, in build order
/// (0: no row yet — a fresh group's payload is zero).
struct Chain {
  uint32_t head_plus_one;
  uint32_t tail_plus_one;
};

/// Every build row, in one chunk, and a GroupTable of their keys whose payload is the
/// key's chain of rows (next[] links a row to the next with the same key).
struct BuildTable : GlobalSinkState {
  GlobalSunkChunks sunk;  // while sinking; each chunk's `extra` holds its keys
  std::unique_ptr<DataChunk> rows;
  std::unique_ptr<GroupTable> keys;
  std::vector<uint32_t> next;
  std::vector<uint8_t> matched;  // right/full: row met a probe row
  idx_t count = 0;
  bool null_key = false;  // some build row's key has a NULL
};

}  // namespace

/// Where the probe of the current input stands.
struct PhysicalHashJoin::Probe : OperatorState {
  const BuildTable* table = nullptr;
  bool started = false;
  bool pairs_done = false;
  std::vector<uint32_t> chain;  // per input row: the next build row to pair, or kNoRow
  std::vector<uint8_t> matched;
  idx_t row = 0;        // the input row being paired
  idx_t final_row = 0;  // FinalExecute: the next build row to look at
  KeyScratch scratch;
  std::vector<data_ptr_t> groups;
};

PhysicalHashJoin::PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                                   std::vector<ExpressionPtr> left_keys,
                                   std::vector<ExpressionPtr> right_keys, ExpressionPtr residual)
    : PhysicalOperator(std::move(types)),
      join_type_(join_type),
      left_keys_(std::move(left_keys)),
      right_keys_(std::move(right_keys)),
      residual_(std::move(residual)) {
  std::vector<LogicalType> key_types;
  for (const auto& k : right_keys_) key_types.push_back(k->type);
  key_layout_ = std::make_shared<GroupLayout>(key_types, std::vector<const AggregateFunction*>{}, 0,
                                              sizeof(Chain));
}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<BuildTable>();
}

std::unique_ptr<LocalSinkState> PhysicalHashJoin::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<LocalSunkChunks>();
}

void PhysicalHashJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                            LocalSinkState& local) const {
  auto& chunk = static_cast<LocalSunkChunks&>(local).Add(context, input, children[1]->types);
  chunk.extra = EvaluateKeys(right_keys_, input);
}

void PhysicalHashJoin::Combine(ExecutionContext&, GlobalSinkState& global,
                               LocalSinkState& local) const {
  static_cast<BuildTable&>(global).sunk.Combine(static_cast<LocalSunkChunks&>(local));
}

void PhysicalHashJoin::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& table = static_cast<BuildTable&>(state);
  // The order one thread would have sunk the rows in: chains, and so the order of a probe
  // row's pairs, do not depend on the number of threads.
  std::vector<SunkChunk> parts = table.sunk.TakeInOrder();
  idx_t total = 0;
  for (const auto& part : parts) total += part.rows->size();
  if (total >= kNoRow) throw InternalError("hash join build side over 4 billion rows");
  table.count = total;
  table.keys = std::make_unique<GroupTable>(key_layout_);
  table.next.assign(total, kNoRow);
  std::vector<data_ptr_t> groups(kVectorSize);
  idx_t base = 0;
  for (auto& part : parts) {
    context.query.CheckInterrupt();
    const idx_t n = part.rows->size();
    std::vector<const Vector*> keys = Pointers(part.extra);
    groups.resize(std::max<idx_t>(n, 1));
    table.keys->FindOrCreate(keys, n, groups.data());
    for (idx_t i = 0; i < n; i++) {
      bool null = false;
      for (const auto* k : keys) null = null || !k->RowIsValid(i);
      if (null) {
        // Its group exists (NULL makes a group) but stays without rows: matches nothing.
        table.null_key = true;
        continue;
      }
      auto row = static_cast<uint32_t>(base + i);
      auto* chain = reinterpret_cast<Chain*>(groups[i] + key_layout_->payload_offset);
      if (chain->head_plus_one == 0) {
        chain->head_plus_one = row + 1;
      } else {
        table.next[chain->tail_plus_one - 1] = row;
      }
      chain->tail_plus_one = row + 1;
    }
    base += n;
    part.extra.clear();
  }
  table.rows = Concatenate(parts, children[1]->types);
  table.keys->BuildFilter();
  if (join_type_ == JoinType::kRight || join_type_ == JoinType::kFull) {
    table.matched.assign(total, 0);
  }
}

std::unique_ptr<OperatorState> PhysicalHashJoin::GetOperatorState(ExecutionContext& context) const {
  auto probe = std::make_unique<Probe>();
  probe->table = &SinkStateOf<BuildTable>(context, *this);
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
  const bool empty = table.count == 0;
  for (idx_t row = 0; row < count; row++) {
    bool matched = probe.matched[row];
    bool unknown = !matched && !empty && (probe.scratch.has_null[row] || table.null_key);
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
    std::vector<Vector> keys = EvaluateKeys(left_keys_, input);
    probe.groups.resize(std::max<idx_t>(input.size(), 1));
    table.keys->Find(Pointers(keys), input.size(), probe.groups.data(), probe.scratch);
    probe.chain.assign(input.size(), kNoRow);
    probe.matched.assign(input.size(), 0);
    const idx_t payload = key_layout_->payload_offset;
    for (idx_t row = 0; row < input.size(); row++) {
      if (!probe.groups[row]) continue;
      const auto* chain = reinterpret_cast<const Chain*>(probe.groups[row] + payload);
      if (chain->head_plus_one != 0) probe.chain[row] = chain->head_plus_one - 1;
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
