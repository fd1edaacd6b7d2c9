// Temporary objects (CREATE TEMP …) in a database file: nothing of them reaches the
// write-ahead log, so the log replays to the database's objects alone; they end with their
// connection, and two connections' temporary tables of one name are apart.
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "storage/write_ahead_log.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

const std::string kPath = "temp.teal";

/// Every record of the log as "type:payload bytes", to compare logs by.
std::string LogRecords(MemoryFileSystem& fs) {
  std::string out;
  for (const auto& transaction : ReadWriteAheadLog(fs, kPath + ".wal").transactions) {
    for (const auto& record : transaction.records) {
      out += std::to_string(static_cast<int>(record.type)) + ":" +
             std::to_string(record.payload.size()) + " ";
    }
    out += "| ";
  }
  return out;
}

TEST(TemporaryObjectsTest, NothingOfThemIsLoggedAndTheLogReplaysWithoutThem) {
  MemoryFileSystem fs;
  std::string logged_before;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    Connection con(*db);
    con.Execute("CREATE TABLE t(i INTEGER)");
    con.Execute("INSERT INTO t VALUES (1), (2)");
    logged_before = LogRecords(fs);
    ASSERT_FALSE(logged_before.empty());
    // Every kind of change to temporary objects, in autocommit and in a transaction.
    con.Execute("CREATE TEMP TABLE t(s VARCHAR PRIMARY KEY)");
    con.Execute("INSERT INTO t VALUES ('a'), ('b'), ('c')");
    con.Execute("UPDATE t SET s = s || '!' WHERE s = 'b'");
    con.Execute("DELETE FROM t WHERE s = 'c'");
    con.Execute("ALTER TABLE t ADD COLUMN n INTEGER DEFAULT 3");
    con.Execute("CREATE INDEX t_n ON t(n)");
    con.Execute("BEGIN");
    con.Execute("CREATE TEMP TABLE u AS SELECT range AS r FROM range(5000)");
    con.Execute("CREATE TEMP VIEW v AS SELECT count(*) AS c FROM u");
    con.Execute("CREATE TEMP SEQUENCE s");
    con.Execute("SELECT nextval('s')");
    con.Execute("CREATE TEMP MACRO twice(a) AS 2 * a");
    con.Execute("COMMIT");
    {
      Appender appender(con, "u");
      appender.AppendRow(int64_t{-1});
      appender.Close();
    }
    con.Execute("DROP VIEW v");
    con.Execute("DROP TABLE u");
    EXPECT_EQ(LogRecords(fs), logged_before);
    EXPECT_EQ(QueryTexts(con, {"SELECT * FROM t ORDER BY s", "SELECT * FROM main.t ORDER BY i"}),
              "a|3|\nb!|3|\n1|\n2|\n");
    // A change of the database's own table after them is logged as usual.
    con.Execute("INSERT INTO main.t VALUES (3)");
    EXPECT_NE(LogRecords(fs), logged_before);
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, {"SELECT * FROM t ORDER BY i", "SELECT count(*) FROM duckdb_tables()",
                             "SELECT * FROM u"}),
            "1|\n2|\n3|\n1|\nerror: Table with name u does not exist!\n");
}

TEST(TemporaryObjectsTest, EachConnectionHasItsOwnAndTheyEndWithIt) {
  Database db;
  Connection a(db);
  {
    Connection b(db);
    a.Execute("CREATE TEMP TABLE x AS SELECT 'a' AS who");
    b.Execute("CREATE TEMP TABLE x AS SELECT 'b' AS who");
    EXPECT_EQ(QueryTexts(a, {"SELECT who FROM x"}), "a|\n");
    EXPECT_EQ(QueryTexts(b, {"SELECT who FROM x"}), "b|\n");
    // A database table of the same name is created beside them, and hidden by them.
    b.Execute("CREATE TABLE x AS SELECT 'db' AS who");
    EXPECT_EQ(QueryTexts(a, {"SELECT who FROM x", "SELECT who FROM main.x"}), "a|\ndb|\n");
    // A temporary table's catalog change does not conflict with another connection's.
    a.Execute("BEGIN");
    b.Execute("BEGIN");
    a.Execute("CREATE TEMP TABLE only_a(i INTEGER)");
    b.Execute("CREATE TABLE only_b(i INTEGER)");
    b.Execute("COMMIT");
    a.Execute("COMMIT");
    EXPECT_EQ(QueryTexts(a, {"SELECT count(*) FROM only_a", "SELECT count(*) FROM only_b"}),
              "0|\n0|\n");
  }
  // b closed: its temporary table went with it; a's stays.
  Connection c(db);
  EXPECT_EQ(QueryTexts(c, {"SELECT who FROM x"}), "db|\n");
  EXPECT_EQ(QueryTexts(a, {"SELECT who FROM temp.x"}), "a|\n");
}

TEST(TemporaryObjectsTest, APreparedStatementSeesATemporaryTableCreatedAfterIt) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE n AS SELECT 1 AS v");
  PreparedStatement prepared = con.Prepare("SELECT v FROM n");
  EXPECT_EQ(prepared.Execute().GetValue(0, 0).ToString(), "1");
  con.Execute("CREATE TEMP TABLE n AS SELECT 2 AS v");
  EXPECT_EQ(prepared.Execute().GetValue(0, 0).ToString(), "2");
  con.Execute("DROP TABLE temp.n");
  EXPECT_EQ(prepared.Execute().GetValue(0, 0).ToString(), "1");
}

}  // namespace
}  // namespace teal
