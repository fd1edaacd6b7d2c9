// mode(x): the most frequent non-NULL value; among equally frequent values, the one
// seen first (DuckDB's rule), so the result does not depend on hash order. histogram(x):
// every non-NULL value with its count, as a MAP in the values' order (NULL when there is
// none; histogram(x, bins) is binned_histogram.cpp's). entropy(x): the Shannon entropy, in bits, of
// the non-NULL values' frequencies (0 when there is none).
//
// The state is an ordered map from value to (count, first position) using the SQL
// ordering of the type, so values SQL calls equal ('1 month' and '30 days', NaN and NaN)
// count together. Positions in a combined source continue after the target's rows:
// combine treats the target as the earlier part of the input.
//
// kModeByKey and kHistogramByKey (function/collation.hpp): mode and histogram of a collated
// text, over row(collated key, value): counted by the key, each key giving its first value.
#include <cmath>
#include <map>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "function/collation.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

template <typename Kind>
struct KindLess {
  bool operator()(const typename Kind::Stored& a, const typename Kind::Stored& b) const {
    return Kind::Cmp(a, b) < 0;
  }
};

struct ModeEntry {
  int64_t count = 0;
  int64_t first = 0;  // position of the value's first row
};

template <typename Kind>
struct ModeState {
  std::map<typename Kind::Stored, ModeEntry, KindLess<Kind>> counts;
  int64_t rows = 0;
};

/// `value` is the type written: the input's, or a KeyedKind's value field.
template <typename Kind>
AggregateFunction Mode(const LogicalType& type, const LogicalType& value) {
  using State = ModeState<Kind>;
  auto f = aggregate::MakeAggregate("mode", {type}, value);
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      typename Kind::Stored key{};
      Kind::Store(key, Kind::Read(input, i));
      auto [it, inserted] = s.counts.try_emplace(std::move(key), ModeEntry{0, s.rows});
      it->second.count++;
      s.rows++;
    }
  };
  f.order_dependent = true;
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    for (const auto& [key, entry] : src.counts) {
      auto [it, inserted] = dst.counts.try_emplace(key, ModeEntry{0, dst.rows + entry.first});
      it->second.count += entry.count;
    }
    dst.rows += src.rows;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      const typename Kind::Stored* best = nullptr;
      ModeEntry best_entry;
      for (const auto& [key, entry] : s.counts) {
        if (!best || entry.count > best_entry.count ||
            (entry.count == best_entry.count && entry.first < best_entry.first)) {
          best = &key;
          best_entry = entry;
        }
      }
      if (best) {
        Kind::Write(result, offset + i, *best);
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}
/// row(key, value) compared by its key alone: the mode of a collated text (kModeByKey).
struct KeyedKind {
  using Stored = Value;
  using Input = Value;
  static Input Read(const Vector& v, idx_t row) { return v.GetValue(row); }
  static void Store(Stored& dst, const Input& src) { dst = src; }
  static int Cmp(const Input& a, const Stored& b) {
    return CompareValues(a.GetStruct()[0], b.GetStruct()[0]);
  }
  /// The value, not the key.
  static void Write(Vector& result, idx_t row, const Stored& v) {
    result.SetValue(row, v.GetStruct()[1]);
  }
};

/// `value` is the type written: the input's, or a KeyedKind's value field.
template <typename Kind>
AggregateFunction Histogram(const LogicalType& type, const LogicalType& value) {
  using State = ModeState<Kind>;
  auto f = aggregate::MakeAggregate("histogram", {type},
                                    LogicalType::Map(value, LogicalType(TypeId::kUBigInt)));
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      typename Kind::Stored key{};
      Kind::Store(key, Kind::Read(input, i));
      s.counts[std::move(key)].count++;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& dst = StateAt<State>(target);
    for (const auto& [key, entry] : StateAt<State>(source).counts) {
      dst.counts[key].count += entry.count;
    }
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.counts.empty()) {
        aggregate::WriteNullListRow(result, offset + i);
        continue;
      }
      auto next = s.counts.begin();
      aggregate::WriteListRow(
          result, offset + i, s.counts.size(), [&](Vector& pairs, idx_t at, idx_t) {
            pairs.SetNull(at, false);
            Kind::Write(pairs.StructChild(0), at, next->first);
            pairs.StructChild(1).Values<uint64_t>()[at] = static_cast<uint64_t>(next->second.count);
            ++next;
          });
    }
  };
  return f;
}
template <typename Kind>
AggregateFunction Entropy(const LogicalType& type) {
  using State = ModeState<Kind>;
  AggregateFunction f = Histogram<Kind>(type, type);
  f.name = "entropy";
  f.return_type = LogicalType(TypeId::kDouble);
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      int64_t total = 0;
      for (const auto& [key, entry] : s.counts) total += entry.count;
      double bits = 0;
      for (const auto& [key, entry] : s.counts) {
        const double p = static_cast<double>(entry.count) / static_cast<double>(total);
        bits -= p * std::log2(p);
      }
      result.SetNull(offset + i, false);
      out[offset + i] = bits;
    }
  };
  return f;
}

/// Adds the one-argument aggregate `name` over the values' counts: `make` is called with
/// the ordered kind of the argument's type (Mode, Histogram or Entropy).
void AddValueCounts(FunctionCatalog& catalog, const char* name, auto make) {
  AggregateFunctionSet set;
  set.name = name;
  set.resolve =
      [make, name](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    // histogram(x, bins): binned_histogram.cpp.
    if (std::string_view(name) == "histogram" && arguments.size() == 2) {
      return ResolveBinnedHistogram(arguments, false);
    }
    if (arguments.size() != 1) return std::nullopt;
    LogicalType type = aggregate::OrInteger(arguments[0]);
    return aggregate::DispatchOrderedKind(
        type, [&]<typename Kind>() { return make.template operator()<Kind>(type); });
  };
  catalog.AddAggregateSet(std::move(set));
}
}  // namespace

void RegisterModeFunctions(FunctionCatalog& catalog) {
  AddValueCounts(catalog, "entropy",
                 []<typename Kind>(const LogicalType& type) { return Entropy<Kind>(type); });
  AddValueCounts(catalog, "histogram", []<typename Kind>(const LogicalType& type) {
    return Histogram<Kind>(type, type);
  });
  AddValueCounts(catalog, "mode",
                 []<typename Kind>(const LogicalType& type) { return Mode<Kind>(type, type); });
  // Over row(collated key, value): counted by the key, the value written.
  const auto keyed = [&catalog](const char* name, auto make) {
    AggregateFunctionSet set;
    set.name = name;
    set.resolve =
        [make](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
      if (arguments.size() != 1 || arguments[0].Id() != TypeId::kStruct ||
          arguments[0].StructFields().size() != 2) {
        return std::nullopt;
      }
      return make(arguments[0], arguments[0].StructFields()[1].second);
    };
    catalog.AddAggregateSet(std::move(set));
  };
  keyed(kModeByKey, [](const LogicalType& type, const LogicalType& value) {
    return Mode<KeyedKind>(type, value);
  });
  keyed(kHistogramByKey, [](const LogicalType& type, const LogicalType& value) {
    return Histogram<KeyedKind>(type, value);
  });
}

}  // namespace teal
