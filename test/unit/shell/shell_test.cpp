// Shell: the input loop and dot commands, on an in-memory database.
#include "shell.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <sstream>
#include <thread>

#include "teal/teal.hpp"

namespace teal::shell {
namespace {

class ShellTest : public ::testing::Test {
 protected:
  // Runs `input` as `teal -c` would and returns the exit code.
  int Run(std::string_view input) { return shell_.RunText(input); }

  Database database_;
  Connection connection_{database_};
  std::ostringstream out_;
  std::ostringstream err_;
  Shell shell_{connection_, out_, err_};
};

TEST_F(ShellTest, EveryStatementOnALinePrintsItsResult) {
  EXPECT_EQ(Run(".mode csv\nSELECT 1 AS a; SELECT 2 AS b;"), 0);
  EXPECT_EQ(out_.str(), "a\n1\nb\n2\n");
  EXPECT_EQ(err_.str(), "");
}

TEST_F(ShellTest, StatementSpanningLinesRunsOnceComplete) {
  EXPECT_EQ(Run(".mode csv\nSELECT\n  42\n  AS answer\n;"), 0);
  EXPECT_EQ(out_.str(), "answer\n42\n");
}

TEST_F(ShellTest, UnterminatedLastStatementRunsAtTheEnd) {
  EXPECT_EQ(Run(".mode csv\nSELECT 7 AS x"), 0);
  EXPECT_EQ(out_.str(), "x\n7\n");
}

TEST_F(ShellTest, StatementsWithoutRowsPrintNothing) {
  EXPECT_EQ(Run("CREATE TABLE t(i INTEGER); INSERT INTO t VALUES (1), (2);"), 0);
  EXPECT_EQ(out_.str(), "");
}

TEST_F(ShellTest, ErrorIsReportedAndLaterStatementsStillRun) {
  EXPECT_EQ(Run(".mode csv\nSELECT no_such_column;\nSELECT 3 AS c;"), 1);
  EXPECT_EQ(err_.str().rfind("Error: ", 0), 0u) << err_.str();
  EXPECT_EQ(out_.str(), "c\n3\n");
  EXPECT_TRUE(shell_.HadError());
}

TEST_F(ShellTest, BoxModeIsTheDefault) {
  EXPECT_EQ(Run("SELECT 42 AS answer;"), 0);
  EXPECT_EQ(out_.str(),
            "┌─────────┐\n"
            "│ answer  │\n"
            "│ integer │\n"
            "├─────────┤\n"
            "│      42 │\n"
            "└─────────┘\n");
}

TEST_F(ShellTest, ModeWithoutArgumentShowsTheCurrentMode) {
  EXPECT_EQ(Run(".mode\n.mode line\n.mode"), 0);
  EXPECT_EQ(out_.str(), "current output mode: box\ncurrent output mode: line\n");
}

TEST_F(ShellTest, UnknownModeAndCommandAreErrorsButTheShellGoesOn) {
  EXPECT_EQ(Run(".mode html\n.bogus\n.mode csv\nSELECT 1 AS a;"), 1);
  EXPECT_EQ(err_.str(),
            "Error: unknown mode \"html\"; use box, csv, tsv or line\n"
            "Error: unknown command \".bogus\"; enter \".help\" for usage hints\n");
  EXPECT_EQ(out_.str(), "a\n1\n");
}

TEST_F(ShellTest, QuitStopsReadingInput) {
  EXPECT_EQ(Run(".quit\nSELECT 1;"), 0);
  EXPECT_EQ(out_.str(), "");
}

TEST_F(ShellTest, DotAtTheStartOfAContinuationLineIsSql) {
  EXPECT_EQ(Run(".mode csv\nSELECT\n.5 AS x;"), 0);
  EXPECT_EQ(out_.str(), "x\n0.5\n");
}

TEST_F(ShellTest, TimerPrintsTheRunTimeAfterEachStatement) {
  EXPECT_EQ(Run(".timer on\nCREATE TABLE t(i INTEGER);\n.timer off\nCREATE TABLE u(i INTEGER);"),
            0);
  EXPECT_EQ(out_.str().rfind("Run Time: real ", 0), 0u) << out_.str();
  EXPECT_EQ(out_.str().find("Run Time", 1), std::string::npos) << out_.str();
  EXPECT_EQ(Run(".timer maybe"), 1);
}

TEST_F(ShellTest, TablesListsTableNamesSorted) {
  EXPECT_EQ(Run("CREATE TABLE b(i INTEGER); CREATE TABLE a(i INTEGER);\n.tables"), 0);
  EXPECT_EQ(out_.str(), "a  b\n");
}

TEST_F(ShellTest, SchemaShowsCreateStatements) {
  EXPECT_EQ(Run("CREATE TABLE t(i INTEGER);\n.schema t"), 0);
  EXPECT_EQ(out_.str().rfind("CREATE TABLE", 0), 0u) << out_.str();
  EXPECT_EQ(out_.str().substr(out_.str().size() - 2), ";\n");
  std::string one = out_.str();
  out_.str("");
  EXPECT_EQ(Run(".schema"), 0);
  EXPECT_EQ(out_.str(), one);
}

TEST_F(ShellTest, SchemaOfAMissingTableIsAnError) {
  EXPECT_EQ(Run(".schema nope"), 1);
  EXPECT_EQ(err_.str().rfind("Error: Catalog Error: ", 0), 0u) << err_.str();
}

TEST(SplitDotCommandTest, WordsAreSeparatedByWhitespaceAndMayBeQuoted) {
  EXPECT_EQ(SplitDotCommand(".schema  \"my table\" 'x y'  z"),
            (std::vector<std::string>{".schema", "my table", "x y", "z"}));
  EXPECT_EQ(SplitDotCommand(".tables"), (std::vector<std::string>{".tables"}));
}

}  // namespace
}  // namespace teal::shell

namespace teal::shell {
namespace {

// Ctrl-C while a statement runs interrupts the statement, not the shell: the SIGINT
// (sent to the process once the query reports progress) becomes Connection::Interrupt,
// the statement reports the interrupt, and the next statement runs.
TEST_F(ShellTest, CtrlCInterruptsTheRunningStatementAndTheShellGoesOn) {
  std::thread sender([this] {
    while (connection_.QueryProgress() <= 0) std::this_thread::yield();
    kill(getpid(), SIGINT);
  });
  EXPECT_EQ(Run(".mode csv\nSELECT count(*) FROM range(100000000000);\nSELECT 5 AS after;"), 1);
  sender.join();
  EXPECT_EQ(err_.str(), "Error: Interrupt Error: the query was interrupted\n");
  EXPECT_EQ(out_.str(), "after\n5\n");
}

}  // namespace
}  // namespace teal::shell
