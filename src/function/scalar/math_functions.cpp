// Built-in math functions: abs, sign, round, floor, ceil/ceiling, trunc, sqrt, cbrt,
// power/pow, ln, log, log10, log2, exp, pi, greatest, least.
//
// Floating-point functions follow PostgreSQL's errors rather than returning NaN: the
// square root or logarithm of a negative number, the logarithm of zero, 0 to a negative
// power, a negative number to a fractional power and a finite result that overflows are
// all OutOfRangeErrors ("cannot take logarithm of zero", ...). round(x, n) rounds half
// away from zero. The rounding functions keep a DECIMAL argument DECIMAL (resolve) and
// return an integer argument unchanged.
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "function/builtin_functions.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "types/decimal.hpp"
#include "types/interval.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

ScalarFunction DoubleUnary(const std::string& name, double (*f)(double)) {
  return MakeFunction(name, {TypeId::kDouble}, TypeId::kDouble,
                      [f](const DataChunk& args, Vector& result, idx_t count) {
                        UnaryLoop<double, double>(args, result, count, f);
                      });
}

int64_t GreatestCommonDivisor(int64_t a, int64_t b) {
  // In magnitudes: |INT64_MIN| is no BIGINT, but a divisor of it may be.
  uint64_t x = UnsignedAbs(a);
  uint64_t y = UnsignedAbs(b);
  while (y != 0) {
    const uint64_t r = x % y;
    x = y;
    y = r;
  }
  if (x > static_cast<uint64_t>(INT64_MAX)) throw OutOfRangeError("bigint out of range");
  return static_cast<int64_t>(x);
}

int64_t LeastCommonMultiple(int64_t a, int64_t b) {
  if (a == 0 || b == 0) return 0;
  const int64_t divisor = GreatestCommonDivisor(a, b);
  int64_t product;
  if (__builtin_mul_overflow(a / divisor, b, &product) || product == INT64_MIN) {
    throw OutOfRangeError("bigint out of range");
  }
  return product < 0 ? -product : product;
}

ScalarFunction DoubleBinary(const std::string& name, double (*f)(double, double)) {
  return MakeFunction(name, {TypeId::kDouble, TypeId::kDouble}, TypeId::kDouble,
                      [f](const DataChunk& args, Vector& result, idx_t count) {
                        BinaryLoop<double, double, double>(args, result, count, f);
                      });
}

double CheckFinite(double r, const char* function, double x) {
  if (std::isinf(r) && std::isfinite(x)) {
    throw OutOfRangeError(fmt::format("value out of range in {}({}): overflow", function, x));
  }
  return r;
}

double Ln(double x) {
  if (x == 0) throw OutOfRangeError("cannot take logarithm of zero");
  if (x < 0) throw OutOfRangeError("cannot take logarithm of a negative number");
  return std::log(x);
}

double Power(double x, double y) {
  if (x == 0 && y < 0) throw OutOfRangeError("zero raised to a negative power is undefined");
  if (x < 0 && std::isfinite(y) && y != std::floor(y)) {
    throw OutOfRangeError(
        "a negative number raised to a non-integer power yields a complex result");
  }
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) {
    throw OutOfRangeError(fmt::format("value out of range in power({}, {}): overflow", x, y));
  }
  return r;
}

/// x with `whole` (a rounding of a double to an integer) applied at `digits` fractional
/// digits (negative: left of the point); x itself where it has no such digits to drop.
template <typename Whole>
double AtDigits(double x, int32_t digits, Whole whole) {
  if (!std::isfinite(x)) return x;
  if (digits > 300 || digits < -300) return digits > 0 ? x : 0.0;
  double factor = std::pow(10.0, digits);
  double scaled = x * factor;
  if (!std::isfinite(scaled)) return x;  // more digits than a double holds
  return whole(scaled) / factor;
}

/// x rounded half away from zero at `digits` fractional digits.
double RoundDigits(double x, int32_t digits) {
  return AtDigits(x, digits, [](double v) { return std::round(v); });
}

/// x truncated toward zero at `digits` fractional digits.
double TruncDigits(double x, int32_t digits) {
  return AtDigits(x, digits, [](double v) { return std::trunc(v); });
}

/// x rounded half to even at `digits` fractional digits (banker's rounding, round_even).
double RoundEvenDigits(double x, int32_t digits) {
  return AtDigits(x, digits, [](double v) {
    double down = std::floor(v), diff = v - down;
    return diff > 0.5 || (diff == 0.5 && std::fmod(down, 2.0) != 0) ? down + 1 : down;
  });
}

enum class RoundKind { kRound, kRoundEven, kFloor, kCeil, kTrunc };

int128 RoundUnscaled(int128 v, int128 divisor, RoundKind kind) {
  if (divisor == 1) return v;
  int128 q = v / divisor, rem = v % divisor;
  switch (kind) {
    case RoundKind::kRound:
      return DivideRoundHalfAway(v, divisor);
    case RoundKind::kRoundEven: {
      // Toward the nearest; a remainder of exactly half goes to the even quotient.
      const int128 twice = (rem < 0 ? -rem : rem) * 2;
      if (twice < divisor || (twice == divisor && q % 2 == 0)) return q;
      return v < 0 ? q - 1 : q + 1;
    }
    case RoundKind::kFloor:
      return rem < 0 ? q - 1 : q;
    case RoundKind::kCeil:
      return rem > 0 ? q + 1 : q;
    case RoundKind::kTrunc:
      return q;
  }
  return q;
}

/// An integer rounded at `digits` < 0 (left of the point), in its own type: false when the
/// result does not fit it (round(127::TINYINT, -1)).
template <typename N>
bool RoundIntegerDigits(N v, int32_t digits, RoundKind kind, N& out) {
  if (digits >= 0) {
    out = v;
    return true;
  }
  if (digits < -38) {
    out = 0;
    return kind != RoundKind::kCeil || v <= 0;  // (ceil of a positive value: 10^39)
  }
  using W = std::conditional_t<kIsSignedInt<N>, int128, uint128>;
  // 10^-digits may not fit N itself (TINYINT at -3): then the value is below it.
  const W divisor = static_cast<W>(kPowersOfTen[-digits]);
  const W value = static_cast<W>(v);
  W q = value / divisor;
  const W rem = value % divisor;
  const W abs_rem = rem < 0 ? static_cast<W>(0) - rem : rem;
  const bool negative = value < 0;
  bool away = false;  // one step away from zero
  switch (kind) {
    case RoundKind::kRound:
      away = abs_rem * 2 >= divisor;
      break;
    case RoundKind::kRoundEven:
      away = abs_rem * 2 > divisor || (abs_rem * 2 == divisor && q % 2 != 0);
      break;
    case RoundKind::kFloor:
      away = negative && rem != 0;
      break;
    case RoundKind::kCeil:
      away = !negative && rem != 0;
      break;
    case RoundKind::kTrunc:
      break;
  }
  if (away) q = negative ? q - 1 : q + 1;
  // q * divisor in 128 bits: |q| <= |v| / divisor + 1, so only a 128-bit v can overflow it.
  W r = 0;
  if (__builtin_mul_overflow(q, divisor, &r)) return false;
  if (r < static_cast<W>(MinOf<N>()) || r > static_cast<W>(MaxOf<N>())) return false;
  out = static_cast<N>(r);
  return true;
}

/// round/floor/ceil/trunc of an integer is the integer, also with digits (round(127, -1)
/// is 130, of the argument's type, as in DuckDB); of a DECIMAL(w, s): round, floor,
/// ceil and trunc give DECIMAL(w - s + 1, 0) (round(999.9) = 1000 needs the extra digit),
/// as PostgreSQL's round(numeric) has scale 0 and DuckDB's type is the same. round(x, n)
/// and trunc(x, n) give DECIMAL(w + 1, s) with the digits past n zeroed; the binder casts a
/// call with a constant n to scale n (round(2.45, 1) is 2.5, DECIMAL(3, 1)).
std::optional<ScalarFunction> ResolveRounding(RoundKind kind, const std::string& name,
                                              const std::vector<LogicalType>& types) {
  if (types.empty() || types.size() > 2) return std::nullopt;
  if (types.size() == 2 && !(types[1].IsIntegral() || types[1].Id() == TypeId::kSqlNull)) {
    return std::nullopt;
  }
  const LogicalType& t = types[0];
  if (t.IsIntegral() && types.size() == 1) {
    return MakeFunction(name, {t}, t, [](const DataChunk& args, Vector& result, idx_t) {
      result.Reference(args.data[0]);
    });
  }
  if (t.IsIntegral()) {
    return DispatchFixedWidth(t.Physical(), [&]<typename T>() -> std::optional<ScalarFunction> {
      if constexpr (kIsIntegerLayout<T>) {
        using N = native_int_t<T>;
        return MakeFunction(
            name, {t, TypeId::kInteger}, t,
            [kind, name, t](const DataChunk& args, Vector& result, idx_t count) {
              BinaryLoop<T, int32_t, T>(args, result, count, [&](T x, int32_t digits) {
                N r = 0;
                if (!RoundIntegerDigits<N>(ToNative(x), digits, kind, r)) {
                  throw OutOfRangeError(fmt::format("value out of range: {}({}, {}) overflows {}",
                                                    name, IntegerText(ToNative(x)), digits,
                                                    t.ToString()));
                }
                return FromNativeInt<T>(r);
              });
            });
      } else {
        return std::nullopt;
      }
    });
  }
  if (t.Id() != TypeId::kDecimal) return std::nullopt;
  uint8_t w = t.DecimalWidth(), s = t.DecimalScale();
  ScalarFunction f;
  f.name = name;
  f.arguments = {t};
  if (types.size() == 2) f.arguments.push_back(TypeId::kInteger);
  const bool same_scale = types.size() == 2;
  f.return_type = same_scale
                      ? LogicalType::Decimal(std::min<uint8_t>(kMaxDecimalDigits, w + 1), s)
                      : LogicalType::Decimal(std::min<uint8_t>(kMaxDecimalDigits, w - s + 1), 0);
  uint8_t rw = f.return_type.DecimalWidth();
  f.body = [kind, s, same_scale, rw](const DataChunk& args, Vector& result, idx_t count) {
    std::vector<int128> x;
    ReadUnscaled(args.data[0], count, x);
    const int32_t* digits = args.ColumnCount() > 1 ? args.data[1].Values<int32_t>() : nullptr;
    for (idx_t i = 0; i < count; i++) {
      if (!result.RowIsValid(i)) continue;
      int64_t keep = digits ? digits[i] : 0;
      int64_t drop = int64_t{s} - keep;  // fractional digits to remove
      if (drop <= 0) continue;
      if (drop > kMaxDecimalDigits) {
        x[i] = 0;
        continue;
      }
      int128 divisor = kPowersOfTen[drop];
      int128 r = RoundUnscaled(x[i], divisor, kind);
      // Back at the argument's scale when the type is kept, else at scale 0.
      if (same_scale) r *= divisor;
      if (!DecimalFitsWidth(r, rw)) {
        throw OutOfRangeError(
            fmt::format("Overflow in ROUND of DECIMAL: value out of range, rounding {} overflows "
                        "DECIMAL({})",
                        DecimalToString(x[i], s), rw));
      }
      x[i] = r;
    }
    WriteUnscaled(x, result, count);
  };
  return f;
}

template <typename T>
ScalarFunctionBody AbsInteger(std::string type_name) {
  return [type_name](const DataChunk& args, Vector& result, idx_t count) {
    using N = native_int_t<T>;
    UnaryLoop<T, T>(args, result, count, [&](T x) {
      N a = ToNative(x);
      if constexpr (kIsSignedInt<N>) {
        if (a == MinOf<N>()) {
          throw OutOfRangeError(
              fmt::format("Overflow on abs({}) of {}", IntegerText(a), type_name));
        }
        return FromNativeInt<T>(a < 0 ? static_cast<N>(-a) : a);
      } else {
        return x;
      }
    });
  };
}

void RegisterAbsAndSign(FunctionCatalog& catalog) {
  ScalarFunctionSet abs;
  abs.name = "abs";
#define TEAL_ABS_OVERLOAD(id, T)        \
  abs.overloads.push_back(MakeFunction( \
      "abs", {id}, id, AbsInteger<T>(std::string(PhysicalTypeName(LogicalType(id).Physical())))));
  TEAL_FOR_EACH_INTEGER(TEAL_ABS_OVERLOAD)
#undef TEAL_ABS_OVERLOAD
  abs.overloads.push_back(MakeFunction("abs", {TypeId::kFloat}, TypeId::kFloat,
                                       [](const DataChunk& args, Vector& result, idx_t count) {
                                         UnaryLoop<float, float>(args, result, count, [](float x) {
                                           return std::fabs(x);
                                         });
                                       }));
  abs.overloads.push_back(DoubleUnary("abs", [](double x) { return std::fabs(x); }));
  abs.resolve = [](const std::vector<LogicalType>& types) -> std::optional<ScalarFunction> {
    if (types.size() != 1 || types[0].Id() != TypeId::kDecimal) return std::nullopt;
    return MakeFunction("abs", {types[0]}, types[0],
                        [](const DataChunk& args, Vector& result, idx_t count) {
                          std::vector<int128> x;
                          ReadUnscaled(args.data[0], count, x);
                          for (auto& v : x) v = v < 0 ? -v : v;
                          WriteUnscaled(x, result, count);
                        });
  };
  catalog.AddScalarSet(std::move(abs));

  catalog.AddScalar(MakeFunction("sign", {TypeId::kBigInt}, TypeId::kBigInt,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   UnaryLoop<int64_t, int64_t>(args, result, count, [](int64_t x) {
                                     return int64_t{(x > 0) - (x < 0)};
                                   });
                                 }));
  catalog.AddScalar(DoubleUnary("sign", [](double x) { return double((x > 0) - (x < 0)); }));
  // The floating-point classifications (integers are cast: never NaN nor infinite).
  struct Test {
    const char* name;
    bool (*f)(double);
  };
  const Test tests[] = {{"isnan", [](double x) { return std::isnan(x); }},
                        {"isinf", [](double x) { return std::isinf(x); }},
                        {"isfinite", [](double x) { return std::isfinite(x); }},
                        {"signbit", [](double x) { return std::signbit(x); }}};
  for (const Test& test : tests) {
    auto f = test.f;
    catalog.AddScalar(MakeFunction(test.name, {TypeId::kDouble}, TypeId::kBoolean,
                                   [f](const DataChunk& args, Vector& result, idx_t count) {
                                     UnaryLoop<double, bool>(args, result, count, f);
                                   }));
  }
}

void RegisterRounding(FunctionCatalog& catalog) {
  struct Entry {
    const char* name;
    RoundKind kind;
    double (*f)(double);
  };
  const Entry entries[] = {
      {"round", RoundKind::kRound, [](double x) { return std::round(x); }},
      {"floor", RoundKind::kFloor, [](double x) { return std::floor(x); }},
      {"ceil", RoundKind::kCeil, [](double x) { return std::ceil(x); }},
      {"ceiling", RoundKind::kCeil, [](double x) { return std::ceil(x); }},
      {"trunc", RoundKind::kTrunc, [](double x) { return std::trunc(x); }},
      // DuckDB's banker's rounding: half to even.
      {"round_even", RoundKind::kRoundEven, [](double x) { return std::nearbyint(x); }},
      {"roundbankers", RoundKind::kRoundEven, [](double x) { return std::nearbyint(x); }},
  };
  for (const auto& e : entries) {
    ScalarFunctionSet set;
    set.name = e.name;
    set.overloads.push_back(DoubleUnary(e.name, e.f));
    if (e.kind == RoundKind::kRoundEven) {
      set.overloads.push_back(
          MakeFunction(e.name, {TypeId::kDouble, TypeId::kInteger}, TypeId::kDouble,
                       [](const DataChunk& args, Vector& result, idx_t count) {
                         BinaryLoop<double, int32_t, double>(args, result, count, RoundEvenDigits);
                       }));
    }
    std::string name = e.name;
    RoundKind kind = e.kind;
    set.resolve = [kind, name](const std::vector<LogicalType>& types) {
      return ResolveRounding(kind, name, types);
    };
    catalog.AddScalarSet(std::move(set));
  }
  catalog.AddScalar(MakeFunction("round", {TypeId::kDouble, TypeId::kInteger}, TypeId::kDouble,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<double, int32_t, double>(args, result, count,
                                                                       RoundDigits);
                                 }));
  catalog.AddScalar(MakeFunction("trunc", {TypeId::kDouble, TypeId::kInteger}, TypeId::kDouble,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<double, int32_t, double>(args, result, count,
                                                                       TruncDigits);
                                 }));
}

/// greatest/least over one common type; NULL arguments are skipped (PostgreSQL), the
/// result is NULL only when every argument is.
template <bool kGreatest>
std::optional<ScalarFunction> ResolveExtreme(const std::vector<LogicalType>& types) {
  const char* name = kGreatest ? "greatest" : "least";
  if (types.empty()) throw BinderError(fmt::format("{}() needs at least one argument", name));
  LogicalType common = CommonArgumentType(types, name);
  if (common.Id() == TypeId::kSqlNull) common = TypeId::kInteger;
  ScalarFunction f;
  f.name = name;
  f.varargs = common;
  f.return_type = common;
  f.null_in_null_out = false;
  f.body = [](const DataChunk& args, Vector& result, idx_t count) {
    auto better = [](const auto& a, const auto& b) {
      using T = std::decay_t<decltype(a)>;
      if constexpr (std::is_same_v<T, interval_t>) {
        return kGreatest ? Interval::Compare(a, b) > 0 : Interval::Compare(a, b) < 0;
      } else if constexpr (std::is_same_v<T, string_t>) {
        return kGreatest ? a.View() > b.View() : a.View() < b.View();
      } else {
        return kGreatest ? b < a : a < b;
      }
    };
    auto run = [&]<typename T>() {
      T* out = result.Values<T>();
      for (idx_t i = 0; i < count; i++) {
        bool found = false;
        for (const auto& arg : args.data) {
          if (!arg.RowIsValid(i)) continue;
          const T& v = arg.Values<T>()[i];
          if (!found || better(v, out[i])) out[i] = v;
          found = true;
        }
        if (!found) {
          result.SetNull(i);
        } else if constexpr (std::is_same_v<T, string_t>) {
          out[i] = result.AddString(out[i].View());
        }
      }
    };
    const LogicalType& type = result.Type();
    if (type.Physical() == PhysicalType::kVarchar) {
      run.template operator()<string_t>();
    } else if (type.Id() == TypeId::kTimeTz || type.Physical() == PhysicalType::kList ||
               type.Physical() == PhysicalType::kStruct) {
      // TIME WITH TIME ZONE (ordered by its instant) and nested values: by their order as
      // ORDER BY has it (CompareValues), value by value.
      for (idx_t i = 0; i < count; i++) {
        std::optional<Value> best;
        for (const auto& arg : args.data) {
          if (!arg.RowIsValid(i)) continue;
          Value v = arg.GetValue(i);
          const int c = best ? CompareValues(v, *best) : 0;
          if (!best || (kGreatest ? c > 0 : c < 0)) best = std::move(v);
        }
        if (best) {
          result.SetValue(i, *best);
        } else {
          result.SetNull(i);
        }
      }
    } else {
      DispatchFixedWidth(type.Physical(), run);
    }
  };
  return f;
}

}  // namespace

void RegisterMathFunctions(FunctionCatalog& catalog) {
  RegisterAbsAndSign(catalog);
  RegisterRounding(catalog);
  catalog.AddScalar(DoubleUnary("sqrt", [](double x) {
    if (x < 0) throw OutOfRangeError("cannot take square root of a negative number");
    return std::sqrt(x);
  }));
  catalog.AddScalar(DoubleUnary("cbrt", [](double x) { return std::cbrt(x); }));
  // Trigonometry in radians, as PostgreSQL: an argument outside a function's domain (or
  // an infinite one) is an error, not NaN.
  auto trig = [](const char* name, double (*f)(double), double low, double high) {
    std::string n = name;
    return MakeFunction(
        n, {TypeId::kDouble}, TypeId::kDouble,
        [n, f, low, high](const DataChunk& args, Vector& result, idx_t count) {
          UnaryLoop<double, double>(args, result, count, [&](double x) {
            if (!(x >= low && x <= high)) {
              if (std::isnan(x)) return x;
              throw OutOfRangeError(fmt::format("{}: input {} is out of range", n, x));
            }
            return f(x);
          });
        });
  };
  constexpr double kInf = std::numeric_limits<double>::max();
  catalog.AddScalar(trig(
      "sin", [](double x) { return std::sin(x); }, -kInf, kInf));
  catalog.AddScalar(trig(
      "cos", [](double x) { return std::cos(x); }, -kInf, kInf));
  catalog.AddScalar(trig(
      "tan", [](double x) { return std::tan(x); }, -kInf, kInf));
  catalog.AddScalar(trig(
      "cot", [](double x) { return 1.0 / std::tan(x); }, -kInf, kInf));
  catalog.AddScalar(trig(
      "asin", [](double x) { return std::asin(x); }, -1, 1));
  catalog.AddScalar(trig(
      "acos", [](double x) { return std::acos(x); }, -1, 1));
  catalog.AddScalar(DoubleUnary("atan", [](double x) { return std::atan(x); }));
  // Hyperbolic functions (PostgreSQL's): acosh below 1 and atanh beyond ±1 are errors.
  catalog.AddScalar(DoubleUnary("sinh", [](double x) { return std::sinh(x); }));
  catalog.AddScalar(DoubleUnary("cosh", [](double x) { return std::cosh(x); }));
  catalog.AddScalar(DoubleUnary("tanh", [](double x) { return std::tanh(x); }));
  catalog.AddScalar(DoubleUnary("asinh", [](double x) { return std::asinh(x); }));
  catalog.AddScalar(trig(
      "acosh", [](double x) { return std::acosh(x); }, 1, std::numeric_limits<double>::infinity()));
  catalog.AddScalar(trig(
      "atanh", [](double x) { return std::atanh(x); }, -1, 1));
  catalog.AddScalar(DoubleBinary("atan2", [](double y, double x) { return std::atan2(y, x); }));
  catalog.AddScalar(DoubleUnary("gamma", [](double x) {
    if (x == 0) throw OutOfRangeError("cannot take gamma of zero");
    return std::tgamma(x);
  }));
  catalog.AddScalar(DoubleUnary("lgamma", [](double x) {
    if (x == 0) throw OutOfRangeError("cannot take log gamma of zero");
    return std::lgamma(x);
  }));
  // the next representable number after x toward y (DuckDB's, C's nextafter)
  catalog.AddScalar(
      DoubleBinary("nextafter", [](double x, double y) { return std::nextafter(x, y); }));
  catalog.AddScalar(MakeFunction("nextafter", {TypeId::kFloat, TypeId::kFloat}, TypeId::kFloat,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<float, float, float>(
                                       args, result, count,
                                       [](float x, float y) { return std::nextafter(x, y); });
                                 }));
  catalog.AddScalar(
      DoubleUnary("degrees", [](double x) { return x * (180.0 / std::numbers::pi); }));
  catalog.AddScalar(
      DoubleUnary("radians", [](double x) { return x * (std::numbers::pi / 180.0); }));
  catalog.AddScalar(DoubleBinary("power", Power));
  catalog.AddScalar(DoubleBinary("pow", Power));
  catalog.AddScalar(DoubleUnary("ln", Ln));
  catalog.AddScalar(DoubleUnary("log", [](double x) { return Ln(x) / std::numbers::ln10; }));
  catalog.AddScalar(DoubleUnary("log10", [](double x) { return Ln(x) / std::numbers::ln10; }));
  catalog.AddScalar(DoubleUnary("log2", [](double x) { return Ln(x) / std::numbers::ln2; }));
  catalog.AddScalar(DoubleBinary("log", [](double base, double x) {
    double denominator = Ln(base);
    if (denominator == 0) throw OutOfRangeError("division by zero");
    return Ln(x) / denominator;
  }));
  catalog.AddScalar(
      DoubleUnary("exp", [](double x) { return CheckFinite(std::exp(x), "exp", x); }));
  catalog.AddScalar(
      MakeFunction("pi", {}, TypeId::kDouble, [](const DataChunk&, Vector& result, idx_t count) {
        for (idx_t i = 0; i < count; i++) {
          result.Values<double>()[i] = std::numbers::pi;
        }
      }));
  // even(x) (DuckDB's): x rounded away from zero to an even integer.
  catalog.AddScalar(DoubleUnary("even", [](double x) {
    double away = x >= 0 ? std::ceil(x) : std::floor(x);
    if (std::isfinite(away) && std::fmod(away, 2) != 0) away += x >= 0 ? 1 : -1;
    return away;
  }));
  // gcd / lcm of BIGINTs (PostgreSQL's): never negative; a result beyond BIGINT an error.
  catalog.AddScalar(MakeFunction("gcd", {TypeId::kBigInt, TypeId::kBigInt}, TypeId::kBigInt,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<int64_t, int64_t, int64_t>(args, result, count,
                                                                         GreatestCommonDivisor);
                                 }));
  catalog.AddScalar(MakeFunction("lcm", {TypeId::kBigInt, TypeId::kBigInt}, TypeId::kBigInt,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<int64_t, int64_t, int64_t>(args, result, count,
                                                                         LeastCommonMultiple);
                                 }));
  ScalarFunctionSet greatest;
  greatest.name = "greatest";
  greatest.resolve = ResolveExtreme<true>;
  catalog.AddScalarSet(std::move(greatest));
  ScalarFunctionSet least;
  least.name = "least";
  least.resolve = ResolveExtreme<false>;
  catalog.AddScalarSet(std::move(least));
}

}  // namespace teal
