// Order-preserving key encoding (the format is at the top of art_key.hpp).
#include "index/art/art_key.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <type_traits>

#include "common/assert.hpp"
#include "vector/data_chunk.hpp"
#include "vector/key_codec.hpp"
#include "vector/vector.hpp"

namespace teal::art {
namespace {

/// The ART's codec of a fixed-width indexable type (key_codec.hpp).
template <typename F>
decltype(auto) WithCodec(const LogicalType& type, F&& f) {
  return WithKeyCodec(type, std::forward<F>(f));
}

// Strings: 0x00 -> 0x01 0x01, 0x01 -> 0x01 0x02, then a 0x00 terminator.
constexpr data_t kStringEscape = 0x01;
constexpr data_t kStringTerminator = 0x00;

uint32_t EscapedStringSize(std::string_view s) {
  size_t size = s.size() + 1;
  for (char c : s) size += static_cast<data_t>(c) <= kStringEscape;
  TEAL_CHECK_LE(size, size_t{std::numeric_limits<uint32_t>::max()});
  return static_cast<uint32_t>(size);
}

data_t* WriteEscapedString(std::string_view s, data_t* out) {
  for (char c : s) {
    auto b = static_cast<data_t>(c);
    if (b <= kStringEscape) {
      *out++ = kStringEscape;
      *out++ = static_cast<data_t>(b + 1);
    } else {
      *out++ = b;
    }
  }
  *out++ = kStringTerminator;
  return out;
}

/// The row of `column` standing for row `offset + i` (row 0 of a constant vector).
idx_t SourceRow(const Vector& column, idx_t offset, idx_t i) {
  return column.IsConstant() ? 0 : offset + i;
}

template <typename Codec>
void WriteFixedColumn(const Vector& column, idx_t offset, std::span<data_t*> cursors) {
  const auto* values = column.Values<typename Codec::T>();
  for (idx_t i = 0; i < cursors.size(); i++) {
    idx_t row = SourceRow(column, offset, i);
    data_t*& out = cursors[i];
    if (!column.RowIsValid(row)) {
      *out++ = kNullMarker;
      continue;
    }
    *out++ = kValidMarker;
    Codec::Write(values[row], out);
    out += Codec::kWidth;
  }
}

void WriteStringColumn(const Vector& column, idx_t offset, std::span<data_t*> cursors) {
  const auto* values = column.Values<string_t>();
  for (idx_t i = 0; i < cursors.size(); i++) {
    idx_t row = SourceRow(column, offset, i);
    data_t*& out = cursors[i];
    if (!column.RowIsValid(row)) {
      *out++ = kNullMarker;
      continue;
    }
    *out++ = kValidMarker;
    out = WriteEscapedString(values[row].View(), out);
  }
}

}  // namespace

int CompareKeys(ArtKey a, ArtKey b) {
  uint32_t common = std::min(a.size, b.size);
  int c = common ? std::memcmp(a.data, b.data, common) : 0;
  if (c != 0) return c < 0 ? -1 : 1;
  return a.size < b.size ? -1 : (a.size > b.size ? 1 : 0);
}

bool IsIndexableType(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kInvalid:
    case TypeId::kSqlNull:
    case TypeId::kList:
    case TypeId::kArray:
    case TypeId::kMap:
    case TypeId::kStruct:  // and UNION: no order-preserving key encoding (vector/key_codec.hpp)
    case TypeId::kUnion:
      return false;
    default:
      return true;
  }
}

void CheckIndexableType(const LogicalType& type) {
  if (!IsIndexableType(type)) {
    throw NotImplementedError(fmt::format("an index on a value of type {}", type.ToString()));
  }
}

void AppendValueKey(const Value& value, std::string& key) {
  if (value.IsNull()) {
    key.push_back(static_cast<char>(kNullMarker));
    return;
  }
  const LogicalType& type = value.Type();
  CheckIndexableType(type);
  key.push_back(static_cast<char>(kValidMarker));
  if (type.Physical() == PhysicalType::kVarchar) {
    const std::string& s = value.GetString();
    size_t start = key.size();
    key.resize(start + EscapedStringSize(s));
    WriteEscapedString(s, reinterpret_cast<data_t*>(key.data() + start));
    return;
  }
  WithCodec(type, [&]<typename Codec>() {
    data_t bytes[Codec::kWidth];
    Codec::Write(value.GetStored<typename Codec::T>(), bytes);
    key.append(reinterpret_cast<const char*>(bytes), Codec::kWidth);
  });
}

std::string EncodeValueKey(std::span<const Value> values) {
  std::string key;
  for (const Value& value : values) AppendValueKey(value, key);
  return key;
}

void ArtKeyBuilder::Build(const DataChunk& chunk) {
  std::vector<const Vector*> columns;
  for (const auto& v : chunk.data) columns.push_back(&v);
  Build(columns, 0, chunk.size());
}

void ArtKeyBuilder::BuildListElements(const Vector& list, idx_t row) {
  const list_entry_t& entry = list.Values<list_entry_t>()[row];
  const Vector* child = &list.ListChild();
  Build(std::span<const Vector* const>(&child, 1), entry.offset, entry.length);
}

void ArtKeyBuilder::Build(std::span<const Vector* const> columns, idx_t offset, idx_t count) {
  for (const Vector* column : columns) CheckIndexableType(column->Type());
  sizes_.assign(count, 0);
  has_null_.assign(count, 0);
  for (const Vector* column : columns) AddSizes(*column, offset);

  size_t total = 0;
  for (uint32_t size : sizes_) total += size;
  bytes_.resize(total);
  keys_.resize(count);
  cursors_.resize(count);
  data_t* next = bytes_.data();
  for (idx_t i = 0; i < count; i++) {
    keys_[i] = ArtKey(next, sizes_[i]);
    cursors_[i] = next;
    next += sizes_[i];
  }
  for (const Vector* column : columns) WriteColumn(*column, offset);
  TEAL_ASSERT(count == 0 || cursors_[count - 1] == bytes_.data() + total);
}

void ArtKeyBuilder::AddSizes(const Vector& column, idx_t offset) {
  bool is_string = column.Type().Physical() == PhysicalType::kVarchar;
  uint32_t width =
      is_string ? 0 : WithCodec(column.Type(), []<typename Codec>() { return Codec::kWidth; });
  const string_t* strings = is_string ? column.Values<string_t>() : nullptr;
  for (idx_t i = 0; i < sizes_.size(); i++) {
    idx_t row = SourceRow(column, offset, i);
    if (!column.RowIsValid(row)) {
      sizes_[i] += 1;
      has_null_[i] = 1;
      continue;
    }
    uint64_t size =
        uint64_t{sizes_[i]} + 1 + (is_string ? EscapedStringSize(strings[row].View()) : width);
    TEAL_CHECK_LE(size, uint64_t{std::numeric_limits<uint32_t>::max()});
    sizes_[i] = static_cast<uint32_t>(size);
  }
}

void ArtKeyBuilder::WriteColumn(const Vector& column, idx_t offset) {
  std::span<data_t*> cursors(cursors_);
  if (column.Type().Physical() == PhysicalType::kVarchar) {
    WriteStringColumn(column, offset, cursors);
    return;
  }
  WithCodec(column.Type(),
            [&]<typename Codec>() { WriteFixedColumn<Codec>(column, offset, cursors); });
}

}  // namespace teal::art
