// Schemas (CREATE SCHEMA / DROP SCHEMA): tables, views, indexes, types and macros of a
// schema come back from the log and from a checkpoint under their schema, apart from main's
// of the same name; DROP SCHEMA … CASCADE takes them with it, also across a reopen; a
// failed DROP SCHEMA changes nothing.
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "schemas.teal";

std::string Contents(Connection& con) {
  Result r = con.Query(
      "SELECT (SELECT count(*) || '/' || sum(a) FROM s1.t), (SELECT count(*) || '/' || sum(a) "
      "FROM t), (SELECT sum(d) FROM s1.v), (SELECT string_agg(b, ',' ORDER BY b) FROM s1.t "
      "WHERE b LIKE 'x1%' AND a < 200)");
  std::string out;
  for (idx_t c = 0; c < r.ColumnCount(); c++) out += r.GetValue(c, 0).ToString() + "\n";
  return out;
}

TEST(SchemaTest, ASchemasObjectsComeBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE SCHEMA s1");
    con.Execute("CREATE TABLE s1.t(a INTEGER PRIMARY KEY, b VARCHAR)");
    con.Execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b VARCHAR)");  // main's, same name
    con.Execute("INSERT INTO s1.t SELECT i, 'x' || i FROM range(3000) r(i)");
    con.Execute("INSERT INTO t SELECT i, 'y' || i FROM range(10) r(i)");
    con.Execute("CREATE INDEX ib ON s1.t(b)");
    con.Execute("CREATE VIEW s1.v AS SELECT a * 2 AS d FROM s1.t WHERE a < 100");
    con.Execute("DELETE FROM s1.t WHERE a % 3 = 0");
    con.Execute("ALTER TABLE s1.t ADD COLUMN c INTEGER DEFAULT 7");
    {
      Appender appender(con, "s1.t");
      appender.AppendRow(5000, "x5000", 8);
    }
    expected = Contents(con);
    EXPECT_EQ(expected.substr(0, expected.find('\n')), "2001/3005000");
  }
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(Contents(con), expected);  // from the log
    // The primary keys are apart: main's t has its own.
    EXPECT_THROW(con.Execute("INSERT INTO s1.t VALUES (1, 'dup', 0)"), ConstraintError);
    con.Execute("INSERT INTO t VALUES (4000, 'y')");
    con.Execute("DELETE FROM t WHERE a = 4000");
    con.Execute("CHECKPOINT");
  }
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(Contents(con), expected);  // from the checkpoint
    EXPECT_EQ(con.Query("SELECT count(*) FROM s1.t WHERE b = 'x1001'").GetValue(0, 0),
              Value::BigInt(1));
    con.Execute("DROP SCHEMA s1 CASCADE");
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_THROW(con.Query("SELECT * FROM s1.t"), CatalogError);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(10));
  con.Execute("CREATE SCHEMA s1");  // the name is free again
  con.Execute("CREATE TABLE s1.t(a INTEGER PRIMARY KEY)");
}

TEST(SchemaTest, AFailedDropSchemaChangesNothing) {
  Database db;
  Connection con(db);
  con.Execute("CREATE SCHEMA a");
  con.Execute("CREATE SCHEMA b");
  con.Execute("CREATE TABLE b.t AS SELECT 1 AS x");
  // b holds a table: without CASCADE neither schema goes.
  EXPECT_THROW(con.Execute("DROP SCHEMA a, b"), DependencyError);
  con.Execute("CREATE TABLE a.u AS SELECT 2 AS y");
  EXPECT_THROW(con.Execute("DROP SCHEMA a, nope CASCADE"), CatalogError);
  EXPECT_EQ(con.Query("SELECT (SELECT x FROM b.t) + (SELECT y FROM a.u)").GetValue(0, 0),
            Value::Integer(3));
  // In a transaction that rolls back, a dropped schema comes back with its tables.
  con.Execute("BEGIN");
  con.Execute("DROP SCHEMA b CASCADE");
  EXPECT_THROW(con.Query("SELECT * FROM b.t"), CatalogError);
  con.Execute("ROLLBACK");
  EXPECT_EQ(con.Query("SELECT x FROM b.t").GetValue(0, 0), Value::Integer(1));
}

/// The first row of `result`, its values separated by '|'.
std::string FirstRow(Result result) {
  std::string out;
  for (idx_t c = 0; c < result.ColumnCount(); c++) {
    out += (c ? "|" : "") + result.GetValue(c, 0).ToString();
  }
  return out;
}

TEST(SchemaTest, TypesAndMacrosOfASchemaComeBackApartFromMainsAndGoWithIt) {
  MemoryFileSystem fs;
  const std::string query =
      "SELECT m::VARCHAR, f(2), s1.f(2), 'b'::s1.e::VARCHAR, enum_range(NULL::e)::VARCHAR FROM "
      "s1.t";
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE SCHEMA s1");
    con.Execute("CREATE TYPE s1.e AS ENUM ('a', 'b')");
    con.Execute("CREATE TYPE e AS ENUM ('main')");  // main's, same name
    con.Execute("CREATE MACRO s1.f(x) AS x * 10");
    con.Execute("CREATE MACRO f(x) AS x + 1");
    con.Execute("CREATE TABLE s1.t(m s1.e)");
    con.Execute("INSERT INTO s1.t VALUES ('a')");
    expected = FirstRow(con.Query(query));
    EXPECT_EQ(expected, "a|3|20|b|[main]");
  }
  for (bool checkpoint : {false, true}) {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(FirstRow(con.Query(query)), expected) << (checkpoint ? "checkpoint" : "log");
    con.Execute("CHECKPOINT");
  }
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(FirstRow(con.Query(query)), expected);
    // A failed DROP SCHEMA keeps all: a table elsewhere uses its type.
    con.Execute("CREATE TABLE keep(x s1.e)");
    EXPECT_THROW(con.Execute("DROP SCHEMA s1 CASCADE"), DependencyError);
    EXPECT_EQ(FirstRow(con.Query(query)), expected);
    con.Execute("DROP TABLE keep");
    con.Execute("DROP SCHEMA s1 CASCADE");
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_THROW(con.Query("SELECT 'a'::s1.e"), CatalogError);
  EXPECT_EQ(FirstRow(con.Query("SELECT f(2), 'main'::e::VARCHAR")),
            FirstRow(con.Query("SELECT 3, 'main'")));
  con.Execute("CREATE SCHEMA s1");  // the names are free again
  con.Execute("CREATE TYPE s1.e AS ENUM ('c')");
  con.Execute("CREATE MACRO s1.f(x) AS x");
}

}  // namespace
}  // namespace teal
