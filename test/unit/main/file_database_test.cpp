// File databases: what committed is there after reopening, after a power cut at any
// commit, and after a failed sync at any commit; group commit keeps a commit invisible
// until it is durable; a failed shared sync invalidates the database; the file is locked.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "main/database_instance.hpp"
#include "main/file_database_helpers.hpp"
#include "os/fault_file_system.hpp"
#include "os/gated_file_system.hpp"
#include "os/memory_file_system.hpp"
#include "storage/write_ahead_log.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "db.teal";

std::unique_ptr<Database> OpenOn(FileSystem& fs, bool checkpoint_on_close = false) {
  return OpenFileDatabase(fs, kPath, checkpoint_on_close);
}

/// Every row of every table, as text, in a fixed order.
std::string Dump(Connection& con) {
  return QueryTexts(con, {"SELECT * FROM a ORDER BY ALL", "SELECT * FROM b ORDER BY ALL",
                          "SELECT count(*) FROM gone",
                          // The sequence's position (currval is the session's own).
                          "SELECT last_value FROM duckdb_sequences() WHERE sequence_name = 'seq'"});
}

/// A workload of single-statement commits and multi-statement transactions.
const std::vector<std::string> kWorkload = {
    "CREATE TABLE a (id INTEGER PRIMARY KEY, s VARCHAR, l INTEGER[])",
    "INSERT INTO a VALUES (1, 'one', [1]), (2, 'a string longer than twelve', NULL)",
    "INSERT INTO a SELECT range + 10, 'r' || range, [range, range] FROM range(3000)",
    "UPDATE a SET s = 'updated' WHERE id % 7 = 0",
    "DELETE FROM a WHERE id % 5 = 0",
    "BEGIN; INSERT INTO a VALUES (5, 'five', []); UPDATE a SET l = [9] WHERE id = 1; COMMIT",
    "CREATE SEQUENCE seq START 100",
    "CREATE TABLE b AS SELECT id, nextval('seq') AS n FROM a WHERE id < 30",
    "ALTER TABLE b ADD COLUMN flag BOOLEAN DEFAULT true",
    "BEGIN; DELETE FROM b WHERE id = 12; INSERT INTO b VALUES (-1, nextval('seq'), false); COMMIT",
    "CREATE INDEX a_s ON a (s)",
    "ALTER TABLE a RENAME COLUMN s TO text",
    "BEGIN; CREATE TABLE gone (x INTEGER); INSERT INTO gone VALUES (1); DROP TABLE gone; COMMIT",
    "UPDATE b SET n = n + 1000 WHERE flag",
};

/// What an in-memory database holds after the first `k` statements of the workload.
std::string Expected(size_t k) {
  Database db;
  Connection con(db);
  for (size_t i = 0; i < k; i++) con.Execute(kWorkload[i]);
  return Dump(con);
}

TEST(FileDatabaseTest, ReopenedItHoldsEveryCommitAndItsKeys) {
  for (bool checkpoint : {false, true}) {
    SCOPED_TRACE(checkpoint ? "checkpointed at close" : "from the log alone");
    MemoryFileSystem fs;
    {
      auto db = OpenOn(fs, checkpoint);
      Connection con(*db);
      for (const auto& sql : kWorkload) con.Execute(sql);
    }
    EXPECT_EQ(ReadWriteAheadLog(fs, kPath + ".wal").transactions.empty(), checkpoint);
    Database reference;
    Connection expected(reference);
    for (const auto& sql : kWorkload) expected.Execute(sql);
    std::string before;
    {
      auto db = OpenOn(fs, checkpoint);
      Connection con(*db);
      EXPECT_EQ(Dump(con), Dump(expected));
      EXPECT_THROW(con.Execute("INSERT INTO a VALUES (1, 'again', NULL)"), ConstraintError);
      EXPECT_EQ(con.Query("SELECT nextval('seq')").GetValue(0, 0),
                expected.Query("SELECT nextval('seq')").GetValue(0, 0));
      // And once more, with the commits of the reopened database on top.
      con.Execute("INSERT INTO a VALUES (100000, 'after reopening', NULL)");
      before = Dump(con);
    }
    auto again = OpenOn(fs);
    Connection con2(*again);
    EXPECT_EQ(Dump(con2), before);
  }
}

TEST(FileDatabaseTest, ATransactionOpenWhenItsConnectionGoesIsRolledBack) {
  // Closed with and without a checkpoint, and with another connection's checkpoint taken
  // while the transaction was open: none of its changes survive.
  for (int mode = 0; mode < 3; mode++) {
    SCOPED_TRACE(mode);
    MemoryFileSystem fs;
    {
      auto db = OpenOn(fs, /*checkpoint_on_close=*/mode == 1);
      Connection con(*db);
      con.Execute("CREATE TABLE t (a INTEGER, b INTEGER)");
      con.Execute("INSERT INTO t VALUES (11, 22), (13, 22)");
      Connection open(*db);
      open.Execute("BEGIN");
      open.Execute("UPDATE t SET a = a + 1");
      open.Execute("INSERT INTO t VALUES (99, 99)");
      open.Execute("CREATE TABLE uncommitted (x INTEGER)");
      if (mode == 2) con.Execute("CHECKPOINT");
      // `open` goes first (destroyed in reverse order), then the database.
    }
    auto db = OpenOn(fs);
    Connection con(*db);
    EXPECT_EQ(QueryTexts(con, {"SELECT * FROM t ORDER BY a", "SELECT count(*) FROM uncommitted"}),
              "11|22|\n13|22|\nerror: Table with name uncommitted does not exist!\n");
  }
}

TEST(FileDatabaseTest, APowerCutAfterAnyCommitKeepsExactlyTheCommittedOnes) {
  int tried = 0;
  for (size_t k = 0; k <= kWorkload.size(); k++) {
    for (auto loss : {MemoryFileSystem::PowerLoss::kDrop, MemoryFileSystem::PowerLoss::kTear}) {
      MemoryFileSystem fs;
      {
        auto db = OpenOn(fs);
        Connection con(*db);
        for (size_t i = 0; i < k; i++) con.Execute(kWorkload[i]);
      }
      fs.LosePower(loss, k * 7919);
      auto db = OpenOn(fs);
      Connection con(*db);
      ASSERT_EQ(Dump(con), Expected(k)) << "after " << k << " statements";
      tried++;
    }
  }
  EXPECT_EQ(tried, int(2 * (kWorkload.size() + 1)));
}

TEST(FileDatabaseTest, AFailedSyncAtAnyCommitLosesOnlyThatCommit) {
  // Syncs the workload does: count them once, then fail each in turn.
  idx_t syncs;
  {
    MemoryFileSystem memory;
    FaultInjectingFileSystem fs(memory);
    auto db = OpenOn(fs);
    Connection con(*db);
    const idx_t before = fs.Syncs();
    for (const auto& sql : kWorkload) con.Execute(sql);
    syncs = fs.Syncs() - before;
  }
  ASSERT_GE(syncs, kWorkload.size());
  for (idx_t nth = 1; nth <= syncs; nth++) {
    MemoryFileSystem memory;
    FaultInjectingFileSystem fs(memory);
    size_t done = 0;
    {
      auto db = OpenOn(fs);
      Connection con(*db);
      fs.FailSync(nth);
      for (; done < kWorkload.size(); done++) {
        try {
          con.Execute(kWorkload[done]);
        } catch (const IOError&) {
          break;  // that commit failed and rolled back
        }
      }
      ASSERT_LT(done, kWorkload.size()) << nth;
      if (con.Query("SELECT 1").RowCount() != 1) FAIL();  // the connection still works
      con.Execute("ROLLBACK");  // ends the failed statement's transaction, if it was open
    }
    memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
    auto db = OpenOn(memory);
    Connection con(*db);
    ASSERT_EQ(Dump(con), Expected(done)) << "sync " << nth << " failed at statement " << done;
  }
}

TEST(FileDatabaseTest, ALoneCommitWhoseSyncFailsRollsBackAndTheNextOneWorks) {
  MemoryFileSystem fs;
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    con.Execute("CREATE TABLE t (i INTEGER)");
    con.Execute("SET debug_force_wal_fsync_failure = true");
    EXPECT_THROW(con.Execute("INSERT INTO t VALUES (1)"), IOError);
    EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(0));
    con.Execute("INSERT INTO t VALUES (2)");
  }
  auto again = OpenOn(fs);
  Connection con(*again);
  EXPECT_EQ(con.Query("SELECT list(i) FROM t").GetValue(0, 0).ToString(), "[2]");
}

TEST(FileDatabaseTest, APendingCommitIsInvisibleUntilDurableButAlreadyConflicts) {
  GatedFileSystem fs;
  auto db = OpenOn(fs);
  Connection writer(*db), other(*db), reader(*db);
  writer.Execute("CREATE TABLE t (i INTEGER)");
  writer.Execute("INSERT INTO t VALUES (1)");
  other.Execute("BEGIN");  // another transaction: the commit below shares its sync
  fs.Close();
  std::thread commit([&] { writer.Execute("UPDATE t SET i = 2"); });
  fs.AwaitSyncAtGate();
  // Written and re-tagged, not durable: a new snapshot does not see it, and a write to
  // the row conflicts with it.
  EXPECT_EQ(reader.Query("SELECT i FROM t").GetValue(0, 0), Value::Integer(1));
  reader.Execute("BEGIN");
  EXPECT_THROW(reader.Execute("UPDATE t SET i = 3"), TransactionError);
  reader.Execute("ROLLBACK");
  fs.Open();
  commit.join();
  EXPECT_EQ(reader.Query("SELECT i FROM t").GetValue(0, 0), Value::Integer(2));
  other.Execute("COMMIT");
}

TEST(FileDatabaseTest, AFailedSyncOfOneCommitAloneRollsItBack) {
  MemoryFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  auto db = OpenOn(fs);
  Connection writer(*db), other(*db);
  writer.Execute("CREATE TABLE t (i INTEGER)");
  other.Execute("BEGIN");  // other transactions running do not matter
  fs.FailSync(1);
  EXPECT_THROW(writer.Execute("INSERT INTO t VALUES (1)"), IOError);
  other.Execute("COMMIT");
  writer.Execute("INSERT INTO t VALUES (2)");
  EXPECT_EQ(writer.Query("SELECT list(i) FROM t").GetValue(0, 0).ToString(), "[2]");
}

TEST(FileDatabaseTest, AFailedSharedSyncInvalidatesTheDatabaseAndReopeningRecovers) {
  GatedFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  {
    auto db = OpenOn(fs);
    Connection first(*db), a(*db), b(*db);
    first.Execute("CREATE TABLE t (i INTEGER)");
    WriteAheadLog& log = *db->Instance().Log();
    const idx_t before = log.Size();
    first.Execute("INSERT INTO t VALUES (0)");
    const idx_t per_commit = log.Size() - before;  // one single-row INSERT
    // `first`'s sync waits at the gate; a and b write their commits meanwhile, and the
    // next sync, which covers both, fails.
    memory.Close();
    std::thread t0([&] { first.Execute("INSERT INTO t VALUES (1)"); });
    memory.AwaitSyncAtGate();
    std::atomic<int> failed{0};
    std::thread ta([&] {
      try {
        a.Execute("INSERT INTO t VALUES (2)");
      } catch (const IOError&) {
        failed++;
      }
    });
    std::thread tb([&] {
      try {
        b.Execute("INSERT INTO t VALUES (3)");
      } catch (const IOError&) {
        failed++;
      }
    });
    // Wait until all three commits are written (none is durable yet).
    while (log.Size() < log.DurableOffset() + 3 * per_commit) std::this_thread::yield();
    fs.FailSync(1);
    memory.Open();
    t0.join();
    ta.join();
    tb.join();
    EXPECT_EQ(failed.load(), 2);
    try {
      first.Execute("INSERT INTO t VALUES (4)");
      FAIL() << "a write after a failed shared sync went through";
    } catch (const IOError& e) {
      EXPECT_NE(std::string(e.what()).find("invalidated"), std::string::npos) << e.what();
    }
    // Reads still work, and show the commits that returned.
    EXPECT_EQ(first.Query("SELECT count(*), max(i) FROM t").GetValue(1, 0), Value::Integer(1));
  }
  memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  auto db = OpenOn(memory);
  Connection con(*db);
  // Every commit that returned; the two that failed may or may not have reached the disk.
  auto kept = con.Query("SELECT sum(CASE WHEN i <= 1 THEN 1 ELSE 0 END), count(*) FROM t");
  EXPECT_EQ(kept.GetValue(0, 0).CastAs(TypeId::kBigInt), Value::BigInt(2));
  EXPECT_LE(kept.GetValue(1, 0).GetStored<int64_t>(), 4);
  con.Execute("INSERT INTO t VALUES (5)");
}

TEST(FileDatabaseTest, ALogDamagedInTheMiddleRefusesToOpenUnlessRecoveryIsAsked) {
  MemoryFileSystem fs;
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    con.Execute("CREATE TABLE t (i INTEGER)");
    for (int i = 0; i < 5; i++) con.Execute("INSERT INTO t VALUES (" + std::to_string(i) + ")");
  }
  const std::string log = kPath + ".wal";
  idx_t damaged;
  {
    // The third INSERT's records: damage a byte of its payload.
    const WalContents contents = ReadWriteAheadLog(fs, log);
    ASSERT_EQ(contents.transactions.size(), 6u);
    auto file = fs.Open(log, FileOpenFlags{.write = true});
    const idx_t size = file->Size();
    damaged = size - (size - kWalHeaderSize) / 6 * 2;  // inside a late transaction
    char byte;
    file->Read(&byte, 1, damaged);
    byte ^= 0x40;
    file->Write(&byte, 1, damaged);
    file->Sync();
  }
  try {
    OpenOn(fs);
    FAIL() << "opened a log damaged in its middle";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("write-ahead log \"db.teal.wal\" is corrupt at offset"),
              std::string::npos)
        << e.what();
  }
  auto instance = std::make_shared<DatabaseInstance>();
  DatabaseInstance::Open(instance, fs, kPath, DatabaseOptions{.recover_log = true});
  Database db(instance);
  Connection con(db);
  const int64_t kept = con.Query("SELECT count(*) FROM t").GetValue(0, 0).GetStored<int64_t>();
  EXPECT_GE(kept, 1);
  EXPECT_LT(kept, 5);
  // The rows kept are a prefix of the commits.
  EXPECT_EQ(con.Query("SELECT max(i) FROM t").GetValue(0, 0).GetStored<int32_t>(), kept - 1);
}

TEST(FileDatabaseTest, ADatabaseFileOpensForOneDatabaseAtATime) {
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  EXPECT_THROW(OpenOn(fs), IOError);
  db.reset();
  OpenOn(fs);
}

TEST(FileDatabaseTest, OnDiskThroughTheDatabaseHandle) {
  char dir_template[] = "/tmp/teal-file-db-XXXXXX";
  ASSERT_NE(::mkdtemp(dir_template), nullptr);
  const std::string path = std::string(dir_template) + "/x.teal";
  {
    Database db(path);
    Connection con(db);
    con.Execute("CREATE TABLE t (i INTEGER, s VARCHAR)");
    con.Execute("INSERT INTO t SELECT range, 'row ' || range FROM range(10000)");
    try {
      Database second(path);
      FAIL() << "opened twice";
    } catch (const IOError& e) {
      EXPECT_NE(std::string(e.what()).find("in use"), std::string::npos) << e.what();
    }
  }
  {
    Database db(path);
    Connection con(db);
    EXPECT_EQ(con.Query("SELECT count(*), max(s) FROM t").GetValue(1, 0),
              Value::Varchar("row 9999"));
    // A writer keeps readers out too.
    EXPECT_THROW(Database(path, DatabaseOptions{.read_only = true}), IOError);
  }
  {
    // Readers share the file (a POSIX read lock, several handles and processes) and keep
    // a writer out.
    Database reader1(path, DatabaseOptions{.read_only = true});
    Database reader2(path, DatabaseOptions{.read_only = true});
    EXPECT_THROW(Database{path}, IOError);
    Connection con(reader2);
    EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(10000));
    EXPECT_THROW(con.Execute("DELETE FROM t"), InvalidInputError);
  }
  {
    Database db(path);  // the readers are gone
  }
  std::filesystem::remove_all(dir_template);
}

}  // namespace
}  // namespace teal
