// Casts among BOOLEAN, the integers (TINYINT..UHUGEINT), FLOAT, DOUBLE and DECIMAL.
//
// Rules:
//   BOOLEAN <-> integer      true = 1, false = 0; any non-zero integer is true
//   integer -> integer       exact, "out of range" when the value does not fit
//   FLOAT/DOUBLE -> integer  rounded half to even (nearbyint); NaN, infinities and
//                            values that do not fit are "out of range"
//   integer -> FLOAT/DOUBLE  the nearest value; DOUBLE -> FLOAT overflow is an error
//   DECIMAL -> integer       rounded half away from zero, then range-checked
//   DECIMAL -> DECIMAL       rescaled, rounding half away from zero; must fit the width
//   integer -> DECIMAL       must fit the width after scaling
//   FLOAT/DOUBLE -> DECIMAL  the value as printed, rounded half away from zero
//   DECIMAL -> FLOAT/DOUBLE  the nearest value
// The storage types are dispatched once per vector (source and target layout); the
// DECIMAL/not-DECIMAL choice is also made outside the row loops.
#include <cmath>
#include <limits>

#include "types/decimal.hpp"
#include "types/numeric_format.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

enum class NumericKind : uint8_t { kBoolean, kInteger, kFloating, kDecimal, kOther };

NumericKind KindOf(const LogicalType& type) {
  if (type.Id() == TypeId::kBoolean) return NumericKind::kBoolean;
  if (type.Id() == TypeId::kDecimal) return NumericKind::kDecimal;
  if (type.Id() == TypeId::kFloat || type.Id() == TypeId::kDouble) return NumericKind::kFloating;
  if (type.IsIntegral()) return NumericKind::kInteger;
  return NumericKind::kOther;
}

// The value as its own type renders it, for error messages.
template <typename S>
std::string RenderValue(S v, const LogicalType& type) {
  if constexpr (std::is_same_v<S, bool>) {
    return v ? "true" : "false";
  } else if constexpr (std::is_same_v<S, float>) {
    return FloatToString(v);
  } else if constexpr (std::is_same_v<S, double>) {
    return DoubleToString(v);
  } else if constexpr (kIsIntegerLayout<S>) {
    if (type.Id() == TypeId::kDecimal) {
      return DecimalToString(static_cast<int128>(ToNative(v)), type.DecimalScale());
    }
    return IntegerToString(ToNative(v));
  } else {
    return "?";
  }
}

// Applies op(source value, target slot) -> bool to every valid row; on the first
// false, reports that row as out of range.
template <typename S, typename D, typename Op>
bool CastRows(const Vector& source, Vector& result, idx_t count, std::string& error, Op op) {
  const S* src = source.Values<S>();
  D* dst = result.Values<D>();
  idx_t bad_row = 0;
  bool ok = ForEachValidRow(source, count, [&](idx_t i) {
    if (op(src[i], dst[i])) return true;
    bad_row = i;
    return false;
  });
  if (!ok) {
    error = CastErrorMessage(source.Type(), RenderValue(src[bad_row], source.Type()), result.Type(),
                             "out of range");
  }
  return ok;
}

// The type decimal arithmetic runs in: int64 when both sides are stored in at most
// 64 bits (DECIMAL width <= 18 and the small integers), int128 otherwise.
template <typename S, typename D>
using WideInt = std::conditional_t<sizeof(native_int_t<S>) <= 8 && sizeof(native_int_t<D>) <= 8,
                                   int64_t, int128>;

template <typename W>
bool MulChecked(W a, W b, W& out) {
  if constexpr (sizeof(W) <= 8) {
    return !__builtin_mul_overflow(a, b, &out);
  } else {
    return TryMulInt128(a, b, out);
  }
}

template <typename W>
bool FitsWidth(W v, W limit) {
  return v < limit && v > -limit;
}

constexpr double PowerOfTwo(int exponent) {
  double p = 1;
  for (int i = 0; i < exponent; i++) p *= 2;
  return p;
}

// Floating point -> native integer N, rounding half to even. Out of range (including
// NaN and infinities) is false.
template <typename N, typename F>
bool FloatingToInteger(F value, N& out) {
  double rounded = std::nearbyint(static_cast<double>(value));
  // The bounds are powers of two, exact as doubles: [-2^(bits-1), 2^(bits-1)) signed,
  // [0, 2^bits) unsigned. NaN fails both comparisons.
  constexpr int kBits = static_cast<int>(sizeof(N) * 8);
  constexpr double kUpper = PowerOfTwo(kIsSignedInt<N> ? kBits - 1 : kBits);
  constexpr double kLower = kIsSignedInt<N> ? -kUpper : 0.0;
  if (!(rounded >= kLower && rounded < kUpper)) return false;
  out = static_cast<N>(rounded);
  return true;
}

template <typename S, typename D>
bool CastNumericPair(const Vector& source, Vector& result, idx_t count, std::string& error,
                     NumericKind from_kind, NumericKind to_kind) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  auto rows = [&](auto op) { return CastRows<S, D>(source, result, count, error, op); };
  constexpr bool kFromBool = std::is_same_v<S, bool>;
  constexpr bool kToBool = std::is_same_v<D, bool>;
  constexpr bool kFromInt = kIsIntegerLayout<S>;
  constexpr bool kToInt = kIsIntegerLayout<D>;
  constexpr bool kFromFloat = std::is_floating_point_v<S>;
  constexpr bool kToFloat = std::is_floating_point_v<D>;
  using SN = native_int_t<S>;
  using DN = native_int_t<D>;

  if constexpr (kFromBool && kToInt) {
    return rows([](S s, D& d) {
      d = static_cast<D>(static_cast<DN>(s ? 1 : 0));
      return true;
    });
  } else if constexpr (kFromInt && kToBool) {
    return rows([](S s, D& d) {
      d = ToNative(s) != 0;
      return true;
    });
  } else if constexpr (kFromInt && kToInt) {
    using W = WideInt<S, D>;
    if (from_kind == NumericKind::kDecimal && to_kind == NumericKind::kDecimal) {
      const uint8_t from_scale = from.DecimalScale(), to_scale = to.DecimalScale();
      const W limit = static_cast<W>(kPowersOfTen[to.DecimalWidth()]);
      if (to_scale >= from_scale) {
        const W factor = static_cast<W>(kPowersOfTen[to_scale - from_scale]);
        return rows([=](S s, D& d) {
          W v;
          if (!MulChecked<W>(static_cast<W>(ToNative(s)), factor, v) || !FitsWidth(v, limit)) {
            return false;
          }
          d = static_cast<D>(static_cast<DN>(v));
          return true;
        });
      }
      const W divisor = static_cast<W>(kPowersOfTen[from_scale - to_scale]);
      return rows([=](S s, D& d) {
        W v = DivideRoundHalfAway<W>(static_cast<W>(ToNative(s)), divisor);
        if (!FitsWidth(v, limit)) return false;
        d = static_cast<D>(static_cast<DN>(v));
        return true;
      });
    }
    if (from_kind == NumericKind::kDecimal) {
      using SW = std::conditional_t<sizeof(SN) <= 8, int64_t, int128>;
      const SW divisor = static_cast<SW>(kPowersOfTen[from.DecimalScale()]);
      return rows([=](S s, D& d) {
        SW v = DivideRoundHalfAway<SW>(static_cast<SW>(ToNative(s)), divisor);
        if (!IntegerInRange<DN>(v)) return false;
        d = static_cast<D>(static_cast<DN>(v));
        return true;
      });
    }
    if (to_kind == NumericKind::kDecimal) {
      const W factor = static_cast<W>(kPowersOfTen[to.DecimalScale()]);
      const W limit = static_cast<W>(kPowersOfTen[to.DecimalWidth()]);
      return rows([=](S s, D& d) {
        SN n = ToNative(s);
        W v;
        if (!IntegerInRange<W>(n) || !MulChecked<W>(static_cast<W>(n), factor, v) ||
            !FitsWidth(v, limit)) {
          return false;
        }
        d = static_cast<D>(static_cast<DN>(v));
        return true;
      });
    }
    return rows([](S s, D& d) {
      SN n = ToNative(s);
      if (!IntegerInRange<DN>(n)) return false;
      d = static_cast<D>(static_cast<DN>(n));
      return true;
    });
  } else if constexpr (kFromInt && kToFloat) {
    if (from_kind == NumericKind::kDecimal) {
      const uint8_t scale = from.DecimalScale();
      return rows([=](S s, D& d) {
        d = static_cast<D>(DecimalToDouble(static_cast<int128>(ToNative(s)), scale));
        return true;
      });
    }
    return rows([](S s, D& d) {
      // Only UHUGEINT's top values exceed FLOAT's range (they round to infinity).
      d = static_cast<D>(ToNative(s));
      return !std::isinf(d);
    });
  } else if constexpr (kFromFloat && kToInt) {
    if (to_kind == NumericKind::kDecimal) {
      const uint8_t width = to.DecimalWidth(), scale = to.DecimalScale();
      return rows([=](S s, D& d) {
        int128 v;
        bool ok = std::is_same_v<S, float>
                      ? TryFloatToDecimal(static_cast<float>(s), width, scale, v)
                      : TryDoubleToDecimal(static_cast<double>(s), width, scale, v);
        if (!ok) return false;
        d = static_cast<D>(static_cast<DN>(v));
        return true;
      });
    }
    return rows([](S s, D& d) {
      DN v;
      if (!FloatingToInteger<DN>(s, v)) return false;
      d = static_cast<D>(v);
      return true;
    });
  } else if constexpr (kFromFloat && kToFloat) {
    return rows([](S s, D& d) {
      d = static_cast<D>(s);
      return std::isinf(d) == std::isinf(s);  // DOUBLE beyond FLOAT's range
    });
  } else {
    throw InternalError(
        fmt::format("no numeric cast from {} to {}", from.ToString(), to.ToString()));
  }
}

}  // namespace

bool NumericCastExists(const LogicalType& from, const LogicalType& to) {
  NumericKind f = KindOf(from), t = KindOf(to);
  if (f == NumericKind::kOther || t == NumericKind::kOther) return false;
  if (f == NumericKind::kBoolean) return t == NumericKind::kInteger || t == NumericKind::kBoolean;
  if (t == NumericKind::kBoolean) return f == NumericKind::kInteger;
  return true;
}

bool TryCastNumeric(const Vector& source, Vector& result, idx_t count, std::string& error) {
  NumericKind from_kind = KindOf(source.Type()), to_kind = KindOf(result.Type());
  return DispatchFixedWidth(source.Type().Physical(), [&]<typename S>() -> bool {
    return DispatchFixedWidth(result.Type().Physical(), [&]<typename D>() -> bool {
      if constexpr (std::is_same_v<S, interval_t> || std::is_same_v<D, interval_t>) {
        throw InternalError("interval in a numeric cast");
      } else {
        return CastNumericPair<S, D>(source, result, count, error, from_kind, to_kind);
      }
    });
  });
}

}  // namespace teal
