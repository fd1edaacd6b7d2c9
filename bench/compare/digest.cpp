// bench/compare/digest.cpp — value hashes, Digest, and the expected digest per workload.
#include "digest.hpp"

#include <bit>
#include <map>

#include "data.hpp"
#include "harness.hpp"

namespace bench {
namespace {

/// The splitmix64 finalizer: every input bit moves every output bit.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace

uint64_t HashInt(int64_t v) { return Mix(static_cast<uint64_t>(v) + 0x9E3779B97F4A7C15ull); }
uint64_t HashDouble(double v) { return Mix(std::bit_cast<uint64_t>(v) ^ 0xD1B54A32D192ED03ull); }
uint64_t HashString(std::string_view s) {
  uint64_t h = 0xCBF29CE484222325ull;  // FNV-1a, then mixed with the length
  for (unsigned char c : s) h = (h ^ c) * 0x100000001B3ull;
  return Mix(h ^ (s.size() << 1));
}
uint64_t HashNull() { return 0x4E554C4C4E554C4Cull; }  // "NULLNULL"

void ListHash::Add(uint64_t element_hash) { h_ = Mix(h_ ^ (element_hash + ++n_)); }
uint64_t ListHash::Get() const { return Mix(h_ + n_); }

void Digest::Add(size_t column, uint64_t value_hash) {
  columns_[column] += value_hash;
  row_ += Mix(value_hash + (column + 1) * 0x9E3779B97F4A7C15ull);  // position-aware
}

void Digest::EndRow() {
  row_sum_ += Mix(row_);
  row_ = 0;
  rows_++;
}

void Digest::CheckEquals(const std::string& what, const Digest& want,
                         const std::vector<std::string>& names) const {
  Check(what + ": rows", rows_, want.rows_);
  bool columns_ok = true;
  for (size_t c = 0; c < columns_.size(); c++) {
    if (columns_[c] != want.columns_[c]) columns_ok = false;
    Check(what + ": hash of column " + names[c] + "'s values", columns_[c], want.columns_[c]);
  }
  // With every column right, a different row hash means values sit in the wrong rows.
  if (columns_ok && rows_ == want.rows_) {
    Check(what + ": hash of whole rows (values in the wrong row)", row_sum_, want.row_sum_);
  }
}

namespace {

Digest Numeric() {
  Digest d(8);
  for (const NumericRow& r : NumericRows()) {
    d.Add(0, HashInt(r.i8));
    d.Add(1, HashInt(r.i16));
    d.Add(2, HashInt(r.i32));
    d.Add(3, HashInt(r.i64));
    d.Add(4, HashInt(r.u8));
    d.Add(5, HashInt(r.u16));
    d.Add(6, HashDouble(r.f32));
    d.Add(7, HashDouble(r.f64));
    d.EndRow();
  }
  return d;
}

template <typename Rows>
Digest Temporal(const Rows& rows) {
  Digest d(4);
  for (const auto& r : rows) {
    for (size_t c = 0; c < 4; c++) d.Add(c, HashInt(r[c].time_since_epoch().count()));
    d.EndRow();
  }
  return d;
}

Digest StringDigest(StringKind kind) {
  const StringTable& t = Strings(kind);
  Digest d(4);
  for (size_t i = 0; i < kStringRows; i++) {
    for (size_t c = 0; c < 4; c++) d.Add(c, HashString(t.At(i, c)));
    d.EndRow();
  }
  return d;
}

Digest Optional() {
  Digest d(8);
  for (const OptionalRecord& r : OptionalRecords()) {
    size_t c = 0;
    for (const auto* m : {&r.a, &r.b, &r.c, &r.d, &r.e, &r.f, &r.g, &r.h}) {
      d.Add(c++, *m ? HashInt(**m) : HashNull());
    }
    d.EndRow();
  }
  return d;
}

Digest Lists() {
  const auto& elements = ListElements();
  Digest d(1);
  for (size_t i = 0; i < kRows; i++) {
    ListHash h;
    for (size_t j = 0; j < kListLength; j++) {
      const auto& e = elements[i * kListLength + j];
      h.Add(e ? HashInt(*e) : HashNull());
    }
    d.Add(0, h.Get());
    d.EndRow();
  }
  return d;
}

Digest Enums() {
  Digest d(4);
  for (const EnumRow& r : EnumRows()) {
    for (size_t c = 0; c < 4; c++) d.Add(c, HashInt(static_cast<int64_t>(r[c])));
    d.EndRow();
  }
  return d;
}

Digest Compute(const std::string& w) {
  if (w == "W1") return Numeric();
  if (w == "W2-ts" || w == "W2-tstz") return Temporal(TimestampRows());
  if (w == "W2-date") return Temporal(DateRows());
  if (w == "W3-short") return StringDigest(StringKind::kShort);
  if (w == "W3-long") return StringDigest(StringKind::kLong);
  if (w == "W3-georgian") return StringDigest(StringKind::kGeorgian);
  if (w == "W8") return Optional();
  if (w == "W9") return Lists();
  if (w == "W10") return Enums();
  return Digest(0);
}

}  // namespace

const Digest& ExpectedDigest(const std::string& workload) {
  static std::map<std::string, Digest> cache;
  auto it = cache.find(workload);
  if (it == cache.end()) it = cache.emplace(workload, Compute(workload)).first;
  return it->second;
}

const std::vector<std::string>& DigestColumns(const std::string& workload) {
  static const std::vector<std::string> c8 = {"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"};
  static const std::vector<std::string> c4 = {"c1", "c2", "c3", "c4"};
  static const std::vector<std::string> w8 = {"a", "b", "c", "d", "e", "f", "g", "h"};
  static const std::vector<std::string> w9 = {"l"};
  if (workload == "W1") return c8;
  if (workload == "W8") return w8;
  if (workload == "W9") return w9;
  return c4;
}

}  // namespace bench
