// CastVector: picks the cast family once per vector and handles what all families
// share (identical types, NULL literals, constant vectors).
#include <fmt/format.h>

#include "common/assert.hpp"
#include "vector/cast/cast_family.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
/// DuckDB's name for the types whose errors it names by storage: INT32, UINT8, BOOL, DOUBLE.
std::string CastTypeLabel(const LogicalType& type) {
  if (type.Id() == TypeId::kBoolean || type.Id() == TypeId::kFloat ||
      type.Id() == TypeId::kDouble || type.IsIntegral()) {
    return std::string(PhysicalTypeName(type.Physical()));
  }
  return type.ToString();
}

bool IsPlainNumber(const LogicalType& type) {
  return type.IsNumeric() && type.Id() != TypeId::kDecimal;
}

/// "date", "time" or "timestamp" for the temporal types parsed from text, else empty.
std::string_view TemporalField(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kDate:
      return "date";
    case TypeId::kTime:
    case TypeId::kTimeTz:
      return "time";
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
      return "timestamp";
    default:
      return {};
  }
}
}  // namespace

// The wording follows DuckDB's, which applications and DuckDB's tests match on; Teal's
// own reason, when it adds something, follows after a colon.
std::string CastErrorMessage(const LogicalType& from, std::string_view value_text,
                             const LogicalType& to, std::string_view reason) {
  std::string msg;
  bool reason_said = false;
  const bool out_of_range = reason.find("out of range") != std::string_view::npos;
  if (from.Physical() == PhysicalType::kVarchar && from.Id() == TypeId::kVarchar) {
    if (std::string_view field = TemporalField(to); !field.empty()) {
      // DuckDB says "out of range" for every TIME it cannot read, malformed or not.
      const bool time = to.Id() == TypeId::kTime || to.Id() == TypeId::kTimeTz;
      msg = out_of_range || time
                ? fmt::format("{} field value out of range: \"{}\"", field, value_text)
                : fmt::format("invalid {} field format: \"{}\"", field, value_text);
    } else if (to.Id() == TypeId::kDecimal) {
      msg = fmt::format("Could not convert string \"{}\" to {}", value_text, to.ToString());
    } else if (to.Physical() == PhysicalType::kList || to.Physical() == PhysicalType::kStruct) {
      msg = fmt::format("Type VARCHAR with value '{}' can't be cast to the destination type {}",
                        value_text, to.ToString());
    } else {
      msg = fmt::format("Could not convert string '{}' to {}", value_text, CastTypeLabel(to));
    }
  } else if (IsPlainNumber(from) && IsPlainNumber(to) && out_of_range) {
    msg = fmt::format(
        "Type {} with value {} can't be cast because the value is out of range for the "
        "destination type {}",
        CastTypeLabel(from), value_text, CastTypeLabel(to));
    reason_said = true;
  } else if (to.Id() == TypeId::kDecimal && from.Id() == TypeId::kDecimal && out_of_range) {
    msg = fmt::format("Casting value \"{}\" to type {} failed: value is out of range!", value_text,
                      to.ToString());
    reason_said = true;
  } else if (to.Id() == TypeId::kDecimal && IsPlainNumber(from) && out_of_range) {
    msg = fmt::format("Could not cast value {} to {}: out of range", value_text, to.ToString());
    reason_said = true;
  } else if (from.Id() == TypeId::kDecimal && IsPlainNumber(to) && out_of_range) {
    msg = fmt::format("Failed to cast decimal value {} to type {}: out of range", value_text,
                      to.ToString());
    reason_said = true;
  } else {
    bool quote = from.Physical() == PhysicalType::kVarchar || from.Id() == TypeId::kEnum;
    msg = quote ? fmt::format("could not convert {} value \"{}\" to {}", from.ToString(),
                              value_text, to.ToString())
                : fmt::format("could not convert {} value {} to {}", from.ToString(), value_text,
                              to.ToString());
  }
  if (!reason.empty() && !reason_said) {
    msg += ": ";
    msg += reason;
  }
  return msg;
}

bool CastExists(const LogicalType& from, const LogicalType& to) {
  if (from == to || from.Id() == TypeId::kSqlNull) return true;
  if (IsUnionCast(from, to)) return UnionCastExists(from, to);
  if (IsBignumCast(from, to)) return BignumCastExists(from, to);
  if (IsNestedCast(from, to)) return NestedCastExists(from, to);
  if (IsTemporalCast(from, to)) return TemporalCastExists(from, to);
  return ScalarCastExists(from, to);
}

std::string NoCastMessage(const LogicalType& from, const LogicalType& to) {
  if (IsUnionCast(from, to)) return UnionCastProblem(from, to);
  // DuckDB's wording (PostgreSQL: "cannot cast type date to boolean").
  return fmt::format("Unimplemented type for cast ({} -> {})", from.ToString(), to.ToString());
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
    throw ConversionError(NoCastMessage(from, to));
  }
  if (IsUnionCast(from, to)) return TryCastUnion(source, result, count, error);
  if (IsBignumCast(from, to)) return TryCastBignum(source, result, count, error);
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
