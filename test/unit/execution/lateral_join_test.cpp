// LATERAL FROM items beyond what a sqllogictest shows: the per-row lateral join (an item
// with LIMIT is no plain join) against a loop in C++, on one thread and on four; one left
// row whose item has more rows than a chunk holds; an item that is not deterministic runs
// once per row; prepared statement values inside the item.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

class LateralJoinTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(LateralJoinTest, TopTwoPerRowMatchesALoopOnOneAndFourThreads) {
  // p: 5,000 rows of 100 groups; for each of 3,000 left rows (group g = i % 150, groups
  // past 99 have no rows) the two largest values of its group.
  con_.Execute(
      "CREATE TABLE p AS SELECT CAST(i % 100 AS INTEGER) AS g, CAST((i * 7919) % 5000 AS "
      "BIGINT) AS v FROM range(5000) r(i)");
  const std::string query =
      "SELECT count(*), sum(top.v), count(top.v) FROM range(3000) a(i) LEFT JOIN LATERAL "
      "(SELECT v FROM p WHERE p.g = a.i % 150 ORDER BY v DESC LIMIT 2) top ON true";
  // The loop: group g holds v = (i * 7919) % 5000 for i = g, g + 100, …
  int64_t largest[100][2] = {};
  for (int g = 0; g < 100; g++) largest[g][0] = largest[g][1] = -1;
  for (int64_t i = 0; i < 5000; i++) {
    const int64_t v = (i * 7919) % 5000;
    int64_t* top = largest[i % 100];
    if (v > top[0]) {
      top[1] = top[0];
      top[0] = v;
    } else if (v > top[1]) {
      top[1] = v;
    }
  }
  int64_t rows = 0, sum = 0, values = 0;
  for (int64_t i = 0; i < 3000; i++) {
    const int64_t g = i % 150;
    if (g >= 100) {
      rows++;  // the NULL row of a LEFT lateral join
      continue;
    }
    rows += 2;
    values += 2;
    sum += largest[g][0] + largest[g][1];
  }
  for (const char* threads : {"1", "4"}) {
    con_.Execute(std::string("SET threads = ") + threads);
    Result r = con_.Query(query);
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(rows)) << threads;
    EXPECT_EQ(r.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(sum)) << threads;
    EXPECT_EQ(r.GetValue(2, 0), Value::BigInt(values)) << threads;
  }
}

TEST_F(LateralJoinTest, OneRowsItemLargerThanAChunkComesOutWhole) {
  // Row 1's item has 5,000 rows (more than two chunks); rows 0 and 2 have none (LEFT: NULL).
  Result r = con_.Query(
      "SELECT a.i, count(*), count(b.x), sum(b.x), min(b.x), max(b.x) FROM range(3) a(i) LEFT "
      "JOIN LATERAL (SELECT x FROM range(5000) r(x) WHERE a.i = 1 ORDER BY x LIMIT 100000) b "
      "ON true GROUP BY a.i ORDER BY a.i");
  ASSERT_EQ(r.RowCount(), 3u);
  EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(1));
  EXPECT_EQ(r.GetValue(2, 0), Value::BigInt(0));
  EXPECT_EQ(r.GetValue(1, 1), Value::BigInt(5000));
  EXPECT_EQ(r.GetValue(3, 1).CastAs(TypeId::kBigInt), Value::BigInt(4999 * 5000 / 2));
  EXPECT_EQ(r.GetValue(4, 1), Value::BigInt(0));
  EXPECT_EQ(r.GetValue(5, 1), Value::BigInt(4999));
  EXPECT_EQ(r.GetValue(1, 2), Value::BigInt(1));
}

TEST_F(LateralJoinTest, AnItemThatIsNotDeterministicRunsForEveryRow) {
  // Every left row has the same outer value (i % 1 = 0); nextval must still run per row.
  con_.Execute("CREATE SEQUENCE s");
  Result r = con_.Query(
      "SELECT count(*), count(DISTINCT b.x) FROM range(3000) a(i), LATERAL (SELECT "
      "nextval('s') + a.i % 1 AS x LIMIT 1) b");
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(3000));
  EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(3000));
}

TEST_F(LateralJoinTest, PreparedValuesReachTheItem) {
  auto prepared = con_.Prepare(
      "SELECT count(*), sum(b.j) FROM range(100) a(i), LATERAL (SELECT a.i + $1 AS j FROM "
      "range(3) r(r) WHERE r < $2 LIMIT 10) b");
  Result first = prepared.Execute(1000, 3);  // 3 rows each: sum 3 * (4950 + 100,000)
  EXPECT_EQ(first.GetValue(0, 0), Value::BigInt(300));
  EXPECT_EQ(first.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(3 * (4950 + 100000)));
  Result second = prepared.Execute(0, 1);
  EXPECT_EQ(second.GetValue(0, 0), Value::BigInt(100));
  EXPECT_EQ(second.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(4950));
}

}  // namespace
}  // namespace teal
