// WriteAheadLog: records read back as written; a torn tail is cut off at the last intact
// marker whatever a power cut leaves; damage in the middle is an error naming the offset
// (or recovered on request); concurrent commits share a sync; a failed sync fails the log.
#include "storage/write_ahead_log.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "os/fault_file_system.hpp"
#include "os/gated_file_system.hpp"
#include "os/memory_file_system.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "db.teal.wal";

std::vector<WalRecord> Records(int n, int tag) {
  std::vector<WalRecord> records;
  for (int i = 0; i < n; i++) {
    records.push_back(
        {WalRecordType::kAppend, std::string(10 + i * 7, static_cast<char>('a' + tag))});
  }
  return records;
}

TEST(WriteAheadLogTest, TransactionsReadBackAsWritten) {
  MemoryFileSystem fs;
  {
    WriteAheadLog log(fs, kPath);
    for (int t = 1; t <= 3; t++) log.SyncUpTo(log.Append(Records(t, t), 100 + t));
  }
  WalContents contents = ReadWriteAheadLog(fs, kPath);
  ASSERT_EQ(contents.transactions.size(), 3u);
  for (int t = 1; t <= 3; t++) {
    const WalTransaction& read = contents.transactions[t - 1];
    EXPECT_EQ(read.commit_id, uint64_t(100 + t));
    ASSERT_EQ(read.records.size(), size_t(t));
    EXPECT_EQ(read.records.back().payload, Records(t, t).back().payload);
  }
  EXPECT_FALSE(contents.had_tail);
  // Reopened, the log continues after what it holds.
  {
    WriteAheadLog log(fs, kPath, contents.valid_end, contents.salt);
    log.SyncUpTo(log.Append(Records(1, 9), 200));
  }
  EXPECT_EQ(ReadWriteAheadLog(fs, kPath).transactions.size(), 4u);
}

TEST(WriteAheadLogTest, APowerCutKeepsEverySyncedTransactionAndNoPartOfAnother) {
  int tried = 0;
  for (uint64_t cut = 0; cut < 64; cut++) {
    for (auto loss : {MemoryFileSystem::PowerLoss::kDrop, MemoryFileSystem::PowerLoss::kTear}) {
      MemoryFileSystem fs;
      {
        WriteAheadLog log(fs, kPath);
        log.SyncUpTo(log.Append(Records(2, 1), 1));
        log.SyncUpTo(log.Append(Records(3, 2), 2));
        log.Append(Records(4, 3), 3);  // written, never synced
        log.Append(Records(1, 4), 4);
      }
      fs.LosePower(loss, cut);
      WalContents contents = ReadWriteAheadLog(fs, kPath);
      ASSERT_GE(contents.transactions.size(), 2u) << cut;
      // A prefix of the commits, each with all of its records.
      const size_t records_of[] = {0, 2, 3, 4, 1};
      for (size_t i = 0; i < contents.transactions.size(); i++) {
        const WalTransaction& t = contents.transactions[i];
        ASSERT_EQ(t.commit_id, i + 1) << cut;
        ASSERT_EQ(t.records.size(), records_of[i + 1]) << cut;
      }
      tried++;
    }
  }
  EXPECT_EQ(tried, 128);
}

TEST(WriteAheadLogTest, DamageBeforeIntactRecordsIsAnErrorNamingTheOffsetUnlessRecovered) {
  MemoryFileSystem fs;
  idx_t first_end;
  {
    WriteAheadLog log(fs, kPath);
    first_end = log.Append(Records(1, 1), 1);
    log.Append(Records(2, 2), 2);
    log.SyncUpTo(log.Append(Records(1, 3), 3));
  }
  {
    auto file = fs.Open(kPath, FileOpenFlags{.write = true});
    char byte = 'X';
    file->Write(&byte, 1, first_end + kWalFrameSize + 3);  // inside the second record
    file->Sync();
  }
  try {
    ReadWriteAheadLog(fs, kPath);
    FAIL() << "no error";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("corrupt at offset " + std::to_string(first_end)),
              std::string::npos)
        << e.what();
  }
  WalContents recovered = ReadWriteAheadLog(fs, kPath, /*recover=*/true);
  ASSERT_EQ(recovered.transactions.size(), 1u);
  EXPECT_EQ(recovered.valid_end, first_end);
}

TEST(WriteAheadLogTest, CommitsWaitingForOneSyncShareIt) {
  GatedFileSystem fs;
  WriteAheadLog log(fs, kPath);
  const uint64_t syncs_before = log.Syncs();
  const idx_t first = log.Append(Records(1, 1), 1);
  fs.Close();
  std::thread syncer([&] { log.SyncUpTo(first); });
  fs.AwaitSyncAtGate();
  // While the first sync is under way, three more commits are written; their SyncUpTo
  // calls wait for it, then one of them syncs for all three.
  std::vector<idx_t> ends;
  for (int t = 2; t <= 4; t++) ends.push_back(log.Append(Records(1, t), t));
  std::vector<std::thread> waiters;
  for (idx_t end : ends) waiters.emplace_back([&log, end] { log.SyncUpTo(end); });
  fs.Open();
  syncer.join();
  for (auto& waiter : waiters) waiter.join();
  EXPECT_EQ(log.DurableOffset(), ends.back());
  EXPECT_EQ(log.Syncs() - syncs_before, 2u);
}

TEST(WriteAheadLogTest, AFailedSyncFailsTheLogUntilALoneCommitIsRewound) {
  MemoryFileSystem fs;
  WriteAheadLog log(fs, kPath);
  log.SyncUpTo(log.Append(Records(1, 1), 1));
  const idx_t start = log.Size();
  const idx_t end = log.Append(Records(1, 2), 2);
  log.FailNextSync();
  EXPECT_THROW(log.SyncUpTo(end), IOError);
  EXPECT_TRUE(log.Failed());
  EXPECT_THROW(log.Append(Records(1, 3), 3), IOError);
  EXPECT_FALSE(log.Rewind(start, end + 1));  // not the log's end: something came after
  ASSERT_TRUE(log.Rewind(start, end));
  log.SyncUpTo(log.Append(Records(1, 4), 4));
  WalContents contents = ReadWriteAheadLog(fs, kPath);
  ASSERT_EQ(contents.transactions.size(), 2u);
  EXPECT_EQ(contents.transactions[1].commit_id, 4u);
}

TEST(WriteAheadLogTest, AFailedWriteIsAnErrorAndTheNextCommitWritesOverItsRemains) {
  MemoryFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  WriteAheadLog log(fs, kPath);
  log.SyncUpTo(log.Append(Records(1, 1), 1));
  fs.SetSpaceLeft(20);
  EXPECT_THROW(log.Append(Records(2, 2), 2), IOError);
  fs.Clear();
  log.SyncUpTo(log.Append(Records(1, 3), 3));
  WalContents contents = ReadWriteAheadLog(memory, kPath);
  ASSERT_EQ(contents.transactions.size(), 2u);
  EXPECT_EQ(contents.transactions[1].commit_id, 3u);
}

}  // namespace
}  // namespace teal

namespace teal {
namespace {

TEST(WriteAheadLogTest, ALogOfAnotherFormatVersionIsAnErrorNamingIt) {
  MemoryFileSystem fs;
  {
    WriteAheadLog log(fs, kPath);
    log.Append({}, 1);
    log.SyncUpTo(log.Size());
  }
  {
    auto file = fs.Open(kPath, FileOpenFlags{.write = true});
    const uint32_t version = 1;
    file->Write(&version, 4, 8);
    file->Sync();
  }
  try {
    ReadWriteAheadLog(fs, kPath);
    FAIL() << "read a log of another version";
  } catch (const IOError& e) {
    EXPECT_NE(std::string(e.what()).find("is of format version 1; this Teal reads version 2"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace teal

namespace teal {
namespace {

TEST(WriteAheadLogTest, BytesInsertedFromWhereTheyLieReadBackInTheirPlace) {
  MemoryFileSystem fs;
  const std::string values = "VALUES-FROM-A-VECTOR";
  WalRecord record(WalRecordType::kAppend, "head|mid|tail");
  record.inserts.emplace_back(5, std::string_view(values).substr(0, 6));
  record.inserts.emplace_back(9, std::string_view(values).substr(6));
  record.inserts.emplace_back(13, "!");
  EXPECT_EQ(record.Size(), 13u + values.size() + 1);
  {
    WriteAheadLog log(fs, kPath);
    log.SyncUpTo(log.Append({&record, 1}, 7));
  }
  const WalContents contents = ReadWriteAheadLog(fs, kPath);
  ASSERT_EQ(contents.transactions.size(), 1u);
  ASSERT_EQ(contents.transactions[0].records.size(), 1u);
  EXPECT_EQ(contents.transactions[0].records[0].payload, "head|VALUESmid|-FROM-A-VECTORtail!");
}

}  // namespace
}  // namespace teal
