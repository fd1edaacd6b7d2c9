// The aggregates that pick one input value: min, max, any_value, first / arbitrary,
// last, and arg_min / arg_max (min_by / max_by).
//
// Each is instantiated per value kind (aggregate_helpers.hpp), so the type is
// dispatched once at bind time and the row loops are plain templates. Strings are
// copied into the state (destroy frees them): the chunk they came from is gone by the
// time the aggregate finishes. Ties keep the value seen first, and combine treats the
// target as the earlier part of the input, so first/last/arg_min stay deterministic
// for a given split of the rows.
#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::MakeAggregate;
using aggregate::SetStateLifetime;
using aggregate::StateAt;

template <typename Kind>
struct SelectState {
  typename Kind::Stored value{};
  bool has_value = false;
};

template <typename Kind>
void FinalizeSelect(data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
  for (idx_t i = 0; i < count; i++) {
    auto& s = StateAt<SelectState<Kind>>(states[i]);
    if (s.has_value) {
      Kind::Write(result, offset + i, s.value);
    } else {
      result.SetNull(offset + i);
    }
  }
}

/// True when `candidate` should replace the kept value of min (kMax false) or max.
template <typename Kind, bool kMax>
bool Better(const typename Kind::Input& candidate, const typename Kind::Stored& kept) {
  int c = Kind::Cmp(candidate, kept);
  return kMax ? c > 0 : c < 0;
}

template <typename Kind, bool kMax>
AggregateFunction MinMax(const LogicalType& type) {
  using State = SelectState<Kind>;
  auto f = MakeAggregate(kMax ? "max" : "min", {type}, type);
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      auto value = Kind::Read(input, i);
      if (!s.has_value || Better<Kind, kMax>(value, s.value)) {
        Kind::Store(s.value, value);
        s.has_value = true;
      }
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (src.has_value && (!dst.has_value || Better<Kind, kMax>(src.value, dst.value))) {
      Kind::Store(dst.value, src.value);
      dst.has_value = true;
    }
  };
  f.finalize = FinalizeSelect<Kind>;
  return f;
}

/// first / last / arbitrary keep the first (last) row's value, NULL or not (DuckDB's
/// rule); any_value (kSkipNulls) the first non-NULL one.
template <typename Kind, bool kLast, bool kSkipNulls>
AggregateFunction FirstLast(std::string name, const LogicalType& type) {
  struct State {
    typename Kind::Stored value{};
    bool has_value = false;
    bool is_null = false;  // the kept row's value is NULL
  };
  auto f = MakeAggregate(std::move(name), {type}, type);
  f.order_dependent = true;
  f.ignores_nulls = kSkipNulls;
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& input = args.data[0];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (kLast || !s.has_value) {
        s.is_null = !input.RowIsValid(i);
        if (!s.is_null) Kind::Store(s.value, Kind::Read(input, i));
        s.has_value = true;
      }
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (src.has_value && (kLast || !dst.has_value)) {
      if (!src.is_null) Kind::Store(dst.value, src.value);
      dst.is_null = src.is_null;
      dst.has_value = true;
    }
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.has_value && !s.is_null) {
        Kind::Write(result, offset + i, s.value);
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}

template <typename ValueKind, typename KeyKind>
struct ArgState {
  typename KeyKind::Stored key{};
  typename ValueKind::Stored value{};
  bool has_value = false;
  bool key_null = false;
  bool value_null = false;
};

/// Which rows arg_min / arg_max take: none with a NULL (arg_min), those with a NULL arg
/// (arg_min_null), or those with a NULL arg or val, a NULL val after every other
/// (arg_min_nulls_last).
enum class ArgNulls { kSkip, kKeepArg, kKeepAll };

/// arg_min(value, key) / arg_max: the value of the row with the least / greatest key.
template <typename ValueKind, typename KeyKind, bool kMax, ArgNulls kNulls>
AggregateFunction ArgMinMax(std::string name, const LogicalType& value_type,
                            const LogicalType& key_type) {
  using State = ArgState<ValueKind, KeyKind>;
  auto f = MakeAggregate(std::move(name), {value_type, key_type}, value_type);
  f.order_dependent = true;  // ties keep the first row's value
  f.ignores_nulls = kNulls == ArgNulls::kSkip;
  SetStateLifetime<State>(f);
  // Whether a row with this key (null or not) replaces what the state holds.
  auto replaces = [](const State& s, bool key_null, const auto& key) {
    if (!s.has_value) return true;
    if (key_null) return false;
    return s.key_null || Better<KeyKind, kMax>(key, s.key);
  };
  f.update = [replaces](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& values = args.data[0];
    const Vector& keys = args.data[1];
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      const bool key_null = kNulls != ArgNulls::kSkip && !keys.RowIsValid(i);
      if (key_null && kNulls != ArgNulls::kKeepAll) continue;
      const bool value_null = kNulls != ArgNulls::kSkip && !values.RowIsValid(i);
      typename KeyKind::Stored none{};
      if (key_null) {
        if (!replaces(s, true, none)) continue;
      } else {
        auto key = KeyKind::Read(keys, i);
        if (!replaces(s, false, key)) continue;
        KeyKind::Store(s.key, key);
      }
      if (!value_null) ValueKind::Store(s.value, ValueKind::Read(values, i));
      s.has_value = true;
      s.key_null = key_null;
      s.value_null = value_null;
    }
  };
  f.combine = [replaces](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (src.has_value && replaces(dst, src.key_null, src.key)) {
      if (!src.key_null) KeyKind::Store(dst.key, src.key);
      if (!src.value_null) ValueKind::Store(dst.value, src.value);
      dst.has_value = true;
      dst.key_null = src.key_null;
      dst.value_null = src.value_null;
    }
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.has_value && !s.value_null) {
        ValueKind::Write(result, offset + i, s.value);
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}

template <bool kMax>
void RegisterMinMax(FunctionCatalog& catalog) {
  AggregateFunctionSet set;
  set.name = kMax ? "max" : "min";
  set.resolve = [](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() == 2) return ResolveMinMaxN(kMax ? "max" : "min", kMax, arguments);
    if (arguments.size() != 1) return std::nullopt;
    LogicalType type = aggregate::OrInteger(arguments[0]);
    return aggregate::DispatchOrderedKind(
        type, [&]<typename Kind>() { return MinMax<Kind, kMax>(type); });
  };
  catalog.AddAggregateSet(std::move(set));
}

template <bool kLast, bool kSkipNulls>
void RegisterFirstLast(FunctionCatalog& catalog, const char* name) {
  AggregateFunctionSet set;
  set.name = name;
  set.resolve =
      [name](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 1) return std::nullopt;
    LogicalType type = aggregate::OrInteger(arguments[0]);
    return aggregate::DispatchCarriedKind(
        type, [&]<typename Kind>() { return FirstLast<Kind, kLast, kSkipNulls>(name, type); });
  };
  catalog.AddAggregateSet(std::move(set));
}

template <bool kMax, ArgNulls kNulls>
void RegisterArgMinMax(FunctionCatalog& catalog, const char* name) {
  AggregateFunctionSet set;
  set.name = name;
  set.resolve =
      [name](const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() == 3 && kNulls != ArgNulls::kKeepArg) {
      return ResolveArgMinMaxN(name, kMax, kNulls == ArgNulls::kKeepAll, arguments);
    }
    if (arguments.size() != 2) return std::nullopt;
    LogicalType value_type = aggregate::OrInteger(arguments[0]);
    LogicalType key_type = aggregate::OrInteger(arguments[1]);
    if constexpr (kNulls != ArgNulls::kSkip) {
      // The NULL-keeping forms carry their value as a Value: one instantiation per key
      // kind instead of one per key and value layout (they are rarely hot).
      return aggregate::DispatchOrderedKind(key_type, [&]<typename KeyKind>() {
        return ArgMinMax<aggregate::ValueKind, KeyKind, kMax, kNulls>(name, value_type, key_type);
      });
    } else {
      return aggregate::DispatchCarriedKind(value_type, [&]<typename ValueKind>() {
        return aggregate::DispatchOrderedKind(key_type, [&]<typename KeyKind>() {
          return ArgMinMax<ValueKind, KeyKind, kMax, kNulls>(name, value_type, key_type);
        });
      });
    }
  };
  catalog.AddAggregateSet(std::move(set));
}
}  // namespace

void RegisterMinMaxFunctions(FunctionCatalog& catalog) {
  RegisterMinMax<false>(catalog);
  RegisterMinMax<true>(catalog);
  RegisterFirstLast<false, true>(catalog, "any_value");
  for (const char* name : {"first", "arbitrary"}) RegisterFirstLast<false, false>(catalog, name);
  RegisterFirstLast<true, false>(catalog, "last");
  for (const char* name : {"arg_min", "argmin", "min_by"}) {
    RegisterArgMinMax<false, ArgNulls::kSkip>(catalog, name);
  }
  for (const char* name : {"arg_max", "argmax", "max_by"}) {
    RegisterArgMinMax<true, ArgNulls::kSkip>(catalog, name);
  }
  RegisterArgMinMax<false, ArgNulls::kKeepArg>(catalog, "arg_min_null");
  RegisterArgMinMax<true, ArgNulls::kKeepArg>(catalog, "arg_max_null");
  RegisterArgMinMax<false, ArgNulls::kKeepAll>(catalog, "arg_min_nulls_last");
  RegisterArgMinMax<true, ArgNulls::kKeepAll>(catalog, "arg_max_nulls_last");
}

}  // namespace teal
