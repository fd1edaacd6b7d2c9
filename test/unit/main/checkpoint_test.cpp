// Checkpoints of a file database: what they write comes back whole (every type, row ids
// and deleted rows, the schema, sequences), the log restarts after them, commits after
// them replay on top, blocks are reused, damage is reported, and read-only opening.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "catalog/catalog.hpp"
#include "index/art/art.hpp"
#include "index/art/art_key.hpp"
#include "main/database_instance.hpp"
#include "main/file_database_helpers.hpp"
#include "os/fault_file_system.hpp"
#include "os/memory_file_system.hpp"
#include "storage/database_file.hpp"
#include "storage/vector_codec.hpp"
#include "storage/write_ahead_log.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "c.teal";
const std::string kLog = kPath + ".wal";

std::unique_ptr<Database> OpenOn(FileSystem& fs, DatabaseOptions options = {},
                                 bool checkpoint_on_close = false) {
  return OpenFileDatabase(fs, kPath, checkpoint_on_close, options);
}

const std::vector<std::string> kSchema = {
    "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
    "CREATE SEQUENCE ids START 10 INCREMENT BY 5",
    "CREATE TABLE t (id BIGINT PRIMARY KEY, i INTEGER NOT NULL DEFAULT 7, h HUGEINT, "
    "d DECIMAL(18, 3), f DOUBLE, s VARCHAR, b BLOB, dt DATE, ts TIMESTAMP, iv INTERVAL, "
    "u UUID, m mood, l VARCHAR[], n BIGINT DEFAULT "
    "nextval('ids'))",
    "CREATE UNIQUE INDEX t_s ON t (s)",
    "CREATE VIEW v AS SELECT id, s FROM t WHERE id % 3 = 0",
    "INSERT INTO t (id, i, h, d, f, s, b, dt, ts, iv, u, m, l) SELECT range, range % 100, "
    "range * 100000000000, range / 7, range / 3.0, CASE WHEN range % 11 = 0 THEN NULL ELSE "
    "'row ' || range || repeat('x', range % 30) END, 'b'::BLOB, DATE '2020-01-01' + "
    "CAST(range % 1000 AS INTEGER), TIMESTAMP '2020-01-01 00:00:00' + INTERVAL '1 second' * "
    "range, INTERVAL '1 day' * (range % 40), 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', ['sad', 'ok', "
    "'happy'][range % 3 + 1], [range::VARCHAR, NULL] FROM "
    "range(300000)",
    // Whole vectors, a row group's worth, single rows and the last rows go.
    "DELETE FROM t WHERE id BETWEEN 4096 AND 8191 OR id BETWEEN 122880 AND 245759 OR id % 997 "
    "= 0 OR id >= 299990",
    "UPDATE t SET f = -f, s = s || '!' WHERE id % 13 = 0",
};

const std::vector<std::string> kChecks = {
    "SELECT count(*), sum(id), sum(i), sum(h), sum(d), sum(f), count(s), sum(length(s)), "
    "min(dt), max(ts), sum(iv), count(DISTINCT u), count(m), sum(len(l)), "
    "min(n), max(n) FROM t",
    "SELECT * FROM t WHERE id IN (0, 1, 12, 13, 8192, 299989) ORDER BY id",
    "SELECT m, count(*) FROM t GROUP BY m ORDER BY m",
    "SELECT count(*) FROM v",
    "SELECT last_value FROM duckdb_sequences() WHERE sequence_name = 'ids'",
    "SELECT id FROM t WHERE s = 'row 5xxxxx'",
};

TEST(CheckpointTest, ACheckpointHoldsEveryTypeRowAndSchemaObjectAndTheLogRestarts) {
  MemoryFileSystem fs;
  std::string before;
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    for (const auto& sql : kSchema) con.Execute(sql);
    con.Execute("CHECKPOINT");
    EXPECT_GE(db->Instance().Checkpoints(), 1u);
    // The log holds nothing the checkpoint has.
    EXPECT_TRUE(ReadWriteAheadLog(fs, kLog).transactions.empty());
    EXPECT_GT(db->Instance().File()->UsedBlocks().size(), 10u);
    // A value handed out by a query that writes nothing is never handed out again.
    EXPECT_EQ(con.Query("SELECT nextval('ids')").GetValue(0, 0), Value::BigInt(1500010));
    before = QueryTexts(con, kChecks);
  }
  auto db = OpenOn(fs);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, kChecks), before);
  EXPECT_EQ(con.Query("SELECT nextval('ids')").GetValue(0, 0), Value::BigInt(1500015));
  // Row ids survived: a key that a deleted row held is free, the others are taken.
  EXPECT_THROW(con.Execute("INSERT INTO t (id) VALUES (1)"), ConstraintError);
  con.Execute("INSERT INTO t (id) VALUES (4096)");
  EXPECT_EQ(con.Query("SELECT i, n FROM t WHERE id = 4096").GetValue(0, 0), Value::Integer(7));
}

TEST(CheckpointTest, EveryForcedCompressionMethodKeepsEveryValue) {
  // Each method where it fits the values, the others left to the automatic choice.
  for (const char* method : {"uncompressed", "constant", "rle", "bitpacking", "dictionary"}) {
    SCOPED_TRACE(method);
    MemoryFileSystem fs;
    std::string before;
    {
      auto db = OpenOn(fs);
      Connection con(*db);
      con.Execute(fmt::format("SET force_compression = '{}'", method));
      for (std::string sql : kSchema) {
        // A tenth of the rows: every type still fills vectors of each kind.
        if (const size_t at = sql.find("range(300000)"); at != std::string::npos) {
          sql.replace(at, 13, "range(30000)");
        }
        con.Execute(sql);
      }
      con.Execute("CHECKPOINT");
      before = QueryTexts(con, kChecks);
      const std::string used = con.Query(
                                      "SELECT string_agg(DISTINCT lower(compression), ',') FROM "
                                      "pragma_storage_info('t') WHERE segment_type <> 'VALIDITY'")
                                   .GetValue(0, 0)
                                   .ToString();
      if (std::string_view(method) != "constant") {
        EXPECT_NE(used.find(method), std::string::npos) << used;
      }
    }
    auto db = OpenOn(fs);
    Connection con(*db);
    EXPECT_EQ(QueryTexts(con, kChecks), before);
  }
}

TEST(CheckpointTest, AnImageOfVersionTwoIsStillRead) {
  // Version 2 wrote every vector with the vector codec, uncompressed.
  MemoryFileSystem fs;
  {
    auto handle = fs.Open(kPath, FileOpenFlags{.write = true, .create = true});
    DatabaseFile file(std::move(handle), false);
    DatabaseFile::ChainWriter out(file);
    std::string image;
    auto put32 = [&](uint32_t v) { image.append(reinterpret_cast<const char*>(&v), 4); };
    auto put64 = [&](uint64_t v) { image.append(reinterpret_cast<const char*>(&v), 8); };
    auto text = [&](std::string_view t) {
      put32(static_cast<uint32_t>(t.size()));
      image.append(t);
    };
    put32(2);
    put64(kRowGroupSize);
    put32(1);
    text("CREATE TABLE t (a INTEGER, s VARCHAR)");
    put32(0);  // sequences
    put32(1);  // tables
    text("t");
    put64(1);  // oid
    put64(3);  // rows
    put32(2);  // columns
    put32(3);  // a run of three slots from row 0, rows 0 and 2 visible
    put64(0);
    put64(0b101);
    Vector a(LogicalType(TypeId::kInteger), 2);
    a.SetValue(0, Value::Integer(41));
    a.SetValue(1, Value(LogicalType(TypeId::kInteger)));
    Vector s(LogicalType(TypeId::kVarchar), 2);
    s.SetValue(0, Value::Varchar("first"));
    s.SetValue(1, Value::Varchar("a string longer than twelve bytes"));
    std::string payload;
    EncodeVector(a, 2, payload);
    EncodeVector(s, 2, payload);
    put32(static_cast<uint32_t>(payload.size()));
    image += payload;
    put32(0);  // the table ends
    out.Write(image.data(), image.size());
    const uint64_t first = out.Finish();
    file.Commit(out, first, 0, 0);
  }
  auto db = OpenOn(fs);
  Connection con(*db);
  EXPECT_EQ(
      QueryTexts(con,
                 {"SELECT rowid, a, s FROM t ORDER BY rowid",
                  "SELECT DISTINCT compression FROM pragma_storage_info('t') WHERE segment_type <> "
                  "'VALIDITY'"}),
      "0|41|first|\n2|NULL|a string longer than twelve bytes|\nUncompressed|\n");
}

TEST(CheckpointTest, CommitsAfterACheckpointReplayOnTopOfIt) {
  for (bool restart_fails : {false, true}) {
    SCOPED_TRACE(restart_fails ? "the log restart failed" : "the log restarted");
    MemoryFileSystem memory;
    FaultInjectingFileSystem fs(memory);
    std::string expected;
    {
      auto db = OpenOn(fs);
      Connection con(*db);
      con.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, s VARCHAR)");
      con.Execute("INSERT INTO t SELECT range, 'v' || range FROM range(5000)");
      con.Execute("DELETE FROM t WHERE id % 2 = 0");
      if (restart_fails) {
        // The checkpoint's syncs: its blocks, its header, then the new log's sync and the
        // rename. Failing the rename leaves the old log (the header names its salt).
        fs.FailSync(4);
        EXPECT_THROW(con.Execute("CHECKPOINT"), IOError);
        fs.Clear();
        EXPECT_THROW(con.Execute("INSERT INTO t VALUES (-1, 'x')"), IOError);
      } else {
        con.Execute("CHECKPOINT");
        con.Execute("UPDATE t SET s = 'after' WHERE id < 100");
        con.Execute("DELETE FROM t WHERE id BETWEEN 1000 AND 1999");
        con.Execute("INSERT INTO t VALUES (0, 'zero again'), (-5, 'new')");
        con.Execute("ALTER TABLE t ADD COLUMN k INTEGER DEFAULT 3");
        con.Execute("UPDATE t SET k = id WHERE id > 4990");
      }
      expected = QueryTexts(con, {"SELECT * FROM t ORDER BY id"});
    }
    memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
    auto db = OpenOn(memory);
    Connection con(*db);
    EXPECT_EQ(QueryTexts(con, {"SELECT * FROM t ORDER BY id"}), expected);
    if (restart_fails) {
      con.Execute("INSERT INTO t (id) VALUES (-5)");
    } else {
      EXPECT_THROW(con.Execute("INSERT INTO t (id) VALUES (-5)"), ConstraintError);
    }
  }
}

// A checkpoint keeps the rows its snapshot does not see (an open transaction's appends) as
// deleted rows at their ids; that transaction's commit then appends them again from the
// log. The log's later changes of rows the checkpoint did see (their ids above those hidden
// ones) must still find them: replay looked only at the nearest appended run below a row
// id, found the re-appended hidden rows, and refused to open the database ("it names row
// … that no record appended"), seen under concurrent checkpoints (DuckDB's
// concurrent_checkpoint_deletes_insert.test_slow).
TEST(CheckpointTest, ChangesAfterACheckpointFindRowsAboveRowsItDidNotSee) {
  MemoryFileSystem memory;
  std::string expected;
  {
    auto db = OpenOn(memory);
    Connection open(*db), other(*db);
    open.Execute("CREATE TABLE t (i INTEGER)");
    open.Execute("BEGIN");
    open.Execute("INSERT INTO t SELECT range FROM range(100)");        // rows 0-99, not committed
    other.Execute("INSERT INTO t SELECT range FROM range(100, 250)");  // rows 100-249
    other.Execute("CHECKPOINT");  // sees 100-249; 0-99 are kept as deleted rows
    open.Execute("COMMIT");       // the log appends 0-99 again
    other.Execute("DELETE FROM t WHERE i % 2 = 0 AND i >= 100");
    other.Execute("UPDATE t SET i = -i WHERE i IN (101, 3)");
    expected = QueryTexts(other, {"SELECT count(*), sum(i), min(i) FROM t"});
    EXPECT_EQ(expected, "175|17867|-101|\n");
  }
  memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  auto db = OpenOn(memory);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, {"SELECT count(*), sum(i), min(i) FROM t"}), expected);
}

TEST(CheckpointTest, RepeatedCheckpointsReuseTheFreedBlocks) {
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  Connection con(*db);
  con.Execute("CREATE TABLE t (id INTEGER, s VARCHAR)");
  con.Execute("INSERT INTO t SELECT range, repeat('x', 100) FROM range(20000)");
  con.Execute("CHECKPOINT");
  const uint64_t blocks = db->Instance().File()->BlockCount();
  for (int round = 0; round < 20; round++) {
    con.Execute("UPDATE t SET s = repeat('y', 100) || " + std::to_string(round));
    con.Execute("CHECKPOINT");
  }
  // The active checkpoint and the one being written: never more than twice the data.
  EXPECT_LE(db->Instance().File()->BlockCount(), 2 * blocks + 1);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE s LIKE 'y%19'").GetValue(0, 0),
            Value::BigInt(20000));
}

TEST(CheckpointTest, TheLogPastTheThresholdCheckpointsByItself) {
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  Connection con(*db);
  con.Execute("SET checkpoint_threshold = '100KB'");
  con.Execute("CREATE TABLE t (id INTEGER, s VARCHAR)");
  for (int i = 0; i < 40; i++) {
    con.Execute("INSERT INTO t SELECT range, repeat('z', 20) FROM range(" +
                std::to_string(i * 100) + ", " + std::to_string(i * 100 + 100) + ")");
  }
  // The checkpoint thread writes it; the commits did not wait for it.
  db->Instance().WaitForCheckpoints(1);
  EXPECT_LT(fs.Open(kLog, FileOpenFlags{})->Size(), 2 * 100u * 1000 + 16 * 1024);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(4000));
}

TEST(CheckpointTest, TheAutomaticCheckpointWaitsWhileAnAppenderIsOpen) {
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  Connection con(*db);
  con.Execute("SET checkpoint_threshold = '50KB'");
  con.Execute("CREATE TABLE t (id INTEGER, s VARCHAR)");
  {
    Appender app(con, "t");
    app.AppendRow(0, "open");
    // Past the threshold (about 110 KB of log), not past four times it: the checkpoint
    // waits for the appender.
    con.Execute("INSERT INTO t SELECT range, repeat('z', 100) FROM range(1, 1000)");
    ASSERT_GT(db->Instance().Log()->Size(), 50u * 1000);
    EXPECT_EQ(db->Instance().Checkpoints(), 0u);
    app.Close();
  }
  db->Instance().WaitForCheckpoints(1);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(1000));
}

TEST(CheckpointTest, ADamagedBlockIsAnErrorNamingTheFileAndBlock) {
  MemoryFileSystem fs;
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    con.Execute("CREATE TABLE t AS SELECT range AS i FROM range(100000)");
    con.Execute("CHECKPOINT");
  }
  {
    auto file = fs.Open(kPath, FileOpenFlags{.write = true});
    const char bad = 0x5a;
    file->Write(&bad, 1, 3 * 4096 + 1000);  // inside block 0's payload
    file->Sync();
  }
  try {
    OpenOn(fs);
    FAIL() << "opened a damaged file";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("\"c.teal\" is corrupt: block 0"), std::string::npos)
        << e.what();
  }
}

TEST(CheckpointTest, AFileThatIsNotADatabaseIsRefusedAndAHalfCreatedOneIsCreatedAgain) {
  MemoryFileSystem fs;
  {
    auto file = fs.Open(kPath, FileOpenFlags{.create = true});
    const std::string text = "name,value\n1,2\n";
    file->Write(text.data(), text.size(), 0);
    file->Sync();
  }
  EXPECT_THROW(
      {
        try {
          OpenOn(fs);
        } catch (const IOError& e) {
          EXPECT_NE(std::string(e.what()).find("is not a Teal database file"), std::string::npos);
          throw;
        }
      },
      IOError);
  // A crash while creating the file: whatever part of its first bytes landed.
  for (uint64_t cut = 0; cut < 8; cut++) {
    MemoryFileSystem fresh;
    { auto db = OpenOn(fresh); }
    fresh.Remove(kLog);
    auto file = fresh.Open(kPath, FileOpenFlags{.write = true});
    file->Truncate(cut * 1500);
    file->Sync();
    file.reset();
    auto db = OpenOn(fresh);
    Connection con(*db);
    con.Execute("CREATE TABLE t (i INTEGER)");
  }
}

TEST(CheckpointTest, ReadOnlyOpeningsShareTheFileAndRefuseChanges) {
  MemoryFileSystem fs;
  EXPECT_THROW(OpenOn(fs, {.read_only = true}), IOError);  // no such file yet
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    con.Execute("CREATE TABLE t AS SELECT range AS i FROM range(10)");
    con.Execute("CHECKPOINT");
    con.Execute("INSERT INTO t VALUES (10)");  // in the log only
  }
  const std::string log_before = [&] {
    auto file = fs.Open(kLog, FileOpenFlags{});
    std::string bytes(file->Size(), '\0');
    file->Read(bytes.data(), bytes.size(), 0);
    return bytes;
  }();
  auto reader1 = OpenOn(fs, {.read_only = true});
  auto reader2 = OpenOn(fs, {.read_only = true});
  EXPECT_THROW(OpenOn(fs), IOError);  // no writer beside readers
  {
    Connection con(*reader2);
    EXPECT_EQ(con.Query("SELECT count(*), sum(i) FROM t").GetValue(1, 0).ToString(), "55");
    EXPECT_THROW(con.Execute("INSERT INTO t VALUES (11)"), InvalidInputError);
    EXPECT_THROW(con.Execute("CHECKPOINT"), InvalidInputError);
    EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(11));
  }
  reader1.reset();
  reader2.reset();
  auto file = fs.Open(kLog, FileOpenFlags{});
  std::string after(file->Size(), '\0');
  file->Read(after.data(), after.size(), 0);
  EXPECT_EQ(after, log_before);  // nothing written
  auto writer = OpenOn(fs);      // the lock went with the readers
}

TEST(CheckpointTest, IntegrityCheckFindsADamagedBlockAndAnIndexMissingARow) {
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  Connection con(*db);
  con.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, s VARCHAR)");
  con.Execute("INSERT INTO t SELECT range, 'v' || range FROM range(3000)");
  con.Execute("CHECKPOINT");
  EXPECT_EQ(con.Query("PRAGMA integrity_check").GetValue(0, 0).ToString(), "ok");
  // An index that lost a key.
  auto table = db->Instance().Transactions().CommittedCatalog()->GetTable("t");
  {
    art::ArtKeyBuilder keys;
    Vector id(LogicalType(TypeId::kInteger), 1);
    id.SetValue(0, Value::Integer(42));
    const Vector* columns[] = {&id};
    keys.Build(columns, 0, 1);
    ASSERT_TRUE(table->indexes->Entries()[0]->art->Erase(keys.Key(0), 42));
  }
  Result problems = con.Query("PRAGMA integrity_check");
  ASSERT_EQ(problems.RowCount(), 2u);
  EXPECT_EQ(problems.GetValue(0, 0).ToString(),
            "index \"t_pkey\" holds 2999 rows; table \"t\" has 3000");
  EXPECT_EQ(problems.GetValue(0, 1).ToString(),
            "index \"t_pkey\" lacks row 42 of table \"t\" under its key");
  // A block damaged under the open database.
  const char bad = 1;
  db->Instance().File()->File().Write(&bad, 1, 3 * 4096 + 100);
  Result result = con.Query("PRAGMA integrity_check");
  EXPECT_NE(result.GetValue(0, 0).ToString().find("block 0"), std::string::npos)
      << result.GetValue(0, 0).ToString();
}

TEST(CheckpointTest, StorageInfoIsListedWhileCheckpointsAndWritesRun) {
  // What a checkpoint records of each row group is set by the checkpointing thread and read
  // by pragma_storage_info on others; every listed segment is one the table holds.
  MemoryFileSystem fs;
  auto db = OpenOn(fs);
  {
    Connection con(*db);
    con.Execute("CREATE TABLE t AS SELECT range AS i, range % 7 AS m FROM range(300000)");
  }
  std::atomic<bool> done{false};
  std::thread writer([&] {
    Connection con(*db);
    for (int i = 0; i < 40; i++) {
      con.Execute(fmt::format("INSERT INTO t VALUES ({}, 1)", 300000 + i));
      con.Execute(fmt::format("UPDATE t SET m = m + 1 WHERE i = {}", i * 5000));
    }
    done = true;
  });
  std::thread lister([&] {
    Connection con(*db);
    while (!done.load()) {
      Result rows = con.Query(
          "SELECT count(*), (sum(count) FILTER (WHERE column_id = 0 AND segment_type <> "
          "'VALIDITY'))::BIGINT FROM pragma_storage_info('t')");
      EXPECT_GE(rows.GetValue(1, 0).GetStored<int64_t>(), 300000);
    }
  });
  Connection con(*db);
  for (int i = 0; i < 5 || !done.load(); i++) con.Execute("CHECKPOINT");
  writer.join();
  lister.join();
  con.Execute("CHECKPOINT");
  EXPECT_EQ(con.Query("SELECT bool_and(persistent), (sum(count) FILTER (WHERE column_id = 0 "
                      "AND segment_type <> 'VALIDITY'))::BIGINT FROM pragma_storage_info('t')")
                .GetValue(1, 0),
            Value::BigInt(300040));
}

TEST(CheckpointTest, CommitsGoOnWhileCheckpointsRunAndAllThatReturnedAreKept) {
  MemoryFileSystem fs;
  constexpr int kThreads = 4, kCommits = 150;
  {
    auto db = OpenOn(fs);
    {
      Connection con(*db);
      con.Execute("CREATE TABLE t (thread INTEGER, i INTEGER, PRIMARY KEY (thread, i))");
    }
    std::atomic<int> running{kThreads};
    std::vector<std::thread> writers;
    for (int t = 0; t < kThreads; t++) {
      writers.emplace_back([&, t] {
        Connection con(*db);
        for (int i = 0; i < kCommits; i++) {
          con.Execute(fmt::format("INSERT INTO t VALUES ({}, {})", t, i));
          if (i % 10 == 0) con.Execute(fmt::format("UPDATE t SET i = i WHERE thread = {}", t));
        }
        running--;
      });
    }
    Connection con(*db);
    int checkpoints = 0;
    while (running.load() > 0 || checkpoints < 3) {
      con.Execute("CHECKPOINT");
      checkpoints++;
    }
    for (auto& writer : writers) writer.join();
  }
  fs.LosePower(MemoryFileSystem::PowerLoss::kDrop);
  auto db = OpenOn(fs);
  Connection con(*db);
  EXPECT_EQ(con.Query("SELECT count(*), count(DISTINCT thread) FROM t").GetValue(0, 0),
            Value::BigInt(kThreads * kCommits));
  EXPECT_EQ(con.Query("PRAGMA integrity_check").GetValue(0, 0).ToString(), "ok");
}

TEST(CheckpointTest, ACheckpointAbortedAtEachPointKeepsEveryCommitAfterReopening) {
  // debug_checkpoint_abort stops a checkpoint where a crash could: before the header that
  // makes the new image the file's, or after it, before the log restarts. Each time the
  // database is invalidated (nothing more commits, no checkpoint at close), and reopening
  // gives every commit that returned, counted once.
  for (const char* point :
       {"before_header", "after_free_list_write", "before_truncate", "before_wal_finish"}) {
    SCOPED_TRACE(point);
    MemoryFileSystem fs;
    {
      auto db = OpenOn(fs, {}, /*checkpoint_on_close=*/true);
      Connection con(*db);
      con.Execute("CREATE TABLE t AS SELECT range AS i FROM range(3000)");
      con.Execute("CHECKPOINT");
      con.Execute(fmt::format("SET debug_checkpoint_abort = '{}'", point));
      con.Execute("UPDATE t SET i = i * 2");
      con.Execute("INSERT INTO t VALUES (-1)");
      EXPECT_THROW(con.Execute("CHECKPOINT"), IOError);
      try {
        con.Execute("INSERT INTO t VALUES (-2)");
        ADD_FAILURE() << "an invalidated database committed";
      } catch (const IOError& e) {
        EXPECT_NE(std::string(e.what()).find("has been invalidated"), std::string::npos)
            << e.what();
      }
      EXPECT_THROW(con.Execute("CHECKPOINT"), IOError);
    }
    auto db = OpenOn(fs);
    Connection con(*db);
    EXPECT_EQ(con.Query("SELECT min(i), max(i), count(*), sum(i) FROM t").GetValue(3, 0).ToString(),
              std::to_string(2 * (2999 * 3000 / 2) - 1));
    EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0).ToString(), "3001");
    EXPECT_EQ(con.Query("PRAGMA integrity_check").GetValue(0, 0).ToString(), "ok");
    // The reopened database checkpoints again.
    con.Execute("INSERT INTO t VALUES (7)");
    con.Execute("CHECKPOINT");
    EXPECT_EQ(con.Query("SELECT count(*) FROM t").GetValue(0, 0).ToString(), "3002");
  }
}

TEST(CheckpointTest, ANonFatalCheckpointAbortLeavesTheDatabaseUsable) {
  MemoryFileSystem fs;
  {
    auto db = OpenOn(fs);
    Connection con(*db);
    con.Execute("CREATE TABLE t (i INTEGER)");
    con.Execute("INSERT INTO t VALUES (1)");
    con.Execute("SET debug_checkpoint_abort = 'before_header_non_fatal'");
    EXPECT_THROW(con.Execute("CHECKPOINT"), IOError);
    con.Execute("INSERT INTO t VALUES (2)");
    con.Execute("SET debug_checkpoint_abort = 'none'");
    con.Execute("CHECKPOINT");
    con.Execute("INSERT INTO t VALUES (3)");
  }
  auto db = OpenOn(fs);
  Connection con(*db);
  EXPECT_EQ(con.Query("SELECT list(i ORDER BY i) FROM t").GetValue(0, 0).ToString(), "[1, 2, 3]");
}

}  // namespace
}  // namespace teal
