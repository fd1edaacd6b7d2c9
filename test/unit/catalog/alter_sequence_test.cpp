// ALTER SEQUENCE: a changed sequence is a new entry sharing the old one's position (unless it
// restarts); a column's DEFAULT, the appender, currval and the log all follow the entry the
// catalog files now; a RESTART committed while another transaction draws from the old
// position does not let that transaction's position reach the log.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalog/sequence.hpp"
#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

int64_t Next(Connection& con, const std::string& sequence) {
  return con.Query("SELECT nextval('" + sequence + "')").GetValue(0, 0).GetStored<int64_t>();
}

TEST(SequenceEntryAlteredTest, SharesThePositionUnlessItRestarts) {
  SequenceEntry s("s", SequenceOptions{});
  EXPECT_EQ(s.Next(), 1);
  EXPECT_EQ(s.Next(), 2);
  SequenceOptions by_ten = s.Options();
  by_ten.increment = 10;
  auto stepped = s.Altered("s", by_ten, {}, /*restart=*/false, std::nullopt);
  EXPECT_TRUE(stepped->SameSequence(s));
  EXPECT_EQ(stepped->Next(), 12);
  EXPECT_EQ(s.Next(), 13);  // the old entry draws from the same counter, with its own step
  EXPECT_FALSE(s.SupersededBy(*stepped));

  auto restarted = s.Altered("s", s.Options(), {}, /*restart=*/true, 100);
  EXPECT_TRUE(restarted->SameSequence(s));
  EXPECT_TRUE(s.SupersededBy(*restarted));
  EXPECT_FALSE(restarted->SupersededBy(s));
  EXPECT_EQ(restarted->Next(), 100);
  EXPECT_EQ(s.Next(), 14);  // its own counter, untouched by the restart

  EXPECT_THROW(s.Altered("s", s.Options(), {}, /*restart=*/true, 0), BinderError);
  SequenceOptions zero = s.Options();
  zero.increment = 0;
  EXPECT_THROW(s.Altered("s", zero, {}, false, std::nullopt), BinderError);

  SequenceEntry other("s", SequenceOptions{});
  EXPECT_FALSE(other.SameSequence(s));
}

TEST(AlterSequenceTest, TheAppenderAndCurrvalFollowTheAlteredSequence) {
  Database db;
  Connection con(db);
  con.Execute("CREATE SEQUENCE ids");
  con.Execute("CREATE TABLE t (id BIGINT DEFAULT nextval('ids'), v INTEGER)");
  EXPECT_EQ(Next(con, "ids"), 1);
  con.Execute("ALTER SEQUENCE ids INCREMENT BY 5");
  EXPECT_EQ(con.Query("SELECT currval('ids')").GetValue(0, 0), Value::BigInt(1));
  {
    Appender appender(con, "t");
    appender.AppendDefault().Append(int32_t{1}).EndRow();
    appender.AppendDefault().Append(int32_t{2}).EndRow();
    appender.Close();
  }
  con.Execute("ALTER SEQUENCE ids RESTART WITH 50");
  con.Execute("INSERT INTO t (v) VALUES (3)");
  Result r = con.Query("SELECT string_agg(id::VARCHAR, ',' ORDER BY v) FROM t");
  EXPECT_EQ(r.GetValue(0, 0), Value::Varchar("6,11,50"));
}

TEST(AlterSequenceTest, ARestartIsSeenOnceCommitted) {
  Database db;
  Connection a(db), b(db);
  a.Execute("CREATE SEQUENCE s");
  EXPECT_EQ(Next(a, "s"), 1);
  a.Execute("BEGIN");
  a.Execute("ALTER SEQUENCE s RESTART WITH 100");
  EXPECT_EQ(Next(b, "s"), 2);  // not yet committed
  a.Execute("COMMIT");
  EXPECT_EQ(Next(b, "s"), 100);
  // Two transactions changing the same sequence: the later commit is refused.
  a.Execute("BEGIN");
  b.Execute("BEGIN");
  a.Execute("ALTER SEQUENCE s INCREMENT BY 2");
  EXPECT_THROW(
      {
        b.Execute("ALTER SEQUENCE s INCREMENT BY 3");
        b.Execute("COMMIT");
      },
      Error);
  a.Execute("COMMIT");
  b.Execute("ROLLBACK");
  EXPECT_EQ(Next(b, "s"), 102);
}

TEST(AlterSequenceTest, ASupersededPositionDoesNotReachTheLog) {
  MemoryFileSystem fs;
  {
    auto db = OpenFileDatabase(fs, "seq.teal", /*checkpoint_on_close=*/false);
    Connection a(*db), b(*db);
    a.Execute("CREATE SEQUENCE s");
    for (int i = 0; i < 5; i++) Next(a, "s");
    b.Execute("BEGIN");
    EXPECT_EQ(Next(b, "s"), 6);  // b's snapshot: the sequence before the restart
    a.Execute("ALTER SEQUENCE s RESTART WITH 1");
    EXPECT_EQ(Next(b, "s"), 7);  // still the old position
    b.Execute("COMMIT");         // which must not overwrite the restart in the log
    EXPECT_EQ(Next(a, "s"), 1);
  }
  auto db = OpenFileDatabase(fs, "seq.teal", /*checkpoint_on_close=*/false);
  Connection con(*db);
  EXPECT_EQ(Next(con, "s"), 2);
}

TEST(AlterSequenceTest, OwnershipComesBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  for (bool checkpoint : {false, true}) {
    const std::string path = checkpoint ? "owned_cp.teal" : "owned.teal";
    {
      auto db = OpenFileDatabase(fs, path, /*checkpoint_on_close=*/false);
      Connection con(*db);
      con.Execute("CREATE SEQUENCE a_seq");
      con.Execute("CREATE SEQUENCE b_seq");
      con.Execute("CREATE TABLE owner (id BIGINT DEFAULT nextval('a_seq'))");
      con.Execute("ALTER SEQUENCE a_seq OWNED BY owner.id");
      con.Execute("ALTER SEQUENCE b_seq OWNED BY owner");  // DuckDB's form
      con.Execute("ALTER TABLE owner RENAME TO owner2");
      if (checkpoint) con.Execute("CHECKPOINT");
    }
    auto db = OpenFileDatabase(fs, path, /*checkpoint_on_close=*/false);
    Connection con(*db);
    EXPECT_THROW(con.Execute("DROP SEQUENCE b_seq"), DependencyError) << path;
    con.Execute("DROP TABLE owner2");
    EXPECT_EQ(con.Query("SELECT count(*) FROM duckdb_sequences()").GetValue(0, 0), Value::BigInt(0))
        << path;
  }
}

}  // namespace
}  // namespace teal
