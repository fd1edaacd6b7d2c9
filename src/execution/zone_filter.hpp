// Zone filter: whether any row of a row group can pass a table scan's filter, judged from
// the zones of the columns it reads (storage/zone_map.hpp) — the scan reads only the row
// groups it cannot rule out.
//
// The filter is judged as three answers (can a row make it true, false, NULL?) from the
// range each expression under it takes over the group's rows:
//   1. An expression whose columns each hold a single value (or only NULLs) in the group
//      is evaluated on those values: exact for any deterministic expression (`v <> 'a'`,
//      `v LIKE 'a%'`, CASE, …).
//   2. A column's range is its zone; a constant's is itself.
//   3. A function monotone in one argument whose other arguments are single values
//      (floor, year, x + c, x * c, …, and casts between numbers or between dates and
//      timestamps) maps a range to the range between its values at the two ends. A NaN
//      end, an error or a NULL at an end makes the range unknown.
//   4. Comparisons, IN lists, IS [NOT] NULL, IS [NOT] DISTINCT FROM, AND, OR and NOT
//      combine ranges into the three answers; anything else can be anything.
// A row group is skipped only when no row can make the filter true. A row of a skipped
// group on which the filter would have failed with an error does not fail the query —
// as when an index answers it.
#pragma once

#include <span>

#include "planner/expression.hpp"
#include "storage/zone_map.hpp"

namespace teal {

/// Whether zones can ever rule a row group out for `filter` (deterministic, reads a
/// column, holds no subquery): when not, ZonesMayPass need not be asked.
bool ZonesCanJudge(const Expression& filter);

/// False when no row of a row group whose columns lie in `zones` (indexed by the
/// filter's column references) can make `filter` true.
bool ZonesMayPass(const Expression& filter, std::span<const ColumnZone> zones);

}  // namespace teal
