// Built-in coalesce, ifnull, nullif, typeof, constant_or_null, can_cast_implicitly,
// gen_random_uuid/uuid, enum_range, enum_first, enum_last.
//
// coalesce, ifnull and nullif convert their arguments to one common type (the type a
// comparison of them would use) and look at NULLs themselves. coalesce and ifnull compute
// an argument only for the rows the earlier ones left NULL (arguments_in_turn, as
// PostgreSQL), so an error in a later argument that no row needs never surfaces.
#include <chrono>
#include <cmath>
#include <mutex>
#include <random>
#include <thread>

#include "common/hash.hpp"
#include "execution/row_key.hpp"
#include "function/builtin_functions.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/interval.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

bool IsFixedWidth(PhysicalType p) {
  return p != PhysicalType::kVarchar && p != PhysicalType::kList && p != PhysicalType::kStruct &&
         p != PhysicalType::kInvalid;
}

/// Writes row `row` of `source` into row `row` of `result` (same type, source row valid).
/// Fixed-width types are dispatched by the caller; this is the general path.
void CopyRow(const Vector& source, Vector& result, idx_t row) {
  if (source.Type().Physical() == PhysicalType::kVarchar) {
    result.Values<string_t>()[row] = result.AddString(source.Values<string_t>()[row].View());
  } else {
    result.CopyFrom(source, SelectionVector(), 1, row, row);
  }
}

ScalarFunctionBody CoalesceBody() {
  return [](const DataChunk& args, Vector& result, idx_t count) {
    PhysicalType p = result.Type().Physical();
    auto first_valid = [&](idx_t row) -> const Vector* {
      for (const auto& arg : args.data) {
        if (arg.RowIsValid(row)) return &arg;
      }
      return nullptr;
    };
    if (IsFixedWidth(p)) {
      DispatchFixedWidth(p, [&]<typename T>() {
        T* out = result.Values<T>();
        for (idx_t i = 0; i < count; i++) {
          const Vector* v = first_valid(i);
          if (v) {
            out[i] = v->Values<T>()[i];
          } else {
            result.SetNull(i);
          }
        }
      });
      return;
    }
    for (idx_t i = 0; i < count; i++) {
      const Vector* v = first_valid(i);
      if (v) {
        CopyRow(*v, result, i);
      } else {
        result.SetNull(i);
      }
    }
  };
}

std::optional<ScalarFunction> ResolveCoalesce(const std::string& name, size_t min_args,
                                              size_t max_args,
                                              const std::vector<LogicalType>& types) {
  if (types.size() < min_args || types.size() > max_args) {
    throw BinderError(fmt::format(
        "{} takes {} arguments, not {}", name,
        min_args == max_args ? std::to_string(min_args) : "at least " + std::to_string(min_args),
        types.size()));
  }
  LogicalType common = CommonArgumentType(types, name);
  if (common.Id() == TypeId::kSqlNull) common = TypeId::kInteger;
  ScalarFunction f;
  f.name = name;
  f.varargs = common;
  f.return_type = common;
  f.null_in_null_out = false;
  f.arguments_in_turn = true;
  f.body = CoalesceBody();
  return f;
}

/// nullif(a, b): NULL when a = b, else a.
std::optional<ScalarFunction> ResolveNullIf(const std::vector<LogicalType>& types) {
  if (types.size() != 2) throw BinderError("nullif takes 2 arguments");
  LogicalType common = CommonArgumentType(types, "nullif");
  if (common.Id() == TypeId::kSqlNull) common = TypeId::kInteger;
  ScalarFunction f;
  f.name = "nullif";
  f.arguments = {common, common};
  f.return_type = common;
  f.null_in_null_out = false;
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    const Vector& a = args.data[0];
    const Vector& b = args.data[1];
    PhysicalType p = result.Type().Physical();
    for (idx_t i = 0; i < count; i++) {
      if (!a.RowIsValid(i)) result.SetNull(i);
    }
    if (IsFixedWidth(p)) {
      DispatchFixedWidth(p, [&]<typename T>() {
        const T* x = a.Values<T>();
        const T* y = b.Values<T>();
        T* out = result.Values<T>();
        for (idx_t i = 0; i < count; i++) {
          if (!result.RowIsValid(i)) continue;
          if (b.RowIsValid(i) && StoredEqual(x[i], y[i])) {
            result.SetNull(i);
          } else {
            out[i] = x[i];
          }
        }
      });
      return;
    }
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      if (b.RowIsValid(i) && CompareValues(a.GetValue(i), b.GetValue(i)) == 0) {
        result.SetNull(i);
      } else {
        CopyRow(a, result, i);
      }
    }
  };
  return f;
}

/// A VARCHAR constant computed from the argument's type at bind time.
std::optional<ScalarFunction> ResolveTypeOf(const std::vector<LogicalType>& types) {
  if (types.size() != 1) throw BinderError("typeof takes 1 argument");
  std::string name = types[0].ToString();
  ScalarFunction f = MakeFunction("typeof", {types[0]}, TypeId::kVarchar,
                                  [name](const DataChunk&, Vector& result, idx_t count) {
                                    string_t value = result.AddString(name);
                                    for (idx_t i = 0; i < count; i++) {
                                      result.Values<string_t>()[i] = value;
                                    }
                                  });
  f.null_in_null_out = false;
  return f;
}

/// constant_or_null(c, x, …) (DuckDB's): c where every x is not NULL, else NULL.
std::optional<ScalarFunction> ResolveConstantOrNull(const std::vector<LogicalType>& types) {
  if (types.size() < 2) {
    throw BinderError("constant_or_null takes a value and at least one argument to test");
  }
  LogicalType result = types[0].Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : types[0];
  std::vector<LogicalType> arguments = types;
  arguments[0] = result;
  // null_in_null_out makes the rows where an argument is NULL NULL: the rest copy c.
  return MakeFunction("constant_or_null", arguments, result,
                      [](const DataChunk& args, Vector& result, idx_t count) {
                        for (idx_t i = 0; i < count; i++) {
                          if (result.RowIsValid(i)) {
                            result.CopyFrom(args.data[0], SelectionVector(), 1, i, i);
                          }
                        }
                      });
}

/// can_cast_implicitly(x, y) (DuckDB's): whether x's type converts to y's by itself, where
/// a function or comparison needs it (NULL::type names a type).
std::optional<ScalarFunction> ResolveCanCastImplicitly(const std::vector<LogicalType>& types) {
  if (types.size() != 2) throw BinderError("can_cast_implicitly takes 2 arguments");
  const bool can = types[0] == types[1] || ImplicitCastCost(types[0], false, types[1]) >= 0;
  ScalarFunction f = MakeFunction("can_cast_implicitly", types, TypeId::kBoolean,
                                  [can](const DataChunk&, Vector& result, idx_t count) {
                                    for (idx_t i = 0; i < count; i++) {
                                      result.Values<bool>()[i] = can;
                                      result.SetNull(i, false);
                                    }
                                  });
  f.null_in_null_out = false;
  return f;
}

/// hash(x, …) (DuckDB's): a UBIGINT of the values, equal for values of one type that `=`
/// calls equal (the GROUP BY key encoding, hashed); NULL hashes too. Teal's own hash: its
/// values are not DuckDB's.
std::optional<ScalarFunction> ResolveHash(const std::vector<LogicalType>& types) {
  if (types.empty()) throw BinderError("hash takes at least 1 argument");
  ScalarFunction f = MakeFunction("hash", types, TypeId::kUBigInt,
                                  [](const DataChunk& args, Vector& result, idx_t count) {
                                    std::string key;
                                    uint64_t* out = result.Values<uint64_t>();
                                    for (idx_t i = 0; i < count; i++) {
                                      key.clear();
                                      for (const auto& arg : args.data) EncodeKey(arg, i, key);
                                      out[i] = HashBytes(key.data(), key.size());
                                    }
                                  });
  f.null_in_null_out = false;
  return f;
}

ScalarFunction RandomUuid(const std::string& name) {
  ScalarFunction f =
      MakeFunction(name, {}, TypeId::kUuid, [](const DataChunk&, Vector& result, idx_t count) {
        thread_local std::mt19937_64 generator{std::random_device{}()};
        for (idx_t i = 0; i < count; i++) {
          uint64_t high = generator(), low = generator();
          // RFC 4122 version 4 (random) and variant 10xx.
          high = (high & ~uint64_t{0xF000}) | 0x4000;
          low = (low & ~(uint64_t{0xC} << 60)) | (uint64_t{0x8} << 60);
          // Stored form: the big-endian 128-bit number with bit 127 flipped (types/uuid.hpp).
          uint128 u = (static_cast<uint128>(high ^ (uint64_t{1} << 63)) << 64) | low;
          result.Values<hugeint_t>()[i] = hugeint_t(static_cast<int128>(u));
        }
      });
  f.deterministic = false;
  return f;
}

/// random()'s generator: one for the process, so that setseed(x) makes the values that
/// follow it repeat (PostgreSQL's rule), whatever thread draws them.
struct SharedRandom {
  std::mutex lock;
  std::mt19937_64 generator{std::random_device{}()};
};
SharedRandom& Shared() {
  static SharedRandom shared;
  return shared;
}

}  // namespace

uint64_t DrawRandomSeed() {
  SharedRandom& shared = Shared();
  std::lock_guard<std::mutex> guard(shared.lock);
  return shared.generator();
}

namespace {

ScalarFunction Random() {
  ScalarFunction f = MakeFunction(
      "random", {}, TypeId::kDouble, [](const DataChunk&, Vector& result, idx_t count) {
        SharedRandom& shared = Shared();
        std::lock_guard<std::mutex> guard(shared.lock);
        for (idx_t i = 0; i < count; i++) {
          // 53 random bits: a double uniform in [0, 1).
          result.Values<double>()[i] = static_cast<double>(shared.generator() >> 11) * 0x1.0p-53;
        }
      });
  f.deterministic = false;
  return f;
}

ScalarFunction SetSeed() {
  ScalarFunction f = MakeFunction(
      "setseed", {TypeId::kDouble}, TypeId::kSqlNull,
      [](const DataChunk& arguments, Vector& result, idx_t count) {
        const Vector& seed = arguments.data[0];
        for (idx_t i = 0; i < count; i++) {
          const double value = seed.Values<double>()[seed.IsConstant() ? 0 : i];
          if (!(value >= -1.0 && value <= 1.0)) {
            throw OutOfRangeError(fmt::format("setseed: seed {} is out of range [-1, 1]", value));
          }
          SharedRandom& shared = Shared();
          std::lock_guard<std::mutex> guard(shared.lock);
          shared.generator.seed(static_cast<uint64_t>(std::llround(value * 2147483647.0)) ^
                                0x5DEECE66Dull);
          result.SetNull(i);
        }
      });
  f.deterministic = false;
  return f;
}

/// sleep_ms(ms): waits `ms` milliseconds (none for 0 or less) for each row, and is NULL
/// (DuckDB's). Not deterministic, so it is never folded.
ScalarFunction SleepMs() {
  ScalarFunction f =
      MakeFunction("sleep_ms", {TypeId::kBigInt}, TypeId::kSqlNull,
                   [](const DataChunk& arguments, Vector& result, idx_t count) {
                     const Vector& ms = arguments.data[0];
                     for (idx_t i = 0; i < count; i++) {
                       const int64_t wait = ms.Values<int64_t>()[ms.IsConstant() ? 0 : i];
                       if (ms.RowIsValid(i) && wait > 0) {
                         std::this_thread::sleep_for(std::chrono::milliseconds(wait));
                       }
                       result.SetNull(i);
                     }
                   });
  f.deterministic = false;
  return f;
}

/// error(message): fails the statement with `message` for the first row it is computed
/// for (DuckDB's). Not deterministic, so it is never folded: only rows that reach it fail.
ScalarFunction ErrorFunction() {
  ScalarFunction f =
      MakeFunction("error", {TypeId::kVarchar}, TypeId::kSqlNull,
                   [](const DataChunk& arguments, Vector& result, idx_t count) {
                     if (count == 0) return;
                     const Vector& message = arguments.data[0];
                     throw InvalidInputError(message.RowIsValid(0)
                                                 ? std::string(message.Values<string_t>()[0].View())
                                                 : std::string("error() was called"));
                   });
  f.deterministic = false;
  f.null_in_null_out = false;
  return f;
}

enum class EnumPart { kRange, kFirst, kLast };

std::optional<ScalarFunction> ResolveEnum(EnumPart part, const std::string& name,
                                          const std::vector<LogicalType>& types) {
  if (types.size() != 1 || types[0].Id() != TypeId::kEnum) {
    throw BinderError(
        fmt::format("This function needs an ENUM as an argument: {} takes one argument of an "
                    "ENUM type, e.g. {}(NULL::mood)",
                    name, name));
  }
  std::vector<std::string> labels = types[0].Enum().labels;
  LogicalType result_type = part == EnumPart::kRange ? LogicalType::List(TypeId::kVarchar)
                                                     : LogicalType(TypeId::kVarchar);
  ScalarFunction f = MakeFunction(
      name, {types[0]}, result_type, [part, labels](const DataChunk&, Vector& result, idx_t count) {
        if (part == EnumPart::kRange) {
          std::vector<Value> values;
          for (const auto& label : labels) values.push_back(Value::Varchar(label));
          Value list = Value::List(TypeId::kVarchar, std::move(values));
          for (idx_t i = 0; i < count; i++) result.SetValue(i, list);
          return;
        }
        if (labels.empty()) {
          for (idx_t i = 0; i < count; i++) result.SetNull(i);
          return;
        }
        string_t value =
            result.AddString(part == EnumPart::kFirst ? labels.front() : labels.back());
        for (idx_t i = 0; i < count; i++) result.Values<string_t>()[i] = value;
      });
  f.null_in_null_out = false;
  return f;
}

ScalarFunctionSet ResolvedSet(
    const std::string& name,
    std::function<std::optional<ScalarFunction>(const std::vector<LogicalType>&)> resolve) {
  ScalarFunctionSet set;
  set.name = name;
  set.resolve = std::move(resolve);
  return set;
}

}  // namespace

void RegisterGenericFunctions(FunctionCatalog& catalog) {
  catalog.AddScalarSet(ResolvedSet("coalesce", [](const std::vector<LogicalType>& types) {
    return ResolveCoalesce("coalesce", 1, SIZE_MAX, types);
  }));
  catalog.AddScalarSet(ResolvedSet("ifnull", [](const std::vector<LogicalType>& types) {
    return ResolveCoalesce("ifnull", 2, 2, types);
  }));
  catalog.AddScalarSet(ResolvedSet("nullif", ResolveNullIf));
  catalog.AddScalarSet(ResolvedSet("typeof", ResolveTypeOf));
  catalog.AddScalarSet(ResolvedSet("hash", ResolveHash));
  catalog.AddScalarSet(ResolvedSet("constant_or_null", ResolveConstantOrNull));
  catalog.AddScalarSet(ResolvedSet("can_cast_implicitly", ResolveCanCastImplicitly));
  catalog.AddScalar(RandomUuid("gen_random_uuid"));
  catalog.AddScalar(RandomUuid("uuid"));
  catalog.AddScalar(Random());
  catalog.AddScalar(SetSeed());
  catalog.AddScalar(SleepMs());
  RegisterSortKeyFunction(catalog);
  catalog.AddScalar(ErrorFunction());
  catalog.AddScalarSet(ResolvedSet("enum_range", [](const std::vector<LogicalType>& types) {
    return ResolveEnum(EnumPart::kRange, "enum_range", types);
  }));
  catalog.AddScalarSet(ResolvedSet("enum_first", [](const std::vector<LogicalType>& types) {
    return ResolveEnum(EnumPart::kFirst, "enum_first", types);
  }));
  catalog.AddScalarSet(ResolvedSet("enum_last", [](const std::vector<LogicalType>& types) {
    return ResolveEnum(EnumPart::kLast, "enum_last", types);
  }));
}

}  // namespace teal
