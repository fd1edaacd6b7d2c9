// Macros in a database file: replayed from the log, kept by a checkpoint, and a drop or a
// replace lasts. Their text (body, defaults with quotes) comes back as written.
#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

const std::string kPath = "m.teal";

std::string Calls(Connection& con) {
  Result r = con.Query(
      "SELECT greet('Ann'), greet('Bo', p := 'yo '), (SELECT sum(x) FROM evens(10)), "
      "(SELECT count(*) FROM evens(hi := 4))");
  std::string out;
  for (idx_t c = 0; c < r.ColumnCount(); c++) out += r.GetValue(c, 0).ToString() + "|";
  return out;
}

TEST(MacroPersistenceTest, MacrosComeBackFromTheLogAndFromACheckpoint) {
  MemoryFileSystem fs;
  const std::string expected = "hi 'there Ann|yo Bo|20|2|";
  {
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    con.Execute("CREATE MACRO greet(n, p := 'hi ''there ') AS p || n");
    con.Execute("CREATE MACRO evens(hi, lo := 0) AS TABLE SELECT range AS x FROM range(lo, hi, 2)");
    con.Execute("CREATE MACRO gone(a) AS a");
    con.Execute("DROP MACRO gone");
    EXPECT_EQ(Calls(con), expected);
  }
  {
    // From the log.
    auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(Calls(con), expected);
    EXPECT_THROW(con.Query("SELECT gone(1)"), CatalogError);
    con.Execute("CHECKPOINT");
    con.Execute("CREATE OR REPLACE MACRO greet(n, p := 'hello ') AS p || n");
  }
  // From the checkpoint, with the replace replayed on top of it.
  auto db = OpenFileDatabase(fs, kPath, /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  EXPECT_EQ(Calls(con), "hello Ann|yo Bo|20|2|");
  EXPECT_THROW(con.Query("SELECT gone(1)"), CatalogError);
}

TEST(MacroPersistenceTest, AMacroCreatedInARolledBackTransactionIsGone) {
  Database db;
  Connection con(db);
  con.Execute("BEGIN");
  con.Execute("CREATE MACRO m(a) AS a + 1");
  EXPECT_EQ(con.Query("SELECT m(1)").GetValue(0, 0), Value::Integer(2));
  con.Execute("ROLLBACK");
  EXPECT_THROW(con.Query("SELECT m(1)"), CatalogError);
}

}  // namespace
}  // namespace teal
