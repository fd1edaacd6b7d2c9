// Shared helpers of the scalar function families: row loops over flat argument vectors
// and small constructors for ScalarFunction.
//
// Every loop skips rows the executor already marked NULL (null_in_null_out), so a body
// never computes — and never throws — on a NULL argument's unspecified stored value. The
// per-row lambda is a template argument, so the loop compiles to straight code per type.
#pragma once

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "function/function.hpp"
#include "teal/error.hpp"
#include "types/hugeint_ops.hpp"
#include "types/interval.hpp"
#include "vector/vector.hpp"

namespace teal::scalar {

/// SQL's = on two stored values of one type: intervals compare by their normalized
/// length, strings by their bytes, and NaN equals NaN (PostgreSQL and DuckDB order NaN as
/// one value above every number), where C++'s == says it does not.
template <typename T>
bool StoredEqual(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, interval_t>) {
    return Interval::Equals(a, b);
  } else if constexpr (std::is_same_v<T, string_t>) {
    return a.View() == b.View();
  } else if constexpr (std::is_floating_point_v<T>) {
    return a == b || (a != a && b != b);
  } else {
    return a == b;
  }
}

/// result[i] = f(a[i]) for every row still valid in `result`.
template <typename A, typename R, typename F>
void UnaryLoop(const DataChunk& args, Vector& result, idx_t count, F&& f) {
  const A* a = args.data[0].Values<A>();
  R* r = result.Values<R>();
  for (idx_t i = 0; i < count; i++) {
    if (result.RowIsValid(i)) r[i] = f(a[i]);
  }
}

/// result[i] = f(a[i], b[i]) for every row still valid in `result`.
template <typename A, typename B, typename R, typename F>
void BinaryLoop(const DataChunk& args, Vector& result, idx_t count, F&& f) {
  const A* a = args.data[0].Values<A>();
  const B* b = args.data[1].Values<B>();
  R* r = result.Values<R>();
  for (idx_t i = 0; i < count; i++) {
    if (result.RowIsValid(i)) r[i] = f(a[i], b[i]);
  }
}

/// result[i] = f(a[i], b[i], c[i]) for every row still valid in `result`.
template <typename A, typename B, typename C, typename R, typename F>
void TernaryLoop(const DataChunk& args, Vector& result, idx_t count, F&& f) {
  const A* a = args.data[0].Values<A>();
  const B* b = args.data[1].Values<B>();
  const C* c = args.data[2].Values<C>();
  R* r = result.Values<R>();
  for (idx_t i = 0; i < count; i++) {
    if (result.RowIsValid(i)) r[i] = f(a[i], b[i], c[i]);
  }
}

/// A body computed a row at a time from the arguments' values, for functions where a
/// Value per row costs nothing that matters (catalog lookups, path parsing): a row where
/// one of the first `strict` arguments is NULL is NULL, the others are `answer`'s.
inline ScalarFunctionBody ValueRowBody(std::function<Value(const std::vector<Value>&)> answer,
                                       idx_t strict = kInvalidIndex) {
  return [answer = std::move(answer), strict](const DataChunk& args, Vector& result, idx_t count) {
    std::vector<Value> values(args.ColumnCount());
    for (idx_t i = 0; i < count; i++) {
      bool null = false;
      for (idx_t c = 0; c < args.ColumnCount(); c++) {
        values[c] = args.data[c].GetValue(i);
        null = null || (c < strict && values[c].IsNull());
      }
      result.SetValue(i, null ? Value(result.Type()) : answer(values));
    }
  };
}

/// A function with a fixed signature.
inline ScalarFunction MakeFunction(std::string name, std::vector<LogicalType> arguments,
                                   LogicalType return_type, ScalarFunctionBody body) {
  ScalarFunction f;
  f.name = std::move(name);
  f.arguments = std::move(arguments);
  f.return_type = std::move(return_type);
  f.body = std::move(body);
  return f;
}

/// A VARCHAR-returning function: result[i] = AddString(f(args, i)) for every row still
/// valid. (Or a BLOB-returning one: the bytes are stored the same way.)
template <typename F>
ScalarFunction StringFunction(const std::string& name, std::vector<LogicalType> arguments, F f,
                              LogicalType returns = TypeId::kVarchar) {
  return MakeFunction(name, std::move(arguments), std::move(returns),
                      [f](const DataChunk& args, Vector& result, idx_t count) {
                        string_t* out = result.Values<string_t>();
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          out[i] = result.AddString(f(args, i));
                        }
                      });
}

/// Field `k` of each row of STRUCT `source` into `target`, NULL where the STRUCT is (its
/// field rows there are not defined).
inline void CopyStructField(const Vector& source, idx_t k, Vector& target, idx_t count) {
  target.CopyFrom(source.StructChild(k), SelectionVector(), count, 0, 0);
  for (idx_t i = 0; i < count; i++) {
    if (!source.RowIsValid(i)) target.SetNull(i);
  }
}

/// The signed and unsigned integer types with the C++ type of their stored layout.
#define TEAL_FOR_EACH_INTEGER(X)  \
  X(TypeId::kTinyInt, int8_t)     \
  X(TypeId::kSmallInt, int16_t)   \
  X(TypeId::kInteger, int32_t)    \
  X(TypeId::kBigInt, int64_t)     \
  X(TypeId::kHugeInt, hugeint_t)  \
  X(TypeId::kUTinyInt, uint8_t)   \
  X(TypeId::kUSmallInt, uint16_t) \
  X(TypeId::kUInteger, uint32_t)  \
  X(TypeId::kUBigInt, uint64_t)   \
  X(TypeId::kUHugeInt, uhugeint_t)

/// Plain decimal text of a native integer (int128 has no fmt support everywhere).
template <typename N>
std::string IntegerText(N v) {
  if constexpr (sizeof(N) > 8) {
    if constexpr (kIsSignedInt<N>) {
      return Int128ToString(v);
    } else {
      return UInt128ToString(v);
    }
  } else {
    return std::to_string(v);
  }
}

/// a op b with overflow detection (true on overflow) for every native integer type. The
/// 128-bit cases go through hugeint_ops: clang lowers __builtin_mul_overflow on __int128
/// to __muloti4, which libgcc does not provide.
template <typename N>
bool AddOverflow(N a, N b, N& r) {
  if constexpr (std::is_same_v<N, int128>) {
    return !TryAddInt128(a, b, r);
  } else if constexpr (std::is_same_v<N, uint128>) {
    return !TryAddUInt128(a, b, r);
  } else {
    return __builtin_add_overflow(a, b, &r);
  }
}
template <typename N>
bool SubOverflow(N a, N b, N& r) {
  if constexpr (std::is_same_v<N, int128>) {
    return !TrySubInt128(a, b, r);
  } else if constexpr (std::is_same_v<N, uint128>) {
    return !TrySubUInt128(a, b, r);
  } else {
    return __builtin_sub_overflow(a, b, &r);
  }
}
template <typename N>
bool MulOverflow(N a, N b, N& r) {
  if constexpr (std::is_same_v<N, int128>) {
    return !TryMulInt128(a, b, r);
  } else if constexpr (std::is_same_v<N, uint128>) {
    return !TryMulUInt128(a, b, r);
  } else {
    return __builtin_mul_overflow(a, b, &r);
  }
}

/// The stored layout of native integer N's type: hugeint_t for int128 and so on.
template <typename T>
T FromNativeInt(native_int_t<T> v) {
  if constexpr (std::is_same_v<T, hugeint_t> || std::is_same_v<T, uhugeint_t>) {
    return T(v);
  } else {
    return v;
  }
}

/// Reads every row of a DECIMAL (or integer) vector as an int128 unscaled value into
/// `out`, dispatching on the stored layout once.
void ReadUnscaled(const Vector& v, idx_t count, std::vector<int128>& out);
/// Writes int128 unscaled values into a DECIMAL vector of any width (valid rows only).
void WriteUnscaled(const std::vector<int128>& values, Vector& result, idx_t count);

/// `type` as a DECIMAL: itself, or DECIMAL(IntegerDigits, 0) for an integer type (at most
/// DECIMAL(38, 0)). Precondition: integer or decimal.
LogicalType AsDecimal(const LogicalType& type);

/// The type NULL-skipping varargs functions (greatest, coalesce) convert all arguments
/// to: what a comparison of them would use. Throws BinderError naming `function`.
LogicalType CommonArgumentType(const std::vector<LogicalType>& types, std::string_view function);

/// Makes row `row` of the VARCHAR[] `result` the list `pieces`, appended after the
/// elements its child already holds (rows are written in order).
void SetStringListRow(Vector& result, idx_t row, const std::vector<std::string_view>& pieces);

/// Throws the BinderError of a call `name(types…)` no overload takes, DuckDB's words and
/// what is wanted: "No function matches the given name and argument types 'f(INTEGER)': a
/// MAP is expected".
[[noreturn]] void NoMatch(const std::string& name, const std::vector<LogicalType>& types,
                          std::string_view expected);

}  // namespace teal::scalar
