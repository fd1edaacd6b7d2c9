// LIMIT / OFFSET computed when the query runs: once per run (a sequence in it advances
// once), on one thread and on four over a table of many chunks, and again on every run of
// a prepared statement.
#include <gtest/gtest.h>

#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

TEST(LimitExpressionTest, ComputedOncePerRunOnOneAndFourThreads) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t AS SELECT i FROM range(100000) r(i)");
  con.Execute("CREATE SEQUENCE s START 1000");
  for (const char* threads : {"1", "4"}) {
    con.Execute(std::string("SET threads = ") + threads);
    Result r = con.Query(
        "SELECT count(*), min(i), max(i) FROM (SELECT i FROM t ORDER BY i LIMIT "
        "(SELECT nextval('s')) OFFSET (SELECT 5000 + 1))");
    const int64_t n = std::string(threads) == "1" ? 1000 : 1001;  // one value per run
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(n)) << threads;
    EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(5001)) << threads;
    EXPECT_EQ(r.GetValue(2, 0), Value::BigInt(5000 + n)) << threads;
  }
  EXPECT_EQ(con.Query("SELECT currval('s')").GetValue(0, 0), Value::BigInt(1001));
}

TEST(LimitExpressionTest, APreparedStatementComputesItOnEveryRun) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t AS SELECT i FROM range(10000) r(i)");
  con.Execute("CREATE TABLE k(n BIGINT)");
  con.Execute("INSERT INTO k VALUES (10)");
  auto prepared = con.Prepare("SELECT count(*) FROM (SELECT i FROM t LIMIT (SELECT n FROM k))");
  EXPECT_EQ(prepared.Execute().GetValue(0, 0), Value::BigInt(10));
  con.Execute("UPDATE k SET n = 4321");
  EXPECT_EQ(prepared.Execute().GetValue(0, 0), Value::BigInt(4321));
  con.Execute("UPDATE k SET n = NULL");  // no limit
  EXPECT_EQ(prepared.Execute().GetValue(0, 0), Value::BigInt(10000));
}

}  // namespace
}  // namespace teal
