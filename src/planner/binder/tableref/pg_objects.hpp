// The objects PostgreSQL's system catalogs show (bind_pg_catalog.cpp) and its catalog
// functions look up (bind_pg_function.cpp: pg_get_viewdef, pg_table_is_visible, …): every
// schema, relation and ENUM type of the catalogs a statement binds against, with their
// oids (catalog/pg_catalog.hpp). Internal to the binder.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace teal {

/// A relation (table, view, index, sequence) as pg_class and its neighbours see it.
struct PgRelation {
  int64_t oid;
  std::string database;
  int64_t namespace_oid;
  std::string schema;  // as listings show it (main for the default)
  std::string name;
  char kind;  // relkind: r, v, i, S
  bool temporary;
  const TableEntry* table = nullptr;                  // kind r, and an index's table
  const ViewEntry* view = nullptr;                    // kind v
  const IndexEntry* index = nullptr;                  // kind i
  const SequenceEntry* sequence = nullptr;            // kind S
  std::optional<std::string> comment = std::nullopt;  // COMMENT ON the relation
};

struct PgObjects {
  struct Schema {
    int64_t oid;
    std::string name;
  };
  struct EnumType {
    int64_t oid;
    int64_t namespace_oid;
    LogicalType type;
    std::optional<std::string> comment = std::nullopt;
  };
  std::vector<Schema> schemas;
  std::vector<PgRelation> relations;
  std::vector<EnumType> enums;
  /// The database each table is in (an ENUM column's type oid depends on it).
  std::map<const TableEntry*, std::string> database_of;
  /// What the relations point into, kept alive.
  std::vector<std::shared_ptr<const void>> kept;
};

/// A row of pg_description: the comment of an object (COMMENT ON), or of a column of a
/// relation (`column` its attnum; 0 for the object itself).
struct PgDescription {
  int64_t object;
  int64_t catalog;  // classoid: pg_class's oid for relations, pg_type's for types
  int32_t column;
  std::string text;
};

/// PostgreSQL's oids of the catalogs that hold relations and types (pg_description's
/// classoid, pg_depend's classid).
inline constexpr int64_t kPgClassOid = 1259;
inline constexpr int64_t kPgTypeOid = 1247;

/// Whether `name` (lower-cased) is a relation BindPgCatalog makes: pg_class and the other
/// pg_catalog relations, information_schema's constraint views.
bool IsPgCatalogName(std::string_view name);

/// A row of pg_constraint: a PRIMARY KEY, UNIQUE, CHECK or FOREIGN KEY of a table.
struct PgConstraint {
  int64_t oid = 0;
  std::string name;
  const PgRelation* table = nullptr;
  char type = 'c';                // contype: p, u, c, f
  int64_t index_oid = 0;          // conindid: a key's index
  int64_t referenced_oid = 0;     // confrelid: a FOREIGN KEY's parent
  std::vector<idx_t> columns;     // conkey (0-based here)
  std::vector<idx_t> referenced;  // confkey (0-based here)
  std::string check;              // a CHECK's condition
  std::string definition;         // pg_get_constraintdef's: PRIMARY KEY (a)
};

/// The constraints of the tables of `objects`, with PostgreSQL's default names where
/// Teal's have none (t_pkey, t_a_key, t_a_fkey, t_check).
std::vector<PgConstraint> PgConstraints(const PgObjects& objects);

/// pg_get_indexdef's and pg_indexes' text for an index (kind i): the CREATE INDEX that
/// makes it (one of a constraint's too), in PostgreSQL's form.
std::string PgIndexDefinition(const PgRelation& index);

}  // namespace teal
