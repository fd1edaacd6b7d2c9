// Casts involving DATE, TIME, TIMETZ, TIMESTAMP*, INTERVAL.
#include "vector/cast/cast_family.hpp"

namespace teal {

bool IsTemporalCast(const LogicalType& from, const LogicalType& to) {
  return from.IsTemporal() || to.IsTemporal();
}

bool TemporalCastExists(const LogicalType& from, const LogicalType& to) { return false; }

bool TryCastTemporal(const Vector& source, Vector& result, idx_t count, std::string& error) {
  return false;
}

}  // namespace teal
