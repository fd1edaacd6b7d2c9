// Casts to and from BIGNUM (src/vector/cast/cast_family.hpp; the type: types/bignum.hpp).
//
//   integer -> BIGNUM        exact
//   FLOAT/DOUBLE -> BIGNUM   truncated toward zero (DuckDB's); NaN and infinities do not
//                            convert
//   VARCHAR -> BIGNUM        [+|-] digits [. digits], a fraction rounded half away from
//                            zero; no whitespace, no exponent
//   BIGNUM -> integer        exact, "out of range" when the value does not fit
//   BIGNUM -> DOUBLE         the nearest DOUBLE; beyond DOUBLE's range an error
//   BIGNUM -> VARCHAR        plain decimal text
// Nothing else converts (DECIMAL, BOOLEAN, FLOAT as a target: DuckDB has no such casts).
#include <fmt/format.h>

#include <cmath>

#include "types/bignum.hpp"
#include "types/hugeint_ops.hpp"
#include "types/numeric_format.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {

bool IsFloating(const LogicalType& type) {
  return type.Id() == TypeId::kFloat || type.Id() == TypeId::kDouble;
}

void StoreBignum(Vector& result, idx_t row, const BigInteger& value) {
  const std::string stored = value.ToStored();
  result.Values<string_t>()[row] = result.AddString(stored);
}

bool CastToBignum(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  if (from.Id() == TypeId::kVarchar) {
    const string_t* src = source.Values<string_t>();
    idx_t bad_row = 0;
    const bool ok = ForEachValidRow(source, count, [&](idx_t i) {
      BigInteger value;
      if (!BigInteger::Parse(src[i].View(), value)) {
        bad_row = i;
        return false;
      }
      StoreBignum(result, i, value);
      return true;
    });
    if (!ok) error = CastErrorMessage(from, src[bad_row].View(), result.Type());
    return ok;
  }
  return DispatchFixedWidth(from.Physical(), [&]<typename S>() -> bool {
    const S* src = source.Values<S>();
    if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
      idx_t bad_row = 0;
      const bool ok = ForEachValidRow(source, count, [&](idx_t i) {
        if (!std::isfinite(src[i])) {
          bad_row = i;
          return false;
        }
        StoreBignum(result, i, BigInteger::FromDouble(src[i]));
        return true;
      });
      if (!ok) {
        error = CastErrorMessage(from, DoubleToString(src[bad_row]), result.Type(), "not finite");
      }
      return ok;
    } else if constexpr (kIsIntegerLayout<S>) {
      return ForEachValidRow(source, count, [&](idx_t i) {
        const auto v = ToNative(src[i]);
        StoreBignum(result, i,
                    kIsSignedInt<decltype(v)> ? BigInteger::FromInt128(static_cast<int128>(v))
                                              : BigInteger::FromUInt128(static_cast<uint128>(v)));
        return true;
      });
    } else {
      throw InternalError("no cast from " + from.ToString() + " to BIGNUM");
    }
  });
}

bool CastFromBignum(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& to = result.Type();
  const string_t* src = source.Values<string_t>();
  if (to.Id() == TypeId::kVarchar) {
    string_t* dst = result.Values<string_t>();
    return ForEachValidRow(source, count, [&](idx_t i) {
      dst[i] = result.AddString(BigInteger::FromStored(src[i].View()).ToString());
      return true;
    });
  }
  idx_t bad_row = 0;
  if (to.Id() == TypeId::kDouble) {
    double* dst = result.Values<double>();
    const bool ok = ForEachValidRow(source, count, [&](idx_t i) {
      if (BigInteger::FromStored(src[i].View()).ToDouble(dst[i])) return true;
      bad_row = i;
      return false;
    });
    if (!ok) {
      // DuckDB's words.
      error = fmt::format("Could not convert bignum '{}' to Double",
                          BigInteger::FromStored(src[bad_row].View()).ToString());
    }
    return ok;
  }
  const bool ok = DispatchFixedWidth(to.Physical(), [&]<typename D>() -> bool {
    if constexpr (kIsIntegerLayout<D>) {
      using N = native_int_t<D>;
      D* dst = result.Values<D>();
      return ForEachValidRow(source, count, [&](idx_t i) {
        const BigInteger value = BigInteger::FromStored(src[i].View());
        if constexpr (kIsSignedInt<N>) {
          int128 v = 0;
          if (!value.ToInt128(MinOf<N>(), MaxOf<N>(), v)) {
            bad_row = i;
            return false;
          }
          dst[i] = static_cast<D>(static_cast<N>(v));
        } else {
          uint128 v = 0;
          if (!value.ToUInt128(MaxOf<N>(), v)) {
            bad_row = i;
            return false;
          }
          dst[i] = static_cast<D>(static_cast<N>(v));
        }
        return true;
      });
    } else {
      throw InternalError("no cast from BIGNUM to " + to.ToString());
    }
  });
  if (!ok) {
    error = CastErrorMessage(source.Type(), BigInteger::FromStored(src[bad_row].View()).ToString(),
                             to, "out of range");
  }
  return ok;
}

}  // namespace

bool IsBignumCast(const LogicalType& from, const LogicalType& to) {
  return (from.Id() == TypeId::kBignum) != (to.Id() == TypeId::kBignum);
}

bool BignumCastExists(const LogicalType& from, const LogicalType& to) {
  if (to.Id() == TypeId::kBignum) {
    return from.IsIntegral() || IsFloating(from) || from.Id() == TypeId::kVarchar;
  }
  return to.IsIntegral() || to.Id() == TypeId::kDouble || to.Id() == TypeId::kVarchar;
}

bool TryCastBignum(const Vector& source, Vector& result, idx_t count, std::string& error) {
  CopyValidity(source, result, count);
  return result.Type().Id() == TypeId::kBignum ? CastToBignum(source, result, count, error)
                                               : CastFromBignum(source, result, count, error);
}

}  // namespace teal
