// Order-preserving key encoding (the format is at the top of art_key.hpp).
#include "index/art/art_key.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <type_traits>

#include "common/assert.hpp"
#include "execution/value_compare.hpp"  // IntervalKey, TimeTzUtc: Teal's own orders
#include "vector/vector.hpp"

namespace teal::art {
namespace {

template <typename U>
void StoreBigEndian(U v, data_t* out) {
  static_assert(std::is_unsigned_v<U>);
  for (size_t i = 0; i < sizeof(U); i++) {
    out[i] = static_cast<data_t>(v >> (8 * (sizeof(U) - 1 - i)));
  }
}

// A codec writes one non-NULL stored value of type T as exactly kWidth bytes.

struct BoolCodec {
  using T = bool;
  static constexpr uint32_t kWidth = 1;
  static void Write(bool v, data_t* out) { *out = v ? 1 : 0; }
};

template <typename S>
struct SignedCodec {
  using T = S;
  using U = std::make_unsigned_t<S>;
  static constexpr uint32_t kWidth = sizeof(S);
  static void Write(S v, data_t* out) {
    // Flipping the sign bit maps two's complement order onto unsigned order.
    StoreBigEndian(static_cast<U>(static_cast<U>(v) ^ (U(1) << (8 * sizeof(U) - 1))), out);
  }
};

template <typename U>
struct UnsignedCodec {
  using T = U;
  static constexpr uint32_t kWidth = sizeof(U);
  static void Write(U v, data_t* out) { StoreBigEndian(v, out); }
};

struct HugeIntCodec {
  using T = hugeint_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(hugeint_t v, data_t* out) {
    SignedCodec<int64_t>::Write(v.upper, out);
    StoreBigEndian(v.lower, out + 8);
  }
};

struct UHugeIntCodec {
  using T = uhugeint_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(uhugeint_t v, data_t* out) {
    StoreBigEndian(v.upper, out);
    StoreBigEndian(v.lower, out + 8);
  }
};

template <typename F, typename U>
struct FloatCodec {
  static_assert(sizeof(F) == sizeof(U));
  using T = F;
  static constexpr uint32_t kWidth = sizeof(F);
  static void Write(F v, data_t* out) {
    if (v == 0) v = 0;                                           // -0.0 equals 0.0
    if (std::isnan(v)) v = std::numeric_limits<F>::quiet_NaN();  // all NaNs equal, greatest
    U bits;
    std::memcpy(&bits, &v, sizeof(bits));
    constexpr U kSign = U(1) << (8 * sizeof(U) - 1);
    // Negative numbers order backwards by their magnitude bits: invert them all.
    bits = (bits & kSign) ? static_cast<U>(~bits) : static_cast<U>(bits | kSign);
    StoreBigEndian(bits, out);
  }
};

struct IntervalCodec {
  using T = interval_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(interval_t v, data_t* out) { HugeIntCodec::Write(IntervalKey(v), out); }
};

struct TimeTzCodec {
  using T = uint64_t;
  static constexpr uint32_t kWidth = 11;
  static void Write(uint64_t bits, data_t* out) {
    SignedCodec<int64_t>::Write(TimeTzUtc(bits), out);
    uint32_t offset = static_cast<uint32_t>(bits & 0xFFFFFF);
    out[8] = static_cast<data_t>(offset >> 16);
    out[9] = static_cast<data_t>(offset >> 8);
    out[10] = static_cast<data_t>(offset);
  }
};

/// Calls f.template operator()<Codec>() with the codec of a fixed-width indexable type.
template <typename F>
decltype(auto) WithCodec(const LogicalType& type, F&& f) {
  if (type.Id() == TypeId::kTimeTz) return f.template operator()<TimeTzCodec>();
  switch (type.Physical()) {
    case PhysicalType::kBool:
      return f.template operator()<BoolCodec>();
    case PhysicalType::kInt8:
      return f.template operator()<SignedCodec<int8_t>>();
    case PhysicalType::kInt16:
      return f.template operator()<SignedCodec<int16_t>>();
    case PhysicalType::kInt32:
      return f.template operator()<SignedCodec<int32_t>>();
    case PhysicalType::kInt64:
      return f.template operator()<SignedCodec<int64_t>>();
    case PhysicalType::kUInt8:
      return f.template operator()<UnsignedCodec<uint8_t>>();
    case PhysicalType::kUInt16:
      return f.template operator()<UnsignedCodec<uint16_t>>();
    case PhysicalType::kUInt32:
      return f.template operator()<UnsignedCodec<uint32_t>>();
    case PhysicalType::kUInt64:
      return f.template operator()<UnsignedCodec<uint64_t>>();
    case PhysicalType::kInt128:
      return f.template operator()<HugeIntCodec>();
    case PhysicalType::kUInt128:
      return f.template operator()<UHugeIntCodec>();
    case PhysicalType::kFloat:
      return f.template operator()<FloatCodec<float, uint32_t>>();
    case PhysicalType::kDouble:
      return f.template operator()<FloatCodec<double, uint64_t>>();
    case PhysicalType::kInterval:
      return f.template operator()<IntervalCodec>();
    default:
      throw InternalError(fmt::format("no ART key codec for type {}", type.ToString()));
  }
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
