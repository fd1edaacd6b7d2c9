// FunctionCatalog: the table of built-ins, and overload resolution by implicit-cast cost.
#include <fmt/format.h>

#include <limits>

#include "function/builtin_functions.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Signature(std::string_view name, const std::vector<LogicalType>& types) {
  std::string out = std::string(name) + "(";
  for (size_t i = 0; i < types.size(); i++) out += (i ? ", " : "") + types[i].ToString();
  return out + ")";
}

/// Position of an integer type on the widening ladder, 0 for non-integers.
int IntegerRank(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
      return 1;
    case TypeId::kUTinyInt:
      return 2;
    case TypeId::kSmallInt:
      return 3;
    case TypeId::kUSmallInt:
      return 4;
    case TypeId::kInteger:
      return 5;
    case TypeId::kUInteger:
      return 6;
    case TypeId::kBigInt:
      return 7;
    case TypeId::kUBigInt:
      return 8;
    case TypeId::kHugeInt:
      return 9;
    case TypeId::kUHugeInt:
      return 10;
    default:
      return 0;
  }
}
}  // namespace

int64_t ImplicitCastCost(const LogicalType& from, bool from_literal, const LogicalType& to) {
  if (from == to) return 0;
  if (to.Id() == TypeId::kInvalid) return -1;
  if (from.Id() == TypeId::kSqlNull) return 1;
  if (from_literal && from.Id() == TypeId::kVarchar) return CastExists(from, to) ? 5 : -1;
  int from_rank = IntegerRank(from.Id()), to_rank = IntegerRank(to.Id());
  if (from_rank && to_rank) {
    // Ranks interleave widths (TINYINT, UTINYINT, SMALLINT, …): an unsigned type widens
    // into every higher rank, the next one being the signed type twice its width, so
    // UINTEGER with INTEGER meet at BIGINT and UBIGINT with BIGINT at HUGEINT (DuckDB's
    // rule) instead of falling through to DOUBLE and losing digits. A signed type never
    // becomes unsigned.
    if (!from.IsSigned() && from.Id() == TypeId::kUHugeInt && to.Id() == TypeId::kHugeInt) {
      // No signed type is wider: the values up to HUGEINT's maximum convert, larger ones
      // are an out-of-range error at run time, never a rounded DOUBLE.
      return 25;
    }
    if (to_rank < from_rank) return -1;
    if (from.IsSigned() && !to.IsSigned()) return -1;
    return 10 + (to_rank - from_rank);
  }
  if (from_rank && to.Id() == TypeId::kDecimal) return 30;
  if ((from_rank || from.Id() == TypeId::kDecimal) && to.Id() == TypeId::kDouble) return 40;
  if ((from_rank || from.Id() == TypeId::kDecimal) && to.Id() == TypeId::kFloat) return 45;
  if (from.Id() == TypeId::kFloat && to.Id() == TypeId::kDouble) return 20;
  if (from.Id() == TypeId::kDecimal && to.Id() == TypeId::kDecimal) return 15;
  if (from.Id() == TypeId::kDate &&
      (to.Id() == TypeId::kTimestamp || to.Id() == TypeId::kTimestampTz)) {
    return 20;
  }
  if (from.Id() == TypeId::kTimestamp && to.Id() == TypeId::kTimestampTz) return 25;
  if (from.Id() == TypeId::kEnum && to.Id() == TypeId::kVarchar) return 30;
  if (from.Id() == TypeId::kList && to.Id() == TypeId::kList) {
    int64_t child = ImplicitCastCost(from.ListChild(), from_literal, to.ListChild());
    return child < 0 ? -1 : child + 1;
  }
  return -1;
}

const FunctionCatalog& FunctionCatalog::Builtins() {
  static const FunctionCatalog* catalog = [] {
    auto* c = new FunctionCatalog();
    RegisterArithmeticFunctions(*c);
    RegisterStringFunctions(*c);
    RegisterDateFunctions(*c);
    RegisterListFunctions(*c);
    RegisterGenericFunctions(*c);
    RegisterAggregateFunctions(*c);
    return c;
  }();
  return *catalog;
}

const ScalarFunctionSet* FunctionCatalog::FindScalar(std::string_view name) const {
  std::string key = Lower(name);
  for (const auto& set : scalars_) {
    if (set->name == key) return set.get();
  }
  return nullptr;
}

const AggregateFunctionSet* FunctionCatalog::FindAggregate(std::string_view name) const {
  std::string key = Lower(name);
  for (const auto& set : aggregates_) {
    if (set->name == key) return set.get();
  }
  return nullptr;
}

void FunctionCatalog::AddScalar(ScalarFunction function) {
  std::string key = Lower(function.name);
  for (auto& set : scalars_) {
    if (set->name == key) {
      set->overloads.push_back(std::move(function));
      return;
    }
  }
  auto set = std::make_unique<ScalarFunctionSet>();
  set->name = key;
  set->overloads.push_back(std::move(function));
  scalars_.push_back(std::move(set));
}

void FunctionCatalog::AddScalarSet(ScalarFunctionSet set) {
  set.name = Lower(set.name);
  for (auto& existing : scalars_) {
    if (existing->name == set.name) {
      for (auto& overload : set.overloads) existing->overloads.push_back(std::move(overload));
      if (set.resolve) existing->resolve = std::move(set.resolve);
      return;
    }
  }
  scalars_.push_back(std::make_unique<ScalarFunctionSet>(std::move(set)));
}

void FunctionCatalog::AddAggregate(AggregateFunction function) {
  std::string key = Lower(function.name);
  for (auto& set : aggregates_) {
    if (set->name == key) {
      set->overloads.push_back(std::move(function));
      return;
    }
  }
  auto set = std::make_unique<AggregateFunctionSet>();
  set->name = key;
  set->overloads.push_back(std::move(function));
  aggregates_.push_back(std::move(set));
}

void FunctionCatalog::AddAggregateSet(AggregateFunctionSet set) {
  set.name = Lower(set.name);
  for (auto& existing : aggregates_) {
    if (existing->name == set.name) {
      for (auto& overload : set.overloads) existing->overloads.push_back(std::move(overload));
      if (set.resolve) existing->resolve = std::move(set.resolve);
      return;
    }
  }
  aggregates_.push_back(std::make_unique<AggregateFunctionSet>(std::move(set)));
}

namespace {
template <typename Function>
const Function* Cheapest(std::string_view name, const std::vector<Function>& overloads,
                         const std::vector<LogicalType>& types, const std::vector<bool>& literals,
                         const LogicalType Function::*varargs_member) {
  const Function* best = nullptr;
  int64_t best_cost = std::numeric_limits<int64_t>::max();
  bool tie = false;
  for (const auto& f : overloads) {
    const LogicalType* varargs = varargs_member ? &(f.*varargs_member) : nullptr;
    bool has_varargs = varargs && varargs->Id() != TypeId::kInvalid;
    if (types.size() < f.arguments.size() || (!has_varargs && types.size() != f.arguments.size())) {
      continue;
    }
    int64_t cost = 0;
    for (size_t i = 0; i < types.size() && cost >= 0; i++) {
      const LogicalType& param = i < f.arguments.size() ? f.arguments[i] : *varargs;
      int64_t c = ImplicitCastCost(types[i], i < literals.size() && literals[i], param);
      cost = c < 0 ? -1 : cost + c;
    }
    if (cost < 0) continue;
    if (cost < best_cost) {
      best = &f;
      best_cost = cost;
      tie = false;
    } else if (cost == best_cost) {
      tie = true;
    }
  }
  if (best && tie) {
    throw BinderError(
        fmt::format("the call {} could mean several overloads of {}; add explicit casts",
                    Signature(name, types), name));
  }
  return best;
}
}  // namespace

ScalarFunction ResolveScalar(const ScalarFunctionSet& set, const std::vector<LogicalType>& types,
                             const std::vector<bool>& literals) {
  if (set.resolve) {
    if (auto f = set.resolve(types)) return *f;
  }
  if (auto* f = Cheapest(set.name, set.overloads, types, literals, &ScalarFunction::varargs))
    return *f;
  throw BinderError(fmt::format("no function matches {}", Signature(set.name, types)));
}

AggregateFunction ResolveAggregate(const AggregateFunctionSet& set,
                                   const std::vector<LogicalType>& types,
                                   const std::vector<bool>& literals) {
  if (set.resolve) {
    if (auto f = set.resolve(types)) return *f;
  }
  const LogicalType AggregateFunction::*none = nullptr;
  if (auto* f = Cheapest(set.name, set.overloads, types, literals, none)) return *f;
  throw BinderError(fmt::format("no aggregate function matches {}", Signature(set.name, types)));
}

}  // namespace teal
