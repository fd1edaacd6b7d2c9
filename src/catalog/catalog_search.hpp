// CatalogSearch: where a name is looked up — the connection's temporary objects (CREATE
// TEMP TABLE / VIEW / SEQUENCE / MACRO) first, then the database's catalog, as the search
// paths of PostgreSQL and DuckDB put the temporary schema first.
//
// Temporary objects live in a Catalog of their own that only their connection sees
// (ClientContext keeps it, transactions change a private copy of it as they do the
// database's catalog). They are filed there in its main schema; SQL names them without a
// schema, or with the schema `temp` (DuckDB's `temp.name` and `temp.main.name`).
//
// Attached databases (ATTACH): `db.schema.name`, and `db.name` when the default database
// has no schema `db`, name an object of the database `db` — the parser writes such a
// schema as "db.schema" (a schema name has no dot). `databases` finds a database's catalog
// by name, the default one's (main, after USE another one) included.
//
// The search path (USE s, SET schema, SET search_path): schemas of the default database
// that a name without a schema is looked up in, in order, before main; the first is where a
// CREATE that names no schema puts its object (ClientContext::ChangedDatabase).
#pragma once

#include <fmt/format.h>

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "teal/error.hpp"

namespace teal {

struct CatalogSearch {
  /// The schema name that means the temporary objects.
  static constexpr std::string_view kTempSchema = "temp";

  // NOLINTNEXTLINE(google-explicit-constructor): a catalog alone is a search without temp.
  CatalogSearch(Catalog& database, Catalog* temporary = nullptr)
      : main(&database), temp(temporary) {}

  /// Whether `schema` (as written) names the temporary objects.
  /// (PostgreSQL's pg_temp is another name for it.)
  static bool IsTempSchema(std::string_view schema) {
    const std::string key = Catalog::Key(schema);
    return key == kTempSchema || key == "pg_temp";
  }

  /// "db.schema" as (db, schema); a schema without a dot as ("", schema).
  static std::pair<std::string_view, std::string_view> SplitCatalog(std::string_view schema) {
    const size_t dot = schema.find('.');
    if (dot == std::string_view::npos) return {{}, schema};
    return {schema.substr(0, dot), schema.substr(dot + 1)};
  }

  /// Where a table or view [schema.]name is, or would be looked for.
  struct Place {
    Catalog* catalog;
    std::string name;  // what `catalog` files it under
    bool temporary;
  };
  /// The temporary objects when the schema is temp, or no schema is written and a
  /// temporary table or view has the name; an attached database's catalog when the schema
  /// names one (see the header); the default database's catalog otherwise (its schema
  /// checked: CatalogError when there is no such schema).
  Place Relation(std::string_view schema, std::string_view name) const {
    auto [database, in_schema] = SplitCatalog(schema);
    if (!database.empty()) {
      if (temp && IsTempSchema(database)) return {temp, std::string(name), true};
      Catalog& catalog = Database(database);
      return {&catalog, catalog.Resolve(in_schema, name), false};
    }
    if (temp && IsTempSchema(schema)) return {temp, std::string(name), true};
    if (temp && schema.empty() && (temp->FindTable(name) || temp->FindView(name))) {
      return {temp, std::string(name), true};
    }
    if (schema.empty() && !path.empty()) {
      return {main,
              InPath(name,
                     [](const Catalog& catalog, std::string_view q) {
                       return catalog.FindTable(q) || catalog.FindView(q);
                     }),
              false};
    }
    if (Catalog* other = SchemaIsDatabase(schema)) {
      return {other, std::string(name), false};
    }
    if (!schema.empty() && !main->SchemaExists(schema)) {
      throw CatalogError(fmt::format(
          "Table with name \"{}.{}\" does not exist because schema \"{}\" does not exist.", schema,
          name, schema));
    }
    return {main, main->Resolve(schema, name), false};
  }
  /// Where a type or macro `name` of `schema` (as written: "", "s", "db", "db.s") is, or
  /// would be: with no schema, the temporary objects' when `held(*temp, name)`, else the
  /// search path's and main's (Find); an attached database's when the schema names one
  /// (as for Relation); CatalogError when the schema does not exist.
  template <class Held>
  Place Object(std::string_view schema, std::string_view name, const Held& held) const {
    if (schema.empty() && name.find('.') != std::string_view::npos) {
      // one name with a dot in it ("a.b"), filed as "main.a.b" (QualifiedName)
      const std::string filed = QualifiedName("", name);
      if (temp && held(*temp, filed)) return {temp, filed, true};
      return {main, InPath(name, held), false};
    }
    if (schema.empty()) return Find(name, held);
    auto [database, in_schema] = SplitCatalog(schema);
    if (!database.empty()) {
      if (temp && IsTempSchema(database)) return {temp, std::string(name), true};
      Catalog& catalog = Database(database);
      return {&catalog, catalog.Resolve(in_schema, name), false};
    }
    if (temp && IsTempSchema(schema)) return {temp, std::string(name), true};
    if (Catalog* other = SchemaIsDatabase(schema)) return {other, std::string(name), false};
    return {main, main->Resolve(schema, name), false};
  }
  /// The catalog of the database `name`: CatalogError when none has that name.
  Catalog& Database(std::string_view name) const {
    Catalog* catalog = databases ? databases(name) : nullptr;
    if (!catalog) {
      throw CatalogError(fmt::format("database \"{}\" does not exist (ATTACH it first)", name));
    }
    return *catalog;
  }
  /// The catalog of the database a schema `schema` (as written, no dot) names — DuckDB's
  /// db.name — when the default database has no such schema; null otherwise.
  Catalog* SchemaIsDatabase(std::string_view schema) const {
    if (schema.empty() || !databases || main->SchemaExists(schema)) return nullptr;
    return databases(schema);
  }
  /// An object named as the catalogs file it ("s.t", or "temp.t": t of the temporary
  /// objects): the temporary objects' when so named or when `held(*temp, name)`.
  template <class Held>
  Place Find(std::string_view qualified, const Held& held) const {
    const size_t dot = qualified.find('.');
    if (temp && dot != std::string_view::npos && IsTempSchema(qualified.substr(0, dot))) {
      return {temp, std::string(qualified.substr(dot + 1)), true};
    }
    if (dot != std::string_view::npos && Catalog::Key(qualified.substr(0, dot)) == "main") {
      // main's, not the path's; a name with a dot stays "main.a.b", as main files it
      return {main, QualifiedName("", qualified.substr(dot + 1)), false};
    }
    if (temp && held(*temp, qualified)) return {temp, std::string(qualified), true};
    if (dot == std::string_view::npos) return {main, InPath(qualified, held), false};
    return {main, std::string(qualified), false};
  }
  /// What `main` files the name `name` (written without a schema) under: the first schema
  /// of the path that `held(*main, …)` it, else main's own name (held there or nowhere).
  template <class Held>
  std::string InPath(std::string_view name, const Held& held) const {
    for (const std::string& schema : path) {
      if (!main->SchemaExists(schema)) continue;  // dropped since USE
      std::string qualified = QualifiedName(schema, name);
      if (held(*main, qualified)) return qualified;
    }
    return QualifiedName("", name);
  }
  /// This search with the path `schema` alone (then main): how the names of a view or a
  /// trigger's body in that schema are read, whatever the path of the query that uses it.
  CatalogSearch OwnSchemaFirst(const std::string& schema) const {
    CatalogSearch search = *this;
    search.path.clear();
    if (!schema.empty()) search.path.push_back(schema);
    return search;
  }
  /// The catalog of the sequence `name`: the temporary objects' when one of them is it.
  Catalog& ForSequence(std::string_view name) const {
    return temp && temp->FindSequence(name) ? *temp : *main;
  }

  Catalog* main;
  Catalog* temp;  // null: no temporary objects (a binder outside a connection)
  /// The schemas of `main` searched before main itself for a name without a schema, as the
  /// catalog spells them ("" is main); empty: main alone (see the header).
  std::vector<std::string> path;
  /// The catalog of a database by name (null: there is none); unset: no attached ones.
  std::function<Catalog*(std::string_view name)> databases;
};

}  // namespace teal
