// What connections sharing a database see of each other's statements until transactions
// exist (include/teal/connection.hpp): no isolation. The interleavings are made
// deterministic by reading a streaming result a chunk at a time around another
// connection's statement.
#include <gtest/gtest.h>

#include "teal/connection.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

/// Rows of the chunks `result` has left.
idx_t RemainingRows(Result& result) {
  idx_t rows = 0;
  while (const Chunk* chunk = result.NextChunk()) rows += chunk->size();
  return rows;
}

class ConcurrencyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    writer_.Execute("CREATE TABLE t(i BIGINT)");
    writer_.Execute("INSERT INTO t SELECT range FROM range(10000)");
  }
  Database db_;
  Connection reader_{db_};
  Connection writer_{db_};
};

TEST_F(ConcurrencyTest, AQuerySeesADeleteInTheRowsItReadsAfterIt) {
  Result result = reader_.Query("SELECT i FROM t");
  const Chunk* first = result.NextChunk();
  ASSERT_NE(first, nullptr);
  const idx_t before = first->size();
  EXPECT_EQ(before, kVectorSize);
  writer_.Execute("DELETE FROM t");
  // Neither the 10,000 rows of the table it started on nor none: half of the DELETE.
  EXPECT_EQ(before + RemainingRows(result), kVectorSize);
}

TEST_F(ConcurrencyTest, AQuerySeesAnInsertThatLandsAfterWhereItHasRead) {
  Result result = reader_.Query("SELECT i FROM t");
  ASSERT_NE(result.NextChunk(), nullptr);
  writer_.Execute("INSERT INTO t SELECT range FROM range(5000)");
  EXPECT_EQ(kVectorSize + RemainingRows(result), 15000u);
}

TEST_F(ConcurrencyTest, AQuerySeesAnUpdateOnlyInTheRowsItReadsAfterIt) {
  Result result = reader_.Query("SELECT i FROM t");
  const Chunk* first = result.NextChunk();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->Values<int64_t>(0)[0], 0);
  writer_.Execute("UPDATE t SET i = -1");
  const Chunk* second = result.NextChunk();
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->Values<int64_t>(0)[0], -1);  // row 2048, updated after the first chunk
}

TEST_F(ConcurrencyTest, AFailedStatementOfOneConnectionLeavesNothingForTheOther) {
  writer_.Execute("CREATE UNIQUE INDEX t_i ON t(i)");
  EXPECT_THROW(writer_.Execute("INSERT INTO t VALUES (20000), (20001), (5)"), ConstraintError);
  EXPECT_THROW(writer_.Execute("UPDATE t SET i = 5 WHERE i >= 9000"), ConstraintError);
  EXPECT_EQ(reader_.Query("SELECT count(*), sum(i) FROM t").GetValue(1, 0),
            Value::HugeInt(hugeint_t(49995000)));
}

}  // namespace
}  // namespace teal
