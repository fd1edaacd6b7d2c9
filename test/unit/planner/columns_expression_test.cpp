// COLUMNS(…) beyond what a sqllogictest shows: a wide table's columns expand in order, a
// regular expression picks by name anywhere in it, and the expanded items' names (their
// columns', or the alias with the column's name and the pattern's groups in it).
#include <gtest/gtest.h>

#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

TEST(ColumnsExpressionTest, AWideTableExpandsInOrderWithItsNames) {
  Database db;
  Connection con(db);
  std::string create = "CREATE TABLE w(", insert = "INSERT INTO w VALUES (";
  for (int c = 0; c < 60; c++) {
    create += (c ? ", c" : "c") + std::to_string(c) + " INTEGER";
    insert += (c ? ", " : "") + std::to_string(c * 10);
  }
  con.Execute(create + ")");
  con.Execute(insert + ")");
  Result all = con.Query("SELECT COLUMNS(*) + 1 FROM w");
  ASSERT_EQ(all.ColumnCount(), 60u);
  for (idx_t c = 0; c < 60; c++) {
    EXPECT_EQ(all.GetValue(c, 0), Value::Integer(static_cast<int32_t>(c * 10 + 1)));
    EXPECT_EQ(all.ColumnName(c), "c" + std::to_string(c));  // DuckDB's: the column's name
  }
  // c5, c15, …, c55: a partial match anywhere in the name.
  Result fives = con.Query("SELECT max(COLUMNS('(.)5$')) AS \"max_\\1_\\0\" FROM w");
  ASSERT_EQ(fives.ColumnCount(), 6u);
  EXPECT_EQ(fives.GetValue(5, 0), Value::Integer(550));
  EXPECT_EQ(fives.ColumnName(1), "max_1_c15");
  Result bare = con.Query("SELECT COLUMNS('^c1[0-2]$') FROM w");
  ASSERT_EQ(bare.ColumnCount(), 3u);
  EXPECT_EQ(bare.ColumnName(0), "c10");
  EXPECT_EQ(bare.ColumnName(2), "c12");
}

}  // namespace
}  // namespace teal
