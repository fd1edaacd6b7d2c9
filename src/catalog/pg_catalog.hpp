// What PostgreSQL's system catalogs (pg_catalog.pg_class, pg_type, …) say about Teal's
// objects: object ids, and the PostgreSQL type each Teal type is shown as.
//
// Object ids. A table's oid is its storage number (duckdb_tables().table_oid, which an
// ALTER that rebuilds the table changes). Every other object's is derived from what it is
// and where: its kind, database, schema and name, hashed into [2^48, 2^49) — so it stays
// the same while the object exists, across restarts, and a rename gives a new one. Two
// objects meeting in that range is about as likely as N² / 2^49 for N objects. The
// built-in types keep PostgreSQL's oids (int4 is 23); the types PostgreSQL lacks
// (TINYINT, HUGEINT, STRUCT, …) have fixed oids of their own below 16384, where
// PostgreSQL's user objects start.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "teal/logical_type.hpp"

namespace teal {

/// The schema pg_catalog's and information_schema's namespace oids (PostgreSQL's 11; 12
/// for information_schema, which PostgreSQL numbers at initdb).
inline constexpr int64_t kPgCatalogNamespaceOid = 11;
inline constexpr int64_t kInformationSchemaNamespaceOid = 12;

/// What kind of object an oid is for: its pg_class row (relation), schema, type, ….
enum class PgObjectKind : char {
  kNamespace = 'n',
  kRelation = 'r',  // views, indexes, sequences (a table's oid is its storage number)
  kType = 't',
  kConstraint = 'c',
  kDatabase = 'd',
  kFunction = 'f',
};

/// The oid of the object of `kind` named `name` in `schema` (empty: main) of `database`.
int64_t PgObjectOid(PgObjectKind kind, std::string_view database, std::string_view schema,
                    std::string_view name);

/// A built-in row of pg_type.
struct PgBuiltinType {
  int64_t oid;
  const char* name;      // typname: int4
  const char* sql_name;  // format_type's: integer
  int16_t length;        // typlen: bytes, -1 for varying
  char category;         // typcategory: N numeric, S string, D date/time, …
  char align;            // typalign: c, s, i, d
  int64_t array_oid;     // typarray (0: none); the array type's row follows in the list
  int64_t element_oid;   // typelem of an array type (0: not an array)
};

/// Every built-in row of pg_type: PostgreSQL's types Teal has, their array types, then
/// Teal's own types.
std::span<const PgBuiltinType> PgBuiltinTypes();

/// The built-in row of `oid`, if there is one.
const PgBuiltinType* PgBuiltinTypeOf(int64_t oid);

/// The type oid a column of `type` has in pg_attribute (an ENUM's is the oid of its
/// pg_type row, in `database`): a LIST or ARRAY of a PostgreSQL type is that type's array
/// type (int4[] is 1007), other nested types Teal's own list / struct / … rows.
int64_t PgTypeOid(const LogicalType& type, std::string_view database);

/// atttypmod: a DECIMAL's (precision << 16 | scale) + 4, as PostgreSQL's numeric; -1 for
/// every other type.
int32_t PgTypeModifier(const LogicalType& type);

/// format_type(oid, typmod) for a built-in type: PostgreSQL's SQL name (integer,
/// character varying, numeric(4,1), timestamp without time zone, integer[]); nullopt for
/// an oid that is no built-in type.
std::optional<std::string> PgFormatBuiltinType(int64_t oid, int32_t typmod);

}  // namespace teal
