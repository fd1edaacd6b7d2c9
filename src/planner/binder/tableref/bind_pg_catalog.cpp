// Binder: PostgreSQL's system catalogs — pg_namespace, pg_class, pg_attribute, pg_attrdef,
// pg_type, pg_enum, pg_index, pg_indexes, pg_constraint, pg_tables, pg_views,
// pg_sequence(s), pg_database, pg_tablespace, pg_settings, pg_collation, pg_am,
// pg_description, pg_depend — computed from the catalog version the statement binds
// against, with PostgreSQL's columns in its order (version 16), so that tools which
// introspect a database through them (psql's queries, SQLAlchemy, BI tools) read Teal's.
//
// Types follow PostgreSQL's where Teal has one: oid, regproc and xid columns are BIGINT,
// name and "char" VARCHAR, aclitem[] VARCHAR[], int2vector SMALLINT[] and oidvector
// BIGINT[]. Object ids are catalog/pg_catalog.hpp's. Every object is owned by the one
// role (oid 10, PostgreSQL's bootstrap superuser) and in the default tablespace. What
// Teal does not have is empty or NULL: no dependencies recorded as rows (pg_depend, but
// for an index on its table), no access privileges (acl columns NULL: the owner's).
#include <fmt/format.h>

#include "catalog/pg_catalog.hpp"
#include "function/collation.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/catalog_listing.hpp"
#include "planner/binder/tableref/pg_objects.hpp"

namespace teal {

namespace {

using T = TypeId;
using namespace listing;  // NOLINT

constexpr int64_t kOwnerOid = 10;
constexpr int64_t kDefaultTablespaceOid = 1663;
constexpr int64_t kGlobalTablespaceOid = 1664;
constexpr int64_t kArtAccessMethodOid = 403;  // PostgreSQL's btree: the ordered index

Value Oid(int64_t oid) { return Value::BigInt(oid); }
/// A "char" column's value; '\0' is PostgreSQL's empty one.
Value Char(char c) { return Value::Varchar(c ? std::string(1, c) : std::string()); }
Value Null(T type) { return Value(LogicalType(type)); }
Value NullOf(const LogicalType& type) { return Value(type); }
Value Int2(int64_t v) { return Value::SmallInt(static_cast<int16_t>(v)); }
Value Int4(int64_t v) { return Value::Integer(static_cast<int32_t>(v)); }

LogicalType TextList() { return LogicalType::List(T::kVarchar); }
LogicalType Int2List() { return LogicalType::List(T::kSmallInt); }
LogicalType OidList() { return LogicalType::List(T::kBigInt); }

Value Int2Vector(const std::vector<idx_t>& columns) {
  std::vector<Value> numbers;
  // PostgreSQL's 0 for an expression of an index.
  for (idx_t c : columns) {
    numbers.push_back(Int2(c == kInvalidIndex ? 0 : static_cast<int64_t>(c) + 1));
  }
  return Value::List(T::kSmallInt, std::move(numbers));
}

}  // namespace

/// pg_get_indexdef's and pg_indexes' text: the CREATE INDEX that makes the index (one of a
/// constraint's too), in PostgreSQL's form.
std::string PgIndexDefinition(const PgRelation& index) {
  return fmt::format("CREATE {}INDEX {} ON {} USING art ({})",
                     index.index->Unique() ? "UNIQUE " : "", QuoteIdentifier(index.name),
                     QuoteQualifiedName(index.schema, index.table->name),
                     index.index->KeyText(*index.table));
}

std::vector<PgConstraint> PgConstraints(const PgObjects& objects) {
  std::vector<PgConstraint> out;
  auto column_list = [](const TableEntry& table, const std::vector<idx_t>& columns) {
    std::string list;
    for (idx_t c : columns) {
      list += (list.empty() ? "" : ", ") + QuoteIdentifier(table.columns[c].name);
    }
    return list;
  };
  auto oid = [](const PgRelation& r, const std::string& constraint) {
    return PgObjectOid(PgObjectKind::kConstraint, r.database, r.schema, r.name + '\0' + constraint);
  };
  for (const PgRelation& r : objects.relations) {
    if (r.kind != 'r') continue;
    const TableEntry& table = *r.table;
    for (const PgRelation& i : objects.relations) {
      if (i.kind != 'i' || i.table != r.table || !i.index->from_constraint) continue;
      PgConstraint c;
      c.oid = oid(r, i.name);
      c.name = i.name;
      c.table = &r;
      c.type = i.index->constraint == IndexConstraint::kPrimaryKey ? 'p' : 'u';
      c.index_oid = i.oid;
      c.columns = i.index->columns;
      c.definition = fmt::format("{} ({})", c.type == 'p' ? "PRIMARY KEY" : "UNIQUE",
                                 column_list(table, c.columns));
      out.push_back(std::move(c));
    }
    for (size_t k = 0; k < table.checks.size(); k++) {
      const CheckConstraint& check = table.checks[k];
      const std::string name =
          !check.name.empty() ? check.name : table.name + "_check" + (k ? std::to_string(k) : "");
      PgConstraint c;
      c.oid = oid(r, name);
      c.name = name;
      c.table = &r;
      c.type = 'c';
      c.check = check.text;
      // PostgreSQL's form: the condition in parentheses of its own, inside CHECK's.
      const bool wrapped = check.text.starts_with('(') && check.text.ends_with(')');
      c.definition = wrapped ? "CHECK (" + check.text + ")" : "CHECK ((" + check.text + "))";
      out.push_back(std::move(c));
    }
    for (const ForeignKey& key : table.foreign_keys) {
      std::string name = key.name;
      if (name.empty()) {
        name = table.name;
        for (idx_t column : key.columns) name += "_" + table.columns[column].name;
        name += "_fkey";
      }
      PgConstraint c;
      c.oid = oid(r, name);
      c.name = name;
      c.table = &r;
      c.type = 'f';
      c.columns = key.columns;
      const std::string parent_schema = SchemaOf(key.parent_schema);
      for (const PgRelation& p : objects.relations) {
        if (p.kind == 'r' && p.database == r.database && p.temporary == r.temporary &&
            (r.temporary || Catalog::Key(p.schema) == Catalog::Key(parent_schema)) &&
            Catalog::Key(p.name) == Catalog::Key(key.parent)) {
          c.referenced_oid = p.oid;
          for (const auto& column : key.parent_columns) {
            c.referenced.push_back(p.table->ColumnIndex(column));
          }
          break;
        }
      }
      std::string parent_columns;
      for (const auto& column : key.parent_columns) {
        parent_columns += (parent_columns.empty() ? "" : ", ") + QuoteIdentifier(column);
      }
      c.definition =
          fmt::format("FOREIGN KEY ({}) REFERENCES {}({})", column_list(table, c.columns),
                      QuoteQualifiedName(key.parent_schema, key.parent), parent_columns);
      out.push_back(std::move(c));
    }
  }
  return out;
}

PgObjects Binder::CollectPgObjects() {
  PgObjects objects;
  ForEachCatalog([&](const Catalog& catalog, const std::string& database, bool temporary) {
    // The connection's temporary objects are PostgreSQL's pg_temp schema, there once used.
    // Oids are of the schema as duckdb_schemas() and the other listings name it (the
    // temporary objects' is main of database temp), whatever pg_catalog shows.
    auto oid_schema = [&](const std::string& schema) {
      return temporary ? std::string(kMainSchemaName) : schema;
    };
    auto namespace_oid = [&](const std::string& schema) {
      return PgObjectOid(PgObjectKind::kNamespace, database, oid_schema(schema), "");
    };
    auto relation_oid = [&](const std::string& schema, const std::string& name) {
      return PgObjectOid(PgObjectKind::kRelation, database, oid_schema(schema), name);
    };
    std::vector<std::string> in_catalog;
    if (temporary) {
      if (!catalog.Tables().empty() || !catalog.Views().empty() || !catalog.Sequences().empty()) {
        in_catalog.push_back("pg_temp");
      }
    } else {
      in_catalog.push_back(std::string(kMainSchemaName));
      for (const auto& schema : catalog.Schemas()) in_catalog.push_back(schema);
    }
    for (const auto& schema : in_catalog)
      objects.schemas.push_back({namespace_oid(schema), schema});
    auto schema_of = [&](const std::string& schema) {
      return temporary ? std::string("pg_temp") : SchemaOf(schema);
    };
    auto add = [&](PgRelation relation) { objects.relations.push_back(std::move(relation)); };
    for (const auto& table : catalog.Tables()) {
      objects.kept.push_back(table);
      objects.database_of[table.get()] = database;
      const std::string schema = schema_of(table->schema);
      PgRelation relation{static_cast<int64_t>(table->storage->Oid()),
                          database,
                          namespace_oid(schema),
                          schema,
                          table->name,
                          'r',
                          temporary,
                          table.get()};
      relation.comment = table->comment;
      add(std::move(relation));
      for (const auto& index : table->indexes->Entries()) {
        if (index->foreign_key) continue;  // Teal's own: PostgreSQL's FOREIGN KEY has none
        objects.kept.push_back(index);
        const std::string local(index->LocalName(*table));
        PgRelation r{relation_oid(schema, local),
                     database,
                     namespace_oid(schema),
                     schema,
                     local,
                     'i',
                     temporary,
                     table.get()};
        r.index = index.get();
        r.comment = catalog.ObjectComment('i', index->name);
        add(std::move(r));
      }
    }
    for (const auto& view : catalog.Views()) {
      objects.kept.push_back(view);
      const std::string schema = schema_of(view->schema);
      PgRelation r{relation_oid(schema, view->name),
                   database,
                   namespace_oid(schema),
                   schema,
                   view->name,
                   'v',
                   temporary};
      r.view = view.get();
      r.comment = view->comment;
      add(std::move(r));
    }
    for (const auto& sequence : catalog.Sequences()) {
      objects.kept.push_back(sequence);
      const std::string& full = sequence->Name();
      const size_t dot = full.find('.');
      const std::string schema =
          schema_of(dot == std::string::npos ? std::string() : full.substr(0, dot));
      const std::string bare = dot == std::string::npos ? full : full.substr(dot + 1);
      PgRelation r{relation_oid(schema, bare),
                   database,
                   namespace_oid(schema),
                   schema,
                   bare,
                   'S',
                   temporary};
      r.sequence = sequence.get();
      r.comment = catalog.ObjectComment('s', full);
      add(std::move(r));
    }
    for (const LogicalType& type : catalog.UserTypes()) {
      objects.enums.push_back({PgTypeOid(type, database),
                               namespace_oid(std::string(kMainSchemaName)), type,
                               catalog.ObjectComment('y', type.Enum().name)});
    }
  });
  return objects;
}

std::vector<PgDescription> Binder::PgDescriptionsOf(const PgObjects& objects) {
  std::vector<PgDescription> out;
  for (const PgRelation& r : objects.relations) {
    if (r.comment) out.push_back({r.oid, kPgClassOid, 0, *r.comment});
    if (r.table && r.kind == 'r') {
      for (size_t c = 0; c < r.table->columns.size(); c++) {
        if (const auto& text = r.table->columns[c].comment) {
          out.push_back({r.oid, kPgClassOid, static_cast<int32_t>(c + 1), *text});
        }
      }
    }
    if (r.view && !r.view->column_comments.empty()) {
      const std::vector<std::string> names = ViewColumnNames(*r.view);
      for (size_t c = 0; c < names.size(); c++) {
        auto it = r.view->column_comments.find(Catalog::Key(names[c]));
        if (it != r.view->column_comments.end()) {
          out.push_back({r.oid, kPgClassOid, static_cast<int32_t>(c + 1), it->second});
        }
      }
    }
  }
  for (const auto& type : objects.enums) {
    if (type.comment) out.push_back({type.oid, kPgTypeOid, 0, *type.comment});
  }
  return out;
}

bool IsPgCatalogName(std::string_view name) {
  static const std::vector<std::string_view> kNames = {"pg_namespace",
                                                       "pg_class",
                                                       "pg_attribute",
                                                       "pg_attrdef",
                                                       "pg_type",
                                                       "pg_enum",
                                                       "pg_index",
                                                       "pg_indexes",
                                                       "pg_constraint",
                                                       "pg_tables",
                                                       "pg_views",
                                                       "pg_sequence",
                                                       "pg_sequences",
                                                       "pg_database",
                                                       "pg_tablespace",
                                                       "pg_settings",
                                                       "pg_collation",
                                                       "pg_am",
                                                       "pg_description",
                                                       "pg_depend",
                                                       "information_schema.table_constraints",
                                                       "information_schema.key_column_usage",
                                                       "information_schema.referential_constraints",
                                                       "information_schema.check_constraints"};
  return std::find(kNames.begin(), kNames.end(), name) != kNames.end();
}

LogicalOperatorPtr Binder::BindPgCatalog(std::string_view name, std::vector<std::string>& names,
                                         std::vector<LogicalType>& types) {
  if (!IsPgCatalogName(name)) return nullptr;

  const PgObjects objects = CollectPgObjects();
  const auto& schemas = objects.schemas;
  const auto& relations = objects.relations;
  const auto& enums = objects.enums;
  auto column_type_oid = [&](const TableEntry* table, const LogicalType& type) {
    return PgTypeOid(type, table ? objects.database_of.at(table) : options_.database_name);
  };

  Listing out;
  if (name == "pg_namespace") {
    out.Column("oid", T::kBigInt);
    out.Column("nspname", T::kVarchar);
    out.Column("nspowner", T::kBigInt);
    out.Column("nspacl", TextList());
    auto row = [&](int64_t oid, const std::string& schema) {
      out.rows.push_back({Oid(oid), Text(schema), Oid(kOwnerOid), NullOf(TextList())});
    };
    row(kPgCatalogNamespaceOid, "pg_catalog");
    row(kInformationSchemaNamespaceOid, "information_schema");
    for (const PgObjects::Schema& schema : schemas) row(schema.oid, schema.name);
  } else if (name == "pg_class") {
    for (const char* column : {"oid", "relname", "relnamespace", "reltype", "reloftype", "relowner",
                               "relam", "relfilenode", "reltablespace"}) {
      out.Column(column, std::string_view(column) == "relname" ? T::kVarchar : T::kBigInt);
    }
    out.Column("relpages", T::kInteger);
    out.Column("reltuples", T::kFloat);
    out.Column("relallvisible", T::kInteger);
    out.Column("reltoastrelid", T::kBigInt);
    out.Column("relhasindex", T::kBoolean);
    out.Column("relisshared", T::kBoolean);
    out.Column("relpersistence", T::kVarchar);
    out.Column("relkind", T::kVarchar);
    out.Column("relnatts", T::kSmallInt);
    out.Column("relchecks", T::kSmallInt);
    for (const char* column : {"relhasrules", "relhastriggers", "relhassubclass", "relrowsecurity",
                               "relforcerowsecurity", "relispopulated"}) {
      out.Column(column, T::kBoolean);
    }
    out.Column("relreplident", T::kVarchar);
    out.Column("relispartition", T::kBoolean);
    out.Column("relrewrite", T::kBigInt);
    out.Column("relfrozenxid", T::kBigInt);
    out.Column("relminmxid", T::kBigInt);
    out.Column("relacl", TextList());
    out.Column("reloptions", TextList());
    out.Column("relpartbound", T::kVarchar);
    for (const PgRelation& r : relations) {
      int64_t tuples = -1;  // PostgreSQL's "never counted"
      int64_t columns = 0;
      int64_t checks = 0;
      bool has_index = false;
      if (r.kind == 'r') {
        tuples = static_cast<int64_t>(r.table->storage->RowCount());
        columns = static_cast<int64_t>(r.table->columns.size());
        checks = static_cast<int64_t>(r.table->checks.size());
        has_index = !r.table->indexes->Entries().empty();
      } else if (r.kind == 'v') {
        columns = static_cast<int64_t>(ListedViewColumns(*r.view).names.size());
      } else if (r.kind == 'i') {
        columns = static_cast<int64_t>(r.index->KeyParts());
      } else {
        columns = 3;  // a sequence's last_value, log_cnt, is_called
      }
      const bool storage = r.kind != 'v';
      out.rows.push_back({Oid(r.oid),
                          Text(r.name),
                          Oid(r.namespace_oid),
                          Oid(0),
                          Oid(0),
                          Oid(kOwnerOid),
                          Oid(r.kind == 'i' ? kArtAccessMethodOid : 0),
                          Oid(storage ? r.oid : 0),
                          Oid(0),
                          Int4(0),
                          Value::Float(static_cast<float>(tuples)),
                          Int4(0),
                          Oid(0),
                          Value::Boolean(has_index),
                          Value::Boolean(false),
                          Char(r.temporary ? 't' : 'p'),
                          Char(r.kind),
                          Int2(columns),
                          Int2(checks),
                          Value::Boolean(false),
                          Value::Boolean(false),
                          Value::Boolean(false),
                          Value::Boolean(false),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Char(r.kind == 'r' ? 'd' : 'n'),
                          Value::Boolean(false),
                          Oid(0),
                          Oid(0),
                          Oid(0),
                          NullOf(TextList()),
                          NullOf(TextList()),
                          Null(T::kVarchar)});
    }
  } else if (name == "pg_attribute") {
    out.Column("attrelid", T::kBigInt);
    out.Column("attname", T::kVarchar);
    out.Column("atttypid", T::kBigInt);
    out.Column("attlen", T::kSmallInt);
    out.Column("attnum", T::kSmallInt);
    out.Column("attcacheoff", T::kInteger);
    out.Column("atttypmod", T::kInteger);
    out.Column("attndims", T::kSmallInt);
    out.Column("attbyval", T::kBoolean);
    out.Column("attalign", T::kVarchar);
    out.Column("attstorage", T::kVarchar);
    out.Column("attcompression", T::kVarchar);
    out.Column("attnotnull", T::kBoolean);
    out.Column("atthasdef", T::kBoolean);
    out.Column("atthasmissing", T::kBoolean);
    out.Column("attidentity", T::kVarchar);
    out.Column("attgenerated", T::kVarchar);
    out.Column("attisdropped", T::kBoolean);
    out.Column("attislocal", T::kBoolean);
    out.Column("attinhcount", T::kSmallInt);
    out.Column("attstattarget", T::kSmallInt);
    out.Column("attcollation", T::kBigInt);
    out.Column("attacl", TextList());
    out.Column("attoptions", TextList());
    out.Column("attfdwoptions", TextList());
    out.Column("attmissingval", T::kVarchar);
    auto row = [&](int64_t relation, const TableEntry* table, idx_t position,
                   const std::string& column, const LogicalType& type, bool not_null,
                   bool has_default, bool generated) {
      const int64_t type_oid = column_type_oid(table, type);
      const PgBuiltinType* builtin = PgBuiltinTypeOf(type_oid);
      const int64_t length = builtin ? builtin->length : (type.Id() == T::kEnum ? 4 : -1);
      const bool array = type.Id() == T::kList || type.Id() == T::kArray;
      out.rows.push_back({Oid(relation),
                          Text(column),
                          Oid(type_oid),
                          Int2(length),
                          Int2(static_cast<int64_t>(position)),
                          Int4(-1),
                          Int4(PgTypeModifier(type)),
                          Int2(array ? 1 : 0),
                          Value::Boolean(length > 0 && length <= 8),
                          Char(builtin ? builtin->align : 'i'),
                          Char(length > 0 ? 'p' : 'x'),
                          Char('\0'),
                          Value::Boolean(not_null),
                          Value::Boolean(has_default),
                          Value::Boolean(false),
                          Char('\0'),
                          Char(generated ? 's' : '\0'),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Int2(0),
                          Int2(-1),
                          Oid(type.Id() == T::kVarchar ? 100 : 0),  // 100: the default collation
                          NullOf(TextList()),
                          NullOf(TextList()),
                          NullOf(TextList()),
                          Null(T::kVarchar)});
    };
    for (const PgRelation& r : relations) {
      if (r.kind == 'r') {
        for (idx_t c = 0; c < r.table->columns.size(); c++) {
          const ColumnDefinition& column = r.table->columns[c];
          const bool has_default =
              column.default_value || column.default_sequence || column.default_expression;
          row(r.oid, r.table, c + 1, column.name, column.type, column.not_null, has_default,
              !column.generated_text.empty());
        }
      } else if (r.kind == 'v') {
        const ViewColumns columns = ListedViewColumns(*r.view);
        for (idx_t c = 0; c < columns.names.size(); c++) {
          row(r.oid, nullptr, c + 1, columns.names[c], columns.types[c], false, false, false);
        }
      } else if (r.kind == 'i') {
        idx_t expressions = 0;
        for (idx_t k = 0; k < r.index->KeyParts(); k++) {
          const idx_t c = r.index->KeyPartColumn(k);
          if (c != kInvalidIndex) {
            const ColumnDefinition& column = r.table->columns[c];
            row(r.oid, r.table, k + 1, column.name, column.type, false, false, false);
          } else {
            // PostgreSQL's names for an index's expressions: expr, expr1, expr2, …
            const std::string name = expressions ? fmt::format("expr{}", expressions) : "expr";
            expressions++;
            row(r.oid, r.table, k + 1, name, r.index->expressions[k]->type, false, false, false);
          }
        }
      }
    }
  } else if (name == "pg_attrdef") {
    out.Column("oid", T::kBigInt);
    out.Column("adrelid", T::kBigInt);
    out.Column("adnum", T::kSmallInt);
    out.Column("adbin", T::kVarchar);  // PostgreSQL's node tree; here the expression's SQL
    for (const PgRelation& r : relations) {
      if (r.kind != 'r') continue;
      for (idx_t c = 0; c < r.table->columns.size(); c++) {
        const ColumnDefinition& column = r.table->columns[c];
        const std::string& text =
            column.generated_text.empty() ? column.default_text : column.generated_text;
        if (text.empty()) continue;
        out.rows.push_back({Oid(PgObjectOid(PgObjectKind::kConstraint, r.database, r.schema,
                                            r.name + "\0default\0" + column.name)),
                            Oid(r.oid), Int2(static_cast<int64_t>(c) + 1), Text(text)});
      }
    }
  } else if (name == "pg_type") {
    for (const char* column : {"oid", "typname", "typnamespace", "typowner"}) {
      out.Column(column, std::string_view(column) == "typname" ? T::kVarchar : T::kBigInt);
    }
    out.Column("typlen", T::kSmallInt);
    out.Column("typbyval", T::kBoolean);
    out.Column("typtype", T::kVarchar);
    out.Column("typcategory", T::kVarchar);
    out.Column("typispreferred", T::kBoolean);
    out.Column("typisdefined", T::kBoolean);
    out.Column("typdelim", T::kVarchar);
    out.Column("typrelid", T::kBigInt);
    out.Column("typsubscript", T::kVarchar);
    out.Column("typelem", T::kBigInt);
    out.Column("typarray", T::kBigInt);
    for (const char* column : {"typinput", "typoutput", "typreceive", "typsend", "typmodin",
                               "typmodout", "typanalyze"}) {
      out.Column(column, T::kVarchar);
    }
    out.Column("typalign", T::kVarchar);
    out.Column("typstorage", T::kVarchar);
    out.Column("typnotnull", T::kBoolean);
    out.Column("typbasetype", T::kBigInt);
    out.Column("typtypmod", T::kInteger);
    out.Column("typndims", T::kInteger);
    out.Column("typcollation", T::kBigInt);
    out.Column("typdefaultbin", T::kVarchar);
    out.Column("typdefault", T::kVarchar);
    out.Column("typacl", TextList());
    auto row = [&](int64_t oid, const std::string& type_name, int64_t namespace_oid, int64_t length,
                   char type_kind, char category, char align, int64_t element, int64_t array,
                   int64_t collation) {
      const std::string io = type_kind == 'e' ? "enum" : type_name;
      out.rows.push_back({Oid(oid),
                          Text(type_name),
                          Oid(namespace_oid),
                          Oid(kOwnerOid),
                          Int2(length),
                          Value::Boolean(length > 0 && length <= 8),
                          Char(type_kind),
                          Char(category),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Char(','),
                          Oid(0),
                          element ? Text("array_subscript_handler") : Text("-"),
                          Oid(element),
                          Oid(array),
                          Text(element ? "array_in" : io + "in"),
                          Text(element ? "array_out" : io + "out"),
                          Text(element ? "array_recv" : io + "recv"),
                          Text(element ? "array_send" : io + "send"),
                          Text("-"),
                          Text("-"),
                          Text("-"),
                          Char(align),
                          Char(length > 0 ? 'p' : 'x'),
                          Value::Boolean(false),
                          Oid(0),
                          Int4(-1),
                          Int4(0),
                          Oid(collation),
                          Null(T::kVarchar),
                          Null(T::kVarchar),
                          NullOf(TextList())});
    };
    for (const PgBuiltinType& type : PgBuiltinTypes()) {
      const bool text = type.category == 'S';
      row(type.oid, type.name, kPgCatalogNamespaceOid, type.length, type.oid == 705 ? 'p' : 'b',
          type.category, type.align, type.element_oid, type.array_oid, text ? 100 : 0);
    }
    for (const PgObjects::EnumType& type : enums) {
      row(type.oid, type.type.Enum().name, type.namespace_oid, 4, 'e', 'E', 'i', 0, 0, 0);
    }
  } else if (name == "pg_enum") {
    out.Column("oid", T::kBigInt);
    out.Column("enumtypid", T::kBigInt);
    out.Column("enumsortorder", T::kFloat);
    out.Column("enumlabel", T::kVarchar);
    for (const PgObjects::EnumType& type : enums) {
      const auto& labels = type.type.Enum().labels;
      for (size_t k = 0; k < labels.size(); k++) {
        out.rows.push_back(
            {Oid(PgObjectOid(PgObjectKind::kType, std::to_string(type.oid), "", labels[k])),
             Oid(type.oid), Value::Float(static_cast<float>(k + 1)), Text(labels[k])});
      }
    }
  } else if (name == "pg_index") {
    out.Column("indexrelid", T::kBigInt);
    out.Column("indrelid", T::kBigInt);
    out.Column("indnatts", T::kSmallInt);
    out.Column("indnkeyatts", T::kSmallInt);
    for (const char* column : {"indisunique", "indnullsnotdistinct", "indisprimary",
                               "indisexclusion", "indimmediate", "indisclustered", "indisvalid",
                               "indcheckxmin", "indisready", "indislive", "indisreplident"}) {
      out.Column(column, T::kBoolean);
    }
    out.Column("indkey", Int2List());
    out.Column("indcollation", OidList());
    out.Column("indclass", OidList());
    out.Column("indoption", Int2List());
    out.Column("indexprs", T::kVarchar);
    out.Column("indpred", T::kVarchar);
    for (const PgRelation& r : relations) {
      if (r.kind != 'i') continue;
      const idx_t parts = r.index->KeyParts();
      const int64_t n = static_cast<int64_t>(parts);
      std::vector<Value> zeros_oid(parts, Oid(0));
      std::vector<Value> zeros_int2(parts, Int2(0));
      std::vector<idx_t> key_columns;
      std::string expressions;  // PostgreSQL's node tree; here the expressions' SQL
      for (idx_t k = 0; k < parts; k++) {
        key_columns.push_back(r.index->KeyPartColumn(k));
        if (key_columns.back() == kInvalidIndex) {
          expressions += (expressions.empty() ? "" : ", ") + r.index->expression_texts[k];
        }
      }
      out.rows.push_back({Oid(r.oid),
                          Oid(static_cast<int64_t>(r.table->storage->Oid())),
                          Int2(n),
                          Int2(n),
                          Value::Boolean(r.index->Unique()),
                          Value::Boolean(false),
                          Value::Boolean(r.index->constraint == IndexConstraint::kPrimaryKey),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Value::Boolean(true),
                          Value::Boolean(false),
                          Int2Vector(key_columns),
                          Value::List(T::kBigInt, zeros_oid),
                          Value::List(T::kBigInt, zeros_oid),
                          Value::List(T::kSmallInt, zeros_int2),
                          expressions.empty() ? Null(T::kVarchar) : Text(expressions),
                          Null(T::kVarchar)});
    }
  } else if (name == "pg_indexes") {
    for (const char* column : {"schemaname", "tablename", "indexname", "tablespace", "indexdef"}) {
      out.Column(column, T::kVarchar);
    }
    for (const PgRelation& r : relations) {
      if (r.kind != 'i') continue;
      const std::string definition = PgIndexDefinition(r);
      out.rows.push_back(
          {Text(r.schema), Text(r.table->name), Text(r.name), NullText(), Text(definition)});
    }
  } else if (name == "pg_constraint") {
    out.Column("oid", T::kBigInt);
    out.Column("conname", T::kVarchar);
    out.Column("connamespace", T::kBigInt);
    out.Column("contype", T::kVarchar);
    out.Column("condeferrable", T::kBoolean);
    out.Column("condeferred", T::kBoolean);
    out.Column("convalidated", T::kBoolean);
    for (const char* column : {"conrelid", "contypid", "conindid", "conparentid", "confrelid"}) {
      out.Column(column, T::kBigInt);
    }
    out.Column("confupdtype", T::kVarchar);
    out.Column("confdeltype", T::kVarchar);
    out.Column("confmatchtype", T::kVarchar);
    out.Column("conislocal", T::kBoolean);
    out.Column("coninhcount", T::kSmallInt);
    out.Column("connoinherit", T::kBoolean);
    out.Column("conkey", Int2List());
    out.Column("confkey", Int2List());
    for (const char* column : {"conpfeqop", "conppeqop", "conffeqop"}) {
      out.Column(column, OidList());
    }
    out.Column("confdelsetcols", Int2List());
    out.Column("conexclop", OidList());
    out.Column("conbin", T::kVarchar);
    auto keys = [](const std::vector<idx_t>& columns) {
      return columns.empty() ? NullOf(Int2List()) : Int2Vector(columns);
    };
    for (const PgConstraint& c : PgConstraints(objects)) {
      const bool foreign = c.type == 'f';
      out.rows.push_back({Oid(c.oid),
                          Text(c.name),
                          Oid(c.table->namespace_oid),
                          Char(c.type),
                          Value::Boolean(false),
                          Value::Boolean(false),
                          Value::Boolean(true),
                          Oid(c.table->oid),
                          Oid(0),
                          Oid(c.index_oid),
                          Oid(0),
                          Oid(c.referenced_oid),
                          Char(foreign ? 'a' : ' '),
                          Char(foreign ? 'a' : ' '),
                          Char(foreign ? 's' : ' '),
                          Value::Boolean(true),
                          Int2(0),
                          Value::Boolean(true),
                          keys(c.columns),
                          keys(c.referenced),
                          NullOf(OidList()),
                          NullOf(OidList()),
                          NullOf(OidList()),
                          NullOf(Int2List()),
                          NullOf(OidList()),
                          c.check.empty() ? Null(T::kVarchar) : Text(c.check)});
    }
  } else if (name == "pg_tables") {
    for (const char* column : {"schemaname", "tablename", "tableowner", "tablespace"}) {
      out.Column(column, T::kVarchar);
    }
    for (const char* column : {"hasindexes", "hasrules", "hastriggers", "rowsecurity"}) {
      out.Column(column, T::kBoolean);
    }
    for (const PgRelation& r : relations) {
      if (r.kind != 'r') continue;
      out.rows.push_back({Text(r.schema), Text(r.name), Text("teal"), NullText(),
                          Value::Boolean(!r.table->indexes->Entries().empty()),
                          Value::Boolean(false), Value::Boolean(false), Value::Boolean(false)});
    }
  } else if (name == "pg_views") {
    for (const char* column : {"schemaname", "viewname", "viewowner", "definition"}) {
      out.Column(column, T::kVarchar);
    }
    for (const PgRelation& r : relations) {
      if (r.kind != 'v') continue;
      out.rows.push_back({Text(r.schema), Text(r.name), Text("teal"), Text(r.view->query_text)});
    }
  } else if (name == "pg_sequence") {
    out.Column("seqrelid", T::kBigInt);
    out.Column("seqtypid", T::kBigInt);
    for (const char* column : {"seqstart", "seqincrement", "seqmax", "seqmin", "seqcache"}) {
      out.Column(column, T::kBigInt);
    }
    out.Column("seqcycle", T::kBoolean);
    for (const PgRelation& r : relations) {
      if (r.kind != 'S') continue;
      const SequenceEntry& s = *r.sequence;
      out.rows.push_back({Oid(r.oid), Oid(20), Value::BigInt(s.Start()),
                          Value::BigInt(s.Increment()), Value::BigInt(s.Max()),
                          Value::BigInt(s.Min()), Value::BigInt(1), Value::Boolean(s.Cycle())});
    }
  } else if (name == "pg_sequences") {
    for (const char* column : {"schemaname", "sequencename", "sequenceowner", "data_type"}) {
      out.Column(column, T::kVarchar);
    }
    for (const char* column : {"start_value", "min_value", "max_value", "increment_by"}) {
      out.Column(column, T::kBigInt);
    }
    out.Column("cycle", T::kBoolean);
    out.Column("cache_size", T::kBigInt);
    out.Column("last_value", T::kBigInt);
    for (const PgRelation& r : relations) {
      if (r.kind != 'S') continue;
      const SequenceEntry& s = *r.sequence;
      const std::optional<int64_t> last = s.Last();
      out.rows.push_back({Text(r.schema), Text(r.name), Text("teal"), Text("bigint"),
                          Value::BigInt(s.Start()), Value::BigInt(s.Min()), Value::BigInt(s.Max()),
                          Value::BigInt(s.Increment()), Value::Boolean(s.Cycle()), Value::BigInt(1),
                          last ? Value::BigInt(*last) : NullBigInt()});
    }
  } else if (name == "pg_database") {
    out.Column("oid", T::kBigInt);
    out.Column("datname", T::kVarchar);
    out.Column("datdba", T::kBigInt);
    out.Column("encoding", T::kInteger);
    out.Column("datlocprovider", T::kVarchar);
    out.Column("datistemplate", T::kBoolean);
    out.Column("datallowconn", T::kBoolean);
    out.Column("datconnlimit", T::kInteger);
    out.Column("datfrozenxid", T::kBigInt);
    out.Column("datminmxid", T::kBigInt);
    out.Column("dattablespace", T::kBigInt);
    for (const char* column :
         {"datcollate", "datctype", "daticulocale", "daticurules", "datcollversion"}) {
      out.Column(column, T::kVarchar);
    }
    out.Column("datacl", TextList());
    auto row = [&](const std::string& database) {
      out.rows.push_back({Oid(PgObjectOid(PgObjectKind::kDatabase, database, "", "")),
                          Text(database), Oid(kOwnerOid), Int4(6),  // 6: UTF8
                          Char('c'), Value::Boolean(false), Value::Boolean(true), Int4(-1), Oid(0),
                          Oid(0), Oid(kDefaultTablespaceOid), Text("C"), Text("C"), NullText(),
                          NullText(), NullText(), NullOf(TextList())});
    };
    if (options_.databases) {
      for (const auto& database : options_.databases()) row(database.name);
    } else {
      row(options_.database_name);
    }
  } else if (name == "pg_tablespace") {
    out.Column("oid", T::kBigInt);
    out.Column("spcname", T::kVarchar);
    out.Column("spcowner", T::kBigInt);
    out.Column("spcacl", TextList());
    out.Column("spcoptions", TextList());
    out.rows.push_back({Oid(kDefaultTablespaceOid), Text("pg_default"), Oid(kOwnerOid),
                        NullOf(TextList()), NullOf(TextList())});
    out.rows.push_back({Oid(kGlobalTablespaceOid), Text("pg_global"), Oid(kOwnerOid),
                        NullOf(TextList()), NullOf(TextList())});
  } else if (name == "pg_settings") {
    for (const char* column : {"name", "setting", "unit", "category", "short_desc", "extra_desc",
                               "context", "vartype", "source", "min_val", "max_val"}) {
      out.Column(column, T::kVarchar);
    }
    out.Column("enumvals", TextList());
    for (const char* column : {"boot_val", "reset_val", "sourcefile"}) {
      out.Column(column, T::kVarchar);
    }
    out.Column("sourceline", T::kInteger);
    out.Column("pending_restart", T::kBoolean);
    if (options_.all_settings) {
      for (const auto& [setting, value, description, input_type] : options_.all_settings()) {
        out.rows.push_back({Text(setting), Text(value), NullText(), NullText(), Text(description),
                            NullText(), Text("user"), Text(input_type), NullText(), NullText(),
                            NullText(), NullOf(TextList()), NullText(), NullText(), NullText(),
                            Null(T::kInteger), Value::Boolean(false)});
      }
    }
  } else if (name == "pg_collation") {
    out.Column("oid", T::kBigInt);
    out.Column("collname", T::kVarchar);
    out.Column("collnamespace", T::kBigInt);
    out.Column("collowner", T::kBigInt);
    out.Column("collprovider", T::kVarchar);
    out.Column("collisdeterministic", T::kBoolean);
    out.Column("collencoding", T::kInteger);
    for (const char* column :
         {"collcollate", "collctype", "colliculocale", "collicurules", "collversion"}) {
      out.Column(column, T::kVarchar);
    }
    out.rows.push_back({Oid(100), Text("default"), Oid(kPgCatalogNamespaceOid), Oid(kOwnerOid),
                        Char('d'), Value::Boolean(true), Int4(-1), NullText(), NullText(),
                        NullText(), NullText(), NullText()});
    for (const std::string& collation : CollationNames()) {
      out.rows.push_back({Oid(PgObjectOid(PgObjectKind::kType, "", "collation", collation)),
                          Text(collation), Oid(kPgCatalogNamespaceOid), Oid(kOwnerOid), Char('c'),
                          Value::Boolean(collation == "binary"), Int4(-1), NullText(), NullText(),
                          NullText(), NullText(), NullText()});
    }
  } else if (name == "pg_am") {
    out.Column("oid", T::kBigInt);
    out.Column("amname", T::kVarchar);
    out.Column("amhandler", T::kVarchar);
    out.Column("amtype", T::kVarchar);
    // Teal's one index method, the ART: ordered, as PostgreSQL's btree (whose oid it takes).
    out.rows.push_back({Oid(kArtAccessMethodOid), Text("art"), Text("-"), Char('i')});
  } else if (name == "pg_description") {
    out.Column("objoid", T::kBigInt);
    out.Column("classoid", T::kBigInt);
    out.Column("objsubid", T::kInteger);
    out.Column("description", T::kVarchar);
    for (const PgDescription& d : PgDescriptionsOf(objects)) {
      out.rows.push_back({Value::BigInt(d.object), Value::BigInt(d.catalog),
                          Value::Integer(d.column), Text(d.text)});
    }
  } else if (name == "information_schema.table_constraints") {
    for (const char* column :
         {"constraint_catalog", "constraint_schema", "constraint_name", "table_catalog",
          "table_schema", "table_name", "constraint_type", "is_deferrable", "initially_deferred",
          "enforced", "nulls_distinct"}) {
      out.Column(column, T::kVarchar);
    }
    auto row = [&](const PgRelation& table, const std::string& constraint, const char* type) {
      const bool key =
          std::string_view(type) == "PRIMARY KEY" || std::string_view(type) == "UNIQUE";
      out.rows.push_back({Text(table.database), Text(table.schema), Text(constraint),
                          Text(table.database), Text(table.schema), Text(table.name), Text(type),
                          Text("NO"), Text("NO"), Text("YES"), key ? Text("YES") : NullText()});
    };
    for (const PgConstraint& c : PgConstraints(objects)) {
      row(*c.table, c.name,
          c.type == 'p'   ? "PRIMARY KEY"
          : c.type == 'u' ? "UNIQUE"
          : c.type == 'f' ? "FOREIGN KEY"
                          : "CHECK");
    }
    // NOT NULL columns are CHECK constraints here (PostgreSQL's and the standard's view).
    for (const PgRelation& r : relations) {
      if (r.kind != 'r') continue;
      for (const ColumnDefinition& column : r.table->columns) {
        if (column.not_null) row(r, r.name + "_" + column.name + "_not_null", "CHECK");
      }
    }
  } else if (name == "information_schema.key_column_usage") {
    for (const char* column : {"constraint_catalog", "constraint_schema", "constraint_name",
                               "table_catalog", "table_schema", "table_name", "column_name"}) {
      out.Column(column, T::kVarchar);
    }
    out.Column("ordinal_position", T::kInteger);
    out.Column("position_in_unique_constraint", T::kInteger);
    for (const PgConstraint& c : PgConstraints(objects)) {
      if (c.type == 'c') continue;
      for (size_t k = 0; k < c.columns.size(); k++) {
        const PgRelation& t = *c.table;
        out.rows.push_back({Text(t.database), Text(t.schema), Text(c.name), Text(t.database),
                            Text(t.schema), Text(t.name), Text(t.table->columns[c.columns[k]].name),
                            Int4(static_cast<int64_t>(k) + 1),
                            c.type == 'f' ? Int4(static_cast<int64_t>(k) + 1) : Null(T::kInteger)});
      }
    }
  } else if (name == "information_schema.referential_constraints") {
    for (const char* column :
         {"constraint_catalog", "constraint_schema", "constraint_name", "unique_constraint_catalog",
          "unique_constraint_schema", "unique_constraint_name", "match_option", "update_rule",
          "delete_rule"}) {
      out.Column(column, T::kVarchar);
    }
    const std::vector<PgConstraint> constraints = PgConstraints(objects);
    for (const PgConstraint& c : constraints) {
      if (c.type != 'f') continue;
      // The parent's key over the referenced columns: what the foreign key matches.
      const PgConstraint* key = nullptr;
      for (const PgConstraint& k : constraints) {
        if ((k.type == 'p' || k.type == 'u') && k.table->oid == c.referenced_oid &&
            k.columns == c.referenced) {
          key = &k;
        }
      }
      const PgRelation& t = *c.table;
      out.rows.push_back({Text(t.database), Text(t.schema), Text(c.name),
                          key ? Text(key->table->database) : NullText(),
                          key ? Text(key->table->schema) : NullText(),
                          key ? Text(key->name) : NullText(), Text("NONE"), Text("NO ACTION"),
                          Text("NO ACTION")});
    }
  } else if (name == "information_schema.check_constraints") {
    for (const char* column :
         {"constraint_catalog", "constraint_schema", "constraint_name", "check_clause"}) {
      out.Column(column, T::kVarchar);
    }
    for (const PgConstraint& c : PgConstraints(objects)) {
      if (c.type != 'c') continue;
      out.rows.push_back(
          {Text(c.table->database), Text(c.table->schema), Text(c.name), Text(c.check)});
    }
  } else {  // pg_depend
    for (const char* column :
         {"classid", "objid", "objsubid", "refclassid", "refobjid", "refobjsubid", "deptype"}) {
      const std::string_view c(column);
      out.Column(column, c == "deptype"         ? T::kVarchar
                         : c.ends_with("subid") ? T::kInteger
                                                : T::kBigInt);
    }
    // What depends on what, as PostgreSQL records it: an index on its table ('a':
    // automatic, dropped with it).
    for (const PgRelation& r : relations) {
      if (r.kind != 'i') continue;
      out.rows.push_back({Oid(kPgClassOid), Oid(r.oid), Int4(0), Oid(kPgClassOid),
                          Oid(static_cast<int64_t>(r.table->storage->Oid())), Int4(0), Char('a')});
    }
  }
  names = out.names;
  types = out.types;
  return ConstantTable(out.types, std::move(out.rows));
}

}  // namespace teal
