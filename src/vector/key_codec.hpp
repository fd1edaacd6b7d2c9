// Order-preserving encodings of stored values: a codec writes a non-NULL value as exactly
// kWidth bytes whose memcmp order is the value's SQL order (Teal's: -0.0 = 0.0, NaN above
// every number, INTERVAL by its length with a month of 30 days, TIMETZ by its instant and
// then its offset). The ART's keys (index/art/art_key.hpp has the byte format) and the
// sort's normalized keys (execution/sort_key.hpp) are made of them.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "teal/error.hpp"
#include "teal/logical_type.hpp"
#include "vector/value_compare.hpp"

namespace teal {

template <typename U>
void StoreBigEndian(U v, data_t* out) {
  static_assert(std::is_unsigned_v<U>);
  for (size_t i = 0; i < sizeof(U); i++) {
    out[i] = static_cast<data_t>(v >> (8 * (sizeof(U) - 1 - i)));
  }
}

template <typename U>
U LoadBigEndian(const data_t* in) {
  static_assert(std::is_unsigned_v<U>);
  U v = 0;
  for (size_t i = 0; i < sizeof(U); i++) v = static_cast<U>((v << 8) | in[i]);
  return v;
}

// A codec writes one non-NULL stored value of type T as exactly kWidth bytes. Where
// kReadable, Read gives the value back from them — exactly, except that a FloatCodec
// cannot tell -0.0 from 0.0 nor one NaN from another (Ambiguous says when that matters).

struct BoolCodec {
  using T = bool;
  static constexpr uint32_t kWidth = 1;
  static void Write(bool v, data_t* out) { *out = v ? 1 : 0; }
  static constexpr bool kReadable = true;
  static bool Read(const data_t* in) { return *in != 0; }
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
  static constexpr bool kReadable = true;
  static S Read(const data_t* in) {
    return static_cast<S>(LoadBigEndian<U>(in) ^ (U(1) << (8 * sizeof(U) - 1)));
  }
};

template <typename U>
struct UnsignedCodec {
  using T = U;
  static constexpr uint32_t kWidth = sizeof(U);
  static void Write(U v, data_t* out) { StoreBigEndian(v, out); }
  static constexpr bool kReadable = true;
  static U Read(const data_t* in) { return LoadBigEndian<U>(in); }
};

struct HugeIntCodec {
  using T = hugeint_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(hugeint_t v, data_t* out) {
    SignedCodec<int64_t>::Write(v.upper, out);
    StoreBigEndian(v.lower, out + 8);
  }
  static constexpr bool kReadable = true;
  static hugeint_t Read(const data_t* in) {
    hugeint_t v;
    v.upper = SignedCodec<int64_t>::Read(in);
    v.lower = LoadBigEndian<uint64_t>(in + 8);
    return v;
  }
};

struct UHugeIntCodec {
  using T = uhugeint_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(uhugeint_t v, data_t* out) {
    StoreBigEndian(v.upper, out);
    StoreBigEndian(v.lower, out + 8);
  }
  static constexpr bool kReadable = true;
  static uhugeint_t Read(const data_t* in) {
    uhugeint_t v;
    v.upper = LoadBigEndian<uint64_t>(in);
    v.lower = LoadBigEndian<uint64_t>(in + 8);
    return v;
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
  static constexpr bool kReadable = true;
  static F Read(const data_t* in) {
    constexpr U kSign = U(1) << (8 * sizeof(U) - 1);
    U bits = LoadBigEndian<U>(in);
    bits = (bits & kSign) ? static_cast<U>(bits & ~kSign) : static_cast<U>(~bits);
    F v;
    std::memcpy(&v, &bits, sizeof(v));
    return v;
  }
  /// Whether a value Read gave may stand for another one (-0.0, another NaN).
  static bool Ambiguous(F v) { return v == 0 || std::isnan(v); }
};

struct IntervalCodec {
  using T = interval_t;
  static constexpr uint32_t kWidth = 16;
  static void Write(interval_t v, data_t* out) { HugeIntCodec::Write(IntervalKey(v), out); }
  static constexpr bool kReadable = false;  // the length only
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
  static constexpr bool kReadable = false;
};

/// Calls f.template operator()<Codec>() with the codec of a fixed-width type.
template <typename F>
decltype(auto) WithKeyCodec(const LogicalType& type, F&& f) {
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
      throw InternalError(fmt::format("no order-preserving encoding for type {}", type.ToString()));
  }
}

}  // namespace teal
