// The approximate aggregates, in bounded memory per group:
//
// approx_count_distinct(x): how many distinct non-NULL values x takes (a BIGINT, 0 without
//   a row). Values are hashed as GROUP BY keys them (execution/row_key.hpp: values `=`
//   calls equal hash alike). Up to kExactHashes distinct hashes are kept and counted
//   exactly; past that the state becomes a HyperLogLog sketch (Flajolet et al.) of
//   2^kPrecision one-byte registers, whose estimate is within about 1.6% (one standard
//   error) — with the small-range correction (linear counting) while registers are empty.
//   Teal's hash is not DuckDB's: the estimates differ from DuckDB's beyond its exact range.
// approx_top_k(x, k): the k most frequent non-NULL values, most frequent first (among
//   equally frequent ones, the first seen). A Space-Saving summary (Metwally et al.) of
//   max(3k, 64) counters: exact while x takes no more distinct values than that; past it a
//   new value takes the counter of the least frequent one. k is a constant from 1 to
//   999,999.
// approx_quantile(x, q): the q-quantile (0 <= q <= 1) of a number, date, time or timestamp,
//   from a t-digest of the values (tdigest.hpp) read as doubles: exact (the Hazen quantile,
//   position q·n − ½, interpolated) up to TDigest::kBufferSize values, close beyond. The
//   result has x's type (integers rounded to nearest; TIMETZ in UTC, as avg gives it).
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "common/hash.hpp"
#include "execution/row_key.hpp"
#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "function/aggregate/tdigest.hpp"
#include "types/time.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

constexpr unsigned kPrecision = 12;  // 4,096 registers
constexpr idx_t kRegisters = idx_t{1} << kPrecision;
constexpr idx_t kExactHashes = 512;  // 4 KiB of hashes: the sketch's size

struct DistinctState {
  aggregate::AccountedVector<uint64_t> hashes;    // the distinct hashes, until the sketch
  aggregate::AccountedVector<uint8_t> registers;  // the sketch (empty until it is made)

  void AddToSketch(uint64_t hash) {
    const idx_t slot = hash >> (64 - kPrecision);
    // The rank: the position of the first 1 bit in the rest of the hash (1-based).
    const uint64_t rest = hash << kPrecision;
    const auto rank =
        static_cast<uint8_t>(rest == 0 ? 64 - kPrecision + 1 : std::countl_zero(rest) + 1);
    registers[slot] = std::max(registers[slot], rank);
  }
  void MakeSketch() {
    registers.assign(kRegisters, 0);
    for (uint64_t hash : hashes) AddToSketch(hash);
    hashes.clear();
    hashes.shrink_to_fit();
  }
  void Add(uint64_t hash) {
    if (!registers.empty()) return AddToSketch(hash);
    if (std::find(hashes.begin(), hashes.end(), hash) != hashes.end()) return;
    hashes.push_back(hash);
    if (hashes.size() > kExactHashes) MakeSketch();
  }
  int64_t Estimate() const {
    if (registers.empty()) return static_cast<int64_t>(hashes.size());
    const double m = static_cast<double>(kRegisters);
    double sum = 0;
    idx_t empty = 0;
    for (uint8_t r : registers) {
      sum += std::ldexp(1.0, -r);
      empty += r == 0;
    }
    const double alpha = 0.7213 / (1 + 1.079 / m);
    double estimate = alpha * m * m / sum;
    if (estimate <= 2.5 * m && empty > 0) {
      estimate = m * std::log(m / static_cast<double>(empty));  // linear counting
    }
    return static_cast<int64_t>(std::llround(estimate));
  }
};

AggregateFunction ApproxCountDistinct(const LogicalType& type) {
  auto f = aggregate::MakeAggregate("approx_count_distinct", {type}, TypeId::kBigInt);
  aggregate::SetStateLifetime<DistinctState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    std::string key;
    for (idx_t i = 0; i < count; i++) {
      key.clear();
      EncodeKey(args.data[0], i, key);
      StateAt<DistinctState>(states[i]).Add(HashBytes(key.data(), key.size()));
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<DistinctState>(source);
    auto& dst = StateAt<DistinctState>(target);
    if (!src.registers.empty()) {
      if (dst.registers.empty()) dst.MakeSketch();
      for (idx_t r = 0; r < kRegisters; r++) {
        dst.registers[r] = std::max(dst.registers[r], src.registers[r]);
      }
      return;
    }
    for (uint64_t hash : src.hashes) dst.Add(hash);
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) {
      out[offset + i] = StateAt<DistinctState>(states[i]).Estimate();
    }
  };
  return f;
}

struct TopKCounter {
  Value value;  // the first row with the key
  int64_t count = 0;
  int64_t first = 0;  // its arrival number
};

struct TopKState {
  std::unordered_map<std::string, TopKCounter> counters;  // by GROUP BY key encoding
  int64_t k = 0;                                          // 0 until the first row
  int64_t rows = 0;

  idx_t Capacity() const { return static_cast<idx_t>(std::max<int64_t>(3 * k, 64)); }
  /// Counts `weight` rows of `key` (value `value`, first seen at `first`).
  void Add(std::string&& key, const std::function<Value()>& value, int64_t weight, int64_t first) {
    auto found = counters.find(key);
    if (found != counters.end()) {
      found->second.count += weight;
      found->second.first = std::min(found->second.first, first);
      return;
    }
    int64_t inherited = 0;
    if (counters.size() >= Capacity()) {
      // Space-Saving: the least frequent counter (the last seen among equals) goes, and the
      // new value inherits its count as its possible overcount.
      auto least = counters.begin();
      for (auto it = counters.begin(); it != counters.end(); ++it) {
        if (it->second.count < least->second.count ||
            (it->second.count == least->second.count && it->second.first > least->second.first)) {
          least = it;
        }
      }
      inherited = least->second.count;
      counters.erase(least);
    }
    counters.emplace(std::move(key), TopKCounter{value(), inherited + weight, first});
  }
};

AggregateFunction ApproxTopK(const LogicalType& type) {
  auto f =
      aggregate::MakeAggregate("approx_top_k", {type, TypeId::kBigInt}, LogicalType::List(type));
  aggregate::SetStateLifetime<TopKState>(f);
  f.ignores_nulls = false;   // k must be seen to be refused when NULL
  f.order_dependent = true;  // equally frequent values: the first seen first
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<TopKState>(states[i]);
      if (s.k == 0) s.k = aggregate::ReadCountArgument(args.data[1], i, "approx_top_k", "k");
      if (!input.RowIsValid(i)) continue;
      std::string key;
      EncodeKey(input, i, key);
      s.Add(
          std::move(key), [&] { return input.GetValue(i); }, 1, s.rows++);
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<TopKState>(source);
    auto& dst = StateAt<TopKState>(target);
    if (dst.k == 0) dst.k = src.k;
    for (auto& entry : src.counters) {
      const TopKCounter& counter = entry.second;
      dst.Add(
          std::string(entry.first), [&counter] { return counter.value; }, counter.count,
          dst.rows + counter.first);
    }
    dst.rows += src.rows;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<TopKState>(states[i]);
      if (s.counters.empty()) {
        aggregate::WriteNullListRow(result, offset + i);
        continue;
      }
      std::vector<const TopKCounter*> order;
      for (const auto& [key, counter] : s.counters) order.push_back(&counter);
      std::sort(order.begin(), order.end(), [](const TopKCounter* a, const TopKCounter* b) {
        return a->count != b->count ? a->count > b->count : a->first < b->first;
      });
      order.resize(std::min<idx_t>(order.size(), static_cast<idx_t>(s.k)));
      aggregate::WriteListRow(
          result, offset + i, order.size(),
          [&](Vector& child, idx_t at, idx_t k) { child.SetValue(at, order[k]->value); });
    }
  };
  return f;
}

struct QuantileDigest {
  TDigest digest;
  int64_t numbers = 0;  // the values in the digest
  int64_t nans = 0;     // NaN: above every number, as Teal orders them
  double q = 0.5;
  bool has_q = false;
};

/// How approx_quantile reads a value of its type as a double, and writes one back.
struct DigestType {
  /// Reads rows [0, count) of `input` into `out` (NULL rows are left alone).
  std::function<void(const Vector& input, idx_t count, std::vector<double>& out)> read;
  std::function<Value(double)> write;
};

template <typename T>
void ReadAsDouble(const Vector& input, idx_t count, std::vector<double>& out) {
  const T* values = input.Values<T>();
  for (idx_t i = 0; i < count; i++)
    out[i] = static_cast<double>(values[input.IsConstant() ? 0 : i]);
}

std::optional<DigestType> DigestTypeOf(const LogicalType& type) {
  const auto rounded = [](double d) { return static_cast<int64_t>(std::llround(d)); };
  switch (type.Id()) {
    case TypeId::kDate:
      return DigestType{ReadAsDouble<int32_t>, [rounded](double d) {
                          return Value::Date(date_t{static_cast<int32_t>(rounded(d))});
                        }};
    case TypeId::kTime:
      return DigestType{ReadAsDouble<int64_t>,
                        [rounded](double d) { return Value::Time(dtime_t{rounded(d)}); }};
    case TypeId::kTimeTz:
      return DigestType{
          [](const Vector& input, idx_t count, std::vector<double>& out) {
            const auto* values = input.Values<dtime_tz_t>();
            for (idx_t i = 0; i < count; i++) {
              out[i] = static_cast<double>(TimeTz::UtcMicros(values[input.IsConstant() ? 0 : i]));
            }
          },
          [rounded](double d) {
            constexpr int64_t kDay = int64_t{24} * 60 * 60 * 1000000;
            return Value::TimeTz(TimeTz::Encode(((rounded(d) % kDay) + kDay) % kDay, 0));
          }};
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
      return DigestType{ReadAsDouble<int64_t>, [rounded, id = type.Id()](double d) {
                          const int64_t v = rounded(d);
                          switch (id) {
                            case TypeId::kTimestampS:
                              return Value::TimestampS(timestamp_sec_t{v});
                            case TypeId::kTimestampMs:
                              return Value::TimestampMs(timestamp_ms_t{v});
                            case TypeId::kTimestampNs:
                              return Value::TimestampNs(timestamp_ns_t{v});
                            case TypeId::kTimestampTz:
                              return Value::TimestampTz(timestamp_tz_t{v});
                            default:
                              return Value::Timestamp(timestamp_t{v});
                          }
                        }};
    default:
      break;
  }
  if (!type.IsNumeric()) return std::nullopt;
  return DigestType{[](const Vector& input, idx_t count, std::vector<double>& out) {
                      Vector doubles(LogicalType(TypeId::kDouble), count);
                      CastVector(input, doubles, count);
                      for (idx_t i = 0; i < count; i++) {
                        out[i] = doubles.Values<double>()[doubles.IsConstant() ? 0 : i];
                      }
                    },
                    [type](double d) {
                      // Rounding at the type's edge (BIGINT's largest is not a double) may
                      // step past it: step back toward zero.
                      Value result;
                      Value as_double = Value::Double(d);
                      for (int step = 0; !as_double.TryCastAs(type, result) && step < 64; step++) {
                        as_double = Value::Double(d = std::nextafter(d, 0.0));
                      }
                      return result;
                    }};
}

AggregateFunction ApproxQuantile(const LogicalType& type, DigestType as) {
  auto f = aggregate::MakeAggregate("approx_quantile", {type, TypeId::kDouble}, type);
  aggregate::SetStateLifetime<QuantileDigest>(f);
  f.update = [read = as.read](const DataChunk& args, data_ptr_t* states, idx_t count) {
    std::vector<double> values(count);
    read(args.data[0], count, values);
    const Vector& quantiles = args.data[1];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<QuantileDigest>(states[i]);
      if (!s.has_q) {
        // settled by Binder::RewriteQuantile, but a parameter arrives here unchecked
        const double q = quantiles.Values<double>()[quantiles.IsConstant() ? 0 : i];
        if (!quantiles.RowIsValid(i) || !(q >= 0 && q <= 1)) {
          throw InvalidInputError("approx_quantile takes a quantile from 0 to 1");
        }
        s.q = q;
        s.has_q = true;
      }
      if (std::isnan(values[i])) {
        s.nans++;
      } else {
        s.digest.Add(values[i]);
        s.numbers++;
      }
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<QuantileDigest>(source);
    auto& dst = StateAt<QuantileDigest>(target);
    if (!dst.has_q && src.has_q) {
      dst.q = src.q;
      dst.has_q = true;
    }
    dst.digest.Merge(src.digest);
    dst.numbers += src.numbers;
    dst.nans += src.nans;
  };
  f.finalize = [write = as.write](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<QuantileDigest>(states[i]);
      if (s.numbers + s.nans == 0) {
        result.SetNull(offset + i);
        continue;
      }
      // The numbers take the first places, the NaNs the last ones.
      const double place = s.q * static_cast<double>(s.numbers + s.nans);
      const double numbers = static_cast<double>(s.numbers);
      result.SetValue(offset + i, place > numbers || s.numbers == 0
                                      ? write(std::numeric_limits<double>::quiet_NaN())
                                      : write(s.digest.Quantile(place / numbers)));
    }
  };
  return f;
}

}  // namespace

void RegisterApproximateFunctions(FunctionCatalog& catalog) {
  AggregateFunctionSet distinct;
  distinct.name = "approx_count_distinct";
  distinct.resolve =
      [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 1) return std::nullopt;
    return ApproxCountDistinct(aggregate::OrInteger(arguments[0]));
  };
  catalog.AddAggregateSet(std::move(distinct));
  AggregateFunctionSet top;
  top.name = "approx_top_k";
  top.resolve = [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 2) return std::nullopt;
    if (!arguments[1].IsNumeric() && arguments[1].Id() != TypeId::kSqlNull) return std::nullopt;
    return ApproxTopK(aggregate::OrInteger(arguments[0]));
  };
  catalog.AddAggregateSet(std::move(top));
  AggregateFunctionSet quantile;
  quantile.name = "approx_quantile";
  quantile.resolve =
      [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 2) return std::nullopt;
    const LogicalType type = aggregate::OrInteger(arguments[0]);
    auto as = DigestTypeOf(type);
    if (!as) {
      throw BinderError(
          fmt::format("approx_quantile needs a number, a date, a time or a timestamp, not {}",
                      type.ToString()));
    }
    return ApproxQuantile(type, std::move(*as));
  };
  catalog.AddAggregateSet(std::move(quantile));
}

}  // namespace teal
