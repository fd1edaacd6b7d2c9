// include/teal/logical_type.hpp — SQL types (LogicalType) and their stored forms (PhysicalType).
//
// A LogicalType is a small value: an id, DECIMAL width/scale, and for ENUM, LIST, ARRAY, MAP
// and STRUCT a shared, immutable description (the dictionary, the element type and size, the
// fields).
// Copying is cheap.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "teal/basic_types.hpp"

namespace teal {

enum class TypeId : uint8_t {
  kInvalid,
  kSqlNull,  // the type of an untyped NULL literal
  kBoolean,
  kTinyInt,
  kSmallInt,
  kInteger,
  kBigInt,
  kUTinyInt,
  kUSmallInt,
  kUInteger,
  kUBigInt,
  kHugeInt,
  kUHugeInt,
  kFloat,
  kDouble,
  kDecimal,
  kVarchar,
  kBlob,
  kDate,
  kTime,
  kTimeTz,
  kTimestamp,
  kTimestampS,
  kTimestampMs,
  kTimestampNs,
  kTimestampTz,
  kInterval,
  kUuid,
  kEnum,
  kList,
  kStruct,
  kMap,     // stored as a LIST of STRUCT(key K, value V); keys unique and never NULL
  kArray,   // a fixed number of elements (INTEGER[3]); stored as a LIST whose rows all have it
  kUnion,   // one of several named members: stored as STRUCT(tag UTINYINT, member…)
  kBignum,  // an integer of any size, exact: bytes whose order is the numbers' (types/bignum.hpp)
};

/// How a value is laid out in a vector (DESIGN.md, "Physical layout of values").
enum class PhysicalType : uint8_t {
  kBool,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUInt8,
  kUInt16,
  kUInt32,
  kUInt64,
  kInt128,
  kUInt128,
  kFloat,
  kDouble,
  kInterval,
  kVarchar,
  kList,
  kStruct,  // no values of its own: a validity mask and a child vector per field
  kInvalid,
};

/// Bytes one value of `type` takes in a vector's main buffer.
idx_t PhysicalTypeSize(PhysicalType type);
std::string_view PhysicalTypeName(PhysicalType type);

class LogicalType;

/// The dictionary of an ENUM type: labels in declaration order, index = stored value.
struct EnumInfo {
  std::string name;
  std::vector<std::string> labels;
  /// Hashes std::string and std::string_view alike, so lookups need no allocation.
  struct LabelHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, uint32_t, LabelHash, std::equal_to<>> index;  // label -> position

  /// The position of `label`, or -1 when it is not a label of this enum.
  int64_t Find(std::string_view label) const;
};

class LogicalType {
 public:
  static constexpr uint8_t kMaxDecimalWidth = 38;

  LogicalType() = default;
  /// Implicit for the types that need no parameters (DECIMAL is DECIMAL(18,3)). Throws
  /// InvalidInputError for kList, kStruct and kEnum, which need List(), Struct(), Enum().
  LogicalType(TypeId id);  // NOLINT

  /// The most elements an ARRAY type may have (DuckDB's limit).
  static constexpr uint32_t kMaxArraySize = 100000;

  /// Throws InvalidInputError unless width <= kMaxDecimalWidth and scale <= width.
  static LogicalType Decimal(uint8_t width, uint8_t scale);
  static LogicalType List(LogicalType child);
  /// child[size]: every non-NULL value has exactly `size` elements. Throws InvalidInputError
  /// unless 1 <= size <= kMaxArraySize.
  static LogicalType Array(LogicalType child, uint32_t size);
  /// STRUCT(name type, …): at least one field, names unique (case-insensitively).
  /// Throws InvalidInputError otherwise.
  static LogicalType Struct(std::vector<std::pair<std::string, LogicalType>> fields);
  static LogicalType Enum(std::string name, std::vector<std::string> labels);
  /// MAP(key, value): laid out as LIST(STRUCT(key key, value value)).
  static LogicalType Map(LogicalType key, LogicalType value);
  /// The most members a UNION may have (its tag is one byte; DuckDB's limit).
  static constexpr size_t kMaxUnionMembers = 255;
  /// UNION(name type, …): a value is one of the members, the tag says which. Laid out as a
  /// STRUCT whose first field is the tag (UTINYINT: the member's position) and then one
  /// field per member, NULL but in the tagged one. Throws InvalidInputError unless there are
  /// 1 to kMaxUnionMembers members, each named, names unique (case-insensitively).
  static LogicalType Union(std::vector<std::pair<std::string, LogicalType>> members);
  /// VARCHAR COLLATE collation: its values compare, sort and group by the collation
  /// (nocase, noaccent, nfc, binary, c, posix, or several joined by '.'; lower-case). An
  /// empty collation is plain VARCHAR. The collation is no part of the type's identity:
  /// it equals VARCHAR, and casts between them change nothing.
  static LogicalType Varchar(std::string collation);

  TypeId Id() const { return id_; }
  PhysicalType Physical() const { return physical_; }

  uint8_t DecimalWidth() const { return width_; }
  uint8_t DecimalScale() const { return scale_; }
  /// The element type. Throws InvalidInputError unless Id() is kList, kArray or kMap (whose
  /// element is the STRUCT(key, value) of an entry).
  const LogicalType& ListChild() const;
  /// An ARRAY's number of elements. Throws InvalidInputError unless Id() == kArray.
  uint32_t ArraySize() const;
  /// A MAP's key and value types. Throw InvalidInputError unless Id() == kMap.
  const LogicalType& MapKey() const;
  const LogicalType& MapValue() const;
  /// The fields, in order. Throws InvalidInputError unless Id() is kStruct or kUnion (whose
  /// fields are its layout: the tag, then the members).
  const std::vector<std::pair<std::string, LogicalType>>& StructFields() const;
  /// A UNION's number of members; UnionMember(k) is the k-th (its tag value is k), at field
  /// k + 1 of the layout. Throw InvalidInputError unless Id() == kUnion.
  size_t UnionMemberCount() const;
  const std::pair<std::string, LogicalType>& UnionMember(size_t k) const;
  /// The position of member `name` (case-insensitive), or -1.
  int64_t UnionMemberIndex(std::string_view name) const;
  /// The position of field `name` (case-insensitive), or -1.
  int64_t StructFieldIndex(std::string_view name) const;
  /// The dictionary. Throws InvalidInputError unless Id() == kEnum.
  const EnumInfo& Enum() const;
  /// A VARCHAR's collation as given to Varchar(); empty for none and for other types.
  const std::string& Collation() const;

  bool IsNumeric() const;   // integers, hugeints, float, double, decimal
  bool IsIntegral() const;  // the fixed-width and 128-bit integers
  bool IsSigned() const;
  bool IsTemporal() const;  // date, time, timetz, timestamps, interval

  /// The SQL spelling: INTEGER, DECIMAL(18,3), INTEGER[], INTEGER[3], STRUCT(a INTEGER), the
  /// enum's name. A collation is not shown (DuckDB's typeof() neither).
  std::string ToString() const;

  friend bool operator==(const LogicalType& a, const LogicalType& b);
  friend bool operator!=(const LogicalType& a, const LogicalType& b) { return !(a == b); }

 private:
  struct Extra;
  TypeId id_ = TypeId::kInvalid;
  PhysicalType physical_ = PhysicalType::kInvalid;
  uint8_t width_ = 0;
  uint8_t scale_ = 0;
  std::shared_ptr<const Extra> extra_;
};

/// The physical type used for a DECIMAL of `width` digits.
PhysicalType DecimalPhysicalType(uint8_t width);

}  // namespace teal
