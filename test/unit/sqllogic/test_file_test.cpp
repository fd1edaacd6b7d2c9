// The sqllogictest file parser: records, headers, loops, conditions, whole-file skips.
#include "sqllogic/test_file.hpp"

#include <gtest/gtest.h>

namespace teal::sqllogic {

TEST(TestFileTest, StatementsAndQueriesSplitAtBlankLines) {
  TestFile file = ParseTestFile(
      "# a comment\n"
      "statement ok\n"
      "CREATE TABLE t(i INTEGER,\n"
      "  s VARCHAR)\n"
      "\n"
      "query IT rowsort\n"
      "SELECT * FROM t\n"
      "----\n"
      "1\ta\n"
      "2\t(empty)\n"
      "\n"
      "query I\n"
      "SELECT 1\n"
      "----\n"
      "1",
      "f.test");
  ASSERT_EQ(file.records.size(), 3u);
  EXPECT_EQ(file.records[0].kind, Record::Kind::kStatement);
  EXPECT_EQ(file.records[0].expect, Record::Expect::kOk);
  EXPECT_EQ(file.records[0].sql, "CREATE TABLE t(i INTEGER,\n  s VARCHAR)");
  EXPECT_EQ(file.records[0].line, 2);
  EXPECT_EQ(file.records[1].kind, Record::Kind::kQuery);
  EXPECT_EQ(file.records[1].types, "IT");
  EXPECT_EQ(file.records[1].sort, SortMode::kRow);
  EXPECT_EQ(file.records[1].expected, (std::vector<std::string>{"1\ta", "2\t(empty)"}));
  EXPECT_EQ(file.records[2].expected, (std::vector<std::string>{"1"}));
  EXPECT_TRUE(file.skip_reason.empty());
}

TEST(TestFileTest, StatementErrorKeepsExpectedMessage) {
  TestFile file = ParseTestFile(
      "statement error\n"
      "SELECT x\n"
      "----\n"
      "Binder Error: column\n"
      "\n"
      "statement error con2\n"
      "SELECT y\n"
      "\n"
      "statement maybe\n"
      "SELECT z\n",
      "f.test");
  ASSERT_EQ(file.records.size(), 3u);
  EXPECT_EQ(file.records[0].expect, Record::Expect::kError);
  EXPECT_TRUE(file.records[0].has_message);
  EXPECT_EQ(file.records[0].message, "Binder Error: column");
  EXPECT_FALSE(file.records[1].has_message);
  EXPECT_EQ(file.records[1].connection, "con2");
  EXPECT_EQ(file.records[2].expect, Record::Expect::kMaybe);
}

TEST(TestFileTest, QueryHeaderReadsSortLabelAndConnection) {
  TestFile file = ParseTestFile(
      "query I nosort label-1\nSELECT 1\n----\n1\n\n"
      "query II valuesort label-2 con1\nSELECT 1, 2\n----\n1\n2\n\n"
      "query T con3\nSELECT 'a'\n----\na\n\n"
      "query I\nSELECT 1 WHERE false\n",
      "f.test");
  ASSERT_EQ(file.records.size(), 4u);
  EXPECT_EQ(file.records[0].sort, SortMode::kNone);
  EXPECT_EQ(file.records[0].label, "label-1");
  EXPECT_EQ(file.records[1].sort, SortMode::kValue);
  EXPECT_EQ(file.records[1].label, "label-2");
  EXPECT_EQ(file.records[1].connection, "con1");
  EXPECT_EQ(file.records[2].connection, "con3");
  EXPECT_TRUE(file.records[2].label.empty());
  EXPECT_TRUE(file.records[3].expected.empty());
}

TEST(TestFileTest, ConditionsAttachToTheNextRecordIgnoringTrailingComments) {
  TestFile file = ParseTestFile(
      "skipif mysql # not compatible\n"
      "onlyif postgresql\n"
      "query I rowsort\nSELECT 1\n----\n1\n\n"
      "onlyif mssql\nhalt\n\n"
      "hash-threshold 16\n",
      "f.test");
  ASSERT_EQ(file.records.size(), 3u);
  ASSERT_EQ(file.records[0].conditions.size(), 2u);
  EXPECT_FALSE(file.records[0].conditions[0].only_if);
  EXPECT_EQ(file.records[0].conditions[0].engine, "mysql");
  EXPECT_TRUE(file.records[0].conditions[1].only_if);
  EXPECT_EQ(file.records[1].kind, Record::Kind::kHalt);
  EXPECT_EQ(file.records[1].conditions.size(), 1u);
  EXPECT_EQ(file.records[2].kind, Record::Kind::kHashThreshold);
  EXPECT_EQ(file.records[2].threshold, 16u);
}

TEST(TestFileTest, LoopsNestAndEndAtEndloop) {
  TestFile file = ParseTestFile(
      "loop i 0 3\n"
      "foreach t a b\n"
      "statement ok\nINSERT INTO ${t} VALUES (${i})\n\n"
      "endloop\n"
      "endloop\n"
      "foreach ty <integral>\n"
      "endloop\n",
      "f.test");
  ASSERT_EQ(file.records.size(), 2u);
  const Record& outer = file.records[0];
  EXPECT_EQ(outer.kind, Record::Kind::kLoop);
  EXPECT_EQ(outer.variable, "i");
  EXPECT_EQ(outer.values, (std::vector<std::string>{"0", "1", "2"}));
  ASSERT_EQ(outer.body.size(), 1u);
  EXPECT_EQ(outer.body[0].values, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(outer.body[0].body.size(), 1u);
  EXPECT_EQ(outer.body[0].body[0].sql, "INSERT INTO ${t} VALUES (${i})");
  EXPECT_EQ(file.records[1].values.size(), 10u);
}

TEST(TestFileTest, RequireLoadAndRestartSkipTheFile) {
  EXPECT_FALSE(ParseTestFile("require parquet\n", "f").skip_reason.empty());
  EXPECT_FALSE(ParseTestFile("statement ok\nSELECT 1\n\nload x.db\n", "f").skip_reason.empty());
  EXPECT_FALSE(ParseTestFile("restart\n", "f").skip_reason.empty());
  EXPECT_TRUE(ParseTestFile("mode output_result\nsleep 1\n", "f").skip_reason.empty());
}

TEST(TestFileTest, MalformedFilesNameTheLine) {
  auto message = [](const char* text) {
    try {
      ParseTestFile(text, "bad.test");
    } catch (const TestFileError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("statement ok\nSELECT 1\n\nfrobnicate\n"),
            "bad.test:4: unknown command 'frobnicate'");
  EXPECT_EQ(message("loop i 0 2\nstatement ok\nSELECT 1\n"), "bad.test:1: loop without endloop");
  EXPECT_EQ(message("endloop\n"), "bad.test:1: endloop without loop");
  EXPECT_EQ(message("query\nSELECT 1\n"), "bad.test:1: query needs its column type letters");
  EXPECT_EQ(message("statement ok\n\n"), "bad.test:1: statement without SQL");
}

TEST(TestFileTest, CarriageReturnsAreDropped) {
  TestFile file = ParseTestFile("query T\r\nSELECT 'a'\r\n----\r\na\r\n", "f");
  ASSERT_EQ(file.records.size(), 1u);
  EXPECT_EQ(file.records[0].sql, "SELECT 'a'");
  EXPECT_EQ(file.records[0].expected, (std::vector<std::string>{"a"}));
}

TEST(TestFileTest, SubstituteVariableReplacesEveryOccurrence) {
  EXPECT_EQ(SubstituteVariable("${i} + ${i} + ${j}", "i", "7"), "7 + 7 + ${j}");
  EXPECT_EQ(SubstituteVariable("no vars", "i", "7"), "no vars");
}

}  // namespace teal::sqllogic
