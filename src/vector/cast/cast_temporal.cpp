// Casts involving DATE, TIME, TIMETZ, TIMESTAMP*, INTERVAL (see cast_family.hpp).
//
// The casts that exist:
//   VARCHAR  <-> every temporal type (text rules in src/types/{date,time,timestamp,interval}.cpp)
//   DATE      -> TIMESTAMP* (midnight UTC)       TIMESTAMP* -> DATE (floor), TIME (floor)
//   TIMESTAMP* <-> TIMESTAMP* (gaining precision multiplies and may overflow, losing it
//               floors; TIMESTAMP <-> TIMESTAMPTZ keep the number: the session zone is UTC)
//   TIMESTAMPTZ -> TIMETZ (+00)    TIME <-> TIMETZ (+00 / the local time)    TIME -> INTERVAL
// Infinity maps to infinity between DATE and the timestamps; infinity to TIME fails.
// The type pair is resolved once per vector into a typed loop; rows only convert.
#include <fmt/format.h>

#include "types/date.hpp"
#include "types/interval.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"
#include "vector/cast/cast_family.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

bool IsTimestampId(TypeId id) {
  return id == TypeId::kTimestamp || id == TypeId::kTimestampS || id == TypeId::kTimestampMs ||
         id == TypeId::kTimestampNs || id == TypeId::kTimestampTz;
}

// Calls f.operator()<T>() with the stored struct of a temporal type, or string_t for
// VARCHAR. Returns false for any other type.
template <typename F>
bool DispatchTemporal(TypeId id, F&& f) {
  switch (id) {
    case TypeId::kVarchar:
      return f.template operator()<string_t>();
    case TypeId::kDate:
      return f.template operator()<date_t>();
    case TypeId::kTime:
      return f.template operator()<dtime_t>();
    case TypeId::kTimeTz:
      return f.template operator()<dtime_tz_t>();
    case TypeId::kTimestamp:
      return f.template operator()<timestamp_t>();
    case TypeId::kTimestampS:
      return f.template operator()<timestamp_sec_t>();
    case TypeId::kTimestampMs:
      return f.template operator()<timestamp_ms_t>();
    case TypeId::kTimestampNs:
      return f.template operator()<timestamp_ns_t>();
    case TypeId::kTimestampTz:
      return f.template operator()<timestamp_tz_t>();
    case TypeId::kInterval:
      return f.template operator()<interval_t>();
    default:
      return false;
  }
}

std::string Text(date_t v) { return Date::ToString(v); }
std::string Text(dtime_t v) { return Time::ToString(v); }
std::string Text(dtime_tz_t v) { return TimeTz::ToString(v); }
std::string Text(interval_t v) { return Interval::ToString(v); }
template <TimestampType T>
std::string Text(T v) {
  return Timestamp::ToString(v);
}
std::string Text(string_t v) { return std::string(v.View()); }

bool Parse(std::string_view s, date_t& out, std::string& reason) {
  return Date::TryParse(s, out, &reason);
}
bool Parse(std::string_view s, dtime_t& out, std::string& reason) {
  return Time::TryParse(s, out, &reason);
}
bool Parse(std::string_view s, dtime_tz_t& out, std::string& reason) {
  return TimeTz::TryParse(s, out, &reason);
}
bool Parse(std::string_view s, interval_t& out, std::string& reason) {
  return Interval::TryParse(s, out, &reason);
}
template <TimestampType T>
bool Parse(std::string_view s, T& out, std::string& reason) {
  return Timestamp::TryParse(s, out, &reason);
}

// One value of S to D, for every pair TemporalCastExists accepts except "to VARCHAR".
// Returns false with a reason; a pair that does not exist is never instantiated with
// a true branch.
template <typename S, typename D>
bool Convert(S in, D& out, std::string& reason) {
  if constexpr (std::is_same_v<S, string_t>) {
    return Parse(in.View(), out, reason);
  } else if constexpr (std::is_same_v<S, date_t> && TimestampType<D>) {
    if (Timestamp::TryFromDate(in, out)) return true;
    reason = fmt::format("out of range for {}", TimestampUnit<D>::kName);
    return false;
  } else if constexpr (TimestampType<S> && std::is_same_v<D, date_t>) {
    if (Timestamp::TryGetDate(in, out)) return true;
    reason = "out of the DATE range";
    return false;
  } else if constexpr (TimestampType<S> && TimestampType<D>) {
    if (Timestamp::TryConvert(in, out)) return true;
    reason = fmt::format("out of range for {}", TimestampUnit<D>::kName);
    return false;
  } else if constexpr (TimestampType<S> && std::is_same_v<D, dtime_t>) {
    if (!in.IsFinite()) {
      reason = "an infinite timestamp has no time of day";
      return false;
    }
    out = Timestamp::GetTime(in);
    return true;
  } else if constexpr (std::is_same_v<S, timestamp_tz_t> && std::is_same_v<D, dtime_tz_t>) {
    if (!in.IsFinite()) {
      reason = "an infinite timestamp has no time of day";
      return false;
    }
    out = TimeTz::Encode(Timestamp::GetTime(in).micros, 0);
    return true;
  } else if constexpr (std::is_same_v<S, dtime_t> && std::is_same_v<D, dtime_tz_t>) {
    if (TimeTz::TryEncode(in.micros, 0, out)) return true;
    reason = "not a time of day";
    return false;
  } else if constexpr (std::is_same_v<S, dtime_tz_t> && std::is_same_v<D, dtime_t>) {
    out = TimeTz::Local(in);
    return true;
  } else if constexpr (std::is_same_v<S, dtime_t> && std::is_same_v<D, interval_t>) {
    out = interval_t{0, 0, in.micros};
    return true;
  } else {
    reason = "no such cast";
    return false;
  }
}

}  // namespace

bool IsTemporalCast(const LogicalType& from, const LogicalType& to) {
  return from.IsTemporal() || to.IsTemporal();
}

bool TemporalCastExists(const LogicalType& from, const LogicalType& to) {
  TypeId f = from.Id();
  TypeId t = to.Id();
  if (from.IsTemporal() && t == TypeId::kVarchar) return true;
  if (f == TypeId::kVarchar && to.IsTemporal()) return true;
  if (f == TypeId::kDate) return IsTimestampId(t);
  if (IsTimestampId(f)) {
    return t == TypeId::kDate || t == TypeId::kTime || IsTimestampId(t) ||
           (f == TypeId::kTimestampTz && t == TypeId::kTimeTz);
  }
  if (f == TypeId::kTime) return t == TypeId::kTimeTz || t == TypeId::kInterval;
  if (f == TypeId::kTimeTz) return t == TypeId::kTime;
  return false;
}

bool TryCastTemporal(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (!TemporalCastExists(from, to)) {
    error = NoCastMessage(from, to);
    return false;
  }
  for (idx_t i = 0; i < count; i++) {
    if (!source.RowIsValid(i)) result.SetNull(i);
  }
  return DispatchTemporal(from.Id(), [&]<typename S>() {
    const S* src = source.Values<S>();
    if (to.Id() == TypeId::kVarchar) {
      if constexpr (std::is_same_v<S, string_t>) {
        return false;  // VARCHAR -> VARCHAR is not a temporal cast
      } else {
        string_t* dst = result.Values<string_t>();
        for (idx_t i = 0; i < count; i++) {
          if (source.RowIsValid(i)) dst[i] = result.AddString(Text(src[i]));
        }
        return true;
      }
    }
    return DispatchTemporal(to.Id(), [&]<typename D>() {
      if constexpr (std::is_same_v<D, string_t>) {
        return false;  // handled above
      } else {
        D* dst = result.Values<D>();
        std::string reason;
        for (idx_t i = 0; i < count; i++) {
          if (!source.RowIsValid(i)) continue;
          if (!Convert(src[i], dst[i], reason)) {
            error = CastErrorMessage(from, Text(src[i]), to, reason);
            return false;
          }
        }
        return true;
      }
    });
  });
}

}  // namespace teal
