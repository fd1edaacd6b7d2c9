// PhysicalHashJoin: the build table (child 1's rows, chained by encoded key) and the
// probe, which walks each probe row's chain a vector of pairs at a time.
#include "execution/hash_join.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>
#include <mutex>
#include <optional>
#include <string_view>

#include "common/block_allocator.hpp"
#include "execution/expression_executor.hpp"
#include "execution/group_table.hpp"
#include "execution/join_marks.hpp"
#include "execution/sunk_chunks.hpp"
#include "execution/task_scheduler.hpp"
#include "teal/error.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

constexpr uint32_t kNoRow = UINT32_MAX;
// Build sides of this many rows are indexed on every thread, in up to this many
// partitions (one hash table each).
constexpr idx_t kParallelBuildRows = 64 * 1024;
constexpr idx_t kMaxBuildPartitions = 16;

/// Evaluates `keys` over `input` with `executor` (given the keys on first use) into `out`:
/// flat vectors, the executor's or the input's, valid until the executor's next call.
void EvaluateKeys(ExpressionExecutor& executor, const std::vector<ExpressionPtr>& keys,
                  const DataChunk& input, std::vector<const Vector*>& out,
                  std::vector<Vector>& unions) {
  if (executor.ExpressionCount() == 0) {
    for (const auto& key : keys) executor.Add(*key);
  }
  out.clear();
  unions.clear();
  unions.reserve(keys.size());
  for (idx_t k = 0; k < keys.size(); k++) {
    const Vector& key = executor.ExecuteFlat(input, k);
    if (key.Type().Id() != TypeId::kUnion) {
      out.push_back(&key);
      continue;
    }
    // A UNION whose member is NULL equals nothing (CompareVectors): a NULL key, in a copy
    // (the key may be an input column, which the join passes on as it is).
    Vector& copy = unions.emplace_back(key.Type(), input.size(), /*zero_fill=*/false);
    copy.CopyFrom(key, SelectionVector(), input.size(), 0, 0, /*share_strings=*/true);
    const Vector& tag = copy.StructChild(0);
    for (idx_t i = 0; i < input.size(); i++) {
      if (!copy.RowIsValid(i) || !tag.RowIsValid(i)) continue;
      const idx_t member = static_cast<idx_t>(tag.Values<uint8_t>()[i]) + 1;
      if (!copy.StructChild(member).RowIsValid(i)) copy.SetNull(i);
    }
    out.push_back(&copy);
  }
}

/// A build thread's rows, and what evaluates their keys.
struct BuildLocal : LocalSunkChunks {
  ExpressionExecutor executor;
  std::vector<const Vector*> keys;
  std::vector<Vector> union_keys;  // EvaluateKeys' copies of UNION keys
};

/// The chain of build rows with one key: its first and last row plus one, in build order
/// (0: no row yet — a fresh group's payload is zero).
struct Chain {
  uint32_t head_plus_one;
  uint32_t tail_plus_one;
};

/// Calls f(row, value) for each valid row of the flat integer vector `v` (rows [0, n)),
/// with the value as an int64, and g(row) for each NULL.
template <typename F, typename G>
void ForEachInteger(const Vector& v, idx_t n, F&& f, G&& g) {
  DispatchInt64Range(v.Type().Physical(), [&]<typename T>() {
    const T* values = v.Values<T>();
    if (v.Validity().AllValid()) {
      for (idx_t i = 0; i < n; i++) f(i, static_cast<int64_t>(values[i]));
      return;
    }
    for (idx_t i = 0; i < n; i++) {
      if (v.RowIsValid(i)) {
        f(i, static_cast<int64_t>(values[i]));
      } else {
        g(i);
      }
    }
  });
}

/// The build side's one integer key as a direct array, used instead of the GroupTable
/// when the keys are dense enough: heads[key - min] is the first build row with that key
/// (kNoRow: none), so a probe is a range test and one load, with no hashing.
struct DirectHeads {
  // Most bytes per build row the array may take: at 4 bytes a slot, keys spread over up
  // to 16 times as many values as there are rows (a tenth of the ids of a dimension
  // table, say). A GroupTable takes about a third of that per row, and a probe into it
  // hashes, filters and compares keys.
  static constexpr idx_t kSlotsPerRow = 16;
  static constexpr idx_t kMinSlots = 1 << 12;  // a small build side may still spread

  int64_t min = 0;
  uint64_t range = 0;  // max - min + 1; 0: not used
  std::optional<OwnedBlock> block;
  uint32_t* heads = nullptr;
  // One bit per slot, set where a key is: 32 times smaller than heads, so a probe key
  // that matches nothing (most, in a selective join) is turned away from cache.
  uint64_t* present = nullptr;

  bool Has(uint64_t slot) const { return (present[slot / 64] >> (slot % 64)) & 1; }

  /// Sets chain[row] to the first build row with the key of `keys` row (rows [0, n)
  /// whose key is found) and key_null[row] where the key is NULL. `hits` is scratch.
  void Probe(const Vector& keys, idx_t n, uint32_t* chain, uint8_t* key_null,
             std::vector<sel_t>& hits) const {
    hits.resize(n);
    DispatchInt64Range(keys.Type().Physical(), [&]<typename T>() {
      const T* values = keys.Values<T>();
      const auto base = static_cast<uint64_t>(min);
      // First the bitmap (small, in cache) for every row, then heads for the hits.
      idx_t found = 0;
      for (idx_t i = 0; i < n; i++) {
        const uint64_t slot = static_cast<uint64_t>(values[i]) - base;
        hits[found] = static_cast<sel_t>(i);
        found += slot < range && Has(slot);
      }
      if (!keys.Validity().AllValid()) {
        idx_t valid = 0;
        for (idx_t j = 0; j < found; j++) {
          hits[valid] = hits[j];
          valid += keys.RowIsValid(hits[j]);
        }
        found = valid;
        for (idx_t i = 0; i < n; i++) key_null[i] = !keys.RowIsValid(i);
      }
      for (idx_t j = 0; j < found; j++) {
        const sel_t row = hits[j];
        chain[row] = heads[static_cast<uint64_t>(values[row]) - base];
      }
    });
  }
};

/// A bit per value of an integer key's range [min, max], set where some build row's key
/// has that value: a probe key whose bit is clear has no match.
struct KeyBits {
  idx_t key = 0;  // which of the join's keys
  int64_t min = 0, max = 0;
  std::optional<OwnedBlock> block;
  uint64_t* bits = nullptr;
  idx_t set = 0;  // bits set
};

/// Every build row, in one chunk, and an index of their keys: a GroupTable whose payload
/// is the key's chain of rows, or for dense integer keys a DirectHeads; either way next[]
/// links a row to the next with the same key.
struct BuildTable : GlobalSinkState, JoinKeyFilter {
  idx_t Select(const std::vector<const Vector*>& probe_keys, idx_t n_rows, const sel_t* in, idx_t n,
               sel_t* out, KeyScratch& scratch) const override;
  idx_t KeyCount() const override { return count; }
  bool BitTestFirst() const override {
    return (bounded && (direct.heads || key_bits.bits)) || !key_column_bits.empty();
  }

  GlobalSunkChunks sunk;  // while sinking; each chunk's `extra` holds its keys
  std::unique_ptr<DataChunk> rows;
  // The build keys' hash tables: one, or one per partition (PartitionOf) when the build
  // side was indexed on several threads.
  std::vector<std::unique_ptr<GroupTable>> partitions;
  /// The partition of a key with hash `hash`: the partition count is a power of two, so a
  /// mask (not a division, per probe row) picks it.
  idx_t PartitionOf(uint64_t hash) const { return (hash >> 32) & (partitions.size() - 1); }
  DirectHeads direct;
  // One integer key: the range of the build rows' keys (bounded) — a probe key outside
  // it has no match.
  bool bounded = false;
  int64_t key_min = 0, key_max = 0;
  // One integer key too sparse for a DirectHeads but within kMaxKeyBits values: a bit per
  // value of the range, so that the filter a probe-side scan applies is exact and costs a
  // bit test instead of a hash and a probe per row (TPC-H Q17's 221 part keys among
  // 200,000).
  static constexpr uint64_t kMaxKeyBits = uint64_t{1} << 27;  // 16 MB
  static constexpr uint64_t kKeyBitsPerRow = 256;  // 32 bytes a row: less than its hash entry
  static constexpr uint64_t kMinKeyBits = uint64_t{1} << 21;  // 256 KB: a small build side
  KeyBits key_bits;
  // Several keys: the KeyBits of each integer key within the same bounds whose bits are
  // at most half set, fewest set first. A probe row passes each before its whole key is
  // hashed (TPC-H Q20's lineitem rows against the part keys of partsupp's build rows).
  std::vector<KeyBits> key_column_bits;
  std::atomic<bool> finalized{false};
  std::vector<uint32_t> next;
  std::vector<uint8_t> matched;       // right/full/build side kept: row met a probe row
  std::atomic<idx_t> probes_done{0};  // probe threads that reached their final output
  idx_t count = 0;
  bool null_key = false;  // some build row's key has a NULL
  bool unique = true;     // no two build rows share a key: every chain is one row
};

/// Whether a KeyBits over `range` values is worth its memory for `rows` build rows.
bool KeyBitsFit(uint64_t range, idx_t rows) {
  return range != 0 && range <= BuildTable::kMaxKeyBits &&
         range <= std::max<idx_t>(rows * BuildTable::kKeyBitsPerRow, BuildTable::kMinKeyBits);
}

/// The bits of key `key` (each part's extra[key], an integer type) over [min, max], which
/// holds every one of its values.
KeyBits MakeKeyBits(const std::vector<SunkChunk>& parts, idx_t key, int64_t min, int64_t max) {
  KeyBits kb;
  kb.key = key;
  kb.min = min;
  kb.max = max;
  const idx_t words = (static_cast<uint64_t>(max) - static_cast<uint64_t>(min)) / 64 + 1;
  kb.block.emplace(words * sizeof(uint64_t));
  kb.bits = reinterpret_cast<uint64_t*>(kb.block->get());
  std::fill(kb.bits, kb.bits + words, 0);
  for (const auto& part : parts) {
    ForEachInteger(
        part.extra[key], part.rows->size(),
        [&](idx_t, int64_t k) {
          const uint64_t slot = static_cast<uint64_t>(k) - static_cast<uint64_t>(min);
          kb.bits[slot / 64] |= uint64_t{1} << (slot % 64);
        },
        [](idx_t) {});
  }
  for (idx_t w = 0; w < words; w++) kb.set += std::popcount(kb.bits[w]);
  return kb;
}

/// The least and greatest non-NULL value of key `key` over the parts; false when it has none.
bool KeyRange(const std::vector<SunkChunk>& parts, idx_t key, int64_t& min, int64_t& max,
              bool& null_key) {
  min = std::numeric_limits<int64_t>::max();
  max = std::numeric_limits<int64_t>::min();
  for (const auto& part : parts) {
    ForEachInteger(
        part.extra[key], part.rows->size(),
        [&](idx_t, int64_t k) {
          min = std::min(min, k);
          max = std::max(max, k);
        },
        [&](idx_t) { null_key = true; });
  }
  return min <= max;
}

/// For a join on several keys: table.key_column_bits.
void BuildKeyColumnBits(BuildTable& table, const std::vector<SunkChunk>& parts,
                        const std::vector<ExpressionPtr>& right_keys) {
  if (right_keys.size() < 2) return;
  for (idx_t key = 0; key < right_keys.size(); key++) {
    if (!IsInt64Range(right_keys[key]->type.Physical())) continue;
    int64_t min = 0, max = 0;
    bool null_key = false;
    if (!KeyRange(parts, key, min, max, null_key)) continue;
    const uint64_t range = static_cast<uint64_t>(max) - static_cast<uint64_t>(min) + 1;
    if (!KeyBitsFit(range, table.count)) continue;
    KeyBits kb = MakeKeyBits(parts, key, min, max);
    if (kb.set * 2 <= range) table.key_column_bits.push_back(std::move(kb));
  }
  std::sort(table.key_column_bits.begin(), table.key_column_bits.end(),
            [](const KeyBits& a, const KeyBits& b) { return a.set < b.set; });
}

/// Indexes the build rows' keys (each part's `extra`) by a DirectHeads when there is one
/// integer key and its values are dense enough; false (and nothing changed but
/// null_key) otherwise.
bool BuildDirect(BuildTable& table, std::vector<SunkChunk>& parts,
                 const std::vector<ExpressionPtr>& right_keys) {
  if (right_keys.size() != 1 || !IsInt64Range(right_keys[0]->type.Physical())) return false;
  int64_t min = 0, max = 0;
  // No key, or only NULLs: the GroupTable handles it alike.
  if (!KeyRange(parts, 0, min, max, table.null_key)) return false;
  table.bounded = true;
  table.key_min = min;
  table.key_max = max;
  const auto range = static_cast<uint64_t>(max) - static_cast<uint64_t>(min) + 1;
  if (range == 0 ||
      range > std::max<idx_t>(table.count * DirectHeads::kSlotsPerRow, DirectHeads::kMinSlots)) {
    if (KeyBitsFit(range, table.count)) table.key_bits = MakeKeyBits(parts, 0, min, max);
    return false;
  }
  DirectHeads& direct = table.direct;
  direct.min = min;
  direct.range = range;
  const idx_t present_words = (range + 63) / 64;
  direct.block.emplace(range * sizeof(uint32_t) + present_words * sizeof(uint64_t));
  direct.present = reinterpret_cast<uint64_t*>(direct.block->get());
  direct.heads = reinterpret_cast<uint32_t*>(direct.present + present_words);
  std::fill(direct.present, direct.present + present_words, 0);
  std::fill(direct.heads, direct.heads + range, kNoRow);
  // Rows pushed on the front of their chain from the last to the first: each chain is in
  // build order, as the GroupTable's.
  idx_t end = table.count;
  for (auto part = parts.rbegin(); part != parts.rend(); ++part) {
    const idx_t n = part->rows->size();
    end -= n;
    const Vector& keys = part->extra[0];
    DispatchInt64Range(keys.Type().Physical(), [&]<typename T>() {
      const T* values = keys.Values<T>();
      for (idx_t i = n; i-- > 0;) {
        if (!keys.RowIsValid(i)) continue;
        const uint64_t slot = static_cast<uint64_t>(values[i]) - static_cast<uint64_t>(min);
        auto row = static_cast<uint32_t>(end + i);
        if (direct.heads[slot] != kNoRow) table.unique = false;
        table.next[row] = direct.heads[slot];
        direct.heads[slot] = row;
        direct.present[slot / 64] |= uint64_t{1} << (slot % 64);
      }
    });
    part->extra.clear();
  }
  return true;
}

/// The rows of `in` (all n_rows when null) whose integer key `v` lies in [min, max] and,
/// with `bits`, has its bit set there. A loop for each shape of input: the filter
/// runs on every row of a scanned table, so no test that is the same for every row stays
/// in it.
template <typename T>
idx_t SelectInRange(int64_t min, int64_t max, const uint64_t* bits, const Vector& v, idx_t n_rows,
                    const sel_t* in, idx_t n, sel_t* out) {
  const auto low = static_cast<uint64_t>(min);
  const uint64_t span = static_cast<uint64_t>(max) - low;
  const T* values = v.Values<T>();
  auto passes = [&](T value) __attribute__((always_inline)) {
    const uint64_t slot = static_cast<uint64_t>(static_cast<int64_t>(value)) - low;
    const bool in_range = slot <= span;
    if (!bits) return in_range;
    const uint64_t at = in_range ? slot : 0;  // no read outside the bitmap
    return in_range && ((bits[at / 64] >> (at % 64)) & 1);
  };
  const idx_t rows = in ? n : n_rows;
  if (v.IsConstant()) {
    if (!v.RowIsValid(0) || !passes(values[0])) return 0;
    for (idx_t k = 0; k < rows; k++) out[k] = in ? in[k] : static_cast<sel_t>(k);
    return rows;
  }
  const uint64_t* valid = v.Validity().AllValid() ? nullptr : v.Validity().Data();
  auto run = [&]<bool kSelected, bool kNulls>() {
    idx_t kept = 0;
    for (idx_t k = 0; k < rows; k++) {
      const sel_t row = kSelected ? in[k] : static_cast<sel_t>(k);
      bool pass = passes(values[row]);
      if constexpr (kNulls) pass = pass && ((valid[row / 64] >> (row % 64)) & 1);
      out[kept] = row;
      kept += pass;
    }
    return kept;
  };
  if (in)
    return valid ? run.template operator()<true, true>() : run.template operator()<true, false>();
  return valid ? run.template operator()<false, true>() : run.template operator()<false, false>();
}

}  // namespace

idx_t BuildTable::Select(const std::vector<const Vector*>& probe_keys, idx_t n_rows,
                         const sel_t* in, idx_t n, sel_t* out, KeyScratch& scratch) const {
  if (count == 0) return 0;
  auto select_in_range = [&](idx_t key, int64_t min, int64_t max, const uint64_t* bits) {
    const Vector& v = *probe_keys[key];
    DispatchInt64Range(v.Type().Physical(), [&]<typename T>() {
      n = SelectInRange<T>(min, max, bits, v, n_rows, in, n, out);
    });
    in = out;
  };
  if (bounded) {
    // One integer key: its range, and the direct array's bitmap or key_bits (exact).
    const uint64_t* bits = direct.heads ? direct.present : key_bits.bits;
    select_in_range(0, key_min, key_max, bits);
    if (bits || n == 0) return n;
  }
  for (const KeyBits& kb : key_column_bits) {
    select_in_range(kb.key, kb.min, kb.max, kb.bits);
    if (n == 0) return 0;
  }
  partitions[0]->Hash(probe_keys, n_rows, scratch, in, n);
  const idx_t rows = in ? n : n_rows;
  idx_t kept = 0;
  for (idx_t k = 0; k < rows; k++) {
    const sel_t i = in ? in[k] : static_cast<sel_t>(k);
    const uint64_t h = scratch.hashes[i];
    out[kept] = i;
    kept += !scratch.has_null[i] && partitions[PartitionOf(h)]->MayContainHash(h);
  }
  return kept;
}

/// Where the probe of the current input stands.
struct PhysicalHashJoin::Probe : OperatorState {
  const BuildTable* table = nullptr;
  bool started = false;
  bool pairs_done = false;
  std::vector<uint32_t> chain;  // per input row: the next build row to pair, or kNoRow
  std::vector<uint8_t> matched;
  std::vector<uint8_t> key_null;      // per input row: some key is NULL
  std::vector<sel_t> hits;            // DirectHeads::Probe's scratch
  std::vector<sel_t> partition_rows;  // FindInPartitions: the rows, by partition
  std::vector<sel_t> live;            // the input rows with a chain, in order
  idx_t live_count = 0;
  idx_t cursor = 0;     // in `live`: the input row being paired
  idx_t final_row = 0;  // FinalExecute: the next build row to look at
  bool final_started = false, final_emits = false;
  KeyScratch scratch;
  std::vector<data_ptr_t> groups;
  SelectionVector left_sel{kVectorSize}, right_sel{kVectorSize};  // EmitPairs' pairs
  DataChunk out;                                                  // EmitPairs' output, reused
  DataChunk pairs;  // MatchLeftRows' joined rows, reused
  ExpressionExecutor key_executor, residual;
  std::vector<const Vector*> keys;
  std::vector<Vector> union_keys;  // EvaluateKeys' copies of UNION keys
};

PhysicalHashJoin::PhysicalHashJoin(std::vector<LogicalType> types, JoinType join_type,
                                   std::vector<ExpressionPtr> left_keys,
                                   std::vector<ExpressionPtr> right_keys, ExpressionPtr residual,
                                   std::vector<idx_t> projection, bool build_side_kept,
                                   bool exists_mark)
    : PhysicalOperator(std::move(types)),
      build_side_kept_(build_side_kept),
      exists_mark_(exists_mark),
      join_type_(join_type),
      left_keys_(std::move(left_keys)),
      right_keys_(std::move(right_keys)),
      residual_(std::move(residual)),
      projection_(std::move(projection)) {
  if (projection_.empty()) {
    for (idx_t c = 0; c < this->types.size(); c++) projection_.push_back(c);
  }
  std::vector<LogicalType> key_types;
  for (const auto& k : right_keys_) key_types.push_back(k->type);
  key_layout_ = std::make_shared<GroupLayout>(key_types, std::vector<const AggregateFunction*>{}, 0,
                                              sizeof(Chain));
}

std::unique_ptr<GlobalSinkState> PhysicalHashJoin::GetGlobalSinkState(ExecutionContext&) const {
  return std::make_unique<BuildTable>();
}

std::unique_ptr<LocalSinkState> PhysicalHashJoin::GetLocalSinkState(ExecutionContext&) const {
  return std::make_unique<BuildLocal>();
}

void PhysicalHashJoin::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState&,
                            LocalSinkState& local) const {
  auto& build = static_cast<BuildLocal&>(local);
  auto& chunk = build.Add(context, input, children[1]->types);
  // The keys are kept with the rows (Finalize indexes them): views that the executor's
  // next chunk does not overwrite, as it writes into fresh buffers while these live.
  EvaluateKeys(build.executor, right_keys_, input, build.keys, build.union_keys);
  for (const Vector* key : build.keys) chunk.extra.emplace_back(key->Type(), 0).Reference(*key);
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
  table.next.assign(total, kNoRow);
  if (BuildDirect(table, parts, right_keys_)) {
    table.rows = Concatenate(parts, children[1]->types);
    if (HasFinalOutput()) table.matched.assign(total, 0);
    table.finalized.store(true, std::memory_order_release);
    return;
  }
  BuildKeyColumnBits(table, parts, right_keys_);
  // A large build side is indexed on every thread: its rows are split by their key's
  // hash into one hash table per partition, each built by one task. All rows of a key
  // land in one partition, in build order, so the chains are as one table would have
  // them. The rows are concatenated meanwhile, by one more task.
  TaskScheduler* scheduler = context.query.Scheduler();
  const idx_t threads = context.query.Threads();
  const idx_t partitions = scheduler && threads > 1 && total >= kParallelBuildRows
                               ? std::bit_floor(std::min<idx_t>(threads, kMaxBuildPartitions))
                               : 1;
  for (idx_t p = 0; p < partitions; p++) {
    table.partitions.push_back(std::make_unique<GroupTable>(key_layout_));
  }
  std::vector<idx_t> starts(parts.size() + 1, 0);
  for (idx_t c = 0; c < parts.size(); c++) starts[c + 1] = starts[c] + parts[c].rows->size();
  auto keys_of = [&](idx_t c) {
    std::vector<const Vector*> keys;
    for (const auto& key : parts[c].extra) keys.push_back(&key);
    return keys;
  };
  // partition_of[c][i]: row i of part c's partition, kNullKey for a NULL key.
  constexpr uint8_t kNullKey = UINT8_MAX;
  static_assert(kMaxBuildPartitions < kNullKey);
  std::vector<std::vector<uint8_t>> partition_of(partitions > 1 ? parts.size() : 0);
  std::vector<uint8_t> unique(partitions, 1), null_key(std::max<idx_t>(partitions, threads), 0);
  auto index = [&](idx_t p) {
    GroupTable& keys_table = *table.partitions[p];
    std::vector<data_ptr_t> groups(kVectorSize);
    std::vector<sel_t> sel(kVectorSize);
    for (idx_t c = 0; c < parts.size(); c++) {
      const idx_t n = starts[c + 1] - starts[c];  // the rows may be moving meanwhile
      const std::vector<const Vector*> keys = keys_of(c);
      groups.resize(std::max<idx_t>(n, 1));
      sel.resize(std::max<idx_t>(n, 1));
      idx_t m = n;
      if (partitions == 1) {
        if (n == 0) continue;
        context.query.CheckInterrupt();
        keys_table.FindOrCreate(keys, n, groups.data());
        for (idx_t i = 0; i < n; i++) sel[i] = static_cast<sel_t>(i);
      } else {
        m = 0;
        for (idx_t i = 0; i < n; i++) {
          sel[m] = static_cast<sel_t>(i);
          m += partition_of[c][i] == p;
        }
        if (m == 0) continue;
        keys_table.FindOrCreate(keys, n, groups.data(), sel.data(), m);
      }
      for (idx_t k = 0; k < m; k++) {
        const sel_t i = sel[k];
        bool null = false;
        for (const auto* key : keys) null = null || !key->RowIsValid(i);
        if (null) {
          // Its group exists (NULL makes a group) but stays without rows: matches nothing.
          null_key[p] = 1;
          continue;
        }
        auto row = static_cast<uint32_t>(starts[c] + i);
        auto* chain = reinterpret_cast<Chain*>(groups[i] + key_layout_->payload_offset);
        if (chain->head_plus_one == 0) {
          chain->head_plus_one = row + 1;
        } else {
          table.next[chain->tail_plus_one - 1] = row;
          unique[p] = 0;
        }
        chain->tail_plus_one = row + 1;
      }
    }
    keys_table.BuildFilter();
  };
  if (partitions == 1) {
    index(0);
    table.rows = Concatenate(parts, children[1]->types);
  } else {
    // Each row's partition, from its key's hash, on every thread.
    scheduler->Run(threads, [&](TaskScheduler::Job&, idx_t t) {
      KeyScratch scratch;
      for (idx_t c = t; c < parts.size(); c += threads) {
        const idx_t n = starts[c + 1] - starts[c];
        table.partitions[0]->Hash(keys_of(c), n, scratch);
        partition_of[c].resize(n);
        for (idx_t i = 0; i < n; i++) {
          const bool null = scratch.has_null[i];
          null_key[t] |= null;
          partition_of[c][i] =
              null ? kNullKey : static_cast<uint8_t>(table.PartitionOf(scratch.hashes[i]));
        }
      }
    });
    context.query.CheckInterrupt();
    scheduler->Run(partitions + 1, [&](TaskScheduler::Job&, idx_t p) {
      if (p < partitions) {
        index(p);
      } else {
        // Only the rows are moved: the keys (extra) stay for the other tasks.
        std::vector<SunkChunk> rows(parts.size());
        for (idx_t c = 0; c < parts.size(); c++) rows[c].rows = std::move(parts[c].rows);
        table.rows = Concatenate(rows, children[1]->types);
      }
    });
  }
  for (auto& part : parts) part.extra.clear();
  for (uint8_t u : unique) table.unique = table.unique && u;
  for (uint8_t n : null_key) table.null_key = table.null_key || n;
  if (HasFinalOutput()) table.matched.assign(total, 0);
  table.finalized.store(true, std::memory_order_release);
}

const JoinKeyFilter* PhysicalHashJoin::KeyFilter(ExecutionContext& context) const {
  auto* table = static_cast<BuildTable*>(context.query.FindSinkState(*this));
  if (!table || !table->finalized.load(std::memory_order_acquire)) return nullptr;
  return table;
}

namespace {
/// Some of a join's keys, tested against the build side's bitmaps of them.
class PartialFilter : public JoinKeyFilter {
 public:
  PartialFilter(idx_t build_rows, std::vector<std::pair<idx_t, const KeyBits*>> bits)
      : build_rows_(build_rows), bits_(std::move(bits)) {}
  idx_t Select(const std::vector<const Vector*>& keys, idx_t count, const sel_t* in, idx_t n,
               sel_t* out, KeyScratch&) const override {
    for (const auto& entry : bits_) {
      const Vector& v = *keys[entry.first];
      const KeyBits& kb = *entry.second;
      DispatchInt64Range(v.Type().Physical(), [&]<typename T>() {
        n = SelectInRange<T>(kb.min, kb.max, kb.bits, v, count, in, n, out);
      });
      in = out;
      if (n == 0) break;
    }
    return n;
  }
  idx_t KeyCount() const override { return build_rows_; }
  bool BitTestFirst() const override { return true; }

 private:
  idx_t build_rows_;
  std::vector<std::pair<idx_t, const KeyBits*>> bits_;  // (position in keys, its bitmap)
};
}  // namespace

std::unique_ptr<JoinKeyFilter> PhysicalHashJoin::PartialKeyFilter(
    ExecutionContext& context, const std::vector<idx_t>& keys) const {
  auto* table = static_cast<BuildTable*>(context.query.FindSinkState(*this));
  if (!table || !table->finalized.load(std::memory_order_acquire)) return nullptr;
  std::vector<std::pair<idx_t, const KeyBits*>> bits;
  for (const KeyBits& kb : table->key_column_bits) {
    auto at = std::find(keys.begin(), keys.end(), kb.key);
    if (at != keys.end()) bits.emplace_back(at - keys.begin(), &kb);
  }
  if (bits.empty()) return nullptr;
  return std::make_unique<PartialFilter>(table->count, std::move(bits));
}

std::unique_ptr<OperatorState> PhysicalHashJoin::GetOperatorState(ExecutionContext& context) const {
  auto probe = std::make_unique<Probe>();
  probe->table = &SinkStateOf<BuildTable>(context, *this);
  probe->out.Initialize(types);
  if (residual_) probe->residual.Add(*residual_);
  return probe;
}

void PhysicalHashJoin::Gather(DataChunk& output, const DataChunk* left,
                              const SelectionVector& left_sel, const DataChunk* right,
                              const SelectionVector& right_sel, idx_t count) const {
  const idx_t left_width = children[0]->types.size();
  for (idx_t j = 0; j < projection_.size(); j++) {
    const idx_t c = projection_[j];
    const DataChunk* side = c < left_width ? left : right;
    if (join_type_ == JoinType::kMark && c == left_width) continue;
    Vector& target = output.data[j];
    if (!side) {
      for (idx_t i = 0; i < count; i++) target.SetNull(i);
      continue;
    }
    const idx_t column = c < left_width ? c : c - left_width;
    target.CopyFrom(side->data[column], c < left_width ? left_sel : right_sel, count, 0, 0,
                    /*share_strings=*/true);
  }
}

std::vector<LogicalType> PhysicalHashJoin::JoinedRowTypes() const {
  std::vector<LogicalType> types = children[0]->types;
  types.insert(types.end(), children[1]->types.begin(), children[1]->types.end());
  return types;
}

void PhysicalHashJoin::FillJoinedRows(const DataChunk& input, const DataChunk& build_rows,
                                      const SelectionVector& left, const SelectionVector& right,
                                      idx_t count, DataChunk& pairs) const {
  const idx_t left_width = children[0]->types.size();
  for (idx_t c = 0; c < left_width; c++) pairs.data[c].CopyFrom(input.data[c], left, count, 0, 0);
  for (idx_t c = 0; c < build_rows.ColumnCount(); c++) {
    pairs.data[left_width + c].CopyFrom(build_rows.data[c], right, count, 0, 0);
  }
  pairs.SetCardinality(count);
}

void PhysicalHashJoin::EmitPairs(DataChunk& input, DataChunk& output, Probe& probe) const {
  const BuildTable& table = *probe.table;
  SelectionVector& left = probe.left_sel;
  SelectionVector& right = probe.right_sel;
  idx_t count = 0;
  while (probe.cursor < probe.live_count && count < kVectorSize) {
    const sel_t row = probe.live[probe.cursor];
    uint32_t& at = probe.chain[row];
    left.Set(count, row);
    right.Set(count, at);
    count++;
    // With unique build keys there is no next row to look up (a cache miss saved).
    at = table.unique ? kNoRow : table.next[at];
    if (at == kNoRow) probe.cursor++;
  }
  if (probe.cursor >= probe.live_count) probe.pairs_done = true;
  if (count == 0) return;
  auto& matched = const_cast<std::vector<uint8_t>&>(table.matched);
  if (!residual_) {
    for (idx_t i = 0; i < count; i++) {
      probe.matched[left.Get(i)] = 1;
      if (!matched.empty()) Mark(matched[right.Get(i)]);
    }
    if (LeftRowsOnly()) return;
    // Only the output columns are copied, into the probe's own chunk.
    probe.out.Reset();
    Gather(probe.out, &input, left, table.rows.get(), right, count);
    probe.out.SetCardinality(count);
    output.Reference(probe.out);
    return;
  }
  // The residual reads the whole joined row.
  DataChunk pairs;
  pairs.Initialize(JoinedRowTypes(), count);
  FillJoinedRows(input, *table.rows, left, right, count, pairs);
  SelectionVector kept(count);
  const idx_t found = probe.residual.Select(pairs, kept);
  for (idx_t i = 0; i < found; i++) {
    probe.matched[left.Get(kept.Get(i))] = 1;
    if (!matched.empty()) Mark(matched[right.Get(kept.Get(i))]);
  }
  if (LeftRowsOnly() || found == 0) return;
  if (found < count) pairs.Slice(kept, found);
  output.Initialize(types, 0);
  for (idx_t j = 0; j < projection_.size(); j++)
    output.data[j].Reference(pairs.data[projection_[j]]);
  output.SetCardinality(found);
}

void PhysicalHashJoin::MatchLeftRows(DataChunk& input, Probe& probe) const {
  const BuildTable& table = *probe.table;
  if (probe.pairs.ColumnCount() == 0) probe.pairs.Initialize(JoinedRowTypes());
  SelectionVector& left = probe.left_sel;
  SelectionVector& right = probe.right_sel;
  SelectionVector kept(kVectorSize);
  // Round by round, one pair of each row still unmatched: a row leaves at its first
  // match, where a row's whole chain would be paired before the next row's.
  while (probe.live_count > 0) {
    const idx_t count = probe.live_count;
    for (idx_t i = 0; i < count; i++) {
      const sel_t row = probe.live[i];
      uint32_t& at = probe.chain[row];
      left.Set(i, row);
      right.Set(i, at);
      at = table.unique ? kNoRow : table.next[at];
    }
    probe.pairs.Reset();
    FillJoinedRows(input, *table.rows, left, right, count, probe.pairs);
    const idx_t found = probe.residual.Select(probe.pairs, kept);
    for (idx_t i = 0; i < found; i++) probe.matched[left.Get(kept.Get(i))] = 1;
    idx_t live = 0;
    for (idx_t i = 0; i < count; i++) {
      const sel_t row = probe.live[i];
      probe.live[live] = row;
      live += !probe.matched[row] && probe.chain[row] != kNoRow;
    }
    probe.live_count = live;
  }
}

void PhysicalHashJoin::EmitMarked(DataChunk& input, DataChunk& output, Probe& probe) const {
  const BuildTable& table = *probe.table;
  const idx_t count = input.size();
  const idx_t left_width = children[0]->types.size();
  output.Initialize(types, std::max<idx_t>(count, 1));
  SelectionVector none;
  Gather(output, &input, none, nullptr, none, count);
  const auto mark_at = std::find(projection_.begin(), projection_.end(), left_width);
  if (mark_at != projection_.end()) {
    Vector& mark = output.data[static_cast<idx_t>(mark_at - projection_.begin())];
    const bool empty = table.count == 0;
    for (idx_t row = 0; row < count; row++) {
      bool matched = probe.matched[row];
      bool unknown = !exists_mark_ && !matched && !empty && (probe.key_null[row] || table.null_key);
      if (unknown) {
        mark.SetNull(row);
      } else {
        mark.Values<bool>()[row] = matched;
      }
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
  output.Initialize(types, count);
  Gather(output, &input, pick, nullptr, pick, count);
  output.SetCardinality(count);
}

OperatorResult PhysicalHashJoin::Execute(ExecutionContext& context, DataChunk& input,
                                         DataChunk& output, OperatorState& state) const {
  auto& probe = static_cast<Probe&>(state);
  const BuildTable& table = *probe.table;
  if (table.count == 0 && probe_may_stop_ && !build_side_kept_ &&
      (join_type_ == JoinType::kInner || join_type_ == JoinType::kSemi)) {
    output.SetCardinality(0);
    return OperatorResult::kFinished;  // no probe row can match: the probe side may stop
  }
  if (!probe.started) {
    probe.started = true;
    probe.pairs_done = false;
    EvaluateKeys(probe.key_executor, left_keys_, input, probe.keys, probe.union_keys);
    const std::vector<const Vector*>& keys = probe.keys;
    probe.chain.assign(input.size(), kNoRow);
    probe.matched.assign(input.size(), 0);
    probe.key_null.assign(input.size(), 0);
    if (table.direct.heads) {
      table.direct.Probe(*keys[0], input.size(), probe.chain.data(), probe.key_null.data(),
                         probe.hits);
    } else {
      probe.groups.resize(std::max<idx_t>(input.size(), 1));
      if (table.partitions.size() == 1) {
        table.partitions[0]->Find(keys, input.size(), probe.groups.data(), probe.scratch);
      } else {
        FindInPartitions(keys, input.size(), probe);
      }
      const idx_t payload = key_layout_->payload_offset;
      for (idx_t row = 0; row < input.size(); row++) {
        probe.key_null[row] = probe.scratch.has_null[row];
        if (!probe.groups[row]) continue;
        const auto* chain = reinterpret_cast<const Chain*>(probe.groups[row] + payload);
        if (chain->head_plus_one != 0) probe.chain[row] = chain->head_plus_one - 1;
      }
    }
    probe.live.resize(input.size());
    probe.live_count = 0;
    probe.cursor = 0;
    for (idx_t row = 0; row < input.size(); row++) {
      probe.live[probe.live_count] = static_cast<sel_t>(row);
      probe.live_count += probe.chain[row] != kNoRow;
    }
    // Without a residual, a semi, anti or mark join needs no pairs: a chain is a match.
    if (!residual_ && build_side_kept_) {
      MarkChains(probe);
      probe.pairs_done = true;
    } else if (LeftRowsOnly() && !build_side_kept_) {
      if (residual_) {
        MatchLeftRows(input, probe);
      } else {
        for (idx_t row = 0; row < input.size(); row++)
          probe.matched[row] = probe.chain[row] != kNoRow;
      }
      probe.pairs_done = true;
    }
  }
  if (!probe.pairs_done) {
    EmitPairs(input, output, probe);
    return OperatorResult::kHaveMoreOutput;
  }
  probe.started = false;
  if (build_side_kept_) return OperatorResult::kNeedMoreInput;  // rows come at the end
  if (join_type_ == JoinType::kLeft || join_type_ == JoinType::kFull || LeftRowsOnly()) {
    EmitLeftRows(input, output, probe);
  }
  return OperatorResult::kNeedMoreInput;
}

bool PhysicalHashJoin::HasFinalOutput() const {
  return join_type_ == JoinType::kRight || join_type_ == JoinType::kFull || build_side_kept_;
}

void PhysicalHashJoin::FindInPartitions(const std::vector<const Vector*>& keys, idx_t count,
                                        Probe& probe) const {
  const auto& partitions = probe.table->partitions;
  const idx_t n_partitions = partitions.size();
  KeyScratch& scratch = probe.scratch;
  partitions[0]->Hash(keys, count, scratch);
  // The rows without a NULL key, grouped by partition (a counting sort).
  idx_t starts[kMaxBuildPartitions + 1] = {};
  for (idx_t i = 0; i < count; i++) {
    probe.groups[i] = nullptr;
    if (!scratch.has_null[i]) {
      starts[probe.table->PartitionOf(scratch.hashes[i]) + 1]++;
    }
  }
  for (idx_t p = 0; p < n_partitions; p++) starts[p + 1] += starts[p];
  idx_t at[kMaxBuildPartitions];
  std::copy(starts, starts + n_partitions, at);
  probe.partition_rows.resize(std::max<idx_t>(count, 1));
  for (idx_t i = 0; i < count; i++) {
    if (scratch.has_null[i]) continue;
    probe.partition_rows[at[probe.table->PartitionOf(scratch.hashes[i])]++] = static_cast<sel_t>(i);
  }
  for (idx_t p = 0; p < n_partitions; p++) {
    const idx_t n = starts[p + 1] - starts[p];
    if (n == 0) continue;
    partitions[p]->FindHashed(keys, count, probe.partition_rows.data() + starts[p], n,
                              probe.groups.data(), scratch);
  }
}

void PhysicalHashJoin::MarkChains(Probe& probe) const {
  const BuildTable& table = *probe.table;
  auto& matched = const_cast<std::vector<uint8_t>&>(table.matched);
  for (idx_t k = 0; k < probe.live_count; k++) {
    uint32_t at = probe.chain[probe.live[k]];
    // A chain is marked whole, so a marked head means a marked chain.
    if (Marked(matched[at])) continue;
    for (; at != kNoRow; at = table.unique ? kNoRow : table.next[at]) Mark(matched[at]);
  }
}

bool PhysicalHashJoin::FinalExecute(ExecutionContext& context, DataChunk& output,
                                    OperatorState& state) const {
  auto& probe = static_cast<Probe&>(state);
  const BuildTable& table = *probe.table;
  if (!probe.final_started) {
    // Only the probe thread that finishes last sees every mark: it emits the rows.
    probe.final_started = true;
    probe.final_emits =
        LastProbeThread(const_cast<std::atomic<idx_t>&>(table.probes_done), context);
  }
  if (!probe.final_emits) {
    output.SetCardinality(0);
    return false;
  }
  const idx_t total = table.matched.size();
  // Unmatched build rows (right, full, anti), or matched ones (semi).
  const uint8_t want = build_side_kept_ && join_type_ == JoinType::kSemi ? 1 : 0;
  SelectionVector pick(kVectorSize);
  idx_t count = 0;
  while (probe.final_row < total && count < kVectorSize) {
    if (table.matched[probe.final_row] == want) pick.Set(count++, probe.final_row);
    probe.final_row++;
  }
  Gather(output, nullptr, pick, table.rows.get(), pick, count);
  output.SetCardinality(count);
  return probe.final_row < total;
}

}  // namespace teal
