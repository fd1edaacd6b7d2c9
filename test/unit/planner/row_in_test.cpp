// (a, b) IN (SELECT x, y …) against SQL's three-valued row equality computed by a loop:
// small values with many NULLs on both sides, IN and NOT IN, in a select list and a
// WHERE, on one thread and on four.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

using Cell = std::optional<int>;

/// Row i's value in column c: small numbers, NULL about one time in four.
Cell Make(int i, int c) {
  const int h = (i * 7919 + c * 104729 + 13) % 97;
  if (h % 4 == 0) return std::nullopt;
  return h % 5;
}

std::string Sql(Cell v) { return v ? std::to_string(*v) : "NULL"; }

/// SQL's (a0, a1) IN rows: 1 true, 0 false, -1 NULL.
int RowIn(Cell a0, Cell a1, const std::vector<std::pair<Cell, Cell>>& rows) {
  bool unknown = false;
  for (const auto& [b0, b1] : rows) {
    auto eq = [](Cell x, Cell y) { return !x || !y ? -1 : (*x == *y ? 1 : 0); };
    const int e0 = eq(a0, b0), e1 = eq(a1, b1);
    if (e0 == 0 || e1 == 0) continue;  // unequal
    if (e0 == 1 && e1 == 1) return 1;
    unknown = true;
  }
  return unknown ? -1 : 0;
}

TEST(RowInTest, MatchesThreeValuedRowEqualityOnOneAndFourThreads) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE a(id INTEGER, x INTEGER, y INTEGER)");
  con.Execute("CREATE TABLE b(p INTEGER, q INTEGER)");
  std::vector<std::pair<Cell, Cell>> b_rows;
  std::string insert_a = "INSERT INTO a VALUES ", insert_b = "INSERT INTO b VALUES ";
  for (int i = 0; i < 400; i++) {
    insert_a += (i ? ", (" : "(") + std::to_string(i) + ", " + Sql(Make(i, 0)) + ", " +
                Sql(Make(i, 1)) + ")";
  }
  for (int i = 0; i < 12; i++) {
    b_rows.emplace_back(Make(i + 1000, 2), Make(i + 1000, 3));
    insert_b +=
        (i ? ", (" : "(") + Sql(b_rows.back().first) + ", " + Sql(b_rows.back().second) + ")";
  }
  con.Execute(insert_a);
  con.Execute(insert_b);
  int64_t in_true = 0, in_null = 0, not_in_true = 0;
  for (int i = 0; i < 400; i++) {
    const int r = RowIn(Make(i, 0), Make(i, 1), b_rows);
    in_true += r == 1;
    in_null += r == -1;
    not_in_true += r == 0;
  }
  ASSERT_GT(in_true, 0);
  ASSERT_GT(in_null, 0);
  ASSERT_GT(not_in_true, 0);
  for (const char* threads : {"1", "4"}) {
    con.Execute(std::string("SET threads = ") + threads);
    Result r = con.Query(
        "SELECT count(*) FILTER (WHERE m), count(*) FILTER (WHERE m IS NULL), count(*) FILTER "
        "(WHERE n), (SELECT count(*) FROM a WHERE (x, y) IN (SELECT p, q FROM b)), (SELECT "
        "count(*) FROM a WHERE (x, y) NOT IN (SELECT p, q FROM b)) FROM (SELECT (x, y) IN "
        "(SELECT p, q FROM b) AS m, (x, y) NOT IN (SELECT p, q FROM b) AS n FROM a)");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(in_true)) << threads;
    EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(in_null)) << threads;
    EXPECT_EQ(r.GetValue(2, 0), Value::BigInt(not_in_true)) << threads;
    EXPECT_EQ(r.GetValue(3, 0), Value::BigInt(in_true)) << threads;
    EXPECT_EQ(r.GetValue(4, 0), Value::BigInt(not_in_true)) << threads;
  }
}

}  // namespace
}  // namespace teal
