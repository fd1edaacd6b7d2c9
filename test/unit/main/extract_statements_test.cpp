// ExtractStatements: statement kinds, texts and parameters from SQL text alone — no
// Database is opened anywhere in this file, so nothing here can reach a catalog.
#include "teal/extract_statements.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parser/parser.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
using Names = std::vector<std::string>;

/// The message of the ParserError `sql` throws, or a failure when it throws none.
std::string ParserErrorOf(std::string_view sql) {
  try {
    ExtractStatements(sql);
  } catch (const ParserError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no ParserError for: " << sql;
  return "";
}
}  // namespace

TEST(ExtractStatementsTest, FromFirstQueriesAreSelects) {
  auto infos = ExtractStatements("FROM t; FROM t SELECT a WHERE a > ?; CREATE VIEW v AS FROM t");
  ASSERT_EQ(infos.size(), 3u);
  EXPECT_EQ(infos[0].type, StatementType::kSelect);
  EXPECT_EQ(infos[0].text, "FROM t");
  EXPECT_EQ(infos[1].type, StatementType::kSelect);
  EXPECT_EQ(infos[1].parameter_count, 1u);
  EXPECT_EQ(infos[2].type, StatementType::kCreate);
}

TEST(ExtractStatementsTest, InsertOrReplaceAndOnConflictAreInserts) {
  auto infos = ExtractStatements(
      "INSERT OR REPLACE INTO t VALUES (?); insert or ignore into t VALUES (1);"
      "INSERT INTO t VALUES ($1) ON CONFLICT (a) DO UPDATE SET b = excluded.b");
  ASSERT_EQ(infos.size(), 3u);
  for (const auto& info : infos) EXPECT_EQ(info.type, StatementType::kInsert);
  EXPECT_EQ(infos[0].text, "INSERT OR REPLACE INTO t VALUES (?)");
  EXPECT_EQ(infos[0].parameter_count, 1u);
}

TEST(ExtractStatementsTest, SeveralStatementsKeepTheirOrderKindsAndTexts) {
  auto infos = ExtractStatements(
      "CREATE TABLE t(i INTEGER);\n"
      "INSERT INTO t VALUES (1);  SELECT i FROM t;\n"
      "UPDATE t SET i = 2; DELETE FROM t WHERE i = 2; DROP TABLE t;");
  ASSERT_EQ(infos.size(), 6u);
  EXPECT_EQ(infos[0].type, StatementType::kCreate);
  EXPECT_EQ(infos[0].text, "CREATE TABLE t(i INTEGER)");
  EXPECT_EQ(infos[1].type, StatementType::kInsert);
  EXPECT_EQ(infos[1].text, "INSERT INTO t VALUES (1)");
  EXPECT_EQ(infos[2].type, StatementType::kSelect);
  EXPECT_EQ(infos[2].text, "SELECT i FROM t");
  EXPECT_EQ(infos[3].type, StatementType::kUpdate);
  EXPECT_EQ(infos[3].text, "UPDATE t SET i = 2");
  EXPECT_EQ(infos[4].type, StatementType::kDelete);
  EXPECT_EQ(infos[4].text, "DELETE FROM t WHERE i = 2");
  EXPECT_EQ(infos[5].type, StatementType::kDrop);
  EXPECT_EQ(infos[5].text, "DROP TABLE t");
  for (const auto& info : infos) {
    EXPECT_EQ(info.parameter_count, 0u) << info.text;
    EXPECT_TRUE(info.parameter_names.empty()) << info.text;
  }
}

TEST(ExtractStatementsTest, TablesAndColumnsThatExistNowhereAreNoProblem) {
  auto infos = ExtractStatements("SELECT no_such_column FROM no_such_table WHERE x = $v");
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].type, StatementType::kSelect);
  EXPECT_EQ(infos[0].parameter_count, 1u);
  EXPECT_EQ(infos[0].parameter_names, Names{"v"});
}

TEST(ExtractStatementsTest, QuestionMarksAreNumberedLeftToRightAndUnnamed) {
  auto infos = ExtractStatements("SELECT ? + ?, ?");
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].parameter_count, 3u);
  EXPECT_EQ(infos[0].parameter_names, (Names{"", "", ""}));
}

TEST(ExtractStatementsTest, NumberedParametersCountUpToTheHighest) {
  auto infos = ExtractStatements("SELECT $2, $1; SELECT $3");
  ASSERT_EQ(infos.size(), 2u);
  EXPECT_EQ(infos[0].parameter_count, 2u);
  EXPECT_EQ(infos[0].parameter_names, (Names{"", ""}));
  EXPECT_EQ(infos[1].parameter_count, 3u);
  EXPECT_EQ(infos[1].parameter_names, (Names{"", "", ""}));
}

TEST(ExtractStatementsTest, NamedParametersAreNumberedByFirstAppearance) {
  auto infos = ExtractStatements("SELECT * FROM t WHERE i >= $low AND i <= $high AND i <> $low");
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].parameter_count, 2u);
  EXPECT_EQ(infos[0].parameter_names, (Names{"low", "high"}));
}

TEST(ExtractStatementsTest, ParametersAreCountedPerStatement) {
  auto infos = ExtractStatements("SELECT ?, ?; SELECT 1; INSERT INTO t VALUES ($name)");
  ASSERT_EQ(infos.size(), 3u);
  EXPECT_EQ(infos[0].parameter_count, 2u);
  EXPECT_EQ(infos[1].parameter_count, 0u);
  EXPECT_EQ(infos[2].parameter_count, 1u);
  EXPECT_EQ(infos[2].parameter_names, Names{"name"});
}

TEST(ExtractStatementsTest, ParameterMarksInStringsAndCommentsAreNotParameters) {
  auto infos = ExtractStatements("SELECT '?', '$1', \"$x\" -- ? $2\n FROM t /* $y */ WHERE i = ?");
  ASSERT_EQ(infos.size(), 1u);
  EXPECT_EQ(infos[0].parameter_count, 1u);
  EXPECT_EQ(infos[0].parameter_names, Names{""});
}

TEST(ExtractStatementsTest, TextIsAsWrittenNotAsRewrittenForTheGrammar) {
  auto infos = ExtractStatements("SELECT [1, ?] GROUP BY ALL; SELECT $a");
  ASSERT_EQ(infos.size(), 2u);
  EXPECT_EQ(infos[0].type, StatementType::kSelect);
  EXPECT_EQ(infos[0].text, "SELECT [1, ?] GROUP BY ALL");
  EXPECT_EQ(infos[0].parameter_count, 1u);
  EXPECT_EQ(infos[1].text, "SELECT $a");
}

TEST(ExtractStatementsTest, PragmaReportsPragma) {
  auto infos = ExtractStatements("PRAGMA table_info('t'); pragma threads = 4");
  ASSERT_EQ(infos.size(), 2u);
  EXPECT_EQ(infos[0].type, StatementType::kPragma);
  EXPECT_EQ(infos[0].text, "PRAGMA table_info('t')");
  EXPECT_EQ(infos[0].parameter_count, 0u);
  EXPECT_EQ(infos[1].type, StatementType::kPragma);
  EXPECT_EQ(infos[1].text, "pragma threads = 4");
}

// These parse but the transformer does not (or did not) support them; their kinds come
// from the text, so none may throw NotImplementedError.
TEST(ExtractStatementsTest, StatementsTealCannotRunYetStillReportTheirKinds) {
  struct Case {
    const char* sql;
    StatementType type;
  };
  const Case cases[] = {
      {"CREATE INDEX idx ON t(i)", StatementType::kCreate},
      {"CREATE SEQUENCE s", StatementType::kCreate},
      {"BEGIN TRANSACTION", StatementType::kTransaction},
      {"BEGIN", StatementType::kTransaction},
      {"COMMIT", StatementType::kTransaction},
      {"ROLLBACK", StatementType::kTransaction},
      {"EXPLAIN SELECT 1", StatementType::kExplain},
      {"SET threads = 2", StatementType::kSet},
      {"ALTER TABLE t ADD COLUMN j INTEGER", StatementType::kAlter},
      {"ALTER TABLE t RENAME TO u", StatementType::kAlter},
  };
  for (const auto& c : cases) {
    std::vector<StatementInfo> infos;
    ASSERT_NO_THROW(infos = ExtractStatements(c.sql)) << c.sql;
    ASSERT_EQ(infos.size(), 1u) << c.sql;
    EXPECT_EQ(infos[0].type, c.type) << c.sql << " gave " << StatementTypeName(infos[0].type);
    EXPECT_EQ(infos[0].text, c.sql);
  }
}

TEST(ExtractStatementsTest, KindsTealHasNoTypeForAreInvalid) {
  auto infos = ExtractStatements("COPY t TO 'out.csv'; VACUUM; LISTEN channel");
  ASSERT_EQ(infos.size(), 3u);
  EXPECT_EQ(infos[0].type, StatementType::kCopy);
  EXPECT_EQ(infos[1].type, StatementType::kVacuum);
  EXPECT_EQ(infos[2].type, StatementType::kInvalid);
}

TEST(ExtractStatementsTest, MalformedSqlThrowsParserErrorNamingTheProblem) {
  std::string message = ParserErrorOf("SELECT 1; SELECT * FORM t");
  EXPECT_NE(message.find("syntax error"), std::string::npos) << message;
  EXPECT_NE(message.find("FORM"), std::string::npos) << message;

  message = ParserErrorOf("PRAGMA");
  EXPECT_NE(message.find("PRAGMA needs a name"), std::string::npos) << message;

  message = ParserErrorOf("SELECT ?, $1");
  EXPECT_NE(message.find("cannot mix"), std::string::npos) << message;
}

TEST(ExtractStatementsTest, BlankInputGivesNoStatements) {
  EXPECT_TRUE(ExtractStatements("").empty());
  EXPECT_TRUE(ExtractStatements("  \n\t").empty());
  EXPECT_TRUE(ExtractStatements(" ;; -- only a comment\n; /* and; another */").empty());
}

TEST(ExtractStatementsTest, SemicolonsInsideStringsAndCommentsDoNotSplit) {
  auto infos = ExtractStatements(
      "SELECT 'a;b' AS \"c;d\", $$e;f$$; -- g;h\nINSERT INTO t VALUES ('i;j') /* k;l */");
  ASSERT_EQ(infos.size(), 2u);
  EXPECT_EQ(infos[0].type, StatementType::kSelect);
  EXPECT_EQ(infos[0].text, "SELECT 'a;b' AS \"c;d\", $$e;f$$");
  EXPECT_EQ(infos[0].parameter_count, 0u);
  EXPECT_EQ(infos[1].type, StatementType::kInsert);
  EXPECT_EQ(infos[1].text, "-- g;h\nINSERT INTO t VALUES ('i;j') /* k;l */");
}

// ExtractStatements and execution must agree on what a statement is: the same kinds,
// texts and parameters as ParseSql gives the binder.
TEST(ExtractStatementsTest, AgreesWithParseSqlOnStatementsTheTransformerSupports) {
  const char* sql =
      "CREATE TABLE t(i INTEGER, s VARCHAR); INSERT INTO t VALUES ($1, $3);"
      "SELECT s FROM t WHERE i = $lo OR i = $hi OR s = $lo; UPDATE t SET s = ? WHERE i = ?;"
      "PRAGMA table_info('t'); DROP TABLE t";
  auto infos = ExtractStatements(sql);
  auto statements = ParseSql(sql);
  ASSERT_EQ(infos.size(), statements.size());
  for (size_t i = 0; i < infos.size(); i++) {
    EXPECT_EQ(infos[i].type, statements[i]->type) << infos[i].text;
    EXPECT_EQ(infos[i].text, statements[i]->text);
    EXPECT_EQ(infos[i].parameter_count, statements[i]->parameter_count) << infos[i].text;
    EXPECT_EQ(infos[i].parameter_names, statements[i]->parameter_names) << infos[i].text;
  }
  EXPECT_EQ(infos[1].parameter_count, 3u);  // the comparison above is not between empties
  EXPECT_EQ(infos[2].parameter_names, (Names{"lo", "hi"}));
}

}  // namespace teal
