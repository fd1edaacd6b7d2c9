// ParseMacroStatement and MacroEntry::ToSql: parameter lists (overloads), typed parameters
// and defaults read by hand, and written back so that they read the same again.
#include <gtest/gtest.h>

#include <string>

#include "catalog/macro.hpp"
#include "parser/parser.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

std::unique_ptr<CreateMacroStatement> Macro(const std::string& sql) {
  auto statement = ParseMacroStatement(sql, kDefaultMaxExpressionDepth);
  EXPECT_NE(statement, nullptr) << sql;
  auto* create = dynamic_cast<CreateMacroStatement*>(statement.get());
  if (!create) return nullptr;
  statement.release();
  return std::unique_ptr<CreateMacroStatement>(create);
}

TEST(MacroStatementTest, OverloadsEachWithTheirParametersTypesAndBody) {
  auto macro = Macro(
      "CREATE MACRO m () AS 0, (a) AS [a, (1)][1], (a VARCHAR, b DECIMAL(4, 1) := 2.5) AS a || b");
  ASSERT_NE(macro, nullptr);
  EXPECT_FALSE(macro->table);
  ASSERT_EQ(macro->overloads.size(), 3u);
  EXPECT_TRUE(macro->overloads[0].parameters.empty());
  EXPECT_EQ(macro->overloads[0].body, "0");
  EXPECT_EQ(macro->overloads[1].body, "[a, (1)][1]");
  const MacroOverload& typed = macro->overloads[2];
  ASSERT_EQ(typed.parameters.size(), 2u);
  EXPECT_EQ(typed.types[0], "VARCHAR");
  EXPECT_EQ(typed.types[1], "DECIMAL(4, 1)");
  EXPECT_EQ(typed.defaults[0], "");
  EXPECT_EQ(typed.defaults[1], "2.5");
  EXPECT_EQ(typed.RequiredCount(), 1u);
  EXPECT_TRUE(typed.Typed());
  EXPECT_FALSE(macro->overloads[1].Typed());
}

TEST(MacroStatementTest, TableMacroSelectListIsNoOverload) {
  // "(b) AS y" in a select list is a column, not a parameter list: only AS TABLE starts one
  auto macro =
      Macro("CREATE MACRO t(a, b) AS TABLE SELECT a AS x, (b) AS y, (a) AS TABLE SELECT a");
  ASSERT_NE(macro, nullptr);
  EXPECT_TRUE(macro->table);
  ASSERT_EQ(macro->overloads.size(), 2u);
  EXPECT_EQ(macro->overloads[0].body, "SELECT a AS x, (b) AS y");
  EXPECT_EQ(macro->overloads[1].body, "SELECT a");
}

TEST(MacroStatementTest, ToSqlReadsBackTheSame) {
  MacroEntry entry;
  entry.name = "s.m";
  entry.overloads.push_back({{"a"}, {""}, {""}, "a + 1 -- one"});
  entry.overloads.push_back({{"a", "b"}, {"INTEGER", "VARCHAR"}, {"", "'x'"}, "a || b"});
  const std::string sql = entry.ToSql();
  auto again = Macro(sql);
  ASSERT_NE(again, nullptr) << sql;
  ASSERT_EQ(again->overloads.size(), 2u) << sql;
  EXPECT_EQ(again->schema, "s");
  EXPECT_EQ(again->overloads[0].body, "a + 1 -- one");
  EXPECT_EQ(again->overloads[1].types, (std::vector<std::string>{"INTEGER", "VARCHAR"}));
  EXPECT_EQ(again->overloads[1].defaults[1], "'x'");
  EXPECT_EQ(again->overloads[1].body, "a || b");
}

TEST(MacroStatementTest, MalformedListsAreRefused) {
  EXPECT_THROW(Macro("CREATE MACRO m(a) AS a, (a, b) AS TABLE SELECT 1"), ParserError);
  EXPECT_THROW(Macro("CREATE MACRO m(a := ) AS a"), ParserError);
  EXPECT_THROW(Macro("CREATE MACRO m(a := 1, b) AS a"), ParserError);
  EXPECT_THROW(Macro("CREATE MACRO m(a) AS a, b"), ParserError);
}

}  // namespace
}  // namespace teal
