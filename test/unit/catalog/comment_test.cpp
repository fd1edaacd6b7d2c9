// COMMENT ON in the catalog: the comments of indexes, sequences and types live beside the
// objects and go when the object does (a new object of the name starts without one); the
// schema statements a checkpoint writes recreate every comment after its object.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

TEST(CommentTest, AnObjectCommentGoesWithItsObject) {
  Catalog catalog;
  catalog.CreateTypeAlias("code", LogicalType(TypeId::kVarchar));
  catalog.SetObjectComment('y', "CODE", "the alias");
  EXPECT_EQ(catalog.ObjectComment('y', "code"), "the alias");
  auto copy = catalog.Copy();  // a transaction's catalog sees it too
  EXPECT_EQ(copy->ObjectComment('y', "code"), "the alias");
  catalog.DropType("code", false, false);
  EXPECT_EQ(catalog.ObjectComment('y', "code"), std::nullopt);
  catalog.CreateTypeAlias("code", LogicalType(TypeId::kInteger));
  EXPECT_EQ(catalog.ObjectComment('y', "code"), std::nullopt);
  EXPECT_EQ(copy->ObjectComment('y', "code"), "the alias");  // the copy is its own
  catalog.SetObjectComment('y', "code", "x");
  catalog.SetObjectComment('y', "code", std::nullopt);
  EXPECT_EQ(catalog.ObjectComment('y', "code"), std::nullopt);
}

TEST(CommentTest, TheLogAndACheckpointKeepEveryComment) {
  const std::vector<std::string> listing = {
      "SELECT string_agg(description, ',' ORDER BY description) FROM pg_description",
  };
  for (const bool checkpoint : {false, true}) {
    MemoryFileSystem fs;
    std::string before;
    {
      auto db = OpenFileDatabase(fs, "c.teal", /*checkpoint_on_close=*/checkpoint, {});
      Connection con(*db);
      for (const char* sql :
           {"CREATE TABLE t(a INTEGER, b VARCHAR)", "CREATE INDEX t_a ON t(a)", "CREATE SEQUENCE s",
            "CREATE TYPE e AS ENUM ('x')", "CREATE VIEW v AS SELECT 1 AS one",
            "COMMENT ON TABLE t IS 'it''s t'", "COMMENT ON COLUMN t.b IS 'b'",
            "COMMENT ON INDEX t_a IS 'i'", "COMMENT ON SEQUENCE s IS 's'",
            "COMMENT ON TYPE e IS 'e'", "COMMENT ON COLUMN v.one IS 'one'"}) {
        con.Execute(sql);
      }
      before = QueryTexts(con, {listing[0]});
      EXPECT_EQ(before, "b,e,i,it's t,one,s|\n");
    }
    auto db = OpenFileDatabase(fs, "c.teal", /*checkpoint_on_close=*/false, {});
    Connection con(*db);
    EXPECT_EQ(QueryTexts(con, {listing[0]}), before) << (checkpoint ? "checkpoint" : "log");
  }
}

}  // namespace
}  // namespace teal
