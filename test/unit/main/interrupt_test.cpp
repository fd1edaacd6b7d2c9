// Connection::Interrupt and QueryProgress, called from another thread while a query runs.
// The watcher waits for the query to report progress (so it is running), interrupts it,
// and the query must fail with InterruptError, leaving the connection usable. The
// max_execution_time setting stops a statement the same way.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

// Billions of rows: minutes of work, so only an interrupt ends it.
constexpr const char* kLongQuery = "SELECT count(*), sum(range) FROM range(100000000000)";

/// Interrupts `connection` once its query reports progress; returns the progress seen.
std::thread InterruptWhenRunning(Connection& connection, double& seen,
                                 std::chrono::steady_clock::time_point& interrupted_at) {
  return std::thread([&connection, &seen, &interrupted_at] {
    while ((seen = connection.QueryProgress()) <= 0) std::this_thread::yield();
    interrupted_at = std::chrono::steady_clock::now();
    connection.Interrupt();
  });
}

void ExpectInterruptedAndUsable(Database& db, const char* threads) {
  Connection connection(db);
  connection.Execute(std::string("SET threads = ") + threads);
  double seen = -1;
  std::chrono::steady_clock::time_point interrupted_at;
  std::thread watcher = InterruptWhenRunning(connection, seen, interrupted_at);
  try {
    connection.Query(kLongQuery);
    ADD_FAILURE() << "the query was not interrupted";
  } catch (const InterruptError& e) {
    EXPECT_STREQ(e.what(), "the query was interrupted");
  }
  auto stopped_after = std::chrono::steady_clock::now() - interrupted_at;
  watcher.join();
  EXPECT_GT(seen, 0);
  EXPECT_LT(seen, 100);
  // The issue asks for 100 ms; the bound is wide so that a loaded machine cannot fail it,
  // and the time is printed for the record.
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(stopped_after).count();
  EXPECT_LT(ms, 2000);
  std::printf("threads = %s: stopped %lld ms after Interrupt()\n", threads,
              static_cast<long long>(ms));
  // The next statement runs normally, not interrupted by the earlier call.
  Result result = connection.Query("SELECT count(*) FROM range(1000)");
  EXPECT_EQ(result.GetValue(0, 0), Value::BigInt(1000));
}

TEST(InterruptTest, InterruptStopsALongQueryOnOneThread) {
  Database db;
  ExpectInterruptedAndUsable(db, "1");
}

TEST(InterruptTest, InterruptStopsALongQueryOnSeveralThreads) {
  Database db;
  ExpectInterruptedAndUsable(db, "4");
}

// A nested-loop join materialises its inputs with plans of its own, and pairs rows
// without producing any for a long time: both stop too.
TEST(InterruptTest, InterruptStopsANestedLoopJoin) {
  Database db;
  Connection connection(db);
  double seen = -1;
  std::chrono::steady_clock::time_point interrupted_at;
  std::thread watcher = InterruptWhenRunning(connection, seen, interrupted_at);
  EXPECT_THROW(connection.Query("SELECT count(*) FROM range(200000) a, range(200000) b "
                                "WHERE a.range + b.range < 0"),
               InterruptError);
  watcher.join();
  EXPECT_EQ(connection.Query("SELECT 42").GetValue(0, 0), Value::Integer(42));
}

// An uncorrelated subquery and a materialized WITH query run plans of their own, on the
// query's threads and under its interrupt.
TEST(InterruptTest, InterruptStopsASubqueryAndAMaterializedWithQuery) {
  Database db;
  for (const char* threads : {"1", "4"}) {
    for (const char* sql :
         {"SELECT (SELECT sum(range) FROM range(100000000000)) + 1",
          "WITH c AS (SELECT sum(range) AS n FROM range(100000000000)) SELECT * FROM c, c AS c2"}) {
      Connection connection(db);
      connection.Execute(std::string("SET threads = ") + threads);
      double seen = -1;
      std::chrono::steady_clock::time_point interrupted_at;
      std::thread watcher = InterruptWhenRunning(connection, seen, interrupted_at);
      // The subquery runs when the first row is fetched.
      EXPECT_THROW(connection.Query(sql).Materialize(), InterruptError) << sql << " on " << threads;
      watcher.join();
      EXPECT_EQ(connection.Query("SELECT 42").GetValue(0, 0), Value::Integer(42));
    }
  }
}

TEST(InterruptTest, InterruptStopsAStreamingResult) {
  Database db;
  Connection connection(db);
  Result result = connection.Query("SELECT range FROM range(100000000000)");
  ASSERT_NE(result.NextChunk(), nullptr);
  connection.Interrupt();
  EXPECT_THROW(result.NextChunk(), InterruptError);
  EXPECT_EQ(connection.Query("SELECT 42").GetValue(0, 0), Value::Integer(42));
}

TEST(InterruptTest, MaxExecutionTimeStopsALongStatementAndRollsItBack) {
  Database db;
  Connection connection(db);
  connection.Execute("CREATE TABLE t(i BIGINT)");
  connection.Execute("SET max_execution_time = 1");
  // Far more work than a millisecond: a sort, an aggregate, a join, a recursive query and a
  // write, each stopped by the limit.
  for (const char* sql :
       {"SELECT count(*) FROM (SELECT * FROM range(100000000) ORDER BY random())",
        "SELECT count(*) FROM (SELECT DISTINCT range % 10000000 FROM range(100000000))",
        "SELECT count(*) FROM range(100000000) a, range(1000) b",
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000000) "
        "SELECT count(*) FROM c",
        "INSERT INTO t SELECT * FROM range(100000000)"}) {
    try {
      connection.Query(sql);
      FAIL() << "ran to its end under max_execution_time = 1: " << sql;
    } catch (const InterruptError& e) {
      EXPECT_NE(std::string(e.what()).find("Query exceeded maximum execution time"),
                std::string::npos)
          << e.what();
    }
  }
  connection.Execute("RESET max_execution_time");
  EXPECT_EQ(connection.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(0));
  // A generous limit lets a statement finish.
  connection.Execute("SET max_execution_time = 3600000");
  EXPECT_EQ(connection.Query("SELECT count(*) FROM range(1000)").GetValue(0, 0),
            Value::BigInt(1000));
  EXPECT_THROW(connection.Execute("SET max_execution_time = -5"), InvalidInputError);
}

TEST(InterruptTest, InterruptWithNothingRunningChangesNothing) {
  Database db;
  Connection connection(db);
  connection.Interrupt();
  EXPECT_EQ(connection.Query("SELECT 42").GetValue(0, 0), Value::Integer(42));
}

TEST(InterruptTest, ProgressIsUnknownBeforeAnyScan) {
  Database db;
  Connection connection(db);
  EXPECT_EQ(connection.QueryProgress(), -1);
}

TEST(InterruptTest, ProgressReachesAHundredPercent) {
  Database db;
  Connection connection(db);
  connection.Query("SELECT sum(range) FROM range(100000)");
  EXPECT_EQ(connection.QueryProgress(), 100);
}

}  // namespace
}  // namespace teal
