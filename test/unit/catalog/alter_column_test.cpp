// ALTER TABLE … ALTER COLUMN: TYPE converts every row (a deleted row that would not
// convert does not stop it), SET / DROP DEFAULT and SET / DROP NOT NULL; each change
// comes back from the log and from a checkpoint; a refused change changes nothing. TYPE …
// USING computes the new values from each row.
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "alter.teal";

std::string Contents(Connection& con) {
  Result r = con.Query(
      "SELECT count(*), sum(s), typeof(any_value(s)), typeof(any_value(i)), max(i), (SELECT "
      "string_agg(CAST(s AS VARCHAR), ',' ORDER BY i) FROM u WHERE s < 40) FROM u");
  std::string out;
  for (idx_t c = 0; c < r.ColumnCount(); c++) out += r.GetValue(c, 0).ToString() + "\n";
  return out;
}

TEST(AlterColumnTest, TypeDefaultAndNotNullComeBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE TABLE u(i INTEGER, s VARCHAR)");
    con.Execute(
        "INSERT INTO u SELECT r, CASE WHEN r % 100 = 7 THEN 'bad' || r ELSE CAST(r * 3 AS "
        "VARCHAR) END FROM range(5000) t(r)");
    // The rows that would not convert go first: ALTER TYPE then passes over them.
    EXPECT_THROW(con.Execute("ALTER TABLE u ALTER COLUMN s TYPE BIGINT"), ConversionError);
    EXPECT_EQ(con.Query("SELECT typeof(s) FROM u LIMIT 1").GetValue(0, 0),
              Value::Varchar("VARCHAR"));
    con.Execute("DELETE FROM u WHERE s LIKE 'bad%'");
    con.Execute("ALTER TABLE u ALTER COLUMN s TYPE BIGINT");
    con.Execute("ALTER TABLE u ALTER COLUMN i SET DATA TYPE BIGINT");
    con.Execute("ALTER TABLE u ALTER COLUMN s SET DEFAULT 1");
    con.Execute("INSERT INTO u (i) VALUES (10000)");
    con.Execute("ALTER TABLE u ALTER COLUMN i SET NOT NULL");
    EXPECT_THROW(con.Execute("INSERT INTO u VALUES (NULL, 5)"), ConstraintError);
    expected = Contents(con);
    EXPECT_EQ(expected,
              "4951\n37123951\nBIGINT\nBIGINT\n10000\n0,3,6,9,12,15,18,24,27,30,33,36,39,1\n");
  }
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(Contents(con), expected);  // from the log
    EXPECT_THROW(con.Execute("INSERT INTO u VALUES (NULL, 5)"), ConstraintError);
    con.Execute("CHECKPOINT");
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_EQ(Contents(con), expected);  // from the checkpoint
  con.Execute("ALTER TABLE u ALTER COLUMN i DROP NOT NULL");
  con.Execute("ALTER TABLE u ALTER COLUMN s DROP DEFAULT");
  con.Execute("INSERT INTO u (i) VALUES (NULL)");
  EXPECT_EQ(con.Query("SELECT count(*) FROM u WHERE i IS NULL AND s IS NULL").GetValue(0, 0),
            Value::BigInt(1));
}

TEST(AlterColumnTest, SetNotNullOverANullIsRefusedAndChangesNothing) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
  con.Execute(
      "INSERT INTO t SELECT r, CASE WHEN r = 4321 THEN NULL ELSE r END FROM range(5000) x(r)");
  EXPECT_THROW(con.Execute("ALTER TABLE t ALTER COLUMN b SET NOT NULL"), ConstraintError);
  con.Execute("INSERT INTO t VALUES (1, NULL)");  // still allowed
  con.Execute("DELETE FROM t WHERE b IS NULL");
  con.Execute("ALTER TABLE t ALTER COLUMN b SET NOT NULL");
  EXPECT_THROW(con.Execute("UPDATE t SET b = NULL WHERE a = 1"), ConstraintError);
}

TEST(AlterColumnTest, TypeUsingComputesFromTheRowAndComesBackFromTheLog) {
  MemoryFileSystem fs;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE TABLE u(i INTEGER, s VARCHAR)");
    con.Execute(
        "INSERT INTO u SELECT r, CASE WHEN r % 100 = 7 THEN 'bad' ELSE CAST(r * 3 AS VARCHAR) "
        "END FROM range(5000) t(r)");
    // A visible row whose value does not convert refuses it, and changes nothing.
    EXPECT_THROW(con.Execute("ALTER TABLE u ALTER COLUMN s TYPE BIGINT USING CAST(s AS BIGINT) "
                             "+ i"),
                 ConversionError);
    EXPECT_EQ(con.Query("SELECT typeof(s) FROM u LIMIT 1").GetValue(0, 0),
              Value::Varchar("VARCHAR"));
    // Deleted rows do not stop it: their values become NULL, nobody sees them.
    con.Execute("DELETE FROM u WHERE s = 'bad'");
    con.Execute("ALTER TABLE u ALTER COLUMN s TYPE BIGINT USING CAST(s AS BIGINT) + i");
    con.Execute("ALTER TABLE u ALTER i SET TYPE VARCHAR USING 'n' || i");
    Result r = con.Query("SELECT count(*), sum(s), min(i), typeof(any_value(s)) FROM u");
    expected = r.GetValue(0, 0).ToString() + " " + r.GetValue(1, 0).ToString() + " " +
               r.GetValue(2, 0).ToString();
    // 4950 rows, s = 3r + r over r not ≡ 7 (mod 100).
    EXPECT_EQ(expected, "4950 49498600 n0");
    EXPECT_EQ(r.GetValue(3, 0), Value::Varchar("BIGINT"));
  }
  for (int reopen = 0; reopen < 2; reopen++) {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    Result r = con.Query("SELECT count(*), sum(s), min(i) FROM u");
    EXPECT_EQ(r.GetValue(0, 0).ToString() + " " + r.GetValue(1, 0).ToString() + " " +
                  r.GetValue(2, 0).ToString(),
              expected)
        << (reopen == 0 ? "from the log" : "from the checkpoint");
    con.Execute("CHECKPOINT");
  }
}

}  // namespace
}  // namespace teal
