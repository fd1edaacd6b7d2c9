// FOREIGN KEYs under concurrent writers (catalog/foreign_key.hpp): child inserts and
// parent deletes racing from several connections never leave a committed child without
// its parent, and an appender's rows are checked as INSERT's are. Run under
// ThreadSanitizer too (the race of a check and a write is what the locks close).
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

int64_t Count(Connection& con, const std::string& sql) {
  return con.Query(sql).GetValue(0, 0).GetStored<int64_t>();
}

TEST(ForeignKeyTest, RacingChildInsertsAndParentDeletesLeaveNoOrphan) {
  // Children reference parents 0 … kParents-1; the deleter goes after the upper half, where
  // the two meet, and after parents 1000 … 1004, which nobody references (so some deletes
  // and some inserts succeed however the threads are scheduled).
  constexpr int kParents = 64;
  constexpr int kRounds = 300;
  Database db;
  {
    Connection setup(db);
    setup.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY)");
    setup.Execute("CREATE TABLE child(pid INTEGER REFERENCES parent(id), n INTEGER)");
    setup.Execute("INSERT INTO parent SELECT range FROM range(" + std::to_string(kParents) + ")");
    setup.Execute("INSERT INTO parent SELECT range FROM range(1000, 1005)");
  }
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; w++) {
    threads.emplace_back([&db, w] {
      Connection con(db);
      for (int r = 0; r < kRounds; r++) {
        const int key = (r * 7 + w) % kParents;
        try {
          con.Execute("INSERT INTO child VALUES (" + std::to_string(key) + ", " +
                      std::to_string(r) + ")");
        } catch (const Error&) {
          // The parent is gone, or its delete has not ended: refused, as it must be.
        }
      }
    });
  }
  threads.emplace_back([&db] {
    Connection con(db);
    for (int r = 0; r < kRounds; r++) {
      const int key = r % 10 < 5 ? 1000 + r % 5 : kParents - 1 - (r % (kParents / 2));
      try {
        con.Execute("BEGIN");
        con.Execute("DELETE FROM parent WHERE id = " + std::to_string(key));
        con.Execute("COMMIT");
      } catch (const Error&) {
        con.Execute("ROLLBACK");  // it has children, or one is being inserted
      }
    }
  });
  for (auto& thread : threads) thread.join();
  Connection check(db);
  EXPECT_EQ(Count(check, "SELECT count(*) FROM child WHERE pid NOT IN (SELECT id FROM parent)"), 0);
  // Both kinds of statement did succeed some of the time: the test exercised the race.
  EXPECT_GT(Count(check, "SELECT count(*) FROM child"), 0);
  EXPECT_EQ(Count(check, "SELECT count(*) FROM parent WHERE id >= 1000"), 0);
  EXPECT_EQ(Count(check, "SELECT count(*) FROM parent WHERE id < " + std::to_string(kParents / 2)),
            kParents / 2);
}

TEST(ForeignKeyTest, WritersOfATableAndOfItsChildTakeTheParentLocksInOneOrder) {
  // c references a and b, b references a: an insert into c locks a and b, one into b
  // locks a. Were c's locks taken b first, the two could each hold what the other waits
  // for; the test would hang instead of finishing.
  constexpr int kRounds = 200;
  Database db;
  {
    Connection setup(db);
    setup.Execute("CREATE TABLE a(id INTEGER PRIMARY KEY)");
    setup.Execute("CREATE TABLE b(id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id))");
    setup.Execute("CREATE TABLE c(b_id INTEGER REFERENCES b(id), a_id INTEGER REFERENCES a(id))");
    setup.Execute("INSERT INTO a SELECT range FROM range(10)");
    setup.Execute("INSERT INTO b VALUES (0, 0)");
  }
  std::thread into_b([&db] {
    Connection con(db);
    for (int r = 1; r <= kRounds; r++) {
      con.Execute("INSERT INTO b VALUES (" + std::to_string(r) + ", " + std::to_string(r % 10) +
                  ")");
    }
  });
  std::thread into_c([&db] {
    Connection con(db);
    for (int r = 0; r < kRounds; r++) {
      con.Execute("INSERT INTO c VALUES (0, " + std::to_string(r % 10) + ")");
    }
  });
  into_b.join();
  into_c.join();
  Connection check(db);
  EXPECT_EQ(Count(check, "SELECT count(*) FROM b"), kRounds + 1);
  EXPECT_EQ(Count(check, "SELECT count(*) FROM c"), kRounds);
}

TEST(ForeignKeyTest, AnAppendersRowsNeedTheirParents) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE parent(id INTEGER PRIMARY KEY)");
  con.Execute("CREATE TABLE child(pid INTEGER REFERENCES parent(id))");
  con.Execute("INSERT INTO parent VALUES (1), (2)");
  {
    Appender appender(con, "child");
    appender.AppendRow(int32_t{1});
    appender.AppendRow(int32_t{2});
    appender.Close();
  }
  Appender appender(con, "child");
  appender.AppendRow(int32_t{1});
  appender.AppendRow(int32_t{3});
  try {
    appender.Close();
    FAIL() << "a row without its parent was appended";
  } catch (const ConstraintError& e) {
    EXPECT_NE(std::string(e.what()).find("key \"id: 3\" does not exist"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(Count(con, "SELECT count(*) FROM child"), 2);
}

}  // namespace
}  // namespace teal
