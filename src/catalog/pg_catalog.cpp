#include "catalog/pg_catalog.hpp"

#include <fmt/format.h>

#include <array>

#include "catalog/catalog.hpp"
#include "common/hash.hpp"

namespace teal {

namespace {

// Teal's own types' oids: fixed, below PostgreSQL's first user oid (16384).
constexpr int64_t kTinyIntOid = 15001;
constexpr int64_t kUTinyIntOid = 15002;
constexpr int64_t kUSmallIntOid = 15003;
constexpr int64_t kUIntegerOid = 15004;
constexpr int64_t kUBigIntOid = 15005;
constexpr int64_t kHugeIntOid = 15006;
constexpr int64_t kUHugeIntOid = 15007;
constexpr int64_t kTimestampSOid = 15008;
constexpr int64_t kTimestampMsOid = 15009;
constexpr int64_t kTimestampNsOid = 15010;
constexpr int64_t kBignumOid = 15011;
constexpr int64_t kListOid = 15012;
constexpr int64_t kStructOid = 15013;
constexpr int64_t kMapOid = 15014;
constexpr int64_t kUnionOid = 15015;

constexpr std::array kBuiltinTypes = {
    // PostgreSQL's, each followed by its array type.
    PgBuiltinType{16, "bool", "boolean", 1, 'B', 'c', 1000, 0},
    PgBuiltinType{1000, "_bool", nullptr, -1, 'A', 'i', 0, 16},
    PgBuiltinType{17, "bytea", "bytea", -1, 'U', 'i', 1001, 0},
    PgBuiltinType{1001, "_bytea", nullptr, -1, 'A', 'i', 0, 17},
    PgBuiltinType{20, "int8", "bigint", 8, 'N', 'd', 1016, 0},
    PgBuiltinType{1016, "_int8", nullptr, -1, 'A', 'd', 0, 20},
    PgBuiltinType{21, "int2", "smallint", 2, 'N', 's', 1005, 0},
    PgBuiltinType{1005, "_int2", nullptr, -1, 'A', 'i', 0, 21},
    PgBuiltinType{23, "int4", "integer", 4, 'N', 'i', 1007, 0},
    PgBuiltinType{1007, "_int4", nullptr, -1, 'A', 'i', 0, 23},
    PgBuiltinType{25, "text", "text", -1, 'S', 'i', 1009, 0},
    PgBuiltinType{1009, "_text", nullptr, -1, 'A', 'i', 0, 25},
    PgBuiltinType{700, "float4", "real", 4, 'N', 'i', 1021, 0},
    PgBuiltinType{1021, "_float4", nullptr, -1, 'A', 'i', 0, 700},
    PgBuiltinType{701, "float8", "double precision", 8, 'N', 'd', 1022, 0},
    PgBuiltinType{1022, "_float8", nullptr, -1, 'A', 'd', 0, 701},
    PgBuiltinType{705, "unknown", "unknown", -2, 'X', 'c', 0, 0},
    PgBuiltinType{1043, "varchar", "character varying", -1, 'S', 'i', 1015, 0},
    PgBuiltinType{1015, "_varchar", nullptr, -1, 'A', 'i', 0, 1043},
    PgBuiltinType{1082, "date", "date", 4, 'D', 'i', 1182, 0},
    PgBuiltinType{1182, "_date", nullptr, -1, 'A', 'i', 0, 1082},
    PgBuiltinType{1083, "time", "time without time zone", 8, 'D', 'd', 1183, 0},
    PgBuiltinType{1183, "_time", nullptr, -1, 'A', 'd', 0, 1083},
    PgBuiltinType{1114, "timestamp", "timestamp without time zone", 8, 'D', 'd', 1115, 0},
    PgBuiltinType{1115, "_timestamp", nullptr, -1, 'A', 'd', 0, 1114},
    PgBuiltinType{1184, "timestamptz", "timestamp with time zone", 8, 'D', 'd', 1185, 0},
    PgBuiltinType{1185, "_timestamptz", nullptr, -1, 'A', 'd', 0, 1184},
    PgBuiltinType{1186, "interval", "interval", 16, 'T', 'd', 1187, 0},
    PgBuiltinType{1187, "_interval", nullptr, -1, 'A', 'd', 0, 1186},
    PgBuiltinType{1266, "timetz", "time with time zone", 12, 'D', 'd', 1270, 0},
    PgBuiltinType{1270, "_timetz", nullptr, -1, 'A', 'd', 0, 1266},
    PgBuiltinType{1700, "numeric", "numeric", -1, 'N', 'i', 1231, 0},
    PgBuiltinType{1231, "_numeric", nullptr, -1, 'A', 'i', 0, 1700},
    PgBuiltinType{2950, "uuid", "uuid", 16, 'U', 'c', 2951, 0},
    PgBuiltinType{2951, "_uuid", nullptr, -1, 'A', 'i', 0, 2950},
    // Teal's own.
    PgBuiltinType{kTinyIntOid, "tinyint", "tinyint", 1, 'N', 'c', 0, 0},
    PgBuiltinType{kUTinyIntOid, "utinyint", "utinyint", 1, 'N', 'c', 0, 0},
    PgBuiltinType{kUSmallIntOid, "usmallint", "usmallint", 2, 'N', 's', 0, 0},
    PgBuiltinType{kUIntegerOid, "uinteger", "uinteger", 4, 'N', 'i', 0, 0},
    PgBuiltinType{kUBigIntOid, "ubigint", "ubigint", 8, 'N', 'd', 0, 0},
    PgBuiltinType{kHugeIntOid, "hugeint", "hugeint", 16, 'N', 'd', 0, 0},
    PgBuiltinType{kUHugeIntOid, "uhugeint", "uhugeint", 16, 'N', 'd', 0, 0},
    PgBuiltinType{kTimestampSOid, "timestamp_s", "timestamp_s", 8, 'D', 'd', 0, 0},
    PgBuiltinType{kTimestampMsOid, "timestamp_ms", "timestamp_ms", 8, 'D', 'd', 0, 0},
    PgBuiltinType{kTimestampNsOid, "timestamp_ns", "timestamp_ns", 8, 'D', 'd', 0, 0},
    PgBuiltinType{kBignumOid, "bignum", "bignum", -1, 'N', 'i', 0, 0},
    PgBuiltinType{kListOid, "list", "list", -1, 'A', 'd', 0, 0},
    PgBuiltinType{kStructOid, "struct", "struct", -1, 'C', 'd', 0, 0},
    PgBuiltinType{kMapOid, "map", "map", -1, 'U', 'd', 0, 0},
    PgBuiltinType{kUnionOid, "union", "union", -1, 'U', 'd', 0, 0},
};

int64_t ScalarTypeOid(TypeId id) {
  switch (id) {
    case TypeId::kBoolean:
      return 16;
    case TypeId::kTinyInt:
      return kTinyIntOid;
    case TypeId::kSmallInt:
      return 21;
    case TypeId::kInteger:
      return 23;
    case TypeId::kBigInt:
      return 20;
    case TypeId::kUTinyInt:
      return kUTinyIntOid;
    case TypeId::kUSmallInt:
      return kUSmallIntOid;
    case TypeId::kUInteger:
      return kUIntegerOid;
    case TypeId::kUBigInt:
      return kUBigIntOid;
    case TypeId::kHugeInt:
      return kHugeIntOid;
    case TypeId::kUHugeInt:
      return kUHugeIntOid;
    case TypeId::kFloat:
      return 700;
    case TypeId::kDouble:
      return 701;
    case TypeId::kDecimal:
      return 1700;
    case TypeId::kVarchar:
      return 1043;
    case TypeId::kBlob:
      return 17;
    case TypeId::kDate:
      return 1082;
    case TypeId::kTime:
      return 1083;
    case TypeId::kTimeTz:
      return 1266;
    case TypeId::kTimestamp:
      return 1114;
    case TypeId::kTimestampS:
      return kTimestampSOid;
    case TypeId::kTimestampMs:
      return kTimestampMsOid;
    case TypeId::kTimestampNs:
      return kTimestampNsOid;
    case TypeId::kTimestampTz:
      return 1184;
    case TypeId::kInterval:
      return 1186;
    case TypeId::kUuid:
      return 2950;
    case TypeId::kBignum:
      return kBignumOid;
    case TypeId::kStruct:
      return kStructOid;
    case TypeId::kMap:
      return kMapOid;
    case TypeId::kUnion:
      return kUnionOid;
    case TypeId::kList:
    case TypeId::kArray:
      return kListOid;
    default:
      return 705;  // unknown: an untyped NULL
  }
}

}  // namespace

int64_t PgObjectOid(PgObjectKind kind, std::string_view database, std::string_view schema,
                    std::string_view name) {
  // Names are case-insensitive: an object keeps its oid however a query spells it.
  std::string key(1, static_cast<char>(kind));
  for (std::string_view part :
       {database, schema.empty() ? std::string_view("main") : schema, name}) {
    key += '\0';
    key += Catalog::Key(part);
  }
  constexpr uint64_t kBase = uint64_t{1} << 48;
  return static_cast<int64_t>(kBase + (HashBytes(key.data(), key.size()) & (kBase - 1)));
}

std::span<const PgBuiltinType> PgBuiltinTypes() { return kBuiltinTypes; }

const PgBuiltinType* PgBuiltinTypeOf(int64_t oid) {
  for (const PgBuiltinType& type : kBuiltinTypes) {
    if (type.oid == oid) return &type;
  }
  return nullptr;
}

int64_t PgTypeOid(const LogicalType& type, std::string_view database) {
  if (type.Id() == TypeId::kEnum) {
    return PgObjectOid(PgObjectKind::kType, database, "", type.Enum().name);
  }
  if (type.Id() == TypeId::kList || type.Id() == TypeId::kArray) {
    const LogicalType& child = type.ListChild();
    if (const PgBuiltinType* element = PgBuiltinTypeOf(ScalarTypeOid(child.Id()));
        element && element->array_oid != 0 && child.Id() != TypeId::kList &&
        child.Id() != TypeId::kArray) {
      return element->array_oid;
    }
  }
  return ScalarTypeOid(type.Id());
}

int32_t PgTypeModifier(const LogicalType& type) {
  if (type.Id() != TypeId::kDecimal) return -1;
  return ((static_cast<int32_t>(type.DecimalWidth()) << 16) | type.DecimalScale()) + 4;
}

std::optional<std::string> PgFormatBuiltinType(int64_t oid, int32_t typmod) {
  const PgBuiltinType* type = PgBuiltinTypeOf(oid);
  if (!type) return std::nullopt;
  if (type->element_oid != 0) {
    return *PgFormatBuiltinType(type->element_oid, typmod) + "[]";
  }
  if (oid == 1700 && typmod >= 4) {
    return fmt::format("numeric({},{})", (typmod - 4) >> 16, (typmod - 4) & 0xffff);
  }
  return std::string(type->sql_name);
}

}  // namespace teal
