// The scalar cast family: which pairs exist, NULL propagation, and the choice of the
// numeric or string implementation (see cast_scalar.hpp), once per vector.
#include "vector/cast/cast_scalar.hpp"

namespace teal {

bool ScalarCastExists(const LogicalType& from, const LogicalType& to) {
  if (from.Id() == TypeId::kVarchar) return VarcharCastExists(to);
  if (to.Id() == TypeId::kVarchar) return VarcharCastExists(from);
  if (from.Id() == TypeId::kEnum && to.Id() == TypeId::kEnum) return true;
  return NumericCastExists(from, to);
}

bool TryCastScalar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  CopyValidity(source, result, count);
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (to.Id() == TypeId::kVarchar) return TryCastToVarchar(source, result, count, error);
  if (from.Id() == TypeId::kVarchar) return TryCastFromVarchar(source, result, count, error);
  if (from.Id() == TypeId::kEnum) return TryCastEnumToEnum(source, result, count, error);
  return TryCastNumeric(source, result, count, error);
}

}  // namespace teal
