// EXPLAIN ANALYZE: the statement runs, and each operator reports its rows and time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
std::vector<std::string> Lines(Result result) {
  std::vector<std::string> lines;
  for (idx_t row = 0; row < result.RowCount(); row++) {
    lines.push_back(result.GetValue(0, row).GetString());
  }
  return lines;
}
}  // namespace

TEST(ExplainTest, AnalyzeCountsEveryOperatorsRows) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t AS SELECT range AS i, range % 3 AS g FROM range(10000)");
  auto lines = Lines(
      con.Query("EXPLAIN ANALYZE SELECT g, count(*) FROM t WHERE i >= 100 GROUP BY g ORDER BY g"));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("ORDER_BY", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("(rows: 3, time: "), std::string::npos) << lines[0];
  EXPECT_NE(lines[2].find("HASH_GROUP_BY"), std::string::npos) << lines[2];
  // The filter runs in the scan, which counts the rows it passes on.
  EXPECT_NE(
      lines[3].find(
          "TABLE_SCAN  t (i, g) WHERE (i >= 100)  Type: Sequential Scan  Row Groups Scanned: 1 / "
          "1  (rows: 9900, time: "),
      std::string::npos)
      << lines[3];
}

TEST(ExplainTest, AnalyzeRunsTheStatementPlainExplainDoesNot) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Query("EXPLAIN INSERT INTO t SELECT * FROM range(5)");
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0).GetStored<int64_t>(), 0);
  auto lines = Lines(con.Query("EXPLAIN ANALYZE INSERT INTO t SELECT * FROM range(5)"));
  EXPECT_NE(lines[0].find("INSERT  t  (rows: 1,"), std::string::npos) << lines[0];
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0).GetStored<int64_t>(), 5);
  EXPECT_EQ(con.Query("EXPLAIN SELECT 1").Type(), StatementType::kExplain);
  EXPECT_THROW(con.Query("EXPLAIN EXPLAIN SELECT 1"), ParserError);
}

}  // namespace teal
