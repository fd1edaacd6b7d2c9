// Long IN lists and CASE expressions bind in linear time (the text of the whole expression
// used to be rebuilt for every element: a 10,000-element list took 17 s, 20,000 over a
// minute) and give the right answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {

namespace {
/// Seconds `fn` took.
template <typename Fn>
double Seconds(Fn fn) {
  auto start = std::chrono::steady_clock::now();
  fn();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// How much longer the statement of `make(4 * n)` takes than that of `make(n)`: about 4 when
/// binding is linear, 16 when quadratic. A ratio, not a bound in seconds: it holds on a
/// slow sanitizer build and on a loaded machine alike. Each size's time is the least of
/// three runs, so that another process taking the core during one run (make test runs
/// tests side by side) does not count.
template <typename Make>
double GrowthOfFourTimesTheSize(Connection& con, int n, Make make) {
  const std::string small = make(n), large = make(4 * n);
  con.Query(small);  // warm: the first statement pays for what every one shares
  double small_seconds = 1e9, large_seconds = 1e9;
  for (int run = 0; run < 3; run++) {
    small_seconds = std::min(small_seconds, Seconds([&] { con.Query(small); }));
    large_seconds = std::min(large_seconds, Seconds([&] { con.Query(large); }));
  }
  return large_seconds / std::max(small_seconds, 1e-3);
}
}  // namespace

TEST(LongExpressionTest, TwentyThousandElementInListBindsInLinearTime) {
  Database db;
  Connection con(db);
  std::string sql = "SELECT count(*) FROM range(30000) WHERE range IN (";
  for (int i = 0; i < 20000; i++) sql += (i ? ", " : "") + std::to_string(i * 2);
  sql += ")";
  EXPECT_EQ(con.Query(sql).GetValue(0, 0).GetStored<int64_t>(), 15000);
  EXPECT_LT(GrowthOfFourTimesTheSize(con, 5000,
                                     [](int n) {
                                       std::string sql =
                                           "SELECT count(*) FROM range(10) WHERE range IN (";
                                       for (int i = 0; i < n; i++)
                                         sql += (i ? ", " : "") + std::to_string(i);
                                       return sql + ")";
                                     }),
            9.0);
}

TEST(LongExpressionTest, TenThousandWhenCaseBindsInLinearTime) {
  Database db;
  Connection con(db);
  std::string simple = "SELECT CAST(sum(CASE range % 10000";
  std::string searched = "SELECT CAST(sum(CASE";
  for (int i = 0; i < 10000; i++) {
    simple += " WHEN " + std::to_string(i) + " THEN " + std::to_string(i % 7);
    searched += " WHEN range = " + std::to_string(i) + " THEN " + std::to_string(i % 7);
  }
  simple += " END) AS BIGINT) FROM range(0, 20000, 500)";  // few rows: binding is the point
  searched += " ELSE 100 END) AS BIGINT) FROM range(9990, 10010)";
  int64_t simple_expected = 0, searched_expected = 0;
  for (int row = 0; row < 20000; row += 500) simple_expected += (row % 10000) % 7;
  for (int row = 9990; row < 10010; row++) searched_expected += row < 10000 ? row % 7 : 100;
  EXPECT_EQ(con.Query(simple).GetValue(0, 0).GetStored<int64_t>(), simple_expected);
  EXPECT_EQ(con.Query(searched).GetValue(0, 0).GetStored<int64_t>(), searched_expected);
  EXPECT_LT(GrowthOfFourTimesTheSize(con, 2500,
                                     [](int n) {
                                       std::string sql = "SELECT sum(CASE range";
                                       for (int i = 0; i < n; i++) {
                                         sql += " WHEN " + std::to_string(i) + " THEN 1";
                                       }
                                       return sql + " END) FROM range(10)";
                                     }),
            9.0);
}

}  // namespace teal
