// SortKeys: sorting rows by normalized binary keys.
//
// Each row becomes a fixed-width record: for every ORDER BY key, a NULL byte (0 where
// the row goes first: a NULL under NULLS FIRST, a value otherwise; left out for a key the
// caller knows has no NULL) and the value's order-preserving bytes (vector/key_codec.hpp),
// inverted for DESC; a string contributes its first kStringPrefix bytes, zero-padded.
// Then the row's number, big-endian, and zero padding to 8 bytes. Without string keys the records
// compare as big-endian 8-byte words — one comparison decides the whole key, and ties fall to the
// row number, so the sort is stable without being a stable sort. Where a string prefix ties, the
// strings are compared in full before the next key is looked at.
//
// Records are sorted with std::sort in ranges, one range per thread, and the sorted
// ranges merged pairwise (each round's merges in parallel). Keys that have no
// order-preserving encoding (LIST) are sorted by comparing the values row against row.
// The records' memory comes from the BlockAllocator (counted against memory_limit).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "common/accounted_allocator.hpp"
#include "common/block_allocator.hpp"
#include "planner/logical_operator.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

class TaskScheduler;

class SortKeys {
 public:
  /// `not_null[k]` (when given) says that key k has no NULL in the rows to be sorted: its
  /// records then have no NULL byte for it (a NULL met anyway is an internal error).
  SortKeys(const std::vector<LogicalType>& types, const std::vector<OrderKey>& keys,
           const std::vector<bool>& not_null = {});

  /// The row numbers of `rows` in key order, ties in row order. With a scheduler and
  /// threads > 1, large inputs are sorted on several threads.
  void Sort(const DataChunk& rows, AccountedVector<uint32_t>& order, TaskScheduler* scheduler,
            idx_t threads) const;
  /// Sorts the rows of several chunks without putting them in one: `order` gets the
  /// numbers (chunk << kChunkBits | row) in key order, ties in chunk-then-row order.
  /// Requires SortsChunks(), chunks of at most 2^kChunkBits rows and fewer than
  /// 2^(32 - kChunkBits) chunks.
  /// With `records`, the sorted records are handed over in it (RecordWidth() bytes each,
  /// record i the i-th row in order), for ReadKey.
  void SortChunks(const std::vector<const DataChunk*>& chunks, AccountedVector<uint32_t>& order,
                  TaskScheduler* scheduler, idx_t threads,
                  std::optional<OwnedBlock>* records = nullptr) const;
  /// Whether SortChunks can sort by these keys (all encodable, records of at most
  /// kMaxRecordWords words).
  bool SortsChunks() const { return normalizable_ && record_words_ <= kMaxRecordWords; }

  static constexpr idx_t kStringPrefix = 12;
  static constexpr int kChunkBits = 11;  // kVectorSize = 2^11
  static constexpr idx_t kMaxChunks = idx_t{1} << (32 - kChunkBits);

  /// Whether every key has an order-preserving encoding (else Encode must not be used).
  bool Normalizable() const { return normalizable_; }
  bool HasStrings() const { return has_strings_; }
  /// Bytes of a row's keys, and of its whole record (keys, row number, padding).
  idx_t KeyWidth() const { return key_width_; }
  idx_t RecordWidth() const { return record_words_ * 8; }
  /// Writes the records of rows [first, first + count) of `rows` at `out`: memcmp of
  /// two records' first KeyWidth() bytes orders their rows, except that equal bytes of a
  /// string key leave the order open (the strings may differ past their prefixes).
  /// With `only_first_key`, writes the first key alone (the rest of each record zero).
  void Encode(const DataChunk& rows, idx_t first, idx_t count, data_ptr_t out,
              bool only_first_key = false) const;
  /// Writes the records of rows sel[0 … count) of `rows` at `out` (their row numbers are
  /// the selected rows').
  void EncodeSelected(const DataChunk& rows, const sel_t* sel, idx_t count, data_ptr_t out) const;
  /// Splits rows [0, count) of `rows` by their first key against the first key of the
  /// record `boundary`: rows whose first key's bytes sort before it go to `before`, rows
  /// whose bytes equal it to `tied` (both as row numbers in row order). Returns how many
  /// went to each. Encodes no whole record, so it costs a few instructions per row.
  std::pair<idx_t, idx_t> SplitByFirstKey(const DataChunk& rows, idx_t count,
                                          const data_t* boundary, sel_t* before, sel_t* tied) const;
  /// Whether key `k`'s values can be read back from the records (fixed-width types whose
  /// encoding is exact: not strings, INTERVAL or TIMETZ).
  bool Readable(idx_t k) const;
  /// Key `k`'s values of `count` consecutive records at `records` into rows 0 … count of
  /// `target` (flat, of the key's type; NULLs too). Appends to `ambiguous` the rows whose
  /// value the encoding does not tell exactly (a floating-point zero or NaN): the caller
  /// fetches those from the rows.
  void ReadKey(idx_t k, const data_t* records, idx_t count, Vector& target,
               std::vector<sel_t>& ambiguous) const;
  /// Bytes of the first `n` keys in a record (the offset of key n).
  idx_t PrefixWidth(idx_t n) const { return n < columns_.size() ? columns_[n].offset : key_width_; }

 private:
  static constexpr idx_t kMaxRecordWords = 8;
  struct Column {
    idx_t column;      // in the rows
    idx_t offset;      // of its first byte in the record (the NULL byte, if it has one)
    idx_t null_bytes;  // 1, or 0 for a key without NULLs
    idx_t width;       // of its value bytes
    bool descending;
    bool nulls_first;
    bool is_string;
  };
  /// For rows without an order-preserving encoding: comparison sort.
  void SortByComparison(const DataChunk& rows, AccountedVector<uint32_t>& order) const;
  /// Encode's body: `row_of(i)` is the i-th record's row in `rows`; its number is
  /// number_base + row_of(i).
  template <typename RowOf>
  void EncodeRows(const DataChunk& rows, idx_t count, RowOf row_of, uint32_t number_base,
                  data_ptr_t out, bool only_first_key) const;
  /// Encode, with record numbers number_base + row.
  void EncodeNumbered(const DataChunk& rows, idx_t first, idx_t count, uint32_t number_base,
                      data_ptr_t out, bool only_first_key) const;
  /// Sort's and SortChunks' body: a record's number is (chunk << chunk_bits | row), where
  /// chunk_bits is 32 for one chunk of any size.
  void SortEncoded(const std::vector<const DataChunk*>& chunks, int chunk_bits,
                   AccountedVector<uint32_t>& order, TaskScheduler* scheduler, idx_t threads,
                   std::optional<OwnedBlock>* records_out) const;

  std::vector<OrderKey> keys_;
  std::vector<LogicalType> key_types_;  // per key
  std::vector<Column> columns_;
  bool normalizable_ = true;
  bool has_strings_ = false;
  idx_t key_width_ = 0;     // the keys' bytes
  idx_t record_words_ = 0;  // a record, in 8-byte words
};

}  // namespace teal
