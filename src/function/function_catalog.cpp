// FunctionCatalog: the table of built-ins, and overload resolution by implicit-cast cost.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>

#include "function/builtin_functions.hpp"
#include "function/implicit_cast.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
std::string Lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// `name(type, …)` for an error; an untyped literal argument is named as DuckDB names it,
/// INTEGER_LITERAL or STRING_LITERAL (a literal converts more freely than a typed value).
std::string Signature(std::string_view name, const std::vector<LogicalType>& types,
                      const std::vector<bool>& literals = {}) {
  std::string out = std::string(name) + "(";
  for (size_t i = 0; i < types.size(); i++) {
    std::string type = types[i].ToString();
    if (i < literals.size() && literals[i]) {
      if (types[i].Id() == TypeId::kInteger) type = "INTEGER_LITERAL";
      if (types[i].Id() == TypeId::kVarchar) type = "STRING_LITERAL";
    }
    out += (i ? ", " : "") + type;
  }
  return out + ")";
}

/// Adds `later` to the resolver `earlier`: the later one is asked first; where it finds
/// nothing, the earlier one is.
template <typename Resolve>
void Chain(Resolve& earlier, Resolve later) {
  if (!later) return;
  if (!earlier) {
    earlier = std::move(later);
    return;
  }
  earlier = [later = std::move(later),
             earlier = std::move(earlier)](const std::vector<LogicalType>& types) {
    auto found = later(types);
    return found ? found : earlier(types);
  };
}

}  // namespace

const FunctionCatalog& FunctionCatalog::Builtins() {
  static const FunctionCatalog* catalog = [] {
    auto* c = new FunctionCatalog();
    RegisterArithmeticFunctions(*c);
    RegisterStringFunctions(*c);
    RegisterDisplayFunctions(*c);
    RegisterPathFunctions(*c);
    RegisterFormatFunctions(*c);
    RegisterDateFunctions(*c);
    RegisterTimeBucket(*c);
    RegisterListFunctions(*c);
    RegisterArrayFunctions(*c);
    RegisterMapFunctions(*c);
    RegisterUnionFunctions(*c);
    RegisterStructFunctions(*c);
    RegisterGenericFunctions(*c);
    RegisterAggregateFunctions(*c);
    // Their result keeps an argument's type, so an ARRAY stays one.
    for (const char* name :
         {"typeof", "coalesce", "ifnull", "nullif", "list_value", "list_pack", "array_value"}) {
      c->KeepArrays(name);
    }
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

std::vector<std::string> FunctionCatalog::Names() const {
  std::vector<std::string> names;
  auto add = [&](const std::string& name) {
    if (!name.empty() && std::isalpha(static_cast<unsigned char>(name[0]))) names.push_back(name);
  };
  for (const auto& set : scalars_) add(set->name);
  for (const auto& set : aggregates_) add(set->name);
  return names;
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
      Chain(existing->resolve, std::move(set.resolve));
      Chain(existing->resolve_arrays, std::move(set.resolve_arrays));
      return;
    }
  }
  scalars_.push_back(std::make_unique<ScalarFunctionSet>(std::move(set)));
}

void FunctionCatalog::KeepArrays(std::string_view name) {
  const std::string key = Lower(name);
  for (auto& set : scalars_) {
    if (set->name == key) {
      set->resolve_arrays = set->resolve;
      return;
    }
  }
  throw InternalError(fmt::format("KeepArrays: no function {}", name));
}

void FunctionCatalog::AddExactOverload(ScalarFunction function) {
  ScalarFunctionSet set;
  set.name = function.name;
  set.resolve = [function](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    // Numbers may still be cast (repeat(BLOB, INTEGER) takes the BIGINT count), and
    // beside a BLOB a string is bytes too (blob || 'abc').
    if (types.size() != function.arguments.size()) return std::nullopt;
    const bool blob =
        std::find(types.begin(), types.end(), LogicalType(TypeId::kBlob)) != types.end();
    for (size_t i = 0; i < types.size(); i++) {
      const LogicalType& wanted = function.arguments[i];
      const bool numbers = types[i].IsNumeric() && wanted.IsNumeric();
      const bool bytes = blob && wanted.Id() == TypeId::kBlob && types[i].Id() == TypeId::kVarchar;
      if (types[i] != wanted && !numbers && !bytes) return std::nullopt;
    }
    return function;
  };
  AddScalarSet(std::move(set));
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
      Chain(existing->resolve, std::move(set.resolve));
      return;
    }
  }
  aggregates_.push_back(std::make_unique<AggregateFunctionSet>(std::move(set)));
}

namespace {
/// How much DuckDB prefers a NULL argument to become `type`: the lower, the likelier.
int64_t NullTargetCost(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kBigInt:
      return 101;
    case TypeId::kDouble:
      return 102;
    case TypeId::kInteger:
      return 103;
    case TypeId::kDecimal:
      return 104;
    case TypeId::kHugeInt:
    case TypeId::kTimestamp:
      return 120;
    case TypeId::kVarchar:
      return 149;
    case TypeId::kList:
    case TypeId::kArray:
    case TypeId::kStruct:
    case TypeId::kUnion:
    case TypeId::kMap:
      return 160;
    default:
      return 110;
  }
}

template <typename Function>
const Function* Cheapest(std::string_view name, const std::vector<Function>& overloads,
                         const std::vector<LogicalType>& types, const std::vector<bool>& literals,
                         const LogicalType Function::*varargs_member) {
  const Function* best = nullptr;
  int64_t best_cost = std::numeric_limits<int64_t>::max();
  // Overloads that take a NULL argument equally well go by the type that argument would
  // get (DuckDB's preference: BIGINT, DOUBLE, INTEGER, …), so NULL + NULL is BIGINT.
  int64_t best_null_cost = std::numeric_limits<int64_t>::max();
  bool tie = false;
  for (const auto& f : overloads) {
    const LogicalType* varargs = varargs_member ? &(f.*varargs_member) : nullptr;
    bool has_varargs = varargs && varargs->Id() != TypeId::kInvalid;
    if (types.size() < f.arguments.size() || (!has_varargs && types.size() != f.arguments.size())) {
      continue;
    }
    int64_t cost = 0, null_cost = 0;
    for (size_t i = 0; i < types.size() && cost >= 0; i++) {
      const LogicalType& param = i < f.arguments.size() ? f.arguments[i] : *varargs;
      int64_t c = ImplicitCastCost(types[i], i < literals.size() && literals[i], param);
      cost = c < 0 ? -1 : cost + c;
      if (types[i].Id() == TypeId::kSqlNull) null_cost += NullTargetCost(param);
    }
    if (cost < 0) continue;
    if (cost < best_cost || (cost == best_cost && null_cost < best_null_cost)) {
      best = &f;
      best_cost = cost;
      best_null_cost = null_cost;
      tie = false;
    } else if (cost == best_cost && null_cost == best_null_cost) {
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
  auto is_array = [](const LogicalType& t) { return t.Id() == TypeId::kArray; };
  if (std::any_of(types.begin(), types.end(), is_array)) {
    if (set.resolve_arrays) {
      if (auto f = set.resolve_arrays(types)) return *f;
    }
    std::vector<LogicalType> lists;
    for (const auto& t : types) lists.push_back(is_array(t) ? ArraysAsLists(t) : t);
    return ResolveScalar(set, lists, literals);
  }
  if (set.resolve) {
    if (auto f = set.resolve(types)) return *f;
  }
  if (auto* f = Cheapest(set.name, set.overloads, types, literals, &ScalarFunction::varargs)) {
    ScalarFunction copy = *f;
    copy.overload = f;
    return copy;
  }
  throw BinderError(fmt::format(
      "No function matches the given name and argument types '{}'. You might need to add "
      "explicit type casts.",
      Signature(set.name, types, literals)));
}

AggregateFunction ResolveAggregate(const AggregateFunctionSet& set,
                                   const std::vector<LogicalType>& types,
                                   const std::vector<bool>& literals) {
  if (set.resolve) {
    if (auto f = set.resolve(types)) return *f;
  }
  const LogicalType AggregateFunction::*none = nullptr;
  if (auto* f = Cheapest(set.name, set.overloads, types, literals, none)) return *f;
  // The scalar functions' (and DuckDB's) wording.
  throw BinderError(fmt::format(
      "No function matches the given name and argument types '{}'. You might need to add "
      "explicit type casts.",
      Signature(set.name, types, literals)));
}

}  // namespace teal
