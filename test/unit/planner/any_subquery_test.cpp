// Correlated ANY / ALL as hash joins (optimizer/any_to_join.cpp) against a loop in C++:
// groups with thousands of rows (a probe row's chain is walked over many rounds, and
// stops at its first match), NULL operands and NULL values, on one thread and on four;
// the select-list form (three-valued) and the WHERE forms (true rows only).
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

class AnySubqueryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // o: 6,000 rows over 40 groups (group 39 has no rows in l); x NULL one in 17.
    // l: 20,000 rows over 39 groups (~500 per group), y NULL one in 2,003 rows (some groups have
    // none).
    con_.Execute(
        "CREATE TABLE o AS SELECT CAST(i % 40 AS INTEGER) AS g, CASE WHEN i % 17 = 0 THEN "
        "NULL ELSE CAST((i * 7919) % 1000 AS INTEGER) END AS x FROM range(6000) r(i)");
    con_.Execute(
        "CREATE TABLE l AS SELECT CAST(i % 39 AS INTEGER) AS g, CASE WHEN i % 2003 = 0 THEN "
        "NULL ELSE CAST((i * 104729) % 1000 AS INTEGER) END AS y FROM range(20000) r(i)");
    for (int64_t i = 0; i < 6000; i++) {
      o_.push_back(
          {i % 40, i % 17 == 0 ? std::nullopt : std::optional<int64_t>((i * 7919) % 1000)});
    }
    for (int64_t i = 0; i < 20000; i++) {
      l_.push_back(
          {i % 39, i % 2003 == 0 ? std::nullopt : std::optional<int64_t>((i * 104729) % 1000)});
    }
  }

  struct Row {
    int64_t g;
    std::optional<int64_t> v;
  };

  /// x < ANY (l's y of group g), three-valued: 1 true, 0 false, -1 NULL.
  int LessThanAny(const Row& outer) const {
    bool any_row = false, unknown = false;
    for (const Row& inner : l_) {
      if (inner.g != outer.g) continue;
      any_row = true;
      if (!outer.v || !inner.v) {
        unknown = true;
      } else if (*outer.v < *inner.v) {
        return 1;
      }
    }
    return any_row && unknown ? -1 : 0;
  }

  Database db_;
  Connection con_{db_};
  std::vector<Row> o_, l_;
};

TEST_F(AnySubqueryTest, LessThanAnyMatchesALoopOnOneAndFourThreads) {
  int64_t counts[3] = {};  // NULL, false, true
  for (const Row& outer : o_) counts[LessThanAny(outer) + 1]++;
  ASSERT_GT(counts[0], 0);
  ASSERT_GT(counts[1], 0);
  ASSERT_GT(counts[2], 0);
  for (const char* threads : {"1", "4"}) {
    con_.Execute(std::string("SET threads = ") + threads);
    Result r = con_.Query(
        "SELECT count_if(a), count_if(NOT a), count_if(a IS NULL) FROM (SELECT x < ANY "
        "(SELECT y FROM l WHERE l.g = o.g) AS a FROM o)");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(counts[2])) << threads;
    EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(counts[1])) << threads;
    EXPECT_EQ(r.GetValue(2, 0), Value::BigInt(counts[0])) << threads;
    // WHERE keeps the true rows; NOT ANY and ALL the false ones, never the NULL ones.
    r = con_.Query("SELECT count(*) FROM o WHERE x < ANY (SELECT y FROM l WHERE l.g = o.g)");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(counts[2])) << threads;
    r = con_.Query("SELECT count(*) FROM o WHERE NOT (x < ANY (SELECT y FROM l WHERE l.g = o.g))");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(counts[1])) << threads;
    r = con_.Query("SELECT count(*) FROM o WHERE x >= ALL (SELECT y FROM l WHERE l.g = o.g)");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(counts[1])) << threads;
  }
}

TEST_F(AnySubqueryTest, InMatchesALoop) {
  int64_t in = 0, not_in = 0;
  for (const Row& outer : o_) {
    bool any_row = false, unknown = false, found = false;
    for (const Row& inner : l_) {
      if (inner.g != outer.g) continue;
      any_row = true;
      if (!outer.v || !inner.v) {
        unknown = true;
      } else if (*outer.v == *inner.v) {
        found = true;
      }
    }
    if (found) {
      in++;
    } else if (!any_row || !unknown) {
      not_in++;
    }
  }
  ASSERT_GT(in, 0);
  ASSERT_GT(not_in, 0);
  Result r = con_.Query("SELECT count(*) FROM o WHERE x IN (SELECT y FROM l WHERE l.g = o.g)");
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(in));
  r = con_.Query("SELECT count(*) FROM o WHERE x NOT IN (SELECT y FROM l WHERE l.g = o.g)");
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(not_in));
}

}  // namespace
}  // namespace teal
