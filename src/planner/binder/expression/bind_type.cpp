// Binder: type names as written in SQL (INTEGER, DECIMAL(10,2), TIMESTAMP(3), user enums,
// INT[]) to LogicalTypes.
#include <set>

#include "common/string_distance.hpp"
#include "function/collation.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {
struct TypeAlias {
  const char* name;
  TypeId id;
};

constexpr TypeAlias kTypeAliases[] = {
    {"bool", TypeId::kBoolean},
    {"boolean", TypeId::kBoolean},
    {"logical", TypeId::kBoolean},
    {"int1", TypeId::kTinyInt},
    {"tinyint", TypeId::kTinyInt},
    {"int2", TypeId::kSmallInt},
    {"smallint", TypeId::kSmallInt},
    {"short", TypeId::kSmallInt},
    {"int16", TypeId::kSmallInt},  // DuckDB's: 16 bits, as int32 and int64 count bits
    {"int4", TypeId::kInteger},
    {"int", TypeId::kInteger},
    {"integer", TypeId::kInteger},
    {"signed", TypeId::kInteger},
    {"integral", TypeId::kInteger},
    {"int32", TypeId::kInteger},
    {"int8", TypeId::kBigInt},
    {"bigint", TypeId::kBigInt},
    {"long", TypeId::kBigInt},
    {"int64", TypeId::kBigInt},
    {"oid", TypeId::kBigInt},
    {"int128", TypeId::kHugeInt},
    {"hugeint", TypeId::kHugeInt},
    {"utinyint", TypeId::kUTinyInt},
    {"uint8", TypeId::kUTinyInt},
    {"usmallint", TypeId::kUSmallInt},
    {"uint16", TypeId::kUSmallInt},
    {"uinteger", TypeId::kUInteger},
    {"uint32", TypeId::kUInteger},
    {"ubigint", TypeId::kUBigInt},
    {"uint64", TypeId::kUBigInt},
    {"uhugeint", TypeId::kUHugeInt},
    {"uint128", TypeId::kUHugeInt},
    {"float4", TypeId::kFloat},
    {"real", TypeId::kFloat},
    {"float", TypeId::kFloat},
    {"float8", TypeId::kDouble},
    {"double", TypeId::kDouble},
    {"varchar", TypeId::kVarchar},
    {"text", TypeId::kVarchar},
    {"nvarchar", TypeId::kVarchar},
    {"string", TypeId::kVarchar},
    {"bpchar", TypeId::kVarchar},
    {"char", TypeId::kVarchar},
    {"name", TypeId::kVarchar},
    {"blob", TypeId::kBlob},
    {"bytea", TypeId::kBlob},
    {"binary", TypeId::kBlob},
    {"varbinary", TypeId::kBlob},
    {"date", TypeId::kDate},
    {"time", TypeId::kTime},
    {"timetz", TypeId::kTimeTz},
    {"timestamp", TypeId::kTimestamp},
    {"datetime", TypeId::kTimestamp},
    {"timestamp_us", TypeId::kTimestamp},
    {"timestamp_s", TypeId::kTimestampS},
    {"timestamp_ms", TypeId::kTimestampMs},
    {"timestamp_ns", TypeId::kTimestampNs},
    {"timestamptz", TypeId::kTimestampTz},
    {"interval", TypeId::kInterval},
    {"uuid", TypeId::kUuid},
    {"guid", TypeId::kUuid},
    {"bignum", TypeId::kBignum},
    {"varint", TypeId::kBignum},
};

/// A time type with a fractional-seconds precision, TIMESTAMP(p): the precisions Teal has
/// a storage unit for (TIMESTAMP(0) is TIMESTAMP_S, (3) TIMESTAMP_MS, (6) TIMESTAMP, (9)
/// TIMESTAMP_NS; TIME and TIMESTAMPTZ are stored in microseconds: (6) only). Any other
/// precision is refused rather than ignored, so a value never keeps digits its type
/// denies. VARCHAR(n) keeps DuckDB's meaning (n is not enforced; see DIALECT.md).
LogicalType WithPrecision(const LogicalType& type, const TypeName& name) {
  const TypeId id = type.Id();
  if (id == TypeId::kVarchar) return type;
  if (id != TypeId::kTimestamp && id != TypeId::kTimestampTz && id != TypeId::kTime &&
      id != TypeId::kTimeTz) {
    throw BinderError(fmt::format("type {} does not take modifiers", type.ToString()));
  }
  if (name.modifiers.size() != 1) {
    throw BinderError(
        fmt::format("type {} takes one modifier (the precision of its seconds)", type.ToString()));
  }
  const int64_t precision = name.modifiers[0];
  if (precision < 0) {
    throw BinderError(
        fmt::format("{}({}): the precision cannot be negative", type.ToString(), precision));
  }
  if (precision == 6) return type;
  if (id == TypeId::kTimestamp) {
    if (precision == 0) return LogicalType(TypeId::kTimestampS);
    if (precision == 3) return LogicalType(TypeId::kTimestampMs);
    if (precision == 9) return LogicalType(TypeId::kTimestampNs);
    throw NotImplementedError(
        fmt::format("TIMESTAMP({}): the precisions are 0, 3, 6 and 9 (seconds, milli-, micro- and "
                    "nanoseconds)",
                    precision));
  }
  throw NotImplementedError(fmt::format("{}({}): only precision 6 (microseconds) is supported",
                                        type.ToString(), precision));
}

}  // namespace

LogicalType Binder::ResolveType(const TypeName& name) const {
  LogicalType type;
  bool found = false;
  if (name.name == "map" && name.field_types.size() == 2) {
    type = LogicalType::Map(ResolveType(name.field_types[0]), ResolveType(name.field_types[1]));
    found = true;
  } else if (!name.labels.empty()) {
    std::set<std::string> seen;
    for (const std::string& label : name.labels) {
      if (!seen.insert(label).second) {
        throw BinderError(fmt::format("Attempted to create ENUM type with duplicate value '{}': {}",
                                      label, name.ToString()));
      }
    }
    type = LogicalType::Enum("", name.labels);
    found = true;
  } else if (!name.field_names.empty()) {
    std::vector<std::pair<std::string, LogicalType>> fields;
    for (size_t i = 0; i < name.field_names.size(); i++) {
      fields.emplace_back(name.field_names[i], ResolveType(name.field_types[i]));
    }
    try {
      type = name.name == "union" ? LogicalType::Union(std::move(fields))
                                  : LogicalType::Struct(std::move(fields));
    } catch (const InvalidInputError& e) {
      throw BinderError(fmt::format("{}: {}", e.what(), name.ToString()));
    }
    found = true;
  } else if (name.name == "decimal" || name.name == "numeric") {
    int64_t width = name.modifiers.size() > 0 ? name.modifiers[0] : 18;
    int64_t scale =
        name.modifiers.size() > 1 ? name.modifiers[1] : (name.modifiers.empty() ? 3 : 0);
    if (name.modifiers.size() > 2)
      throw BinderError("DECIMAL takes at most two modifiers (width, scale)");
    if (width < 1 || width > LogicalType::kMaxDecimalWidth) {
      throw BinderError(fmt::format("DECIMAL width must be between 1 and 38, not {}", width));
    }
    if (scale < 0 || scale > width) {
      throw BinderError(
          fmt::format("DECIMAL scale must be between 0 and the width {}, not {}", width, scale));
    }
    type = LogicalType::Decimal(static_cast<uint8_t>(width), static_cast<uint8_t>(scale));
    found = true;
  } else {
    for (const auto& alias : kTypeAliases) {
      if (name.name == alias.name) {
        type = LogicalType(alias.id);
        found = true;
        break;
      }
    }
    if (found && !name.modifiers.empty()) type = WithPrecision(type, name);
    if (!found) {
      const auto held = [](const Catalog& catalog, std::string_view q) {
        return catalog.FindType(q).has_value();
      };
      const CatalogSearch::Place place = catalogs_.Object(name.schema, name.name, held);
      if (auto user = place.catalog->FindType(place.name)) {
        NoteWhereFound(place, "type", place.name);
        type = *user;
        found = true;
      }
    }
  }
  if (!found) {
    std::vector<std::string> names = {"decimal", "numeric"};
    for (const auto& alias : kTypeAliases) names.emplace_back(alias.name);
    const std::string written = name.schema.empty() ? name.name : name.schema + "." + name.name;
    throw CatalogError(WithDidYouMean(fmt::format("Type with name {} does not exist!", written),
                                      name.name, names));
  }
  for (int64_t bound : name.array_bounds) {
    if (bound < 0) {
      type = LogicalType::List(type);
    } else if (bound == 0 || bound > LogicalType::kMaxArraySize) {
      throw BinderError(fmt::format("ARRAY type size must be at {} {}",
                                    bound == 0 ? "least" : "most",
                                    bound == 0 ? 1 : LogicalType::kMaxArraySize));
    } else {
      type = LogicalType::Array(type, static_cast<uint32_t>(bound));
    }
  }
  if (!name.collation.empty()) {
    if (type.Id() != TypeId::kVarchar) {
      throw ParserError("Only VARCHAR columns can have collations!");
    }
    type = LogicalType::Varchar(CheckCollation(name.collation));
  }
  return type;
}

bool Binder::IsBuiltinTypeName(std::string_view name) {
  if (name == "decimal" || name == "numeric") return true;
  for (const auto& alias : kTypeAliases) {
    if (name == alias.name) return true;
  }
  return false;
}

}  // namespace teal

namespace teal {

LogicalType Binder::ResolveTypeText(const std::string& text) const {
  // The grammar reads the type, as written after :: — one statement, one cast, or the
  // text was no type.
  std::vector<std::unique_ptr<SQLStatement>> statements;
  try {
    statements = ParseSql("SELECT NULL::" + text);
  } catch (const ParserError&) {
  }
  if (statements.size() == 1 && statements[0]->type == StatementType::kSelect) {
    const auto& select = static_cast<const SelectStatement&>(*statements[0]);
    if (select.select_list.size() == 1 && !select.from &&
        select.select_list[0]->kind == ExprKind::kCast &&
        select.select_list[0]->children[0]->kind == ExprKind::kConstant) {
      return ResolveType(select.select_list[0]->cast_type);
    }
  }
  throw BinderError(fmt::format("\"{}\" is not a type", text));
}

}  // namespace teal
