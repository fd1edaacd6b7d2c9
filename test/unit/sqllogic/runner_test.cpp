// TestRunner semantics on a scripted fake backend, so they hold whatever the engine can do.
#include "sqllogic/runner.hpp"

#include <gtest/gtest.h>

#include <map>

#include "common/md5.hpp"

namespace teal::sqllogic {

namespace {

// Answers SQL from a script; unknown SQL fails as a parser error. Records every call.
class FakeBackend : public Backend {
 public:
  void Answer(const std::string& sql, std::vector<Value> values, uint64_t columns = 1) {
    ExecResult result;
    result.columns = columns;
    result.values = std::move(values);
    script_[sql] = result;
  }
  void Reject(const std::string& sql, std::string described, std::string what, bool bug = false) {
    ExecResult result;
    result.ok = false;
    result.error = std::move(described);
    result.error_what = std::move(what);
    result.bug = bug;
    script_[sql] = result;
  }

  ExecResult Execute(const std::string& connection, const std::string& sql) override {
    calls.push_back(connection.empty() ? sql : connection + ": " + sql);
    auto it = script_.find(sql);
    if (it != script_.end()) return it->second;
    ExecResult result;
    result.ok = false;
    result.error = "Parser Error: unscripted " + sql;
    result.error_what = "unscripted " + sql;
    return result;
  }
  void Reconnect() override { calls.push_back("reconnect"); }

  std::vector<std::string> calls;

 private:
  std::map<std::string, ExecResult> script_;
};

struct RunOutcome {
  uint64_t failures;
  std::vector<std::string> reports;
};

RunOutcome RunText(FakeBackend& backend, const std::string& text, RunnerOptions options = {}) {
  RunOutcome out;
  Dialect dialect = options.dialect;
  TestRunner runner(backend, std::move(options),
                    [&](const std::string& report) { out.reports.push_back(report); });
  out.failures = runner.Run(ParseTestFile(text, "t.test", dialect));
  return out;
}

std::vector<Value> Ints(std::initializer_list<int32_t> ints) {
  std::vector<Value> values;
  for (int32_t i : ints) values.push_back(Value::Integer(i));
  return values;
}

}  // namespace

TEST(RunnerTest, PassingStatementsAndQueriesReportNothing) {
  FakeBackend backend;
  backend.Answer("CREATE TABLE t(i INTEGER)", {}, 0);
  backend.Answer("SELECT i FROM t", Ints({3, 1, 2}));
  RunOutcome out = RunText(backend,
                           "statement ok\nCREATE TABLE t(i INTEGER)\n\n"
                           "query I rowsort\nSELECT i FROM t\n----\n1\n2\n3\n");
  EXPECT_EQ(out.failures, 0u);
  EXPECT_TRUE(out.reports.empty());
}

TEST(RunnerTest, WrongResultReportsFileLineSqlExpectedAndGot) {
  FakeBackend backend;
  backend.Answer("SELECT 1", Ints({1}));
  RunOutcome out = RunText(backend, "\nquery I\nSELECT 1\n----\n2\n");
  ASSERT_EQ(out.failures, 1u);
  const std::string& report = out.reports[0];
  EXPECT_EQ(report.rfind("t.test:2: wrong result", 0), 0u) << report;
  EXPECT_NE(report.find("SELECT 1"), std::string::npos);
  EXPECT_NE(report.find("expected '2', got '1'"), std::string::npos) << report;
}

TEST(RunnerTest, StatementExpectationsAreChecked) {
  FakeBackend backend;
  backend.Answer("SELECT 1", Ints({1}));
  backend.Reject("SELECT x", "Binder Error: column \"x\" not found", "column \"x\" not found");
  RunOutcome out = RunText(backend,
                           "statement ok\nSELECT x\n\n"                                 // fails
                           "statement error\nSELECT 1\n\n"                              // fails
                           "statement error\nSELECT x\n----\nBinder Error: column\n\n"  // passes
                           "statement error\nSELECT x\n----\nnot found\n\n"      // passes (what)
                           "statement error\nSELECT x\n----\nCatalog Error\n\n"  // fails
                           "statement maybe\nSELECT x\n\n"                       // passes
                           "statement maybe\nSELECT 1\n\n");                     // passes
  EXPECT_EQ(out.failures, 3u);
  ASSERT_EQ(out.reports.size(), 3u);
  EXPECT_NE(out.reports[0].find("t.test:1:"), std::string::npos);
  EXPECT_NE(out.reports[1].find("t.test:4:"), std::string::npos);
  EXPECT_NE(out.reports[2].find("wrong error message"), std::string::npos);
}

TEST(RunnerTest, InternalErrorsAreNotExpectedErrorsUnlessNamed) {
  FakeBackend backend;
  backend.Reject("SELECT boom", "Internal Error: check failed", "check failed", /*bug=*/true);
  EXPECT_EQ(RunText(backend, "statement error\nSELECT boom\n").failures, 1u);
  EXPECT_EQ(RunText(backend, "statement error\nSELECT boom\n----\nInternal Error\n").failures, 0u);
}

TEST(RunnerTest, ColumnCountMustMatchTheTypeLetters) {
  FakeBackend backend;
  backend.Answer("SELECT 1, 2", Ints({1, 2}), 2);
  RunOutcome out = RunText(backend, "query I\nSELECT 1, 2\n----\n1\t2\n");
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("2 columns"), std::string::npos) << out.reports[0];
}

TEST(RunnerTest, SkipifAndOnlyifMatchTealPostgresqlAndTheEngineOption) {
  FakeBackend backend;
  RunText(backend,
          "skipif teal\nstatement ok\nA\n\n"
          "skipif postgresql\nstatement ok\nB\n\n"
          "onlyif mysql\nstatement ok\nC\n\n"
          "skipif mysql\nstatement ok\nD\n\n"
          "onlyif teal\nstatement ok\nE\n\n"
          "onlyif duckdb\nstatement ok\nF\n\n");
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"D", "E"}));

  FakeBackend with_engine;
  RunnerOptions options;
  options.engines.push_back("duckdb");
  RunText(with_engine, "onlyif duckdb\nstatement ok\nF\n", options);
  EXPECT_EQ(with_engine.calls, (std::vector<std::string>{"F"}));
}

TEST(RunnerTest, LoopsSubstituteVariablesInSqlAndResults) {
  FakeBackend backend;
  for (int i = 0; i < 2; i++) {
    for (const char* t : {"a", "b"}) {
      backend.Answer("SELECT " + std::to_string(i) + ", '" + t + "'",
                     {Value::Integer(i), Value::Varchar(t)}, 2);
    }
  }
  RunOutcome out = RunText(backend,
                           "loop i 0 2\n"
                           "foreach t a b\n"
                           "query IT\nSELECT ${i}, '${t}'\n----\n${i}\t${t}\n\n"
                           "endloop\n"
                           "endloop\n");
  EXPECT_EQ(out.failures, 0u) << (out.reports.empty() ? "" : out.reports[0]);
  EXPECT_EQ(backend.calls.size(), 4u);
}

TEST(RunnerTest, HaltStopsAndModeSkipSkips) {
  FakeBackend backend;
  RunText(backend,
          "statement ok\nA\n\n"
          "mode skip\n\nstatement ok\nB\n\nmode unskip\n\n"
          "onlyif mysql\nhalt\n\n"
          "statement ok\nC\n\n"
          "loop i 0 3\nstatement ok\nD${i}\n\nhalt\n\nendloop\n"
          "statement ok\nE\n\n");
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"A", "C", "D0"}));

  // Skips nest: two skips need two unskips.
  FakeBackend nested;
  RunText(nested,
          "mode skip\n\nmode skip\n\nmode unskip\n\nstatement ok\nA\n\nmode unskip\n\n"
          "statement ok\nB\n");
  EXPECT_EQ(nested.calls, (std::vector<std::string>{"B"}));
}

TEST(RunnerTest, NamedConnectionsAndReconnectReachTheBackend) {
  FakeBackend backend;
  RunText(backend, "statement maybe con1\nA\n\nquery I con2\nB\n----\n\nreconnect\n");
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"con1: A", "con2: B", "reconnect"}));
}

TEST(RunnerTest, LabelledQueriesMustAgree) {
  FakeBackend backend;
  backend.Answer("SELECT a", Ints({1, 2}));
  backend.Answer("SELECT b", Ints({2, 1}));
  backend.Answer("SELECT c", Ints({1, 3}));
  std::string hash = Md5::HexOf("1\n2\n");
  RunOutcome out = RunText(backend,
                           "query I nosort x\nSELECT a\n----\n1\n2\n\n"
                           "query I rowsort x\nSELECT b\n----\n2 values hashing to " +
                               hash +
                               "\n\n"
                               "query I nosort x\nSELECT c\n----\n1\n3\n");
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("t.test:12:"), std::string::npos) << out.reports[0];
  EXPECT_NE(out.reports[0].find("label"), std::string::npos);
}

TEST(RunnerTest, WrongResultAboveHashThresholdShowsTheHash) {
  FakeBackend backend;
  backend.Answer("SELECT a", Ints({1, 2, 3}));
  RunOutcome out = RunText(backend, "hash-threshold 2\n\nquery I\nSELECT a\n----\n1\n2\n4\n");
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("3 values hashing to " + Md5::HexOf("1\n2\n3\n")),
            std::string::npos)
      << out.reports[0];
}

namespace {

RunnerOptions Duckdb() {
  RunnerOptions options;
  options.dialect = Dialect::kDuckdb;
  options.engines = {"duckdb", "teal"};
  return options;
}

}  // namespace

TEST(RunnerTest, DuckdbConditionsOnLoopVariablesAndContinue) {
  FakeBackend backend;
  RunOutcome out = RunText(backend,
                           "loop i 0 4\n"
                           "onlyif i=1\nstatement maybe\nA{i}\n\n"
                           "skipif i<2\nstatement maybe\nB{i}\n\n"
                           "onlyif i>=3\ncontinue\n\n"
                           "statement maybe\nC{i}\n\n"
                           "endloop\n",
                           Duckdb());
  EXPECT_EQ(out.failures, 0u) << (out.reports.empty() ? "" : out.reports[0]);
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"C0", "A1", "C1", "B2", "C2", "B3"}));
}

TEST(RunnerTest, DuckdbForeachWithSeveralNames) {
  FakeBackend backend;
  RunText(backend,
          "foreach a,b 1,x 2,y\nstatement maybe\n{a}:${b}\n\nonlyif b=y\nstatement maybe\nY\n\n"
          "endloop\n",
          Duckdb());
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"1:x", "2:y", "Y"}));
}

TEST(RunnerTest, ConcurrentLoopFailsTheFileWhenTheBackendCannotFork) {
  FakeBackend backend;
  RunOutcome out = RunText(backend,
                           "statement maybe\nA\n\n"
                           "concurrentloop i 0 2\nstatement maybe\nB\n\nendloop\n\n"
                           "statement maybe\nC\n",
                           Duckdb());
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("not implemented: this backend cannot run a concurrentloop"),
            std::string::npos)
      << out.reports[0];
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"A"}));
}

TEST(RunnerTest, IgnoredErrorMessagesMakeTheFileASkip) {
  FakeBackend backend;
  backend.Reject("A", "IO Error: HTTP Error: 404", "HTTP Error: 404");
  TestRunner runner(backend, Duckdb(), [](const std::string&) {});
  uint64_t failures = runner.Run(
      ParseTestFile("set ignore_error_messages HTTP Error\n\nstatement ok\nA\n\nstatement ok\nB\n",
                    "t.test", Dialect::kDuckdb));
  EXPECT_EQ(failures, 0u);
  EXPECT_NE(runner.SkipReason().find("HTTP Error"), std::string::npos);
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"A"}));
}

TEST(RunnerTest, KnownFailureLinesAreCountedAndMustKeepFailing) {
  FakeBackend backend;
  backend.Answer("SELECT a", Ints({1}));
  backend.Answer("SELECT b", Ints({2}));
  const std::string text = "query I\nSELECT a\n----\n9\n\nquery I\nSELECT b\n----\n2\n";
  RunnerOptions options;
  options.known_failure_lines = {1};
  TestRunner runner(backend, options, [](const std::string&) {});
  EXPECT_EQ(runner.Run(ParseTestFile(text, "t.test")), 0u);
  EXPECT_EQ(runner.KnownFailures(), 1u);

  // The record at line 6 passes: listing it is itself a failure.
  options.known_failure_lines = {1, 6};
  RunOutcome out = RunText(backend, text, options);
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("t.test:6: listed as a known failure but did not fail"),
            std::string::npos)
      << out.reports[0];
}

TEST(RunnerTest, ReverseUnorderedFindsQueriesThatDependOnRowOrder) {
  FakeBackend backend;
  backend.Answer("SELECT a FROM t", Ints({1, 2}));
  backend.Answer("SELECT a FROM t ORDER BY a", Ints({1, 2}));
  const std::string text =
      "query I\nSELECT a FROM t\n----\n1\n2\n\n"
      "query I rowsort\nSELECT a FROM t\n----\n1\n2\n\n"
      "query I\nSELECT a FROM t ORDER BY a\n----\n1\n2\n";
  EXPECT_EQ(RunText(backend, text).failures, 0u);
  RunnerOptions options;
  options.reverse_unordered = true;
  RunOutcome out = RunText(backend, text, options);
  ASSERT_EQ(out.failures, 1u);
  EXPECT_NE(out.reports[0].find("t.test:1:"), std::string::npos) << out.reports[0];
}

TEST(RunnerTest, DuckdbLabelledQueriesCompareOnlyTheLabel) {
  FakeBackend backend;
  backend.Answer("SELECT a", Ints({1, 2}));
  backend.Answer("SELECT b", Ints({1, 3}));
  // DuckDB ignores a labelled query's values; Teal's own files check both.
  const std::string text =
      "query I nosort x\nSELECT a\n----\n\nreset label x\n\nquery I nosort x\nSELECT b\n----\n";
  EXPECT_EQ(RunText(backend, text, Duckdb()).failures, 0u);
  EXPECT_EQ(RunText(backend, text).failures, 2u);
  const std::string differ = "query I nosort x\nSELECT a\n----\n\nquery I nosort x\nSELECT b\n";
  EXPECT_EQ(RunText(backend, differ, Duckdb()).failures, 1u);
}

TEST(RunnerTest, EnvironmentAndTestEnvSubstitute) {
  FakeBackend backend;
  RunnerOptions options = Duckdb();
  options.environment["TEST_DIR"] = "/tmp/x";
  RunText(backend,
          "statement maybe\nCOPY t TO '{TEST_DIR}/a.csv'\n\n"
          "statement maybe\nCOPY t TO '__TEST_DIR__/b.csv'\n\n"
          "test-env TEAL_NO_SUCH_VARIABLE_FOR_TESTS dflt\n\n"
          "statement maybe\nSELECT '${TEAL_NO_SUCH_VARIABLE_FOR_TESTS}'\n",
          options);
  EXPECT_EQ(backend.calls, (std::vector<std::string>{"COPY t TO '/tmp/x/a.csv'",
                                                     "COPY t TO '/tmp/x/b.csv'", "SELECT 'dflt'"}));
}

}  // namespace teal::sqllogic
