// What connections sharing a database see of each other's statements until transactions
// exist (include/teal/connection.hpp): no isolation. The interleavings are made
// deterministic by reading a streaming result a chunk at a time around another
// connection's statement.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
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

namespace teal {

// Several connections on several threads at once: appends never lose rows, each
// statement is atomic, and queries on other threads always see whole statements of the
// rows they read (no crash, no torn row). Run under the sanitizer build too.
TEST(ConcurrentConnectionsTest, ThreadsWithTheirOwnConnectionsInsertAndReadAtOnce) {
  Database db;
  Connection setup(db);
  setup.Execute("CREATE TABLE shared (thread INTEGER, i INTEGER, s VARCHAR)");
  setup.Execute("CREATE TABLE keyed (k BIGINT PRIMARY KEY)");
  constexpr int kThreads = 4, kStatements = 50, kRows = 20;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; t++) {
    threads.emplace_back([&db, &failures, t] {
      Connection con(db);
      for (int n = 0; n < kStatements; n++) {
        std::string sql = "INSERT INTO shared VALUES ";
        for (int r = 0; r < kRows; r++) {
          sql += (r ? ", (" : "(") + std::to_string(t) + ", " + std::to_string(n * kRows + r) +
                 ", 'a string longer than twelve bytes " + std::to_string(r) + "')";
        }
        con.Execute(sql);
        // Keys overlap between threads: exactly one insert of each key wins.
        try {
          con.Execute("INSERT INTO keyed VALUES (" + std::to_string(n) + ")");
        } catch (const ConstraintError&) {
        }
        auto counted = con.Query("SELECT count(*), count(DISTINCT s) FROM shared WHERE thread = " +
                                 std::to_string(t));
        // This thread's own rows are all there: its statements are done.
        if (counted.GetValue(0, 0).GetStored<int64_t>() != (n + 1) * kRows) failures++;
        if (counted.GetValue(1, 0).GetStored<int64_t>() != kRows) failures++;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  auto totals = setup.Query("SELECT count(*), count(DISTINCT thread), sum(i) FROM shared");
  EXPECT_EQ(totals.GetValue(0, 0).GetStored<int64_t>(), kThreads * kStatements * kRows);
  EXPECT_EQ(totals.GetValue(1, 0).GetStored<int64_t>(), kThreads);
  const int64_t per_thread = int64_t{kStatements * kRows} * (kStatements * kRows - 1) / 2;
  EXPECT_EQ(totals.GetValue(2, 0).CastAs(TypeId::kBigInt).GetStored<int64_t>(),
            kThreads * per_thread);
  EXPECT_EQ(setup.Query("SELECT count(*) FROM keyed").GetValue(0, 0).GetStored<int64_t>(),
            kStatements);
}

}  // namespace teal
