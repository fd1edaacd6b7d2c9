// The catalog listings beyond what a sqllogictest shows: a file database is named after
// its file; a listing is of the catalog version the statement sees (a table created in an
// open transaction is listed there only); every table function duckdb_functions() lists
// exists.
#include "planner/binder/tableref/catalog_listing.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

TEST(CatalogListingTest, AFileDatabaseIsNamedAfterItsFile) {
  MemoryFileSystem fs;
  auto db = OpenFileDatabase(fs, "data/sales.teal", /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  con.Execute("CREATE TABLE t(a INTEGER)");
  EXPECT_EQ(con.Query("SELECT database_name FROM duckdb_tables()").GetValue(0, 0),
            Value::Varchar("sales"));
  Database memory;
  Connection other(memory);
  other.Execute("CREATE TABLE t(a INTEGER)");
  EXPECT_EQ(other.Query("SELECT table_catalog FROM information_schema.tables").GetValue(0, 0),
            Value::Varchar("memory"));
}

TEST(CatalogListingTest, AListingShowsTheCatalogTheTransactionSees) {
  Database db;
  Connection a(db), b(db);
  a.Execute("BEGIN");
  a.Execute("CREATE TABLE fresh(x INTEGER, y VARCHAR)");
  EXPECT_EQ(
      a.Query("SELECT count(*) FROM duckdb_columns() WHERE table_name = 'fresh'").GetValue(0, 0),
      Value::BigInt(2));
  EXPECT_EQ(b.Query("SELECT count(*) FROM duckdb_tables()").GetValue(0, 0), Value::BigInt(0));
  a.Execute("COMMIT");
  EXPECT_EQ(b.Query("SELECT count(*) FROM duckdb_tables()").GetValue(0, 0), Value::BigInt(1));
}

TEST(CatalogListingTest, EveryListedTableFunctionBinds) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(a INTEGER)");
  // Arguments for the functions that need some; a missing file is an error of its own.
  const std::map<std::string, std::string> arguments = {{"generate_series", "1"},
                                                        {"range", "1"},
                                                        {"glob", "'nothing*'"},
                                                        {"pragma_table_info", "'t'"},
                                                        {"query", "'SELECT 1'"},
                                                        {"read_blob", "'nothing*'"},
                                                        {"read_text", "'nothing*'"},
                                                        {"read_csv", "'nothing.csv'"},
                                                        {"read_csv_auto", "'nothing.csv'"},
                                                        {"sniff_csv", "'nothing.csv'"},
                                                        {"unnest", "[1]"}};
  size_t listed = 0;
  for (const char* name : kTableFunctionNames) {
    auto it = arguments.find(name);
    const std::string sql = "SELECT * FROM " + std::string(name) + "(" +
                            (it == arguments.end() ? "" : it->second) + ") LIMIT 0";
    try {
      con.Query(sql).Materialize();
    } catch (const Error& error) {
      EXPECT_EQ(std::string(error.what()).find("not implemented"), std::string::npos)
          << sql << ": " << error.what();
    }
    listed++;
  }
  const Result tables =
      con.Query("SELECT count(*) FROM duckdb_functions() WHERE function_type = 'table'");
  EXPECT_EQ(tables.GetValue(0, 0), Value::BigInt(static_cast<int64_t>(listed)));
}

}  // namespace
}  // namespace teal
