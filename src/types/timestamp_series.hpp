// TimestampSeries: the values of range() / generate_series() over timestamps with an
// INTERVAL step — shared by the table functions in FROM and the list functions of the
// same names.
//
// As in PostgreSQL and DuckDB the step is added again and again (start, start + step,
// (start + step) + step, …), which is not start + k × step when the step has months:
// from January 31 by a month the days are 31, 28, 28, … A step without months is a
// fixed number of microseconds, so those series are arithmetic progressions and need not
// be listed; the others are listed up to a limit.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "teal/datetime.hpp"

namespace teal {

struct TimestampSeries {
  /// A series without months: `count` values start, start + step, … in microseconds.
  struct Linear {
    int64_t start = 0;
    int64_t step = 0;
    uint64_t count = 0;
  };

  /// Checks the arguments of `name` (start and stop finite, step not zero: InvalidInputError
  /// naming what is wrong) and, when the step has no months, gives the series as a
  /// progression (true); false when it must be listed (List).
  static bool TryLinear(std::string_view name, int64_t start, int64_t stop, interval_t step,
                        bool inclusive, Linear& result);

  /// The values of the series of `name`, before `stop` (through it when `inclusive`) in the
  /// step's direction (its sign as an interval compares with zero); the series ends where
  /// a value would leave the timestamp range. More than `limit` values: InvalidInputError.
  static std::vector<int64_t> List(std::string_view name, int64_t start, int64_t stop,
                                   interval_t step, bool inclusive, uint64_t limit);
};

}  // namespace teal
