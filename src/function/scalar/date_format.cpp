// strftime and strptime. Format specifiers (as C's strftime): %Y %y %m %d %e %H %I %M %S
// %f (microseconds, 6 digits) %g (milliseconds, 3) %j %a %A %b (%h) %B %p %w %u %Z (UTC, for
// TIMESTAMPTZ) %z (+00) %%, %G %V (ISO year and week), %U %W (week of the year from its first
// Sunday, Monday), %c %x %X (ISO date and time), and %-d (also %-m %-y %-H %-I %-M %-S %-j %-U %-W
// %-V) for the number without its padding (strftime only; parsing reads both). Names are English.
// An unknown specifier is an InvalidInputError; text that does not match the format is a
// ConversionError naming both.
#include <cstring>

#include "function/builtin_functions.hpp"
#include "function/scalar/date_util.hpp"
#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "function/scalar/string_util.hpp"
#include "function/scalar/strptime.hpp"

namespace teal {

using namespace scalar;  // NOLINT

namespace {

void AppendPadded(std::string& out, int64_t v, int width) {
  out += fmt::format("{:0{}}", v, width);
}

std::string Format(int64_t micros, std::string_view format, bool with_zone) {
  Fields f = Split(micros);
  std::string out;
  for (size_t i = 0; i < format.size(); i++) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    char c = format[++i];
    // %-d, %-m, …: the number without padding (glibc's and DuckDB's flag)
    const bool unpadded =
        c == '-' && i + 1 < format.size() && std::strchr("ymdHIMSjUWV", format[i + 1]) != nullptr;
    if (unpadded) c = format[++i];
    const auto padded = [&](int64_t v, int width) { AppendPadded(out, v, unpadded ? 1 : width); };
    int64_t hour = f.time / (3600 * kMicrosPerSecond);
    switch (c) {
      case 'Y':
        AppendPadded(out, f.year, 4);
        break;
      case 'y':
        padded(((f.year % 100) + 100) % 100, 2);
        break;
      case 'm':
        padded(f.month, 2);
        break;
      case 'd':
        padded(f.day, 2);
        break;
      case 'e':
        out += fmt::format("{:>2}", f.day);
        break;
      case 'H':
        padded(hour, 2);
        break;
      case 'I':
        padded(hour % 12 == 0 ? 12 : hour % 12, 2);
        break;
      case 'M':
        padded(f.time / (60 * kMicrosPerSecond) % 60, 2);
        break;
      case 'S':
        padded(f.time / kMicrosPerSecond % 60, 2);
        break;
      case 'f':
        AppendPadded(out, f.time % kMicrosPerSecond, 6);
        break;
      case 'g':  // DuckDB's: milliseconds
        AppendPadded(out, f.time % kMicrosPerSecond / 1000, 3);
        break;
      case 'j':
        padded(DayOfYear(f), 3);
        break;
      case 'a':
        out.append(kDayNames[IsoDayOfWeek(f.days) % 7], 3);
        break;
      case 'A':
        out += kDayNames[IsoDayOfWeek(f.days) % 7];
        break;
      case 'b':
      case 'h':
        out.append(kMonthNames[f.month - 1], 3);
        break;
      case 'G': {
        int64_t iso_year = 0;
        IsoWeek(f, &iso_year);
        AppendPadded(out, iso_year, 4);
        break;
      }
      case 'V':
        padded(IsoWeek(f), 2);
        break;
      case 'U':  // weeks starting on Sunday; days before the first Sunday are week 0
        padded((DayOfYear(f) - 1 + 7 - IsoDayOfWeek(f.days) % 7) / 7, 2);
        break;
      case 'W':  // weeks starting on Monday
        padded((DayOfYear(f) - 1 + 7 - (IsoDayOfWeek(f.days) - 1)) / 7, 2);
        break;
      case 'c':
        out += Format(micros, "%Y-%m-%d %H:%M:%S", false);
        break;
      case 'x':
        out += Format(micros, "%Y-%m-%d", false);
        break;
      case 'X':
        out += Format(micros, "%H:%M:%S", false);
        break;
      case 'B':
        out += kMonthNames[f.month - 1];
        break;
      case 'p':
        out += hour < 12 ? "AM" : "PM";
        break;
      case 'w':
        out += std::to_string(IsoDayOfWeek(f.days) % 7);
        break;
      case 'u':
        out += std::to_string(IsoDayOfWeek(f.days));
        break;
      case 'Z':
        out += with_zone ? "UTC" : "";
        break;
      case 'z':
        out += "+00";  // DuckDB's: UTC's offset, also for values without a time zone
        break;
      case '%':
        out += '%';
        break;
      default:
        throw InvalidInputError(
            fmt::format("strftime: unsupported format specifier %{} in '{}'", c, format));
    }
  }
  return out;
}

/// strftime(value, format), or with `format_first` strftime(format, value) (DuckDB takes
/// both orders).
template <typename In>
ScalarFunction Strftime(TypeId in, bool format_first = false) {
  const idx_t value_at = format_first ? 1 : 0;
  std::vector<LogicalType> arguments = {in, TypeId::kVarchar};
  if (format_first) std::swap(arguments[0], arguments[1]);
  return MakeFunction("strftime", std::move(arguments), TypeId::kVarchar,
                      [value_at](const DataChunk& args, Vector& result, idx_t count) {
                        const In* values = args.data[value_at].Values<In>();
                        for (idx_t i = 0; i < count; i++) {
                          if (!result.RowIsValid(i)) continue;
                          std::string_view format =
                              args.data[1 - value_at].Values<string_t>()[i].View();
                          int64_t micros;
                          std::string text;
                          if (!ToMicros(values[i], micros)) {
                            text = values[i] > In{} ? "infinity" : "-infinity";
                          } else {
                            text = Format(micros, format, std::is_same_v<In, timestamp_tz_t>);
                          }
                          result.Values<string_t>()[i] = result.AddString(text);
                        }
                      });
}

bool ParseNumber(std::string_view s, size_t& pos, int max_digits, int64_t& out) {
  size_t start = pos;
  out = 0;
  while (pos < s.size() && pos - start < static_cast<size_t>(max_digits) && IsDigit(s[pos])) {
    out = out * 10 + (s[pos++] - '0');
  }
  return pos > start;
}

bool ParseName(std::string_view s, size_t& pos, const char* const* names, int n, bool abbreviated,
               int& index) {
  for (int k = 0; k < n; k++) {
    std::string_view name = names[k];
    if (abbreviated) name = name.substr(0, 3);
    if (s.size() - pos >= name.size() &&
        ConvertCase(s.substr(pos, name.size()), false) == ConvertCase(name, false)) {
      pos += name.size();
      index = k;
      return true;
    }
  }
  return false;
}

}  // namespace

bool TryStrptime(std::string_view s, std::string_view format, timestamp_t& result) {
  int64_t year = 1900, month = 1, day = 1, hour = 0, minute = 0, second = 0, micros = 0, doy = -1;
  bool pm = false, has_ampm = false;
  size_t pos = 0;
  for (size_t i = 0; i < format.size(); i++) {
    char fc = format[i];
    if (fc != '%' || i + 1 == format.size()) {
      if (IsSpace(fc)) {
        while (pos < s.size() && IsSpace(s[pos])) pos++;
        continue;
      }
      if (pos >= s.size() || s[pos] != fc) return false;
      pos++;
      continue;
    }
    char c = format[++i];
    // %-d, …: the number without padding, which reading allows anyway
    if (c == '-' && i + 1 < format.size() && std::strchr("ymdHIMSj", format[i + 1]) != nullptr) {
      c = format[++i];
    }
    int index = 0;
    bool ok = true;
    switch (c) {
      case 'Y': {
        bool negative = pos < s.size() && s[pos] == '-';
        if (negative) pos++;
        // Four digits when another number follows with nothing between ('%Y%m%d'), as C's
        // strptime reads it; else as many as a year may have.
        const bool number_follows = i + 2 < format.size() && format[i + 1] == '%' &&
                                    std::strchr("YymdeHIMSfj", format[i + 2]) != nullptr;
        ok = ParseNumber(s, pos, number_follows ? 4 : 9, year);
        if (negative) year = -year;
        break;
      }
      case 'y':
        ok = ParseNumber(s, pos, 2, year);
        year += year < 69 ? 2000 : 1900;
        break;
      case 'm':
        ok = ParseNumber(s, pos, 2, month);
        break;
      case 'd':
      case 'e':
        while (c == 'e' && pos < s.size() && s[pos] == ' ') pos++;
        ok = ParseNumber(s, pos, 2, day);
        break;
      case 'H':
        ok = ParseNumber(s, pos, 2, hour);
        break;
      case 'I':
        ok = ParseNumber(s, pos, 2, hour);
        break;
      case 'M':
        ok = ParseNumber(s, pos, 2, minute);
        break;
      case 'S':
        ok = ParseNumber(s, pos, 2, second);
        break;
      case 'f': {
        size_t start = pos;
        ok = ParseNumber(s, pos, 6, micros);
        for (size_t k = pos - start; k < 6; k++) micros *= 10;
        while (pos < s.size() && IsDigit(s[pos])) pos++;  // nanoseconds: dropped
        break;
      }
      case 'j':
        ok = ParseNumber(s, pos, 3, doy);
        break;
      case 'a':
      case 'A':
        ok = ParseName(s, pos, kDayNames, 7, c == 'a', index);
        break;
      case 'b':
      case 'B':
        ok = ParseName(s, pos, kMonthNames, 12, c == 'b', index);
        month = index + 1;
        break;
      case 'p': {
        std::string ampm = pos + 2 <= s.size() ? ConvertCase(s.substr(pos, 2), true) : "";
        ok = ampm == "AM" || ampm == "PM";
        pm = ampm == "PM";
        has_ampm = true;
        pos += 2;
        break;
      }
      case 'Z':
        if (s.substr(pos, 3) == "UTC") pos += 3;
        break;
      case 'z':
        // UTC's offset: +00, +0000, +00:00 (-00 too) or Z
        if (pos < s.size() && (s[pos] == '+' || s[pos] == '-') && s.substr(pos + 1, 2) == "00") {
          pos += 3;
          if (s.substr(pos, 2) == "00") {
            pos += 2;
          } else if (s.substr(pos, 3) == ":00") {
            pos += 3;
          }
        } else if (pos < s.size() && s[pos] == 'Z') {
          pos++;
        }
        break;
      case '%':
        ok = pos < s.size() && s[pos++] == '%';
        break;
      default:
        throw InvalidInputError(
            fmt::format("strptime: unsupported format specifier %{} in '{}'", c, format));
    }
    if (!ok) return false;
  }
  if (pos != s.size()) return false;
  if (has_ampm) {
    if (hour < 1 || hour > 12) return false;
    hour = hour % 12 + (pm ? 12 : 0);
  }
  date_t date;
  if (doy >= 0) {
    if (!Date::TryFromCivil(year, 1, 1, date) || doy < 1 ||
        doy > (Date::IsLeapYear(year) ? 366 : 365)) {
      return false;
    }
    date.days += static_cast<int32_t>(doy - 1);
  } else if (!IntegerInRange<int32_t>(month) || !IntegerInRange<int32_t>(day) ||
             !Date::TryFromCivil(year, static_cast<int32_t>(month), static_cast<int32_t>(day),
                                 date)) {
    return false;
  }
  dtime_t time;
  if (!Time::TryFromParts(static_cast<int32_t>(hour), static_cast<int32_t>(minute),
                          static_cast<int32_t>(second), static_cast<int32_t>(micros), time)) {
    return false;
  }
  return Timestamp::TryFromDateTime(date, time, result);
}

void RegisterDateFormatFunctions(FunctionCatalog& catalog) {
  using T = TypeId;
  catalog.AddScalar(Strftime<date_t>(T::kDate));
  catalog.AddScalar(Strftime<timestamp_t>(T::kTimestamp));
  catalog.AddScalar(Strftime<timestamp_tz_t>(T::kTimestampTz));
  catalog.AddExactOverload(Strftime<date_t>(T::kDate, true));
  catalog.AddExactOverload(Strftime<timestamp_t>(T::kTimestamp, true));
  catalog.AddExactOverload(Strftime<timestamp_tz_t>(T::kTimestampTz, true));
  catalog.AddScalar(MakeFunction("strptime", {T::kVarchar, T::kVarchar}, T::kTimestamp,
                                 [](const DataChunk& args, Vector& result, idx_t count) {
                                   BinaryLoop<string_t, string_t, timestamp_t>(
                                       args, result, count, [](string_t s, string_t format) {
                                         timestamp_t ts;
                                         if (!TryStrptime(s.View(), format.View(), ts)) {
                                           throw ConversionError(
                                               fmt::format("could not parse '{}' with format '{}'",
                                                           s.View(), format.View()));
                                         }
                                         return ts;
                                       });
                                 }));
  // try_strptime: NULL where the text does not match the format.
  catalog.AddScalar(
      MakeFunction("try_strptime", {T::kVarchar, T::kVarchar}, T::kTimestamp,
                   [](const DataChunk& args, Vector& result, idx_t count) {
                     auto* out = result.Values<timestamp_t>();
                     const Vector& text = args.data[0];
                     const Vector& format = args.data[1];
                     for (idx_t i = 0; i < count; i++) {
                       const idx_t t = text.IsConstant() ? 0 : i, f = format.IsConstant() ? 0 : i;
                       if (!text.RowIsValid(t) || !format.RowIsValid(f) ||
                           !TryStrptime(text.Values<string_t>()[t].View(),
                                        format.Values<string_t>()[f].View(), out[i])) {
                         result.SetNull(i);
                       }
                     }
                   }));
}

}  // namespace teal
