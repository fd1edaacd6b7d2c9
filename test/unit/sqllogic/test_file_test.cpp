// The sqllogictest file parser: records, headers, loops, conditions, whole-file skips.
#include "sqllogic/test_file.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

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

TEST(TestFileTest, RequireSkipsTheFileAndLoadAndRestartAreRecords) {
  EXPECT_FALSE(ParseTestFile("require parquet\n", "f").skip_reason.empty());
  EXPECT_TRUE(ParseTestFile("statement ok\nSELECT 1\n\nload x.db\n", "f").skip_reason.empty());
  EXPECT_TRUE(ParseTestFile("restart\n", "f").skip_reason.empty());
  EXPECT_THROW(ParseTestFile("load a.db b.db\n", "f"), std::exception);
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

TEST(TestFileTest, SubstituteVariableTakesBracesWithOrWithoutDollar) {
  EXPECT_EQ(SubstituteVariable("{i} + ${i} + {ii} + {j}", "i", "7"), "7 + 7 + {ii} + {j}");
  // DuckDB's foreach with several names: "a,b" takes "1,x".
  EXPECT_EQ(SubstituteVariable("{a}-{b}-${a}", "a,b", "1,x"), "1-x-1");
  EXPECT_THROW(SubstituteVariable("{a}", "a,b", "1"), TestFileError);
}

TEST(TestFileTest, CommentLineEndsTheSqlExceptInTheSqliteDialect) {
  const char* text =
      "statement ok\n"
      "SELECT 1\n"
      "# a comment after the record\n"
      "\n"
      "query I\n"
      "SELECT 2\n"
      "# inside\n";
  TestFile teal = ParseTestFile(text, "f.test");
  ASSERT_EQ(teal.records.size(), 2u);
  EXPECT_EQ(teal.records[0].sql, "SELECT 1");
  EXPECT_EQ(teal.records[1].sql, "SELECT 2");
  EXPECT_TRUE(teal.records[1].expected.empty());
  TestFile duck = ParseTestFile(text, "f.test", Dialect::kDuckdb);
  EXPECT_EQ(duck.records[0].sql, "SELECT 1");

  // SQLite's corpus: a comment line inside a record is skipped, the record goes on.
  TestFile sqlite = ParseTestFile("statement ok\nSELECT\n# c\n1\n", "f.test", Dialect::kSqlite);
  ASSERT_EQ(sqlite.records.size(), 1u);
  EXPECT_EQ(sqlite.records[0].sql, "SELECT\n1");

  // A SQL line after the comment is no command: the file is malformed, loudly.
  EXPECT_THROW(ParseTestFile("statement ok\nSELECT 1\n# c\nSELECT 2\n", "f.test"), TestFileError);
}

TEST(TestFileTest, DuckdbResultsEndOnlyAtAnEmptyLine) {
  // DuckDB's runner reads a line of spaces as a value; Teal's files end the block there.
  const char* text = "query T\nSELECT '  '\n----\n  \n";
  EXPECT_EQ(ParseTestFile(text, "f", Dialect::kDuckdb).records[0].expected,
            (std::vector<std::string>{"  "}));
  EXPECT_TRUE(ParseTestFile(text, "f").records[0].expected.empty());
}

TEST(TestFileTest, RequiresMetOnAStandardBuildDoNotSkip) {
  for (const char* met :
       {"require skip_reload\n", "require vector_size 512\n", "require vector_size 2048\n",
        "require exact_vector_size 2048\n", "require 64bit\n", "require notwindows\n",
        "require noforcestorage\n", "require no_alternative_verify\n"}) {
    EXPECT_TRUE(ParseTestFile(met, "f", Dialect::kDuckdb).skip_reason.empty()) << met;
  }
  EXPECT_EQ(ParseTestFile("require vector_size 4096\n", "f").skip_reason,
            "not met: require vector_size 4096 (line 1)");
  EXPECT_EQ(ParseTestFile("require exact_vector_size 512\n", "f").skip_reason,
            "not met: require exact_vector_size 512 (line 1)");
  EXPECT_EQ(ParseTestFile("require windows\n", "f").skip_reason,
            "not met: require windows (line 1)");
  EXPECT_EQ(ParseTestFile("\nrequire parquet\n", "f").skip_reason,
            "extension: require parquet (line 2)");
  {
    TestFile loads =
        ParseTestFile("load __TEST_DIR__/x.db\nload x.db readonly\nload\nrestart\n", "f");
    EXPECT_TRUE(loads.skip_reason.empty());
    ASSERT_EQ(loads.records.size(), 4u);
    EXPECT_EQ(loads.records[0].kind, Record::Kind::kLoad);
    EXPECT_EQ(loads.records[0].values, std::vector<std::string>{"__TEST_DIR__/x.db"});
    EXPECT_EQ(loads.records[1].values, (std::vector<std::string>{"x.db", "readonly"}));
    EXPECT_TRUE(loads.records[2].values.empty());
    EXPECT_EQ(loads.records[3].kind, Record::Kind::kRestart);
  }
  // The first reason wins.
  EXPECT_EQ(ParseTestFile("require json\nrestart\n", "f").skip_reason,
            "extension: require json (line 1)");
}

TEST(TestFileTest, BlockSizeAndRamRequiresAreCheckedAgainstThisBuildAndMachine) {
  EXPECT_TRUE(ParseTestFile("require block_size 262144\n", "f").skip_reason.empty());
  EXPECT_EQ(ParseTestFile("require block_size 16384\n", "f").skip_reason,
            "not met: require block_size 16384 (line 1)");
  EXPECT_TRUE(ParseTestFile("require ram 1gb\n", "f").skip_reason.empty());
  EXPECT_EQ(ParseTestFile("require ram 100000gb\n", "f").skip_reason,
            "not met: require ram 100000gb (line 1)");
}

TEST(TestFileTest, IncludeSplicesTheFileWithItsParameters) {
  const std::string path = ::testing::TempDir() + "teal_include_test.template";
  {
    std::ofstream out(path);
    out << "statement ok\nCREATE TABLE t{n}(i INTEGER)\n\nquery I\nSELECT {n}\n----\n{n}\n";
  }
  TestFile file = ParseTestFile("include " + path + " n=7\nstatement ok\nDROP TABLE t7\n", "f",
                                Dialect::kDuckdb);
  ASSERT_EQ(file.records.size(), 3u);
  EXPECT_EQ(file.records[0].sql, "CREATE TABLE t7(i INTEGER)");
  EXPECT_EQ(file.records[1].sql, "SELECT 7");
  EXPECT_EQ(file.records[1].expected, std::vector<std::string>{"7"});
  EXPECT_EQ(file.records[2].sql, "DROP TABLE t7");
  // A file that cannot be read skips the test, as before.
  EXPECT_EQ(ParseTestFile("include /nonexistent/x.test\n", "f").skip_reason,
            "not met: include (DuckDB's test data and includes) (line 1)");
  std::remove(path.c_str());
}

TEST(TestFileTest, DuckdbConditionsOnLoopVariables) {
  TestFile file = ParseTestFile(
      "loop i 0 3\n"
      "onlyif i=1\nstatement ok\nA\n\n"
      "skipif i>=2&&i<>5\nstatement ok\nB\n\n"
      "endloop\n",
      "f.test", Dialect::kDuckdb);
  const std::vector<Record>& body = file.records[0].body;
  ASSERT_EQ(body.size(), 2u);
  ASSERT_EQ(body[0].conditions.size(), 1u);
  EXPECT_TRUE(body[0].conditions[0].only_if);
  EXPECT_EQ(body[0].conditions[0].variable, "i");
  EXPECT_EQ(body[0].conditions[0].op, "=");
  EXPECT_EQ(body[0].conditions[0].value, "1");
  ASSERT_EQ(body[1].conditions.size(), 2u);
  EXPECT_EQ(body[1].conditions[0].op, ">=");
  EXPECT_EQ(body[1].conditions[1].op, "<>");
  EXPECT_EQ(body[1].conditions[1].value, "5");
  // Outside the DuckDB dialect "i=1" is an engine name like any other.
  TestFile teal = ParseTestFile("onlyif i=1\nstatement ok\nA\n", "f.test");
  EXPECT_EQ(teal.records[0].conditions[0].engine, "i=1");
}

TEST(TestFileTest, DuckdbDirectives) {
  TestFile file = ParseTestFile(
      "set ignore_error_messages HTTP Error, Could not establish\n\n"
      "set seed 0.5\n\n"
      "reset label q1\n\n"
      "test-env TEAL_NO_SUCH_VARIABLE_FOR_TESTS fallback\n\n"
      "concurrentloop i 0 2\nstatement ok\nSELECT 1\n\nendloop\n\n"
      "foreach t <signed> !bigint\ncontinue\n\nendloop\n",
      "f.test", Dialect::kDuckdb);
  ASSERT_EQ(file.records.size(), 6u);
  EXPECT_EQ(file.records[0].kind, Record::Kind::kIgnoreErrors);
  EXPECT_EQ(file.records[0].values,
            (std::vector<std::string>{"HTTP Error", "Could not establish"}));
  EXPECT_EQ(file.records[1].kind, Record::Kind::kStatement);
  EXPECT_EQ(file.records[1].sql, "SELECT setseed(0.5)");
  EXPECT_EQ(file.records[2].kind, Record::Kind::kResetLabel);
  EXPECT_EQ(file.records[2].label, "q1");
  EXPECT_EQ(file.records[3].kind, Record::Kind::kSetEnv);
  EXPECT_EQ(file.records[3].values, (std::vector<std::string>{"fallback"}));
  EXPECT_EQ(file.records[4].kind, Record::Kind::kConcurrentLoop);
  EXPECT_EQ(file.records[5].values,
            (std::vector<std::string>{"tinyint", "smallint", "integer", "hugeint"}));
  EXPECT_EQ(file.records[5].body[0].kind, Record::Kind::kContinue);
  EXPECT_THROW(ParseTestFile("continue\n", "f.test"), TestFileError);
  EXPECT_THROW(ParseTestFile("set frobnicate 1\n", "f.test"), TestFileError);
  // always_fail_error_messages makes no record (and so leaves the ignore list alone).
  EXPECT_TRUE(ParseTestFile("set always_fail_error_messages X\n", "f.test").records.empty());
}

TEST(TestFileTest, DuckdbQueryHeaderReadsAsDuckdbsRunnerDoes) {
  TestFile file = ParseTestFile(
      "query I sort r1\nSELECT 1\n\n"
      "query I none\nSELECT 1\n\n"
      "query I noresult seed_0\nSELECT 1\n\n"
      "query I nosort label extra words\nSELECT 1\n",
      "f.test", Dialect::kDuckdb);
  ASSERT_EQ(file.records.size(), 4u);
  EXPECT_EQ(file.records[0].sort, SortMode::kRow);
  EXPECT_EQ(file.records[0].label, "r1");
  EXPECT_EQ(file.records[1].sort, SortMode::kNone);
  // Not a sort mode: a connection name, then the label.
  EXPECT_EQ(file.records[2].connection, "noresult");
  EXPECT_EQ(file.records[2].label, "seed_0");
  EXPECT_EQ(file.records[3].label, "label");
  EXPECT_TRUE(file.records[3].connection.empty());
  // Teal's own files keep the strict header.
  EXPECT_THROW(ParseTestFile("query I nosort label con extra\nSELECT 1\n", "f.test"),
               TestFileError);
}

}  // namespace teal::sqllogic
