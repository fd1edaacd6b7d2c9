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
  TestRunner runner(backend, std::move(options),
                    [&](const std::string& report) { out.reports.push_back(report); });
  out.failures = runner.Run(ParseTestFile(text, "t.test"));
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

}  // namespace teal::sqllogic
