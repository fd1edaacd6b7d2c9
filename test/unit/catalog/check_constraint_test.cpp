// CHECK constraints beyond what a sqllogictest shows: they survive the log and a
// checkpoint (the table's CREATE statement is written with them); the Appender and
// INSERT … ON CONFLICT DO UPDATE are held to them; a refused statement changes nothing.
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

void ExpectChecks(Connection& con) {
  EXPECT_THROW(con.Execute("INSERT INTO t VALUES (0, 'x')"), ConstraintError);
  EXPECT_THROW(con.Execute("INSERT INTO t VALUES (1, 'much too long')"), ConstraintError);
  EXPECT_THROW(con.Execute("UPDATE t SET a = -a"), ConstraintError);
  EXPECT_EQ(con.Query("SELECT count(*), sum(a) FROM t").GetValue(1, 0).CastAs(TypeId::kBigInt),
            Value::BigInt(5050));
}

TEST(CheckConstraintTest, ChecksComeBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  {
    auto db = OpenFileDatabase(fs, "c.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute(
        "CREATE TABLE t(a INTEGER CHECK (a > 0), b VARCHAR, CONSTRAINT short CHECK (length(b) "
        "< 6))");
    con.Execute("INSERT INTO t SELECT i, 'v' || (i % 100) FROM range(1, 101) r(i)");
    ExpectChecks(con);
  }
  {
    auto db = OpenFileDatabase(fs, "c.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    ExpectChecks(con);  // from the log
    con.Execute("CHECKPOINT");
  }
  auto db = OpenFileDatabase(fs, "c.teal", /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  ExpectChecks(con);  // from the checkpoint
}

TEST(CheckConstraintTest, TheAppenderAndOnConflictAreHeldToThem) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v INTEGER CHECK (v BETWEEN 0 AND 10))");
  {
    Appender appender(con, "t");
    appender.AppendRow(1, 5);
    appender.AppendRow(2, 11);
    EXPECT_THROW(appender.Close(), ConstraintError);
  }
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(0));
  con.Execute("INSERT INTO t VALUES (1, 5)");
  EXPECT_THROW(
      con.Execute("INSERT INTO t VALUES (1, 0) ON CONFLICT (k) DO UPDATE SET v = t.v + 100"),
      ConstraintError);
  con.Execute("INSERT INTO t VALUES (1, 0) ON CONFLICT (k) DO UPDATE SET v = t.v + 1");
  EXPECT_EQ(con.Query("SELECT v FROM t").GetValue(0, 0), Value::Integer(6));
}

}  // namespace
}  // namespace teal

namespace teal {
namespace {

// A column renamed, retyped or dropped under CHECKs and generated columns: the log
// replays the ALTERs to the same constraints, and a refused ALTER changes nothing.
TEST(CheckConstraintTest, AlteredColumnsKeepTheirChecksThroughTheLog) {
  MemoryFileSystem fs;
  {
    auto db = OpenFileDatabase(fs, "alter.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute(
        "CREATE TABLE t(a INTEGER CHECK (a > 0), b INTEGER, c INTEGER CHECK (b < c), "
        "g AS (a * 10))");
    con.Execute("INSERT INTO t VALUES (1, 1, 2), (2, 2, 3)");
    con.Execute("ALTER TABLE t RENAME COLUMN a TO x");
    EXPECT_THROW(con.Execute("ALTER TABLE t DROP COLUMN x"), CatalogError);  // g reads it
    EXPECT_THROW(con.Execute("ALTER TABLE t ALTER x TYPE VARCHAR"), BinderError);
    con.Execute("ALTER TABLE t DROP COLUMN c");  // and b < c with it
    con.Execute("ALTER TABLE t ALTER b TYPE BIGINT");
  }
  auto db = OpenFileDatabase(fs, "alter.teal", /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_THROW(con.Execute("INSERT INTO t (x, b) VALUES (0, 1)"), ConstraintError);
  con.Execute("INSERT INTO t (x, b) VALUES (3, 100)");  // no b < c any more
  EXPECT_EQ(con.Query("SELECT sum(g), typeof(any_value(b)) FROM t")
                .GetValue(0, 0)
                .CastAs(TypeId::kBigInt),
            Value::BigInt(60));
  EXPECT_EQ(con.Query("SELECT typeof(b) FROM t LIMIT 1").GetValue(0, 0), Value::Varchar("BIGINT"));
}

}  // namespace
}  // namespace teal
