// sum(x) and product(x).
//
// sum of any integer type is HUGEINT, as in DuckDB: a 128-bit accumulator cannot overflow
// from 64-bit inputs in any realistic row count, so only HUGEINT inputs need checked
// additions; sum(UHUGEINT) is UHUGEINT (exact, where DuckDB's is a DOUBLE). sum(DECIMAL(w, s)) is
// DECIMAL(38, s), failing when the total needs more than 38 digits; FLOAT/DOUBLE sum into DOUBLE;
// INTERVAL sums field by field; BIGNUM into BIGNUM. product(x) multiplies DOUBLEs. fsum / sumkahan
// / kahan_sum and favg add DOUBLEs with Neumaier's compensation (DuckDB's names).
#include <cmath>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"
#include "types/bignum.hpp"
#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"
#include "types/interval.hpp"

namespace teal {

namespace {
using aggregate::MakeAggregate;
using aggregate::SetStateLifetime;
using aggregate::StateAt;

struct Int128SumState {
  int128 sum = 0;
  bool has_value = false;
};

[[noreturn]] void ThrowSumOverflow(std::string_view what) {
  throw OutOfRangeError(fmt::format("Overflow in sum({}): the total does not fit {}", what,
                                    what == "DECIMAL" ? "38 digits" : "HUGEINT"));
}

/// Adds with a check, needed only when inputs may be 128 bits wide (and in combine).
inline void AddChecked(Int128SumState& s, int128 v, std::string_view what) {
  if (!TryAddInt128(s.sum, v, s.sum)) ThrowSumOverflow(what);
  s.has_value = true;
}

/// sum over an integer or DECIMAL layout T into an int128. `kDecimal` only changes the
/// overflow check in finalize and the error text.
template <typename T, bool kDecimal>
AggregateFunction Int128Sum(const LogicalType& input, LogicalType result) {
  auto f = MakeAggregate("sum", {input}, std::move(result));
  SetStateLifetime<Int128SumState>(f);
  static constexpr std::string_view what = kDecimal ? "DECIMAL" : "HUGEINT";
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<Int128SumState>(states[i]);
      if constexpr (sizeof(T) > 8) {
        // (UHUGEINT has its own sum, UHugeIntSum; this keeps the layout generic.)
        auto v = ToNative(in[i]);
        if (!IntegerInRange<int128>(v)) ThrowSumOverflow(what);
        AddChecked(s, static_cast<int128>(v), what);
      } else {
        s.sum += static_cast<int128>(in[i]);
        s.has_value = true;
      }
    }
  };
  if constexpr (sizeof(T) <= 8) {
    // One state: add in a native accumulator (64 bits hold 2^32 values of 32 bits; wider
    // inputs need 128), then once into the state.
    f.simple_update = [](const DataChunk& args, data_ptr_t state, idx_t count) {
      const Vector& v = args.data[0];
      const T* in = v.Values<T>();
      using Acc = std::conditional_t<(sizeof(T) <= 4), int64_t, int128>;
      Acc acc = 0;
      bool any = false;
      if (v.Validity().AllValid()) {
        for (idx_t i = 0; i < count; i++) acc += static_cast<Acc>(in[i]);
        any = count > 0;
      } else {
        for (idx_t i = 0; i < count; i++) {
          if (!v.RowIsValid(i)) continue;
          acc += static_cast<Acc>(in[i]);
          any = true;
        }
      }
      auto& s = StateAt<Int128SumState>(state);
      s.sum += static_cast<int128>(acc);
      s.has_value = s.has_value || any;
    };
  }
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<Int128SumState>(source);
    if (src.has_value) AddChecked(StateAt<Int128SumState>(target), src.sum, what);
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<hugeint_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<Int128SumState>(states[i]);
      if (!s.has_value) {
        result.SetNull(offset + i);
        continue;
      }
      if (kDecimal && !DecimalFitsWidth(s.sum, kMaxDecimalDigits)) ThrowSumOverflow(what);
      out[offset + i] = hugeint_t(s.sum);
    }
  };
  return f;
}

template <typename Value>
struct PlainState {
  Value value{};
  bool has_value = false;
};

/// The finalize of an aggregate over PlainState<Value> whose result holds Out: the value,
/// NULL where none was added.
template <typename Value, typename Out = Value>
void FinalizePlain(data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
  auto* out = result.Values<Out>();
  for (idx_t i = 0; i < count; i++) {
    auto& s = StateAt<PlainState<Value>>(states[i]);
    if (s.has_value) {
      out[offset + i] = Out(s.value);
    } else {
      result.SetNull(offset + i);
    }
  }
}

template <typename T>
AggregateFunction DoubleSum(const LogicalType& input) {
  auto f = MakeAggregate("sum", {input}, TypeId::kDouble);
  using State = PlainState<double>;
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.value += static_cast<double>(in[i]);
      s.has_value = true;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!src.has_value) return;
    dst.value += src.value;
    dst.has_value = true;
  };
  f.finalize = FinalizePlain<double>;
  return f;
}

void AddInterval(PlainState<interval_t>& s, interval_t v) {
  if (!Interval::TryAdd(s.value, v, s.value)) {
    throw OutOfRangeError("Overflow in sum(INTERVAL): a field of the total leaves its range");
  }
  s.has_value = true;
}

AggregateFunction IntervalSum() {
  auto f = MakeAggregate("sum", {TypeId::kInterval}, TypeId::kInterval);
  using State = PlainState<interval_t>;
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<interval_t>();
    for (idx_t i = 0; i < count; i++) AddInterval(StateAt<State>(states[i]), in[i]);
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    if (src.has_value) AddInterval(StateAt<State>(target), src.value);
  };
  f.finalize = FinalizePlain<interval_t>;
  return f;
}

void AddUHugeInt(PlainState<uint128>& s, uint128 v) {
  if (!TryAddUInt128(s.value, v, s.value)) {
    throw OutOfRangeError("Overflow in sum(UHUGEINT): the total does not fit UHUGEINT");
  }
  s.has_value = true;
}

/// sum(UHUGEINT) is UHUGEINT: every value of the type fits (HUGEINT's total would fail on
/// any value above 2^127), a total beyond 2^128 - 1 is an error.
AggregateFunction UHugeIntSum() {
  auto f = MakeAggregate("sum", {TypeId::kUHugeInt}, TypeId::kUHugeInt);
  using State = PlainState<uint128>;
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<uhugeint_t>();
    for (idx_t i = 0; i < count; i++) AddUHugeInt(StateAt<State>(states[i]), in[i].Get());
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    if (src.has_value) AddUHugeInt(StateAt<State>(target), src.value);
  };
  f.finalize = FinalizePlain<uint128, uhugeint_t>;
  return f;
}

/// sum(BIGNUM) is BIGNUM, exact; the total is checked against BIGNUM's size when stored.
AggregateFunction BignumSum() {
  auto f = MakeAggregate("sum", {TypeId::kBignum}, TypeId::kBignum);
  using State = PlainState<BigInteger>;
  SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.value = s.value + BigInteger::FromStored(in[i].View());
      s.has_value = true;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!src.has_value) return;
    dst.value = dst.value + src.value;
    dst.has_value = true;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.has_value) {
        out[offset + i] = result.AddString(s.value.ToStored());
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}

std::optional<AggregateFunction> ResolveSum(const std::vector<LogicalType>& arguments) {
  if (arguments.size() != 1) return std::nullopt;
  LogicalType type = aggregate::OrInteger(arguments[0]);
  // DuckDB's sum(BOOLEAN): the number of true values, summed as INTEGERs (cast by the
  // binder).
  if (type.Id() == TypeId::kBoolean) type = TypeId::kInteger;
  if (type.Id() == TypeId::kUHugeInt) return UHugeIntSum();
  if (type.Id() == TypeId::kBignum) return BignumSum();
  if (type.IsIntegral()) {
    return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
      if constexpr (kIsIntegerLayout<T>) {
        return Int128Sum<T, false>(type, TypeId::kHugeInt);
      } else {
        throw InternalError("sum: integral type without an integer layout");
      }
    });
  }
  switch (type.Id()) {
    case TypeId::kDecimal:
      return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
        if constexpr (kIsIntegerLayout<T>) {
          return Int128Sum<T, true>(type,
                                    LogicalType::Decimal(kMaxDecimalDigits, type.DecimalScale()));
        } else {
          throw InternalError("sum: DECIMAL without an integer layout");
        }
      });
    case TypeId::kFloat:
      return DoubleSum<float>(type);
    case TypeId::kDouble:
      return DoubleSum<double>(type);
    case TypeId::kInterval:
      return IntervalSum();
    default:
      return std::nullopt;
  }
}

AggregateFunction Product() {
  auto f = MakeAggregate("product", {TypeId::kDouble}, TypeId::kDouble);
  using State = PlainState<double>;
  SetStateLifetime<State>(f);
  f.initialize = [](data_ptr_t p) { new (p) State{1.0, false}; };
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.value *= in[i];
      s.has_value = true;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!src.has_value) return;
    dst.value *= src.value;
    dst.has_value = true;
  };
  f.finalize = FinalizePlain<double>;
  return f;
}
/// A DOUBLE total with Neumaier's compensation: `error` holds what the additions to `sum`
/// rounded away, so fsum(1e16, 1, -1e16) is 1 where plain addition gives 0.
struct CompensatedState {
  double sum = 0, error = 0;
  int64_t count = 0;
  void Add(double x) {
    const double total = sum + x;
    error += std::fabs(sum) >= std::fabs(x) ? (sum - total) + x : (x - total) + sum;
    sum = total;
    count++;
  }
  void Merge(const CompensatedState& other) {
    Add(other.sum);
    count--;  // the other's rows are counted below
    error += other.error;
    count += other.count;
  }
  double Total() const { return sum + error; }
};

/// DuckDB's fsum (also sumkahan, kahan_sum) and favg: a compensated DOUBLE sum and mean.
AggregateFunction CompensatedSum(std::string name, bool mean) {
  auto f = MakeAggregate(std::move(name), {TypeId::kDouble}, TypeId::kDouble);
  SetStateLifetime<CompensatedState>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const auto* in = args.data[0].Values<double>();
    for (idx_t i = 0; i < count; i++) StateAt<CompensatedState>(states[i]).Add(in[i]);
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    StateAt<CompensatedState>(target).Merge(StateAt<CompensatedState>(source));
  };
  f.finalize = [mean](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<double>();
    for (idx_t i = 0; i < count; i++) {
      const auto& s = StateAt<CompensatedState>(states[i]);
      if (s.count == 0) {
        result.SetNull(offset + i);
      } else {
        out[offset + i] = mean ? s.Total() / static_cast<double>(s.count) : s.Total();
      }
    }
  };
  return f;
}
}  // namespace

void RegisterSumFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"fsum", "sumkahan", "kahan_sum"}) {
    catalog.AddAggregate(CompensatedSum(name, false));
  }
  catalog.AddAggregate(CompensatedSum("favg", true));
  AggregateFunctionSet sum;
  sum.name = "sum";
  sum.resolve = ResolveSum;
  catalog.AddAggregateSet(std::move(sum));
  catalog.AddAggregate(Product());
}

}  // namespace teal
