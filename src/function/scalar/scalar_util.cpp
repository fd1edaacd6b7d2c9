// Shared helpers of the scalar function families (see scalar_util.hpp).
#include "function/scalar/scalar_util.hpp"

#include "planner/binder.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal::scalar {

void ReadUnscaled(const Vector& v, idx_t count, std::vector<int128>& out) {
  out.resize(count);
  DispatchFixedWidth(v.Type().Physical(), [&]<typename T>() {
    if constexpr (kIsIntegerLayout<T>) {
      const T* data = v.Values<T>();
      for (idx_t i = 0; i < count; i++) out[i] = static_cast<int128>(ToNative(data[i]));
    } else {
      throw InternalError("ReadUnscaled on a non-integer layout");
    }
  });
}

void WriteUnscaled(const std::vector<int128>& values, Vector& result, idx_t count) {
  DispatchFixedWidth(result.Type().Physical(), [&]<typename T>() {
    if constexpr (kIsIntegerLayout<T>) {
      T* data = result.Values<T>();
      for (idx_t i = 0; i < count; i++) {
        if (result.RowIsValid(i))
          data[i] = FromNativeInt<T>(static_cast<native_int_t<T>>(values[i]));
      }
    } else {
      throw InternalError("WriteUnscaled on a non-integer layout");
    }
  });
}

uint8_t IntegerDigits(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
    case TypeId::kUTinyInt:
      return 3;
    case TypeId::kSmallInt:
    case TypeId::kUSmallInt:
      return 5;
    case TypeId::kInteger:
    case TypeId::kUInteger:
      return 10;
    case TypeId::kBigInt:
      return 19;
    case TypeId::kUBigInt:
      return 20;
    case TypeId::kHugeInt:
    case TypeId::kUHugeInt:
      return 38;
    default:
      return 0;
  }
}

LogicalType AsDecimal(const LogicalType& type) {
  if (type.Id() == TypeId::kDecimal) return type;
  return LogicalType::Decimal(IntegerDigits(type.Id()), 0);
}

LogicalType CommonArgumentType(const std::vector<LogicalType>& types, std::string_view function) {
  LogicalType common = TypeId::kSqlNull;
  for (const auto& t : types) common = CommonType(common, false, t, false, function);
  return common;
}

}  // namespace teal::scalar
