// Three-way comparison of stored values, shared by comparison expressions and sorting.
// Each comparator is a struct with a static Cmp(a, b) returning -1, 0 or 1, so loops
// templated on it have no per-row dispatch.
#pragma once

#include <cmath>
#include <type_traits>

#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/string_type.hpp"

namespace teal {

template <typename T>
int Compare3(const T& a, const T& b) {
  if constexpr (std::is_floating_point_v<T>) {
    // NaN sorts above every number and equals itself, so ordering is total.
    bool an = std::isnan(a), bn = std::isnan(b);
    if (an || bn) return an == bn ? 0 : (an ? 1 : -1);
  }
  return a < b ? -1 : (b < a ? 1 : 0);
}

/// INTERVAL compares by its length with a month taken as 30 days and a day as 24 hours.
inline int128 IntervalKey(const interval_t& v) {
  constexpr int128 kMicrosPerDay = int128(86400) * 1000000;
  return (int128(v.months) * 30 + v.days) * kMicrosPerDay + v.micros;
}

/// TIMETZ compares by its UTC instant, then by offset.
inline int64_t TimeTzUtc(uint64_t bits) {
  int64_t micros = static_cast<int64_t>(bits >> 24);
  int64_t offset = dtime_tz_t::kMaxOffsetSeconds - static_cast<int64_t>(bits & 0xFFFFFF);
  return micros - offset * 1000000;
}

struct IntervalCompare {
  static int Cmp(const interval_t& a, const interval_t& b) {
    return Compare3(IntervalKey(a), IntervalKey(b));
  }
};

template <typename T>
struct PlainCompare {
  static int Cmp(const T& a, const T& b) { return Compare3(a, b); }
};

struct StringCompare {
  static int Cmp(const string_t& a, const string_t& b) {
    int c = a.View().compare(b.View());
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
};

struct TimeTzCompare {
  static int Cmp(const uint64_t& a, const uint64_t& b) {
    int c = Compare3(TimeTzUtc(a), TimeTzUtc(b));
    return c != 0 ? c : Compare3(a & 0xFFFFFF, b & 0xFFFFFF);
  }
};

}  // namespace teal
