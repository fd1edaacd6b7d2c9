// include/teal/to_value.hpp — a C++ value as a teal::Value, for binding parameters.
//
// Parameters are not a hot path (one Value per parameter per execution), so this is
// the boxed form. Integers keep their width, strings become VARCHAR, std::chrono time
// points and days become TIMESTAMP* and DATE, std::nullopt / nullptr become NULL.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "teal/cpp_type.hpp"
#include "teal/value.hpp"

namespace teal {

template <typename T>
Value ToValue(const T& v);

namespace detail {
template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};
}  // namespace detail

template <typename T>
Value ToValue(const T& v) {
  using U = std::remove_cvref_t<T>;
  if constexpr (std::is_same_v<U, Value>)
    return v;
  else if constexpr (detail::IsOptional<U>::value)
    return v ? ToValue(*v) : Value();
  else if constexpr (std::is_same_v<U, std::nullptr_t> || std::is_same_v<U, std::nullopt_t>)
    return Value();
  else if constexpr (std::is_same_v<U, bool>)
    return Value::Boolean(v);
  else if constexpr (std::is_same_v<U, int8_t>)
    return Value::TinyInt(v);
  else if constexpr (std::is_same_v<U, int16_t>)
    return Value::SmallInt(v);
  else if constexpr (std::is_same_v<U, int32_t>)
    return Value::Integer(v);
  else if constexpr (std::is_same_v<U, int64_t> || std::is_same_v<U, long long>)
    return Value::BigInt(static_cast<int64_t>(v));
  else if constexpr (std::is_same_v<U, uint8_t>)
    return Value::UTinyInt(v);
  else if constexpr (std::is_same_v<U, uint16_t>)
    return Value::USmallInt(v);
  else if constexpr (std::is_same_v<U, uint32_t>)
    return Value::UInteger(v);
  else if constexpr (std::is_same_v<U, uint64_t> || std::is_same_v<U, unsigned long long>)
    return Value::UBigInt(static_cast<uint64_t>(v));
  else if constexpr (std::is_same_v<U, int128> || std::is_same_v<U, hugeint_t>)
    return Value::HugeInt(v);
  else if constexpr (std::is_same_v<U, uint128> || std::is_same_v<U, uhugeint_t>)
    return Value::UHugeInt(v);
  else if constexpr (std::is_same_v<U, float>)
    return Value::Float(v);
  else if constexpr (std::is_same_v<U, double>)
    return Value::Double(v);
  else if constexpr (std::is_convertible_v<const U&, std::string_view>)
    return Value::Varchar(std::string_view(v));
  else if constexpr (std::is_same_v<U, date_t>)
    return Value::Date(v);
  else if constexpr (std::is_same_v<U, dtime_t>)
    return Value::Time(v);
  else if constexpr (std::is_same_v<U, dtime_tz_t>)
    return Value::TimeTz(v);
  else if constexpr (std::is_same_v<U, timestamp_t>)
    return Value::Timestamp(v);
  else if constexpr (std::is_same_v<U, timestamp_sec_t>)
    return Value::TimestampS(v);
  else if constexpr (std::is_same_v<U, timestamp_ms_t>)
    return Value::TimestampMs(v);
  else if constexpr (std::is_same_v<U, timestamp_ns_t>)
    return Value::TimestampNs(v);
  else if constexpr (std::is_same_v<U, timestamp_tz_t>)
    return Value::TimestampTz(v);
  else if constexpr (std::is_same_v<U, interval_t>)
    return Value::Interval(v);
  else if constexpr (std::is_same_v<U, std::chrono::sys_days>) {
    return Value::Date(date_t{static_cast<int32_t>(v.time_since_epoch().count())});
  } else if constexpr (std::is_same_v<U, std::chrono::sys_time<std::chrono::seconds>>) {
    return Value::TimestampS(timestamp_sec_t{v.time_since_epoch().count()});
  } else if constexpr (std::is_same_v<U, std::chrono::sys_time<std::chrono::milliseconds>>) {
    return Value::TimestampMs(timestamp_ms_t{v.time_since_epoch().count()});
  } else if constexpr (std::is_same_v<U, std::chrono::sys_time<std::chrono::microseconds>>) {
    return Value::Timestamp(timestamp_t{v.time_since_epoch().count()});
  } else if constexpr (std::is_same_v<U, std::chrono::sys_time<std::chrono::nanoseconds>>) {
    return Value::TimestampNs(timestamp_ns_t{v.time_since_epoch().count()});
  } else if constexpr (std::is_same_v<U, std::chrono::microseconds>) {
    return Value::Time(dtime_t{v.count()});
  } else {
    static_assert(sizeof(U) == 0, "no SQL value for this C++ type");
  }
}

}  // namespace teal
