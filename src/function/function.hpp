// Built-in and user functions: the scalar and aggregate function interfaces, function
// sets (overloads under one name) and the catalog of built-ins.
//
// A scalar function runs once per vector: it receives its arguments as flat vectors
// already cast to the overload's argument types and writes a flat result vector. Unless
// the function says otherwise, rows where any argument is NULL are NULL in the result
// and the function must not fail on them (their stored values are unspecified), so it
// may compute them anyway or skip them by the validity mask.
//
// An aggregate keeps a fixed-size state per group: the operator allocates state_size
// bytes per group, calls initialize once, update with the rows of each chunk (each row
// pointing at its group's state), combine to merge partial states (parallel or spilled
// aggregation), finalize to write one result row per state, and destroy if the state
// owns memory.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vector/data_chunk.hpp"

namespace teal {

using ScalarFunctionBody =
    std::function<void(const DataChunk& arguments, Vector& result, idx_t count)>;

struct ScalarFunction {
  std::string name;
  std::vector<LogicalType> arguments;
  /// When valid, any number of further arguments of this type may follow.
  LogicalType varargs;
  LogicalType return_type;
  ScalarFunctionBody body;
  /// False for functions that look at NULL arguments themselves (coalesce, concat…).
  bool null_in_null_out = true;
  /// False for functions whose result may differ between calls (random, nextval).
  bool deterministic = true;
  /// COALESCE's evaluation rule: argument k is computed only for the rows that arguments
  /// 0 … k-1 left NULL (so COALESCE(14, 14 / 0) is 14); elsewhere the body sees NULL.
  bool arguments_in_turn = false;
  /// For a function whose body keeps state for one execution (a sample's random numbers):
  /// makes the function a physical plan runs, with that state new, so that each run of a
  /// prepared statement starts afresh. Null for functions without such state.
  std::function<std::shared_ptr<const ScalarFunction>()> per_execution;
  /// The registered overload this is an unchanged copy of (ResolveScalar sets it): two
  /// bindings of one overload compute the same. Null for functions made at binding, whose
  /// bodies may hold what they were bound with (a lambda's body, a sequence).
  const ScalarFunction* overload = nullptr;
};

/// Every overload of one scalar function name.
struct ScalarFunctionSet {
  std::string name;
  std::vector<ScalarFunction> overloads;
  /// For functions whose signature depends on the argument types (DECIMAL arithmetic,
  /// list functions, greatest/least): returns the concrete function for `arguments`,
  /// or nullopt to fall back to `overloads`. May throw BinderError with a better message.
  std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>& arguments)> resolve;
  /// Asked first when an argument is an ARRAY, for functions that keep or need the array
  /// (typeof, coalesce, array_length(a, dimension)…). Where it is absent or finds nothing,
  /// every ARRAY argument is taken as a LIST and the set resolves as for lists.
  std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>& arguments)>
      resolve_arrays;
};

struct AggregateFunction {
  std::string name;
  std::vector<LogicalType> arguments;
  LogicalType return_type;
  idx_t state_size = 0;
  std::function<void(data_ptr_t state)> initialize;
  /// Adds `count` rows: row i goes into states[i]. Rows with a NULL argument are already
  /// filtered out when ignores_nulls is set.
  std::function<void(const DataChunk& arguments, data_ptr_t* states, idx_t count)> update;
  /// Optional fast path for an aggregate without groups or DISTINCT: adds rows
  /// [0, count) of `arguments` (flat vectors) into the one `state`. Unlike `update`, it
  /// gets the NULL rows too and skips them itself when ignores_nulls is set.
  std::function<void(const DataChunk& arguments, data_ptr_t state, idx_t count)> simple_update;
  /// Merges `source` into `target`.
  std::function<void(data_ptr_t source, data_ptr_t target)> combine;
  /// Writes the result of states[i] into row offset + i of `result`.
  std::function<void(data_ptr_t* states, idx_t count, Vector& result, idx_t offset)> finalize;
  /// Frees memory the state owns; null when it owns none.
  std::function<void(data_ptr_t state)> destroy;
  bool ignores_nulls = true;
  /// With ignores_nulls false: the function still skips a row whose first argument is NULL
  /// (string_agg), so FILTER written as CASE on the arguments is right for it.
  bool skips_null_first_argument = false;
  /// Whether the result depends on the order the rows arrive in (first, list,
  /// string_agg…): such an aggregate is computed on one thread, over rows in their order.
  bool order_dependent = false;
};

struct AggregateFunctionSet {
  std::string name;
  std::vector<AggregateFunction> overloads;
  std::function<std::optional<AggregateFunction>(const std::vector<LogicalType>& arguments)>
      resolve;
};

/// The built-in functions. Immutable after construction; thread-safe to read.
class FunctionCatalog {
 public:
  static const FunctionCatalog& Builtins();

  const ScalarFunctionSet* FindScalar(std::string_view name) const;
  const AggregateFunctionSet* FindAggregate(std::string_view name) const;
  /// The names of the scalar and aggregate functions (operators left out).
  std::vector<std::string> Names() const;

  void AddScalar(ScalarFunction function);
  /// Adds a resolver to the set of that name; a set's resolvers are asked latest first.
  void AddScalarSet(ScalarFunctionSet set);
  /// Lets the set `name` see ARRAY arguments as they are: its resolve (which must accept any
  /// type) becomes its resolve_arrays. For functions whose result keeps an argument's type.
  void KeepArrays(std::string_view name);
  /// An overload taken only when the arguments' types are exactly its own (numbers aside,
  /// which are cast) — md5(BLOB)
  /// beside md5(VARCHAR), where a NULL or a string literal must keep the VARCHAR one.
  void AddExactOverload(ScalarFunction function);
  void AddAggregate(AggregateFunction function);
  void AddAggregateSet(AggregateFunctionSet set);

 private:
  std::vector<std::unique_ptr<ScalarFunctionSet>> scalars_;
  std::vector<std::unique_ptr<AggregateFunctionSet>> aggregates_;
};

/// A number from random()'s generator, for a seed of another (a sample's): after
/// setseed(x), the same numbers follow.
uint64_t DrawRandomSeed();

/// Picks the overload of `set` for arguments of `types` (the cheapest implicit casts;
/// ties are an ambiguity error). Throws BinderError naming the function and the types.
ScalarFunction ResolveScalar(const ScalarFunctionSet& set, const std::vector<LogicalType>& types,
                             const std::vector<bool>& literals);
AggregateFunction ResolveAggregate(const AggregateFunctionSet& set,
                                   const std::vector<LogicalType>& types,
                                   const std::vector<bool>& literals);

}  // namespace teal
