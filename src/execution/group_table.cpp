// GroupTable: key normalisation and hashing, probing, creation and merging of groups.
#include "execution/group_table.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/hash.hpp"
#include "execution/row_key.hpp"
#include "teal/error.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"

namespace teal {

namespace {

constexpr idx_t kStateAlignment = 16;
constexpr uint64_t kAddressMask = (uint64_t{1} << 48) - 1;
constexpr uint64_t kNullHash = 0xbf58476d1ce4e5b9ULL;
constexpr idx_t kMinCapacity = 1024;

idx_t AlignUp(idx_t n, idx_t to) { return (n + to - 1) / to * to; }

GroupLayout::SlotKind KindOf(const LogicalType& type) {
  switch (type.Physical()) {
    case PhysicalType::kFloat:
      return GroupLayout::SlotKind::kFloat;
    case PhysicalType::kDouble:
      return GroupLayout::SlotKind::kDouble;
    case PhysicalType::kInterval:
      return GroupLayout::SlotKind::kInterval;
    case PhysicalType::kVarchar:
      return GroupLayout::SlotKind::kString;
    case PhysicalType::kList:
    case PhysicalType::kStruct:
      return GroupLayout::SlotKind::kEncoded;
    default:
      return GroupLayout::SlotKind::kFixed;
  }
}

idx_t SlotWidth(GroupLayout::SlotKind kind, const LogicalType& type) {
  switch (kind) {
    case GroupLayout::SlotKind::kFloat:
      return sizeof(float);
    case GroupLayout::SlotKind::kDouble:
      return sizeof(double);
    case GroupLayout::SlotKind::kInterval:
      return sizeof(int128);
    case GroupLayout::SlotKind::kString:
    case GroupLayout::SlotKind::kEncoded:
      return sizeof(string_t);
    case GroupLayout::SlotKind::kFixed:
      return PhysicalTypeSize(type.Physical());
  }
  return 0;
}

/// The hash of a normalised fixed-width value of `width` bytes at `p`.
inline uint64_t HashFixed(const_data_ptr_t p, idx_t width) {
  if (width <= 8) {
    uint64_t bits = 0;
    std::memcpy(&bits, p, width);
    return MixHash(bits);
  }
  return HashBytes(p, width);
}

/// The hash of a string key. An inline string is hashed as its 16 bytes, two words with
/// no loop: they are zero padded, so equal strings have equal bytes (KeysEqual compares
/// them so too), and a string of a given length is always inline or never.
inline uint64_t HashString(const string_t& s) {
  if (!s.IsInlined()) return HashBytes(s.data(), s.size());
  uint64_t words[2];
  std::memcpy(words, &s, sizeof(words));
  return CombineHash(MixHash(words[0]), words[1]);
}

/// Keys of kWords 8-byte words, equal iff every word is.
template <idx_t kWords>
struct WordsEqual {
  bool operator()(const_data_ptr_t a, const_data_ptr_t b) const {
    const auto* x = reinterpret_cast<const uint64_t*>(a);
    const auto* y = reinterpret_cast<const uint64_t*>(b);
    bool equal = true;
    for (idx_t w = 0; w < kWords; w++) equal &= x[w] == y[w];
    return equal;
  }
};

/// Looks up rows [0, count) of a chunk's key areas (`base`, `stride` bytes apart) in the
/// entry array: rows[i] is the matching group's row, or what `missing(i, slot)` returns
/// for a key that is not there (slot: the empty entry where it would go). Three passes, so
/// that the cache misses of different rows overlap: prefetch every row's first entry; walk
/// past the entries whose salt differs (they cannot match) to each row's first candidate
/// and prefetch the candidate's row; then compare, probing on where a candidate fails
/// (or, when creating, where an earlier row of the chunk took the slot).
/// `sel` (may be null) limits the lookup to rows sel[0 … count).
template <typename Equal, typename Missing>
void ProbeChunk(const uint64_t* slots, idx_t mask, const_data_ptr_t base, idx_t stride,
                const uint64_t* hashes, const sel_t* sel, idx_t count, data_ptr_t* rows,
                idx_t* starts, Equal equal, Missing missing) {
  for (idx_t k = 0; k < count; k++) {
    const idx_t i = sel ? sel[k] : k;
    __builtin_prefetch(&slots[hashes[i] & mask]);
  }
  for (idx_t k = 0; k < count; k++) {
    const idx_t i = sel ? sel[k] : k;
    const uint64_t salt = hashes[i] & ~kAddressMask;
    idx_t slot = hashes[i] & mask;
    uint64_t entry;
    while ((entry = slots[slot]) != 0 && (entry & ~kAddressMask) != salt) {
      slot = (slot + 1) & mask;
    }
    if (entry != 0) __builtin_prefetch(reinterpret_cast<const void*>(entry & kAddressMask));
    starts[i] = slot;
  }
  for (idx_t k = 0; k < count; k++) {
    const idx_t i = sel ? sel[k] : k;
    const_data_ptr_t key = base + i * stride;
    const uint64_t salt = hashes[i] & ~kAddressMask;
    idx_t slot = starts[i];
    while (true) {
      uint64_t entry = slots[slot];
      if (entry == 0) {
        rows[i] = missing(i, slot);
        break;
      }
      if ((entry & ~kAddressMask) == salt) {
        auto* row = reinterpret_cast<data_ptr_t>(entry & kAddressMask);
        if (equal(row, key)) {
          rows[i] = row;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
  }
}

}  // namespace

template <typename Probe>
void GroupTable::WithEqual(Probe&& probe) const {
  const auto& l = *layout_;
  if (l.word_keys) {
    switch (l.key_words) {
      case 1:
        return probe(WordsEqual<1>());
      case 2:
        return probe(WordsEqual<2>());
      case 3:
        return probe(WordsEqual<3>());
      case 4:
        return probe(WordsEqual<4>());
      default:
        break;
    }
  }
  // Keys with strings: equal words are equal keys (an inline string is its zero-padded
  // bytes, a longer one its length, prefix and pointer), so most probes that find their
  // group end there; words that differ may still be equal keys, a longer string's bytes
  // being at another address, and KeysEqual decides.
  auto words_first = [&]<idx_t kWords>() {
    probe([this](const_data_ptr_t a, const_data_ptr_t b) {
      return WordsEqual<kWords>()(a, b) || KeysEqual(a, b);
    });
  };
  switch (l.key_words) {
    case 3:
      return words_first.template operator()<3>();
    case 4:
      return words_first.template operator()<4>();
    case 5:
      return words_first.template operator()<5>();
    case 6:
      return words_first.template operator()<6>();
    default:
      break;
  }
  probe([this](const_data_ptr_t a, const_data_ptr_t b) { return KeysEqual(a, b); });
}

GroupLayout::GroupLayout(std::vector<LogicalType> key_types_in,
                         std::vector<const AggregateFunction*> aggregates_in,
                         idx_t partition_keys_in, idx_t payload_size)
    : key_types(std::move(key_types_in)),
      partition_keys(partition_keys_in),
      aggregates(std::move(aggregates_in)) {
  idx_t offset = 0;
  for (const auto& type : key_types) {
    SlotKind kind = KindOf(type);
    idx_t width = SlotWidth(kind, type);
    // Naturally aligned, so that a slot can be read in place.
    offset = AlignUp(offset, std::min<idx_t>(width, 8));
    slots.push_back({kind, offset, width});
    offset += width;
    if (kind == SlotKind::kString || kind == SlotKind::kEncoded) word_keys = false;
    if (kind != SlotKind::kFixed) fixed_keys = false;
  }
  null_offset = offset;
  offset += key_types.size();
  key_words = AlignUp(offset, 8) / 8;
  hash_offset = key_words * 8;
  states_offset = AlignUp(hash_offset + 2 * sizeof(uint64_t), kStateAlignment);
  idx_t states = 0;
  for (const auto* a : aggregates) {
    state_offsets.push_back(states);
    states += AlignUp(std::max<idx_t>(a->state_size, 1), kStateAlignment);
    if (a->destroy) destroys = true;
  }
  payload_offset = AlignUp(states_offset + states, 8);
  row_width = AlignUp(payload_offset + payload_size, kStateAlignment);
}

GroupTable::GroupTable(std::shared_ptr<const GroupLayout> layout) : layout_(std::move(layout)) {}

GroupTable::~GroupTable() {
  if (!layout_->destroys) return;
  const auto& l = *layout_;
  for (idx_t g = 0; g < count_; g++) {
    data_ptr_t states = Row(g) + l.states_offset;
    for (idx_t a = 0; a < l.aggregates.size(); a++) {
      if (l.aggregates[a]->destroy) l.aggregates[a]->destroy(states + l.state_offsets[a]);
    }
  }
}

void GroupTable::BuildKeys(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
                           const sel_t* sel, idx_t n) const {
  const auto& l = *layout_;
  const idx_t words = l.key_words;
  if (sel) {
    scratch.keys.resize(count * words);
    if (scratch.has_null.size() < count) scratch.has_null.resize(count, 0);
    for (idx_t k = 0; k < n; k++) {
      std::fill_n(scratch.keys.data() + sel[k] * words, words, uint64_t{0});
    }
  } else {
    scratch.keys.assign(count * words, 0);
    scratch.has_null.assign(count, 0);
  }
  auto& hashes_ = scratch.hashes;
  hashes_.resize(count);
  scratch.starts.resize(count);
  scratch.heap.Clear();
  auto* base = reinterpret_cast<data_ptr_t>(scratch.keys.data());
  const idx_t stride = words * 8;
  std::string encoded;
  for (idx_t c = 0; c < l.slots.size(); c++) {
    const Vector& v = *keys[c];
    const auto& slot = l.slots[c];
    const bool constant = v.IsConstant();
    const auto& validity = v.Validity();
    // The first column's hash is the row's hash so far; later ones are folded in.
    auto fold = [&](idx_t row, uint64_t h) {
      hashes_[row] = c == 0 ? h : CombineHash(hashes_[row], h);
    };
    // body(row) for every row, or the selected ones.
    auto each = [&](auto&& body) {
      if (sel) {
        for (idx_t k = 0; k < n; k++) body(idx_t{sel[k]});
      } else {
        for (idx_t row = 0; row < count; row++) body(row);
      }
    };
    auto for_rows = [&](auto&& write) {
      if (!constant && validity.AllValid()) {
        each([&](idx_t row) { fold(row, write(base + row * stride + slot.offset, row)); });
        return;
      }
      each([&](idx_t row) {
        idx_t at = constant ? 0 : row;
        data_ptr_t key = base + row * stride;
        if (!validity.RowIsValid(at)) {
          key[l.null_offset + c] = 1;
          scratch.has_null[row] = 1;
          fold(row, kNullHash);
          return;
        }
        fold(row, write(key + slot.offset, at));
      });
    };
    switch (slot.kind) {
      case GroupLayout::SlotKind::kFixed:
        DispatchFixedWidth(v.Type().Physical(), [&]<typename T>() {
          const T* data = v.Values<T>();
          for_rows([&](data_ptr_t out, idx_t at) {
            std::memcpy(out, &data[at], sizeof(T));
            return HashFixed(out, sizeof(T));
          });
        });
        break;
      case GroupLayout::SlotKind::kFloat: {
        const float* data = v.Values<float>();
        for_rows([&](data_ptr_t out, idx_t at) {
          float f = data[at];
          if (f == 0) f = 0;
          if (std::isnan(f)) f = std::numeric_limits<float>::quiet_NaN();
          std::memcpy(out, &f, sizeof(f));
          return HashFixed(out, sizeof(f));
        });
        break;
      }
      case GroupLayout::SlotKind::kDouble: {
        const double* data = v.Values<double>();
        for_rows([&](data_ptr_t out, idx_t at) {
          double d = data[at];
          if (d == 0) d = 0;
          if (std::isnan(d)) d = std::numeric_limits<double>::quiet_NaN();
          std::memcpy(out, &d, sizeof(d));
          return HashFixed(out, sizeof(d));
        });
        break;
      }
      case GroupLayout::SlotKind::kInterval: {
        const interval_t* data = v.Values<interval_t>();
        for_rows([&](data_ptr_t out, idx_t at) {
          int128 length = IntervalKey(data[at]);
          std::memcpy(out, &length, sizeof(length));
          return HashFixed(out, sizeof(length));
        });
        break;
      }
      case GroupLayout::SlotKind::kString: {
        const string_t* data = v.Values<string_t>();
        for_rows([&](data_ptr_t out, idx_t at) {
          std::memcpy(out, &data[at], sizeof(string_t));
          return HashString(data[at]);
        });
        break;
      }
      case GroupLayout::SlotKind::kEncoded:
        for_rows([&](data_ptr_t out, idx_t at) {
          encoded.clear();
          EncodeKey(v, at, encoded);
          string_t s = scratch.heap.AddString(encoded);
          std::memcpy(out, &s, sizeof(string_t));
          return HashBytes(encoded.data(), encoded.size());
        });
        break;
    }
    if (!sel && c + 1 == l.partition_keys) scratch.partition_hashes = hashes_;
  }
  if (!sel && (l.partition_keys == 0 || l.partition_keys > l.slots.size())) {
    scratch.partition_hashes = hashes_;
  }
}

void GroupTable::HashKeys(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
                          const sel_t* sel, idx_t n) const {
  const auto& l = *layout_;
  TEAL_ASSERT(l.fixed_keys);
  scratch.hashes.resize(count);
  scratch.has_null.assign(count, 0);
  uint64_t* hashes = scratch.hashes.data();
  const idx_t rows = sel ? n : count;
  for (idx_t c = 0; c < l.slots.size(); c++) {
    const Vector& v = *keys[c];
    // The hash of the value's bytes, as BuildKeys computes it from the normalised key.
    DispatchFixedWidth(v.Type().Physical(), [&]<typename T>() {
      const T* data = v.Values<T>();
      auto fold = [&](idx_t row, uint64_t h) {
        hashes[row] = c == 0 ? h : CombineHash(hashes[row], h);
      };
      if (!v.IsConstant() && v.Validity().AllValid()) {
        auto all = [&]<bool kSelected>() {
          for (idx_t k = 0; k < rows; k++) {
            const idx_t row = kSelected ? sel[k] : k;
            fold(row, HashFixed(reinterpret_cast<const_data_ptr_t>(&data[row]), sizeof(T)));
          }
        };
        sel ? all.template operator()<true>() : all.template operator()<false>();
        return;
      }
      for (idx_t k = 0; k < rows; k++) {
        const idx_t row = sel ? sel[k] : k;
        const idx_t at = v.IsConstant() ? 0 : row;
        if (!v.RowIsValid(at)) {
          scratch.has_null[row] = 1;
          fold(row, kNullHash);
          continue;
        }
        fold(row, HashFixed(reinterpret_cast<const_data_ptr_t>(&data[at]), sizeof(T)));
      }
    });
  }
}

bool GroupTable::KeysEqual(const_data_ptr_t a, const_data_ptr_t b) const {
  const auto& l = *layout_;
  if (l.word_keys) {
    const auto* x = reinterpret_cast<const uint64_t*>(a);
    const auto* y = reinterpret_cast<const uint64_t*>(b);
    for (idx_t w = 0; w < l.key_words; w++) {
      if (x[w] != y[w]) return false;
    }
    return true;
  }
  for (idx_t c = 0; c < l.slots.size(); c++) {
    if (a[l.null_offset + c] != b[l.null_offset + c]) return false;
  }
  for (const auto& slot : l.slots) {
    if (slot.kind == GroupLayout::SlotKind::kString ||
        slot.kind == GroupLayout::SlotKind::kEncoded) {
      // Length and prefix (or an inline string's first 4 bytes) in one word, then the
      // rest of an inline string in another.
      uint64_t x[2], y[2];
      std::memcpy(x, a + slot.offset, sizeof(x));
      std::memcpy(y, b + slot.offset, sizeof(y));
      if (x[0] != y[0]) return false;
      const auto size = static_cast<uint32_t>(x[0]);
      if (size <= string_t::kInlineLength) {
        if (x[1] != y[1]) return false;
        continue;
      }
      const char* xp;
      const char* yp;
      std::memcpy(&xp, &x[1], sizeof(xp));
      std::memcpy(&yp, &y[1], sizeof(yp));
      if (std::memcmp(xp, yp, size) != 0) return false;
    } else if (std::memcmp(a + slot.offset, b + slot.offset, slot.width) != 0) {
      return false;
    }
  }
  return true;
}

void GroupTable::Reserve(idx_t more) {
  idx_t needed = 2 * (count_ + more);
  if (needed <= capacity_) return;
  idx_t capacity = std::max(kMinCapacity, std::bit_ceil(needed));
  OwnedBlock entries(capacity * sizeof(uint64_t));
  auto* slots = reinterpret_cast<uint64_t*>(entries.get());
  std::memset(slots, 0, capacity * sizeof(uint64_t));
  const idx_t mask = capacity - 1;
  for (idx_t g = 0; g < count_; g++) {
    data_ptr_t row = Row(g);
    uint64_t hash;
    std::memcpy(&hash, row + layout_->hash_offset, sizeof(hash));
    idx_t slot = hash & mask;
    while (slots[slot] != 0) slot = (slot + 1) & mask;
    slots[slot] = (hash & ~kAddressMask) | reinterpret_cast<uint64_t>(row);
  }
  entries_ = std::move(entries);
  capacity_ = capacity;
}

data_ptr_t GroupTable::Create(const_data_ptr_t key, uint64_t hash, uint64_t partition_hash) {
  const auto& l = *layout_;
  if (count_ % kVectorSize == 0 && count_ / kVectorSize == blocks_.size()) {
    blocks_.emplace_back(kVectorSize * l.row_width);
  }
  data_ptr_t row = Row(count_);
  std::memcpy(row, key, l.key_words * 8);
  if (!l.word_keys) {
    // Long strings point into the chunk they came from: keep a copy of their own.
    for (idx_t c = 0; c < l.slots.size(); c++) {
      const auto& slot = l.slots[c];
      if (slot.kind != GroupLayout::SlotKind::kString &&
          slot.kind != GroupLayout::SlotKind::kEncoded) {
        continue;
      }
      if (row[l.null_offset + c]) continue;
      string_t s;
      std::memcpy(&s, row + slot.offset, sizeof(string_t));
      if (s.IsInlined()) continue;
      string_t copy = heap_.AddString(s.View());
      std::memcpy(row + slot.offset, &copy, sizeof(string_t));
    }
  }
  std::memcpy(row + l.hash_offset, &hash, sizeof(hash));
  std::memcpy(row + l.hash_offset + sizeof(hash), &partition_hash, sizeof(partition_hash));
  std::memset(row + l.payload_offset, 0, l.row_width - l.payload_offset);
  data_ptr_t states = row + l.states_offset;
  for (idx_t a = 0; a < l.aggregates.size(); a++) {
    l.aggregates[a]->initialize(states + l.state_offsets[a]);
  }
  count_++;
  return row;
}

data_ptr_t GroupTable::SingleGroup() {
  if (count_ == 0) {
    uint64_t none[1] = {0};
    Create(reinterpret_cast<const_data_ptr_t>(none), 0, 0);
    values_count_ = 1;
  }
  return Row(0);
}

void GroupTable::FindOrCreate(const std::vector<const Vector*>& keys, idx_t count,
                              data_ptr_t* rows) {
  const auto& l = *layout_;
  if (l.slots.empty()) {
    data_ptr_t row = SingleGroup();
    for (idx_t i = 0; i < count; i++) rows[i] = row;
    return;
  }
  if (direct_ != Direct::kOff && FindOrCreateDirect(*keys[0], count, rows)) return;
  FindOrCreateHashed(keys, count, rows);
}

namespace {

/// The direct index's window for a first chunk of `count` keys spanning `span` values:
/// kDirectSlots, or the span (a power of two, at most `most`) when the keys are spread
/// over more and at least half of them are distinct — many groups over a dense domain.
template <typename T>
idx_t DirectWindowFor(const T* values, idx_t count, uint64_t span, idx_t small, idx_t most) {
  if (span <= small || span > most) return small;
  std::vector<T> sorted(values, values + count);
  std::sort(sorted.begin(), sorted.end());
  const auto distinct =
      static_cast<idx_t>(std::unique(sorted.begin(), sorted.end()) - sorted.begin());
  if (distinct * 2 < count) return small;
  return std::bit_ceil(static_cast<idx_t>(span));
}

}  // namespace

bool GroupTable::FindOrCreateDirect(const Vector& key, idx_t count, data_ptr_t* rows) {
  const auto& l = *layout_;
  if (direct_ == Direct::kUntried) {
    const bool fits = l.slots.size() == 1 && l.slots[0].kind == GroupLayout::SlotKind::kFixed &&
                      IsInt64Range(key.Type().Physical());
    if (!fits) {
      direct_ = Direct::kOff;
      return false;
    }
  }
  // Chunks with NULL keys or a constant key take the hash table; so do small chunks
  // until the index exists (a small input is not worth its array).
  if (count == 0 || key.IsConstant() || !key.Validity().AllValid()) return false;
  if (direct_ == Direct::kUntried && count < kDirectMinRows) return false;
  return DispatchInt64Range(key.Type().Physical(), [&]<typename T>() -> bool {
    const T* values = key.Values<T>();
    if (direct_ == Direct::kUntried) {
      const auto [low, high] = std::minmax_element(values, values + count);
      direct_base_ = static_cast<int64_t>(*low);
      direct_slots_ = DirectWindowFor(values, count,
                                      static_cast<uint64_t>(static_cast<int64_t>(*high)) -
                                          static_cast<uint64_t>(static_cast<int64_t>(*low)) + 1,
                                      kDirectSlots, kMaxDirectSlots);
      try {
        direct_block_.emplace(direct_slots_ * sizeof(data_ptr_t));
      } catch (const OutOfMemoryError&) {
        // The wide window is an optimisation: under a tight memory_limit, the small one.
        if (direct_slots_ == kDirectSlots) throw;
        direct_slots_ = kDirectSlots;
        direct_block_.emplace(direct_slots_ * sizeof(data_ptr_t));
      }
      std::memset(direct_block_->get(), 0, direct_slots_ * sizeof(data_ptr_t));
      direct_ = Direct::kOn;
    }
    auto* slots = reinterpret_cast<data_ptr_t*>(direct_block_->get());
    const auto base = static_cast<uint64_t>(direct_base_);
    const idx_t window = direct_slots_;
    direct_missed_.resize(count);
    idx_t missed = 0, inside = 0;
    for (idx_t i = 0; i < count; i++) {
      const uint64_t slot = static_cast<uint64_t>(static_cast<int64_t>(values[i])) - base;
      const bool in_window = slot < window;
      data_ptr_t row = in_window ? slots[slot] : nullptr;
      rows[i] = row;
      direct_missed_[missed] = static_cast<sel_t>(i);
      missed += row == nullptr;
      inside += in_window;
    }
    if (direct_chunks_ < kDirectTrialChunks) {
      direct_chunks_++;
      direct_rows_ += count;
      direct_inside_ += inside;
      // Most keys outside the window (many groups, or a spread domain): the index only
      // costs. (Keys inside it are counted, not hits: the first chunks' may all be new.)
      if (direct_chunks_ == kDirectTrialChunks && direct_inside_ * 2 < direct_rows_) {
        direct_ = Direct::kOff;
        direct_block_.reset();
        return false;
      }
    }
    if (missed == 0) return true;
    // The misses through the hash table, in row order (first-seen order is kept).
    SelectionVector sel(missed);
    std::copy(direct_missed_.begin(), direct_missed_.begin() + static_cast<std::ptrdiff_t>(missed),
              sel.Data());
    Vector subset(key.Type(), missed);
    subset.CopyFrom(key, sel, missed, 0, 0);
    std::vector<data_ptr_t> found(missed);
    FindOrCreateHashed({&subset}, missed, found.data());
    for (idx_t j = 0; j < missed; j++) {
      const idx_t i = sel.Get(j);
      rows[i] = found[j];
      const uint64_t slot = static_cast<uint64_t>(static_cast<int64_t>(values[i])) - base;
      if (slot < window) slots[slot] = found[j];
    }
    return true;
  });
}

void GroupTable::FindOrCreate(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows,
                              const sel_t* sel, idx_t n) {
  TEAL_ASSERT(direct_ != Direct::kOn);
  direct_ = Direct::kOff;
  FindOrCreateHashed(keys, count, rows, sel, n);
}

void GroupTable::FindOrCreateHashed(const std::vector<const Vector*>& keys, idx_t count,
                                    data_ptr_t* rows, const sel_t* sel, idx_t n) {
  const auto& l = *layout_;
  BuildKeys(keys, count, scratch_, sel, n);
  // BuildKeys of selected rows computes no partition hashes: the hashes are those when
  // the layout partitions by all its keys.
  TEAL_ASSERT(!sel || l.partition_keys == 0 || l.partition_keys >= l.slots.size());
  const uint64_t* partition_hashes =
      sel ? scratch_.hashes.data() : scratch_.partition_hashes.data();
  const idx_t probes = sel ? n : count;
  Reserve(probes);
  auto* slots = reinterpret_cast<uint64_t*>(entries_->get());
  const idx_t mask = capacity_ - 1;
  const auto* base = reinterpret_cast<const_data_ptr_t>(scratch_.keys.data());
  const idx_t stride = l.key_words * 8;
  SelectionVector created(std::max<idx_t>(count, 1));
  idx_t new_groups = 0;
  auto missing = [&](idx_t i, idx_t slot) {
    const uint64_t hash = scratch_.hashes[i];
    data_ptr_t row = Create(base + i * stride, hash, partition_hashes[i]);
    slots[slot] = (hash & ~kAddressMask) | reinterpret_cast<uint64_t>(row);
    created.Set(new_groups++, i);
    return row;
  };
  WithEqual([&](auto equal) {
    ProbeChunk(slots, mask, base, stride, scratch_.hashes.data(), sel, probes, rows,
               scratch_.starts.data(), equal, missing);
  });
  if (new_groups > 0) AppendValues(keys, created, new_groups);
}

void GroupTable::Hash(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
                      const sel_t* sel, idx_t n) const {
  if (layout_->fixed_keys) {
    HashKeys(keys, count, scratch, sel, n);
  } else {
    if (sel) scratch.has_null.assign(count, 0);
    BuildKeys(keys, count, scratch, sel, n);
  }
}

idx_t GroupTable::Filter(const KeyScratch& scratch, idx_t count, const sel_t* in, idx_t n,
                         sel_t* out) const {
  const idx_t rows = in ? n : count;
  idx_t kept = 0;
  for (idx_t k = 0; k < rows; k++) {
    const sel_t i = in ? in[k] : static_cast<sel_t>(k);
    const bool pass = MayContainHash(scratch.hashes[i]);
    out[kept] = i;
    kept += pass;
  }
  return kept;
}

void GroupTable::ProbeBuilt(const sel_t* sel, idx_t n, data_ptr_t* rows,
                            KeyScratch& scratch) const {
  const auto* slots = reinterpret_cast<const uint64_t*>(entries_->get());
  const auto* base = reinterpret_cast<const_data_ptr_t>(scratch.keys.data());
  auto missing = [](idx_t, idx_t) -> data_ptr_t { return nullptr; };
  WithEqual([&](auto equal) {
    ProbeChunk(slots, capacity_ - 1, base, layout_->key_words * 8, scratch.hashes.data(), sel, n,
               rows, scratch.starts.data(), equal, missing);
  });
}

void GroupTable::FindHashed(const std::vector<const Vector*>& keys, idx_t count, const sel_t* sel,
                            idx_t n, data_ptr_t* rows, KeyScratch& scratch) const {
  for (idx_t k = 0; k < n; k++) rows[sel[k]] = nullptr;
  if (count_ == 0 || n == 0) return;
  scratch.passed.resize(n);
  const idx_t probes = Filter(scratch, count, sel, n, scratch.passed.data());
  if (probes == 0) return;
  BuildKeys(keys, count, scratch, scratch.passed.data(), probes);
  ProbeBuilt(scratch.passed.data(), probes, rows, scratch);
}

void GroupTable::Find(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows,
                      KeyScratch& scratch) const {
  const auto& l = *layout_;
  if (l.slots.empty()) {
    for (idx_t i = 0; i < count; i++) rows[i] = count_ > 0 ? Row(0) : nullptr;
    return;
  }
  // With a filter and fixed-width keys, the keys are hashed first and only the rows the
  // filter lets through are normalised (in a selective join, a few of them).
  if (filter_ && l.fixed_keys) {
    HashKeys(keys, count, scratch);
    scratch.passed.resize(count);
    const idx_t probes = Filter(scratch, count, nullptr, 0, scratch.passed.data());
    for (idx_t i = 0; i < count; i++) rows[i] = nullptr;
    if (count_ == 0 || probes == 0) return;
    BuildKeys(keys, count, scratch, scratch.passed.data(), probes);
    ProbeBuilt(scratch.passed.data(), probes, rows, scratch);
    return;
  }
  BuildKeys(keys, count, scratch);
  for (idx_t i = 0; i < count; i++) rows[i] = nullptr;
  if (count_ == 0) return;
  if (!filter_) {
    ProbeBuilt(nullptr, count, rows, scratch);
    return;
  }
  // Most keys that are not in the table stop at the filter, at one cached word.
  scratch.passed.resize(count);
  const idx_t probes = Filter(scratch, count, nullptr, 0, scratch.passed.data());
  ProbeBuilt(scratch.passed.data(), probes, rows, scratch);
}

void GroupTable::BuildFilter() {
  idx_t words = std::max<idx_t>(64, std::bit_ceil(count_ / 4 + 1));
  filter_.emplace(words, 0);
  filter_mask_ = words - 1;
  for (idx_t g = 0; g < count_; g++) {
    uint64_t h;
    std::memcpy(&h, Row(g) + layout_->hash_offset, sizeof(h));
    (*filter_)[(h >> 20) & filter_mask_] |= FilterBits(h);
  }
}

void GroupTable::AppendValues(const std::vector<const Vector*>& values, const SelectionVector& sel,
                              idx_t n) {
  const auto& l = *layout_;
  idx_t done = 0;
  while (done < n) {
    idx_t block = values_count_ / kVectorSize, offset = values_count_ % kVectorSize;
    if (block == values_.size()) values_.push_back(std::make_unique<DataChunk>(l.key_types));
    idx_t take = std::min(n - done, kVectorSize - offset);
    SelectionVector part(take);
    for (idx_t i = 0; i < take; i++) part.Set(i, sel.Get(done + i));
    DataChunk& chunk = *values_[block];
    for (idx_t c = 0; c < l.key_types.size(); c++) {
      chunk.data[c].CopyFrom(*values[c], part, take, 0, offset);
    }
    chunk.SetCardinality(offset + take);
    values_count_ += take;
    done += take;
  }
}

std::vector<std::vector<uint32_t>> GroupTable::RowsByPartition(idx_t partitions) const {
  std::vector<std::vector<uint32_t>> rows(partitions);
  for (auto& r : rows) r.reserve(count_ / partitions + 1);
  for (idx_t g = 0; g < count_; g++) {
    rows[PartitionOf(PartitionHash(Row(g)), partitions)].push_back(static_cast<uint32_t>(g));
  }
  return rows;
}

void GroupTable::Merge(const GroupTable& source, idx_t partition, idx_t partitions, bool note_rows,
                       const std::vector<uint32_t>* only) {
  const auto& l = *layout_;
  std::vector<data_ptr_t> rows(kVectorSize);
  SelectionVector created(kVectorSize);
  auto& hashes = scratch_.hashes;
  auto& partition_hashes = scratch_.partition_hashes;
  auto& taken = scratch_.passed;  // the block's rows in this partition
  hashes.resize(kVectorSize);
  partition_hashes.resize(kVectorSize);
  taken.resize(kVectorSize);
  scratch_.starts.resize(kVectorSize);
  size_t next_only = 0;  // in *only: the first group not merged yet
  for (idx_t first = 0; first < source.count_; first += kVectorSize) {
    // A block of source rows is contiguous: their key areas are row_width bytes apart.
    const idx_t n = std::min(kVectorSize, source.count_ - first);
    const_data_ptr_t base = source.Row(first);
    idx_t count = 0;
    auto take = [&](idx_t i) {
      const_data_ptr_t from = base + i * l.row_width;
      std::memcpy(&hashes[i], from + l.hash_offset, sizeof(uint64_t));
      std::memcpy(&partition_hashes[i], from + l.hash_offset + sizeof(uint64_t), sizeof(uint64_t));
      taken[count] = static_cast<sel_t>(i);
      count += partitions == 1 || only || PartitionOf(partition_hashes[i], partitions) == partition;
    };
    if (only) {
      // The rows are a stride apart: fetch a few ahead, as a sequential read would be.
      constexpr size_t kAhead = 16;
      for (; next_only < only->size() && (*only)[next_only] < first + n; next_only++) {
        if (next_only + kAhead < only->size()) {
          __builtin_prefetch(source.Row((*only)[next_only + kAhead]) + l.hash_offset);
        }
        take((*only)[next_only] - first);
      }
      if (count == 0) continue;
    } else {
      for (idx_t i = 0; i < n; i++) take(i);
    }
    idx_t new_groups = 0;
    if (l.slots.empty()) {
      data_ptr_t row = count > 0 ? SingleGroup() : nullptr;
      for (idx_t k = 0; k < count; k++) rows[taken[k]] = row;
    } else {
      Reserve(count);
      auto* slots = reinterpret_cast<uint64_t*>(entries_->get());
      auto missing = [&](idx_t i, idx_t slot) {
        data_ptr_t row = Create(base + i * l.row_width, hashes[i], partition_hashes[i]);
        slots[slot] = (hashes[i] & ~kAddressMask) | reinterpret_cast<uint64_t>(row);
        created.Set(new_groups++, i);
        return row;
      };
      WithEqual([&](auto equal) {
        ProbeChunk(slots, capacity_ - 1, base, l.row_width, hashes.data(), taken.data(), count,
                   rows.data(), scratch_.starts.data(), equal, missing);
      });
    }
    if (new_groups > 0) {
      const DataChunk& values = *source.values_[first / kVectorSize];
      std::vector<const Vector*> columns;
      for (const auto& v : values.data) columns.push_back(&v);
      AppendValues(columns, created, new_groups);
    }
    if (note_rows) {
      TEAL_ASSERT(l.row_width - l.payload_offset >= sizeof(data_ptr_t));
      for (idx_t k = 0; k < count; k++) {
        std::memcpy(source.Row(first + taken[k]) + l.payload_offset, &rows[taken[k]],
                    sizeof(data_ptr_t));
      }
    }
    for (idx_t a = 0; a < l.aggregates.size(); a++) {
      const idx_t offset = l.states_offset + l.state_offsets[a];
      const auto& combine = l.aggregates[a]->combine;
      for (idx_t k = 0; k < count; k++) {
        combine(source.Row(first + taken[k]) + offset, rows[taken[k]] + offset);
      }
    }
  }
}

void GroupTable::ScanKeys(idx_t first, idx_t n, DataChunk& out, idx_t out_column) const {
  if (n == 0 || layout_->key_types.empty()) return;
  const DataChunk& values = *values_[first / kVectorSize];
  SelectionVector none;
  for (idx_t c = 0; c < layout_->key_types.size(); c++) {
    // The output lives a chunk: it keeps the table's heap alive instead of copying bytes.
    out.data[out_column + c].CopyFrom(values.data[c], none, n, first % kVectorSize, 0,
                                      /*share_strings=*/true);
  }
}

}  // namespace teal
