// DispatchFixedWidth: calls a generic lambda with the C++ type of a fixed-width
// physical type, so one template body serves every stored layout.
//
//   DispatchFixedWidth(type.Physical(), [&]<typename T>() { ... Values<T>() ... });
#pragma once

#include "common/assert.hpp"
#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/logical_type.hpp"

namespace teal {

/// Whether a physical type's values are integers that fit in an int64 (all but UBIGINT and
/// the 128-bit ones): keys that can index an array, equal exactly when their values are.
inline bool IsInt64Range(PhysicalType type) {
  switch (type) {
    case PhysicalType::kInt8:
    case PhysicalType::kInt16:
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
    case PhysicalType::kUInt8:
    case PhysicalType::kUInt16:
    case PhysicalType::kUInt32:
      return true;
    default:
      return false;
  }
}

/// Calls f.template operator()<T>() with the C++ type of an IsInt64Range type.
template <typename F>
decltype(auto) DispatchInt64Range(PhysicalType type, F&& f) {
  switch (type) {
    case PhysicalType::kInt8:
      return f.template operator()<int8_t>();
    case PhysicalType::kInt16:
      return f.template operator()<int16_t>();
    case PhysicalType::kInt32:
      return f.template operator()<int32_t>();
    case PhysicalType::kInt64:
      return f.template operator()<int64_t>();
    case PhysicalType::kUInt8:
      return f.template operator()<uint8_t>();
    case PhysicalType::kUInt16:
      return f.template operator()<uint16_t>();
    case PhysicalType::kUInt32:
      return f.template operator()<uint32_t>();
    default:
      throw InternalError(
          fmt::format("physical type {} is not an integer within int64", PhysicalTypeName(type)));
  }
}

template <typename F>
decltype(auto) DispatchFixedWidth(PhysicalType type, F&& f) {
  switch (type) {
    case PhysicalType::kBool:
      return f.template operator()<bool>();
    case PhysicalType::kInt8:
      return f.template operator()<int8_t>();
    case PhysicalType::kInt16:
      return f.template operator()<int16_t>();
    case PhysicalType::kInt32:
      return f.template operator()<int32_t>();
    case PhysicalType::kInt64:
      return f.template operator()<int64_t>();
    case PhysicalType::kUInt8:
      return f.template operator()<uint8_t>();
    case PhysicalType::kUInt16:
      return f.template operator()<uint16_t>();
    case PhysicalType::kUInt32:
      return f.template operator()<uint32_t>();
    case PhysicalType::kUInt64:
      return f.template operator()<uint64_t>();
    case PhysicalType::kInt128:
      return f.template operator()<hugeint_t>();
    case PhysicalType::kUInt128:
      return f.template operator()<uhugeint_t>();
    case PhysicalType::kFloat:
      return f.template operator()<float>();
    case PhysicalType::kDouble:
      return f.template operator()<double>();
    case PhysicalType::kInterval:
      return f.template operator()<interval_t>();
    default:
      throw InternalError(
          fmt::format("no fixed-width layout for physical type {}", PhysicalTypeName(type)));
  }
}

}  // namespace teal
