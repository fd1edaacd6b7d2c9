// WITH RECURSIVE beyond what a sqllogictest shows: a prepared statement's values in the
// recursive part (built afresh every round), the round limit, a graph walk on one thread
// and on several, two connections running recursive queries at once, and USING KEY walks
// checked against a breadth-first search.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

TEST(RecursiveCteTest, PreparedValuesReachEveryRound) {
  Database db;
  Connection con(db);
  auto prepared = con.Prepare(
      "WITH RECURSIVE t(x) AS (SELECT CAST($1 AS BIGINT) UNION ALL SELECT x + $2 FROM t WHERE x "
      "< $3) SELECT count(*), sum(x) FROM t");
  Result first = prepared.Execute(1, 1, 100);
  EXPECT_EQ(first.GetValue(0, 0), Value::BigInt(100));
  EXPECT_EQ(first.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(5050));
  Result second = prepared.Execute(0, 5, 20);  // 0, 5, 10, 15, 20
  EXPECT_EQ(second.GetValue(0, 0), Value::BigInt(5));
  EXPECT_EQ(second.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(50));
}

TEST(RecursiveCteTest, TheRoundLimitIsAnErrorThatNamesTheQuery) {
  Database db;
  Connection con(db);
  con.Execute("SET recursive_cte_max_iterations = 50");
  try {
    con.Query(
        "WITH RECURSIVE forever(x) AS (SELECT 1 UNION ALL SELECT x FROM forever) "
        "SELECT count(*) FROM forever");
    FAIL() << "an endless recursive query ran to an end";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("\"forever\" did not end after 50 rounds"),
              std::string::npos)
        << e.what();
  }
  // 50 rounds exactly are allowed.
  EXPECT_EQ(con.Query("WITH RECURSIVE t(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM t WHERE x "
                      "<= 50) SELECT count(*) FROM t")
                .GetValue(0, 0),
            Value::BigInt(51));
  EXPECT_THROW(con.Execute("SET recursive_cte_max_iterations = 0"), InvalidInputError);
  con.Execute("RESET recursive_cte_max_iterations");
  EXPECT_EQ(con.Query("SELECT current_setting('recursive_cte_max_iterations')").GetValue(0, 0),
            Value::Varchar("1000000"));
}

/// 20,000 nodes, each with edges to (3i + 1) and (7i + 2) mod 20,000: every node reachable
/// from 0 within some rounds, found by UNION; the depth of each by a bounded UNION ALL.
class RecursiveGraphTest : public ::testing::Test {
 protected:
  void SetUp() override {
    con_.Execute(
        "CREATE TABLE g AS SELECT CAST(i AS INTEGER) AS a, CAST((3 * i + 1) % 20000 AS INTEGER) "
        "AS b FROM range(20000) r(i) UNION ALL SELECT CAST(i AS INTEGER), CAST((7 * i + 2) % "
        "20000 AS INTEGER) FROM range(20000) r(i)");
  }
  std::string Reach() {
    Result r = con_.Query(
        "WITH RECURSIVE reach(n) AS (SELECT 0 UNION SELECT g.b FROM reach JOIN g ON g.a = "
        "reach.n) SELECT count(*), sum(n) FROM reach");
    return r.GetValue(0, 0).ToString() + " " + r.GetValue(1, 0).ToString();
  }
  std::string Depths() {
    Result r = con_.Query(
        "WITH RECURSIVE walk(n, d) AS (SELECT 0, 0 UNION ALL SELECT DISTINCT g.b, walk.d + 1 "
        "FROM walk JOIN g ON g.a = walk.n WHERE walk.d < 12) SELECT count(*), sum(d), "
        "count(DISTINCT n) FROM walk");
    return r.GetValue(0, 0).ToString() + " " + r.GetValue(1, 0).ToString() + " " +
           r.GetValue(2, 0).ToString();
  }
  Database db_;
  Connection con_{db_};
};

TEST_F(RecursiveGraphTest, OneThreadAndFourThreadsFindTheSameRows) {
  con_.Execute("SET threads = 1");
  const std::string reach = Reach(), depths = Depths();
  con_.Execute("SET threads = 4");
  EXPECT_EQ(Reach(), reach);
  EXPECT_EQ(Depths(), depths);
  // Every node is reachable: 3i + 1 and 7i + 2 generate the whole ring from 0.
  EXPECT_EQ(reach.substr(0, reach.find(' ')), "20000");
}

/// Shortest distances from node 0 by breadth-first search, for the keyed walks below.
std::vector<int> Distances() {
  std::vector<int> distance(20000, -1);
  std::vector<int> frontier{0};
  distance[0] = 0;
  while (!frontier.empty()) {
    std::vector<int> next;
    for (int n : frontier) {
      for (int m : {(3 * n + 1) % 20000, (7 * n + 2) % 20000}) {
        if (distance[m] >= 0) continue;
        distance[m] = distance[n] + 1;
        next.push_back(m);
      }
    }
    frontier = std::move(next);
  }
  return distance;
}

TEST_F(RecursiveGraphTest, UsingKeyKeepsEachNodesShortestDistance) {
  const std::vector<int> distance = Distances();
  int64_t sum = 0, deepest = 0;
  for (int d : distance) {
    sum += d;
    deepest = std::max<int64_t>(deepest, d);
  }
  // UNION: a node goes on only when its distance got shorter, so the walk ends by itself
  // although the graph has cycles; the kept rows span several blocks of groups.
  const char* shortest =
      "WITH RECURSIVE dist(n, d) USING KEY (n, min(d)) AS (SELECT 0, 0 UNION SELECT g.b, "
      "dist.d + 1 FROM dist JOIN g ON g.a = dist.n) SELECT count(*), sum(d), max(d) FROM dist";
  for (const char* threads : {"SET threads = 1", "SET threads = 4"}) {
    con_.Execute(threads);
    Result r = con_.Query(shortest);
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(20000)) << threads;
    EXPECT_EQ(r.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(sum)) << threads;
    EXPECT_EQ(r.GetValue(2, 0).CastAs(TypeId::kBigInt), Value::BigInt(deepest)) << threads;
  }
  // The same through the recurring table: a node's row is replaced only by a shorter one.
  Result r = con_.Query(
      "WITH RECURSIVE dist(n, d) USING KEY (n) AS (SELECT 0, 0 UNION SELECT g.b, dist.d + 1 "
      "FROM dist JOIN g ON g.a = dist.n LEFT JOIN recurring.dist AS seen ON seen.n = g.b "
      "WHERE seen.n IS NULL OR seen.d > dist.d + 1) SELECT count(*), sum(d) FROM dist");
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(20000));
  EXPECT_EQ(r.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(sum));
}

TEST(RecursiveCteTest, UsingKeyRoundsHaveTheSameLimit) {
  Database db;
  Connection con(db);
  con.Execute("SET recursive_cte_max_iterations = 20");
  // UNION ALL goes on while rows come, changed or not.
  EXPECT_THROW(con.Query("WITH RECURSIVE t(k, v) USING KEY (k) AS (SELECT 1, 0 UNION ALL "
                         "SELECT k, v FROM t) SELECT count(*) FROM t"),
               InvalidInputError);
  // UNION stops when nothing changed.
  EXPECT_EQ(con.Query("WITH RECURSIVE t(k, v) USING KEY (k) AS (SELECT 1, 0 UNION SELECT k, v "
                      "FROM t) SELECT count(*) FROM t")
                .GetValue(0, 0),
            Value::BigInt(1));
}

TEST_F(RecursiveGraphTest, TwoConnectionsRunRecursiveQueriesAtOnce) {
  const std::string expected = Reach();
  std::vector<std::string> got(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; t++) {
    threads.emplace_back([&, t] {
      Connection con(db_);
      Result r = con.Query(
          "WITH RECURSIVE reach(n) AS (SELECT 0 UNION SELECT g.b FROM reach JOIN g ON g.a = "
          "reach.n) SELECT count(*), sum(n) FROM reach");
      got[t] = r.GetValue(0, 0).ToString() + " " + r.GetValue(1, 0).ToString();
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(got[0], expected);
  EXPECT_EQ(got[1], expected);
}

}  // namespace
}  // namespace teal
