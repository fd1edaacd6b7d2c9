// bench/compare/data.cpp — deterministic generation of the workloads' input rows.
#include "data.hpp"

namespace bench {
namespace {

// One seed per data set, so adding a workload never changes another one's values.
constexpr uint64_t kNumericSeed = 1;
constexpr uint64_t kTimestampSeed = 2;
constexpr uint64_t kDateSeed = 3;
constexpr uint64_t kStringSeed = 4;
constexpr uint64_t kIntSeed = 5;
constexpr uint64_t kOptionalSeed = 6;
constexpr uint64_t kListSeed = 7;
constexpr uint64_t kEnumSeed = 8;
constexpr uint64_t kFactSeed = 9;
constexpr uint64_t kDimSeed = 10;
constexpr uint64_t kGraphSeed = 11;

/// The splitmix64 finalizer: a fixed integer hash in which every input bit moves every
/// output bit.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::optional<int32_t> MaybeNull(Rng& rng) {
  if (rng.Next() % 10 == 0) return std::nullopt;
  return static_cast<int32_t>(rng.Between(-1'000'000, 1'000'000));
}

}  // namespace

const std::vector<NumericRow>& NumericRows() {
  static const std::vector<NumericRow> rows = [] {
    Rng rng(kNumericSeed);
    std::vector<NumericRow> v(kRows);
    for (auto& r : v) {
      r.i8 = static_cast<int8_t>(rng.Between(-128, 127));
      r.i16 = static_cast<int16_t>(rng.Between(-32768, 32767));
      r.i32 = static_cast<int32_t>(rng.Between(-2'000'000'000, 2'000'000'000));
      r.i64 = static_cast<int64_t>(rng.Next() >> 1) - (int64_t{1} << 61);
      r.u8 = static_cast<uint8_t>(rng.Between(0, 255));
      r.u16 = static_cast<uint16_t>(rng.Between(0, 65535));
      r.f32 = static_cast<float>(rng.Between(-1'000'000, 1'000'000)) / 64.0f;
      r.f64 = static_cast<double>(rng.Between(-1'000'000'000, 1'000'000'000)) / 1024.0;
    }
    return v;
  }();
  return rows;
}

const std::vector<TimestampRow>& TimestampRows() {
  static const std::vector<TimestampRow> rows = [] {
    constexpr int64_t kFrom = 946'684'800'000'000;  // 2000-01-01
    constexpr int64_t kTo = 1'893'456'000'000'000;  // 2030-01-01
    Rng rng(kTimestampSeed);
    std::vector<TimestampRow> v(kRows);
    for (auto& r : v) {
      for (auto& t : r) t = SysMicros(std::chrono::microseconds(rng.Between(kFrom, kTo - 1)));
    }
    return v;
  }();
  return rows;
}

const std::vector<DateRow>& DateRows() {
  static const std::vector<DateRow> rows = [] {
    Rng rng(kDateSeed);
    std::vector<DateRow> v(kRows);
    for (auto& r : v) {
      for (auto& d : r) d = std::chrono::sys_days(std::chrono::days(rng.Between(0, 47'481)));
    }
    return v;
  }();
  return rows;
}

const StringTable& Strings(StringKind kind) {
  static const auto build = [](StringKind k) {
    Rng rng(kStringSeed + static_cast<uint64_t>(k) * 100);
    StringTable t;
    t.offsets.reserve(kStringRows * 4 + 1);
    t.offsets.push_back(0);
    size_t per = k == StringKind::kShort ? 8 : k == StringKind::kLong ? 40 : 12;
    t.bytes.reserve(kStringRows * 4 * per);
    for (size_t i = 0; i < kStringRows * 4; i++) {
      if (k == StringKind::kGeorgian) {
        for (int c = 0; c < 4; c++) {
          // U+10D0..U+10F0 encode as E1 83 90..E1 83 B0.
          auto low = static_cast<char>(0x90 + rng.Between(0, 0x20));
          t.bytes.insert(t.bytes.end(), {'\xE1', '\x83', low});
        }
      } else {
        size_t length = k == StringKind::kLong ? 40 : static_cast<size_t>(rng.Between(5, 8));
        for (size_t c = 0; c < length; c++) {
          t.bytes.push_back(static_cast<char>('a' + rng.Between(0, 25)));
        }
      }
      t.offsets.push_back(static_cast<uint32_t>(t.bytes.size()));
    }
    return t;
  };
  // Built on first use of each kind: a run of one workload pays for its own data only.
  switch (kind) {
    case StringKind::kShort: {
      static const StringTable t = build(StringKind::kShort);
      return t;
    }
    case StringKind::kLong: {
      static const StringTable t = build(StringKind::kLong);
      return t;
    }
    case StringKind::kGeorgian:
      break;
  }
  static const StringTable t = build(StringKind::kGeorgian);
  return t;
}

const std::vector<IntRow>& IntRows() {
  static const std::vector<IntRow> rows = [] {
    Rng rng(kIntSeed);
    std::vector<IntRow> v(kRows);
    for (auto& r : v) {
      for (auto& x : r) x = static_cast<int32_t>(rng.Between(-1'000'000, 1'000'000));
    }
    return v;
  }();
  return rows;
}

const std::vector<OptionalRecord>& OptionalRecords() {
  static const std::vector<OptionalRecord> rows = [] {
    Rng rng(kOptionalSeed);
    std::vector<OptionalRecord> v(kRows);
    for (auto& r : v) {
      for (auto* m : {&r.a, &r.b, &r.c, &r.d, &r.e, &r.f, &r.g, &r.h}) *m = MaybeNull(rng);
    }
    return v;
  }();
  return rows;
}

const std::vector<std::optional<int32_t>>& ListElements() {
  static const std::vector<std::optional<int32_t>> elements = [] {
    Rng rng(kListSeed);
    std::vector<std::optional<int32_t>> v(kRows * kListLength);
    for (size_t i = 0; i < kRows; i++) {
      size_t null_at = static_cast<size_t>(rng.Between(0, kListLength - 1));
      for (size_t j = 0; j < kListLength; j++) {
        if (j != null_at) v[i * kListLength + j] = static_cast<int32_t>(rng.Between(-1000, 1000));
      }
    }
    return v;
  }();
  return elements;
}

const std::vector<EnumRow>& EnumRows() {
  static const std::vector<EnumRow> rows = [] {
    Rng rng(kEnumSeed);
    std::vector<EnumRow> v(kRows);
    for (auto& r : v) {
      for (auto& e : r) e = static_cast<Venue>(rng.Between(0, kVenueCount - 1));
    }
    return v;
  }();
  return rows;
}

FactRow FactAt(size_t i) {
  // One hash per column, each from the row's own: the columns do not follow each other.
  uint64_t h = Mix(kFactSeed * 0x9E3779B97F4A7C15ull + i);
  FactRow r;
  r.id = static_cast<int64_t>(i);
  r.k1000 = static_cast<int32_t>(h % 1000);
  r.k1m = static_cast<int32_t>(Mix(h ^ 0x6B316D) % 1'000'000);
  r.x = static_cast<double>(static_cast<int64_t>(Mix(h ^ 0x78) % 4'000'001) - 2'000'000) / 4.0;
  r.small = static_cast<int32_t>(Mix(h ^ 0x736D616C6C) % 100);
  return r;
}

DimRow DimAt(size_t j) {
  // 7,777,777 shares no factor with 10^6 = 2^6 * 5^6: j -> id is a permutation.
  static_assert(kDimRows == 1'000'000);
  auto id = static_cast<int32_t>((j * 7'777'777 + 123'457) % kDimRows);
  return {id, GroupOf(id)};
}

int32_t GroupOf(int32_t id) {
  return static_cast<int32_t>(Mix(kDimSeed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(id)) %
                              100);
}

EdgeRow EdgeAt(size_t j) {
  const uint64_t h = Mix(kGraphSeed * 0x9E3779B97F4A7C15ull + j);
  return {static_cast<int32_t>(j / 2), static_cast<int32_t>(h % kGraphNodes)};
}

}  // namespace bench
