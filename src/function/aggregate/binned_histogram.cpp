// histogram(x, bins) and histogram_exact(x, bins) (DuckDB's): a MAP from each bin boundary to
// the number of values that fall in it — for histogram the values above the previous
// boundary up to and including this one, for histogram_exact those equal to it — and, when
// some value falls in none, one more entry under the "other" bin: a value of x's type no bin
// can be (the type's largest number, infinity, '', [] or a STRUCT of NULLs), which
// is_histogram_other_bin(v) recognises. The bins are the first row's list, sorted and
// without repeats; a NULL list or a NULL entry in it is an error. NULL values are not
// counted.
#include <algorithm>
#include <limits>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/decimal.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

template <typename Kind>
struct BinnedState {
  bool has_bins = false;
  std::vector<typename Kind::Stored> bins;  // sorted, distinct
  std::vector<uint64_t> counts;             // by bin, then the other bin
};

/// The other bin's key for `type`: a value beyond every bin, or NULL where the type has none
/// (histogram then names no other bin).
Value OtherBin(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kTinyInt:
      return Value::TinyInt(std::numeric_limits<int8_t>::max());
    case TypeId::kSmallInt:
      return Value::SmallInt(std::numeric_limits<int16_t>::max());
    case TypeId::kInteger:
      return Value::Integer(std::numeric_limits<int32_t>::max());
    case TypeId::kBigInt:
      return Value::BigInt(std::numeric_limits<int64_t>::max());
    case TypeId::kHugeInt:
      return Value::HugeInt(hugeint_t(std::numeric_limits<int128>::max()));
    case TypeId::kUTinyInt:
      return Value::UTinyInt(std::numeric_limits<uint8_t>::max());
    case TypeId::kUSmallInt:
      return Value::USmallInt(std::numeric_limits<uint16_t>::max());
    case TypeId::kUInteger:
      return Value::UInteger(std::numeric_limits<uint32_t>::max());
    case TypeId::kUBigInt:
      return Value::UBigInt(std::numeric_limits<uint64_t>::max());
    case TypeId::kUHugeInt:
      return Value::UHugeInt(uhugeint_t(std::numeric_limits<uint128>::max()));
    case TypeId::kFloat:
      return Value::Float(std::numeric_limits<float>::infinity());
    case TypeId::kDouble:
      return Value::Double(std::numeric_limits<double>::infinity());
    case TypeId::kDecimal:
      return Value::Decimal(kPowersOfTen[type.DecimalWidth()] - 1, type.DecimalWidth(),
                            type.DecimalScale());
    case TypeId::kDate:
      return Value::Date(date_t::Infinity());
    case TypeId::kTimestamp:
      return Value::Timestamp(timestamp_t::Infinity());
    case TypeId::kTimestampS:
      return Value::TimestampS(timestamp_sec_t::Infinity());
    case TypeId::kTimestampMs:
      return Value::TimestampMs(timestamp_ms_t::Infinity());
    case TypeId::kTimestampNs:
      return Value::TimestampNs(timestamp_ns_t::Infinity());
    case TypeId::kTimestampTz:
      return Value::TimestampTz(timestamp_tz_t::Infinity());
    case TypeId::kVarchar:
      return Value::Varchar("");
    case TypeId::kBlob:
      return Value::Blob("");
    case TypeId::kList:
      return Value::List(type.ListChild(), {});
    case TypeId::kStruct: {
      // DuckDB's: a STRUCT whose every field is NULL.
      std::vector<Value> fields;
      for (const auto& field : type.StructFields()) fields.emplace_back(field.second);
      return Value::Struct(type, std::move(fields));
    }
    default:
      return Value(type);
  }
}

template <typename Kind>
AggregateFunction BinnedHistogram(const LogicalType& type, bool exact) {
  using State = BinnedState<Kind>;
  const char* name = exact ? "histogram_exact" : "histogram";
  auto f = aggregate::MakeAggregate(name, {type, LogicalType::List(type)},
                                    LogicalType::Map(type, LogicalType(TypeId::kUBigInt)));
  aggregate::SetStateLifetime<State>(f);
  f.ignores_nulls = false;  // a NULL bin list is an error, not a skipped row
  f.update = [exact](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    const Vector& lists = args.data[1];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (!s.has_bins) {
        if (!lists.RowIsValid(i)) throw InvalidInputError("Histogram bin list cannot be NULL");
        const list_entry_t e = lists.Values<list_entry_t>()[i];
        const Vector& child = lists.ListChild();
        for (uint64_t k = 0; k < e.length; k++) {
          if (!child.RowIsValid(e.offset + k)) {
            throw InvalidInputError("Histogram bin entry cannot be NULL");
          }
          typename Kind::Stored bin{};
          Kind::Store(bin, Kind::Read(child, e.offset + k));
          s.bins.push_back(std::move(bin));
        }
        auto less = [](const auto& a, const auto& b) { return Kind::Cmp(a, b) < 0; };
        auto same = [](const auto& a, const auto& b) { return Kind::Cmp(a, b) == 0; };
        std::sort(s.bins.begin(), s.bins.end(), less);
        s.bins.erase(std::unique(s.bins.begin(), s.bins.end(), same), s.bins.end());
        s.counts.assign(s.bins.size() + 1, 0);
        s.has_bins = true;
      }
      if (!input.RowIsValid(i)) continue;
      const auto value = Kind::Read(input, i);
      // The first bin not below the value: the value's bin, or (exact) only when equal.
      auto at = std::partition_point(s.bins.begin(), s.bins.end(),
                                     [&](const auto& bin) { return Kind::Cmp(value, bin) > 0; });
      if (exact && at != s.bins.end() && Kind::Cmp(value, *at) != 0) at = s.bins.end();
      s.counts[static_cast<size_t>(at - s.bins.begin())]++;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!src.has_bins) return;
    if (!dst.has_bins) {
      dst = src;
      return;
    }
    for (size_t k = 0; k < dst.counts.size() && k < src.counts.size(); k++) {
      dst.counts[k] += src.counts[k];
    }
  };
  f.finalize = [type](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    const Value other = OtherBin(type);
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (!s.has_bins) {
        aggregate::WriteNullListRow(result, offset + i);
        continue;
      }
      const bool with_other = s.counts.back() > 0;
      aggregate::WriteListRow(result, offset + i, s.bins.size() + (with_other ? 1 : 0),
                              [&](Vector& pairs, idx_t at, idx_t k) {
                                pairs.SetNull(at, false);
                                if (k < s.bins.size()) {
                                  Kind::Write(pairs.StructChild(0), at, s.bins[k]);
                                } else {
                                  pairs.StructChild(0).SetValue(at, other);
                                }
                                pairs.StructChild(1).Values<uint64_t>()[at] = s.counts[k];
                              });
    }
  };
  return f;
}

}  // namespace

std::optional<AggregateFunction> ResolveBinnedHistogram(const std::vector<LogicalType>& arguments,
                                                        bool exact) {
  if (arguments.size() != 2) return std::nullopt;
  const TypeId bins = arguments[1].Id();
  if (bins != TypeId::kList && bins != TypeId::kArray && bins != TypeId::kSqlNull) {
    return std::nullopt;  // the catalog's "No function matches"
  }
  const LogicalType type = aggregate::OrInteger(arguments[0]);
  return aggregate::DispatchOrderedKind(
      type, [&]<typename Kind>() { return BinnedHistogram<Kind>(type, exact); });
}

void RegisterBinnedHistogramFunctions(FunctionCatalog& catalog) {
  AggregateFunctionSet exact;
  exact.name = "histogram_exact";
  exact.resolve = [](const std::vector<LogicalType>& arguments) {
    return ResolveBinnedHistogram(arguments, true);
  };
  catalog.AddAggregateSet(std::move(exact));
  // is_histogram_other_bin(v): whether v is its type's other bin.
  ScalarFunctionSet other;
  other.name = "is_histogram_other_bin";
  other.resolve = [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.size() != 1) return std::nullopt;
    const LogicalType type =
        types[0].Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : types[0];
    ScalarFunction f = scalar::MakeFunction(
        "is_histogram_other_bin", {type}, TypeId::kBoolean,
        [type](const DataChunk& args, Vector& result, idx_t count) {
          const Value bin = OtherBin(type);
          for (idx_t i = 0; i < count; i++) {
            if (!result.RowIsValid(i)) continue;
            result.Values<bool>()[i] =
                !bin.IsNull() && CompareValues(args.data[0].GetValue(i), bin) == 0;
          }
        });
    return f;
  };
  catalog.AddScalarSet(std::move(other));
}

}  // namespace teal
