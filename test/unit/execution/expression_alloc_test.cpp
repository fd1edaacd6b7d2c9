// Expression state: an operator evaluates its expressions into vectors allocated once per
// operator and thread, so a query allocates no more per chunk for a deep expression than
// for a bare column (counted by alloc_counter.hpp).
//
// A query's allocations per chunk are measured as the difference between a run over a
// table of 60 chunks and one over 20 chunks (the same query, the same plan), divided by
// the 40 chunks between them: what every query allocates once (parsing, planning,
// operator states, the result) cancels out.
#include <gtest/gtest.h>

#include <string>

#include "alloc_counter.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

using counting::AllocationsOf;

class ExpressionAllocTest : public ::testing::Test {
 protected:
  void SetUp() override {
    con_.Execute("SET threads = 1");
    con_.Execute("CREATE TABLE few AS SELECT range AS x, range % 5 AS y FROM range(40960)");
    con_.Execute("CREATE TABLE many AS SELECT range AS x, range % 5 AS y FROM range(122880)");
  }

  /// Allocations per chunk of `query`, whose table is written as `FROM T`.
  double PerChunk(const std::string& query) {
    auto on = [&](const std::string& table) {
      std::string sql = query;
      sql.replace(sql.find("FROM T"), 6, "FROM " + table);
      return sql;
    };
    const std::string few = on("few"), many = on("many");
    auto run = [&](const std::string& sql) { EXPECT_GT(con_.Query(sql).RowCount(), 0u); };
    run(few);  // warm-up: caches, statistics
    run(many);
    long a = AllocationsOf([&] { run(few); });
    long b = AllocationsOf([&] { run(many); });
    return static_cast<double>(b - a) / 40.0;
  }

  Database db_;
  Connection con_{db_};
};

TEST_F(ExpressionAllocTest, DeepProjectionAllocatesAsMuchAsAColumn) {
  // Both have a projection (of one node, and of fourteen).
  double column = PerChunk("SELECT sum(x + y) FROM T");
  double deep = PerChunk("SELECT sum(((x + 1) * 2 - y) % 7 + abs(x - 3) * (y + 1)) FROM T");
  RecordProperty("column_per_chunk", std::to_string(column));
  RecordProperty("deep_per_chunk", std::to_string(deep));
  EXPECT_LE(deep, column + 0.5) << "column " << column << ", deep " << deep;
}

TEST_F(ExpressionAllocTest, DeepFilterAllocatesAsMuchAsAComparison) {
  // Both are filters evaluated over the whole chunk (of three nodes, and of fifteen) that
  // keep the same rows.
  double simple = PerChunk("SELECT count(*) FROM T WHERE x + y <> -1");
  double deep =
      PerChunk("SELECT count(*) FROM T WHERE ((x + 1) % 3 <> 7 AND y * 2 < 70) OR x + y < 0");
  EXPECT_LE(deep, simple + 0.5) << "simple " << simple << ", deep " << deep;
}

TEST_F(ExpressionAllocTest, GroupKeysAndArgumentsReuseTheirVectors) {
  double plain = PerChunk("SELECT y, sum(x) FROM T GROUP BY y");
  double computed = PerChunk("SELECT y + 1, sum(x * 2 + y), max(x - y) FROM T GROUP BY y + 1");
  EXPECT_LE(computed, plain + 0.5) << "plain " << plain << ", computed " << computed;
}

TEST_F(ExpressionAllocTest, CaseAndInListReuseTheirVectors) {
  double plain = PerChunk("SELECT sum(x + y) FROM T");
  double in_list = PerChunk("SELECT sum(CASE WHEN y IN (1, 3) THEN x * 2 ELSE -x END) FROM T");
  // CASE evaluates each branch on its rows, copied out of the chunk into vectors reused
  // as well.
  EXPECT_LE(in_list, plain + 0.5) << "plain " << plain << ", case " << in_list;
}

}  // namespace
}  // namespace teal
