// ATTACH across connections and threads: an attached database is the database instance's
// (every connection sees it), commits to its own log only, stays open while a statement or
// result uses it after DETACH, and rejects a second handle on its file; prepared statements
// over it are bound again at each execution.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"
#include "teal/prepared_statement.hpp"

namespace teal {
namespace {

class AttachTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir[] = "/tmp/teal-attach-XXXXXX";
    ASSERT_NE(mkdtemp(dir), nullptr);
    dir_ = dir;
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Path(const char* name) const { return dir_ + "/" + name; }
  static std::string One(Connection& con, const std::string& sql) {
    return con.Query(sql).GetValue(0, 0).ToString();
  }
  static long FileSize(const std::string& path) {
    FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return -1;
    std::fseek(file, 0, SEEK_END);
    const long size = std::ftell(file);
    std::fclose(file);
    return size;
  }
  std::string dir_;
};

TEST_F(AttachTest, EveryConnectionOfTheDatabaseSeesAnAttachedOne) {
  Database db;
  Connection first(db), second(db);
  first.Execute("ATTACH '" + Path("b.teal") + "' AS b");
  first.Execute("CREATE TABLE b.t AS SELECT range AS r FROM range(10)");
  EXPECT_EQ(One(second, "SELECT sum(r) FROM b.t"), "45");
  // USE is the connection's own: the other still reads its own database's names.
  first.Execute("USE b");
  EXPECT_EQ(One(first, "SELECT count(*) FROM t"), "10");
  EXPECT_THROW(second.Query("SELECT count(*) FROM t"), CatalogError);
  first.Execute("USE memory");
  second.Execute("DETACH b");
  EXPECT_THROW(first.Query("SELECT count(*) FROM b.t"), CatalogError);
}

TEST_F(AttachTest, CommitsGoToTheAttachedDatabasesOwnLog) {
  {
    Database a(Path("a.teal"));
    Connection con(a);
    con.Execute("SET checkpoint_on_shutdown = false");
    con.Execute("CREATE TABLE mine (i INTEGER)");
    const long log_before = FileSize(Path("a.teal.wal"));
    ASSERT_GT(log_before, 0);
    con.Execute("ATTACH '" + Path("b.teal") + "' AS b");
    con.Execute("CREATE TABLE b.theirs AS SELECT range AS r FROM range(100)");
    con.Execute("UPDATE b.theirs SET r = r + 1");
    EXPECT_EQ(FileSize(Path("a.teal.wal")), log_before);
    EXPECT_GT(FileSize(Path("b.teal.wal")), 0);
  }
  // b alone, opened as a database of its own: its log replays to what was written there.
  {
    Database b(Path("b.teal"));
    Connection con(b);
    EXPECT_EQ(One(con, "SELECT sum(r) FROM theirs"), "5050");
    EXPECT_THROW(con.Query("SELECT * FROM mine"), CatalogError);
  }
  // a has none of it.
  Database a(Path("a.teal"));
  Connection con(a);
  EXPECT_EQ(One(con, "SELECT count(*) FROM mine"), "0");
  EXPECT_THROW(con.Query("SELECT * FROM theirs"), CatalogError);
}

TEST_F(AttachTest, AFileIsAttachedOnceAtATime) {
  Database db;
  Connection con(db);
  con.Execute("ATTACH '" + Path("b.teal") + "' AS b");
  // The error names the database that has the file.
  try {
    con.Execute("ATTACH '" + Path("b.teal") + "' AS c");
    ADD_FAILURE() << "a second ATTACH of b.teal succeeded";
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("already attached by database \"b\""), std::string::npos)
        << e.what();
  }
  // The failed ATTACH left nothing behind: b works, c is not there.
  con.Execute("CREATE TABLE b.t (i INTEGER)");
  EXPECT_THROW(con.Query("SELECT * FROM c.t"), CatalogError);
  con.Execute("DETACH b");
  // Detached and closed: it can be attached again, under another name.
  con.Execute("ATTACH '" + Path("b.teal") + "' AS c");
  EXPECT_EQ(One(con, "SELECT count(*) FROM c.t"), "0");
}

TEST_F(AttachTest, AResultReadsADatabaseDetachedMeanwhile) {
  Database db;
  Connection con(db), other(db);
  con.Execute("ATTACH ':memory:' AS m");
  con.Execute("CREATE TABLE m.big AS SELECT range AS r FROM range(100000)");
  Result streaming = con.Query("SELECT r FROM m.big");
  other.Execute("DETACH m");
  idx_t rows = 0;
  for (const auto& chunk : streaming) rows += chunk.size();
  EXPECT_EQ(rows, 100000u);
  EXPECT_THROW(con.Query("SELECT count(*) FROM m.big"), CatalogError);
}

TEST_F(AttachTest, PreparedStatementsFollowAttachAndDetach) {
  Database db;
  Connection con(db);
  con.Execute("ATTACH ':memory:' AS m");
  con.Execute("CREATE TABLE m.t (i INTEGER)");
  PreparedStatement insert = con.Prepare("INSERT INTO m.t VALUES ($1)");
  PreparedStatement count = con.Prepare("SELECT count(*) FROM m.t");
  insert.Execute(Value::Integer(1));
  insert.Execute(Value::Integer(2));
  EXPECT_EQ(count.Execute().GetValue(0, 0).ToString(), "2");
  con.Execute("DETACH m");
  EXPECT_THROW(count.Execute(), CatalogError);
  EXPECT_THROW(insert.Execute(Value::Integer(3)), CatalogError);
  // Another database under the name: the statements read it.
  con.Execute("ATTACH ':memory:' AS m");
  con.Execute("CREATE TABLE m.t (i INTEGER)");
  insert.Execute(Value::Integer(7));
  EXPECT_EQ(count.Execute().GetValue(0, 0).ToString(), "1");
  // USE changes what a bare name means for a statement prepared before.
  con.Execute("CREATE TABLE t (i INTEGER)");
  PreparedStatement bare = con.Prepare("SELECT count(*) FROM t");
  EXPECT_EQ(bare.Execute().GetValue(0, 0).ToString(), "0");
  con.Execute("USE m");
  EXPECT_EQ(bare.Execute().GetValue(0, 0).ToString(), "1");
}

TEST_F(AttachTest, ConcurrentWritersOfAnAttachedDatabase) {
  Database db;
  {
    Connection con(db);
    con.Execute("ATTACH '" + Path("b.teal") + "' AS b");
    con.Execute("CREATE TABLE b.counts (thread INTEGER, n INTEGER)");
  }
  constexpr int kThreads = 4, kInserts = 50;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; t++) {
    threads.emplace_back([&db, t] {
      Connection con(db);
      for (int i = 0; i < kInserts; i++) {
        con.Execute("INSERT INTO b.counts VALUES (" + std::to_string(t) + ", " + std::to_string(i) +
                    ")");
      }
    });
  }
  for (auto& thread : threads) thread.join();
  Connection con(db);
  EXPECT_EQ(One(con, "SELECT count(*) FROM b.counts"), std::to_string(kThreads * kInserts));
  con.Execute("DETACH b");
  con.Execute("ATTACH '" + Path("b.teal") + "' AS b");
  EXPECT_EQ(One(con, "SELECT count(DISTINCT (thread, n)) FROM b.counts"),
            std::to_string(kThreads * kInserts));
}

}  // namespace
}  // namespace teal

namespace teal {
namespace {

// An ATTACH on one connection must not keep another connection's just-detached database
// open (it once copied the list of attached databases, instances and all): each
// connection detaches and re-attaches its own file over and over, and every ATTACH works.
TEST_F(AttachTest, AnAttachElsewhereDoesNotHoldADetachedDatabaseOpen) {
  Database db;
  std::vector<std::thread> threads;
  std::vector<std::string> failures(2);
  for (int t = 0; t < 2; t++) {
    threads.emplace_back([&, t] {
      Connection con(db);
      const std::string name = "db" + std::to_string(t);
      const std::string path = Path((name + ".teal").c_str());
      try {
        for (int i = 0; i < 200; i++) {
          con.Execute("ATTACH '" + path + "' AS " + name);
          con.Execute("DETACH " + name);
        }
      } catch (const Error& e) {
        failures[t] = e.what();
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(failures[0], "");
  EXPECT_EQ(failures[1], "");
}

}  // namespace
}  // namespace teal
