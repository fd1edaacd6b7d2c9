// Generated columns beyond what a sqllogictest shows: their definitions and values come
// back from the log and from a checkpoint; the Appender must leave one out (it would give a
// value) unless it names the other columns; many rows over several chunks are computed, also after
// an UPDATE.
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

std::string Contents(Connection& con) {
  Result r = con.Query(
      "SELECT count(*), sum(b), sum(length(s)), count(*) FILTER (WHERE b <> a * 3) FROM g");
  std::string out;
  for (idx_t c = 0; c < r.ColumnCount(); c++) out += r.GetValue(c, 0).ToString() + "\n";
  return out;
}

TEST(GeneratedColumnTest, DefinitionsAndValuesComeBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  std::string expected;
  {
    auto db = OpenFileDatabase(fs, "g.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE TABLE g(a BIGINT, b AS (a * 3), s VARCHAR GENERATED ALWAYS AS ('#' || a))");
    con.Execute("INSERT INTO g SELECT i FROM range(10000) r(i)");
    con.Execute("UPDATE g SET a = a + 1 WHERE a % 2 = 0");
    expected = Contents(con);
    // 0..9999 with the even ones one larger: the sum of a is 49995000 + 5000.
    EXPECT_EQ(expected.substr(0, expected.find('\n', expected.find('\n') + 1)),
              "10000\n" + std::to_string(3 * (49995000 + 5000)));
  }
  {
    auto db = OpenFileDatabase(fs, "g.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(Contents(con), expected);  // from the log
    con.Execute("CHECKPOINT");
  }
  auto db = OpenFileDatabase(fs, "g.teal", /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_EQ(Contents(con), expected);  // from the checkpoint
  con.Execute("INSERT INTO g VALUES (7)");
  EXPECT_EQ(con.Query("SELECT b, s FROM g WHERE a = 7 LIMIT 1").GetValue(1, 0),
            Value::Varchar("#7"));
}

TEST(GeneratedColumnTest, TheAppenderMustLeaveItOut) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE g(a INTEGER, b AS (a + 1))");
  EXPECT_THROW(Appender(con, "g"), BinderError);
  EXPECT_EQ(con.Query("SELECT count(*) FROM g").GetValue(0, 0), Value::BigInt(0));
  // Naming the other columns, it appends, and the generated one is computed.
  {
    Appender appender(con, "g", std::vector<std::string>{"a"});
    for (int i = 0; i < 3000; i++) appender.AppendRow(i);
    appender.Close();
  }
  Result r = con.Query("SELECT count(*), sum(b) FROM g");
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(3000));
  EXPECT_EQ(r.GetValue(1, 0).CastAs(TypeId::kBigInt), Value::BigInt(2999 * 3000 / 2 + 3000));
}

}  // namespace
}  // namespace teal
