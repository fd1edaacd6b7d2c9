// Rendering by type letter, sorting, hashing and comparing query results.
#include "sqllogic/result_compare.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "common/md5.hpp"

namespace teal::sqllogic {

namespace {

RenderedResult Texts(std::vector<std::string> texts, uint64_t columns) {
  RenderedResult result;
  result.columns = columns;
  for (std::string& text : texts) result.cells.push_back(Cell{text, text, std::nullopt});
  return result;
}

}  // namespace

TEST(ResultCompareTest, IntegerLetterTruncatesFractionsTowardZero) {
  EXPECT_EQ(RenderCell(Value::Integer(42), 'I').text, "42");
  EXPECT_EQ(RenderCell(Value::BigInt(-7), 'I').text, "-7");
  EXPECT_EQ(RenderCell(Value::Double(2.9), 'I').text, "2");
  EXPECT_EQ(RenderCell(Value::Double(-2.9), 'I').text, "-2");
  EXPECT_EQ(RenderCell(Value::Double(-0.5), 'I').text, "0");
  EXPECT_EQ(RenderCell(Value::Decimal(-1250, 5, 2), 'I').text, "-12");
  EXPECT_EQ(RenderCell(Value::Decimal(-50, 5, 2), 'I').text, "0");
  EXPECT_EQ(RenderCell(Value::Boolean(true), 'I').text, "1");
  EXPECT_EQ(RenderCell(Value::Varchar("abc"), 'I').text, "abc");
}

TEST(ResultCompareTest, RealLetterPrintsThreeDecimals) {
  EXPECT_EQ(RenderCell(Value::Double(1.0 / 3), 'R').text, "0.333");
  EXPECT_EQ(RenderCell(Value::Integer(5), 'R').text, "5.000");
  EXPECT_EQ(RenderCell(Value::Double(-2.5), 'R').text, "-2.500");
  EXPECT_EQ(RenderCell(Value::Decimal(1234, 5, 2), 'R').text, "12.340");
}

TEST(ResultCompareTest, NullAndEmptyStringHaveSpellings) {
  EXPECT_EQ(RenderCell(Value(LogicalType(TypeId::kInteger)), 'I').text, "NULL");
  EXPECT_EQ(RenderCell(Value(LogicalType(TypeId::kDouble)), 'R').text, "NULL");
  EXPECT_EQ(RenderCell(Value(), 'T').text, "NULL");
  EXPECT_EQ(RenderCell(Value::Varchar(""), 'T').text, "(empty)");
  EXPECT_EQ(RenderCell(Value::Varchar("x y"), 'T').text, "x y");
}

TEST(ResultCompareTest, RowSortOrdersWholeRowsByRenderedText) {
  RenderedResult result = Texts({"b", "1", "a", "2", "a", "1"}, 2);
  SortResult(result, SortMode::kRow);
  EXPECT_EQ(FormatRows(result, 10), "    a\t1\n    a\t2\n    b\t1\n");
}

TEST(ResultCompareTest, ValueSortOrdersEveryValue) {
  RenderedResult result = Texts({"b", "1", "a", "2"}, 2);
  SortResult(result, SortMode::kValue);
  EXPECT_EQ(result.cells[0].text, "1");
  EXPECT_EQ(result.cells[3].text, "b");
}

TEST(ResultCompareTest, HashIsMd5OfValuesEachFollowedByNewline) {
  RenderedResult result = Texts({"1", "2", "3"}, 1);
  EXPECT_EQ(HashResult(result), Md5::HexOf("1\n2\n3\n"));
}

TEST(ResultCompareTest, ParsesHashLines) {
  auto hash = ParseHashLine("30 values hashing to 3c13dee48d9356ae19af2515e05e6b54");
  ASSERT_TRUE(hash.has_value());
  EXPECT_EQ(hash->count, 30u);
  EXPECT_EQ(hash->md5, "3c13dee48d9356ae19af2515e05e6b54");
  EXPECT_FALSE(ParseHashLine("30 values hashing to xyz").has_value());
  EXPECT_FALSE(ParseHashLine("30").has_value());
}

TEST(ResultCompareTest, AcceptsOneValuePerLineOrOneRowPerLine) {
  RenderedResult result = Texts({"1", "a", "2", "b"}, 2);
  EXPECT_FALSE(CompareResult(result, {"1", "a", "2", "b"}, SortMode::kNone));
  EXPECT_FALSE(CompareResult(result, {"1\ta", "2\tb"}, SortMode::kNone));
  EXPECT_TRUE(CompareResult(result, {"1\ta", "2\tc"}, SortMode::kNone));
  EXPECT_TRUE(CompareResult(result, {"1\ta"}, SortMode::kNone));
  EXPECT_TRUE(CompareResult(result, {"1", "a", "2"}, SortMode::kNone));
}

// DuckDB's runner drops the empty pieces of a split line ("a\t\tb" is two values); the
// other dialects keep them.
TEST(ResultCompareTest, DuckdbDialectSkipsEmptyPiecesOfALine) {
  RenderedResult result = Texts({"a", "b", "c", "d"}, 2);
  EXPECT_FALSE(CompareResult(result, {"a\t\tb", "c\td"}, SortMode::kNone, Dialect::kDuckdb));
  EXPECT_TRUE(CompareResult(result, {"a\t\tb", "c\td"}, SortMode::kNone, Dialect::kTeal));
}

// DuckDB's <FILE>: results: a header, '|' between values, an empty field NULL, quotes.
TEST(ResultCompareTest, LoadsAnExpectedResultFile) {
  const std::string path = ::testing::TempDir() + "/expected_result.csv";
  {
    std::ofstream out(path, std::ios::binary);
    out << "a|b|c\r\n1|x|\n2|\"p|q \"\"r\"\"\"|\"\"\n";
  }
  std::string error;
  auto rows = LoadExpectedFile(path, error);
  ASSERT_TRUE(rows) << error;
  EXPECT_EQ(*rows, (std::vector<std::string>{"1\tx\tNULL", "2\tp|q \"r\"\t(empty)"}));
  EXPECT_FALSE(LoadExpectedFile(path + ".missing", error));
  EXPECT_NE(error.find("expected_result.csv.missing"), std::string::npos);
}

TEST(ResultCompareTest, ComparesHashFormWithCountAndDigest) {
  RenderedResult result = Texts({"1", "2", "3"}, 1);
  std::string line = "3 values hashing to " + Md5::HexOf("1\n2\n3\n");
  EXPECT_FALSE(CompareResult(result, {line}, SortMode::kNone));
  EXPECT_TRUE(
      CompareResult(result, {"4 values hashing to " + Md5::HexOf("1\n2\n3\n")}, SortMode::kNone));
  EXPECT_TRUE(CompareResult(result, {"3 values hashing to " + Md5::HexOf("x")}, SortMode::kNone));
}

TEST(ResultCompareTest, SortedModesAlsoSortTheExpectedSide) {
  RenderedResult result = Texts({"a", "1", "b", "2"}, 2);
  SortResult(result, SortMode::kRow);
  EXPECT_FALSE(CompareResult(result, {"b\t2", "a\t1"}, SortMode::kRow));
  EXPECT_TRUE(CompareResult(result, {"b\t2", "a\t1"}, SortMode::kNone));
}

TEST(ResultCompareTest, MismatchReportNamesPositionAndBothValues) {
  RenderedResult result = Texts({"1", "2"}, 1);
  std::optional<std::string> diff = CompareResult(result, {"1", "3"}, SortMode::kNone);
  ASSERT_TRUE(diff);
  EXPECT_NE(diff->find("row 2, column 1: expected '3', got '2'"), std::string::npos) << *diff;
}

TEST(ResultCompareTest, PlainTextAndCloseNumbersAlsoMatch) {
  RenderedResult result;
  result.columns = 1;
  result.cells.push_back(RenderCell(Value::Double(1.0 / 3), 'R'));
  EXPECT_FALSE(CompareResult(result, {"0.333"}, SortMode::kNone));
  EXPECT_FALSE(CompareResult(result, {"0.3333333"}, SortMode::kNone));
  EXPECT_TRUE(CompareResult(result, {"0.334"}, SortMode::kNone));
  result.cells[0] = RenderCell(Value::Boolean(true), 'I');
  EXPECT_FALSE(CompareResult(result, {"1"}, SortMode::kNone));
  EXPECT_FALSE(CompareResult(result, {"true"}, SortMode::kNone));
}

TEST(ResultCompareTest, ErrorMessagesMatchBySubstringOrRegex) {
  std::string described = "Conversion Error: could not convert 'x' to INTEGER";
  std::string what = "could not convert 'x' to INTEGER";
  EXPECT_TRUE(ErrorMatches("Conversion Error: could not convert", described, what));
  EXPECT_TRUE(ErrorMatches("to INTEGER", described, what));
  EXPECT_FALSE(ErrorMatches("Binder Error", described, what));
  EXPECT_TRUE(ErrorMatches("<REGEX>:.*could not convert.*INTEGER", described, what));
  EXPECT_FALSE(ErrorMatches("<REGEX>:^Binder", described, what));
  EXPECT_TRUE(ErrorMatches("<!REGEX>:Binder", described, what));
  EXPECT_FALSE(ErrorMatches("<REGEX>:(unclosed", described, what));
  // DuckDB's spelling of a not-implemented error is Teal's with its "not implemented: ".
  const std::string missing = "Not Implemented Error: not implemented: INSTEAD OF triggers";
  EXPECT_TRUE(ErrorMatches("Not implemented Error: INSTEAD OF", missing, "x"));
  EXPECT_FALSE(ErrorMatches("Not implemented Error: BEFORE", missing, "x"));
  EXPECT_FALSE(ErrorMatches("Not implemented Error: INSTEAD OF", described, what));
  // … also for a pattern, which may name the class either way.
  EXPECT_TRUE(ErrorMatches("<REGEX>:.*Not implemented Error.*not implemented.*", missing, "x"));
  EXPECT_TRUE(ErrorMatches("<REGEX>:.*Not Implemented Error.*INSTEAD.*", missing, "x"));
  EXPECT_FALSE(ErrorMatches("<REGEX>:.*Not implemented Error.*", described, what));
  EXPECT_TRUE(ErrorMatches("<!REGEX>:.*Not implemented Error.*", described, what));
}

TEST(ResultCompareTest, TealDialectComparesOneRenderingExactly) {
  // An I column prints the value's text: 2.9 is not 2 (only SQLite's corpus truncates).
  Cell fraction = RenderCell(Value::Double(2.9), 'I', Dialect::kTeal);
  EXPECT_EQ(fraction.text, "2.9");
  EXPECT_FALSE(CellMatches("2", fraction, Dialect::kTeal));
  EXPECT_TRUE(CellMatches("2.9", fraction, Dialect::kTeal));
  // R rounds finite numbers to three decimals, and nothing else matches.
  Cell third = RenderCell(Value::Double(1.0 / 3), 'R', Dialect::kTeal);
  EXPECT_TRUE(CellMatches("0.333", third, Dialect::kTeal));
  EXPECT_FALSE(CellMatches("0.3333333333333333", third, Dialect::kTeal));
  EXPECT_FALSE(CellMatches("0.33", third, Dialect::kTeal));
  EXPECT_EQ(RenderCell(Value::Double(std::nan("")), 'R', Dialect::kTeal).text, "nan");
  // Booleans and text as written; no numeric leniency.
  EXPECT_TRUE(
      CellMatches("true", RenderCell(Value::Boolean(true), 'I', Dialect::kTeal), Dialect::kTeal));
  EXPECT_FALSE(
      CellMatches("1", RenderCell(Value::Boolean(true), 'I', Dialect::kTeal), Dialect::kTeal));
  EXPECT_FALSE(
      CellMatches("1.0", RenderCell(Value::Integer(1), 'I', Dialect::kTeal), Dialect::kTeal));
  EXPECT_FALSE(CellMatches("1.5", RenderCell(Value::Decimal(150, 5, 2), 'T', Dialect::kTeal),
                           Dialect::kTeal));
}

TEST(ResultCompareTest, DuckdbDialectComparesNumbersAsNumbers) {
  auto match = [](const std::string& expected, const Value& value) {
    return CellMatches(expected, RenderCell(value, 'I', Dialect::kDuckdb), Dialect::kDuckdb);
  };
  // Integers: exact numeric equality of the text.
  EXPECT_TRUE(match("1", Value::Integer(1)));
  EXPECT_TRUE(match("1.0", Value::Integer(1)));
  EXPECT_TRUE(match("+0001", Value::BigInt(1)));
  EXPECT_TRUE(match(" 1", Value::BigInt(1)));  // DuckDB's cast skips surrounding spaces
  EXPECT_FALSE(match("2", Value::Integer(3)));
  EXPECT_FALSE(match("2.9", Value::Integer(2)));
  EXPECT_FALSE(match("x", Value::Integer(2)));
  EXPECT_FALSE(match("NULL", Value::Integer(0)));
  // Decimals: the expected text rounded to the column's scale.
  EXPECT_TRUE(match("1.5", Value::Decimal(150, 5, 2)));
  EXPECT_TRUE(match("1.50", Value::Decimal(150, 5, 2)));
  EXPECT_TRUE(match("1.499", Value::Decimal(150, 5, 2)));
  EXPECT_TRUE(match("-0.995", Value::Decimal(-100, 5, 2)));
  EXPECT_FALSE(match("1.51", Value::Decimal(150, 5, 2)));
  EXPECT_FALSE(match("15", Value::Decimal(150, 5, 2)));
  // FLOAT / DOUBLE: DuckDB's ApproxEqual, 1% of the expected value plus 1e-8.
  EXPECT_TRUE(match("0.333", Value::Double(1.0 / 3)));
  EXPECT_TRUE(match("100", Value::Double(100.9)));
  EXPECT_FALSE(match("100", Value::Double(101.5)));
  EXPECT_TRUE(match("nan", Value::Double(std::nan(""))));
  EXPECT_TRUE(match("inf", Value::Double(INFINITY)));
  EXPECT_FALSE(match("inf", Value::Double(1e308)));
  EXPECT_TRUE(match("0.5", Value::Float(0.5f)));
  // Text compares exactly, whitespace included.
  EXPECT_TRUE(match("a b", Value::Varchar("a b")));
  EXPECT_FALSE(match("a b ", Value::Varchar("a b")));
  EXPECT_FALSE(match("1", Value::Varchar("1.0")));
}

TEST(ResultCompareTest, DuckdbDialectBooleansAndRegexes) {
  Cell yes = RenderCell(Value::Boolean(true), 'T', Dialect::kDuckdb);
  EXPECT_EQ(yes.text, "1");  // DuckDB's runner renders (and hashes) booleans as 1 / 0
  for (const char* spelling : {"true", "TRUE", "True", "1"}) {
    EXPECT_TRUE(CellMatches(spelling, yes, Dialect::kDuckdb)) << spelling;
  }
  EXPECT_FALSE(CellMatches("false", yes, Dialect::kDuckdb));
  EXPECT_FALSE(CellMatches("t", yes, Dialect::kDuckdb));
  Cell no = RenderCell(Value::Boolean(false), 'T', Dialect::kDuckdb);
  EXPECT_TRUE(CellMatches("False", no, Dialect::kDuckdb));
  EXPECT_TRUE(CellMatches("0", no, Dialect::kDuckdb));

  Cell text = RenderCell(Value::Varchar("line one\nline two"), 'T', Dialect::kDuckdb);
  EXPECT_TRUE(CellMatches("<REGEX>:line.*two", text, Dialect::kDuckdb));
  EXPECT_FALSE(CellMatches("<REGEX>:one", text, Dialect::kDuckdb));  // the whole text
  EXPECT_TRUE(CellMatches("<!REGEX>:.*three.*", text, Dialect::kDuckdb));
  EXPECT_FALSE(CellMatches("<!REGEX>:.*two", text, Dialect::kDuckdb));
}

TEST(ResultCompareTest, DuckdbDialectComparesExpectedRowsInWrittenOrder) {
  RenderedResult actual;
  actual.columns = 1;
  actual.cells = {RenderCell(Value::Integer(1), 'I', Dialect::kDuckdb),
                  RenderCell(Value::Integer(2), 'I', Dialect::kDuckdb)};
  EXPECT_EQ(CompareResult(actual, {"1", "2.0"}, SortMode::kRow, Dialect::kDuckdb), std::nullopt);
  // DuckDB sorts only the result: expected rows out of order are a mismatch there.
  EXPECT_NE(CompareResult(actual, {"2", "1"}, SortMode::kRow, Dialect::kDuckdb), std::nullopt);
  EXPECT_EQ(CompareResult(actual, {"2", "1"}, SortMode::kRow, Dialect::kTeal), std::nullopt);
}

}  // namespace teal::sqllogic
