// RewritePivot / RewritePivotStatements / PivotValueQueries / FillPivotValues: the text a
// PIVOT or UNPIVOT becomes, and where the values read from the data are written in.
#include <gtest/gtest.h>

#include <string>

#include "parser/rewrites.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

constexpr idx_t kLimit = 100000;

TEST(PivotRewriteTest, StandardPivotBecomesAGroupedSubquery) {
  const std::string out =
      RewritePivot("SELECT * FROM t PIVOT (sum(x) FOR c IN ('a', 'b' AS bee)) AS p", kLimit);
  EXPECT_EQ(out,
            "SELECT * FROM (SELECT __teal_pivot_rest(sum(x), c), "
            "__teal_pivot_filter(__teal_pivot_on(c) IS NOT DISTINCT FROM ('a'), sum(x)) AS \"a\", "
            "__teal_pivot_filter(__teal_pivot_on(c) IS NOT DISTINCT FROM ('b'), sum(x)) AS \"bee\" "
            "FROM t GROUP BY __teal_pivot_rest(sum(x), c)) p");
}

TEST(PivotRewriteTest, MoreColumnsThanTheLimitIsAnErrorBeforeAnyIsWritten) {
  // 2 aggregates x 3 x 2 values: 12 columns.
  const std::string sql = "FROM t PIVOT (sum(x), max(x) FOR a IN (1, 2, 3) b IN ('u', 'v'))";
  EXPECT_NO_THROW(RewritePivot(sql, 12));
  try {
    RewritePivot(sql, 11);
    FAIL() << "no error";
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("Pivot column limit of 11 exceeded"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("makes 12 columns"), std::string::npos) << e.what();
  }
  // Ten lists of 1,000 values: 10^30 columns, counted without overflow and never written.
  std::string huge = "FROM t PIVOT (sum(x) FOR";
  for (int list = 0; list < 10; list++) {
    huge += " c" + std::to_string(list) + " IN (";
    for (int v = 0; v < 1000; v++) huge += (v ? ", " : "") + std::to_string(v);
    huge += ")";
  }
  huge += ")";
  try {
    RewritePivot(huge, kLimit);
    FAIL() << "no error";
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("makes at least 1000000000000 columns"), std::string::npos)
        << e.what();
  }
}

TEST(PivotRewriteTest, UnpivotBecomesALateralValuesJoin) {
  EXPECT_EQ(RewritePivot("FROM t UNPIVOT INCLUDE NULLS (v FOR n IN (a, b AS 'bee'))", kLimit),
            "FROM (SELECT __teal_pivot_rest(a, b), __teal_unpivot.n, __teal_unpivot.v FROM t, "
            "LATERAL (VALUES (__teal_column_name(a), a), ('bee', b)) AS __teal_unpivot(n, v))");
}

TEST(PivotRewriteTest, StatementFormsBecomeStandardForms) {
  EXPECT_EQ(RewritePivotStatements("PIVOT t ON c IN (1, 2) USING sum(x) GROUP BY g ORDER BY g"),
            "SELECT * FROM t PIVOT (sum(x) FOR c IN (1, 2) GROUP BY g) ORDER BY g");
  EXPECT_EQ(RewritePivotStatements("UNPIVOT t ON a, b INTO NAME n VALUE v"),
            "SELECT * FROM t UNPIVOT (v FOR n IN (a, b)) ");
  EXPECT_EQ(RewritePivotStatements("PIVOT t GROUP BY g"), "SELECT g FROM t GROUP BY g ");
  // The standard form is left to RewritePivot, even before ORDER BY.
  EXPECT_EQ(RewritePivotStatements("SELECT * FROM t PIVOT (sum(x) FOR c IN (1)) ORDER BY 1"),
            "SELECT * FROM t PIVOT (sum(x) FOR c IN (1)) ORDER BY 1");
  EXPECT_THROW(RewritePivotStatements("CREATE VIEW v AS PIVOT t ON c USING sum(x)"),
               NotImplementedError);
}

TEST(PivotRewriteTest, ValuesFromTheDataAreWrittenWhereTheyBelong) {
  // An outer PIVOT whose source holds another: the inner one's ON comes first in the text.
  const std::string sql = "PIVOT (PIVOT t ON a USING sum(x)) ON b USING sum(y)";
  const auto queries = PivotValueQueries(sql);
  ASSERT_EQ(queries.size(), 2u);
  EXPECT_EQ(queries[0].on, "b");
  EXPECT_EQ(queries[1].on, "a");
  EXPECT_EQ(FillPivotValues(sql, {"'B'", "'A'"}),
            "PIVOT (PIVOT t ON a IN ('A') USING sum(x)) ON b IN ('B') USING sum(y)");
  // IN (SELECT …): the query is the subquery, its list replaces it.
  const std::string in_query = "PIVOT t ON c IN (SELECT 1) USING sum(x)";
  ASSERT_EQ(PivotValueQueries(in_query).size(), 1u);
  EXPECT_EQ(PivotValueQueries(in_query)[0].query, "SELECT 1");
  EXPECT_EQ(FillPivotValues(in_query, {"1 AS \"1\""}), "PIVOT t ON c IN (1 AS \"1\") USING sum(x)");
  EXPECT_TRUE(PivotValueQueries("SELECT 'pivot' FROM t").empty());
}

TEST(PivotRewriteTest, UnpivotColumnSelectorsAreQueriedAndReplacedByTheirNames) {
  // Statement form: ON items that select columns; standard form: IN items. COLUMNS(* …)
  // selects as * … does; named columns stay as written.
  const std::string sql =
      "UNPIVOT t ON COLUMNS('s.*'), x INTO NAME n VALUE v UNION ALL SELECT * FROM (u) AS w "
      "UNPIVOT INCLUDE NULLS (v FOR n IN (COLUMNS(* EXCLUDE (id)), *))";
  const auto queries = PivotValueQueries(sql);
  ASSERT_EQ(queries.size(), 3u);
  EXPECT_EQ(queries[0].query, "SELECT COLUMNS('s.*') FROM t LIMIT 0");
  EXPECT_TRUE(queries[0].column_names);
  EXPECT_EQ(queries[1].query, "SELECT * EXCLUDE (id) FROM (u) AS w LIMIT 0");
  EXPECT_EQ(queries[1].on, "COLUMNS(* EXCLUDE (id))");
  EXPECT_EQ(queries[2].query, "SELECT * FROM (u) AS w LIMIT 0");
  EXPECT_EQ(FillPivotValues(sql, {"s1, s2", "\"a\"", "id, \"a\""}),
            "UNPIVOT t ON s1, s2, x INTO NAME n VALUE v UNION ALL SELECT * FROM (u) AS w "
            "UNPIVOT INCLUDE NULLS (v FOR n IN (\"a\", id, \"a\"))");
  // A PIVOT's data values come first, in the order of the lists.
  const std::string both = "PIVOT (UNPIVOT t ON *) ON name USING sum(value)";
  const auto both_queries = PivotValueQueries(both);
  ASSERT_EQ(both_queries.size(), 2u);
  EXPECT_FALSE(both_queries[0].column_names);
  EXPECT_TRUE(both_queries[1].column_names);
  EXPECT_EQ(FillPivotValues(both, {"'a'", "a, b"}),
            "PIVOT (UNPIVOT t ON a, b) ON name IN ('a') USING sum(value)");
}

TEST(PivotRewriteTest, MalformedPivotsAreErrors) {
  EXPECT_THROW(RewritePivot("SELECT * FROM t PIVOT (sum(x))", kLimit), ParserError);
  EXPECT_THROW(RewritePivot("SELECT * FROM t PIVOT (sum(x) FOR c IN ())", kLimit), BinderError);
  EXPECT_THROW(RewritePivot("SELECT * FROM t PIVOT (sum(x) FOR c IN (1, 1))", kLimit), BinderError);
  EXPECT_THROW(RewritePivot("SELECT * FROM t PIVOT (sum(x) FOR (a, b) IN ((1, 2, 3)))", kLimit),
               BinderError);
  EXPECT_THROW(RewritePivot("SELECT * FROM t UNPIVOT (v FOR n IN (*))", kLimit),
               NotImplementedError);
}

}  // namespace
}  // namespace teal
