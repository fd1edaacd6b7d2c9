// LogicalType: construction, physical mapping, names, equality.
#include "teal/logical_type.hpp"

#include <fmt/format.h>

#include <cctype>

#include "common/ascii_case.hpp"
#include "common/assert.hpp"
#include "teal/datetime.hpp"
#include "teal/hugeint.hpp"
#include "teal/string_type.hpp"

namespace teal {

struct LogicalType::Extra {
  LogicalType child;                                        // LIST, ARRAY, MAP
  uint32_t array_size = 0;                                  // ARRAY
  EnumInfo enum_info;                                       // ENUM
  std::vector<std::pair<std::string, LogicalType>> fields;  // STRUCT
  std::string collation;                                    // VARCHAR
};

namespace {
PhysicalType PhysicalFor(TypeId id) {
  switch (id) {
    case TypeId::kBoolean:
      return PhysicalType::kBool;
    case TypeId::kSqlNull:
    case TypeId::kTinyInt:
      return PhysicalType::kInt8;
    case TypeId::kSmallInt:
      return PhysicalType::kInt16;
    case TypeId::kInteger:
    case TypeId::kDate:
      return PhysicalType::kInt32;
    case TypeId::kBigInt:
    case TypeId::kTime:
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
      return PhysicalType::kInt64;
    case TypeId::kUTinyInt:
      return PhysicalType::kUInt8;
    case TypeId::kUSmallInt:
      return PhysicalType::kUInt16;
    case TypeId::kUInteger:
      return PhysicalType::kUInt32;
    case TypeId::kUBigInt:
    case TypeId::kTimeTz:
      return PhysicalType::kUInt64;
    case TypeId::kHugeInt:
    case TypeId::kUuid:
      return PhysicalType::kInt128;
    case TypeId::kUHugeInt:
      return PhysicalType::kUInt128;
    case TypeId::kFloat:
      return PhysicalType::kFloat;
    case TypeId::kDouble:
      return PhysicalType::kDouble;
    case TypeId::kVarchar:
    case TypeId::kBlob:
    case TypeId::kBignum:
      return PhysicalType::kVarchar;
    case TypeId::kInterval:
      return PhysicalType::kInterval;
    case TypeId::kList:
    case TypeId::kMap:
    case TypeId::kArray:
      return PhysicalType::kList;
    case TypeId::kStruct:
    case TypeId::kUnion:
      return PhysicalType::kStruct;
    case TypeId::kDecimal:
    case TypeId::kEnum:
    case TypeId::kInvalid:
      return PhysicalType::kInvalid;
  }
  return PhysicalType::kInvalid;
}
}  // namespace

idx_t PhysicalTypeSize(PhysicalType type) {
  switch (type) {
    case PhysicalType::kBool:
    case PhysicalType::kInt8:
    case PhysicalType::kUInt8:
      return 1;
    case PhysicalType::kInt16:
    case PhysicalType::kUInt16:
      return 2;
    case PhysicalType::kInt32:
    case PhysicalType::kUInt32:
    case PhysicalType::kFloat:
      return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kUInt64:
    case PhysicalType::kDouble:
      return 8;
    case PhysicalType::kInt128:
    case PhysicalType::kUInt128:
      return 16;
    case PhysicalType::kInterval:
      return sizeof(interval_t);
    case PhysicalType::kVarchar:
      return sizeof(string_t);
    case PhysicalType::kList:
      return 16;  // {uint64 offset; uint64 length}
    case PhysicalType::kStruct:
    case PhysicalType::kInvalid:
      return 0;
  }
  return 0;
}

std::string_view PhysicalTypeName(PhysicalType type) {
  switch (type) {
    case PhysicalType::kBool:
      return "BOOL";
    case PhysicalType::kInt8:
      return "INT8";
    case PhysicalType::kInt16:
      return "INT16";
    case PhysicalType::kInt32:
      return "INT32";
    case PhysicalType::kInt64:
      return "INT64";
    case PhysicalType::kUInt8:
      return "UINT8";
    case PhysicalType::kUInt16:
      return "UINT16";
    case PhysicalType::kUInt32:
      return "UINT32";
    case PhysicalType::kUInt64:
      return "UINT64";
    case PhysicalType::kInt128:
      return "INT128";
    case PhysicalType::kUInt128:
      return "UINT128";
    case PhysicalType::kFloat:
      return "FLOAT";
    case PhysicalType::kDouble:
      return "DOUBLE";
    case PhysicalType::kInterval:
      return "INTERVAL";
    case PhysicalType::kVarchar:
      return "VARCHAR";
    case PhysicalType::kList:
      return "LIST";
    case PhysicalType::kStruct:
      return "STRUCT";
    case PhysicalType::kInvalid:
      return "INVALID";
  }
  return "INVALID";
}

int64_t EnumInfo::Find(std::string_view label) const {
  auto it = index.find(label);
  return it == index.end() ? -1 : static_cast<int64_t>(it->second);
}

PhysicalType DecimalPhysicalType(uint8_t width) {
  if (width <= 4) return PhysicalType::kInt16;
  if (width <= 9) return PhysicalType::kInt32;
  if (width <= 18) return PhysicalType::kInt64;
  return PhysicalType::kInt128;
}

LogicalType::LogicalType(TypeId id) : id_(id), physical_(PhysicalFor(id)) {
  if (id == TypeId::kDecimal) {  // DECIMAL without parameters is DECIMAL(18,3)
    width_ = 18;
    scale_ = 3;
    physical_ = DecimalPhysicalType(width_);
  }
  if (id == TypeId::kList || id == TypeId::kEnum || id == TypeId::kStruct || id == TypeId::kMap ||
      id == TypeId::kArray || id == TypeId::kUnion) [[unlikely]] {
    // Without its child type, fields or dictionary the type would be unusable.
    throw InvalidInputError(
        id == TypeId::kList     ? "LogicalType(TypeId::kList) has no element "
                                  "type: use LogicalType::List(child)"
        : id == TypeId::kArray  ? "LogicalType(TypeId::kArray) has no element type and size: "
                                  "use LogicalType::Array(child, size)"
        : id == TypeId::kMap    ? "LogicalType(TypeId::kMap) has no key and value types: use "
                                  "LogicalType::Map(key, value)"
        : id == TypeId::kStruct ? "LogicalType(TypeId::kStruct) has no fields: use "
                                  "LogicalType::Struct(fields)"
        : id == TypeId::kUnion  ? "LogicalType(TypeId::kUnion) has no members: use "
                                  "LogicalType::Union(members)"
                                : "LogicalType(TypeId::kEnum) has no labels: use "
                                  "LogicalType::Enum(name, labels)");
  }
}

LogicalType LogicalType::Decimal(uint8_t width, uint8_t scale) {
  if (width > kMaxDecimalWidth || scale > width) {
    throw InvalidInputError(fmt::format(
        "LogicalType::Decimal({}, {}): the width must be at most {} and the scale at most the "
        "width",
        width, scale, kMaxDecimalWidth));
  }
  LogicalType t(TypeId::kDecimal);
  t.width_ = width;
  t.scale_ = scale;
  t.physical_ = DecimalPhysicalType(width);
  return t;
}

LogicalType LogicalType::List(LogicalType child) {
  LogicalType t;
  t.id_ = TypeId::kList;
  t.physical_ = PhysicalType::kList;
  auto extra = std::make_shared<Extra>();
  extra->child = std::move(child);
  t.extra_ = std::move(extra);
  return t;
}

LogicalType LogicalType::Array(LogicalType child, uint32_t size) {
  if (size == 0) throw InvalidInputError("ARRAY type size must be at least 1");
  if (size > kMaxArraySize) {
    throw InvalidInputError(fmt::format("ARRAY type size must be at most {}", kMaxArraySize));
  }
  LogicalType t;
  t.id_ = TypeId::kArray;
  t.physical_ = PhysicalType::kList;
  auto extra = std::make_shared<Extra>();
  extra->child = std::move(child);
  extra->array_size = size;
  t.extra_ = std::move(extra);
  return t;
}

LogicalType LogicalType::Map(LogicalType key, LogicalType value) {
  LogicalType t = List(Struct({{"key", std::move(key)}, {"value", std::move(value)}}));
  t.id_ = TypeId::kMap;
  return t;
}

LogicalType LogicalType::Varchar(std::string collation) {
  LogicalType t(TypeId::kVarchar);
  if (collation.empty()) return t;
  auto extra = std::make_shared<Extra>();
  extra->collation = std::move(collation);
  t.extra_ = std::move(extra);
  return t;
}

LogicalType LogicalType::Struct(std::vector<std::pair<std::string, LogicalType>> fields) {
  if (fields.empty()) throw InvalidInputError("a STRUCT needs at least one field");
  auto folded = [](std::string_view s) {
    std::string out(s);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  // Either every field has a name (unique) or none has (row(1, 'a'): DuckDB's unnamed
  // STRUCT).
  const bool unnamed = fields[0].first.empty();
  for (size_t i = 0; i < fields.size(); i++) {
    if (fields[i].first.empty() != unnamed) {
      throw InvalidInputError("a STRUCT's fields are all named or all unnamed");
    }
    for (size_t j = 0; j < i && !unnamed; j++) {
      if (folded(fields[i].first) == folded(fields[j].first)) {
        throw InvalidInputError(
            fmt::format("a STRUCT has two fields named \"{}\"", fields[i].first));
      }
    }
  }
  LogicalType t;
  t.id_ = TypeId::kStruct;
  t.physical_ = PhysicalType::kStruct;
  auto extra = std::make_shared<Extra>();
  extra->fields = std::move(fields);
  t.extra_ = std::move(extra);
  return t;
}

LogicalType LogicalType::Union(std::vector<std::pair<std::string, LogicalType>> members) {
  if (members.empty() || members.size() > kMaxUnionMembers) {
    throw InvalidInputError(
        fmt::format("a UNION has 1 to {} members, not {}", kMaxUnionMembers, members.size()));
  }
  for (size_t k = 0; k < members.size(); k++) {
    if (members[k].first.empty()) throw InvalidInputError("a UNION's members must be named");
    for (size_t j = 0; j < k; j++) {
      if (EqualsIgnoringAsciiCase(members[j].first, members[k].first)) {
        throw InvalidInputError(
            fmt::format("Duplicate UNION type member name \"{}\"", members[k].first));
      }
    }
  }
  std::vector<std::pair<std::string, LogicalType>> fields;
  fields.reserve(members.size() + 1);
  fields.emplace_back("tag", LogicalType(TypeId::kUTinyInt));
  for (auto& member : members) fields.push_back(std::move(member));
  // The tag's name is no member's: a member may be called tag.
  LogicalType t;
  t.id_ = TypeId::kUnion;
  t.physical_ = PhysicalType::kStruct;
  auto extra = std::make_shared<Extra>();
  extra->fields = std::move(fields);
  t.extra_ = std::move(extra);
  return t;
}

size_t LogicalType::UnionMemberCount() const {
  if (id_ != TypeId::kUnion) [[unlikely]] {
    throw InvalidInputError(
        fmt::format("LogicalType::UnionMemberCount: {} is not a UNION", ToString()));
  }
  return extra_->fields.size() - 1;
}

const std::pair<std::string, LogicalType>& LogicalType::UnionMember(size_t k) const {
  if (k >= UnionMemberCount()) [[unlikely]] {
    throw InvalidInputError(
        fmt::format("LogicalType::UnionMember: {} has no member {}", ToString(), k));
  }
  return extra_->fields[k + 1];
}

int64_t LogicalType::UnionMemberIndex(std::string_view name) const {
  const size_t n = UnionMemberCount();
  for (size_t k = 0; k < n; k++) {
    if (EqualsIgnoringAsciiCase(extra_->fields[k + 1].first, name)) return static_cast<int64_t>(k);
  }
  return -1;
}

const std::vector<std::pair<std::string, LogicalType>>& LogicalType::StructFields() const {
  if (id_ != TypeId::kStruct && id_ != TypeId::kUnion) [[unlikely]] {
    throw InvalidInputError(
        fmt::format("LogicalType::StructFields: {} is not a STRUCT", ToString()));
  }
  return extra_->fields;
}

int64_t LogicalType::StructFieldIndex(std::string_view name) const {
  const auto& fields = StructFields();
  for (size_t i = 0; i < fields.size(); i++) {
    if (EqualsIgnoringAsciiCase(fields[i].first, name)) return static_cast<int64_t>(i);
  }
  return -1;
}

LogicalType LogicalType::Enum(std::string name, std::vector<std::string> labels) {
  LogicalType t;
  t.id_ = TypeId::kEnum;
  size_t n = labels.size();
  t.physical_ = n <= 0xFF     ? PhysicalType::kUInt8
                : n <= 0xFFFF ? PhysicalType::kUInt16
                              : PhysicalType::kUInt32;
  auto extra = std::make_shared<Extra>();
  extra->enum_info.name = std::move(name);
  for (size_t i = 0; i < labels.size(); i++) {
    extra->enum_info.index.emplace(labels[i], static_cast<uint32_t>(i));
  }
  extra->enum_info.labels = std::move(labels);
  t.extra_ = std::move(extra);
  return t;
}

const LogicalType& LogicalType::ListChild() const {
  if (id_ != TypeId::kList && id_ != TypeId::kMap && id_ != TypeId::kArray) [[unlikely]] {
    throw InvalidInputError(fmt::format("LogicalType::ListChild: {} is not a LIST", ToString()));
  }
  return extra_->child;
}

uint32_t LogicalType::ArraySize() const {
  if (id_ != TypeId::kArray) [[unlikely]] {
    throw InvalidInputError(fmt::format("LogicalType::ArraySize: {} is not an ARRAY", ToString()));
  }
  return extra_->array_size;
}

const LogicalType& LogicalType::MapKey() const {
  if (id_ != TypeId::kMap) [[unlikely]] {
    throw InvalidInputError(fmt::format("LogicalType::MapKey: {} is not a MAP", ToString()));
  }
  return extra_->child.StructFields()[0].second;
}

const LogicalType& LogicalType::MapValue() const {
  if (id_ != TypeId::kMap) [[unlikely]] {
    throw InvalidInputError(fmt::format("LogicalType::MapValue: {} is not a MAP", ToString()));
  }
  return extra_->child.StructFields()[1].second;
}

const EnumInfo& LogicalType::Enum() const {
  if (id_ != TypeId::kEnum) [[unlikely]] {
    throw InvalidInputError(fmt::format("LogicalType::Enum: {} is not an ENUM", ToString()));
  }
  return extra_->enum_info;
}

const std::string& LogicalType::Collation() const {
  static const std::string kNone;
  return id_ == TypeId::kVarchar && extra_ ? extra_->collation : kNone;
}

bool LogicalType::IsIntegral() const {
  switch (id_) {
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
      return true;
    default:
      return false;
  }
}

bool LogicalType::IsNumeric() const {
  return IsIntegral() || id_ == TypeId::kFloat || id_ == TypeId::kDouble || id_ == TypeId::kDecimal;
}

bool LogicalType::IsSigned() const {
  switch (id_) {
    case TypeId::kUTinyInt:
    case TypeId::kUSmallInt:
    case TypeId::kUInteger:
    case TypeId::kUBigInt:
    case TypeId::kUHugeInt:
      return false;
    default:
      return IsNumeric();
  }
}

bool LogicalType::IsTemporal() const {
  switch (id_) {
    case TypeId::kDate:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
    case TypeId::kInterval:
      return true;
    default:
      return false;
  }
}

std::string LogicalType::ToString() const {
  switch (id_) {
    case TypeId::kInvalid:
      return "INVALID";
    case TypeId::kSqlNull:
      return "NULL";
    case TypeId::kBoolean:
      return "BOOLEAN";
    case TypeId::kTinyInt:
      return "TINYINT";
    case TypeId::kSmallInt:
      return "SMALLINT";
    case TypeId::kInteger:
      return "INTEGER";
    case TypeId::kBigInt:
      return "BIGINT";
    case TypeId::kUTinyInt:
      return "UTINYINT";
    case TypeId::kUSmallInt:
      return "USMALLINT";
    case TypeId::kUInteger:
      return "UINTEGER";
    case TypeId::kUBigInt:
      return "UBIGINT";
    case TypeId::kHugeInt:
      return "HUGEINT";
    case TypeId::kUHugeInt:
      return "UHUGEINT";
    case TypeId::kFloat:
      return "FLOAT";
    case TypeId::kDouble:
      return "DOUBLE";
    case TypeId::kDecimal:
      return fmt::format("DECIMAL({},{})", width_, scale_);
    case TypeId::kVarchar:
      return "VARCHAR";
    case TypeId::kBlob:
      return "BLOB";
    case TypeId::kDate:
      return "DATE";
    case TypeId::kTime:
      return "TIME";
    case TypeId::kTimeTz:
      return "TIME WITH TIME ZONE";
    case TypeId::kTimestamp:
      return "TIMESTAMP";
    case TypeId::kTimestampS:
      return "TIMESTAMP_S";
    case TypeId::kTimestampMs:
      return "TIMESTAMP_MS";
    case TypeId::kTimestampNs:
      return "TIMESTAMP_NS";
    case TypeId::kTimestampTz:
      return "TIMESTAMP WITH TIME ZONE";
    case TypeId::kInterval:
      return "INTERVAL";
    case TypeId::kUuid:
      return "UUID";
    case TypeId::kBignum:
      return "BIGNUM";
    case TypeId::kEnum: {
      if (!Enum().name.empty()) return Enum().name;
      // One of no name (ENUM('a', 'b'), union_tag's) by its labels, as DuckDB writes it.
      std::string out = "ENUM(";
      for (size_t i = 0; i < Enum().labels.size(); i++) {
        out += i ? ", '" : "'";
        for (char c : Enum().labels[i]) out += c == '\'' ? std::string("''") : std::string(1, c);
        out += "'";
      }
      return out + ")";
    }
    case TypeId::kList:
      return ListChild().ToString() + "[]";
    case TypeId::kArray:
      return ListChild().ToString() + "[" + std::to_string(ArraySize()) + "]";
    case TypeId::kMap:
      return "MAP(" + MapKey().ToString() + ", " + MapValue().ToString() + ")";
    case TypeId::kStruct:
    case TypeId::kUnion: {
      std::string out = id_ == TypeId::kStruct ? "STRUCT(" : "UNION(";
      const auto& fields = StructFields();
      for (size_t i = id_ == TypeId::kStruct ? 0 : 1; i < fields.size(); i++) {
        // A name that is not a plain lower-case identifier is quoted.
        const std::string& name = fields[i].first;
        bool plain =
            !name.empty() && (std::islower(static_cast<unsigned char>(name[0])) || name[0] == '_');
        for (char c : name) {
          plain = plain && (std::islower(static_cast<unsigned char>(c)) ||
                            std::isdigit(static_cast<unsigned char>(c)) || c == '_');
        }
        std::string quoted = "\"";
        for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
        if (i > (id_ == TypeId::kStruct ? 0U : 1U)) out += ", ";
        if (!name.empty()) out += (plain ? name : quoted + "\"") + " ";
        out += fields[i].second.ToString();
      }
      return out + ")";
    }
  }
  return "INVALID";
}

bool operator==(const LogicalType& a, const LogicalType& b) {
  if (a.id_ != b.id_) return false;
  switch (a.id_) {
    case TypeId::kDecimal:
      return a.width_ == b.width_ && a.scale_ == b.scale_;
    case TypeId::kList:
    case TypeId::kMap:
      return a.ListChild() == b.ListChild();
    case TypeId::kArray:
      return a.ArraySize() == b.ArraySize() && a.ListChild() == b.ListChild();
    case TypeId::kStruct:
    case TypeId::kUnion:
      return a.extra_ == b.extra_ || a.StructFields() == b.StructFields();
    case TypeId::kEnum:
      return a.extra_ == b.extra_ ||
             (a.Enum().name == b.Enum().name && a.Enum().labels == b.Enum().labels);
    default:
      return true;
  }
}

}  // namespace teal
