// Integer helpers shared by every integer layout, up to 128 bits: the native
// arithmetic type of a stored layout, limits and range checks that also work for
// __int128 (whose std traits depend on -std=gnu++ vs c++), checked arithmetic, and
// plain decimal text (parse and format) for int128 / uint128.
//
// "Native" integer below means one of int8..int64, uint8..uint64, int128, uint128;
// hugeint_t / uhugeint_t are the stored layouts and convert with ToNative/FromNative.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "teal/hugeint.hpp"

namespace teal {

/// The outcome of parsing a number from text.
enum class NumberParse : uint8_t {
  kOk,
  kInvalid,     // not a number in the accepted syntax
  kOutOfRange,  // a number, but it does not fit the target
};

template <typename T>
struct NativeInt {
  using type = T;
};
template <>
struct NativeInt<hugeint_t> {
  using type = int128;
};
template <>
struct NativeInt<uhugeint_t> {
  using type = uint128;
};
/// The arithmetic type of stored integer layout T (int128 for hugeint_t, T otherwise).
template <typename T>
using native_int_t = typename NativeInt<T>::type;

template <typename T>
constexpr native_int_t<T> ToNative(T v) {
  if constexpr (std::is_same_v<T, hugeint_t> || std::is_same_v<T, uhugeint_t>) {
    return v.Get();
  } else {
    return v;
  }
}

/// True for the stored layouts of the integer types (not bool, not floating point).
template <typename T>
inline constexpr bool kIsIntegerLayout =
    (std::is_integral_v<T> && !std::is_same_v<T, bool>) || std::is_same_v<T, hugeint_t> ||
    std::is_same_v<T, uhugeint_t>;

template <typename N>
inline constexpr bool kIsSignedInt = N(-1) < N(0);

template <typename N>
constexpr N MaxOf() {
  if constexpr (kIsSignedInt<N>) {
    // 2^(bits-2) * 2 - 1, written so that no intermediate overflows.
    N half = static_cast<N>(N(1) << (sizeof(N) * 8 - 2));
    return static_cast<N>(half - 1 + half);
  } else {
    return static_cast<N>(~N(0));
  }
}

template <typename N>
constexpr N MinOf() {
  if constexpr (kIsSignedInt<N>) {
    return static_cast<N>(-MaxOf<N>() - 1);
  } else {
    return N(0);
  }
}

/// True when native integer `v` is representable in native integer type D.
template <typename D, typename S>
constexpr bool IntegerInRange(S v) {
  if constexpr (kIsSignedInt<S>) {
    if (v < 0) {
      if constexpr (!kIsSignedInt<D>) {
        return false;
      } else {
        return static_cast<int128>(v) >= static_cast<int128>(MinOf<D>());
      }
    }
  }
  return static_cast<uint128>(v) <= static_cast<uint128>(MaxOf<D>());
}

/// |v| as an unsigned number; defined for the minimum of a signed type too.
template <typename N>
constexpr auto UnsignedAbs(N v) {
  if constexpr (sizeof(N) > 8) {
    uint128 u = static_cast<uint128>(v);
    if constexpr (kIsSignedInt<N>) {
      if (v < 0) u = uint128(0) - u;
    }
    return u;
  } else {
    uint64_t u = static_cast<uint64_t>(v);
    if constexpr (kIsSignedInt<N>) {
      if (v < 0) u = uint64_t(0) - u;
    }
    return u;
  }
}

// Checked arithmetic: false on overflow, `out` then unspecified.
bool TryAddInt128(int128 a, int128 b, int128& out);
bool TrySubInt128(int128 a, int128 b, int128& out);
bool TryMulInt128(int128 a, int128 b, int128& out);
bool TryNegInt128(int128 a, int128& out);
bool TryAddUInt128(uint128 a, uint128 b, uint128& out);
bool TrySubUInt128(uint128 a, uint128 b, uint128& out);
bool TryMulUInt128(uint128 a, uint128 b, uint128& out);

/// Writes the decimal digits of `v` so that they end just before `end`; returns
/// where they start. Room for 20 (uint64) or 39 (uint128) characters is needed.
char* WriteDigitsBackward(uint64_t v, char* end);
char* WriteDigitsBackward(uint128 v, char* end);

/// Plain decimal text: an optional '-' and the digits.
std::string Int128ToString(int128 v);
std::string UInt128ToString(uint128 v);

/// Strict integer syntax: [whitespace][+|-]digits[whitespace]. (Casts from VARCHAR
/// are more lenient, see ParseInteger in numeric_format.hpp.)
NumberParse ParseInt128(std::string_view text, int128& out);
NumberParse ParseUInt128(std::string_view text, uint128& out);

/// Whitespace as SQL text casts skip it: space, \t, \n, \v, \f, \r.
constexpr bool IsSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
constexpr bool IsDigit(char c) { return c >= '0' && c <= '9'; }
/// `text` without leading and trailing whitespace.
std::string_view TrimSpace(std::string_view text);

}  // namespace teal
