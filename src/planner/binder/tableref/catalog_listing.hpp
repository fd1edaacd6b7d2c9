// What the catalog listings (bind_catalog_listing.cpp: duckdb_tables() and the others;
// bind_pg_catalog.cpp: pg_class and the others) build their rows with. Internal to the
// binder.
#pragma once

#include <string>
#include <vector>

#include "catalog/qualified_name.hpp"
#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

/// The table functions (called in FROM) duckdb_functions() lists. Binding them is spread
/// over bind_table_ref.cpp, bind_table_function.cpp and the listings: a new one goes here
/// too (CatalogListingTest.EveryListedTableFunctionBinds checks that each one binds).
inline constexpr const char* kTableFunctionNames[] = {"duckdb_approx_database_count",
                                                      "duckdb_columns",
                                                      "duckdb_connection_count",
                                                      "duckdb_constraints",
                                                      "duckdb_databases",
                                                      "duckdb_functions",
                                                      "duckdb_indexes",
                                                      "duckdb_schemas",
                                                      "duckdb_sequences",
                                                      "duckdb_settings",
                                                      "duckdb_tables",
                                                      "duckdb_triggers",
                                                      "duckdb_types",
                                                      "duckdb_variables",
                                                      "duckdb_views",
                                                      "generate_series",
                                                      "glob",
                                                      "pragma_collations",
                                                      "pragma_database_list",
                                                      "pragma_database_size",
                                                      "pragma_storage_info",
                                                      "pragma_table_info",
                                                      "query",
                                                      "query_table",
                                                      "range",
                                                      "read_blob",
                                                      "read_csv",
                                                      "read_csv_auto",
                                                      "read_text",
                                                      "repeat_row",
                                                      "sniff_csv",
                                                      "teal_settings",
                                                      "test_all_types",
                                                      "test_vector_types",
                                                      "unnest"};

/// The window functions that are not aggregates (row_number, rank, lag, …), by name
/// (bind_window.cpp).
std::vector<std::string> WindowFunctionNames();

/// A view's column names and types, its query bound now (Binder::ListedViewColumns).
struct ViewColumns {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
};

}  // namespace teal

namespace teal::listing {

/// A listing's columns and rows, filled column by column, then row by row.
struct Listing {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;

  void Column(std::string name, LogicalType type) {
    names.push_back(std::move(name));
    types.push_back(std::move(type));
  }
};

inline Value Text(const std::string& s) { return Value::Varchar(s); }
inline Value NullText() { return Value(LogicalType(TypeId::kVarchar)); }
inline Value NullBigInt() { return Value(LogicalType(TypeId::kBigInt)); }
/// A VARCHAR[] of `items`.
inline Value TextValues(const std::vector<std::string>& items) {
  std::vector<Value> values;
  for (const auto& item : items) values.push_back(Text(item));
  return Value::List(LogicalType(TypeId::kVarchar), std::move(values));
}

/// A table's, view's … schema as listings show it: main for the empty one.
inline std::string SchemaOf(const std::string& schema) {
  return schema.empty() ? std::string(kMainSchemaName) : schema;
}

}  // namespace teal::listing
