// include/teal/cpp_type.hpp — which C++ type is a column's stored value.
//
// Every column has a storage tag: the C++ type its vector holds (int32_t for INTEGER,
// date_t for DATE, string_t for VARCHAR…). Reading or appending that exact type is a
// plain load or store; any other C++ type takes a conversion path. kStorageOf<T> is the
// tag of a C++ type, so "does T match this column" is one byte compared.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/logical_type.hpp"
#include "teal/string_type.hpp"

namespace teal {

enum class StorageTag : uint8_t {
  kNone,  // no C++ type stores this column directly (DECIMAL, LIST …): always converted
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kHugeInt,
  kUHugeInt,
  kFloat,
  kDouble,
  kString,  // VARCHAR and BLOB: string_t, read as std::string_view
  kDate,
  kTime,
  kTimeTz,
  kTimestamp,
  kTimestampS,
  kTimestampMs,
  kTimestampNs,
  kTimestampTz,
  kInterval,
};

/// The storage tag of a column of `type`.
StorageTag StorageTagOf(const LogicalType& type);

/// A UUID as its 16 bytes in text order (what std::array<uint8_t,16> based libraries hold).
struct Uuid {
  std::array<uint8_t, 16> bytes{};
  /// Lower-case hyphenated text, 8-4-4-4-12.
  std::string ToString() const;
  /// Throws ConversionError when `text` is not a UUID.
  static Uuid Parse(std::string_view text);
  friend auto operator<=>(const Uuid&, const Uuid&) = default;
};

namespace detail {
template <typename T>
constexpr StorageTag StorageOfImpl() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>)
    return StorageTag::kBool;
  else if constexpr (std::is_same_v<U, int8_t>)
    return StorageTag::kInt8;
  else if constexpr (std::is_same_v<U, int16_t>)
    return StorageTag::kInt16;
  else if constexpr (std::is_same_v<U, int32_t>)
    return StorageTag::kInt32;
  else if constexpr (std::is_same_v<U, int64_t> ||
                     (std::is_same_v<U, long long> && sizeof(long long) == 8))
    return StorageTag::kInt64;
  else if constexpr (std::is_same_v<U, uint8_t>)
    return StorageTag::kUInt8;
  else if constexpr (std::is_same_v<U, uint16_t>)
    return StorageTag::kUInt16;
  else if constexpr (std::is_same_v<U, uint32_t>)
    return StorageTag::kUInt32;
  else if constexpr (std::is_same_v<U, uint64_t> ||
                     (std::is_same_v<U, unsigned long long> && sizeof(unsigned long long) == 8))
    return StorageTag::kUInt64;
  else if constexpr (std::is_same_v<U, hugeint_t> || std::is_same_v<U, int128>)
    return StorageTag::kHugeInt;
  else if constexpr (std::is_same_v<U, uhugeint_t> || std::is_same_v<U, uint128>)
    return StorageTag::kUHugeInt;
  else if constexpr (std::is_same_v<U, float>)
    return StorageTag::kFloat;
  else if constexpr (std::is_same_v<U, double>)
    return StorageTag::kDouble;
  else if constexpr (std::is_same_v<U, string_t>)
    return StorageTag::kString;
  else if constexpr (std::is_same_v<U, date_t>)
    return StorageTag::kDate;
  else if constexpr (std::is_same_v<U, dtime_t>)
    return StorageTag::kTime;
  else if constexpr (std::is_same_v<U, dtime_tz_t>)
    return StorageTag::kTimeTz;
  else if constexpr (std::is_same_v<U, timestamp_t>)
    return StorageTag::kTimestamp;
  else if constexpr (std::is_same_v<U, timestamp_sec_t>)
    return StorageTag::kTimestampS;
  else if constexpr (std::is_same_v<U, timestamp_ms_t>)
    return StorageTag::kTimestampMs;
  else if constexpr (std::is_same_v<U, timestamp_ns_t>)
    return StorageTag::kTimestampNs;
  else if constexpr (std::is_same_v<U, timestamp_tz_t>)
    return StorageTag::kTimestampTz;
  else if constexpr (std::is_same_v<U, interval_t>)
    return StorageTag::kInterval;
  else
    return StorageTag::kNone;
}
}  // namespace detail

/// The tag of C++ type T when T is some column's stored form, else kNone.
template <typename T>
inline constexpr StorageTag kStorageOf = detail::StorageOfImpl<T>();

/// A readable name of C++ type T for error messages ("int32_t", "std::string_view" …).
template <typename T>
constexpr const char* CppTypeName() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>)
    return "bool";
  else if constexpr (std::is_same_v<U, int8_t>)
    return "int8_t";
  else if constexpr (std::is_same_v<U, int16_t>)
    return "int16_t";
  else if constexpr (std::is_same_v<U, int32_t>)
    return "int32_t";
  else if constexpr (std::is_same_v<U, int64_t>)
    return "int64_t";
  else if constexpr (std::is_same_v<U, uint8_t>)
    return "uint8_t";
  else if constexpr (std::is_same_v<U, uint16_t>)
    return "uint16_t";
  else if constexpr (std::is_same_v<U, uint32_t>)
    return "uint32_t";
  else if constexpr (std::is_same_v<U, uint64_t>)
    return "uint64_t";
  else if constexpr (std::is_same_v<U, int128>)
    return "__int128";
  else if constexpr (std::is_same_v<U, uint128>)
    return "unsigned __int128";
  else if constexpr (std::is_same_v<U, hugeint_t>)
    return "teal::hugeint_t";
  else if constexpr (std::is_same_v<U, uhugeint_t>)
    return "teal::uhugeint_t";
  else if constexpr (std::is_same_v<U, float>)
    return "float";
  else if constexpr (std::is_same_v<U, double>)
    return "double";
  else if constexpr (std::is_same_v<U, std::string_view>)
    return "std::string_view";
  else if constexpr (std::is_same_v<U, std::string>)
    return "std::string";
  else if constexpr (std::is_same_v<U, string_t>)
    return "teal::string_t";
  else if constexpr (std::is_same_v<U, date_t>)
    return "teal::date_t";
  else if constexpr (std::is_same_v<U, dtime_t>)
    return "teal::dtime_t";
  else if constexpr (std::is_same_v<U, dtime_tz_t>)
    return "teal::dtime_tz_t";
  else if constexpr (std::is_same_v<U, timestamp_t>)
    return "teal::timestamp_t";
  else if constexpr (std::is_same_v<U, timestamp_sec_t>)
    return "teal::timestamp_sec_t";
  else if constexpr (std::is_same_v<U, timestamp_ms_t>)
    return "teal::timestamp_ms_t";
  else if constexpr (std::is_same_v<U, timestamp_ns_t>)
    return "teal::timestamp_ns_t";
  else if constexpr (std::is_same_v<U, timestamp_tz_t>)
    return "teal::timestamp_tz_t";
  else if constexpr (std::is_same_v<U, interval_t>)
    return "teal::interval_t";
  else if constexpr (std::is_same_v<U, Uuid>)
    return "teal::Uuid";
  else
    return "a C++ type";
}

}  // namespace teal
