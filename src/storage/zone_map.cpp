// Zone maps (see zone_map.hpp).
#include "storage/zone_map.hpp"

#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

bool ColumnZone::Single() const {
  if (!HasValue()) return true;
  return !has_null && CompareValues(min, max) == 0;
}

bool ZoneMapsCover(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kBoolean:
    case TypeId::kTinyInt:
    case TypeId::kSmallInt:
    case TypeId::kInteger:
    case TypeId::kBigInt:
    case TypeId::kUTinyInt:
    case TypeId::kUSmallInt:
    case TypeId::kUInteger:
    case TypeId::kUBigInt:
    case TypeId::kHugeInt:
    case TypeId::kUHugeInt:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal:
    case TypeId::kBlob:
    case TypeId::kDate:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
    case TypeId::kInterval:
    case TypeId::kUuid:
      return true;
    case TypeId::kVarchar:
      // A collated string compares through its collation's functions, not by its bytes.
      return type.Collation().empty();
    default:
      return false;
  }
}

namespace {

/// Rows of the least and the greatest non-NULL value among rows [0, count) under
/// Comparator; false when every row is NULL.
template <typename T, typename Comparator>
bool ExtremeRows(const Vector& vector, idx_t count, idx_t& least, idx_t& greatest) {
  const T* values = vector.Values<T>();
  const bool all_valid = vector.Validity().AllValid();
  bool found = false;
  for (idx_t r = 0; r < count; r++) {
    if (!all_valid && !vector.RowIsValid(r)) continue;
    if (!found) {
      least = greatest = r;
      found = true;
      continue;
    }
    if (Comparator::Cmp(values[r], values[least]) < 0) least = r;
    if (Comparator::Cmp(values[r], values[greatest]) > 0) greatest = r;
  }
  return found;
}

bool ExtremeRowsOf(const Vector& vector, idx_t count, idx_t& least, idx_t& greatest) {
  const LogicalType& type = vector.Type();
  if (type.Id() == TypeId::kTimeTz) {
    return ExtremeRows<uint64_t, TimeTzCompare>(vector, count, least, greatest);
  }
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      return ExtremeRows<string_t, StringCompare>(vector, count, least, greatest);
    case PhysicalType::kInterval:
      return ExtremeRows<interval_t, IntervalCompare>(vector, count, least, greatest);
    default:
      return DispatchFixedWidth(type.Physical(), [&]<typename T>() {
        if constexpr (std::is_same_v<T, interval_t>) {
          return false;  // handled above
        } else {
          return ExtremeRows<T, PlainCompare<T>>(vector, count, least, greatest);
        }
      });
  }
}

}  // namespace

void WidenZone(ColumnZone& zone, const Vector& vector, idx_t count) {
  if (count == 0) return;
  if (!vector.Validity().AllValid()) {
    for (idx_t r = 0; r < count && !zone.has_null; r++) {
      if (!vector.RowIsValid(r)) zone.has_null = true;
    }
  }
  idx_t least = 0, greatest = 0;
  if (!ExtremeRowsOf(vector, count, least, greatest)) return;
  Value low = vector.GetValue(least);
  Value high = vector.GetValue(greatest);
  // Asked once: setting min first would make the zone look known before max is.
  const bool first = !zone.HasValue();
  if (first || CompareValues(low, zone.min) < 0) zone.min = std::move(low);
  if (first || CompareValues(high, zone.max) > 0) zone.max = std::move(high);
}

}  // namespace teal
