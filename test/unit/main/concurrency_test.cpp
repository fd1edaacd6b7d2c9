// What connections sharing a database see of each other's statements: snapshot
// isolation (src/transaction/transaction.hpp). The interleavings are made deterministic
// by reading a streaming result a chunk at a time around another connection's statement;
// the threaded tests check the invariants a snapshot guarantees under ThreadSanitizer.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "teal/appender.hpp"
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

TEST_F(ConcurrencyTest, AStreamedQueryKeepsItsSnapshotAcrossADelete) {
  Result result = reader_.Query("SELECT i FROM t");
  const Chunk* first = result.NextChunk();
  ASSERT_NE(first, nullptr);
  const idx_t before = first->size();
  EXPECT_EQ(before, kVectorSize);
  writer_.Execute("DELETE FROM t");
  EXPECT_EQ(before + RemainingRows(result), 10000u);
  EXPECT_EQ(reader_.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(0));
}

TEST_F(ConcurrencyTest, AStreamedQueryDoesNotSeeAnInsertCommittedAfterItBegan) {
  Result result = reader_.Query("SELECT i FROM t");
  ASSERT_NE(result.NextChunk(), nullptr);
  writer_.Execute("INSERT INTO t SELECT range FROM range(5000)");
  EXPECT_EQ(kVectorSize + RemainingRows(result), 10000u);
}

TEST_F(ConcurrencyTest, AStreamedQueryReadsTheValuesOfItsSnapshotAfterAnUpdate) {
  Result result = reader_.Query("SELECT i FROM t");
  const Chunk* first = result.NextChunk();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->Values<int64_t>(0)[0], 0);
  writer_.Execute("UPDATE t SET i = -1");
  const Chunk* second = result.NextChunk();
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->Values<int64_t>(0)[0], 2048);  // its snapshot's value, not the update's
  EXPECT_EQ(reader_.Query("SELECT min(i), max(i) FROM t").GetValue(1, 0), Value::BigInt(-1));
}

TEST_F(ConcurrencyTest, AResultStreamingInATransactionIsReadBeforeTheTransactionChangesIt) {
  reader_.Execute("BEGIN");
  Result result = reader_.Query("SELECT i FROM t");
  ASSERT_NE(result.NextChunk(), nullptr);
  // The rest of the result is read before the UPDATE runs: it shows the old values.
  reader_.Execute("UPDATE t SET i = i + 1000000");
  const Chunk* second = result.NextChunk();
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->Values<int64_t>(0)[0], 2048);
  EXPECT_EQ(kVectorSize * 2 + RemainingRows(result), 10000u);
  reader_.Execute("ROLLBACK");
  EXPECT_EQ(reader_.Query("SELECT max(i) FROM t").GetValue(0, 0), Value::BigInt(9999));
}

TEST_F(ConcurrencyTest, TheAppenderWritesInItsConnectionsTransaction) {
  writer_.Execute("BEGIN");
  {
    Appender appender(writer_, "t");
    for (int64_t i = 0; i < 5000; i++) appender.AppendRow(-i);
    appender.Flush();
    // Flushed, not committed: the other connection does not see the rows.
    EXPECT_EQ(reader_.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(10000));
    EXPECT_EQ(writer_.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(15000));
  }
  writer_.Execute("ROLLBACK");
  EXPECT_EQ(reader_.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(10000));
  {
    // Outside BEGIN each flush commits.
    Appender appender(writer_, "t");
    appender.AppendRow(int64_t{-1});
    appender.Flush();
    EXPECT_EQ(reader_.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(10001));
  }
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
        // Keys overlap between threads: exactly one insert of each key wins. A loser
        // fails with ConstraintError when the winner has committed, TransactionError
        // while it has not.
        try {
          con.Execute("INSERT INTO keyed VALUES (" + std::to_string(n) + ")");
        } catch (const ConstraintError&) {
        } catch (const TransactionError&) {
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

// The bank-transfer invariant: threads move money between accounts in transactions
// (retrying when they lose a write-write conflict) and append to a ledger, while readers
// check in every snapshot that the total never changes and that the ledger and the
// transfer count agree. Built and run under ThreadSanitizer in CI.
TEST(ConcurrencyBankTest, EverySnapshotSeesTheSameTotal) {
  Database db;
  Connection setup(db);
  constexpr int kAccounts = 10, kWriters = 3, kTransfers = 60, kReaders = 2;
  setup.Execute("CREATE TABLE account (id INTEGER PRIMARY KEY, balance BIGINT)");
  setup.Execute("CREATE TABLE ledger (writer INTEGER, amount BIGINT)");
  setup.Execute("INSERT INTO account SELECT range, 1000 FROM range(" + std::to_string(kAccounts) +
                ")");
  std::atomic<int> failures{0}, conflicts{0};
  std::atomic<bool> done{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; w++) {
    threads.emplace_back([&, w] {
      Connection con(db);
      for (int n = 0; n < kTransfers; n++) {
        const int from = (w * 7 + n) % kAccounts, to = (w * 3 + n * 5 + 1) % kAccounts;
        const int amount = 1 + (n % 13);
        while (true) {
          try {
            con.Execute("BEGIN");
            con.Execute("UPDATE account SET balance = balance - " + std::to_string(amount) +
                        " WHERE id = " + std::to_string(from));
            con.Execute("UPDATE account SET balance = balance + " + std::to_string(amount) +
                        " WHERE id = " + std::to_string(to));
            Appender ledger(con, "ledger");
            ledger.AppendRow(w, int64_t{amount});
            ledger.Close();
            con.Execute("COMMIT");
            break;
          } catch (const TransactionError&) {
            conflicts++;
            con.Execute("ROLLBACK");
          }
        }
      }
    });
  }
  for (int r = 0; r < kReaders; r++) {
    threads.emplace_back([&] {
      Connection con(db);
      while (!done.load()) {
        if (con.Query("SELECT sum(balance) FROM account").GetValue(0, 0) !=
            Value::HugeInt(hugeint_t(kAccounts * 1000))) {
          failures++;
        }
        // Two reads in one transaction see one snapshot.
        con.Execute("BEGIN");
        Value rows = con.Query("SELECT count(*) FROM ledger").GetValue(0, 0);
        Value total = con.Query("SELECT sum(balance) FROM account").GetValue(0, 0);
        if (con.Query("SELECT count(*) FROM ledger").GetValue(0, 0) != rows) failures++;
        if (total != Value::HugeInt(hugeint_t(kAccounts * 1000))) failures++;
        con.Execute("COMMIT");
      }
    });
  }
  for (int w = 0; w < kWriters; w++) threads[w].join();
  done = true;
  for (size_t t = kWriters; t < threads.size(); t++) threads[t].join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(setup.Query("SELECT sum(balance) FROM account").GetValue(0, 0),
            Value::HugeInt(hugeint_t(kAccounts * 1000)));
  EXPECT_EQ(setup.Query("SELECT count(*) FROM ledger").GetValue(0, 0),
            Value::BigInt(kWriters * kTransfers));
}

}  // namespace teal
