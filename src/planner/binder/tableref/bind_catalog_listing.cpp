// Binder: the catalog listings — duckdb_schemas(), duckdb_tables(), duckdb_columns(),
// duckdb_views(), duckdb_indexes(), duckdb_sequences(), duckdb_triggers(),
// duckdb_constraints(), duckdb_types(), and
// information_schema.schemata / tables / columns — computed from the catalog version the statement
// binds against, with DuckDB's column names in DuckDB's order. Left out: the columns Teal has no
// value for (DuckDB's `tags` MAP and its internal type ids), and DuckDB's own internal schemas'
// contents.
#include "catalog/pg_catalog.hpp"
#include "function/collation.hpp"
#include "function/function.hpp"
#include "parser/identifier.hpp"
#include "parser/parser.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/catalog_listing.hpp"

namespace teal {

namespace {

using T = TypeId;
using namespace listing;  // NOLINT

/// information_schema's and duckdb_columns()'s numeric_precision, _radix and _scale.
std::array<Value, 3> NumericShape(const LogicalType& type) {
  auto binary = [](int bits) {
    return std::array<Value, 3>{Value::Integer(bits), Value::Integer(2), Value::Integer(0)};
  };
  switch (type.Id()) {
    case T::kTinyInt:
    case T::kUTinyInt:
      return binary(8);
    case T::kSmallInt:
    case T::kUSmallInt:
      return binary(16);
    case T::kInteger:
    case T::kUInteger:
      return binary(32);
    case T::kBigInt:
    case T::kUBigInt:
      return binary(64);
    case T::kHugeInt:
    case T::kUHugeInt:
      return binary(128);
    case T::kFloat:
      return {Value::Integer(24), Value::Integer(2), Value(LogicalType(T::kInteger))};
    case T::kDouble:
      return {Value::Integer(53), Value::Integer(2), Value(LogicalType(T::kInteger))};
    case T::kDecimal:
      return {Value::Integer(type.DecimalWidth()), Value::Integer(10),
              Value::Integer(type.DecimalScale())};
    default: {
      const Value none{LogicalType(T::kInteger)};
      return {none, none, none};
    }
  }
}

/// The columns of `view` from its query bound as `bound`: the view's own names where it
/// gives them.
ViewColumns NamedViewColumns(const ViewEntry& view, const BoundStatement& bound) {
  ViewColumns columns{bound.names, bound.types};
  for (size_t i = 0; i < view.column_names.size() && i < columns.names.size(); i++) {
    columns.names[i] = view.column_names[i];
  }
  return columns;
}

}  // namespace

void Binder::ForEachCatalog(const std::function<void(const Catalog&, const std::string& database,
                                                     bool temporary)>& list) const {
  bool listed_main = false;
  if (options_.databases && catalogs_.databases) {
    for (const auto& attached : options_.databases()) {
      Catalog* catalog = catalogs_.databases(attached.name);
      if (!catalog) continue;
      listed_main = listed_main || catalog == &catalog_;
      list(*catalog, attached.name, false);
    }
  }
  if (!listed_main) list(catalog_, options_.database_name, false);
  if (catalogs_.temp) list(*catalogs_.temp, std::string(CatalogSearch::kTempSchema), true);
}

ViewColumns Binder::ListedViewColumns(const ViewEntry& view) {
  // A view whose query no longer binds (a table it reads was dropped) has no columns.
  BoundStatement bound;
  try {
    bound = BindView(view);
  } catch (const Error& error) {
    if (error.Category() == ErrorCategory::kInternal) throw;
  }
  return NamedViewColumns(view, bound);
}

std::vector<std::string> Binder::ViewColumnNames(const ViewEntry& view) {
  return ListedViewColumns(view).names;
}

LogicalOperatorPtr Binder::BindCatalogListing(std::string_view name,
                                              std::vector<std::string>& names,
                                              std::vector<LogicalType>& types) {
  // `database` names the database being listed, `temporary` whether it is the
  // connection's temporary objects.
  std::string database = options_.database_name;
  bool temporary = false;
  auto each_catalog = [&](const std::function<void(const Catalog&)>& list) {
    ForEachCatalog([&](const Catalog& catalog, const std::string& name_of, bool temp) {
      database = name_of;
      temporary = temp;
      list(catalog);
    });
    database = options_.database_name;
    temporary = false;
  };
  Listing out;
  auto comment = [](const std::optional<std::string>& text) {
    return text ? Text(*text) : NullText();
  };
  // The objects' oids, as pg_catalog's (catalog/pg_catalog.hpp).
  auto database_oid = [&]() {
    return Value::BigInt(PgObjectOid(PgObjectKind::kDatabase, database, "", ""));
  };
  auto schema_oid = [&](const std::string& schema) {
    return Value::BigInt(PgObjectOid(PgObjectKind::kNamespace, database, SchemaOf(schema), ""));
  };
  auto relation_oid = [&](const std::string& schema, const std::string& object) {
    return Value::BigInt(PgObjectOid(PgObjectKind::kRelation, database, SchemaOf(schema), object));
  };
  if (name == "duckdb_schemas" || name == "information_schema.schemata") {
    std::vector<std::string> schemas = {std::string(kMainSchemaName)};
    for (const auto& schema : catalog_.Schemas()) schemas.push_back(schema);
    if (name == "duckdb_schemas") {
      out.Column("oid", T::kBigInt);
      out.Column("database_name", T::kVarchar);
      out.Column("database_oid", T::kBigInt);
      out.Column("schema_name", T::kVarchar);
      out.Column("comment", T::kVarchar);
      out.Column("internal", T::kBoolean);
      out.Column("sql", T::kVarchar);
      // Every database's schemas, as duckdb_tables() lists every database's tables.
      each_catalog([&](const Catalog& catalog) {
        std::vector<std::string> in_catalog = {std::string(kMainSchemaName)};
        if (!temporary) {
          for (const auto& schema : catalog.Schemas()) in_catalog.push_back(schema);
        }
        for (const auto& schema : in_catalog) {
          const bool main = schema == kMainSchemaName;
          out.rows.push_back(
              {schema_oid(schema), Text(database), database_oid(), Text(schema), NullText(),
               Value::Boolean(main),
               main ? NullText() : Text("CREATE SCHEMA " + QuoteIdentifier(schema) + ";")});
        }
      });
    } else {
      for (const char* column :
           {"catalog_name", "schema_name", "schema_owner", "default_character_set_catalog",
            "default_character_set_schema", "default_character_set_name", "sql_path"}) {
        out.Column(column, T::kVarchar);
      }
      for (const auto& schema : schemas) {
        out.rows.push_back({Text(database), Text(schema), Text("teal"), NullText(), NullText(),
                            NullText(), NullText()});
      }
    }
  } else if (name == "duckdb_tables") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("table_name", T::kVarchar);
    out.Column("table_oid", T::kBigInt);
    out.Column("comment", T::kVarchar);
    out.Column("internal", T::kBoolean);
    out.Column("temporary", T::kBoolean);
    out.Column("has_primary_key", T::kBoolean);
    out.Column("estimated_size", T::kBigInt);
    out.Column("column_count", T::kBigInt);
    out.Column("index_count", T::kBigInt);
    out.Column("check_constraint_count", T::kBigInt);
    out.Column("sql", T::kVarchar);
    each_catalog([&](const Catalog& catalog) {
      for (const auto& table : catalog.Tables()) {
        bool primary = false;
        int64_t indexes = 0;
        for (const auto& index : table->indexes->Entries()) {
          primary = primary || index->constraint == IndexConstraint::kPrimaryKey;
          indexes++;  // constraints' included, as DuckDB counts
        }
        out.rows.push_back(
            {Text(database), database_oid(), Text(SchemaOf(table->schema)),
             schema_oid(table->schema), Text(table->name),
             Value::BigInt(static_cast<int64_t>(table->storage->Oid())), comment(table->comment),
             Value::Boolean(false), Value::Boolean(temporary), Value::Boolean(primary),
             Value::BigInt(static_cast<int64_t>(table->storage->RowCount())),
             Value::BigInt(static_cast<int64_t>(table->columns.size())), Value::BigInt(indexes),
             Value::BigInt(static_cast<int64_t>(table->checks.size())), Text(table->ToSql())});
      }
    });
  } else if (name == "duckdb_views") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("view_name", T::kVarchar);
    out.Column("view_oid", T::kBigInt);
    out.Column("comment", T::kVarchar);
    out.Column("internal", T::kBoolean);
    out.Column("temporary", T::kBoolean);
    out.Column("column_count", T::kBigInt);
    out.Column("sql", T::kVarchar);
    each_catalog([&](const Catalog& catalog) {
      for (const auto& view : catalog.Views()) {
        out.rows.push_back(
            {Text(database), database_oid(), Text(SchemaOf(view->schema)), schema_oid(view->schema),
             Text(view->name), relation_oid(view->schema, view->name), comment(view->comment),
             Value::Boolean(false), Value::Boolean(temporary),
             Value::BigInt(static_cast<int64_t>(ListedViewColumns(*view).names.size())),
             Text(view->ToSql())});
      }
    });
  } else if (name == "duckdb_triggers") {
    out.Column("database_name", T::kVarchar);
    out.Column("schema_name", T::kVarchar);
    out.Column("trigger_name", T::kVarchar);
    out.Column("table_name", T::kVarchar);
    out.Column("action_timing", T::kVarchar);
    out.Column("event_manipulation", T::kVarchar);
    out.Column("columns", LogicalType::List(T::kVarchar));
    out.Column("for_each", T::kVarchar);
    out.Column("comment", T::kVarchar);
    out.Column("temporary", T::kBoolean);
    out.Column("sql", T::kVarchar);
    each_catalog([&](const Catalog& catalog) {
      for (const auto& trigger : catalog.Triggers()) {
        out.rows.push_back(
            {Text(database), Text(SchemaOf(trigger->schema)), Text(trigger->name),
             Text(trigger->table_name), Text(std::string(TriggerTimingName(trigger->timing))),
             Text(std::string(TriggerEventName(trigger->event))),
             TextValues(trigger->update_columns), Text(trigger->for_each_row ? "ROW" : "STATEMENT"),
             NullText(), Value::Boolean(temporary), Text(trigger->ToSql())});
      }
    });
  } else if (name == "duckdb_sequences") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("sequence_name", T::kVarchar);
    out.Column("sequence_oid", T::kBigInt);
    out.Column("comment", T::kVarchar);
    out.Column("temporary", T::kBoolean);
    out.Column("start_value", T::kBigInt);
    out.Column("min_value", T::kBigInt);
    out.Column("max_value", T::kBigInt);
    out.Column("increment_by", T::kBigInt);
    out.Column("cycle", T::kBoolean);
    out.Column("last_value", T::kBigInt);  // the last nextval of any connection; NULL: none
    out.Column("sql", T::kVarchar);
    each_catalog([&](const Catalog& catalog) {
      for (const auto& sequence : catalog.Sequences()) {
        const std::string& full = sequence->Name();
        const size_t dot = full.find('.');
        const std::string schema = dot == std::string::npos ? "" : full.substr(0, dot);
        const std::string bare = dot == std::string::npos ? full : full.substr(dot + 1);
        const std::optional<int64_t> last = sequence->Last();
        out.rows.push_back(
            {Text(database), database_oid(), Text(SchemaOf(schema)), schema_oid(schema), Text(bare),
             relation_oid(schema, bare), comment(catalog.ObjectComment('s', full)),
             Value::Boolean(temporary), Value::BigInt(sequence->Start()),
             Value::BigInt(sequence->Min()), Value::BigInt(sequence->Max()),
             Value::BigInt(sequence->Increment()), Value::Boolean(sequence->Cycle()),
             last ? Value::BigInt(*last) : NullBigInt(),
             Text("CREATE SEQUENCE " + QuoteFiledName(full) + sequence->OptionsSql() + ";")});
      }
    });
  } else if (name == "duckdb_indexes") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("index_name", T::kVarchar);
    out.Column("index_oid", T::kBigInt);
    out.Column("table_name", T::kVarchar);
    out.Column("table_oid", T::kBigInt);
    out.Column("comment", T::kVarchar);
    out.Column("is_unique", T::kBoolean);
    out.Column("is_primary", T::kBoolean);
    out.Column("expressions", T::kVarchar);
    out.Column("sql", T::kVarchar);
    each_catalog([&](const Catalog& catalog) {
      for (const auto& table : catalog.Tables()) {
        for (const auto& index : table->indexes->Entries()) {
          if (index->from_constraint) continue;  // DuckDB lists CREATE INDEX's only
          // DuckDB's form: a column's name, an expression as a quoted string in parentheses.
          std::string columns = "[";
          for (idx_t k = 0; k < index->KeyParts(); k++) {
            columns +=
                (k ? ", " : "") + (index->KeyPartColumn(k) != kInvalidIndex
                                       ? index->KeyPartText(*table, k)
                                       : QuoteLiteral("(" + index->expression_texts[k] + ")"));
          }
          const std::string local(index->LocalName(*table));
          out.rows.push_back({Text(database), database_oid(), Text(SchemaOf(table->schema)),
                              schema_oid(table->schema), Text(local),
                              relation_oid(table->schema, local), Text(table->name),
                              Value::BigInt(static_cast<int64_t>(table->storage->Oid())),
                              comment(catalog.ObjectComment('i', index->name)),
                              Value::Boolean(index->constraint != IndexConstraint::kNone),
                              Value::Boolean(index->constraint == IndexConstraint::kPrimaryKey),
                              Text(columns + "]"), Text(index->ToSql(*table))});
        }
      }
    });
  } else if (name == "sqlite_master" || name == "sqlite_schema" || name == "sqlite_temp_master" ||
             name == "sqlite_temp_schema") {
    // SQLite's catalog table (sqlite_schema its newer name), as DuckDB gives it: the default
    // database's tables, views and indexes (CREATE INDEX's) with their CREATE statements;
    // sqlite_temp_master the connection's temporary ones.
    const bool temp_objects = name.starts_with("sqlite_temp");
    const Catalog empty;
    const Catalog& listed = !temp_objects ? catalog_ : (catalogs_.temp ? *catalogs_.temp : empty);
    out.Column("type", T::kVarchar);
    out.Column("name", T::kVarchar);
    out.Column("tbl_name", T::kVarchar);
    out.Column("rootpage", T::kInteger);
    out.Column("sql", T::kVarchar);
    auto row = [&](const char* type, const std::string& object, const std::string& table,
                   const std::string& sql) {
      out.rows.push_back({Text(type), Text(object), Text(table), Value::Integer(0), Text(sql)});
    };
    for (const auto& table : listed.Tables())
      row("table", table->name, table->name, table->ToSql());
    for (const auto& view : listed.Views()) row("view", view->name, view->name, view->ToSql());
    for (const auto& table : listed.Tables()) {
      for (const auto& index : table->indexes->Entries()) {
        if (!index->from_constraint)
          row("index", std::string(index->LocalName(*table)), table->name, index->ToSql(*table));
      }
    }
  } else if (name == "information_schema.tables") {
    for (const char* column :
         {"table_catalog", "table_schema", "table_name", "table_type",
          "self_referencing_column_name", "reference_generation", "user_defined_type_catalog",
          "user_defined_type_schema", "user_defined_type_name", "is_insertable_into", "is_typed",
          "commit_action", "TABLE_COMMENT"}) {
      out.Column(column, T::kVarchar);
    }
    auto row = [&](const std::string& schema, const std::string& table, bool is_view) {
      out.rows.push_back({Text(database), Text(SchemaOf(schema)), Text(table),
                          Text(is_view     ? "VIEW"
                               : temporary ? "LOCAL TEMPORARY"  // PostgreSQL's and DuckDB's
                                           : "BASE TABLE"),
                          NullText(), NullText(), NullText(), NullText(), NullText(),
                          Text(is_view ? "NO" : "YES"), Text("NO"), NullText(), NullText()});
    };
    each_catalog([&](const Catalog& catalog) {
      for (const auto& table : catalog.Tables()) row(table->schema, table->name, false);
      for (const auto& view : catalog.Views()) row(view->schema, view->name, true);
    });
  } else if (name == "duckdb_columns" || name == "information_schema.columns") {
    const bool duck = name == "duckdb_columns";
    if (duck) {
      out.Column("database_name", T::kVarchar);
      out.Column("database_oid", T::kBigInt);
      out.Column("schema_name", T::kVarchar);
      out.Column("schema_oid", T::kBigInt);
      out.Column("table_name", T::kVarchar);
      out.Column("table_oid", T::kBigInt);
      out.Column("column_name", T::kVarchar);
      out.Column("column_index", T::kInteger);
      out.Column("comment", T::kVarchar);
      out.Column("internal", T::kBoolean);
      out.Column("column_default", T::kVarchar);
      out.Column("is_nullable", T::kBoolean);
      out.Column("data_type", T::kVarchar);
      out.Column("character_maximum_length", T::kInteger);
      out.Column("numeric_precision", T::kInteger);
      out.Column("numeric_precision_radix", T::kInteger);
      out.Column("numeric_scale", T::kInteger);
    } else {
      out.Column("table_catalog", T::kVarchar);
      out.Column("table_schema", T::kVarchar);
      out.Column("table_name", T::kVarchar);
      out.Column("column_name", T::kVarchar);
      out.Column("ordinal_position", T::kInteger);
      out.Column("column_default", T::kVarchar);
      out.Column("is_nullable", T::kVarchar);
      out.Column("data_type", T::kVarchar);
      out.Column("character_maximum_length", T::kInteger);
      out.Column("numeric_precision", T::kInteger);
      out.Column("numeric_precision_radix", T::kInteger);
      out.Column("numeric_scale", T::kInteger);
    }
    auto row = [&](const std::string& schema, const std::string& table, Value oid, idx_t position,
                   const std::string& column, const LogicalType& type, bool nullable,
                   Value column_default, Value column_comment) {
      const auto shape = NumericShape(type);
      const Value no_length{LogicalType(T::kInteger)};
      if (duck) {
        out.rows.push_back({Text(database), database_oid(), Text(SchemaOf(schema)),
                            schema_oid(schema), Text(table), oid, Text(column),
                            Value::Integer(static_cast<int32_t>(position)), column_comment,
                            Value::Boolean(false), column_default, Value::Boolean(nullable),
                            Text(type.ToString()), no_length, shape[0], shape[1], shape[2]});
      } else {
        out.rows.push_back({Text(database), Text(SchemaOf(schema)), Text(table), Text(column),
                            Value::Integer(static_cast<int32_t>(position)), column_default,
                            Text(nullable ? "YES" : "NO"), Text(type.ToString()), no_length,
                            shape[0], shape[1], shape[2]});
      }
    };
    each_catalog([&](const Catalog& catalog) {
      for (const auto& table : catalog.Tables()) {
        const Value oid = Value::BigInt(static_cast<int64_t>(table->storage->Oid()));
        for (idx_t c = 0; c < table->columns.size(); c++) {
          const ColumnDefinition& column = table->columns[c];
          row(table->schema, table->name, oid, c + 1, column.name, column.type, !column.not_null,
              column.default_text.empty() ? NullText() : Text(column.default_text),
              comment(column.comment));
        }
      }
      for (const auto& view : catalog.Views()) {
        const ViewColumns columns = ListedViewColumns(*view);
        for (idx_t c = 0; c < columns.names.size(); c++) {
          auto commented = view->column_comments.find(Catalog::Key(columns.names[c]));
          row(view->schema, view->name, relation_oid(view->schema, view->name), c + 1,
              columns.names[c], columns.types[c], true, NullText(),
              commented == view->column_comments.end() ? NullText() : Text(commented->second));
        }
      }
    });
  } else if (name == "pragma_database_size") {
    for (const char* column :
         {"database_name", "database_size", "block_size", "total_blocks", "used_blocks",
          "free_blocks", "wal_size", "memory_usage", "memory_limit"}) {
      const std::string_view c(column);
      const bool number = c == "block_size" || c.ends_with("_blocks");
      out.Column(column, number ? T::kBigInt : T::kVarchar);
    }
    if (options_.databases) {
      for (const auto& database : options_.databases()) out.rows.push_back(database.size_row());
    }
  } else if (name == "duckdb_databases") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("path", T::kVarchar);
    out.Column("comment", T::kVarchar);
    out.Column("internal", T::kBoolean);
    out.Column("type", T::kVarchar);
    out.Column("readonly", T::kBoolean);
    out.Column("encrypted", T::kBoolean);
    auto row = [&](const std::string& database, int64_t oid, const std::string& path, bool internal,
                   bool read_only) {
      out.rows.push_back({Text(database), Value::BigInt(oid),
                          path.empty() ? NullText() : Text(path), NullText(),
                          Value::Boolean(internal), Text("duckdb"), Value::Boolean(read_only),
                          Value::Boolean(false)});
    };
    auto oid = [](const std::string& database) {
      return PgObjectOid(PgObjectKind::kDatabase, database, "", "");
    };
    if (options_.databases) {
      for (const auto& database : options_.databases()) {
        row(database.name, oid(database.name), database.path, false, database.read_only);
      }
    }
    // The connection's temporary objects are DuckDB's database temp.
    if (catalogs_.temp) {
      const std::string temp(CatalogSearch::kTempSchema);
      row(temp, oid(temp), "", true, false);
    }
  } else if (name == "duckdb_constraints") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("table_name", T::kVarchar);
    out.Column("table_oid", T::kBigInt);
    out.Column("constraint_index", T::kBigInt);
    out.Column("constraint_type", T::kVarchar);
    out.Column("constraint_text", T::kVarchar);
    out.Column("expression", T::kVarchar);
    out.Column("constraint_column_indexes", LogicalType::List(T::kBigInt));
    out.Column("constraint_column_names", LogicalType::List(T::kVarchar));
    out.Column("constraint_name", T::kVarchar);
    out.Column("referenced_table", T::kVarchar);
    out.Column("referenced_column_names", LogicalType::List(T::kVarchar));
    int64_t number = 0;  // over all tables, as DuckDB counts
    each_catalog([&](const Catalog& catalog) {
      for (const auto& table : catalog.Tables()) {
        const std::string schema = SchemaOf(table->schema);
        // Per table: its keys, CHECKs, FOREIGN KEYs, then its NOT NULL columns.
        auto row = [&](const char* type, const std::string& text, Value expression,
                       const std::vector<idx_t>& columns, const std::string& constraint,
                       Value referenced, std::vector<Value> referenced_columns) {
          std::vector<Value> indexes, column_names;
          for (idx_t c : columns) {
            indexes.push_back(Value::BigInt(static_cast<int64_t>(c)));
            column_names.push_back(Text(table->columns[c].name));
          }
          out.rows.push_back(
              {Text(database),
               Value::BigInt(PgObjectOid(PgObjectKind::kDatabase, database, "", "")), Text(schema),
               Value::BigInt(PgObjectOid(PgObjectKind::kNamespace, database, schema, "")),
               Text(table->name), Value::BigInt(static_cast<int64_t>(table->storage->Oid())),
               Value::BigInt(number++), Text(type), Text(text), std::move(expression),
               Value::List(T::kBigInt, std::move(indexes)),
               Value::List(T::kVarchar, std::move(column_names)), Text(constraint),
               std::move(referenced), Value::List(T::kVarchar, std::move(referenced_columns))});
        };
        auto column_list = [&](const std::vector<idx_t>& columns) {
          std::string list;
          for (idx_t c : columns) {
            list += (list.empty() ? "" : ", ") + QuoteIdentifier(table->columns[c].name);
          }
          return list;
        };
        for (const auto& index : table->indexes->Entries()) {
          if (!index->from_constraint || index->foreign_key) continue;
          const bool primary = index->constraint == IndexConstraint::kPrimaryKey;
          const char* type = primary ? "PRIMARY KEY" : "UNIQUE";
          row(type, std::string(type) + "(" + column_list(index->columns) + ")", NullText(),
              index->columns, std::string(index->LocalName(*table)), NullText(), {});
        }
        for (size_t k = 0; k < table->checks.size(); k++) {
          const CheckConstraint& check = table->checks[k];
          std::vector<bool> reads(table->columns.size(), false);
          std::function<void(const Expression&)> mark = [&](const Expression& e) {
            if (e.kind == BoundKind::kColumnRef && e.column < reads.size()) reads[e.column] = true;
            for (const auto& child : e.children) mark(*child);
          };
          if (check.condition) mark(*check.condition);
          std::vector<idx_t> columns;
          for (idx_t c = 0; c < reads.size(); c++) {
            if (reads[c]) columns.push_back(c);
          }
          row("CHECK", "CHECK(" + check.text + ")", Text(check.text), columns,
              !check.name.empty() ? check.name
                                  : table->name + "_check" + (k ? std::to_string(k) : ""),
              NullText(), {});
        }
        for (const ForeignKey& key : table->foreign_keys) {
          std::string constraint = key.name;
          if (constraint.empty()) {
            constraint = table->name;
            for (idx_t c : key.columns) constraint += "_" + table->columns[c].name;
            constraint += "_fkey";
          }
          std::vector<Value> parent_columns;
          for (const auto& column : key.parent_columns) parent_columns.push_back(Text(column));
          row("FOREIGN KEY", key.ToSql(*table), NullText(), key.columns, constraint,
              Text(key.parent), std::move(parent_columns));
        }
        for (idx_t c = 0; c < table->columns.size(); c++) {
          if (!table->columns[c].not_null) continue;
          row("NOT NULL", "NOT NULL", NullText(), {c},
              table->name + "_" + table->columns[c].name + "_not_null", NullText(), {});
        }
      }
    });
  } else if (name == "duckdb_types") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("schema_oid", T::kBigInt);
    out.Column("type_oid", T::kBigInt);
    out.Column("type_name", T::kVarchar);
    out.Column("type_size", T::kBigInt);
    out.Column("logical_type", T::kVarchar);
    out.Column("type_category", T::kVarchar);
    out.Column("comment", T::kVarchar);
    out.Column("internal", T::kBoolean);
    out.Column("labels", LogicalType::List(T::kVarchar));
    auto category = [](const LogicalType& type) -> const char* {
      if (type.Id() == T::kBoolean) return "BOOLEAN";
      if (type.IsNumeric() || type.Id() == T::kBignum) return "NUMERIC";
      if (type.IsTemporal()) return "DATETIME";
      if (type.Id() == T::kVarchar || type.Id() == T::kBlob || type.Id() == T::kUuid) {
        return "STRING";
      }
      return "COMPOSITE";
    };
    // DuckDB's names: the type's own, without its modifiers, for the nested ones.
    auto logical_name = [](const LogicalType& type) -> std::string {
      switch (type.Id()) {
        case T::kDecimal:
          return "DECIMAL";
        case T::kList:
          return "LIST";
        case T::kArray:
          return "ARRAY";
        case T::kStruct:
          return "STRUCT";
        case T::kMap:
          return "MAP";
        case T::kUnion:
          return "UNION";
        case T::kEnum:
          return "ENUM";
        default:
          return LogicalType(type.Id()).ToString();
      }
    };
    auto type_size = [](const LogicalType& type) {
      const PhysicalType physical = type.Physical();
      const bool fixed = physical != PhysicalType::kVarchar && physical != PhysicalType::kList &&
                         physical != PhysicalType::kStruct;
      return fixed ? Value::BigInt(static_cast<int64_t>(PhysicalTypeSize(physical))) : NullBigInt();
    };
    // The built-in types: DuckDB's database "system".
    for (const TypeId id :
         {T::kBoolean,    T::kTinyInt,     T::kSmallInt,    T::kInteger,     T::kBigInt,
          T::kHugeInt,    T::kUTinyInt,    T::kUSmallInt,   T::kUInteger,    T::kUBigInt,
          T::kUHugeInt,   T::kFloat,       T::kDouble,      T::kDecimal,     T::kVarchar,
          T::kBlob,       T::kDate,        T::kTime,        T::kTimeTz,      T::kTimestamp,
          T::kTimestampS, T::kTimestampMs, T::kTimestampNs, T::kTimestampTz, T::kInterval,
          T::kUuid,       T::kBignum}) {
      const LogicalType type(id);
      const std::string type_name = logical_name(type);
      out.rows.push_back({Text("system"), Value::BigInt(0), Text("main"),
                          Value::BigInt(PgObjectOid(PgObjectKind::kNamespace, "system", "", "")),
                          Value::BigInt(PgTypeOid(type, "system")), Text(type_name),
                          type_size(type), Text(type_name), Text(category(type)), NullText(),
                          Value::Boolean(true), Value(LogicalType::List(T::kVarchar))});
    }
    for (const char* nested : {"LIST", "STRUCT", "MAP", "UNION", "ENUM"}) {
      out.rows.push_back({Text("system"), Value::BigInt(0), Text("main"),
                          Value::BigInt(PgObjectOid(PgObjectKind::kNamespace, "system", "", "")),
                          NullBigInt(), Text(nested), NullBigInt(), Text(nested), Text("COMPOSITE"),
                          NullText(), Value::Boolean(true), Value(LogicalType::List(T::kVarchar))});
    }
    each_catalog([&](const Catalog& catalog) {
      // A type of schema s is filed "s.name" (QualifiedName).
      auto schema_of = [&](std::string_view filed) {
        const std::string schema(SplitFiledName(filed).first);
        return std::make_pair(
            Text(schema.empty() ? std::string(kMainSchemaName) : schema),
            schema.empty() ? Value::BigInt(PgObjectOid(PgObjectKind::kNamespace, database, "", ""))
                           : schema_oid(schema));
      };
      for (const LogicalType& type : catalog.UserTypes()) {
        const auto [schema, oid] = schema_of(type.Enum().name);
        out.rows.push_back(
            {Text(database), Value::BigInt(PgObjectOid(PgObjectKind::kDatabase, database, "", "")),
             schema, oid, Value::BigInt(PgTypeOid(type, database)),
             Text(std::string(SplitFiledName(type.Enum().name).second)),
             Value::BigInt(static_cast<int64_t>(PhysicalTypeSize(type.Physical()))), Text("ENUM"),
             Text("USER"), comment(catalog.ObjectComment('y', type.Enum().name)),
             Value::Boolean(false), TextValues(type.Enum().labels)});
      }
      for (const auto& [alias, type] : catalog.TypeAliases()) {
        const auto [schema, oid] = schema_of(alias);
        out.rows.push_back(
            {Text(database), Value::BigInt(PgObjectOid(PgObjectKind::kDatabase, database, "", "")),
             schema, oid, Value::BigInt(PgObjectOid(PgObjectKind::kType, database, "", alias)),
             Text(std::string(SplitFiledName(alias).second)), type_size(type),
             Text(logical_name(type)), Text(category(type)),
             comment(catalog.ObjectComment('y', alias)), Value::Boolean(false),
             Value(LogicalType::List(T::kVarchar))});
      }
    });
  } else if (name == "duckdb_functions") {
    out.Column("database_name", T::kVarchar);
    out.Column("database_oid", T::kBigInt);
    out.Column("schema_name", T::kVarchar);
    out.Column("function_name", T::kVarchar);
    out.Column("alias_of", T::kVarchar);
    out.Column("function_type", T::kVarchar);
    out.Column("description", T::kVarchar);
    out.Column("comment", T::kVarchar);
    out.Column("tags", LogicalType::Map(T::kVarchar, T::kVarchar));
    out.Column("return_type", T::kVarchar);
    out.Column("parameters", LogicalType::List(T::kVarchar));
    out.Column("parameter_types", LogicalType::List(T::kVarchar));
    out.Column("varargs", T::kVarchar);
    out.Column("macro_definition", T::kVarchar);
    out.Column("has_side_effects", T::kBoolean);
    out.Column("internal", T::kBoolean);
    out.Column("function_oid", T::kBigInt);
    out.Column("examples", LogicalType::List(T::kVarchar));
    out.Column("stability", T::kVarchar);
    out.Column("categories", LogicalType::List(T::kVarchar));
    const Value no_list(LogicalType::List(T::kVarchar));
    const Value no_tags(LogicalType::Map(T::kVarchar, T::kVarchar));
    // A built-in: database system, as DuckDB lists them. Teal's built-ins have no
    // parameter names: DuckDB's col0, col1, … stand for them.
    auto builtin = [&](const std::string& function, const char* type, Value return_type,
                       Value parameters, Value parameter_types, Value varargs, bool volatile_) {
      out.rows.push_back(
          {Text("system"),
           Value::BigInt(0),
           Text("main"),
           Text(function),
           NullText(),
           Text(type),
           NullText(),
           NullText(),
           no_tags,
           return_type,
           parameters,
           parameter_types,
           varargs,
           NullText(),
           Value::Boolean(volatile_),
           Value::Boolean(true),
           Value::BigInt(PgObjectOid(PgObjectKind::kFunction, "system", "", function + ":" + type)),
           no_list,
           Text(volatile_ ? "VOLATILE" : "CONSISTENT"),
           no_list});
    };
    auto signature = [&](const std::vector<LogicalType>& arguments) {
      std::vector<std::string> names, types;
      for (size_t i = 0; i < arguments.size(); i++) {
        names.push_back("col" + std::to_string(i));
        types.push_back(arguments[i].ToString());
      }
      return std::make_pair(TextValues(names), TextValues(types));
    };
    const FunctionCatalog& builtins = FunctionCatalog::Builtins();
    for (const std::string& function : builtins.Names()) {
      if (const ScalarFunctionSet* set = builtins.FindScalar(function)) {
        for (const ScalarFunction& overload : set->overloads) {
          auto [parameters, types] = signature(overload.arguments);
          builtin(
              function, "scalar", Text(overload.return_type.ToString()), parameters, types,
              overload.varargs.Id() == T::kInvalid ? NullText() : Text(overload.varargs.ToString()),
              !overload.deterministic);
        }
        // A function typed by its arguments (list functions, DECIMAL arithmetic…).
        if (set->overloads.empty()) {
          builtin(function, "scalar", NullText(), no_list, no_list, NullText(), false);
        }
      }
      if (const AggregateFunctionSet* set = builtins.FindAggregate(function)) {
        for (const AggregateFunction& overload : set->overloads) {
          auto [parameters, types] = signature(overload.arguments);
          builtin(function, "aggregate", Text(overload.return_type.ToString()), parameters, types,
                  NullText(), false);
        }
        if (set->overloads.empty()) {
          builtin(function, "aggregate", NullText(), no_list, no_list, NullText(), false);
        }
      }
    }
    for (const std::string& function : WindowFunctionNames()) {
      builtin(function, "window", NullText(), no_list, no_list, NullText(), false);
    }
    for (const char* function : kTableFunctionNames) {
      builtin(function, "table", NullText(), no_list, no_list, NullText(), false);
    }
    each_catalog([&](const Catalog& catalog) {
      // A parameter's type by its name (a user type dropped since: as written).
      const auto type_shown = [&](const std::string& type) {
        try {
          return ResolveTypeText(type).ToString();
        } catch (const Error&) {
          return type;
        }
      };
      for (const auto& macro : catalog.Macros()) {
        const auto [schema, local] = SplitFiledName(macro->name);  // "s.f" in schema s
        for (const MacroOverload& overload : macro->overloads) {   // a row each
          std::vector<Value> types;
          for (const std::string& type : overload.types) {
            types.push_back(type.empty() ? Value(LogicalType(T::kVarchar))
                                         : Text(type_shown(type)));
          }
          out.rows.push_back(
              {Text(database),
               database_oid(),
               Text(std::string(schema.empty() ? kMainSchemaName : schema)),
               Text(std::string(local)),
               NullText(),
               Text(macro->table ? "table_macro" : "macro"),
               NullText(),
               comment(macro->comment),
               no_tags,
               NullText(),
               TextValues(overload.parameters),
               Value::List(T::kVarchar, std::move(types)),
               NullText(),
               Text(overload.body),
               Value::Boolean(false),
               Value::Boolean(false),
               Value::BigInt(PgObjectOid(PgObjectKind::kFunction, database, "", macro->name)),
               no_list,
               Text("CONSISTENT"),
               no_list});
        }
      }
    });
  } else if (name == "duckdb_connection_count") {
    out.Column("count", T::kUBigInt);
    out.rows.push_back({Value::UBigInt(static_cast<uint64_t>(options_.connection_count))});
  } else if (name == "duckdb_approx_database_count") {
    // Exact here: the connection's databases, its own and those attached to it.
    out.Column("approx_count", T::kUBigInt);
    const uint64_t count = options_.databases ? options_.databases().size() : 1;
    out.rows.push_back({Value::UBigInt(count)});
  } else if (name == "pragma_collations") {
    out.Column("collname", T::kVarchar);
    for (const std::string& collation : CollationNames()) out.rows.push_back({Text(collation)});
  } else if (name == "pragma_database_list") {
    out.Column("seq", T::kBigInt);
    out.Column("name", T::kVarchar);
    out.Column("file", T::kVarchar);
    int64_t seq = 0;
    if (options_.databases) {
      for (const auto& database : options_.databases()) {
        out.rows.push_back({Value::BigInt(seq++), Text(database.name),
                            database.path.empty() ? NullText() : Text(database.path)});
      }
    }
  } else {
    // information_schema's constraint views are over pg_constraint's rows.
    return BindPgCatalog(name, names, types);
  }
  names = out.names;
  types = out.types;
  return ConstantTable(out.types, std::move(out.rows));
}

LogicalOperatorPtr Binder::BindDescribe(const std::string& schema, const std::string& name,
                                        std::vector<std::string>& names,
                                        std::vector<LogicalType>& types) {
  if (schema.empty()) {
    // a WITH query's name: as DESCRIBE SELECT * FROM name (DuckDB's)
    for (const WithQuery& cte : ctes_) {
      if (SameName(cte.syntax.name, name)) {
        return BindDescribeQuery("SELECT * FROM " + QuoteIdentifier(name), names, types);
      }
    }
  }
  names = {"column_name", "column_type", "null", "key", "default", "extra"};
  types.assign(names.size(), LogicalType(T::kVarchar));
  std::vector<std::vector<Value>> rows;
  const CatalogSearch::Place place = catalogs_.Relation(schema, name);
  if (auto view = place.catalog->FindView(place.name)) {
    const ViewColumns columns = NamedViewColumns(*view, BindView(*view, place.catalog));
    for (size_t c = 0; c < columns.names.size(); c++) {
      rows.push_back({Text(columns.names[c]), Text(columns.types[c].ToString()), Text("YES"),
                      NullText(), NullText(), NullText()});
    }
    return ConstantTable(types, std::move(rows));
  }
  auto table = place.catalog->GetTable(place.name);
  for (idx_t c = 0; c < table->columns.size(); c++) {
    const ColumnDefinition& column = table->columns[c];
    Value key = NullText();
    for (const auto& index : table->indexes->Entries()) {
      if (index->KeyParts() != 1 || index->KeyPartColumn(0) != c) continue;
      if (index->constraint == IndexConstraint::kPrimaryKey) key = Text("PRI");
      if (index->constraint == IndexConstraint::kUnique && key.IsNull()) key = Text("UNI");
    }
    rows.push_back(
        {Text(column.name), Text(column.type.ToString()), Text(column.not_null ? "NO" : "YES"), key,
         column.default_text.empty() ? NullText() : Text(column.default_text), NullText()});
  }
  return ConstantTable(types, std::move(rows));
}

LogicalOperatorPtr Binder::BindDescribeQuery(const std::string& query,
                                             std::vector<std::string>& names,
                                             std::vector<LogicalType>& types) {
  names = {"column_name", "column_type", "null", "key", "default", "extra"};
  types.assign(names.size(), LogicalType(T::kVarchar));
  auto statements = ParseSql(query, options_.max_expression_depth);
  if (statements.size() != 1 || statements[0]->type != StatementType::kSelect) {
    throw BinderError(fmt::format("DESCRIBE of a query takes one SELECT, not \"{}\"", query));
  }
  Binder child = Child(false);
  BoundStatement bound = child.BindSelect(static_cast<SelectStatement&>(*statements[0]));
  std::vector<std::vector<Value>> rows;
  for (size_t c = 0; c < bound.names.size(); c++) {
    rows.push_back({Text(bound.names[c]), Text(bound.types[c].ToString()), Text("YES"), NullText(),
                    NullText(), NullText()});
  }
  return ConstantTable(types, std::move(rows));
}

LogicalOperatorPtr Binder::BindTableInfo(const std::string& schema, const std::string& name,
                                         std::vector<std::string>& names,
                                         std::vector<LogicalType>& types) {
  names = {"cid", "name", "type", "notnull", "dflt_value", "pk"};
  types = {T::kInteger, T::kVarchar, T::kVarchar, T::kBoolean, T::kVarchar, T::kBoolean};
  std::vector<std::vector<Value>> rows;
  const CatalogSearch::Place place = catalogs_.Relation(schema, name);
  if (auto view = place.catalog->FindView(place.name)) {
    const ViewColumns columns = NamedViewColumns(*view, BindView(*view, place.catalog));
    for (size_t c = 0; c < columns.names.size(); c++) {
      rows.push_back({Value::Integer(static_cast<int32_t>(c)), Text(columns.names[c]),
                      Text(columns.types[c].ToString()), Value::Boolean(false), NullText(),
                      Value::Boolean(false)});
    }
    return ConstantTable(types, std::move(rows));
  }
  auto table = place.catalog->GetTable(place.name);
  for (idx_t c = 0; c < table->columns.size(); c++) {
    const ColumnDefinition& column = table->columns[c];
    bool pk = false;
    for (const auto& index : table->indexes->Entries()) {
      if (index->constraint == IndexConstraint::kPrimaryKey &&
          std::count(index->columns.begin(), index->columns.end(), c)) {
        pk = true;
      }
    }
    rows.push_back({Value::Integer(static_cast<int32_t>(c)), Text(column.name),
                    Text(column.type.ToString()), Value::Boolean(column.not_null),
                    column.default_text.empty() ? NullText() : Text(column.default_text),
                    Value::Boolean(pk)});
  }
  return ConstantTable(types, std::move(rows));
}

}  // namespace teal
