// SqlScanner: the quoted and commented regions of SQL text, given whole or in pieces.
#include "parser/sql_scanner.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parser/parser.hpp"

namespace teal {

namespace {
/// The code bytes of `sql`, with each skipped region replaced by one '#'.
std::string CodeOf(std::string_view sql) {
  std::string out;
  SqlTextScanner scanner(sql);
  while (!scanner.Done()) {
    if (scanner.SkipQuotedOrComment()) {
      out += '#';
      continue;
    }
    out += scanner.Current();
    scanner.Advance();
  }
  return out;
}
}  // namespace

TEST(SqlScannerTest, EscapeStringTakesBackslashQuoteAsPartOfTheString) {
  EXPECT_EQ(CodeOf("SELECT E'a\\';b'; SELECT 2"), "SELECT E#; SELECT 2");
  EXPECT_EQ(CodeOf("SELECT e'\\\\'; x"), "SELECT e#; x");
  // Without the E prefix (or after an identifier ending in e) a backslash is an ordinary byte.
  EXPECT_EQ(CodeOf("SELECT 'a\\'; x"), "SELECT #; x");
  EXPECT_EQ(CodeOf("SELECT somee'\\'; x"), "SELECT somee#; x");
}

TEST(SqlScannerTest, BlockCommentsNest) {
  EXPECT_EQ(CodeOf("SELECT 1 /* a /* b; */ c; */; SELECT 2"), "SELECT 1 #; SELECT 2");
  EXPECT_EQ(CodeOf("/* unterminated /* */ ; x"), "#");
}

TEST(SqlScannerTest, LineCommentEndsBeforeTheNewline) {
  EXPECT_EQ(CodeOf("SELECT 1 -- c;d\n; x"), "SELECT 1 #\n; x");
}

TEST(SqlScannerTest, DollarQuoteNeedsATagNotFollowingAnIdentifier) {
  EXPECT_EQ(CodeOf("SELECT $$a;$$, $fn$ $$; $fn$; x"), "SELECT #, #; x");
  EXPECT_EQ(CodeOf("SELECT $1; SELECT a$b$ FROM t"), "SELECT $1; SELECT a$b$ FROM t");
}

TEST(SqlScannerTest, TextInPiecesStopsWhereTheNextByteDecides) {
  SqlScanner scanner;
  std::string text = "SELECT '";
  size_t pos = 7;
  EXPECT_EQ(scanner.Scan(text, pos, true), SqlScanner::Step::kRegion);
  EXPECT_EQ(pos, text.size());
  EXPECT_EQ(scanner.Current(), SqlScanner::Region::kSingleQuote);
  text += "it'";  // a quote at the end may be the first of ''
  EXPECT_EQ(scanner.Scan(text, pos, true), SqlScanner::Step::kNeedMore);
  EXPECT_EQ(pos, text.size() - 1);
  text += "'s';";
  EXPECT_EQ(scanner.Scan(text, pos, true), SqlScanner::Step::kRegion);
  EXPECT_EQ(scanner.Current(), SqlScanner::Region::kNone);
  EXPECT_EQ(text.substr(pos), ";");
}

TEST(SplitStatementsTest, EscapeStringsAndNestedCommentsDoNotSplit) {
  EXPECT_EQ(SplitStatements("SELECT E'a\\';b'; /* x /* y; */ z; */ SELECT 2"),
            (std::vector<std::string>{"SELECT E'a\\';b'", "/* x /* y; */ z; */ SELECT 2"}));
}

}  // namespace teal
