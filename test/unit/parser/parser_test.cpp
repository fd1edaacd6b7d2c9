// Parser: statement splitting, the pre-parse rewrites, PRAGMA recognition, errors.
#include "parser/parser.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {

TEST(SplitStatementsTest, SemicolonsInsideQuotesAndCommentsDoNotSplit) {
  auto parts = SplitStatements("SELECT 'a;b'; SELECT \"x;y\" -- c;d\n; /* e;f */ SELECT 3");
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts[0], "SELECT 'a;b'");
  EXPECT_EQ(parts[1], "SELECT \"x;y\" -- c;d");
  EXPECT_EQ(parts[2], "/* e;f */ SELECT 3");
}

TEST(SplitStatementsTest, EmptyStatementsAreDropped) {
  EXPECT_TRUE(SplitStatements(" ;; -- only a comment\n;").empty());
  EXPECT_EQ(SplitStatements("SELECT 1;;SELECT 2;").size(), 2u);
}

TEST(RewriteListLiteralsTest, BracketsAfterOperatorsBecomeArrays) {
  EXPECT_EQ(RewriteListLiterals("SELECT [1, 2]"), "SELECT ARRAY[1, 2]");
  EXPECT_EQ(RewriteListLiterals("VALUES (1, [1, [2]])"), "VALUES (1, ARRAY[1, ARRAY[2]])");
  EXPECT_EQ(RewriteListLiterals("SELECT x IN ([1])"), "SELECT x IN (ARRAY[1])");
}

TEST(RewriteListLiteralsTest, SubscriptsTypesAndStringsAreLeftAlone) {
  EXPECT_EQ(RewriteListLiterals("CREATE TABLE t(l INTEGER[])"), "CREATE TABLE t(l INTEGER[])");
  EXPECT_EQ(RewriteListLiterals("SELECT l[1], (l)[2]"), "SELECT l[1], (l)[2]");
  EXPECT_EQ(RewriteListLiterals("SELECT '[1]', \"[x]\""), "SELECT '[1]', \"[x]\"");
}

TEST(RewriteListLiteralsTest, SubscriptedLiteralsAndCallsAreParenthesised) {
  EXPECT_EQ(RewriteListLiterals("SELECT [1, 2][2]"), "SELECT (ARRAY[1, 2])[2]");
  EXPECT_EQ(RewriteListLiterals("SELECT ARRAY[1][1], [[1]][1][1]"),
            "SELECT (ARRAY[1])[1], (ARRAY[ARRAY[1]])[1][1]");
  EXPECT_EQ(RewriteListLiterals("SELECT f(x, g(y)[1])[2]"), "SELECT (f(x, (g(y))[1]))[2]");
  EXPECT_EQ(RewriteListLiterals("SELECT x::DECIMAL(10, 2)[], CAST(l AS INTEGER[])[1]"),
            "SELECT x::DECIMAL(10, 2)[], (CAST(l AS INTEGER[]))[1]");
  EXPECT_EQ(RewriteListLiterals("SELECT x IN (1)[1], [1] || [2]"),
            "SELECT x IN (1)[1], ARRAY[1] || ARRAY[2]");
}

TEST(RewriteListLiteralsTest, SubscriptedStringsAreParenthesisedButNotTypedLiterals) {
  EXPECT_EQ(RewriteListLiterals("SELECT 'abc'[1:2], x || 'd' [1]"),
            "SELECT ('abc')[1:2], x || ('d' )[1]");
  EXPECT_EQ(RewriteListLiterals("SELECT DATE '2020-01-01', E'x'"),
            "SELECT DATE '2020-01-01', E'x'");
  EXPECT_EQ(RewriteListLiterals("SELECT a IS DISTINCT FROM [1]"),
            "SELECT a IS DISTINCT FROM ARRAY[1]");
}

TEST(RewriteByNameTest, TheRightSideEndsWhereTheSetOperationDoes) {
  const std::string marker = std::string(") AS \"") + kByNameMarker + "\" ";
  EXPECT_EQ(RewriteByName("SELECT 1 AS a UNION BY NAME SELECT 2 AS b"),
            "SELECT 1 AS a UNION SELECT * FROM (SELECT 2 AS b" + marker);
  EXPECT_EQ(RewriteByName("SELECT a UNION ALL BY NAME SELECT b ORDER BY 1"),
            "SELECT a UNION ALL SELECT * FROM (SELECT b " + marker + "ORDER BY 1");
  // INTERSECT binds tighter and belongs to the right side; UNION ends it.
  EXPECT_EQ(
      RewriteByName("SELECT a UNION BY NAME SELECT b INTERSECT SELECT c UNION SELECT d"),
      "SELECT a UNION SELECT * FROM (SELECT b INTERSECT SELECT c " + marker + "UNION SELECT d");
  EXPECT_EQ(RewriteByName("(SELECT a UNION BY NAME (SELECT b))"),
            "(SELECT a UNION SELECT * FROM ((SELECT b)" + marker + ")");
  EXPECT_EQ(RewriteByName("SELECT 'UNION BY NAME'"), "SELECT 'UNION BY NAME'");
}

TEST(RewriteUsingKeyTest, TheItemsMoveToAMarkerQueryBeforeTheirQuery) {
  const std::string marker = std::string("\"") + kUsingKeyMarker + "\" AS (SELECT ";
  EXPECT_EQ(RewriteUsingKey("WITH RECURSIVE t(k, v) USING KEY (k, min(v) AS v) AS (SELECT 1, "
                            "2 UNION SELECT k, v FROM t) TABLE t"),
            "WITH RECURSIVE " + marker +
                "k, min(v) AS v), t(k, v) AS (SELECT 1, 2 UNION SELECT "
                "k, v FROM t) TABLE t");
  // Without a column list, and as the second query of the list.
  EXPECT_EQ(
      RewriteUsingKey("WITH RECURSIVE a AS (SELECT 1), \"B\" USING KEY (x) AS (SELECT 1 "
                      "AS x) TABLE \"B\""),
      "WITH RECURSIVE a AS (SELECT 1), " + marker + "x), \"B\" AS (SELECT 1 AS x) TABLE \"B\"");
  // JOIN … USING is no USING KEY, nor is text in a string.
  EXPECT_EQ(RewriteUsingKey("SELECT * FROM a JOIN b USING (key)"),
            "SELECT * FROM a JOIN b USING (key)");
  EXPECT_EQ(RewriteUsingKey("SELECT 'USING KEY (k) AS'"), "SELECT 'USING KEY (k) AS'");
}

TEST(RewriteAlterSetTypeTest, SetTypeBecomesSetDataTypeInAlterTableOnly) {
  EXPECT_EQ(RewriteAlterSetType("ALTER TABLE t ALTER c SET TYPE VARCHAR USING c || 'x'"),
            "ALTER TABLE t ALTER c SET DATA TYPE VARCHAR USING c || 'x'");
  EXPECT_EQ(RewriteAlterSetType("ALTER TABLE t ALTER c SET DATA TYPE INT"),
            "ALTER TABLE t ALTER c SET DATA TYPE INT");
  EXPECT_EQ(RewriteAlterSetType("SELECT 'set type'"), "SELECT 'set type'");
}

TEST(RewriteFieldPathsTest, DottedNamesInAlterTableBecomeOneMarkedName) {
  const std::string m = kFieldPathMarker;
  EXPECT_EQ(RewriteFieldPaths("ALTER TABLE t ADD COLUMN s.k INTEGER"),
            "ALTER TABLE t ADD COLUMN \"" + m + "s\x1fk\" INTEGER");
  EXPECT_EQ(RewriteFieldPaths("ALTER TABLE t DROP IF EXISTS s.\"A b\".c"),
            "ALTER TABLE t DROP IF EXISTS \"" + m + "s\x1f" + "A b\x1f" + "c\"");
  EXPECT_EQ(RewriteFieldPaths("ALTER TABLE t RENAME S.I TO v"),
            "ALTER TABLE t RENAME \"" + m + "s\x1fi\" TO v");
  // A schema-qualified table and plain columns are left alone.
  EXPECT_EQ(RewriteFieldPaths("ALTER TABLE s.t ADD COLUMN k INTEGER"),
            "ALTER TABLE s.t ADD COLUMN k INTEGER");
  EXPECT_EQ(RewriteFieldPaths("SELECT s.k FROM t"), "SELECT s.k FROM t");
}

TEST(RewriteInsertByNameTest, ByNameBecomesAMarkerColumnListAndByPositionGoes) {
  const std::string marker = std::string("(\"") + kInsertByNameMarker + "\")";
  EXPECT_EQ(RewriteInsertByName("INSERT INTO s.t AS x BY NAME SELECT 1 AS a"),
            "INSERT INTO s.t AS x " + marker + " SELECT 1 AS a");
  EXPECT_EQ(RewriteInsertByName("INSERT OR REPLACE INTO \"T\" BY NAME (SELECT 1 AS a)"),
            "INSERT OR REPLACE INTO \"T\" " + marker + " (SELECT 1 AS a)");
  EXPECT_EQ(RewriteInsertByName("INSERT INTO t BY POSITION VALUES (1)"),
            "INSERT INTO t  VALUES (1)");
  EXPECT_THROW(RewriteInsertByName("INSERT INTO t BY NAME (a) SELECT 1 AS a"), BinderError);
}

TEST(RewriteGlobTest, GlobBecomesItsOperatorButTheTableFunctionStays) {
  EXPECT_EQ(RewriteGlob("SELECT s GLOB 'a*', s not glob 'b'"), "SELECT s ~~~ 'a*', s !~~~ 'b'");
  EXPECT_EQ(RewriteGlob("SELECT * FROM glob('*.csv')"), "SELECT * FROM glob('*.csv')");
  EXPECT_EQ(RewriteGlob("SELECT 'x GLOB y', t.glob FROM t"), "SELECT 'x GLOB y', t.glob FROM t");
  EXPECT_EQ(RewriteGlob("SELECT glob, x AS glob FROM t"), "SELECT glob, x AS glob FROM t");
}

TEST(RewriteSetVariableTest, SetBecomesAMarkedSelectAndResetANull) {
  EXPECT_EQ(RewriteSetVariable("SET VARIABLE Answer = 40 + 2;"),
            "SELECT (40 + 2\n) AS \"__teal_set_variable__:answer\"");
  EXPECT_EQ(RewriteSetVariable("set variable \"Mixed\"\"Q\" TO 'x'"),
            "SELECT ('x'\n) AS \"__teal_set_variable__:Mixed\"\"Q\"");
  EXPECT_EQ(RewriteSetVariable("RESET VARIABLE a"), "SELECT NULL AS \"__teal_reset_variable__:a\"");
  EXPECT_EQ(RewriteSetVariable("SET threads = 2"), "SET threads = 2");
  EXPECT_THROW(RewriteSetVariable("SET VARIABLE a"), ParserError);
  EXPECT_THROW(RewriteSetVariable("RESET VARIABLE a b"), ParserError);
}

TEST(RewriteExecuteNamedValuesTest, NamedValuesAreWrappedWithTheirNames) {
  EXPECT_EQ(RewriteExecuteNamedValues("EXECUTE s(x := 1 + 2, \"Y\" => f(3, 4))"),
            "EXECUTE s(__teal_execute_named_value('x', 1 + 2), "
            "__teal_execute_named_value('Y', f(3, 4)))");
  EXPECT_EQ(RewriteExecuteNamedValues("EXECUTE s(1, 'a')"), "EXECUTE s(1, 'a')");
  // := inside a value is no name of the EXECUTE's
  EXPECT_EQ(RewriteExecuteNamedValues("EXECUTE s(f(a := 1))"), "EXECUTE s(f(a := 1))");
  EXPECT_EQ(RewriteExecuteNamedValues("SELECT f(a := 1)"), "SELECT f(a := 1)");
}

TEST(RewritePositionalReferencesTest, ReferencesAreParenthesised) {
  EXPECT_EQ(RewritePositionalReferences("SELECT #1+#12 FROM t"), "SELECT  (#1) + (#12)  FROM t");
  EXPECT_EQ(RewritePositionalReferences("SELECT '#1', \"#2\" -- #3"), "SELECT '#1', \"#2\" -- #3");
}

TEST(ParseSqlTest, PragmaIsRecognisedBeforeTheGrammar) {
  auto statements = ParseSql("PRAGMA threads = 4; PRAGMA version");
  ASSERT_EQ(statements.size(), 2u);
  auto& first = static_cast<PragmaStatement&>(*statements[0]);
  EXPECT_EQ(first.type, StatementType::kPragma);
  EXPECT_EQ(first.name, "threads");
  ASSERT_EQ(first.arguments.size(), 1u);
  EXPECT_EQ(first.arguments[0], "4");
  EXPECT_EQ(static_cast<PragmaStatement&>(*statements[1]).name, "version");
}

TEST(ParseSqlTest, SyntaxErrorNamesTheToken) {
  try {
    ParseSql("SELECT * FORM t");
    FAIL() << "expected a ParserError";
  } catch (const ParserError& e) {
    EXPECT_NE(std::string(e.what()).find("FORM"), std::string::npos) << e.what();
  }
}

TEST(ParseSqlTest, UnterminatedStringIsAParserError) {
  EXPECT_THROW(ParseSql("SELECT 'abc"), ParserError);
}

TEST(ParseSqlTest, UnsupportedClausesAreNotImplemented) {
  EXPECT_THROW(ParseSql("SELECT i FROM t GROUP BY DISTINCT i"), NotImplementedError);
  try {
    ParseSql("INSERT INTO t VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING");
    FAIL();
  } catch (const NotImplementedError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("not implemented: ", 0), 0u) << e.what();
  }
}

TEST(ParseSqlTest, StatementKeepsItsOwnText) {
  auto statements = ParseSql("SELECT 1 ;  INSERT INTO t VALUES (2)");
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_EQ(statements[0]->text, "SELECT 1");
  EXPECT_EQ(statements[1]->text, "INSERT INTO t VALUES (2)");
  EXPECT_EQ(statements[1]->type, StatementType::kInsert);
}

TEST(ParseSqlTest, LargeIntegerLiteralsGetTheNarrowestExactType) {
  auto statements = ParseSql("SELECT 2147483648, 170141183460469231731687303715884105727, 1.50");
  auto& select = static_cast<SelectStatement&>(*statements[0]);
  EXPECT_EQ(select.select_list[0]->value.Type().Id(), TypeId::kBigInt);
  EXPECT_EQ(select.select_list[1]->value.Type().Id(), TypeId::kHugeInt);
  EXPECT_EQ(select.select_list[2]->value.Type(), LogicalType::Decimal(3, 2));
}

}  // namespace teal

namespace teal {

TEST(RewriteAllClausesTest, MarksOnlyWholeByAllClauses) {
  const std::string marker = std::string("\"") + kAllMarker + "\"";
  EXPECT_EQ(RewriteAllClauses("SELECT a FROM t GROUP BY ALL"),
            "SELECT a FROM t GROUP BY " + marker);
  EXPECT_EQ(RewriteAllClauses("select a from t group by all order by all desc limit 1"),
            "select a from t group by " + marker + " order by " + marker + " desc limit 1");
  EXPECT_EQ(RewriteAllClauses("SELECT (SELECT 1 FROM t ORDER BY ALL)"),
            "SELECT (SELECT 1 FROM t ORDER BY " + marker + ")");
  // PostgreSQL's set quantifier, quoted text and comments stay as they are.
  EXPECT_EQ(RewriteAllClauses("SELECT a FROM t GROUP BY ALL a"), "SELECT a FROM t GROUP BY ALL a");
  EXPECT_EQ(RewriteAllClauses("SELECT 'GROUP BY ALL' -- ORDER BY ALL"),
            "SELECT 'GROUP BY ALL' -- ORDER BY ALL");
  EXPECT_EQ(RewriteAllClauses("SELECT a FROM t ORDER BY ALL, a"),
            "SELECT a FROM t ORDER BY ALL, a");
}

}  // namespace teal

namespace teal {

TEST(RewriteEmptyInListsTest, OnlyEmptyListsAfterIn) {
  EXPECT_EQ(RewriteEmptyInLists("SELECT 1 IN ()"), "SELECT 1 IN (SELECT NULL WHERE false)");
  EXPECT_EQ(RewriteEmptyInLists("SELECT x not in ( ) FROM t"),
            "SELECT x not in (SELECT NULL WHERE false) FROM t");
  EXPECT_EQ(RewriteEmptyInLists("SELECT f(), 'in ()' FROM t"), "SELECT f(), 'in ()' FROM t");
  EXPECT_EQ(RewriteEmptyInLists("SELECT 1 IN (2)"), "SELECT 1 IN (2)");
}

}  // namespace teal

namespace teal {

TEST(RewriteFromFirstTest, BareFromBecomesSelectStar) {
  EXPECT_EQ(RewriteFromFirst("FROM t"), "SELECT * FROM t");
  EXPECT_EQ(RewriteFromFirst("from t where a > 1 limit 2"), "SELECT * from t where a > 1 limit 2");
  EXPECT_EQ(RewriteFromFirst("SELECT * FROM (FROM t) AS s"),
            "SELECT * FROM (SELECT * FROM t) AS s");
}

TEST(RewriteFromFirstTest, SelectAfterTheFromItemsMovesInFront) {
  EXPECT_EQ(RewriteFromFirst("FROM t JOIN u ON t.a = u.a SELECT t.a, u.b WHERE t.a > 1"),
            "SELECT t.a, u.b FROM t JOIN u ON t.a = u.a WHERE t.a > 1");
  EXPECT_EQ(RewriteFromFirst("FROM t SELECT a UNION ALL FROM u"),
            "SELECT a FROM t UNION ALL SELECT * FROM u");
  EXPECT_EQ(RewriteFromFirst("WITH c AS (FROM t SELECT a) FROM c"),
            "WITH c AS (SELECT a FROM t) SELECT * FROM c");
  EXPECT_EQ(RewriteFromFirst("FROM t SELECT (SELECT max(x) FROM u), f(a)"),
            "SELECT (SELECT max(x) FROM u), f(a) FROM t");
  // IS [NOT] DISTINCT FROM in the list is an operator (it was taken for the list's end).
  EXPECT_EQ(
      RewriteFromFirst("FROM t SELECT a IS NOT DISTINCT FROM b, c WHERE a IS DISTINCT FROM c"),
      "SELECT a IS NOT DISTINCT FROM b, c FROM t WHERE a IS DISTINCT FROM c");
}

TEST(RewriteFromFirstTest, OrdinaryFromClausesStringsAndCommentsStay) {
  for (const char* sql :
       {"SELECT count(*) FROM t", "DELETE FROM t", "UPDATE t SET a = 1 FROM u",
        "SELECT trim(FROM s)", "SELECT substring(s FROM 2)", "SELECT 1 IS DISTINCT FROM 2",
        "SELECT 'FROM t'", "SELECT \"FROM\" FROM t", "SELECT 1 -- FROM t",
        "WITH c AS (SELECT 1) SELECT f(x) FROM c", "INSERT INTO t SELECT * FROM u"}) {
    EXPECT_EQ(RewriteFromFirst(sql), sql);
  }
  EXPECT_EQ(RewriteFromFirst("/* c */ FROM t -- FROM u"), "/* c */ SELECT * FROM t -- FROM u");
}

}  // namespace teal

namespace teal {

TEST(RewriteListLiteralsTest, BracketsAfterAnyExpressionKeywordBecomeArrays) {
  EXPECT_EQ(RewriteListLiterals("SELECT DISTINCT [1]"), "SELECT DISTINCT ARRAY[1]");
  EXPECT_EQ(RewriteListLiterals("SELECT CASE [1] WHEN [1] THEN 1 END"),
            "SELECT CASE ARRAY[1] WHEN ARRAY[1] THEN 1 END");
  EXPECT_EQ(RewriteListLiterals("SELECT 1 WHERE [1] = [1]"), "SELECT 1 WHERE ARRAY[1] = ARRAY[1]");
  EXPECT_EQ(RewriteListLiterals("SELECT [2] BETWEEN [1] AND [3]"),
            "SELECT ARRAY[2] BETWEEN ARRAY[1] AND ARRAY[3]");
  EXPECT_EQ(
      RewriteListLiterals("SELECT 1 FROM t JOIN u ON [1] = u.l GROUP BY [1] HAVING [1] = [1]"),
      "SELECT 1 FROM t JOIN u ON ARRAY[1] = u.l GROUP BY ARRAY[1] HAVING ARRAY[1] = ARRAY[1]");
  // A name before `[` is still a subscript, also a name that is an unreserved keyword.
  EXPECT_EQ(RewriteListLiterals("SELECT l[1], name[2] FROM t"), "SELECT l[1], name[2] FROM t");
}

}  // namespace teal

namespace teal {

TEST(RewriteInsertOrTest, BecomesOnConflictBeforeReturningOrAtTheEnd) {
  const std::string replace =
      std::string(" ON CONFLICT DO UPDATE SET \"") + kOrReplaceMarker + "\" = NULL";
  EXPECT_EQ(RewriteInsertOr("INSERT OR IGNORE INTO t VALUES (1)"),
            "INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING");
  EXPECT_EQ(RewriteInsertOr("insert Or REPLACE into t SELECT * FROM (SELECT 1) s returning *"),
            "insert into t SELECT * FROM (SELECT 1) s" + replace + " returning *");
  // RETURNING inside a subquery is not the statement's; a trailing comment stays last.
  EXPECT_EQ(RewriteInsertOr("INSERT OR IGNORE INTO t (VALUES (1)) -- returning"),
            "INSERT INTO t (VALUES (1)) ON CONFLICT DO NOTHING -- returning");
  EXPECT_EQ(RewriteInsertOr("EXPLAIN INSERT OR IGNORE INTO t VALUES (1);"),
            "EXPLAIN INSERT INTO t VALUES (1) ON CONFLICT DO NOTHING;");
}

TEST(RewriteInsertOrTest, LeavesOtherTextAlone) {
  for (const char* sql :
       {"INSERT INTO t VALUES ('insert or ignore into')", "SELECT 'INSERT OR REPLACE INTO t'",
        "-- INSERT OR IGNORE INTO t\nSELECT 1", "SELECT \"insert\" or \"replace\" FROM t"}) {
    EXPECT_EQ(RewriteInsertOr(sql), sql);
  }
}

TEST(RewriteInsertOrTest, RejectsAnOnConflictClauseOfItsOwn) {
  EXPECT_THROW(RewriteInsertOr("INSERT OR IGNORE INTO t VALUES (1) ON CONFLICT DO NOTHING"),
               ParserError);
}

}  // namespace teal

namespace teal {
namespace {

// Found by fuzzing: `$888888888888888888` sized the parameter-name list by its number.
TEST(RewriteParametersTest, NumbersAboveTheLimitAreParserErrors) {
  std::vector<std::string> names;
  std::string sql = "SELECT $65535";
  EXPECT_EQ(RewriteParameters(sql, names), 65535u);
  names.clear();
  sql = "SELECT $65536";
  EXPECT_THROW(RewriteParameters(sql, names), ParserError);
  names.clear();
  sql = "SELECT $888888888888888888";
  EXPECT_THROW(RewriteParameters(sql, names), ParserError);
}

}  // namespace
}  // namespace teal

namespace teal {

TEST(RewriteNullTreatmentTest, IgnoreNullsMarksTheFunctionAndRespectNullsGoes) {
  EXPECT_EQ(RewriteNullTreatment("SELECT lag(x IGNORE NULLS) OVER ()"),
            "SELECT \"lag__teal_ignore_nulls\"(x ) OVER ()");
  EXPECT_EQ(RewriteNullTreatment("SELECT nth_value(x, 2 respect nulls) OVER ()"),
            "SELECT nth_value(x, 2 ) OVER ()");
  EXPECT_EQ(RewriteNullTreatment("SELECT first_value(f(x)) IGNORE NULLS OVER w"),
            "SELECT \"first_value__teal_ignore_nulls\"(f(x))  OVER w");
}

TEST(RewriteNullTreatmentTest, WordsInStringsAndOtherPlacesAreLeftAlone) {
  const char* kept[] = {"SELECT 'ignore nulls)'", "SELECT f(x) IGNORE NULLS",
                        "SELECT ignore, nulls", "SELECT (ignore nulls)"};
  for (const char* sql : kept) EXPECT_EQ(RewriteNullTreatment(sql), sql) << sql;
}

TEST(RewriteQualifyTest, QualifyBecomesAWindowClauseEntry) {
  EXPECT_EQ(RewriteQualify("SELECT a FROM t QUALIFY row_number() OVER () = 1 ORDER BY a"),
            "SELECT a FROM t WINDOW \"__teal_qualify__\" AS (PARTITION BY ( row_number() OVER () "
            "= 1)) ORDER BY a");
  EXPECT_EQ(RewriteQualify("SELECT a FROM t WINDOW w AS (ORDER BY a) QUALIFY rank() OVER w < 3"),
            "SELECT a FROM t WINDOW w AS (ORDER BY a) , \"__teal_qualify__\" AS (PARTITION BY "
            "( rank() OVER w < 3))");
  // In a subquery, the condition ends at the subquery's closing parenthesis.
  EXPECT_EQ(RewriteQualify("SELECT * FROM (SELECT a FROM t QUALIFY f(a) > 1) s"),
            "SELECT * FROM (SELECT a FROM t WINDOW \"__teal_qualify__\" AS (PARTITION BY ( f(a) "
            "> 1))) s");
}

TEST(RewriteQualifyTest, ANameQualifyIsLeftAlone) {
  const char* kept[] = {"SELECT qualify FROM t", "SELECT t.qualify, qualify FROM t",
                        "SELECT 'x QUALIFY y'"};
  for (const char* sql : kept) EXPECT_EQ(RewriteQualify(sql), sql) << sql;
}

TEST(RewriteSamplesTest, UsingSampleBecomesAWindowClauseEntry) {
  EXPECT_EQ(RewriteSamples("SELECT * FROM t USING SAMPLE 10% ORDER BY a"),
            "SELECT * FROM t WINDOW \"__teal_sample__|10|percent|||\" AS () ORDER BY a");
  EXPECT_EQ(RewriteSamples("SELECT * FROM t WINDOW w AS () USING SAMPLE reservoir(5 ROWS) "
                           "REPEATABLE (-3)"),
            "SELECT * FROM t WINDOW w AS () , \"__teal_sample__|5|rows|reservoir|-3|\" AS ()");
  EXPECT_EQ(RewriteSamples("SELECT (SELECT 1 FROM t USING SAMPLE (2.5 percent) (bernoulli, 7))"),
            "SELECT (SELECT 1 FROM t WINDOW \"__teal_sample__|2.5|percent|bernoulli|7|\" AS ())");
  // A QUALIFY condition ends where USING SAMPLE starts.
  EXPECT_EQ(RewriteSamples(RewriteQualify("SELECT a FROM t QUALIFY a > 1 USING SAMPLE 3")),
            "SELECT a FROM t WINDOW \"__teal_qualify__\" AS (PARTITION BY ( a > 1)) , "
            "\"__teal_sample__|3||||\" AS ()");
}

TEST(RewriteSamplesTest, TablesampleBecomesTheItemsAlias) {
  EXPECT_EQ(RewriteSamples("SELECT * FROM t TABLESAMPLE 10"),
            "SELECT * FROM t AS \"__teal_sample__|10||||\"");
  EXPECT_EQ(RewriteSamples("SELECT * FROM t AS x TABLESAMPLE BERNOULLI (5) REPEATABLE (1), u"),
            "SELECT * FROM t AS \"__teal_sample__|5||bernoulli|1|x\" , u");
  EXPECT_EQ(RewriteSamples("SELECT * FROM range(9) \"R\"(i) TABLESAMPLE 1 ROWS"),
            "SELECT * FROM range(9) \"__teal_sample__|1|rows|||R\"(i) ");
  EXPECT_EQ(RewriteSamples("SELECT * FROM range(9) TABLESAMPLE system(1%)"),
            "SELECT * FROM range(9) AS \"__teal_sample__|1|percent|system||\"");
  EXPECT_EQ(RewriteSamples("SELECT * FROM (SELECT 1) TABLESAMPLE 1"),
            "SELECT * FROM (SELECT 1) AS \"__teal_sample__|1||||\"");
}

TEST(RewriteSamplesTest, ATableNamedSampleIsLeftAlone) {
  const char* kept[] = {"DELETE FROM t USING sample WHERE t.a = sample.a",
                        "SELECT * FROM a JOIN b USING (sample)", "SELECT 'USING SAMPLE 1'"};
  for (const char* sql : kept) EXPECT_EQ(RewriteSamples(sql), sql) << sql;
  EXPECT_THROW(RewriteSamples("SELECT * FROM t USING SAMPLE 'x'"), ParserError);
  EXPECT_THROW(RewriteSamples("SELECT * FROM t TABLESAMPLE reservoir(5"), ParserError);
}

TEST(RewriteUnnamedSubqueriesTest, FromItemsWithoutAnAliasGetOne) {
  EXPECT_EQ(RewriteUnnamedSubqueries("SELECT * FROM (SELECT 1)"),
            "SELECT * FROM (SELECT 1) AS unnamed_subquery");
  EXPECT_EQ(RewriteUnnamedSubqueries("SELECT * FROM (VALUES (1)) JOIN (SELECT 2) ON true"),
            "SELECT * FROM (VALUES (1)) AS unnamed_subquery JOIN (SELECT 2) AS "
            "unnamed_subquery2 ON true");
  EXPECT_EQ(RewriteUnnamedSubqueries("SELECT * FROM t, (SELECT 1) WHERE x"),
            "SELECT * FROM t, (SELECT 1) AS unnamed_subquery WHERE x");
}

TEST(RewriteUnnamedSubqueriesTest, SubqueriesElsewhereAndAliasedOnesAreLeftAlone) {
  const char* kept[] = {
      "SELECT * FROM (SELECT 1) s",
      "SELECT * FROM (SELECT 1) AS s(a)",
      "SELECT (SELECT 1), a FROM t",
      "SELECT * FROM t WHERE a IN (SELECT 1)",
      "SELECT * FROM t WHERE a IS DISTINCT FROM (SELECT 1)",
      "SELECT a IS NOT DISTINCT FROM (SELECT 1) FROM t",
      "SELECT extract(year FROM (SELECT d FROM t2 AS x)) FROM t",
      "SELECT * FROM t WHERE x = '(SELECT 1)'",
  };
  for (const char* sql : kept) EXPECT_EQ(RewriteUnnamedSubqueries(sql), sql) << sql;
}

TEST(RewriteTryCastTest, TryCastBecomesAMarkedCast) {
  EXPECT_EQ(RewriteTryCast("SELECT TRY_CAST(f(x) AS INTEGER)"),
            "SELECT \"__teal_try_cast\"(CAST(f(x) AS INTEGER))");
  EXPECT_EQ(RewriteTryCast("SELECT t.try_cast, 'try_cast(x)'"), "SELECT t.try_cast, 'try_cast(x)'");
}

TEST(RewriteCreateOrReplaceTableTest, OnlyTheStatementsFirstWordsCount) {
  bool or_replace = false;
  EXPECT_EQ(RewriteCreateOrReplaceTable("CREATE OR REPLACE TABLE t (a INTEGER)", or_replace),
            "CREATE  TABLE t (a INTEGER)");
  EXPECT_TRUE(or_replace);
  EXPECT_EQ(RewriteCreateOrReplaceTable("CREATE OR REPLACE VIEW v AS SELECT 1", or_replace),
            "CREATE OR REPLACE VIEW v AS SELECT 1");
  EXPECT_FALSE(or_replace);
}

TEST(RewriteTrailingCommasTest, ACommaBeforeACloserOrAClauseKeywordGoes) {
  EXPECT_EQ(RewriteTrailingCommas("SELECT a, b, FROM t"), "SELECT a, b FROM t");
  EXPECT_EQ(RewriteTrailingCommas("SELECT [1, 2,], {'a': 1,}"), "SELECT [1, 2], {'a': 1}");
  EXPECT_EQ(RewriteTrailingCommas("SELECT 1,"), "SELECT 1");
  EXPECT_EQ(RewriteTrailingCommas("SELECT a FROM t GROUP BY a, ORDER BY a"),
            "SELECT a FROM t GROUP BY a ORDER BY a");
  // Commas in strings, and a comma before a word that may name a column, stay.
  EXPECT_EQ(RewriteTrailingCommas("SELECT ',)', a, qualify FROM t"),
            "SELECT ',)', a, qualify FROM t");
}

TEST(RewriteStarModifiersTest, ModifiersBecomeNamedArgumentsOfAMarkerCall) {
  EXPECT_EQ(RewriteStarModifiers("SELECT * EXCLUDE (a, t.b) FROM t"),
            "SELECT \"__teal_star\"(\"__teal_unqualified\".*, \"exclude\" := a, \"exclude\" := "
            "t.b) FROM t");
  EXPECT_EQ(RewriteStarModifiers("SELECT x, t.* REPLACE (f(a, b) AS a) RENAME (b AS \"C\")"),
            "SELECT x, \"__teal_star\"(t.*, \"replace\" := (f(a, b)), \"as\" := a, \"rename\" := "
            "(b), \"as\" := \"C\")");
  EXPECT_EQ(RewriteStarModifiers("SELECT * EXCLUDE a FROM t"),
            "SELECT \"__teal_star\"(\"__teal_unqualified\".*, \"exclude\" := a) FROM t");
  // A product is no star.
  EXPECT_EQ(RewriteStarModifiers("SELECT 2 * replace(s, 'a', 'b')"),
            "SELECT 2 * replace(s, 'a', 'b')");
  EXPECT_THROW(RewriteStarModifiers("SELECT * REPLACE (a + 1) FROM t"), ParserError);
}

TEST(RewriteIntervalLiteralsTest, UnquotedNumbersAndParenthesisedExpressions) {
  EXPECT_EQ(RewriteIntervalLiterals("SELECT INTERVAL 5 DAY"), "SELECT INTERVAL '5 day'");
  EXPECT_EQ(RewriteIntervalLiterals("SELECT d + INTERVAL (n + 1) hours FROM t"),
            "SELECT d + ((n + 1) * INTERVAL '1 hours') FROM t");
  EXPECT_EQ(RewriteIntervalLiterals("SELECT INTERVAL '5' DAY, CAST(x AS INTERVAL)"),
            "SELECT INTERVAL '5' DAY, CAST(x AS INTERVAL)");
}

TEST(RewriteEmptyTypeModifiersTest, EmptyDecimalParenthesesGo) {
  EXPECT_EQ(RewriteEmptyTypeModifiers("CREATE TABLE t(a DEC(), b NUMERIC ( ), c DECIMAL(4))"),
            "CREATE TABLE t(a DEC, b NUMERIC, c DECIMAL(4))");
  EXPECT_EQ(RewriteEmptyTypeModifiers("SELECT 'decimal()', f()"), "SELECT 'decimal()', f()");
}

TEST(RewriteDescribeTest, DescribeAndShowTablesBecomeQueries) {
  EXPECT_EQ(RewriteDescribe("DESCRIBE t"), "SELECT * FROM \"__teal_describe\"('', 't')");
  EXPECT_EQ(RewriteDescribe("describe S1.\"It's\""),
            "SELECT * FROM \"__teal_describe\"('s1', 'It''s')");
  EXPECT_NE(RewriteDescribe("SHOW TABLES").find("duckdb_tables()"), std::string::npos);
  EXPECT_EQ(RewriteDescribe("SELECT describe FROM t"), "SELECT describe FROM t");
  EXPECT_EQ(RewriteDescribe("DESCRIBE SELECT 'a' AS x;"),
            "SELECT * FROM \"__teal_describe\"('', '', 'SELECT ''a'' AS x');");
  EXPECT_EQ(RewriteDescribe("SELECT column_name FROM (DESCRIBE t) JOIN (SHOW FROM u) ON true"),
            "SELECT column_name FROM (SELECT * FROM \"__teal_describe\"('', 't')) JOIN "
            "(SELECT * FROM \"__teal_describe\"('', '', 'FROM u')) ON true");
  EXPECT_EQ(RewriteDescribe("SHOW threads"), "SHOW threads");
  EXPECT_EQ(RewriteDescribe("SELECT (describe) FROM t"), "SELECT (describe) FROM t");
  EXPECT_THROW(RewriteDescribe("DESCRIBE t u"), NotImplementedError);
}

TEST(RewriteGeneratedColumnsTest, ColumnsWrittenWithAsBecomeGeneratedAlwaysStored) {
  EXPECT_EQ(RewriteGeneratedColumns("CREATE TABLE t(a INT, b AS (a * 2))"),
            "CREATE TABLE t(a INT, b \"__teal_inferred_type\" GENERATED ALWAYS AS (a * 2) STORED)");
  EXPECT_EQ(RewriteGeneratedColumns("CREATE TABLE t(a INT, b INT AS (a) VIRTUAL)"),
            "CREATE TABLE t(a INT, b INT GENERATED ALWAYS AS (a) STORED)");
  EXPECT_EQ(RewriteGeneratedColumns("CREATE TABLE t(a INT GENERATED ALWAYS AS (1))"),
            "CREATE TABLE t(a INT GENERATED ALWAYS AS (1) STORED)");
  const char* kept[] = {"CREATE TABLE t AS (SELECT 1 AS x)",
                        "CREATE TABLE t(a INT CHECK (CAST(a AS INT) > 0))",
                        "SELECT a AS (b) FROM t"};
  for (const char* sql : kept) EXPECT_EQ(RewriteGeneratedColumns(sql), sql) << sql;
}

/// The text an expression renders to parses back to the same expression: DEFAULTs, CHECK
/// constraints and generated columns are stored that way, and a database whose schema does
/// not parse cannot be opened.
TEST(ParsedExpressionTest, RenderedTextParsesBackToTheSameExpression) {
  const char* expressions[] = {
      "current_date",
      "current_timestamp",
      "current_time",
      "now()",
      "random()",
      "1 + 2 * 3",
      "-x",
      "NOT a",
      "a IS NULL",
      "a IS NOT NULL",
      "a BETWEEN 1 AND 2",
      "a NOT BETWEEN 1 AND 2",
      "CASE WHEN a > 1 THEN 'x' ELSE 'y' END",
      "CASE a WHEN 1 THEN 2 END",
      "CAST(a AS INTEGER)",
      "a::VARCHAR",
      "'it''s'",
      "x LIKE 'a%'",
      "x NOT LIKE 'a%'",
      "x ILIKE 'a%'",
      "x IN (1, 2)",
      "x NOT IN (1, 2)",
      "[1, 2]",
      "{'a': 1, 'b': 'x'}",
      "list_transform(l, x -> x + 1)",
      "coalesce(a, b, 0)",
      "INTERVAL '1 day'",
      "DATE '2020-01-01'",
      "TIMESTAMP '2020-01-01 10:00:00'",
      "a[1]",
      "a[1:2]",
      "s.f",
      "count(*)",
      "sum(DISTINCT x) FILTER (WHERE x > 1)",
      "string_agg(x, ',' ORDER BY y)",
      "row_number() OVER (PARTITION BY a ORDER BY b)",
      "'a' || 'b'",
      "TRY_CAST(a AS DATE)",
      "NULL",
      "TRUE",
      "1.5",
      "-1",
      "1e10",
      "a IS DISTINCT FROM b",
      "a % 3 = 0 AND b <> 2 OR c",
      "nullif(a, 0)",
      "x::DECIMAL(10,2)",
      "x::INTEGER[]",
      "extract(year FROM d)",
      "date_part('month', d)",
      "l[-1]",
      "length(s) >= 3",
      "a IS TRUE",
      "NOT (a OR b)",
      "\"my col\" + 1",
      "\"select\" > 0",
      "\"Upper\" = 1",
      "x SIMILAR TO 'a.*'",
      "x AT TIME ZONE 'UTC'",
      "position('a' IN s)",
      "substring(s FROM 1 FOR 2)",
      "trim(BOTH 'x' FROM s)",
      "a // b",
      "a ** 2",
      "a IS NOT DISTINCT FROM b",
      "ARRAY[1, 2]",
      "x::STRUCT(a INTEGER, b VARCHAR)",
      "x::STRUCT(\"Odd Field\" INTEGER)",
      "'a\nb'",
      "E'a\\nb'",
      "x::TIMESTAMP WITH TIME ZONE",
      "x::VARCHAR(10)",
      "overlay(s PLACING 'x' FROM 2)",
      "greatest(a, b)",
      "-(-1)",
      "(1, 2)",
      "ROW(1, 'a')",
      "list_value(1, 2)",
      "x ^@ 'a'",
      "s.\"odd name\"",
      "a NOT ILIKE 'b'",
      "CAST('1' AS INTERVAL)",
      "INTERVAL 1 DAY",
      "INTERVAL '2' YEAR",
      "current_schema()",
      "current_database()",
      "localtimestamp",
      "a IS NOT FALSE",
      "$1 + 1",
      "?",
  };
  auto render = [](const std::string& expression) {
    auto statements = ParseSql("SELECT " + expression);
    EXPECT_EQ(statements.size(), 1u) << expression;
    auto& select = static_cast<SelectStatement&>(*statements.at(0));
    EXPECT_EQ(select.select_list.size(), 1u) << expression;
    return select.select_list.at(0)->ToString();
  };
  // The grammar's internal type names are written as SQL spells them.
  EXPECT_EQ(render("CAST(1 AS SMALLINT)"), "CAST(1 AS SMALLINT)");
  EXPECT_EQ(render("x::REAL"), "CAST(x AS FLOAT)");
  EXPECT_EQ(render("x::DOUBLE PRECISION"), "CAST(x AS DOUBLE)");
  EXPECT_EQ(render("x::NUMERIC(10, 2)"), "CAST(x AS DECIMAL(10,2))");
  EXPECT_EQ(render("x::BOOL"), "CAST(x AS BOOLEAN)");
  for (const char* expression : expressions) {
    std::string once;
    try {
      once = render(expression);
      EXPECT_EQ(render(once), once) << expression;
    } catch (const Error& error) {
      ADD_FAILURE() << expression << " rendered as " << once << ": " << error.what();
    }
  }
}

TEST(RewriteCreateTypeTest, AnAliasBecomesADomainAndTheOptionsAreTakenOut) {
  CreateTypeRewrite out;
  EXPECT_EQ(RewriteCreateType("CREATE TYPE t AS INTEGER[]", out), "CREATE DOMAIN t AS INTEGER[]");
  EXPECT_FALSE(out.or_replace);
  EXPECT_EQ(RewriteCreateType("CREATE OR REPLACE TYPE IF NOT EXISTS main.t AS VARCHAR", out),
            "CREATE DOMAIN  main.t AS VARCHAR");
  EXPECT_TRUE(out.or_replace);
  EXPECT_TRUE(out.if_not_exists);
  EXPECT_EQ(RewriteCreateType("CREATE OR REPLACE TYPE e AS ENUM ('a')", out),
            "CREATE  TYPE e AS ENUM ('a')");
  EXPECT_TRUE(out.or_replace);
  EXPECT_TRUE(out.enum_query.empty());
}

TEST(RewriteCreateTypeTest, TheQueryOfAnEnumIsTakenOut) {
  CreateTypeRewrite out;
  EXPECT_EQ(RewriteCreateType("CREATE TYPE e AS ENUM (SELECT v FROM (SELECT 1 v) s)", out),
            "CREATE TYPE e AS ENUM ()");
  EXPECT_EQ(out.enum_query, "SELECT v FROM (SELECT 1 v) s");
}

TEST(RewriteCreateTypeTest, OtherStatementsAndTypeFormsAreLeftAlone) {
  CreateTypeRewrite out;
  for (const char* sql : {"CREATE TYPE c AS (a INT)", "CREATE TYPE r AS RANGE (subtype = int)",
                          "CREATE TABLE type(a INT)", "SELECT 'CREATE TYPE t AS INT'"}) {
    EXPECT_EQ(RewriteCreateType(sql, out), sql);
    EXPECT_FALSE(out.or_replace || out.if_not_exists);
  }
}

TEST(ParseSqlTest, CreateTypeFormsParseToOneStatement) {
  auto statements = ParseSql("CREATE TYPE e AS ENUM (SELECT 'a'); CREATE DOMAIN d AS INT");
  ASSERT_EQ(statements.size(), 2u);
  auto* enum_type = dynamic_cast<CreateTypeStatement*>(statements[0].get());
  ASSERT_NE(enum_type, nullptr);
  EXPECT_NE(enum_type->enum_query, nullptr);
  EXPECT_FALSE(enum_type->alias.has_value());
  auto* domain = dynamic_cast<CreateTypeStatement*>(statements[1].get());
  ASSERT_NE(domain, nullptr);
  ASSERT_TRUE(domain->alias.has_value());
  EXPECT_EQ(domain->alias->name, "int4");
  EXPECT_THROW(ParseSql("CREATE TYPE e AS ENUM (SELECT 1; SELECT 2)"), ParserError);
}

}  // namespace teal

namespace teal {

TEST(RewriteLimitPercentTest, ATrailingPercentMarksTheLimit) {
  EXPECT_EQ(RewriteLimitPercent("SELECT 1 LIMIT 20 %"),
            "SELECT 1 LIMIT __teal_limit_percent__(20 )");
  EXPECT_EQ(RewriteLimitPercent("SELECT 1 LIMIT 40 PERCENT OFFSET 2"),
            "SELECT 1 LIMIT __teal_limit_percent__(40 ) OFFSET 2");
  EXPECT_EQ(RewriteLimitPercent("SELECT (SELECT 1 LIMIT (SELECT 5)%) x"),
            "SELECT (SELECT 1 LIMIT __teal_limit_percent__((SELECT 5))) x");
  // Modulo, a string, and statements without the sign stay as they are.
  EXPECT_EQ(RewriteLimitPercent("SELECT 1 LIMIT 7 % 4"), "SELECT 1 LIMIT 7 % 4");
  EXPECT_EQ(RewriteLimitPercent("SELECT '%' LIMIT 1"), "SELECT '%' LIMIT 1");
  EXPECT_EQ(RewriteLimitPercent("SELECT percent FROM t LIMIT 1"), "SELECT percent FROM t LIMIT 1");
}

TEST(RewritePositionalJoinsTest, TheJoinGetsAMarkedCondition) {
  EXPECT_EQ(RewritePositionalJoins("SELECT * FROM a POSITIONAL JOIN b"),
            "SELECT * FROM a  JOIN b ON __teal_positional_join__() ");
  EXPECT_EQ(RewritePositionalJoins("SELECT * FROM a POSITIONAL JOIN (SELECT 1) s WHERE x"),
            "SELECT * FROM a  JOIN (SELECT 1) s  ON __teal_positional_join__() WHERE x");
  EXPECT_EQ(RewritePositionalJoins("SELECT * FROM a AS positional JOIN b ON true"),
            "SELECT * FROM a AS positional JOIN b ON true");
  EXPECT_THROW(RewritePositionalJoins("SELECT * FROM a POSITIONAL JOIN b ON true"), ParserError);
}

}  // namespace teal

namespace teal {

TEST(RewriteUsingCompressionTest, TheMethodBecomesAMarkedCheck) {
  EXPECT_EQ(RewriteUsingCompression("CREATE TABLE t(a INTEGER NOT NULL USING COMPRESSION rle)"),
            "CREATE TABLE t(a INTEGER NOT NULL CHECK (__teal_compression__('rle')))");
  EXPECT_EQ(
      RewriteUsingCompression("CREATE TABLE t(a VARCHAR USING COMPRESSION 'Dictionary', b INT)"),
      "CREATE TABLE t(a VARCHAR CHECK (__teal_compression__('Dictionary')), b INT)");
  // PostgreSQL's own COMPRESSION, and the word elsewhere, stay.
  EXPECT_EQ(RewriteUsingCompression("CREATE TABLE t(a TEXT COMPRESSION lz4)"),
            "CREATE TABLE t(a TEXT COMPRESSION lz4)");
  EXPECT_EQ(RewriteUsingCompression("SELECT compression FROM x"), "SELECT compression FROM x");
  EXPECT_THROW(RewriteUsingCompression("CREATE TABLE t(a INT USING COMPRESSION)"), ParserError);
}

}  // namespace teal

namespace teal {

TEST(RewriteInListExpressionsTest, AListAfterInIsMarked) {
  EXPECT_EQ(RewriteInListExpressions("SELECT 1 IN ARRAY[1, 2]"),
            "SELECT 1 IN (__teal_in_list__(ARRAY[1, 2]))");
  EXPECT_EQ(RewriteInListExpressions("SELECT x IN t.l[1:2] FROM t"),
            "SELECT x IN (__teal_in_list__(t.l[1:2])) FROM t");
  EXPECT_EQ(RewriteInListExpressions("SELECT x NOT IN f(y) AND x IN $12"),
            "SELECT x NOT IN (__teal_in_list__(f(y))) AND x IN (__teal_in_list__($12))");
  // A parenthesized list or subquery, POSITION and a comprehension's FOR stay as they are.
  EXPECT_EQ(RewriteInListExpressions("SELECT x IN (1, 2), x IN (SELECT 1)"),
            "SELECT x IN (1, 2), x IN (SELECT 1)");
  EXPECT_EQ(RewriteInListExpressions("SELECT position('a' IN s)"), "SELECT position('a' IN s)");
  EXPECT_EQ(RewriteInListExpressions("SELECT [x FOR x IN l]"), "SELECT [x FOR x IN l]");
  EXPECT_EQ(RewriteInListExpressions("SELECT [x FOR x, i IN l IF x IN m]"),
            "SELECT [x FOR x, i IN l IF x IN (__teal_in_list__(m))]");
}

}  // namespace teal

namespace teal {

TEST(RewritePrefixAliasesTest, TheNameMovesBehindItsItem) {
  EXPECT_EQ(RewritePrefixAliases("SELECT j : 42, k: a + 1 FROM t"),
            "SELECT 42 AS j, a + 1 AS k FROM t");
  EXPECT_EQ(RewritePrefixAliases("FROM b : a JOIN c : (SELECT 1) ON true SELECT *"),
            "FROM a AS b JOIN (SELECT 1) AS c ON true SELECT *");
  EXPECT_EQ(RewritePrefixAliases("SELECT x: a IS DISTINCT FROM b FROM t"),
            "SELECT a IS DISTINCT FROM b AS x FROM t");
  // Slices, struct literals, casts and named arguments keep their colons.
  EXPECT_EQ(RewritePrefixAliases("SELECT l[a:b], {a: 1, b: 2}, x::INT, f(y := 1)"),
            "SELECT l[a:b], {a: 1, b: 2}, x::INT, f(y := 1)");
  // A lambda's parameters are no select list.
  EXPECT_EQ(RewritePrefixAliases("SELECT list_reduce(l, lambda x, y: x + y), k: 1 FROM t"),
            "SELECT list_reduce(l, lambda x, y: x + y), 1 AS k FROM t");
}

}  // namespace teal
