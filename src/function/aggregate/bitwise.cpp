// bit_and, bit_or and bit_xor over an integer type (128-bit ones too), in that type: the bits of
// every non-NULL row combined (NULL when there is none).
#include <type_traits>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

enum class Bitwise { kAnd, kOr, kXor };

template <typename T>
struct BitState {
  T value{};
  bool has_value = false;
};

template <Bitwise kOp, typename T>
T Apply(T a, T b) {
  if constexpr (std::is_same_v<T, hugeint_t> || std::is_same_v<T, uhugeint_t>) {
    return T(Apply<kOp>(a.Get(), b.Get()));  // on the 128-bit integer the pair stands for
  } else {
    if constexpr (kOp == Bitwise::kAnd) return static_cast<T>(a & b);
    if constexpr (kOp == Bitwise::kOr) return static_cast<T>(a | b);
    return static_cast<T>(a ^ b);
  }
}

template <Bitwise kOp, typename T>
AggregateFunction BitAggregate(const std::string& name, const LogicalType& type) {
  auto f = aggregate::MakeAggregate(name, {type}, type);
  using State = BitState<T>;
  aggregate::SetStateLifetime<State>(f);
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const T* in = args.data[0].Values<T>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      s.value = s.has_value ? Apply<kOp>(s.value, in[i]) : in[i];
      s.has_value = true;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    const auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (!src.has_value) return;
    dst.value = dst.has_value ? Apply<kOp>(dst.value, src.value) : src.value;
    dst.has_value = true;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    T* out = result.Values<T>();
    for (idx_t i = 0; i < count; i++) {
      const auto& s = StateAt<State>(states[i]);
      if (s.has_value) {
        out[offset + i] = s.value;
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}

template <Bitwise kOp>
AggregateFunctionSet BitSet(const char* name) {
  AggregateFunctionSet set;
  set.name = name;
  set.resolve = [name = std::string(name)](
                    const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
    if (arguments.size() != 1) return std::nullopt;
    const LogicalType type = aggregate::OrInteger(arguments[0]);
    if (!type.IsIntegral()) return std::nullopt;
    return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> AggregateFunction {
      if constexpr ((std::is_integral_v<T> && !std::is_same_v<T, bool>) ||
                    std::is_same_v<T, hugeint_t> || std::is_same_v<T, uhugeint_t>) {
        return BitAggregate<kOp, T>(name, type);
      } else {
        throw InternalError(name + ": integral type without an integer layout");
      }
    });
  };
  return set;
}

}  // namespace

void RegisterBitwiseFunctions(FunctionCatalog& catalog) {
  catalog.AddAggregateSet(BitSet<Bitwise::kAnd>("bit_and"));
  catalog.AddAggregateSet(BitSet<Bitwise::kOr>("bit_or"));
  catalog.AddAggregateSet(BitSet<Bitwise::kXor>("bit_xor"));
}

}  // namespace teal
