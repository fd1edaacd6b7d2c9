// The window operator against straightforward loops over the same rows: partitions that
// span many chunks, frames of every unit, and the same answers on one thread and several.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

struct Row {
  int64_t k, t, x;
  bool x_null;
};

class WindowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // 20,000 rows in 7 partitions of uneven sizes; t has ties, x has NULLs.
    con_.Execute(
        "CREATE TABLE r AS SELECT CAST(i * i % 7 AS BIGINT) AS k, CAST(i / 3 AS BIGINT) AS t, "
        "CASE WHEN i % 11 = 0 THEN NULL ELSE CAST(i % 1000 AS BIGINT) END AS x "
        "FROM range(20000) s(i)");
    for (int64_t i = 0; i < 20000; i++) {
      rows_.push_back({i * i % 7, i / 3, i % 1000, i % 11 == 0});
    }
    // Each partition's rows by t, then x (NULLs last), the windows' order.
    for (const Row& row : rows_) partitions_[row.k].push_back(row);
    for (auto& [k, part] : partitions_) {
      std::stable_sort(part.begin(), part.end(), [](const Row& a, const Row& b) {
        if (a.t != b.t) return a.t < b.t;
        if (a.x_null != b.x_null) return !a.x_null;
        return a.x < b.x;
      });
    }
  }

  /// k, t, x and one window column, for every row, sorted; NULL as INT64_MIN.
  std::vector<std::vector<int64_t>> Rows(const std::string& window) {
    Result result = con_.Query("SELECT k, t, x, CAST(" + window +
                               " AS BIGINT) FROM r ORDER BY k, t, x NULLS LAST");
    std::vector<std::vector<int64_t>> out;
    for (idx_t i = 0; i < result.RowCount(); i++) {
      std::vector<int64_t> row;
      for (idx_t c = 0; c < 4; c++) {
        Value v = result.GetValue(c, i);
        row.push_back(v.IsNull() ? INT64_MIN : v.GetStored<int64_t>());
      }
      out.push_back(row);
    }
    return out;
  }

  /// The same rows computed here: `f(partition, i)` is the window value of row i.
  template <typename F>
  std::vector<std::vector<int64_t>> Expected(F f) {
    std::vector<std::vector<int64_t>> out;
    for (auto& [k, part] : partitions_) {
      for (size_t i = 0; i < part.size(); i++) {
        out.push_back({k, part[i].t, part[i].x_null ? INT64_MIN : part[i].x, f(part, i)});
      }
    }
    return out;
  }

  static int64_t Sum(const std::vector<Row>& part, size_t begin, size_t end) {
    int64_t sum = 0;
    bool any = false;
    for (size_t j = begin; j < end; j++) {
      if (part[j].x_null) continue;
      sum += part[j].x;
      any = true;
    }
    return any ? sum : INT64_MIN;
  }

  Database db_;
  Connection con_{db_};
  std::vector<Row> rows_;
  std::map<int64_t, std::vector<Row>> partitions_;
};

TEST_F(WindowTest, RowNumberAndRankRestartInEachPartition) {
  EXPECT_EQ(Rows("row_number() OVER (PARTITION BY k ORDER BY t, x NULLS LAST)"),
            Expected([](const std::vector<Row>&, size_t i) { return int64_t(i + 1); }));
  EXPECT_EQ(Rows("rank() OVER (PARTITION BY k ORDER BY t)"),
            Expected([](const std::vector<Row>& part, size_t i) {
              size_t first = i;
              while (first > 0 && part[first - 1].t == part[i].t) first--;
              return int64_t(first + 1);
            }));
}

TEST_F(WindowTest, SlidingRowsFrameMatchesASumOverTheFrame) {
  EXPECT_EQ(Rows("sum(x) OVER (PARTITION BY k ORDER BY t, x NULLS LAST ROWS BETWEEN 40 "
                 "PRECEDING AND 3 FOLLOWING)"),
            Expected([](const std::vector<Row>& part, size_t i) {
              return Sum(part, i >= 40 ? i - 40 : 0, std::min(part.size(), i + 4));
            }));
}

TEST_F(WindowTest, RunningAndWholePartitionSums) {
  EXPECT_EQ(Rows("sum(x) OVER (PARTITION BY k ORDER BY t)"),
            Expected([](const std::vector<Row>& part, size_t i) {
              size_t end = i + 1;
              while (end < part.size() && part[end].t == part[i].t) end++;
              return Sum(part, 0, end);
            }));
  EXPECT_EQ(
      Rows("sum(x) OVER (PARTITION BY k)"),
      Expected([](const std::vector<Row>& part, size_t) { return Sum(part, 0, part.size()); }));
}

TEST_F(WindowTest, RangeFrameFindsTheRowsWithinTheOffset) {
  EXPECT_EQ(Rows("count(x) OVER (PARTITION BY k ORDER BY t RANGE BETWEEN 25 PRECEDING AND 10 "
                 "FOLLOWING)"),
            Expected([](const std::vector<Row>& part, size_t i) {
              int64_t n = 0;
              for (const Row& r : part) {
                if (!r.x_null && r.t >= part[i].t - 25 && r.t <= part[i].t + 10) n++;
              }
              return n;
            }));
}

TEST_F(WindowTest, LagReadsTheRowBeforeWithinThePartition) {
  EXPECT_EQ(Rows("lag(x, 5) OVER (PARTITION BY k ORDER BY t, x NULLS LAST)"),
            Expected([](const std::vector<Row>& part, size_t i) {
              return i < 5 || part[i - 5].x_null ? INT64_MIN : part[i - 5].x;
            }));
}

TEST_F(WindowTest, OneThreadAndFourThreadsGiveTheSameRows) {
  const std::string query =
      "SELECT k, t, x, row_number() OVER w, sum(x) OVER (w ROWS BETWEEN 100 PRECEDING AND "
      "CURRENT ROW), min(x) OVER (w GROUPS BETWEEN 2 PRECEDING AND 2 FOLLOWING), "
      "first_value(x IGNORE NULLS) OVER (w ROWS BETWEEN 3 FOLLOWING AND 9 FOLLOWING) FROM r "
      "WINDOW w AS (PARTITION BY k ORDER BY t, x NULLS LAST) ORDER BY k, t, x NULLS LAST";
  con_.Execute("SET threads = 1");
  Result one = con_.Query(query);
  con_.Execute("SET threads = 4");
  Result four = con_.Query(query);
  ASSERT_EQ(one.RowCount(), 20000u);
  ASSERT_EQ(four.RowCount(), 20000u);
  for (idx_t i = 0; i < one.RowCount(); i++) {
    for (idx_t c = 0; c < 7; c++) {
      ASSERT_EQ(one.GetValue(c, i), four.GetValue(c, i)) << "row " << i << " column " << c;
    }
  }
}

TEST_F(WindowTest, AFailingFrameOffsetIsAnErrorAndTheConnectionGoesOn) {
  EXPECT_THROW(con_.Query("SELECT sum(x) OVER (ORDER BY t ROWS BETWEEN x - 500 PRECEDING AND "
                          "CURRENT ROW) FROM r"),
               InvalidInputError);
  EXPECT_EQ(con_.Query("SELECT count(*) FROM r").GetValue(0, 0), Value::BigInt(20000));
}

}  // namespace
}  // namespace teal
