// The crash matrix and the fault-injection loop (issue 11): a workload of inserts,
// appender batches, updates, deletes, DDL and checkpoints runs on an in-memory file system
// that stops — or fails once — at every single write, sync and truncation it performs.
//
//   - Crash matrix: from I/O operation n on, everything fails (the machine stopped); then
//     a power loss drops or tears what was not synced. Reopened, the database holds
//     exactly the steps whose call returned (and possibly the one that failed, if its
//     commit reached the disk whole), and passes PRAGMA integrity_check.
//   - Faults: operation n alone fails (a write, a sync or a truncation), or the disk fills
//     up after n bytes. The workload goes on; steps that failed leave nothing; after
//     closing (with its checkpoint) and reopening, the database holds exactly the steps
//     that returned.
//
// By default every failure point is tried with a drop and two tears (over a thousand
// points; `make test`); TEAL_CRASH_FULL=1 tries twelve tears each (several thousand;
// `make test-crash`), and fails every operation once rather than every third.
#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "main/database_instance.hpp"
#include "main/file_database_helpers.hpp"
#include "os/fault_file_system.hpp"
#include "os/memory_file_system.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "crash.teal";
constexpr int kRounds = 16;

bool Full() {
  const char* full = std::getenv("TEAL_CRASH_FULL");
  return full && std::string(full) == "1";
}

/// One step of the workload: SQL, or an appender batch of `rows` rows into acct.
struct Step {
  std::string sql;
  int rows = 0;
  int first = 0;  // the batch's first id
};

std::vector<Step> Workload() {
  std::vector<Step> steps = {
      // No automatic checkpoint: its thread would make the I/O order vary from run to
      // run; the explicit ones run the same code (the kill test has automatic ones).
      {"SET checkpoint_threshold = '1GB'"},
      {"CREATE TABLE acct (id INTEGER PRIMARY KEY, owner VARCHAR, balance BIGINT)"},
      {"CREATE SEQUENCE seq START 1000"},
  };
  for (int round = 0; round < kRounds; round++) {
    const std::string r = std::to_string(round);
    const int base = round * 10000;
    steps.push_back({"", 700, base});
    // The sequence moves, but no value depends on where it is (a failed step's draws
    // stay drawn, so the reference could not follow it).
    steps.push_back({"INSERT INTO acct (id, owner, balance) SELECT range + " +
                     std::to_string(base + 5000) +
                     ", 'sql ' || range, nextval('seq') * 0 + range FROM range(300)"});
    steps.push_back(
        {"UPDATE acct SET balance = balance + 7 WHERE id % 5 = " + std::to_string(round % 5)});
    steps.push_back({"DELETE FROM acct WHERE id % 11 = " + std::to_string(round)});
    steps.push_back({"CHECKPOINT"});
    steps.push_back(
        {"BEGIN; UPDATE acct SET balance = balance - 1 WHERE id % 3 = 0; INSERT "
         "INTO acct (id, owner, balance) VALUES (-" +
         std::to_string(round + 1) + ", 'txn', " + r + "); COMMIT"});
    steps.push_back(
        {"CREATE TABLE side" + r + " AS SELECT id, balance FROM acct WHERE id % 17 = 0"});
    if (round > 0) steps.push_back({"DROP TABLE side" + std::to_string(round - 1)});
    if (round == 3) steps.push_back({"ALTER TABLE acct ADD COLUMN note VARCHAR DEFAULT 'n'"});
    if (round == 4) steps.push_back({"CREATE INDEX acct_owner ON acct (owner)"});
    if (round == 5) steps.push_back({"UPDATE acct SET owner = owner || '!' WHERE id < 2000"});
  }
  return steps;
}

/// Runs `step` on `con`; throws what it throws.
void RunStep(Connection& con, const Step& step) {
  if (step.rows == 0) {
    con.Execute(step.sql);
    return;
  }
  Appender app(con, "acct", {"id", "owner", "balance"});
  for (int i = 0; i < step.rows; i++) {
    app.Append(static_cast<int32_t>(step.first + i))
        .Append(std::string_view("app"))
        .Append(static_cast<int64_t>(i));
    app.EndRow();
  }
  app.Close();
}

/// Every table's rows (and, with `sequence`, the sequence's position), as text.
std::string Dump(Connection& con, bool sequence = true) {
  std::vector<std::string> queries = {"SELECT * FROM acct ORDER BY id"};
  for (int round = 0; round < kRounds; round++) {
    queries.push_back("SELECT * FROM side" + std::to_string(round) + " ORDER BY ALL");
  }
  if (sequence) {
    // The sequence's position (currval is the session's own).
    queries.push_back("SELECT last_value FROM duckdb_sequences() WHERE sequence_name = 'seq'");
  }
  return QueryTexts(con, queries);
}

std::unique_ptr<Database> OpenOn(FileSystem& fs, bool checkpoint_on_close) {
  return OpenFileDatabase(fs, kPath, checkpoint_on_close);
}

/// The last value of sequence seq, or nothing when it is missing or has handed out none.
std::optional<int64_t> SequencePosition(Connection& con) {
  Result result =
      con.Query("SELECT last_value FROM duckdb_sequences() WHERE sequence_name = 'seq'");
  if (result.RowCount() == 0 || result.GetValue(0, 0).IsNull()) return std::nullopt;
  return result.GetValue(0, 0).GetStored<int64_t>();
}

/// Where `a` and `b` first differ, with a line of each, for a failure message.
std::string FirstDifference(const std::string& a, const std::string& b) {
  size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) at++;
  const size_t line = a.rfind('\n', at) == std::string::npos ? 0 : a.rfind('\n', at) + 1;
  return "first difference at byte " + std::to_string(at) +
         ":\n  got:      " + a.substr(line, a.find('\n', line) - line) +
         "\n  expected: " + b.substr(line, b.find('\n', line) - line);
}

std::string IntegrityCheck(Connection& con) {
  Result result = con.Query("PRAGMA integrity_check");
  std::string out;
  for (idx_t r = 0; r < result.RowCount(); r++) out += result.GetValue(0, r).ToString() + "\n";
  return out;
}

/// How many writes, syncs and truncations the whole workload does on a file database.
idx_t CountOperations(const std::vector<Step>& steps, bool checkpoint_on_close) {
  MemoryFileSystem memory;
  FaultInjectingFileSystem fs(memory);
  auto db = OpenOn(fs, checkpoint_on_close);
  Connection con(*db);
  const idx_t before = fs.Operations();
  for (const auto& step : steps) RunStep(con, step);
  return fs.Operations() - before;
}

/// The in-memory database's dump after each prefix of the steps that `keep` allows.
class Reference {
 public:
  explicit Reference(const std::vector<Step>& steps) : steps_(steps) {}
  /// Dump (without the sequence) after the steps i with kept[i].
  std::string After(const std::vector<bool>& kept) {
    Database db;
    Connection con(db);
    for (size_t i = 0; i < kept.size(); i++) {
      if (kept[i]) RunStep(con, steps_[i]);
    }
    sequence_ = SequencePosition(con);
    return Dump(con, false);
  }
  /// The sequence's position after the last After.
  std::optional<int64_t> Sequence() const { return sequence_; }

 private:
  const std::vector<Step>& steps_;
  std::optional<int64_t> sequence_;
};

TEST(CrashTest, APowerLossAtEveryWriteAndSyncKeepsExactlyTheStepsThatReturned) {
  const std::vector<Step> steps = Workload();
  // The dump after each prefix, and how many I/O operations the whole workload does.
  std::vector<std::string> expected;
  {
    Database db;
    Connection con(db);
    expected.push_back(Dump(con));
    for (const auto& step : steps) {
      RunStep(con, step);
      expected.push_back(Dump(con));
    }
  }
  const idx_t operations = CountOperations(steps, false);
  const int tears = Full() ? 12 : 2;
  idx_t tried = 0;
  for (idx_t n = 1; n <= operations + 1; n++) {
    for (int loss = 0; loss <= tears; loss++) {
      MemoryFileSystem memory;
      size_t done = 0;
      {
        FaultInjectingFileSystem fs(memory);
        auto db = OpenOn(fs, false);
        Connection con(*db);
        fs.FailOperation(n, /*persistent=*/true);
        for (; done < steps.size(); done++) {
          try {
            RunStep(con, steps[done]);
          } catch (const Error&) {
            break;
          }
        }
        con.Execute("ROLLBACK");
      }
      if (loss == 0) {
        memory.LosePower(MemoryFileSystem::PowerLoss::kDrop);
      } else {
        memory.LosePower(MemoryFileSystem::PowerLoss::kTear, n * 131 + loss);
      }
      auto db = OpenOn(memory, false);
      Connection con(*db);
      const std::string dump = Dump(con);
      const bool exact = dump == expected[done];
      const bool failed_one_landed = done < steps.size() && dump == expected[done + 1];
      ASSERT_TRUE(exact || failed_one_landed) << "crash at I/O operation " << n << " (loss " << loss
                                              << ") after " << done << " steps:\n"
                                              << dump.substr(0, 2000) << "\nexpected:\n"
                                              << expected[done].substr(0, 2000);
      ASSERT_EQ(IntegrityCheck(con), "ok\n") << "crash at I/O operation " << n;
      tried++;
    }
  }
  std::printf("crash matrix: %llu failure points (%llu I/O operations x %d losses)\n",
              static_cast<unsigned long long>(tried), static_cast<unsigned long long>(operations),
              tears + 1);
  EXPECT_GE(tried, 1000u);
}

/// Runs the workload with `arm` armed after opening; steps that throw are skipped by the
/// reference. Then closes (checkpointing), reopens on the same files and compares.
void FaultRun(const std::vector<Step>& steps,
              const std::function<void(FaultInjectingFileSystem&)>& arm, const std::string& what) {
  MemoryFileSystem memory;
  std::vector<bool> kept(steps.size(), false);
  {
    FaultInjectingFileSystem fs(memory);
    auto db = OpenOn(fs, true);
    Connection con(*db);
    arm(fs);
    for (size_t i = 0; i < steps.size(); i++) {
      try {
        RunStep(con, steps[i]);
        kept[i] = true;
      } catch (const Error&) {
        // An I/O error, or a step after it that needed what the failed one would have
        // made (DROP of a table whose CREATE failed): it failed the same way at once.
        con.Execute("ROLLBACK");
      }
    }
  }
  Reference reference(steps);
  const std::string expected = reference.After(kept);
  auto db = OpenOn(memory, true);
  Connection con(*db);
  const std::string dump = Dump(con, false);
  ASSERT_TRUE(dump == expected) << what << ": " << FirstDifference(dump, expected);
  ASSERT_EQ(IntegrityCheck(con), "ok\n") << what;
  // Values a failed step drew stay drawn (sequences are not transactional): the sequence
  // may be ahead of the reference, never behind it.
  if (reference.Sequence()) {
    EXPECT_GE(SequencePosition(con).value_or(INT64_MIN), *reference.Sequence()) << what;
  }
}

TEST(CrashTest, AFailedWriteSyncOrTruncationAnywhereLosesOnlyItsOwnStep) {
  const std::vector<Step> steps = Workload();
  const idx_t operations = CountOperations(steps, true);
  const idx_t stride = Full() ? 1 : 3;
  for (idx_t n = 1; n <= operations; n += stride) {
    FaultRun(
        steps, [n](FaultInjectingFileSystem& fs) { fs.FailOperation(n, false); },
        "operation " + std::to_string(n) + " failed once");
  }
}

TEST(CrashTest, AFullDiskFailsTheStepsThatNeedSpaceAndKeepsEveryOther) {
  const std::vector<Step> steps = Workload();
  for (idx_t bytes : {0, 4096, 65536, 300000, 1000000, 2000000}) {
    FaultRun(
        steps, [bytes](FaultInjectingFileSystem& fs) { fs.SetSpaceLeft(bytes); },
        "the disk full after " + std::to_string(bytes) + " bytes");
  }
}

}  // namespace
}  // namespace teal
