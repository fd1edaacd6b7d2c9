// bool_and / every and bool_or / some over BOOLEAN: NULL when no row is non-NULL.
#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

struct BoolState {
  bool value = false;
  bool has_value = false;
};

/// kAnd: true unless some row is false; otherwise (or): true when some row is true.
template <bool kAnd>
AggregateFunction BoolAggregate(std::string name) {
  auto f = aggregate::MakeAggregate(std::move(name), {TypeId::kBoolean}, TypeId::kBoolean);
  aggregate::SetStateLifetime<BoolState>(f);
  f.initialize = [](data_ptr_t p) { new (p) BoolState{kAnd, false}; };
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const bool* in = args.data[0].Values<bool>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<BoolState>(states[i]);
      s.value = kAnd ? (s.value && in[i]) : (s.value || in[i]);
      s.has_value = true;
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<BoolState>(source);
    auto& dst = StateAt<BoolState>(target);
    if (!src.has_value) return;
    dst.value = kAnd ? (dst.value && src.value) : (dst.value || src.value);
    dst.has_value = true;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    bool* out = result.Values<bool>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<BoolState>(states[i]);
      if (s.has_value) {
        out[offset + i] = s.value;
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}
}  // namespace

void RegisterBoolFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"bool_and", "every"}) catalog.AddAggregate(BoolAggregate<true>(name));
  for (const char* name : {"bool_or", "some"}) catalog.AddAggregate(BoolAggregate<false>(name));
}

}  // namespace teal
