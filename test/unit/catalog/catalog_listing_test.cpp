// The catalog listings beyond what a sqllogictest shows: a file database is named after
// its file; a listing is of the catalog version the statement sees (a table created in an
// open transaction is listed there only).
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace teal
