// ParseMergeStatement: MERGE's frame read by hand, its expressions by the grammar, and the
// statements it must leave to the grammar.
#include <gtest/gtest.h>

#include <string>

#include "parser/parser.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

std::unique_ptr<MergeStatement> Merge(const std::string& sql) {
  auto statement = ParseMergeStatement(sql, kDefaultMaxExpressionDepth);
  EXPECT_NE(statement, nullptr) << sql;
  if (!statement || statement->type != StatementType::kMerge) return nullptr;
  return std::unique_ptr<MergeStatement>(static_cast<MergeStatement*>(statement.release()));
}

TEST(MergeStatementTest, ClausesActionsAndValuesInTheOrderWritten) {
  auto merge = Merge(
      "MERGE INTO s.t AS x USING (SELECT 1 AS a) AS src ON x.a = src.a "
      "WHEN MATCHED AND CASE WHEN src.a > 1 THEN true END THEN UPDATE SET b = src.a + 1, c = "
      "DEFAULT "
      "WHEN NOT MATCHED BY SOURCE THEN DELETE "
      "WHEN NOT MATCHED THEN INSERT (a, b) VALUES (src.a, 2) "
      "RETURNING merge_action, *");
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->target.schema, "s");
  EXPECT_EQ(merge->target.name, "t");
  EXPECT_EQ(merge->target.alias, "x");
  ASSERT_NE(merge->source, nullptr);
  EXPECT_EQ(merge->source->kind, TableRefKind::kSubquery);
  ASSERT_NE(merge->condition, nullptr);
  EXPECT_EQ(merge->condition->ToString(), "(x.a = src.a)");
  ASSERT_EQ(merge->clauses.size(), 3u);
  const MergeClause& update = merge->clauses[0];
  EXPECT_EQ(update.match, MergeClause::Match::kMatched);
  EXPECT_EQ(update.action, MergeAction::kUpdate);
  ASSERT_NE(update.condition, nullptr);  // the CASE's WHEN did not end the clause
  EXPECT_EQ(update.columns, (std::vector<std::string>{"b", "c"}));
  ASSERT_EQ(update.values.size(), 2u);
  EXPECT_EQ(update.values[0]->ToString(), "(src.a + 1)");
  EXPECT_EQ(update.values[1], nullptr);  // DEFAULT
  EXPECT_EQ(merge->clauses[1].match, MergeClause::Match::kNotMatchedBySource);
  EXPECT_EQ(merge->clauses[1].action, MergeAction::kDelete);
  const MergeClause& insert = merge->clauses[2];
  EXPECT_EQ(insert.match, MergeClause::Match::kNotMatchedByTarget);
  EXPECT_EQ(insert.columns, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(insert.values.size(), 2u);
  EXPECT_EQ(merge->returning.size(), 2u);
}

TEST(MergeStatementTest, DuckDBForms) {
  auto merge = Merge(
      "WITH src(a) AS (VALUES (1)) MERGE INTO t USING src USING (a) "
      "WHEN MATCHED THEN UPDATE BY NAME WHEN NOT MATCHED BY TARGET AND a > 0 THEN INSERT * "
      "WHEN NOT MATCHED THEN ERROR 'no ' || a;");
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->ctes.size(), 1u);
  EXPECT_EQ(merge->using_columns, (std::vector<std::string>{"a"}));
  EXPECT_EQ(merge->condition, nullptr);
  ASSERT_EQ(merge->clauses.size(), 3u);
  EXPECT_EQ(merge->clauses[0].values_from, MergeClause::Values::kByName);
  EXPECT_EQ(merge->clauses[1].values_from, MergeClause::Values::kByPosition);
  EXPECT_EQ(merge->clauses[2].action, MergeAction::kError);
  ASSERT_NE(merge->clauses[2].message, nullptr);
}

TEST(MergeStatementTest, ParametersAreNumberedInTheOrderWritten) {
  auto merge = Merge(
      "MERGE INTO t USING (SELECT ? AS a) AS s ON t.a = s.a + ? "
      "WHEN MATCHED AND t.b > ? THEN UPDATE SET b = ? WHEN NOT MATCHED THEN INSERT VALUES (?)");
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->parameter_count, 5u);
  EXPECT_EQ(merge->condition->ToString(), "(t.a = (s.a + $2))");
  EXPECT_EQ(merge->clauses[0].condition->ToString(), "(t.b > $3)");
  EXPECT_EQ(merge->clauses[0].values[0]->ToString(), "$4");
  EXPECT_EQ(merge->clauses[1].values[0]->ToString(), "$5");
}

TEST(MergeStatementTest, ExplainAndPrepareWrapIt) {
  auto explain = ParseMergeStatement(
      "EXPLAIN ANALYZE MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE", 100);
  ASSERT_NE(explain, nullptr);
  ASSERT_EQ(explain->type, StatementType::kExplain);
  EXPECT_TRUE(static_cast<ExplainStatement&>(*explain).analyze);
  EXPECT_EQ(static_cast<ExplainStatement&>(*explain).statement->type, StatementType::kMerge);
  auto prepare = ParseMergeStatement(
      "PREPARE Mine AS MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE", 100);
  ASSERT_NE(prepare, nullptr);
  ASSERT_EQ(prepare->type, StatementType::kPrepare);
  EXPECT_EQ(static_cast<PrepareStatement&>(*prepare).name, "mine");
  EXPECT_EQ(static_cast<PrepareStatement&>(*prepare).query,
            "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE");
}

TEST(MergeStatementTest, OtherStatementsAreLeftToTheGrammar) {
  for (const char* sql : {"WITH merge AS (SELECT 1) SELECT * FROM merge", "SELECT 1",
                          "EXPLAIN SELECT 1", "PREPARE p AS SELECT 1",
                          "WITH x AS (SELECT 1) "
                          "DELETE FROM t"}) {
    EXPECT_EQ(ParseMergeStatement(sql, 100), nullptr) << sql;
  }
}

TEST(MergeStatementTest, MalformedMergesAreParserErrors) {
  for (const char* sql : {
           "MERGE INTO t USING u WHEN MATCHED THEN DELETE",                   // no ON
           "MERGE INTO t USING u ON t.a = u.a",                               // no clause
           "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN INSERT",      // INSERT of a match
           "MERGE INTO t USING u ON t.a = u.a WHEN NOT MATCHED THEN DELETE",  // nothing to delete
           "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN FROB",
           "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE WHEN MATCHED THEN DELETE",
           "MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN UPDATE SET a 1",
           "MERGE INTO (SELECT 1) USING u ON true WHEN MATCHED THEN DELETE",
       }) {
    EXPECT_THROW(ParseMergeStatement(sql, 100), ParserError) << sql;
  }
}

}  // namespace
}  // namespace teal
