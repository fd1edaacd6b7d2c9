// bench/compare/data.hpp — the input rows of the benchmark workloads, generated once.
//
// Every engine appends (or loads) exactly the same values, produced by a fixed-seed
// PRNG before any timing starts, so a run is repeatable and no engine's timed loop pays
// for generating its input. Rows are held the way an application holds records — an
// array of structs — and each engine takes them from there into its own API.
//
// Generators build on first use and cache the result for the life of the process (the
// largest, W9's lists, is 80 MB); not thread-safe. The tables of the query workloads
// Q2a..Q6 are not held at all: each of their rows is a pure function of its position
// (FactAt, DimAt), computed as it is loaded or checked.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace bench {

inline constexpr size_t kRows = 1'000'000;      // W1, W2, W4, W5, W8, W9, W10
inline constexpr size_t kStringRows = 500'000;  // W3
inline constexpr size_t kListLength = 10;       // W9: elements per list

/// splitmix64: tiny, fast and good enough to make benchmark data look random.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [lo, hi] (the tiny modulo bias does not matter here).
  int64_t Between(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(Next() % static_cast<uint64_t>(hi - lo + 1));
  }

 private:
  uint64_t state_;
};

// W1: one row of 8 numeric columns.
struct NumericRow {
  int8_t i8;
  int16_t i16;
  int32_t i32;
  int64_t i64;
  uint8_t u8;
  uint16_t u16;
  float f32;
  double f64;
};
const std::vector<NumericRow>& NumericRows();

using SysMicros = std::chrono::sys_time<std::chrono::microseconds>;
// W2-ts, W2-tstz, W5-ts: 4 timestamps between 2000 and 2030.
using TimestampRow = std::array<SysMicros, 4>;
const std::vector<TimestampRow>& TimestampRows();
// W2-date, W5-date: 4 dates between 1970 and 2100.
using DateRow = std::array<std::chrono::sys_days, 4>;
const std::vector<DateRow>& DateRows();

/// W3: kStringRows x 4 strings in one buffer; At(row, col) views one.
struct StringTable {
  std::vector<char> bytes;
  std::vector<uint32_t> offsets;  // 4 * rows + 1
  std::string_view At(size_t row, size_t col) const {
    size_t i = row * 4 + col;
    return {bytes.data() + offsets[i], offsets[i + 1] - offsets[i]};
  }
};
enum class StringKind { kShort, kLong, kGeorgian };
/// kShort: 5-8 ASCII letters; kLong: 40 ASCII characters; kGeorgian: 4 Georgian letters
/// (U+10D0..U+10F0, 3 UTF-8 bytes each, 12 bytes in all).
const StringTable& Strings(StringKind kind);

// W4: 8 INTEGER columns, values in [-1e6, 1e6] so that every client-side sum (int64 or
// double) is exact.
using IntRow = std::array<int32_t, 8>;
const std::vector<IntRow>& IntRows();

// W8: a record of 8 nullable integers; about one value in ten is NULL.
struct OptionalRecord {
  std::optional<int32_t> a, b, c, d, e, f, g, h;
};
const std::vector<OptionalRecord>& OptionalRecords();

/// W9: kRows lists of kListLength elements, exactly one NULL per list, stored flat:
/// list i is elements [i * kListLength, (i + 1) * kListLength).
const std::vector<std::optional<int32_t>>& ListElements();

// W10: a C++ enum stored in ENUM columns.
enum class Venue : uint8_t {
  kXnas,
  kXnys,
  kArcx,
  kBats,
  kEdgx,
  kIexg,
  kXlon,
  kXetr,
  kXpar,
  kXams,
  kXtks,
  kXhkg
};
inline constexpr size_t kVenueCount = 12;
inline constexpr std::array<const char*, kVenueCount> kVenueLabels = {
    "XNAS", "XNYS", "ARCX", "BATS", "EDGX", "IEXG", "XLON", "XETR", "XPAR", "XAMS", "XTKS", "XHKG"};
using EnumRow = std::array<Venue, 4>;
const std::vector<EnumRow>& EnumRows();

// Q2a..Q6 (issue 10): a fact table f(id, k1000, k1m, x, small) of kFactRows rows and a
// dimension table d(id, grp) of kDimRows rows. Row i of f: id = i; k1000 and k1m a fixed
// hash of i modulo 1,000 and 1,000,000 (so k1m takes nearly all of its 1M values, in no
// order); x a multiple of 1/4 in [-500000, 500000] (every sum of up to 2^32 of them is an
// exact double, so sums do not depend on the order an engine adds in); small in [0, 99].
// Row j of d: id a permutation of 0..kDimRows-1 (an affine map, so d is not in id
// order), grp = GroupOf(id) in [0, 99].
inline constexpr size_t kFactRows = 10'000'000;
inline constexpr size_t kDimRows = 1'000'000;

struct FactRow {
  int64_t id;
  int32_t k1000;
  int32_t k1m;
  double x;
  int32_t small;
};
FactRow FactAt(size_t i);

struct DimRow {
  int32_t id;
  int32_t grp;
};
DimRow DimAt(size_t j);
int32_t GroupOf(int32_t id);

// The graph g(a, b) of RCTE (issue 12): kGraphEdges edges over kGraphNodes nodes, two out of
// each node (edges 2a and 2a + 1 leave node a) to nodes a fixed hash picks.
inline constexpr size_t kGraphEdges = 1'000'000;
inline constexpr int32_t kGraphNodes = 500'000;

struct EdgeRow {
  int32_t a;
  int32_t b;
};
EdgeRow EdgeAt(size_t j);

}  // namespace bench
