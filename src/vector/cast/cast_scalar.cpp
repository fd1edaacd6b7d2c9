// Casts between BOOLEAN, integers, VARCHAR (a first subset; see cast_family.hpp).
#include <charconv>
#include <utility>

#include <fmt/format.h>

#include "vector/cast/cast_family.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

namespace {
bool IsSmallInt(const LogicalType& t) {
  return t.IsIntegral() && t.Id() != TypeId::kHugeInt && t.Id() != TypeId::kUHugeInt;
}

template <typename T>
constexpr bool kIsPlainInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;
}  // namespace

bool ScalarCastExists(const LogicalType& from, const LogicalType& to) {
  if (IsSmallInt(from) && (IsSmallInt(to) || to.Id() == TypeId::kVarchar)) return true;
  if (from.Id() == TypeId::kVarchar && IsSmallInt(to)) return true;
  return false;
}

bool TryCastScalar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  for (idx_t i = 0; i < count; i++) {
    if (!source.RowIsValid(i)) result.SetNull(i);
  }
  if (to.Id() == TypeId::kVarchar) {
    return DispatchFixedWidth(from.Physical(), [&]<typename S>() {
      if constexpr (kIsPlainInt<S>) {
        auto* src = source.Values<S>();
        auto* dst = result.Values<string_t>();
        for (idx_t i = 0; i < count; i++) {
          if (source.RowIsValid(i)) dst[i] = result.AddString(fmt::format("{}", src[i]));
        }
        return true;
      }
      return false;
    });
  }
  return DispatchFixedWidth(to.Physical(), [&]<typename D>() {
    if constexpr (kIsPlainInt<D>) {
      auto* dst = result.Values<D>();
      if (from.Id() == TypeId::kVarchar) {
        auto* src = source.Values<string_t>();
        for (idx_t i = 0; i < count; i++) {
          if (!source.RowIsValid(i)) continue;
          auto s = src[i].View();
          auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), dst[i]);
          if (ec != std::errc() || p != s.data() + s.size()) {
            error = CastErrorMessage(from, s, to);
            return false;
          }
        }
        return true;
      }
      return DispatchFixedWidth(from.Physical(), [&]<typename S>() {
        if constexpr (kIsPlainInt<S>) {
          auto* src = source.Values<S>();
          for (idx_t i = 0; i < count; i++) {
            if (!source.RowIsValid(i)) continue;
            if (!std::in_range<D>(src[i])) {
              error = CastErrorMessage(from, fmt::format("{}", src[i]), to, "out of range");
              return false;
            }
            dst[i] = static_cast<D>(src[i]);
          }
          return true;
        }
        return false;
      });
    }
    return false;
  });
}

}  // namespace teal
