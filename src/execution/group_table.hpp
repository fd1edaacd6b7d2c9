// GroupTable: a hash table of groups with typed keys and the aggregates' states in an
// arena — the core of GROUP BY, DISTINCT aggregates and (later) DISTINCT.
//
// Rows. Each group is one row of GroupLayout::row_width bytes in an arena block of
// kVectorSize rows (so group g is row g % kVectorSize of block g / kVectorSize):
//   key area   one slot per key column, with the value in a normalised form that equal
//              values share (-0.0 = 0.0, one NaN, an INTERVAL as its length, a string as
//              its string_t with the bytes of long strings copied into the table's heap,
//              a LIST as its row-key encoding held like a string), then one NULL byte
//              per column; padded to 8 bytes. A NULL slot is all zero bytes.
//   hash       of the key, and the partition hash (of the first partition_keys
//              columns, or the whole key when that is 0) that a parallel merge splits by
//   states     the aggregates' states, each at a 16-byte aligned offset
// The key values themselves (first seen, in their own representation: '30 days' stays
// '30 days') are kept column-wise in DataChunks of kVectorSize groups, appended a whole
// chunk of new groups at a time, and are what ScanKeys returns.
//
// Probing. Open addressing with linear probing over an array of 64-bit entries: the
// high 16 bits are a salt from the hash, the low 48 the row's address. A chunk's keys
// are normalised into a scratch area and hashed column by column first; then each row
// probes, comparing keys only when the salt matches. Keys without string slots compare
// as 8-byte words. The array doubles when it is half full.
//
// Direct index. A table with one integer key also keeps, in front of the hash table, an
// array of row pointers for a window of key values from the smallest key of its first
// chunk on: a key in that window finds its group with one load. The window is
// kDirectSlots keys, or up to kMaxDirectSlots when the first chunk's keys span more and
// are mostly distinct (many groups over a dense domain: 1M groups then cost a load
// each instead of a hash probe). The array is a cache — every group is in the hash table
// too, created there on the key's first miss — and it is dropped when most keys of the
// first chunks fall outside it.
//
// Memory: arena blocks, the entry array, the key chunks and the string heap come from
// the BlockAllocator, so they count against memory_limit; past it an operation throws
// OutOfMemoryError and the table stays consistent (destructible).
//
// Not thread-safe: one table per thread; Merge reads its source without changing it (but
// for the payloads of rows it merges, when asked to note where they went).
#pragma once

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/block_allocator.hpp"
#include "function/function.hpp"
#include "vector/data_chunk.hpp"
#include "vector/string_heap.hpp"

namespace teal {

struct GroupLayout {
  /// `partition_keys`: how many leading key columns the partition hash covers (0: all);
  /// `payload_size`: bytes after the states for the table's user (zero at creation).
  GroupLayout(std::vector<LogicalType> key_types, std::vector<const AggregateFunction*> aggregates,
              idx_t partition_keys = 0, idx_t payload_size = 0);

  enum class SlotKind : uint8_t { kFixed, kFloat, kDouble, kInterval, kString, kEncoded };
  struct Slot {
    SlotKind kind;
    idx_t offset;  // in the row
    idx_t width;
  };

  std::vector<LogicalType> key_types;
  std::vector<Slot> slots;
  idx_t partition_keys;
  idx_t null_offset = 0;   // NULL byte of key column c at null_offset + c
  idx_t key_words = 0;     // the key area, in 8-byte words
  bool word_keys = true;   // no string slots: keys are equal iff their words are
  bool fixed_keys = true;  // only kFixed slots: a key's hash is its value bytes'
  idx_t hash_offset = 0;   // uint64 hash, then uint64 partition hash
  idx_t states_offset = 0;
  idx_t row_width = 0;
  std::vector<const AggregateFunction*> aggregates;
  std::vector<idx_t> state_offsets;  // of each aggregate, from states_offset
  bool destroys = false;             // some aggregate's state owns memory
  idx_t payload_offset = 0;
};

/// A chunk's keys in normalised form and their hashes: the work space of a lookup, one per
/// thread (so that several threads can look up in one table).
struct KeyScratch {
  std::vector<uint64_t> keys;  // key areas, GroupLayout::key_words per row
  std::vector<uint64_t> hashes, partition_hashes;
  std::vector<uint8_t> has_null;  // per row: some key column is NULL
  std::vector<idx_t> starts;      // per row: where its probe resumes
  std::vector<sel_t> passed;      // rows that passed the table's filter
  StringHeap heap;                // encoded LIST keys
};

class GroupTable {
 public:
  explicit GroupTable(std::shared_ptr<const GroupLayout> layout);
  ~GroupTable();
  GroupTable(const GroupTable&) = delete;
  GroupTable& operator=(const GroupTable&) = delete;

  const GroupLayout& Layout() const { return *layout_; }
  idx_t Count() const { return count_; }
  /// Makes room for `more` groups without the entry array passing half full (so that a
  /// table whose size is known ahead grows its entry array once).
  void Reserve(idx_t more);

  /// The group of each of rows [0, count) of `keys` (flat vectors, one per key column of
  /// the layout), created when new: rows[i] is the address of row i's group's row.
  void FindOrCreate(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows);
  /// The same for rows sel[0 … n) of the chunk only (rows[i] set for those), through the
  /// hash table (never the direct index). The layout must partition by all its keys.
  void FindOrCreate(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows,
                    const sel_t* sel, idx_t n);
  /// The hashes (scratch.hashes) and NULL flags (scratch.has_null) of rows [0, count) of
  /// `keys`, as this layout hashes them: for FindHashed, or to pick a partition. With
  /// `sel`, of rows sel[0 … n) only (the others' hashes are undefined, has_null 0).
  void Hash(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
            const sel_t* sel = nullptr, idx_t n = 0) const;
  /// Find for rows sel[0 … n) whose hashes Hash put in `scratch`: rows[i] is set for
  /// those rows (null where there is no group). Thread-safe as Find.
  void FindHashed(const std::vector<const Vector*>& keys, idx_t count, const sel_t* sel, idx_t n,
                  data_ptr_t* rows, KeyScratch& scratch) const;
  /// Whether a key with hash `hash` may be in the table (true without a filter).
  bool MayContainHash(uint64_t hash) const {
    if (!filter_) return true;
    const uint64_t bits = FilterBits(hash);
    return ((*filter_)[(hash >> 20) & filter_mask_] & bits) == bits;
  }
  /// The group of each of rows [0, count) of `keys`, or null where there is none; reads
  /// the table only, so threads may look up at once, each with its own `scratch` (which
  /// afterwards says which rows have a NULL key).
  void Find(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows,
            KeyScratch& scratch) const;
  /// Builds a filter of the keys now in the table (a blocked Bloom filter, 16 bits per key)
  /// that Find consults before probing: for a finished table that is probed with many
  /// keys it does not hold (a join's build side). Call again after adding groups.
  void BuildFilter();
  /// For a table without key columns: its one group, created when missing.
  data_ptr_t SingleGroup();
  /// Creates the groups of `source` whose partition hash falls in partition `partition` of
  /// `partitions` and that this table lacks, and combines source's states into this
  /// table's. `source` has the same layout and is left unchanged — but with `note_rows`,
  /// each of those source rows' payload (at least 8 bytes) gets the address of its group's
  /// row here (MergedRow reads it).
  /// `only`: the groups of `source` in `partition`, ascending (RowsByPartition's), so that
  /// the merge reads no other source row.
  void Merge(const GroupTable& source, idx_t partition, idx_t partitions, bool note_rows = false,
             const std::vector<uint32_t>* only = nullptr);
  /// The groups (numbers) whose partition hash falls in each of `partitions` partitions.
  std::vector<std::vector<uint32_t>> RowsByPartition(idx_t partitions) const;
  /// The row a Merge with note_rows merged source row `row` into.
  data_ptr_t MergedRow(const_data_ptr_t row) const {
    data_ptr_t merged;
    std::memcpy(&merged, row + layout_->payload_offset, sizeof(merged));
    return merged;
  }
  /// The partition hash of row `row` of this table.
  uint64_t PartitionHash(const_data_ptr_t row) const {
    uint64_t hash;
    std::memcpy(&hash, row + layout_->hash_offset + sizeof(uint64_t), sizeof(hash));
    return hash;
  }

  /// The row of group `group` (groups are numbered in creation order).
  data_ptr_t Row(idx_t group) const {
    return reinterpret_cast<data_ptr_t>(blocks_[group / kVectorSize].get()) +
           (group % kVectorSize) * layout_->row_width;
  }
  /// The key values of groups [first, first + n) into out.data[out_column …]; the groups
  /// must lie in one run of kVectorSize (first % kVectorSize + n <= kVectorSize).
  void ScanKeys(idx_t first, idx_t n, DataChunk& out, idx_t out_column = 0) const;

  /// Which of `partitions` partitions a row's partition hash falls in.
  static idx_t PartitionOf(uint64_t partition_hash, idx_t partitions) {
    return static_cast<idx_t>((partition_hash >> 32) % partitions);
  }

 private:
  /// Normalises rows [0, count) of `keys` into `scratch` and hashes them. With `sel`,
  /// only rows sel[0 … n): their has_null entries are then left as they were (HashKeys
  /// sets them for every row), the other rows' keys and hashes are undefined.
  void BuildKeys(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
                 const sel_t* sel = nullptr, idx_t n = 0) const;
  /// With fixed_keys: the hashes and has_null of rows [0, count) (with `sel`, of rows
  /// sel[0 … n) only) as BuildKeys gives them, without normalising the keys (for a Find
  /// whose filter turns most rows away).
  void HashKeys(const std::vector<const Vector*>& keys, idx_t count, KeyScratch& scratch,
                const sel_t* sel = nullptr, idx_t n = 0) const;
  /// The row whose key equals `key` (a key area), or null.
  data_ptr_t Find(const_data_ptr_t key, uint64_t hash) const;
  /// Adds a group with key `key` and `hash`; its key values come later (AppendValues).
  data_ptr_t Create(const_data_ptr_t key, uint64_t hash, uint64_t partition_hash);
  bool KeysEqual(const_data_ptr_t a, const_data_ptr_t b) const;
  /// Calls probe(equal) with the fastest key comparison the layout allows.
  template <typename Probe>
  void WithEqual(Probe&& probe) const;
  /// FindOrCreate through the hash table alone, for rows sel[0 … n) (all when null).
  void FindOrCreateHashed(const std::vector<const Vector*>& keys, idx_t count, data_ptr_t* rows,
                          const sel_t* sel = nullptr, idx_t n = 0);
  /// Of rows in[0 … n) (rows [0, count) when null) with hashes in `scratch`, writes to
  /// `out` those the filter lets through (all without one); returns how many. `out` may
  /// be `in`.
  idx_t Filter(const KeyScratch& scratch, idx_t count, const sel_t* in, idx_t n, sel_t* out) const;
  /// Probes rows sel[0 … n) (all when null) whose keys BuildKeys put in `scratch`.
  void ProbeBuilt(const sel_t* sel, idx_t n, data_ptr_t* rows, KeyScratch& scratch) const;
  /// FindOrCreate through the direct index; false (nothing done) when the index does
  /// not apply to this chunk.
  bool FindOrCreateDirect(const Vector& key, idx_t count, data_ptr_t* rows);
  /// Appends the key values of rows `sel[0 … n)` of `values` (vectors of the key columns)
  /// for the groups created last, in order.
  void AppendValues(const std::vector<const Vector*>& values, const SelectionVector& sel, idx_t n);

  std::shared_ptr<const GroupLayout> layout_;
  idx_t count_ = 0;
  std::vector<OwnedBlock> blocks_;                  // rows, kVectorSize per block
  std::vector<std::unique_ptr<DataChunk>> values_;  // key values, kVectorSize per chunk
  idx_t values_count_ = 0;                          // groups whose values are appended
  std::optional<OwnedBlock> entries_;
  idx_t capacity_ = 0;  // entries; a power of two
  StringHeap heap_;     // long strings and encoded keys of the rows

  KeyScratch scratch_;  // FindOrCreate's, kept to avoid allocating per chunk

  static constexpr idx_t kDirectSlots = 1 << 14;
  static constexpr idx_t kMaxDirectSlots = 1 << 21;  // 16 MiB of row pointers
  static constexpr idx_t kDirectTrialChunks = 8;     // chunks before the index may be dropped
  static constexpr idx_t kDirectMinRows = 1024;      // of the chunk that starts the index
  enum class Direct : uint8_t { kUntried, kOn, kOff };
  Direct direct_ = Direct::kUntried;
  std::optional<OwnedBlock> direct_block_;  // direct_slots_ row pointers (null: not yet)
  idx_t direct_slots_ = kDirectSlots;       // the window's size
  int64_t direct_base_ = 0;                 // the key of slot 0
  idx_t direct_chunks_ = 0, direct_inside_ = 0, direct_rows_ = 0;  // during the trial
  std::vector<sel_t> direct_missed_;
  std::optional<std::vector<uint64_t>> filter_;  // BuildFilter's words
  idx_t filter_mask_ = 0;

  /// The three bits of a key's filter word.
  static uint64_t FilterBits(uint64_t hash) {
    return (uint64_t{1} << (hash & 63)) | (uint64_t{1} << ((hash >> 6) & 63)) |
           (uint64_t{1} << ((hash >> 12) & 63));
  }
};

}  // namespace teal
