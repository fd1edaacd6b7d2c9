// CastVector: picks the cast family once per vector and handles what all families
// share (identical types, NULL literals, constant vectors).
#include <fmt/format.h>

#include "common/assert.hpp"
#include "vector/cast/cast_family.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

std::string CastErrorMessage(const LogicalType& from, std::string_view value_text,
                             const LogicalType& to, std::string_view reason) {
  bool quote = from.Physical() == PhysicalType::kVarchar || from.Id() == TypeId::kEnum;
  std::string msg = quote ? fmt::format("could not convert {} value \"{}\" to {}", from.ToString(),
                                        value_text, to.ToString())
                          : fmt::format("could not convert {} value {} to {}", from.ToString(),
                                        value_text, to.ToString());
  if (!reason.empty()) {
    msg += ": ";
    msg += reason;
  }
  return msg;
}

bool CastExists(const LogicalType& from, const LogicalType& to) {
  if (from == to || from.Id() == TypeId::kSqlNull) return true;
  if (IsNestedCast(from, to)) return NestedCastExists(from, to);
  if (IsTemporalCast(from, to)) return TemporalCastExists(from, to);
  return ScalarCastExists(from, to);
}

namespace {
bool CastFlat(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (from == to) {
    SelectionVector none;
    result.CopyFrom(source, none, count, 0, 0);
    return true;
  }
  if (from.Id() == TypeId::kSqlNull) {
    for (idx_t i = 0; i < count; i++) result.SetNull(i);
    return true;
  }
  if (!CastExists(from, to)) {
    throw ConversionError(
        fmt::format("no cast from {} to {} exists", from.ToString(), to.ToString()));
  }
  if (IsNestedCast(from, to)) return TryCastNested(source, result, count, error);
  if (IsTemporalCast(from, to)) return TryCastTemporal(source, result, count, error);
  return TryCastScalar(source, result, count, error);
}
}  // namespace

bool TryCastVector(const Vector& source, Vector& result, idx_t count, std::string* error) {
  std::string message;
  bool ok;
  if (source.IsConstant()) {
    // Cast the one value, then mark the result constant.
    Vector one(source.Type(), 1);
    SelectionVector none;
    one.CopyFrom(source, none, 1, 0, 0);
    ok = CastFlat(one, result, 1, message);
    if (ok) result.SetConstant();
  } else {
    ok = CastFlat(source, result, count, message);
  }
  if (!ok && error) *error = std::move(message);
  return ok;
}

void CastVector(const Vector& source, Vector& result, idx_t count) {
  std::string message;
  if (!TryCastVector(source, result, count, &message)) throw ConversionError(message);
}

}  // namespace teal
