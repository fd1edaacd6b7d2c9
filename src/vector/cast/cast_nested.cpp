// Casts involving LIST.
#include "vector/cast/cast_family.hpp"

namespace teal {

bool IsNestedCast(const LogicalType& from, const LogicalType& to) {
  return from.Id() == TypeId::kList || to.Id() == TypeId::kList;
}

bool NestedCastExists(const LogicalType& from, const LogicalType& to) { return false; }

bool TryCastNested(const Vector& source, Vector& result, idx_t count, std::string& error) {
  return false;
}

}  // namespace teal
