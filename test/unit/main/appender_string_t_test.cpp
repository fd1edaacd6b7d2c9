// Appender: a teal::string_t longer than the inline 12 bytes points at the caller's bytes;
// the appender copies them, so the caller may reuse its buffer right after the call.
#include <gtest/gtest.h>

#include <string>

#include "teal/teal.hpp"

namespace teal {
namespace {

TEST(AppenderStringTTest, LongStringTIsCopiedNotReferenced) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(s VARCHAR, b BLOB)");
  Appender app(con, "t");
  std::string buffer(40, 'x');
  app.AppendRow(string_t(buffer.data(), 40), string_t(buffer.data(), 40));
  buffer.assign(40, 'y');  // the caller reuses its buffer before the flush
  app.AppendRow(string_t(buffer.data(), 40), string_t("short", 5));
  buffer.clear();
  buffer.shrink_to_fit();
  app.Close();
  Result r = con.Query("SELECT s, b::VARCHAR FROM t ORDER BY s");
  ASSERT_EQ(r.RowCount(), 2u);
  EXPECT_EQ(r.GetValue(0, 0).GetString(), std::string(40, 'x'));
  EXPECT_EQ(r.GetValue(1, 0).GetString(), std::string(40, 'x'));
  EXPECT_EQ(r.GetValue(0, 1).GetString(), std::string(40, 'y'));
  EXPECT_EQ(r.GetValue(1, 1).GetString(), "short");
}

}  // namespace
}  // namespace teal
