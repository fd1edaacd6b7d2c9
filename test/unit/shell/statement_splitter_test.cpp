// StatementSplitter: where shell input is cut into statements.
#include "statement_splitter.hpp"

#include <gtest/gtest.h>

namespace teal::shell {
namespace {

using Statements = std::vector<std::string>;

TEST(StatementSplitterTest, SeveralStatementsOnOneLineAreCutAtEachSemicolon) {
  EXPECT_EQ(SplitStatements("SELECT 1; SELECT 2;SELECT 3;\n"),
            (Statements{"SELECT 1;", "SELECT 2;", "SELECT 3;"}));
}

TEST(StatementSplitterTest, StatementSpanningLinesCompletesAtItsSemicolon) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("SELECT a,\n").empty());
  EXPECT_TRUE(splitter.InStatement());
  EXPECT_TRUE(splitter.Feed("  b FROM t\n").empty());
  EXPECT_EQ(splitter.Feed("WHERE x = 1; SELECT\n"),
            (Statements{"SELECT a,\n  b FROM t\nWHERE x = 1;"}));
  EXPECT_TRUE(splitter.InStatement());
  EXPECT_EQ(splitter.Feed("2;\n"), (Statements{"SELECT\n2;"}));
  EXPECT_FALSE(splitter.InStatement());
}

TEST(StatementSplitterTest, SemicolonsInsideStringsAndIdentifiersDoNotEndAStatement) {
  EXPECT_EQ(SplitStatements("SELECT 'a;b', 'it''s;', \"x;\"\"y\" FROM t; SELECT 2;"),
            (Statements{"SELECT 'a;b', 'it''s;', \"x;\"\"y\" FROM t;", "SELECT 2;"}));
}

TEST(StatementSplitterTest, StringSpanningLinesKeepsTheStatementOpen) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("SELECT 'one;\n").empty());
  EXPECT_TRUE(splitter.InStatement());
  EXPECT_EQ(splitter.Feed("two';\n"), (Statements{"SELECT 'one;\ntwo';"}));
}

TEST(StatementSplitterTest, EscapeStringsTreatBackslashQuoteAsText) {
  EXPECT_EQ(SplitStatements("SELECT E'a\\';b'; SELECT 'c\\'; SELECT 3;"),
            (Statements{"SELECT E'a\\';b';", "SELECT 'c\\';", "SELECT 3;"}));
  // An identifier ending in e before a quote is not an E prefix.
  EXPECT_EQ(SplitStatements("SELECT somee'\\'; SELECT 2;"),
            (Statements{"SELECT somee'\\';", "SELECT 2;"}));
}

TEST(StatementSplitterTest, SemicolonsInsideCommentsDoNotEndAStatement) {
  EXPECT_EQ(
      SplitStatements("SELECT 1 -- not here; \n+ 1; /* nor; /* nested; */ here; */ SELECT 2;"),
      (Statements{"SELECT 1 -- not here; \n+ 1;", "/* nor; /* nested; */ here; */ SELECT 2;"}));
}

TEST(StatementSplitterTest, CommentOnlyInputYieldsNoStatement) {
  EXPECT_EQ(SplitStatements("-- just a comment\n/* and; another */ ; ;\n"), Statements{});
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("-- comment\n").empty());
  EXPECT_FALSE(splitter.InStatement());
}

TEST(StatementSplitterTest, OpenBlockCommentContinuesTheInput) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("/* a comment\n").empty());
  EXPECT_TRUE(splitter.InStatement());
  EXPECT_TRUE(splitter.Feed(".tables; */\n").empty());
  EXPECT_FALSE(splitter.InStatement());
}

TEST(StatementSplitterTest, DollarQuotedBodiesMayHoldSemicolonsAndQuotes) {
  EXPECT_EQ(SplitStatements("SELECT $$a;'b$$; SELECT $fn$ x; $$ y $fn$; SELECT 3;"),
            (Statements{"SELECT $$a;'b$$;", "SELECT $fn$ x; $$ y $fn$;", "SELECT 3;"}));
}

TEST(StatementSplitterTest, ParametersAndDollarsInIdentifiersAreNotDollarQuotes) {
  EXPECT_EQ(SplitStatements("SELECT $1; SELECT a$b$ FROM t; SELECT 2;"),
            (Statements{"SELECT $1;", "SELECT a$b$ FROM t;", "SELECT 2;"}));
}

TEST(StatementSplitterTest, DollarQuoteSpanningFeedsIsFoundAcrossTheBoundary) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("SELECT $tag$ a; $ta").empty());
  EXPECT_EQ(splitter.Feed("g$; SELECT 2;"), (Statements{"SELECT $tag$ a; $tag$;", "SELECT 2;"}));
}

TEST(StatementSplitterTest, LookaheadCutByAFeedBoundaryIsResolvedLater) {
  StatementSplitter splitter;
  EXPECT_TRUE(splitter.Feed("SELECT 1 -").empty());
  EXPECT_EQ(splitter.Feed("- c; \n;"), (Statements{"SELECT 1 -- c; \n;"}));
  StatementSplitter quotes;
  EXPECT_TRUE(quotes.Feed("SELECT 'a'").empty());
  EXPECT_EQ(quotes.Feed("'b';"), (Statements{"SELECT 'a''b';"}));
}

TEST(StatementSplitterTest, FinishReturnsTheUnterminatedRest) {
  EXPECT_EQ(SplitStatements("SELECT 1; SELECT 2\n"), (Statements{"SELECT 1;", "SELECT 2"}));
  EXPECT_EQ(SplitStatements("SELECT 'open"), (Statements{"SELECT 'open"}));
  StatementSplitter splitter;
  splitter.Feed("SELECT 1 -");
  EXPECT_EQ(splitter.Finish(), "SELECT 1 -");
  EXPECT_FALSE(splitter.InStatement());
  EXPECT_EQ(splitter.Finish(), "");
}

TEST(StatementSplitterTest, ResetDiscardsPendingInput) {
  StatementSplitter splitter;
  splitter.Feed("SELECT 'unfinished\n");
  splitter.Reset();
  EXPECT_FALSE(splitter.InStatement());
  EXPECT_EQ(splitter.Feed("SELECT 2;\n"), (Statements{"SELECT 2;"}));
}

}  // namespace
}  // namespace teal::shell
