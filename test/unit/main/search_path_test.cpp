// The search path (USE s, SET schema, SET search_path) is a connection's own: two
// connections read one name as different tables, a prepared statement follows its
// connection's path at each execution, and a log written under a path replays without it
// (no log record depends on the replaying connection's path).
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/prepared_statement.hpp"

namespace teal {
namespace {

TEST(SearchPathTest, EachConnectionHasItsOwnPath) {
  Database db;
  Connection a(db);
  Connection b(db);
  a.Execute("CREATE SCHEMA s");
  a.Execute("CREATE TABLE t(v VARCHAR)");
  a.Execute("CREATE TABLE s.t(v VARCHAR)");
  a.Execute("INSERT INTO t VALUES ('main')");
  a.Execute("INSERT INTO s.t VALUES ('s')");
  a.Execute("USE s");
  EXPECT_EQ(a.Query("SELECT v FROM t").GetValue(0, 0).ToString(), "s");
  EXPECT_EQ(b.Query("SELECT v FROM t").GetValue(0, 0).ToString(), "main");
  EXPECT_EQ(b.Query("SELECT current_schema()").GetValue(0, 0).ToString(), "main");
  // b drops a's default schema: a skips it, and main is a's default again.
  b.Execute("DROP SCHEMA s CASCADE");
  EXPECT_EQ(a.Query("SELECT v FROM t").GetValue(0, 0).ToString(), "main");
  EXPECT_EQ(a.Query("SELECT current_schema()").GetValue(0, 0).ToString(), "main");
  a.Execute("CREATE TABLE u(i INTEGER)");
  EXPECT_EQ(a.Query("SELECT table_schema FROM information_schema.tables WHERE table_name = 'u'")
                .GetValue(0, 0)
                .ToString(),
            "main");
}

TEST(SearchPathTest, APreparedStatementFollowsThePathOfEachExecution) {
  Database db;
  Connection con(db);
  con.Execute("CREATE SCHEMA s");
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Execute("CREATE TABLE s.t(i INTEGER)");
  con.Execute("INSERT INTO t VALUES (1)");
  con.Execute("INSERT INTO s.t VALUES (2)");
  PreparedStatement read = con.Prepare("SELECT i FROM t");
  PreparedStatement write = con.Prepare("INSERT INTO t VALUES ($1)");
  EXPECT_EQ(read.Execute().GetValue(0, 0).ToString(), "1");
  con.Execute("SET search_path = 's'");
  EXPECT_EQ(read.Execute().GetValue(0, 0).ToString(), "2");
  write.Execute(20);
  con.Execute("RESET search_path");
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0).ToString(), "1");
  EXPECT_EQ(con.Query("SELECT sum(i) FROM s.t").GetValue(0, 0).ToString(), "22");
}

TEST(SearchPathTest, TheLogReplaysChangesMadeUnderAPath) {
  MemoryFileSystem fs;
  const std::vector<std::string> queries = {
      "SELECT table_schema, table_name FROM information_schema.tables ORDER BY ALL",
      "SELECT * FROM s.t ORDER BY ALL", "SELECT * FROM s.v", "SELECT count(*) FROM main.t",
      "SELECT index_name, schema_name FROM duckdb_indexes()"};
  std::string before;
  {
    auto db = OpenFileDatabase(fs, "path.teal", /*checkpoint_on_close=*/false);
    Connection con(*db);
    con.Execute("CREATE SCHEMA s");
    con.Execute("CREATE TABLE t(i INTEGER)");  // main's, the same name as s's below
    con.Execute("USE s");
    con.Execute("CREATE TABLE t(i INTEGER, j INTEGER)");
    con.Execute("INSERT INTO t VALUES (1, 2), (3, 4)");
    con.Execute("ALTER TABLE t ADD COLUMN k INTEGER DEFAULT 5");
    con.Execute("CREATE INDEX t_i ON t(i)");
    con.Execute("CREATE VIEW v AS SELECT sum(i + j + k) AS total FROM t");
    con.Execute("UPDATE t SET j = 0 WHERE i = 3");
    con.Execute("DROP INDEX t_i");
    con.Execute("CREATE UNIQUE INDEX t_j ON t(j)");
    before = QueryTexts(con, queries);
  }
  EXPECT_NE(before.find("s|t|"), std::string::npos) << before;
  auto db = OpenFileDatabase(fs, "path.teal", /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, queries), before);
}

}  // namespace
}  // namespace teal
