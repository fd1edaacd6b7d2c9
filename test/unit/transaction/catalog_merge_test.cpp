// Concurrent catalog changes (Transaction rule 5, catalog/catalog_merge.hpp): connections
// that create, index and drop their own tables at once all commit, and what they leave
// comes back from the log and from a checkpoint; the merged creation order keeps a table
// behind the parent its FOREIGN KEY names; changes of one object conflict, the second
// writer failing at its statement.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "merge.teal";

/// What the first test's connections leave: some of their tables' rows, the tables per
/// schema, the indexes.
const std::vector<std::string> kLeft = {
    "SELECT count(*), sum(k), sum(w) FROM (SELECT * FROM s0.t28 UNION ALL SELECT * FROM s3.t0 "
    "UNION ALL SELECT * FROM s2.t14)",
    "SELECT schema_name, count(*) FROM duckdb_tables() GROUP BY ALL ORDER BY 1",
    "SELECT count(*) FROM duckdb_indexes()"};

TEST(CatalogMergeTest, ConnectionsChangingTheirOwnTablesAtOnceAllCommit) {
  MemoryFileSystem fs;
  constexpr int kThreads = 4;
  constexpr int kRounds = 30;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    std::atomic<int> failures{0};
    std::string first_failure;
    std::mutex failure_lock;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; t++) {
      threads.emplace_back([&, t] {
        Connection con(*db);
        try {
          con.Execute("CREATE SCHEMA s" + std::to_string(t));
          for (int i = 0; i < kRounds; i++) {
            const std::string name = "s" + std::to_string(t) + ".t" + std::to_string(i);
            con.Execute("CREATE TABLE " + name + " (k INTEGER PRIMARY KEY, v VARCHAR)");
            con.Execute("INSERT INTO " + name + " SELECT r, 'x' || r FROM range(" +
                        std::to_string(i + 1) + ") x(r)");
            con.Execute("BEGIN");
            con.Execute("CREATE INDEX i" + std::to_string(t) + "_" + std::to_string(i) + " ON " +
                        name + " (v)");
            con.Execute("ALTER TABLE " + name + " ADD COLUMN w INTEGER DEFAULT " +
                        std::to_string(t));
            con.Execute("COMMIT");
            // Every other table goes again.
            if (i % 2 == 1) con.Execute("DROP TABLE " + name);
          }
        } catch (const Error& e) {
          std::lock_guard<std::mutex> guard(failure_lock);
          if (failures++ == 0) first_failure = e.what();
        }
      });
    }
    for (auto& thread : threads) thread.join();
    ASSERT_EQ(failures.load(), 0) << first_failure;
    Connection con(*db);
    expected = QueryTexts(con, kLeft);
    EXPECT_EQ(expected, "45|511|33|\ns0|15|\ns1|15|\ns2|15|\ns3|15|\n60|\n");
  }
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    Connection con(*db);
    EXPECT_EQ(QueryTexts(con, kLeft),
              expected);  // from the log
    con.Execute("CHECKPOINT");
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, kLeft),
            expected);  // from the checkpoint
}

TEST(CatalogMergeTest, AMergedTableStaysBehindTheParentItReferencesAfterACheckpoint) {
  MemoryFileSystem fs;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    Connection one(*db), two(*db);
    one.Execute("CREATE TABLE early (k INTEGER PRIMARY KEY)");
    one.Execute("CREATE TABLE child_of_early (k INTEGER REFERENCES early (k))");
    one.Execute("INSERT INTO early VALUES (1)");
    one.Execute("BEGIN");
    two.Execute("BEGIN");
    // `one` alters the parent (which must stay ahead of its child) and makes a parent and a
    // child of its own; `two` makes a table meanwhile and commits first.
    one.Execute("ALTER TABLE early ADD COLUMN note VARCHAR");
    one.Execute("CREATE TABLE fresh (k INTEGER PRIMARY KEY)");
    one.Execute("CREATE TABLE child_of_fresh (k INTEGER REFERENCES fresh (k))");
    two.Execute("CREATE TABLE other (k INTEGER)");
    two.Execute("COMMIT");
    one.Execute("INSERT INTO fresh VALUES (1)");
    one.Execute("INSERT INTO child_of_fresh VALUES (1)");
    one.Execute("INSERT INTO child_of_early VALUES (1)");
    one.Execute("COMMIT");
    one.Execute("CHECKPOINT");
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, {"SELECT k FROM child_of_fresh", "SELECT k, note FROM early",
                             "SELECT count(*) FROM other", "INSERT INTO child_of_early VALUES (2)",
                             "INSERT INTO child_of_fresh VALUES (2)"}),
            "1|\n1|NULL|\n0|\nerror: Violates foreign key constraint because key \"k: 2\" does "
            "not exist in the referenced table \"early\"\nerror: Violates foreign key constraint "
            "because key \"k: 2\" does not exist in the referenced table \"fresh\"\n");
}

TEST(CatalogMergeTest, TheSecondWriterOfAnObjectFailsAtItsStatement) {
  Database db;
  Connection one(db), two(db);
  one.Execute("CREATE TABLE t (i INTEGER)");
  one.Execute("BEGIN");
  one.Execute("ALTER TABLE t ADD COLUMN j INTEGER");
  EXPECT_THROW(two.Execute("DROP TABLE t"), TransactionError);
  two.Execute("CREATE TABLE u (i INTEGER)");  // another object
  one.Execute("COMMIT");
  EXPECT_EQ(QueryTexts(two, {"SELECT count(*) FROM (SELECT j FROM t), u"}), "0|\n");
  // After the first writer ended, the object is free again.
  two.Execute("DROP TABLE t");
  // A savepoint rolled back to gives the object back.
  one.Execute("BEGIN");
  one.Execute("SAVEPOINT a");
  one.Execute("CREATE TABLE v (i INTEGER)");
  one.Execute("ROLLBACK TO SAVEPOINT a");
  one.Execute("CREATE TABLE w (i INTEGER)");
  two.Execute("CREATE TABLE v (i INTEGER)");
  EXPECT_THROW(two.Execute("CREATE TABLE w (i INTEGER)"), TransactionError);
  one.Execute("COMMIT");
  EXPECT_EQ(QueryTexts(two, {"SELECT count(*) FROM v, w"}), "0|\n");
}

// Rule 6: DROP TABLE wins over writers that have not committed. Many connections write to
// one table while another drops it: each writer either committed before the drop (its rows
// of the other table stay) or fails at COMMIT (none of its rows stay), and the log replays
// the same outcome.
TEST(CatalogMergeTest, ADroppedTablesPendingWritersFailAtCommitAndLeaveNothing) {
  MemoryFileSystem fs;
  constexpr int kWriters = 3;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    Connection setup(*db);
    setup.Execute("CREATE TABLE doomed (k INTEGER PRIMARY KEY)");
    setup.Execute("CREATE TABLE log (writer INTEGER, k INTEGER)");
    setup.Execute("INSERT INTO doomed SELECT range FROM range(10)");
    std::vector<std::unique_ptr<Connection>> writers;
    for (int w = 0; w < kWriters; w++) {
      writers.push_back(std::make_unique<Connection>(*db));
      Connection& con = *writers.back();
      con.Execute("BEGIN");
      con.Execute("INSERT INTO log VALUES (" + std::to_string(w) + ", 1)");
      con.Execute("INSERT INTO doomed VALUES (" + std::to_string(100 + w) + ")");
      con.Execute("DELETE FROM doomed WHERE k = " + std::to_string(w));
    }
    writers[0]->Execute("COMMIT");  // before the drop: kept until it
    setup.Execute("DROP TABLE doomed");
    for (int w = 1; w < kWriters; w++) {
      try {
        writers[w]->Execute("COMMIT");
        ADD_FAILURE() << "writer " << w << " committed changes of a dropped table";
      } catch (const TransactionError& e) {
        EXPECT_NE(std::string(e.what()).find("another transaction has dropped this table"),
                  std::string::npos)
            << e.what();
      }
    }
    // The connection's next transaction, which does not touch the table, commits.
    writers[1]->Execute("BEGIN");
    writers[1]->Execute("INSERT INTO log VALUES (9, 9)");
    writers[1]->Execute("COMMIT");
    expected = QueryTexts(
        setup, {"SELECT writer, k FROM log ORDER BY ALL", "SELECT count(*) FROM duckdb_tables()"});
    EXPECT_EQ(expected, "0|1|\n9|9|\n1|\n");
    EXPECT_THROW(setup.Execute("SELECT * FROM doomed"), CatalogError);
  }
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, {"SELECT writer, k FROM log ORDER BY ALL",
                             "SELECT count(*) FROM duckdb_tables()"}),
            expected);
  // The name is free again.
  con.Execute("CREATE TABLE doomed (k INTEGER PRIMARY KEY)");
  con.Execute("INSERT INTO doomed VALUES (0)");
  EXPECT_EQ(QueryTexts(con, {"SELECT k FROM doomed"}), "0|\n");
}

// Rule 6 under load: writers commit one- and two-row transactions into a table while another
// connection alters it (columns added and dropped, an index created and dropped) over and
// over. Every writer's transaction either commits whole or fails with TransactionError, and
// the table holds exactly the rows of the commits that returned — in memory and after the
// log is replayed (a copy taken while a commit was between its check and its publication
// would lose that commit's rows).
TEST(CatalogMergeTest, WritersAndAlterationsOfOneTableKeepEveryCommittedRow) {
  MemoryFileSystem fs;
  constexpr int kWriters = 3;
  constexpr int kRounds = 150;
  std::vector<int> committed(kWriters, 0);
  std::string expected;  // writer|rows|, per writer that committed any
  std::string unexpected;
  std::mutex unexpected_lock;
  const auto note = [&](const std::string& what) {
    std::lock_guard<std::mutex> guard(unexpected_lock);
    if (unexpected.empty()) unexpected = what;
  };
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
    Connection setup(*db);
    setup.Execute("CREATE TABLE t (w INTEGER, k INTEGER)");
    std::atomic<bool> writing{true};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; w++) {
      threads.emplace_back([&, w] {
        Connection con(*db);
        for (int i = 0; i < kRounds; i++) {
          const std::string row = "(" + std::to_string(w) + ", " + std::to_string(i) + ")";
          const bool pair = i % 2 == 1;
          try {
            if (pair) {
              con.Execute("BEGIN");
              con.Execute("INSERT INTO t (w, k) VALUES " + row);
              con.Execute("INSERT INTO t (w, k) VALUES " + row);
              con.Execute("COMMIT");
            } else {
              con.Execute("INSERT INTO t (w, k) VALUES " + row);
            }
            committed[w] += pair ? 2 : 1;
          } catch (const TransactionError&) {
            if (pair) {
              try {
                con.Execute("ROLLBACK");
              } catch (const std::exception&) {
              }
            }
          } catch (const std::exception& e) {
            note(e.what());
          }
        }
      });
    }
    threads.emplace_back([&] {
      Connection con(*db);
      int round = 0;
      while (writing) {
        const std::string column = "c" + std::to_string(round++ % 3);
        const std::vector<std::string> ddls = {
            "ALTER TABLE t ADD COLUMN " + column + " INTEGER DEFAULT 7",
            "CREATE INDEX t_k ON t (k)",
            "DROP INDEX t_k",
            "ALTER TABLE t ALTER k TYPE BIGINT",
            "ALTER TABLE t ALTER k TYPE INTEGER",
            "ALTER TABLE t DROP COLUMN " + column};
        for (const std::string& ddl : ddls) {
          try {
            con.Execute(ddl);
          } catch (const std::exception& e) {
            note(ddl + ": " + e.what());
          }
        }
      }
    });
    for (int w = 0; w < kWriters; w++) threads[w].join();
    writing = false;
    threads.back().join();
    for (int w = 0; w < kWriters; w++) {
      if (committed[w] > 0) {
        expected += std::to_string(w) + "|" + std::to_string(committed[w]) + "|\n";
      }
    }
    EXPECT_EQ(QueryTexts(setup, {"SELECT w, count(*) FROM t GROUP BY w ORDER BY w"}), expected);
  }
  ASSERT_EQ(unexpected, "");
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(QueryTexts(con, {"SELECT w, count(*) FROM t GROUP BY w ORDER BY w"}), expected);
}

}  // namespace
}  // namespace teal
