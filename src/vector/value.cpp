// Value: construction, equality, and conversion through CastVector.
#include "teal/value.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/assert.hpp"
#include "teal/error.hpp"
#include "vector/vector.hpp"
#include "vector/vector_cast.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

#define TEAL_VALUE_CTOR(Name, CType, Type) \
  Value Value::Name(CType v) { return FromStored(LogicalType(TypeId::Type), v); }
TEAL_VALUE_CTOR(Boolean, bool, kBoolean)
TEAL_VALUE_CTOR(TinyInt, int8_t, kTinyInt)
TEAL_VALUE_CTOR(SmallInt, int16_t, kSmallInt)
TEAL_VALUE_CTOR(Integer, int32_t, kInteger)
TEAL_VALUE_CTOR(BigInt, int64_t, kBigInt)
TEAL_VALUE_CTOR(UTinyInt, uint8_t, kUTinyInt)
TEAL_VALUE_CTOR(USmallInt, uint16_t, kUSmallInt)
TEAL_VALUE_CTOR(UInteger, uint32_t, kUInteger)
TEAL_VALUE_CTOR(UBigInt, uint64_t, kUBigInt)
TEAL_VALUE_CTOR(HugeInt, hugeint_t, kHugeInt)
TEAL_VALUE_CTOR(UHugeInt, uhugeint_t, kUHugeInt)
TEAL_VALUE_CTOR(Float, float, kFloat)
TEAL_VALUE_CTOR(Double, double, kDouble)
TEAL_VALUE_CTOR(Interval, interval_t, kInterval)
TEAL_VALUE_CTOR(Uuid, hugeint_t, kUuid)
#undef TEAL_VALUE_CTOR

Value Value::Date(date_t v) { return FromStored(LogicalType(TypeId::kDate), v.days); }
Value Value::Time(dtime_t v) { return FromStored(LogicalType(TypeId::kTime), v.micros); }
Value Value::TimeTz(dtime_tz_t v) { return FromStored(LogicalType(TypeId::kTimeTz), v.bits); }
Value Value::Timestamp(timestamp_t v) {
  return FromStored(LogicalType(TypeId::kTimestamp), v.value);
}
Value Value::TimestampS(timestamp_sec_t v) {
  return FromStored(LogicalType(TypeId::kTimestampS), v.value);
}
Value Value::TimestampMs(timestamp_ms_t v) {
  return FromStored(LogicalType(TypeId::kTimestampMs), v.value);
}
Value Value::TimestampNs(timestamp_ns_t v) {
  return FromStored(LogicalType(TypeId::kTimestampNs), v.value);
}
Value Value::TimestampTz(timestamp_tz_t v) {
  return FromStored(LogicalType(TypeId::kTimestampTz), v.value);
}

Value Value::Varchar(std::string_view v) {
  return FromStored(LogicalType(TypeId::kVarchar), std::string(v));
}
Value Value::Blob(std::string_view bytes) {
  return FromStored(LogicalType(TypeId::kBlob), std::string(bytes));
}

Value Value::Decimal(int128 unscaled, uint8_t width, uint8_t scale) {
  LogicalType type = LogicalType::Decimal(width, scale);
  // A value of more digits than the width would be cut to the stored integer's size.
  int128 limit = 1;
  for (uint8_t i = 0; i < width; i++) limit *= 10;
  if (unscaled >= limit || unscaled <= -limit) {
    throw InvalidInputError(
        fmt::format("Value::Decimal: the unscaled value has more than the {} digits of {}", width,
                    type.ToString()));
  }
  switch (type.Physical()) {
    case PhysicalType::kInt16:
      return FromStored(type, static_cast<int16_t>(unscaled));
    case PhysicalType::kInt32:
      return FromStored(type, static_cast<int32_t>(unscaled));
    case PhysicalType::kInt64:
      return FromStored(type, static_cast<int64_t>(unscaled));
    default:
      return FromStored(type, hugeint_t(unscaled));
  }
}

Value Value::Enum(const LogicalType& enum_type, uint32_t index) {
  const size_t labels = enum_type.Enum().labels.size();  // throws unless an ENUM
  if (index >= labels) {
    throw InvalidInputError(fmt::format("Value::Enum: {} has {} labels; there is no index {}",
                                        enum_type.ToString(), labels, index));
  }
  switch (enum_type.Physical()) {
    case PhysicalType::kUInt8:
      return FromStored(enum_type, static_cast<uint8_t>(index));
    case PhysicalType::kUInt16:
      return FromStored(enum_type, static_cast<uint16_t>(index));
    default:
      return FromStored(enum_type, index);
  }
}

Value Value::List(const LogicalType& child_type, std::vector<Value> elements) {
  // Elements of another type are converted here, so a list never holds a value its
  // child type cannot read back (ConversionError names the element when one does not fit).
  for (auto& element : elements) {
    if (element.Type() != child_type) element = element.CastAs(child_type);
  }
  Value v(LogicalType::List(child_type));
  v.data_ = std::make_shared<const std::vector<Value>>(std::move(elements));
  v.is_null_ = false;
  return v;
}

Value Value::Array(const LogicalType& array_type, std::vector<Value> elements) {
  if (elements.size() != array_type.ArraySize()) {
    throw InvalidInputError(fmt::format("Value::Array: {} has {} elements, not {}",
                                        array_type.ToString(), array_type.ArraySize(),
                                        elements.size()));
  }
  Value v = List(array_type.ListChild(), std::move(elements));
  v.type_ = array_type;
  return v;
}

Value Value::Map(const LogicalType& map_type, std::vector<Value> entries) {
  Value v = List(map_type.ListChild(), std::move(entries));
  std::vector<const Value*> keys;
  for (const Value& entry : v.GetList()) {
    const Value* key = entry.IsNull() ? &entry : &entry.GetStruct()[0];
    if (key->IsNull()) throw InvalidInputError("Map keys can not be NULL");
    keys.push_back(key);
  }
  std::sort(keys.begin(), keys.end(),
            [](const Value* a, const Value* b) { return CompareValues(*a, *b) < 0; });
  for (size_t i = 1; i < keys.size(); i++) {
    if (CompareValues(*keys[i - 1], *keys[i]) == 0) {
      throw InvalidInputError("Map keys must be unique");
    }
  }
  v.type_ = map_type;
  return v;
}

Value Value::Struct(const LogicalType& struct_type, std::vector<Value> fields) {
  const auto& types = struct_type.StructFields();
  if (fields.size() != types.size()) {
    throw InvalidInputError(fmt::format("Value::Struct: {} has {} fields, not {}",
                                        struct_type.ToString(), types.size(), fields.size()));
  }
  for (size_t i = 0; i < fields.size(); i++) {
    if (fields[i].Type() != types[i].second) fields[i] = fields[i].CastAs(types[i].second);
  }
  Value v(struct_type);
  v.data_ = std::make_shared<const std::vector<Value>>(std::move(fields));
  v.is_null_ = false;
  return v;
}

namespace {
/// The C++ spelling of Storage alternative `index`, for messages.
const char* StoredTypeName(size_t index) {
  static constexpr const char* kNames[] = {
      "(nothing)", "bool",     "int8_t",     "int16_t",     "int32_t",        "int64_t",
      "uint8_t",   "uint16_t", "uint32_t",   "uint64_t",    "hugeint_t",      "uhugeint_t",
      "float",     "double",   "interval_t", "std::string", "a list of Value"};
  return index < std::size(kNames) ? kNames[index] : "?";
}
}  // namespace

void Value::CheckStoredType(const LogicalType& type, size_t index, const char* call) {
  size_t expected;
  switch (type.Physical()) {
    case PhysicalType::kBool:
      expected = kIndexOf<bool>;
      break;
    case PhysicalType::kInt8:
      expected = kIndexOf<int8_t>;
      break;
    case PhysicalType::kInt16:
      expected = kIndexOf<int16_t>;
      break;
    case PhysicalType::kInt32:
      expected = kIndexOf<int32_t>;
      break;
    case PhysicalType::kInt64:
      expected = kIndexOf<int64_t>;
      break;
    case PhysicalType::kUInt8:
      expected = kIndexOf<uint8_t>;
      break;
    case PhysicalType::kUInt16:
      expected = kIndexOf<uint16_t>;
      break;
    case PhysicalType::kUInt32:
      expected = kIndexOf<uint32_t>;
      break;
    case PhysicalType::kUInt64:
      expected = kIndexOf<uint64_t>;
      break;
    case PhysicalType::kInt128:
      expected = kIndexOf<hugeint_t>;
      break;
    case PhysicalType::kUInt128:
      expected = kIndexOf<uhugeint_t>;
      break;
    case PhysicalType::kFloat:
      expected = kIndexOf<float>;
      break;
    case PhysicalType::kDouble:
      expected = kIndexOf<double>;
      break;
    case PhysicalType::kInterval:
      expected = kIndexOf<interval_t>;
      break;
    case PhysicalType::kVarchar:
      expected = kIndexOf<std::string>;
      break;
    default:
      throw InvalidInputError(fmt::format("{}: a {} value cannot be made from a stored {}{}", call,
                                          type.ToString(), StoredTypeName(index),
                                          type.Id() == TypeId::kList ? " (use Value::List)"
                                          : type.Id() == TypeId::kStruct
                                              ? " (use Value::Struct)"
                                              : " (use Value(type) for a NULL)"));
  }
  if (index != expected) {
    throw InvalidInputError(fmt::format("{}: {} is stored as {}, not as {}", call, type.ToString(),
                                        StoredTypeName(expected), StoredTypeName(index)));
  }
}

void Value::CheckGet(size_t index, const char* call) const {
  if (is_null_) {
    throw InvalidInputError(fmt::format("{}: the value is a NULL of type {}; test IsNull() first",
                                        call, type_.ToString()));
  }
  if (data_.index() != index) {
    throw InvalidInputError(fmt::format("{}: the value is {}, stored as {}, not as {}", call,
                                        type_.ToString(), StoredTypeName(data_.index()),
                                        StoredTypeName(index)));
  }
}

const std::string& Value::GetString() const {
  if (is_null_ || data_.index() != kIndexOf<std::string>) [[unlikely]] {
    if (!is_null_) {
      throw InvalidInputError(fmt::format(
          "Value::GetString: the value is {}, not VARCHAR or BLOB (ToString() gives its text)",
          type_.ToString()));
    }
    CheckGet(kIndexOf<std::string>, "Value::GetString");
  }
  return std::get<std::string>(data_);
}

const std::vector<Value>& Value::GetList() const {
  if (is_null_ || type_.Physical() != PhysicalType::kList) [[unlikely]] {
    if (!is_null_) {
      throw InvalidInputError(
          fmt::format("Value::GetList: the value is {}, not a LIST", type_.ToString()));
    }
    CheckGet(kIndexOf<ListPtr>, "Value::GetList");
  }
  return *std::get<ListPtr>(data_);
}

const std::vector<Value>& Value::GetStruct() const {
  if (is_null_ || type_.Physical() != PhysicalType::kStruct) [[unlikely]] {
    if (!is_null_) {
      throw InvalidInputError(
          fmt::format("Value::GetStruct: the value is {}, not a STRUCT", type_.ToString()));
    }
    CheckGet(kIndexOf<ListPtr>, "Value::GetStruct");
  }
  return *std::get<ListPtr>(data_);
}

bool operator==(const Value& a, const Value& b) {
  if (a.type_ != b.type_ || a.is_null_ != b.is_null_) return false;
  if (a.is_null_) return true;
  if (a.type_.Physical() == PhysicalType::kList) return a.GetList() == b.GetList();
  if (a.type_.Physical() == PhysicalType::kStruct) return a.GetStruct() == b.GetStruct();
  if (a.type_.Physical() == PhysicalType::kFloat || a.type_.Physical() == PhysicalType::kDouble) {
    // Bitwise, so that NaN equals itself here (structural equality, not SQL's).
    return a.data_.index() == b.data_.index() &&
           (a.type_.Physical() == PhysicalType::kFloat
                ? std::memcmp(&std::get<float>(a.data_), &std::get<float>(b.data_), 4) == 0
                : std::memcmp(&std::get<double>(a.data_), &std::get<double>(b.data_), 8) == 0);
  }
  return a.data_ == b.data_;
}

namespace {
/// Whether a NULL of type `from` cast to `to` is a NULL: always but when a typed NULL goes
/// into a UNION, which makes it its member's NULL (cast_union.cpp).
bool NullStaysNull(const LogicalType& from, const LogicalType& to) {
  return to.Id() != TypeId::kUnion || from.Id() == TypeId::kSqlNull || from.Id() == TypeId::kUnion;
}
}  // namespace

bool Value::TryCastAs(const LogicalType& target, Value& result, std::string* error) const {
  if (type_ == target) {
    result = *this;
    return true;
  }
  if (is_null_ && NullStaysNull(type_, target)) {
    result = Value(target);
    return true;
  }
  // Checked here so that a missing cast is reported, not thrown, as documented.
  if (!CastExists(type_, target)) {
    if (error) {
      *error = NoCastMessage(type_, target);
    }
    return false;
  }
  Vector source(*this);
  Vector converted(target, 1);
  if (!TryCastVector(source, converted, 1, error)) return false;
  result = converted.GetValue(0);
  return true;
}

Value Value::CastAs(const LogicalType& target) const {
  if (type_ == target) return *this;
  if (is_null_ && NullStaysNull(type_, target)) return Value(target);
  Vector source(*this);
  Vector converted(target, 1);
  CastVector(source, converted, 1);
  return converted.GetValue(0);
}

std::string Value::ToString() const {
  if (is_null_) return "NULL";
  if (type_.Id() == TypeId::kVarchar) return GetString();
  // A UNION whose member holds NULL is no NULL itself, but its text is.
  const Value text = CastAs(LogicalType(TypeId::kVarchar));
  return text.IsNull() ? "NULL" : text.GetString();
}

}  // namespace teal
