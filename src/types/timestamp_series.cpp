// TimestampSeries (timestamp_series.hpp).
#include "types/timestamp_series.hpp"

#include <fmt/format.h>

#include "common/range_count.hpp"
#include "teal/error.hpp"
#include "types/interval.hpp"

namespace teal {

namespace {
void CheckArguments(std::string_view name, int64_t start, int64_t stop, interval_t step) {
  if (start == timestamp_t::kInfinity || start == -timestamp_t::kInfinity ||
      stop == timestamp_t::kInfinity || stop == -timestamp_t::kInfinity) {
    throw InvalidInputError(fmt::format("{} over timestamps needs finite bounds", name));
  }
  if (Interval::TotalMicros(step) == 0) {
    throw InvalidInputError(fmt::format("the step of {} must not be a zero interval", name));
  }
}
}  // namespace

bool TimestampSeries::TryLinear(std::string_view name, int64_t start, int64_t stop, interval_t step,
                                bool inclusive, Linear& result) {
  CheckArguments(name, start, stop, step);
  if (step.months != 0) return false;
  const int128 micros = int128{step.days} * Interval::kMicrosPerDay + step.micros;
  result.start = start;
  // A step longer than any span between two timestamps: the series is at most start.
  const int128 longest = int128{INT64_MAX};
  if (micros > longest || micros < -longest) {
    const bool first = micros > 0 ? (start < stop || (inclusive && start == stop))
                                  : (start > stop || (inclusive && start == stop));
    result.step = micros > 0 ? INT64_MAX : -INT64_MAX;
    result.count = first ? 1 : 0;
    return true;
  }
  result.step = static_cast<int64_t>(micros);
  // The last value is at most `stop`, a finite timestamp: the progression stays in range.
  result.count = static_cast<uint64_t>(RangeCount(start, stop, result.step, inclusive));
  return true;
}

std::vector<int64_t> TimestampSeries::List(std::string_view name, int64_t start, int64_t stop,
                                           interval_t step, bool inclusive, uint64_t limit) {
  CheckArguments(name, start, stop, step);
  const bool up = Interval::TotalMicros(step) > 0;
  std::vector<int64_t> values;
  timestamp_t value{start};
  for (;;) {
    const bool before = up ? value.value < stop : value.value > stop;
    if (!before && !(inclusive && value.value == stop)) break;
    if (values.size() == limit) {
      throw InvalidInputError(
          fmt::format("{} over timestamps has more than {} values", name, limit));
    }
    values.push_back(value.value);
    timestamp_t next;
    if (!Interval::TryAddTo(value, step, next) || !next.IsFinite()) break;
    value = next;
  }
  return values;
}

}  // namespace teal
