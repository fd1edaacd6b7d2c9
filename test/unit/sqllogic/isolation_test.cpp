// RunIsolated and RunTestFile: messages, crashes and hangs of the child are contained.
#include "sqllogic/isolation.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "sqllogic/driver.hpp"

namespace teal::sqllogic {

using namespace std::chrono_literals;

namespace {

struct Collected {
  std::vector<std::pair<char, std::string>> messages;
  std::function<void(char, const std::string&)> Sink() {
    return [this](char tag, const std::string& payload) { messages.emplace_back(tag, payload); };
  }
};

}  // namespace

TEST(IsolationTest, MessagesArriveInOrderAndExitCodeIsKept) {
  Collected collected;
  std::string big(200000, 'x');  // larger than a pipe's buffer
  IsolatedOutcome outcome = RunIsolated(
      [&](const MessageSender& send) {
        send('A', "one");
        send('B', big);
        send('C', "");
        return 7;
      },
      10s, collected.Sink());
  EXPECT_EQ(outcome.end, IsolatedOutcome::End::kExited);
  EXPECT_EQ(outcome.exit_code, 7);
  ASSERT_EQ(collected.messages.size(), 3u);
  EXPECT_EQ(collected.messages[0], std::make_pair('A', std::string("one")));
  EXPECT_EQ(collected.messages[1].second.size(), big.size());
  EXPECT_EQ(collected.messages[2], std::make_pair('C', std::string()));
}

TEST(IsolationTest, CrashIsReportedAndEarlierMessagesSurvive) {
  Collected collected;
  IsolatedOutcome outcome = RunIsolated(
      [](const MessageSender& send) {
        send('F', "before the crash");
        // SIGABRT rather than SIGSEGV: AddressSanitizer turns a SIGSEGV into a report and
        // an ordinary exit, but lets an abort through, so the test means the same in
        // every build.
        raise(SIGABRT);
        return 0;
      },
      10s, collected.Sink());
  EXPECT_EQ(outcome.end, IsolatedOutcome::End::kSignaled);
  EXPECT_EQ(outcome.signal, SIGABRT);
  ASSERT_EQ(collected.messages.size(), 1u);
}

TEST(IsolationTest, HangIsKilledAtTheDeadline) {
  Collected collected;
  auto start = std::chrono::steady_clock::now();
  IsolatedOutcome outcome = RunIsolated(
      [](const MessageSender& send) {
        send('F', "started");
        while (true) pause();
        return 0;
      },
      200ms, collected.Sink());
  EXPECT_EQ(outcome.end, IsolatedOutcome::End::kTimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_EQ(collected.messages.size(), 1u);
}

TEST(IsolationTest, ExceptionInTheChildIsSentAsMessage) {
  Collected collected;
  IsolatedOutcome outcome = RunIsolated(
      [](const MessageSender&) -> int { throw std::runtime_error("oops"); }, 10s, collected.Sink());
  EXPECT_EQ(outcome.exit_code, 3);
  ASSERT_EQ(collected.messages.size(), 1u);
  EXPECT_EQ(collected.messages[0], std::make_pair('X', std::string("oops")));
}

namespace {

// A backend that fails, crashes or hangs on command.
class ScriptedBackend : public Backend {
 public:
  ExecResult Execute(const std::string&, const std::string& sql) override {
    if (sql == "CRASH") std::abort();
    if (sql == "HANG") {
      while (true) pause();
    }
    ExecResult result;
    if (sql != "OK") {
      result.ok = false;
      result.error = "Parser Error: " + sql;
    }
    return result;
  }
  void Reconnect() override {}
};

class DriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("teal-sqllogic-test-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_ / "sub");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }

  FileVerdict RunFile(const std::string& path, bool fork = true) {
    DriverOptions options;
    options.timeout = 300ms;
    options.fork = fork;
    printed_.clear();
    return RunTestFile(
        path, options, [] { return std::make_unique<ScriptedBackend>(); },
        [this](const std::string& text) { printed_ += text; });
  }

  std::filesystem::path dir_;
  std::string printed_;
};

}  // namespace

TEST_F(DriverTest, VerdictsForPassFailSkipAndParseError) {
  std::string pass = Write("pass.test", "statement ok\nOK\n");
  EXPECT_EQ(RunFile(pass).Line("p"), "PASS p");
  EXPECT_EQ(RunFile(pass, /*fork=*/false).Line("p"), "PASS p");

  FileVerdict fail = RunFile(Write("fail.test", "statement ok\nBAD\n\nstatement ok\nBAD2\n"));
  EXPECT_EQ(fail.Line("p"), "FAIL p (2 failures)");
  EXPECT_NE(printed_.find("Parser Error: BAD2"), std::string::npos) << printed_;

  EXPECT_EQ(RunFile(Write("skip.test", "require json\n")).status, FileVerdict::Status::kSkip);
  EXPECT_EQ(RunFile(Write("bad.test", "bogus\n")).Line("p"), "FAIL p (1 failure)");
}

TEST_F(DriverTest, CrashAndHangFailTheFileWithTheFailuresBefore) {
  FileVerdict crash = RunFile(Write("crash.test", "statement ok\nBAD\n\nstatement ok\nCRASH\n"));
  EXPECT_EQ(crash.status, FileVerdict::Status::kFail);
  EXPECT_EQ(crash.failures, 1u);
  EXPECT_NE(crash.Line("p").find("crashed with signal"), std::string::npos) << crash.Line("p");
  // The report names the SQL that was running.
  EXPECT_NE(printed_.find("while running line 4: CRASH"), std::string::npos) << printed_;

  FileVerdict hang = RunFile(Write("hang.test", "statement ok\nHANG\n"));
  EXPECT_EQ(hang.status, FileVerdict::Status::kFail);
  EXPECT_NE(hang.Line("p").find("timed out"), std::string::npos) << hang.Line("p");
  EXPECT_NE(printed_.find("while running line 1: HANG"), std::string::npos) << printed_;
}

TEST_F(DriverTest, KnownFailuresAndIgnoredErrorsShowInTheVerdict) {
  DriverOptions options;
  options.timeout = 5s;
  options.runner.known_failure_lines = {1};
  auto make = [] { return std::make_unique<ScriptedBackend>(); };
  auto quiet = [](const std::string&) {};
  std::string known = Write("known.test", "statement ok\nBAD\n\nstatement ok\nOK\n");
  EXPECT_EQ(RunTestFile(known, options, make, quiet).Line("p"),
            "PASS p (1 known failure as listed)");

  options.runner.known_failure_lines.clear();
  options.runner.dialect = Dialect::kDuckdb;
  std::string ignored =
      Write("ignored.test", "set ignore_error_messages HTTP\n\nstatement ok\nHTTP 404\n");
  FileVerdict verdict = RunTestFile(ignored, options, make, quiet);
  EXPECT_EQ(verdict.status, FileVerdict::Status::kSkip);
  EXPECT_NE(verdict.reason.find("ignore_error_messages 'HTTP'"), std::string::npos)
      << verdict.reason;
}

TEST_F(DriverTest, FoldersAreSearchedRecursivelyForSortedTestFiles) {
  Write("b.test", "");
  Write("a.test", "");
  Write("notes.txt", "");
  Write("sub/c.test", "");
  std::vector<std::string> files = CollectTestFiles({dir_.string()});
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(files[0], (dir_ / "a.test").string());
  EXPECT_EQ(files[1], (dir_ / "b.test").string());
  EXPECT_EQ(files[2], (dir_ / "sub/c.test").string());
  EXPECT_THROW(CollectTestFiles({(dir_ / "missing").string()}), std::runtime_error);
}

}  // namespace teal::sqllogic
