// Built-in + - * / % (and mod()) on numbers; the date/time overloads of the same
// operators come from date_arithmetic.cpp, the math functions from math_functions.cpp.
//
// Typing follows PostgreSQL: an integer operation runs in the common type of its
// operands after implicit widening (INTEGER + SMALLINT is INTEGER) and overflow of that
// type is an OutOfRangeError naming the operation and both operands, never a silent wrap.
// Division of integers truncates toward zero; division or modulo by zero is an error for
// every numeric type, floating point included (as in PostgreSQL).
//
// DECIMAL is typed by the set's resolve: + - % work on a common scale (max of the two)
// with one more digit of width, * adds the scales; both cap the width at 38 and fail at
// run time when a result does not fit. DECIMAL / DECIMAL is computed in DOUBLE, as DuckDB
// does, rather than PostgreSQL's variable-scale NUMERIC.
#include <cmath>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/decimal.hpp"

namespace teal {

using namespace scalar;  // NOLINT: this file is the scalar family's own

namespace {

const char* OpName(ArithOp op) {
  switch (op) {
    case ArithOp::kAdd:
      return "addition";
    case ArithOp::kSubtract:
      return "subtraction";
    case ArithOp::kMultiply:
      return "multiplication";
    case ArithOp::kDivide:
      return "division";
    case ArithOp::kModulo:
      return "modulo";
  }
  return "";
}

const char* OpSymbol(ArithOp op) {
  switch (op) {
    case ArithOp::kAdd:
      return "+";
    case ArithOp::kSubtract:
      return "-";
    case ArithOp::kMultiply:
      return "*";
    case ArithOp::kDivide:
      return "/";
    case ArithOp::kModulo:
      return "%";
  }
  return "";
}

[[noreturn]] void ThrowDivisionByZero() { throw OutOfRangeError("division by zero"); }

template <typename T, ArithOp kOp>
ScalarFunctionBody IntegerBody(std::string type_name) {
  return [type_name](const DataChunk& args, Vector& result, idx_t count) {
    using N = native_int_t<T>;
    BinaryLoop<T, T, T>(args, result, count, [&](T x, T y) {
      N a = ToNative(x), b = ToNative(y), r{};
      bool overflow = false;
      if constexpr (kOp == ArithOp::kAdd) {
        overflow = AddOverflow<N>(a, b, r);
      } else if constexpr (kOp == ArithOp::kSubtract) {
        overflow = SubOverflow<N>(a, b, r);
      } else if constexpr (kOp == ArithOp::kMultiply) {
        overflow = MulOverflow<N>(a, b, r);
      } else {
        if (b == 0) ThrowDivisionByZero();
        // MIN / -1 is the one quotient that does not fit; MIN % -1 is 0.
        bool min_by_minus_one = false;
        if constexpr (kIsSignedInt<N>) min_by_minus_one = b == N(-1) && a == MinOf<N>();
        if constexpr (kOp == ArithOp::kDivide) {
          overflow = min_by_minus_one;
          if (!overflow) r = static_cast<N>(a / b);
        } else {
          r = min_by_minus_one ? N(0) : static_cast<N>(a % b);
        }
      }
      if (overflow) {
        throw OutOfRangeError(fmt::format("Overflow in {} of {} ({} {} {})!", OpName(kOp),
                                          type_name, IntegerText(a), OpSymbol(kOp),
                                          IntegerText(b)));
      }
      return FromNativeInt<T>(r);
    });
  };
}

template <typename T, ArithOp kOp>
ScalarFunctionBody FloatBody(std::string type_name) {
  return [type_name](const DataChunk& args, Vector& result, idx_t count) {
    BinaryLoop<T, T, T>(args, result, count, [&](T a, T b) {
      T r;
      if constexpr (kOp == ArithOp::kAdd) {
        r = a + b;
      } else if constexpr (kOp == ArithOp::kSubtract) {
        r = a - b;
      } else if constexpr (kOp == ArithOp::kMultiply) {
        r = a * b;
      } else {
        if (b == 0) ThrowDivisionByZero();
        r = kOp == ArithOp::kDivide ? a / b : std::fmod(a, b);
      }
      // Infinity from finite operands is an overflow (PostgreSQL's "value out of range").
      if (std::isinf(r) && std::isfinite(a) && std::isfinite(b)) {
        throw OutOfRangeError(fmt::format("Overflow in {} of {} ({} {} {})!", OpName(kOp),
                                          type_name, a, OpSymbol(kOp), b));
      }
      return r;
    });
  };
}

template <ArithOp kOp>
void AddNumericOverloads(std::vector<ScalarFunction>& out, const std::string& name) {
#define TEAL_INTEGER_OVERLOAD(id, T) \
  out.push_back(MakeFunction(        \
      name, {id, id}, id,            \
      IntegerBody<T, kOp>(std::string(PhysicalTypeName(LogicalType(id).Physical())))));
  TEAL_FOR_EACH_INTEGER(TEAL_INTEGER_OVERLOAD)
#undef TEAL_INTEGER_OVERLOAD
  out.push_back(MakeFunction(name, {TypeId::kFloat, TypeId::kFloat}, TypeId::kFloat,
                             FloatBody<float, kOp>("FLOAT")));
  out.push_back(MakeFunction(name, {TypeId::kDouble, TypeId::kDouble}, TypeId::kDouble,
                             FloatBody<double, kOp>("DOUBLE")));
}

bool IsDecimalOperand(const LogicalType& t) {
  return t.Id() == TypeId::kDecimal || t.IsIntegral() || t.Id() == TypeId::kSqlNull;
}

/// The DECIMAL overload of + - * % for `types`, or nullopt when they are not DECIMAL
/// operands (at least one DECIMAL, the other an integer, DECIMAL or NULL).
/// Calls f.template operator()<T>() with the C++ type of a DECIMAL stored in at most 64
/// bits (int16_t, int32_t, int64_t); returns false for the 128-bit layout.
template <typename F>
bool DispatchNarrowDecimal(PhysicalType type, F&& f) {
  switch (type) {
    case PhysicalType::kInt16:
      f.template operator()<int16_t>();
      return true;
    case PhysicalType::kInt32:
      f.template operator()<int32_t>();
      return true;
    case PhysicalType::kInt64:
      f.template operator()<int64_t>();
      return true;
    default:
      return false;
  }
}

/// DECIMAL x + y, x - y or x * y whose operands are stored in at most 64 bits, so hold at
/// most 18 digits: the result type's width (the operands' digits plus one for + and -,
/// their sum for *) was not capped at 38, so no result overflows it or its layout, and the
/// loop checks nothing. The arithmetic wraps (unsigned) so that the unspecified bytes of
/// NULL rows cannot overflow a signed type either.
template <typename A, typename B, typename R>
void NarrowDecimalLoop(ArithOp op, const Vector& a, const Vector& b, Vector& result, idx_t count) {
  using N = native_int_t<R>;  // int64_t or int128
  using U = std::make_unsigned_t<N>;
  const A* x = a.Values<A>();
  const B* y = b.Values<B>();
  R* out = result.Values<R>();
  auto run = [&](auto f) {
    for (idx_t i = 0; i < count; i++) {
      out[i] = FromNativeInt<R>(static_cast<N>(
          f(static_cast<U>(static_cast<N>(x[i])), static_cast<U>(static_cast<N>(y[i])))));
    }
  };
  switch (op) {
    case ArithOp::kAdd:
      return run([](U p, U q) { return p + q; });
    case ArithOp::kSubtract:
      return run([](U p, U q) { return p - q; });
    case ArithOp::kMultiply:
      return run([](U p, U q) { return p * q; });
    default:
      throw InternalError("NarrowDecimalLoop of " + std::string(OpName(op)));
  }
}

/// NarrowDecimalLoop for the layouts of `a`, `b` and `result`; false when one of the
/// operands is stored in 128 bits.
bool TryNarrowDecimal(ArithOp op, const Vector& a, const Vector& b, Vector& result, idx_t count) {
  if (op == ArithOp::kModulo || op == ArithOp::kDivide) return false;
  bool done = false;
  DispatchNarrowDecimal(a.Type().Physical(), [&]<typename A>() {
    DispatchNarrowDecimal(b.Type().Physical(), [&]<typename B>() {
      if (result.Type().Physical() == PhysicalType::kInt64) {
        NarrowDecimalLoop<A, B, int64_t>(op, a, b, result, count);
        done = true;
      } else if (result.Type().Physical() == PhysicalType::kInt128) {
        NarrowDecimalLoop<A, B, hugeint_t>(op, a, b, result, count);
        done = true;
      }
    });
  });
  return done;
}

/// DECIMAL x + y, x - y or x * y into a 128-bit result when an operand is stored in 128
/// bits: checked row by row, with a single 64 x 64 -> 128-bit multiply where both
/// operands fit 64 bits (TPC-H's price * (1 - discount) * (1 + tax) is such a product).
/// False, with `result` unspecified, when a row that is not NULL overflows the width:
/// the caller then runs the loop that says which.
template <typename A, typename B>
bool WideDecimalLoop(ArithOp op, const Vector& a, const Vector& b, Vector& result, idx_t count,
                     uint8_t width) {
  const A* x = a.Values<A>();
  const B* y = b.Values<B>();
  auto* out = result.Values<hugeint_t>();
  const int128 limit = kPowersOfTen[width];
  bool bad = false;
  auto run = [&](auto f) {
    for (idx_t i = 0; i < count; i++) {
      const auto p = static_cast<int128>(ToNative(x[i]));
      const auto q = static_cast<int128>(ToNative(y[i]));
      int128 r = 0;
      const bool overflow = f(p, q, r);
      bad |= overflow | (r >= limit) | (r <= -limit);
      out[i] = hugeint_t(r);
    }
  };
  switch (op) {
    case ArithOp::kAdd:
      run([](int128 p, int128 q, int128& r) { return AddOverflow<int128>(p, q, r); });
      break;
    case ArithOp::kSubtract:
      run([](int128 p, int128 q, int128& r) { return SubOverflow<int128>(p, q, r); });
      break;
    case ArithOp::kMultiply:
      run([](int128 p, int128 q, int128& r) {
        const auto p64 = static_cast<int64_t>(p), q64 = static_cast<int64_t>(q);
        if (p64 == p && q64 == q) {
          r = static_cast<int128>(p64) * q64;  // |r| < 2^126: no overflow
          return false;
        }
        return MulOverflow<int128>(p, q, r);
      });
      break;
    default:
      return false;
  }
  if (!bad) return true;
  // The bytes of a NULL row are unspecified: only the rows that are not NULL count.
  if (result.Validity().AllValid()) return false;
  for (idx_t i = 0; i < count; i++) {
    if (!result.RowIsValid(i)) continue;
    int128 r = 0;
    const auto p = static_cast<int128>(ToNative(x[i]));
    const auto q = static_cast<int128>(ToNative(y[i]));
    bool overflow = op == ArithOp::kAdd        ? AddOverflow<int128>(p, q, r)
                    : op == ArithOp::kSubtract ? SubOverflow<int128>(p, q, r)
                                               : MulOverflow<int128>(p, q, r);
    if (overflow || !DecimalFitsWidth(r, width)) return false;
  }
  return true;
}

/// WideDecimalLoop for the layouts of `a` and `b` (at most 128 bits each) into a 128-bit
/// result; false when it did not run or a row overflowed.
bool TryWideDecimal(ArithOp op, const Vector& a, const Vector& b, Vector& result, idx_t count,
                    uint8_t width) {
  if (result.Type().Physical() != PhysicalType::kInt128) return false;
  if (a.IsConstant() || b.IsConstant()) return false;
  auto dispatch = [](PhysicalType type, auto&& f) {
    if (type == PhysicalType::kInt128) return f.template operator()<hugeint_t>();
    bool done = false;
    DispatchNarrowDecimal(type, [&]<typename T>() { done = f.template operator()<T>(); });
    return done;
  };
  return dispatch(a.Type().Physical(), [&]<typename A>() {
    return dispatch(b.Type().Physical(), [&]<typename B>() {
      return WideDecimalLoop<A, B>(op, a, b, result, count, width);
    });
  });
}

std::optional<ScalarFunction> ResolveDecimal(ArithOp op, const std::string& name,
                                             const std::vector<LogicalType>& types) {
  if (types.size() != 2 || op == ArithOp::kDivide) return std::nullopt;
  if (!IsDecimalOperand(types[0]) || !IsDecimalOperand(types[1])) return std::nullopt;
  if (types[0].Id() != TypeId::kDecimal && types[1].Id() != TypeId::kDecimal) return std::nullopt;
  LogicalType a = AsDecimal(types[0].Id() == TypeId::kSqlNull ? types[1] : types[0]);
  LogicalType b = AsDecimal(types[1].Id() == TypeId::kSqlNull ? types[0] : types[1]);
  int sa = a.DecimalScale(), sb = b.DecimalScale();
  int da = a.DecimalWidth() - sa, db = b.DecimalWidth() - sb;
  ScalarFunction f;
  f.name = name;
  int width, scale;
  if (op == ArithOp::kMultiply) {
    scale = sa + sb;
    if (scale > kMaxDecimalDigits) {
      throw OutOfRangeError(
          fmt::format("Needed scale {} for the product of {} and {}, above the maximum 38", scale,
                      a.ToString(), b.ToString()));
    }
    width = std::min<int>(kMaxDecimalDigits, a.DecimalWidth() + b.DecimalWidth());
    f.arguments = {a, b};
  } else {
    scale = std::max(sa, sb);
    int digits = std::max(da, db) + (op == ArithOp::kModulo ? 0 : 1);
    width = std::min<int>(kMaxDecimalDigits, digits + scale);
    // Both operands at the result scale, so the body works on plain unscaled integers.
    auto at_scale = [&](int d) {
      return LogicalType::Decimal(static_cast<uint8_t>(std::min<int>(kMaxDecimalDigits, d + scale)),
                                  static_cast<uint8_t>(scale));
    };
    f.arguments = {at_scale(da), at_scale(db)};
  }
  f.return_type = LogicalType::Decimal(static_cast<uint8_t>(width), static_cast<uint8_t>(scale));
  uint8_t w = static_cast<uint8_t>(width);
  uint8_t a_scale = f.arguments[0].DecimalScale(), b_scale = f.arguments[1].DecimalScale();
  std::string type_name = f.return_type.ToString();
  f.body = [op, w, a_scale, b_scale, type_name](const DataChunk& args, Vector& result,
                                                idx_t count) {
    if (TryNarrowDecimal(op, args.data[0], args.data[1], result, count)) return;
    if (op != ArithOp::kModulo &&
        TryWideDecimal(op, args.data[0], args.data[1], result, count, w)) {
      return;
    }
    std::vector<int128> x, y;
    ReadUnscaled(args.data[0], count, x);
    ReadUnscaled(args.data[1], count, y);
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      int128 r = 0;
      bool overflow = false;
      switch (op) {
        case ArithOp::kAdd:
          overflow = AddOverflow<int128>(x[i], y[i], r);
          break;
        case ArithOp::kSubtract:
          overflow = SubOverflow<int128>(x[i], y[i], r);
          break;
        case ArithOp::kMultiply:
          overflow = MulOverflow<int128>(x[i], y[i], r);
          break;
        case ArithOp::kModulo:
          if (y[i] == 0) ThrowDivisionByZero();
          r = x[i] % y[i];
          break;
        case ArithOp::kDivide:
          break;
      }
      if (overflow || !DecimalFitsWidth(r, w)) {
        // DuckDB's decimal wording says "subtract" where its integer one says "subtraction".
        throw OutOfRangeError(fmt::format("Overflow in {} of {} ({} {} {})!",
                                          op == ArithOp::kSubtract ? "subtract" : OpName(op),
                                          type_name, DecimalToString(x[i], a_scale), OpSymbol(op),
                                          DecimalToString(y[i], b_scale)));
      }
      x[i] = r;
    }
    WriteUnscaled(x, result, count);
  };
  return f;
}

template <typename T>
ScalarFunctionBody NegateInteger(std::string type_name) {
  return [type_name](const DataChunk& args, Vector& result, idx_t count) {
    using N = native_int_t<T>;
    UnaryLoop<T, T>(args, result, count, [&](T x) {
      N a = ToNative(x);
      if (a == MinOf<N>()) {
        throw OutOfRangeError(
            fmt::format("Overflow in negation of {} (-({}))!", type_name, IntegerText(a)));
      }
      return FromNativeInt<T>(static_cast<N>(-a));
    });
  };
}

void AddUnaryOverloads(std::vector<ScalarFunction>& out, bool minus) {
  auto identity = [](const DataChunk& args, Vector& result, idx_t count) {
    (void)count;
    result.Reference(args.data[0]);
  };
#define TEAL_UNARY_OVERLOAD(id, T)                                                          \
  if constexpr (kIsSignedInt<native_int_t<T>>) {                                            \
    out.push_back(MakeFunction(                                                             \
        minus ? "-" : "+", {id}, id,                                                        \
        minus ? NegateInteger<T>(std::string(PhysicalTypeName(LogicalType(id).Physical()))) \
              : ScalarFunctionBody(identity)));                                             \
  }
  TEAL_FOR_EACH_INTEGER(TEAL_UNARY_OVERLOAD)
#undef TEAL_UNARY_OVERLOAD
  auto negate_float = [](const DataChunk& args, Vector& result, idx_t count) {
    UnaryLoop<float, float>(args, result, count, [](float x) { return -x; });
  };
  auto negate_double = [](const DataChunk& args, Vector& result, idx_t count) {
    UnaryLoop<double, double>(args, result, count, [](double x) { return -x; });
  };
  std::string name = minus ? "-" : "+";
  out.push_back(MakeFunction(name, {TypeId::kFloat}, TypeId::kFloat,
                             minus ? ScalarFunctionBody(negate_float) : identity));
  out.push_back(MakeFunction(name, {TypeId::kDouble}, TypeId::kDouble,
                             minus ? ScalarFunctionBody(negate_double) : identity));
}

/// -x and +x of a DECIMAL keep its type (the range is symmetric, so no overflow).
std::optional<ScalarFunction> ResolveUnaryDecimal(bool minus,
                                                  const std::vector<LogicalType>& types) {
  if (types.size() != 1 || types[0].Id() != TypeId::kDecimal) return std::nullopt;
  ScalarFunction f;
  f.name = minus ? "-" : "+";
  f.arguments = {types[0]};
  f.return_type = types[0];
  f.body = [minus](const DataChunk& args, Vector& result, idx_t count) {
    if (!minus) {
      result.Reference(args.data[0]);
      return;
    }
    std::vector<int128> x;
    ReadUnscaled(args.data[0], count, x);
    for (auto& v : x) v = -v;
    WriteUnscaled(x, result, count);
  };
  return f;
}

}  // namespace

std::optional<ScalarFunction> ResolveUntypedNull(const std::string& name,
                                                 const std::vector<LogicalType>& types) {
  // An untyped NULL matches every overload equally well; like PostgreSQL's "unknown" it
  // takes the type of the other operand, so NULL + 1 is INTEGER rather than ambiguous.
  if (types.size() != 2) return std::nullopt;
  bool a_null = types[0].Id() == TypeId::kSqlNull, b_null = types[1].Id() == TypeId::kSqlNull;
  if (a_null == b_null) return std::nullopt;
  LogicalType other = a_null ? types[1] : types[0];
  const ScalarFunctionSet* set = FunctionCatalog::Builtins().FindScalar(name);
  if (!set) return std::nullopt;
  for (const auto& f : set->overloads) {
    if (f.arguments.size() == 2 && f.arguments[0] == other && f.arguments[1] == other) return f;
  }
  return std::nullopt;
}

ScalarFunctionSet MakeArithmeticSet(ArithOp op, const std::string& name) {
  ScalarFunctionSet set;
  set.name = name;
  switch (op) {
    case ArithOp::kAdd:
      AddNumericOverloads<ArithOp::kAdd>(set.overloads, name);
      break;
    case ArithOp::kSubtract:
      AddNumericOverloads<ArithOp::kSubtract>(set.overloads, name);
      break;
    case ArithOp::kMultiply:
      AddNumericOverloads<ArithOp::kMultiply>(set.overloads, name);
      break;
    case ArithOp::kDivide:
      AddNumericOverloads<ArithOp::kDivide>(set.overloads, name);
      break;
    case ArithOp::kModulo:
      AddNumericOverloads<ArithOp::kModulo>(set.overloads, name);
      break;
  }
  if (op == ArithOp::kAdd || op == ArithOp::kSubtract) {
    AddUnaryOverloads(set.overloads, op == ArithOp::kSubtract);
  }
  AddDateArithmetic(op, set.overloads);
  AddBignumArithmetic(op, set.overloads);
  set.resolve = [op, name](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (op == ArithOp::kAdd || op == ArithOp::kSubtract) {
      if (auto f = ResolveUnaryDecimal(op == ArithOp::kSubtract, types)) return f;
    }
    if (auto f = ResolveDecimal(op, name, types)) return f;
    return ResolveUntypedNull(name, types);
  };
  return set;
}

void RegisterArithmeticFunctions(FunctionCatalog& catalog) {
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kAdd, "+"));
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kSubtract, "-"));
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kMultiply, "*"));
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kDivide, "/"));
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kModulo, "%"));
  catalog.AddScalarSet(MakeArithmeticSet(ArithOp::kModulo, "mod"));
  RegisterMathFunctions(catalog);
  RegisterBitwiseOperators(catalog);
}

}  // namespace teal
