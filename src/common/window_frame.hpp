// The frame of a window function: which rows around the current one it reads. Written by
// the parser (WindowSpec), bound by the binder (LogicalWindow), read by the window
// operator.
#pragma once

#include <cstdint>

namespace teal {

/// ROWS counts rows, RANGE compares the ORDER BY value, GROUPS counts peer groups.
enum class FrameUnit : uint8_t { kRows, kRange, kGroups };

enum class FrameBoundary : uint8_t {
  kUnboundedPreceding,
  kPreceding,  // offset PRECEDING
  kCurrentRow,
  kFollowing,  // offset FOLLOWING
  kUnboundedFollowing,
};

/// EXCLUDE CURRENT ROW / GROUP (the row and its peers) / TIES (its peers, not itself).
enum class FrameExclude : uint8_t { kNoOthers, kCurrentRow, kGroup, kTies };

}  // namespace teal
