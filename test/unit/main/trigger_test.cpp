// Triggers through the C++ API: a prepared write fires them (and is bound again when
// they change), the appender refuses a table with triggers (it would not fire them),
// EXPORT-style schema text keeps them for after the rows, and their CREATE text reads
// back as it was written.
#include "catalog/trigger.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parser/parser.hpp"
#include "parser/statements.hpp"
#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

int64_t Count(Connection& con, const std::string& table) {
  return con.Query("SELECT count(*) FROM " + table).GetValue(0, 0).GetStored<int64_t>();
}

TEST(TriggerTest, PreparedWriteFiresTriggersAndSeesNewOnes) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Execute("CREATE TABLE log(i INTEGER)");
  auto insert = con.Prepare("INSERT INTO t VALUES ($1)");
  insert.Execute(1);
  EXPECT_EQ(Count(con, "log"), 0);
  con.Execute(
      "CREATE TRIGGER copy AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.i * 2)");
  insert.Execute(2);
  insert.Execute(3);
  EXPECT_EQ(con.Query("SELECT sum(i)::BIGINT FROM log").GetValue(0, 0).GetStored<int64_t>(), 10);
  con.Execute("DROP TRIGGER copy ON t");
  insert.Execute(4);
  EXPECT_EQ(Count(con, "log"), 2);
  EXPECT_EQ(Count(con, "t"), 4);
}

TEST(TriggerTest, AppenderRefusesATableWithTriggers) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Execute("CREATE TABLE log(i INTEGER)");
  { Appender app(con, "t"); }  // no trigger yet: fine
  con.Execute("CREATE TRIGGER tr AFTER INSERT ON t INSERT INTO log VALUES (1)");
  EXPECT_THROW(Appender(con, "t"), NotImplementedError);
  EXPECT_EQ(Count(con, "t"), 0);
}

TEST(TriggerTest, CreateTextReadsBack) {
  auto statements = ParseSql(
      "CREATE TRIGGER IF NOT EXISTS \"My Trigger\" AFTER UPDATE OF a, \"B\" ON s.t "
      "FOR EACH STATEMENT UPDATE x SET y = 1 WHERE z = 2;");
  ASSERT_EQ(statements.size(), 1u);
  auto* create = dynamic_cast<CreateTriggerStatement*>(statements[0].get());
  ASSERT_NE(create, nullptr);
  EXPECT_TRUE(create->if_not_exists);
  EXPECT_EQ(create->table_schema, "s");
  EXPECT_EQ(create->table, "t");
  TriggerEntry entry = create->trigger;
  EXPECT_EQ(entry.name, "My Trigger");
  EXPECT_EQ(entry.event, TriggerEvent::kUpdate);
  ASSERT_EQ(entry.update_columns.size(), 2u);
  EXPECT_EQ(entry.update_columns[1], "B");
  EXPECT_EQ(entry.body, "UPDATE x SET y = 1 WHERE z = 2");
  entry.schema = "s";
  entry.table_name = "t";
  // The stored text parses back to the same trigger.
  auto again = ParseSql(entry.ToSql());
  auto* back = dynamic_cast<CreateTriggerStatement*>(again[0].get());
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->trigger.name, entry.name);
  EXPECT_EQ(back->trigger.update_columns, entry.update_columns);
  EXPECT_EQ(back->trigger.body, entry.body);
  EXPECT_EQ(back->table_schema, "s");

  EXPECT_THROW(ParseSql("CREATE TRIGGER a AFTER INSERT t INSERT INTO x VALUES (1)"), ParserError);
  EXPECT_THROW(ParseSql("CREATE TRIGGER s.a AFTER INSERT ON t INSERT INTO x VALUES (1)"),
               ParserError);
  EXPECT_THROW(ParseSql("CREATE TRIGGER a AFTER INSERT ON t SELECT 1"), ParserError);
  EXPECT_THROW(ParseSql("CREATE TRIGGER a AFTER DELETE ON t REFERENCING OLD TABLE AS x OLD "
                        "TABLE AS y INSERT INTO x VALUES (1)"),
               ParserError);
  EXPECT_THROW(ParseSql("DROP TRIGGER a"), ParserError);
}

TEST(TriggerTest, ExportedSchemaCreatesTriggersAfterTheRows) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Execute("CREATE TABLE log(i INTEGER)");
  con.Execute("CREATE TRIGGER tr AFTER INSERT ON t INSERT INTO log VALUES (1)");
  con.Execute("INSERT INTO t VALUES (1), (2)");
  const std::string dir = ::testing::TempDir() + "/teal_trigger_export";
  con.Execute("EXPORT DATABASE '" + dir + "'");
  Database other;
  Connection con2(other);
  con2.Execute("IMPORT DATABASE '" + dir + "'");
  // Loading t's rows did not fire the trigger: log has its one row, from the export.
  EXPECT_EQ(Count(con2, "t"), 2);
  EXPECT_EQ(Count(con2, "log"), 1);
  con2.Execute("INSERT INTO t VALUES (3)");
  EXPECT_EQ(Count(con2, "log"), 2);
}

}  // namespace
}  // namespace teal
