// RangeCount: how many values range(start, stop, step) and generate_series have — shared
// by the table functions in FROM and the list functions of the same names.
#pragma once

#include <cstdint>

namespace teal {

/// The number of values start, start + step, … before `stop` (through it when
/// `inclusive`: generate_series); counted in 128 bits, so no overflow. `step` is not 0.
inline unsigned __int128 RangeCount(int64_t start, int64_t stop, int64_t step, bool inclusive) {
  const __int128 span =
      step > 0 ? static_cast<__int128>(stop) - start : static_cast<__int128>(start) - stop;
  const __int128 stride = step > 0 ? step : -static_cast<__int128>(step);
  if (span < 0 || (span == 0 && !inclusive)) return 0;
  return static_cast<unsigned __int128>(inclusive ? span / stride + 1
                                                  : (span + stride - 1) / stride);
}

}  // namespace teal
