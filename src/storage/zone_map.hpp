// Zone maps: what a row group's column holds at least and at most, so that a scan whose
// filter no value in that range can pass skips the row group without reading it.
//
// A zone is computed from the stored values the first time a scan asks for it and kept
// with the row group until the group changes (DataTable::RowGroupsToScan). It covers every
// stored row, deleted ones too, so it only ever claims too wide a range, never too narrow
// a one. Its order is the one SQL's comparisons use (vector/value_compare.hpp): NaN above
// every number, strings by their bytes, INTERVAL by its length.
#pragma once

#include "teal/value.hpp"
#include "vector/vector.hpp"

namespace teal {

struct ColumnZone {
  /// False: nothing is known of the values (a type without an order zones keep: LIST,
  /// STRUCT, …); the other fields mean nothing then.
  bool known = false;
  bool has_null = false;
  /// The least and the greatest non-NULL value; NULL Values when every row is NULL.
  Value min, max;

  bool HasValue() const { return !min.IsNull(); }
  /// Whether every row holds the same value (or every row is NULL).
  bool Single() const;
};

/// Whether zones are kept for columns of `type`.
bool ZoneMapsCover(const LogicalType& type);

/// Widens `zone` (known, of `vector`'s type) by rows [0, count) of the flat `vector`.
void WidenZone(ColumnZone& zone, const Vector& vector, idx_t count);

}  // namespace teal
