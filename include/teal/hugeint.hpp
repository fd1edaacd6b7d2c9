// include/teal/hugeint.hpp — 128-bit integers in their stored layout.
//
// HUGEINT is {uint64 lower; int64 upper} and UHUGEINT {uint64 lower; uint64 upper}:
// the layout DuckDB's C API documents. Arithmetic goes through the compiler's
// __int128, to which both convert without cost.
#pragma once

#include <compare>
#include <cstdint>

namespace teal {

using int128 = __int128;
using uint128 = unsigned __int128;

struct hugeint_t {
  uint64_t lower = 0;
  int64_t upper = 0;

  constexpr hugeint_t() = default;
  constexpr hugeint_t(int128 v)  // NOLINT: implicit on purpose, it is the same number
      : lower(static_cast<uint64_t>(v)), upper(static_cast<int64_t>(v >> 64)) {}
  constexpr int128 Get() const {
    return static_cast<int128>((static_cast<uint128>(static_cast<uint64_t>(upper)) << 64) | lower);
  }
  friend constexpr bool operator==(hugeint_t a, hugeint_t b) {
    return a.lower == b.lower && a.upper == b.upper;
  }
  friend constexpr std::strong_ordering operator<=>(hugeint_t a, hugeint_t b) {
    if (a.upper != b.upper) return a.upper <=> b.upper;
    return a.lower <=> b.lower;
  }
};

struct uhugeint_t {
  uint64_t lower = 0;
  uint64_t upper = 0;

  constexpr uhugeint_t() = default;
  constexpr uhugeint_t(uint128 v)  // NOLINT: implicit on purpose
      : lower(static_cast<uint64_t>(v)), upper(static_cast<uint64_t>(v >> 64)) {}
  constexpr uint128 Get() const { return (static_cast<uint128>(upper) << 64) | lower; }
  friend constexpr bool operator==(uhugeint_t a, uhugeint_t b) {
    return a.lower == b.lower && a.upper == b.upper;
  }
  friend constexpr std::strong_ordering operator<=>(uhugeint_t a, uhugeint_t b) {
    if (a.upper != b.upper) return a.upper <=> b.upper;
    return a.lower <=> b.lower;
  }
};

static_assert(sizeof(hugeint_t) == 16 && sizeof(uhugeint_t) == 16);

}  // namespace teal
