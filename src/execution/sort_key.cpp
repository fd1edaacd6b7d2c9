// SortKeys: record encoding, the record sorts and the comparison fallback.
#include "execution/sort_key.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "common/block_allocator.hpp"
#include "execution/expression_executor.hpp"
#include "execution/task_scheduler.hpp"
#include "teal/error.hpp"
#include "vector/key_codec.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

constexpr idx_t kParallelSortRows = 100000;  // below this one thread sorts
constexpr idx_t kFirstKeyWords = 3;          // a first key's bytes, in SplitByFirstKey

bool HasCodec(const LogicalType& type) {
  switch (type.Physical()) {
    case PhysicalType::kList:
    case PhysicalType::kStruct:
    case PhysicalType::kInvalid:
      return false;
    default:
      return true;
  }
}

idx_t CodecWidth(const LogicalType& type) {
  return WithKeyCodec(type, []<typename Codec>() -> idx_t { return Codec::kWidth; });
}

/// -1, 0 or 1 comparing two strings' bytes.
int CompareStrings(const string_t& a, const string_t& b) {
  int c = a.View().compare(b.View());
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

template <idx_t kWords>
using Record = std::array<uint64_t, kWords>;

/// Whether record a sorts before b, their bytes compared as unsigned big-endian words.
template <idx_t kWords>
inline bool WordsLess(const Record<kWords>& a, const Record<kWords>& b) {
  for (idx_t w = 0; w < kWords; w++) {
    if (a[w] != b[w]) return __builtin_bswap64(a[w]) < __builtin_bswap64(b[w]);
  }
  return false;
}

}  // namespace

SortKeys::SortKeys(const std::vector<LogicalType>& types, const std::vector<OrderKey>& keys,
                   const std::vector<bool>& not_null)
    : keys_(keys) {
  idx_t offset = 0;
  for (idx_t i = 0; i < keys.size(); i++) {
    const OrderKey& k = keys[i];
    const LogicalType& type = types[k.column];
    key_types_.push_back(type);
    if (!HasCodec(type)) {
      normalizable_ = false;
      return;
    }
    bool is_string = type.Physical() == PhysicalType::kVarchar;
    idx_t width = is_string ? kStringPrefix : CodecWidth(type);
    const idx_t null_bytes = i < not_null.size() && not_null[i] ? 0 : 1;
    columns_.push_back(
        {k.column, offset, null_bytes, width, k.descending, k.nulls_first, is_string});
    has_strings_ = has_strings_ || is_string;
    offset += null_bytes + width;
  }
  key_width_ = offset;
  record_words_ = (key_width_ + sizeof(uint32_t) + 7) / 8;
}

namespace {
/// Writes record i's number, base + row_of(i), big-endian at out + i * stride.
template <typename RowOf>
void WriteRowNumbers(data_ptr_t out, idx_t count, idx_t stride, uint32_t base, RowOf row_of) {
  for (idx_t i = 0; i < count; i++) {
    auto number = base + static_cast<uint32_t>(row_of(i));
    data_ptr_t at = out + i * stride;
    at[0] = static_cast<data_t>(number >> 24);
    at[1] = static_cast<data_t>(number >> 16);
    at[2] = static_cast<data_t>(number >> 8);
    at[3] = static_cast<data_t>(number);
  }
}
}  // namespace

namespace {
/// Calls f(write), where write(row, out) puts the key bytes of row `row` of `v` (non-NULL)
/// at out: a string's first kStringPrefix bytes (zero-padded by the caller's buffer), or
/// its codec's bytes.
template <typename F>
void WithValueBytes(const Vector& v, bool is_string, F&& f) {
  if (is_string) {
    const string_t* values = v.Values<string_t>();
    f([values](idx_t row, data_ptr_t out) {
      std::string_view s = values[row].View();
      std::memcpy(out, s.data(), std::min<size_t>(s.size(), SortKeys::kStringPrefix));
    });
    return;
  }
  WithKeyCodec(v.Type(), [&]<typename Codec>() {
    const auto* values = v.Values<typename Codec::T>();
    f([values](idx_t row, data_ptr_t out) { Codec::Write(values[row], out); });
  });
}
}  // namespace

template <typename RowOf>
void SortKeys::EncodeRows(const DataChunk& rows, idx_t count, RowOf row_of, uint32_t number_base,
                          data_ptr_t out, bool only_first_key) const {
  const idx_t stride = record_words_ * 8;
  std::memset(out, 0, count * stride);
  for (const auto& col : columns_) {
    if (only_first_key && &col != &columns_.front()) break;
    const Vector& v = rows.data[col.column];
    const data_t present = col.nulls_first ? 1 : 0;
    auto write = [&](auto&& value_bytes) {
      for (idx_t i = 0; i < count; i++) {
        data_ptr_t key = out + i * stride + col.offset;
        idx_t row = v.IsConstant() ? 0 : row_of(i);
        if (!v.RowIsValid(row)) {
          if (col.null_bytes == 0) {
            throw InternalError("a sort key declared without NULLs has a NULL");
          }
          key[0] = static_cast<data_t>(1 - present);
          continue;
        }
        if (col.null_bytes) key[0] = present;
        data_ptr_t value = key + col.null_bytes;
        value_bytes(row, value);
        if (col.descending) {
          for (idx_t b = 0; b < col.width; b++) value[b] = static_cast<data_t>(~value[b]);
        }
      }
    };
    WithValueBytes(v, col.is_string, write);
  }
  WriteRowNumbers(out + key_width_, count, stride, number_base, row_of);
}

namespace {
/// Writes key bytes of rows [first, first + count) of `values` (all valid) at `out`
/// (records `stride` apart): the NULL byte `present` (unless kNullByte is false), then the
/// codec's bytes, inverted for DESC — with the width and the direction known at compile
/// time.
template <typename Codec, bool kDescending, bool kNullByte>
void EncodeValid(const typename Codec::T* values, idx_t first, idx_t count, data_ptr_t out,
                 idx_t stride, data_t present) {
  for (idx_t i = 0; i < count; i++) {
    data_ptr_t key = out + i * stride;
    if constexpr (kNullByte) key[0] = present;
    data_ptr_t value = key + (kNullByte ? 1 : 0);
    Codec::Write(values[first + i], value);
    if constexpr (kDescending) {
      for (idx_t b = 0; b < Codec::kWidth; b++) value[b] = static_cast<data_t>(~value[b]);
    }
  }
}
}  // namespace

void SortKeys::Encode(const DataChunk& rows, idx_t first, idx_t count, data_ptr_t out,
                      bool only_first_key) const {
  EncodeNumbered(rows, first, count, 0, out, only_first_key);
}

void SortKeys::EncodeNumbered(const DataChunk& rows, idx_t first, idx_t count, uint32_t number_base,
                              data_ptr_t out, bool only_first_key) const {
  // Fixed-width keys without NULLs take loops of their own; anything else (a string, a
  // constant, a NULL) the general one.
  bool general = has_strings_;
  for (const auto& col : columns_) {
    const Vector& v = rows.data[col.column];
    if (v.IsConstant() || !v.Validity().AllValid()) general = true;
  }
  if (general) {
    EncodeRows(
        rows, count, [first](idx_t i) { return first + i; }, number_base, out, only_first_key);
    return;
  }
  const idx_t stride = record_words_ * 8;
  std::memset(out, 0, count * stride);
  for (const auto& col : columns_) {
    if (only_first_key && &col != &columns_.front()) break;
    const Vector& v = rows.data[col.column];
    const data_t present = col.nulls_first ? 1 : 0;
    WithKeyCodec(v.Type(), [&]<typename Codec>() {
      const auto* values = v.Values<typename Codec::T>();
      data_ptr_t at = out + col.offset;
      if (col.descending) {
        if (col.null_bytes) {
          EncodeValid<Codec, true, true>(values, first, count, at, stride, present);
        } else {
          EncodeValid<Codec, true, false>(values, first, count, at, stride, present);
        }
      } else if (col.null_bytes) {
        EncodeValid<Codec, false, true>(values, first, count, at, stride, present);
      } else {
        EncodeValid<Codec, false, false>(values, first, count, at, stride, present);
      }
    });
  }
  WriteRowNumbers(out + key_width_, count, stride, number_base,
                  [first](idx_t i) { return first + i; });
}

void SortKeys::EncodeSelected(const DataChunk& rows, const sel_t* sel, idx_t count,
                              data_ptr_t out) const {
  EncodeRows(
      rows, count, [sel](idx_t i) { return idx_t{sel[i]}; }, 0, out, false);
}

std::pair<idx_t, idx_t> SortKeys::SplitByFirstKey(const DataChunk& rows, idx_t count,
                                                  const data_t* boundary, sel_t* before,
                                                  sel_t* tied) const {
  const Column& col = columns_.front();
  const Vector& v = rows.data[col.column];
  const idx_t bytes = col.null_bytes + col.width;  // the NULL byte and the value's
  const data_t present = col.nulls_first ? 1 : 0;
  const data_t invert = col.descending ? 0xFF : 0;
  idx_t n_before = 0;
  idx_t n_tied = 0;
  // One row's key, zero-padded to whole words and compared as big-endian words: the
  // padding is zero in the boundary too, so word order is the bytes' memcmp order.
  static_assert(kFirstKeyWords * 8 >= 1 + 16 && kFirstKeyWords * 8 >= 1 + kStringPrefix);
  const idx_t words = (bytes + 7) / 8;
  uint64_t bound[kFirstKeyWords] = {};
  std::memcpy(bound, boundary + col.offset, bytes);
  for (idx_t w = 0; w < words; w++) bound[w] = __builtin_bswap64(bound[w]);
  auto split = [&](auto&& value_bytes) {
    for (idx_t i = 0; i < count; i++) {
      idx_t row = v.IsConstant() ? 0 : i;
      data_t key[kFirstKeyWords * 8] = {};
      if (v.RowIsValid(row)) {
        if (col.null_bytes) key[0] = present;
        value_bytes(row, key + col.null_bytes);
        for (idx_t b = col.null_bytes; b < bytes; b++) key[b] ^= invert;
      } else {
        if (col.null_bytes == 0)
          throw InternalError("a sort key declared without NULLs has a NULL");
        key[0] = static_cast<data_t>(1 - present);
      }
      int c = 0;
      for (idx_t w = 0; w < words && c == 0; w++) {
        uint64_t word;
        std::memcpy(&word, key + w * 8, 8);
        word = __builtin_bswap64(word);
        c = word < bound[w] ? -1 : (word > bound[w] ? 1 : 0);
      }
      before[n_before] = static_cast<sel_t>(i);
      tied[n_tied] = static_cast<sel_t>(i);
      n_before += c < 0;
      n_tied += c == 0;
    }
  };
  // Fixed-width values of at most 8 bytes without NULLs compare as one word each.
  const bool done = !col.is_string && WithKeyCodec(v.Type(), [&]<typename Codec>() -> bool {
    if constexpr (Codec::kWidth <= 8) {
      if (v.IsConstant() || !v.Validity().AllSet(count)) return false;
      const auto* values = v.Values<typename Codec::T>();
      // Every row has the NULL byte `present`: the boundary's NULL byte alone may
      // decide, else the values compare as one word each.
      if (col.null_bytes && boundary[col.offset] != present) {
        if (present > boundary[col.offset]) return true;
        for (idx_t i = 0; i < count; i++) before[i] = static_cast<sel_t>(i);
        n_before = count;
        return true;
      }
      constexpr int kShift = 8 * (8 - Codec::kWidth);
      auto word_of = [](const data_t* bytes) {
        uint64_t word = 0;
        std::memcpy(&word, bytes, Codec::kWidth);
        return __builtin_bswap64(word) >> kShift;
      };
      const uint64_t mask = col.descending ? (~uint64_t{0} >> kShift) : 0;
      const uint64_t bound_value = word_of(boundary + col.offset + col.null_bytes);
      for (idx_t i = 0; i < count; i++) {
        data_t bytes[8];
        Codec::Write(values[i], bytes);
        const uint64_t value = word_of(bytes) ^ mask;
        before[n_before] = static_cast<sel_t>(i);
        tied[n_tied] = static_cast<sel_t>(i);
        n_before += value < bound_value;
        n_tied += value == bound_value;
      }
      return true;
    } else {
      return false;
    }
  });
  if (!done) WithValueBytes(v, col.is_string, split);
  return {n_before, n_tied};
}

namespace {

/// Sorts `records` (n of them) with `less`: ranges on several threads, then pairwise
/// merges, each round's merges in parallel.
constexpr idx_t kRadixCutoff = 64;  // buckets this small are left to std::sort

/// Most-significant-byte-first radix sort of records whose bytes decide their order
/// (memcmp order of the whole record), looking only at the byte positions `bytes[k …]`
/// (the others are equal in every record): one counting pass and one scatter per position
/// where records differ; buckets of at most kRadixCutoff records go to std::sort. The n
/// records at `src` end sorted in `dst` when `to_dst`, else in `src`; the other buffer
/// is scratch. Each scatter goes from one buffer to the other, and the buckets' sorts
/// continue there, so no level copies its records back.
template <typename R, typename Less>
void RadixSort(R* src, R* dst, idx_t n, const std::vector<idx_t>& bytes, idx_t k, Less less,
               bool to_dst) {
  while (true) {
    if (n <= kRadixCutoff || k >= bytes.size()) {
      if (n <= kRadixCutoff) std::sort(src, src + n, less);
      if (to_dst) std::copy(src, src + n, dst);
      return;
    }
    const idx_t byte = bytes[k];
    auto at = [byte](const R& r) { return reinterpret_cast<const data_t*>(r.data())[byte]; };
    idx_t counts[256] = {};
    for (idx_t i = 0; i < n; i++) counts[at(src[i])]++;
    if (counts[at(src[0])] == n) {
      k++;
      continue;
    }
    idx_t offsets[256];
    idx_t sum = 0;
    for (int b = 0; b < 256; b++) {
      offsets[b] = sum;
      sum += counts[b];
    }
    for (idx_t i = 0; i < n; i++) dst[offsets[at(src[i])]++] = src[i];
    idx_t start = 0;
    for (int b = 0; b < 256; b++) {
      if (counts[b] > 0) {
        RadixSort(dst + start, src + start, counts[b], bytes, k + 1, less, !to_dst);
      }
      start += counts[b];
    }
    return;
  }
}

/// The byte positions among the first `width` where some records of [records, +n) differ.
template <typename R>
std::vector<idx_t> VaryingBytes(const R* records, idx_t n, idx_t width) {
  R all_and, all_or;
  all_and.fill(~uint64_t{0});
  all_or.fill(0);
  for (idx_t i = 0; i < n; i++) {
    for (idx_t w = 0; w < all_and.size(); w++) {
      all_and[w] &= records[i][w];
      all_or[w] |= records[i][w];
    }
  }
  std::vector<idx_t> bytes;
  const auto* a = reinterpret_cast<const data_t*>(all_and.data());
  const auto* o = reinterpret_cast<const data_t*>(all_or.data());
  for (idx_t b = 0; b < width; b++) {
    if (a[b] != o[b]) bytes.push_back(b);
  }
  return bytes;
}

constexpr idx_t kMinMergePiece = 1 << 16;  // records: smaller pieces are not worth a task

/// How many of the first d records of the stable merge of sorted runs x (nx records)
/// and y (ny) come from x: the smallest i with y[d - i - 1] before x[i] (ties take x's).
template <typename R, typename Less>
idx_t MergeSplit(const R* x, idx_t nx, const R* y, idx_t ny, idx_t d, Less less) {
  idx_t lo = d > ny ? d - ny : 0;
  idx_t hi = std::min(d, nx);
  while (lo < hi) {
    const idx_t i = lo + (hi - lo) / 2;
    const idx_t j = d - i;
    if (j == 0 || less(y[j - 1], x[i])) {
      hi = i;
    } else {
      lo = i + 1;
    }
  }
  return lo;
}

/// Sorts `records`: on several threads, ranges sorted apart and then merged pairwise.
/// With `radix_bytes` (records that compare as their bytes, that many of them deciding),
/// ranges are radix-sorted, else std::sort-ed with `less`.
template <typename R, typename Less>
void SortRecords(R* records, idx_t n, Less less, idx_t radix_bytes, TaskScheduler* scheduler,
                 idx_t threads) {
  idx_t ranges = 1;
  if (scheduler && threads > 1 && n >= kParallelSortRows) ranges = std::min<idx_t>(threads, 64);
  OwnedBlock spare_block(std::max<idx_t>(n, 1) * sizeof(R));
  R* spare = reinterpret_cast<R*>(spare_block.get());
  auto sort_range = [&](idx_t from, idx_t to) {
    if (radix_bytes > 0) {
      std::vector<idx_t> bytes = VaryingBytes(records + from, to - from, radix_bytes);
      RadixSort(records + from, spare + from, to - from, bytes, 0, less, false);
    } else {
      std::sort(records + from, records + to, less);
    }
  };
  if (ranges == 1) {
    sort_range(0, n);
    return;
  }
  std::vector<idx_t> bounds;
  for (idx_t r = 0; r <= ranges; r++) bounds.push_back(n * r / ranges);
  scheduler->Run(ranges,
                 [&](TaskScheduler::Job&, idx_t r) { sort_range(bounds[r], bounds[r + 1]); });
  R* from = records;
  R* to = spare;
  while (bounds.size() > 2) {
    std::vector<idx_t> merged;
    idx_t pairs = (bounds.size() - 1) / 2;
    // Each merge is cut into pieces (merge path) so that the last rounds, with fewer
    // merges than threads, still keep every thread busy.
    const idx_t pieces = std::max<idx_t>(
        1, std::min<idx_t>((threads + pairs - 1) / pairs, n / pairs / kMinMergePiece));
    scheduler->Run(pairs * pieces, [&](TaskScheduler::Job&, idx_t t) {
      const idx_t p = t / pieces, q = t % pieces;
      const idx_t a = bounds[2 * p], b = bounds[2 * p + 1], c = bounds[2 * p + 2];
      const idx_t first = (c - a) * q / pieces, last = (c - a) * (q + 1) / pieces;
      const idx_t i0 = MergeSplit(from + a, b - a, from + b, c - b, first, less);
      const idx_t i1 = MergeSplit(from + a, b - a, from + b, c - b, last, less);
      std::merge(from + a + i0, from + a + i1, from + b + (first - i0), from + b + (last - i1),
                 to + a + first, less);
    });
    for (idx_t p = 0; p < pairs; p++) merged.push_back(bounds[2 * p]);
    if ((bounds.size() - 1) % 2 == 1) {
      // An odd range out: carried over as it is.
      idx_t a = bounds[bounds.size() - 2];
      std::copy(from + a, from + n, to + a);
      merged.push_back(a);
    }
    merged.push_back(n);
    bounds = std::move(merged);
    std::swap(from, to);
  }
  if (from != records) std::copy(from, from + n, records);
}

}  // namespace

void SortKeys::Sort(const DataChunk& rows, AccountedVector<uint32_t>& order,
                    TaskScheduler* scheduler, idx_t threads) const {
  if (rows.size() > UINT32_MAX) throw OutOfRangeError("ORDER BY of more than 4 billion rows");
  if (!SortsChunks()) {
    SortByComparison(rows, order);
    return;
  }
  SortEncoded({&rows}, 32, order, scheduler, threads, nullptr);
}

void SortKeys::SortChunks(const std::vector<const DataChunk*>& chunks,
                          AccountedVector<uint32_t>& order, TaskScheduler* scheduler, idx_t threads,
                          std::optional<OwnedBlock>* records) const {
  if (!SortsChunks() || chunks.size() > kMaxChunks) {
    throw InternalError("SortChunks called for keys or chunks it cannot sort");
  }
  for (const DataChunk* chunk : chunks) {
    if (chunk->size() > (idx_t{1} << kChunkBits)) {
      throw InternalError("SortChunks called with a chunk of more than 2^11 rows");
    }
  }
  SortEncoded(chunks, kChunkBits, order, scheduler, threads, records);
}

bool SortKeys::Readable(idx_t k) const {
  if (k >= columns_.size() || columns_[k].is_string) return false;
  return WithKeyCodec(key_types_[k], []<typename Codec>() { return Codec::kReadable; });
}

void SortKeys::ReadKey(idx_t k, const data_t* records, idx_t count, Vector& target,
                       std::vector<sel_t>& ambiguous) const {
  const Column& col = columns_[k];
  const idx_t stride = record_words_ * 8;
  const data_t null_byte = col.nulls_first ? 0 : 1;  // what a NULL's NULL byte is
  WithKeyCodec(key_types_[k], [&]<typename Codec>() {
    if constexpr (Codec::kReadable) {
      using T = typename Codec::T;
      T* out = target.Values<T>();
      for (idx_t i = 0; i < count; i++) {
        const data_t* key = records + i * stride + col.offset;
        if (col.null_bytes && key[0] == null_byte) {
          target.SetNull(i);
          continue;
        }
        if (col.null_bytes && !target.Validity().AllValid()) target.Validity().SetValid(i);
        data_t bytes[Codec::kWidth];
        std::memcpy(bytes, key + col.null_bytes, Codec::kWidth);
        if (col.descending) {
          for (auto& b : bytes) b = static_cast<data_t>(~b);
        }
        out[i] = Codec::Read(bytes);
        if constexpr (requires { Codec::Ambiguous(out[i]); }) {
          if (Codec::Ambiguous(out[i])) ambiguous.push_back(static_cast<sel_t>(i));
        }
      }
    } else {
      throw InternalError("ReadKey of a key that cannot be read back");
    }
  });
}

void SortKeys::SortEncoded(const std::vector<const DataChunk*>& chunks, int chunk_bits,
                           AccountedVector<uint32_t>& order, TaskScheduler* scheduler,
                           idx_t threads, std::optional<OwnedBlock>* records_out) const {
  // starts[c]: chunk c's first record.
  std::vector<idx_t> starts(chunks.size() + 1, 0);
  for (idx_t c = 0; c < chunks.size(); c++) starts[c + 1] = starts[c] + chunks[c]->size();
  const idx_t n = starts.back();
  order.resize(n);
  if (n == 0) return;
  const uint64_t row_mask = (uint64_t{1} << chunk_bits) - 1;
  auto dispatch = [&]<idx_t kWords>() {
    using R = Record<kWords>;
    OwnedBlock block(n * sizeof(R));
    R* records = reinterpret_cast<R*>(block.get());
    // Records [from, to) of chunk c (numbered from the chunk's first).
    auto encode = [&](idx_t c, idx_t from, idx_t to) {
      EncodeNumbered(*chunks[c], from, to - from, static_cast<uint32_t>(c << chunk_bits),
                     reinterpret_cast<data_ptr_t>(records + starts[c] + from), false);
    };
    if (scheduler && threads > 1 && n >= kParallelSortRows) {
      // Encoding is a third of a large sort's work: each thread encodes a range of rows
      // (of the one chunk) or of chunks.
      const idx_t parts = std::min<idx_t>(threads, 64);
      scheduler->Run(parts, [&](TaskScheduler::Job&, idx_t p) {
        if (chunks.size() == 1) {
          encode(0, n * p / parts, n * (p + 1) / parts);
          return;
        }
        const idx_t last = chunks.size() * (p + 1) / parts;
        for (idx_t c = chunks.size() * p / parts; c < last; c++) encode(c, 0, chunks[c]->size());
      });
    } else {
      for (idx_t c = 0; c < chunks.size(); c++) encode(c, 0, chunks[c]->size());
    }
    auto number = [&](const R& r) {
      const auto* bytes = reinterpret_cast<const data_t*>(r.data()) + key_width_;
      return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
             uint32_t{bytes[3]};
    };
    if (!has_strings_) {
      SortRecords(
          records, n, [](const R& a, const R& b) { return WordsLess<kWords>(a, b); },
          key_width_ + sizeof(uint32_t), scheduler, threads);
    } else {
      auto string_of = [&](const Column& col, uint64_t number) {
        return chunks[number >> chunk_bits]->data[col.column].Values<string_t>()[number & row_mask];
      };
      auto less = [&](const R& a, const R& b) {
        const auto* x = reinterpret_cast<const data_t*>(a.data());
        const auto* y = reinterpret_cast<const data_t*>(b.data());
        for (const auto& col : columns_) {
          int c = std::memcmp(x + col.offset, y + col.offset, col.null_bytes + col.width);
          if (c == 0 && col.is_string &&
              (col.null_bytes == 0 || x[col.offset] == (col.nulls_first ? 1 : 0))) {
            // Equal prefixes of two values: the whole strings decide.
            c = CompareStrings(string_of(col, number(a)), string_of(col, number(b)));
            if (col.descending) c = -c;
          }
          if (c != 0) return c < 0;
        }
        return number(a) < number(b);
      };
      SortRecords(records, n, less, 0, scheduler, threads);
    }
    for (idx_t i = 0; i < n; i++) order[i] = number(records[i]);
    if (records_out) records_out->emplace(std::move(block));
  };
  switch (record_words_) {
    case 1:
      return dispatch.template operator()<1>();
    case 2:
      return dispatch.template operator()<2>();
    case 3:
      return dispatch.template operator()<3>();
    case 4:
      return dispatch.template operator()<4>();
    case 5:
      return dispatch.template operator()<5>();
    case 6:
      return dispatch.template operator()<6>();
    case 7:
      return dispatch.template operator()<7>();
    default:
      return dispatch.template operator()<8>();
  }
}

void SortKeys::SortByComparison(const DataChunk& rows, AccountedVector<uint32_t>& order) const {
  order.resize(rows.size());
  for (idx_t i = 0; i < rows.size(); i++) order[i] = static_cast<uint32_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    for (const auto& k : keys_) {
      const Vector& v = rows.data[k.column];
      idx_t ra = v.IsConstant() ? 0 : a, rb = v.IsConstant() ? 0 : b;
      bool av = v.RowIsValid(ra), bv = v.RowIsValid(rb);
      if (!av || !bv) {
        if (av == bv) continue;
        // The NULL one goes first exactly when NULLS FIRST.
        return !av ? k.nulls_first : !k.nulls_first;
      }
      int c = CompareValues(v.GetValue(ra), v.GetValue(rb));
      if (c != 0) return k.descending ? c > 0 : c < 0;
    }
    return false;
  });
}

}  // namespace teal
