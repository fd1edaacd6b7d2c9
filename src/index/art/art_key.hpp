// Order-preserving binary keys for the ART: memcmp order of two encoded keys is the SQL
// order of the values they encode, column by column.
//
// Encoding of one column (a key is the concatenation of its columns' encodings):
//
//   marker   1 byte: 0x01 a value follows; 0x02 NULL, nothing follows. NULL sorts after
//            every value, as in ORDER BY ... ASC with Teal's default NULL order
//            (PostgreSQL's: NULLs last ascending). Indexes for UNIQUE leave out keys with
//            a NULL (ArtKeyBuilder::HasNull); non-unique indexes may keep them.
//   value    by the type's stored (physical) form, most significant byte first:
//     BOOLEAN                     1 byte, 0 or 1
//     signed integers             big-endian with the sign bit flipped (TINYINT .. BIGINT,
//                                 DATE, TIME, the TIMESTAMPs, DECIMAL by its unscaled
//                                 integer — one scale per column, so order is the value's)
//     unsigned integers           big-endian (UTINYINT .. UBIGINT, ENUM by label index)
//     HUGEINT, UUID, DECIMAL(>18) 16 bytes: upper half as a signed integer, then lower
//     UHUGEINT                    16 bytes big-endian
//     FLOAT, DOUBLE               IEEE bits big-endian; positive: sign bit set, negative:
//                                 every bit inverted. -0.0 is written as 0.0 and every
//                                 NaN as one quiet NaN, which sorts above +infinity
//                                 (PostgreSQL's order, which Teal's comparisons follow)
//     TIMETZ                      8 bytes of its UTC instant (signed), then the 3 bytes of
//                                 its encoded offset: Teal orders by instant, then offset
//     INTERVAL                    16 bytes, signed: its length in microseconds with a
//                                 month taken as 30 days (Teal's comparison, so intervals
//                                 that compare equal get equal keys)
//     VARCHAR, BLOB               the bytes with 0x00 written 0x01 0x01 and 0x01 written
//                                 0x01 0x02, then a 0x00 terminator. Escaped bytes keep
//                                 their order and never contain 0x00, so a string sorts
//                                 before its extensions and no key is a prefix of another
//                                 — which also keeps compound keys in column order
//
// Every encoding is prefix-free within its column type, so keys of one index (same column
// types) are never prefixes of one another: the ART relies on that. LIST (and the types
// that are not values of a column) cannot be indexed: a NotImplementedError names them.
#pragma once

#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {
class DataChunk;
class Vector;
}  // namespace teal

namespace teal::art {

inline constexpr data_t kValidMarker = 0x01;
inline constexpr data_t kNullMarker = 0x02;

/// A view of one encoded key's bytes; whoever made it keeps the bytes alive.
struct ArtKey {
  const data_t* data = nullptr;
  uint32_t size = 0;

  ArtKey() = default;
  ArtKey(const data_t* bytes, uint32_t length) : data(bytes), size(length) {}
  /// A view of `bytes` (an encoded key held in a std::string).
  explicit ArtKey(std::string_view bytes)
      : data(reinterpret_cast<const data_t*>(bytes.data())),
        size(static_cast<uint32_t>(bytes.size())) {}

  data_t operator[](idx_t i) const { return data[i]; }
  std::string_view View() const { return {reinterpret_cast<const char*>(data), size}; }
};

/// memcmp order, a proper prefix before its extensions: -1, 0 or 1.
int CompareKeys(ArtKey a, ArtKey b);
inline bool operator==(ArtKey a, ArtKey b) {
  return a.size == b.size && (a.size == 0 || std::memcmp(a.data, b.data, a.size) == 0);
}

/// Whether an index can hold values of `type`.
bool IsIndexableType(const LogicalType& type);
/// Throws NotImplementedError naming `type` unless IsIndexableType(type).
void CheckIndexableType(const LogicalType& type);

/// Appends the encoding of one column value (marker and value) to `key`. The value must
/// already have the indexed column's type (for DECIMAL: its width and scale). A NULL of
/// any type is the NULL marker. Throws NotImplementedError for types IsIndexableType
/// rejects.
void AppendValueKey(const Value& value, std::string& key);
/// The key of a whole row of column values, in key column order.
std::string EncodeValueKey(std::span<const Value> values);

/// Encodes many rows into keys a column at a time, all keys in one buffer: for building
/// an index from a table, inserting a chunk, or probing an IN list or join keys as one
/// batch. Reusable: each Build replaces the previous keys and reuses the memory.
class ArtKeyBuilder {
 public:
  /// Encodes rows [offset, offset + count) of `columns` (one vector per key column, in
  /// key order; constant vectors stand for every row) into Count() == count keys. Throws
  /// NotImplementedError when a column's type cannot be indexed, before encoding anything.
  void Build(std::span<const Vector* const> columns, idx_t offset, idx_t count);
  /// Build over every column of `chunk`, all its rows.
  void Build(const DataChunk& chunk);
  /// Build over the elements of row `row` of the LIST vector `list` (a key per element).
  void BuildListElements(const Vector& list, idx_t row);

  idx_t Count() const { return keys_.size(); }
  ArtKey Key(idx_t i) const { return keys_[i]; }
  std::span<const ArtKey> Keys() const { return keys_; }
  /// Whether row i's key has a NULL in some column (UNIQUE does not apply to it).
  bool HasNull(idx_t i) const { return has_null_[i] != 0; }
  /// Bytes of all keys together.
  idx_t TotalBytes() const { return bytes_.size(); }

 private:
  void AddSizes(const Vector& column, idx_t offset);
  void WriteColumn(const Vector& column, idx_t offset);

  std::vector<data_t> bytes_;
  std::vector<ArtKey> keys_;
  std::vector<uint32_t> sizes_;    // per key, summed over the columns
  std::vector<data_t*> cursors_;   // per key, where its next column's bytes go
  std::vector<uint8_t> has_null_;  // per key, 1 when some column is NULL
};

}  // namespace teal::art
