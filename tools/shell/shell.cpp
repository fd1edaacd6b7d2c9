// tools/shell/shell.cpp — the input loop and the dot commands.
#include "shell.hpp"

#include <fmt/format.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <istream>
#include <ostream>

#include "line_reader.hpp"
#include "main/client_context.hpp"
#include "teal/connection.hpp"
#include "teal/error.hpp"
#include "teal/result.hpp"

namespace teal::shell {
namespace {

constexpr const char* kPrompt = "teal> ";
constexpr const char* kContinuationPrompt = "  ...> ";

constexpr std::string_view kHelp =
    ".exit               Exit the shell (also .quit or Ctrl-D)\n"
    ".help               Show this message\n"
    ".mode [MODE]        Set the output mode: box (default), csv, tsv or line;\n"
    "                    without MODE, show the current one\n"
    ".quit               Exit the shell\n"
    ".schema [TABLE]     Show the CREATE statements of every type and table, or of TABLE\n"
    ".tables             List the tables\n"
    ".timer on|off       Show the run time of each statement\n";

// Ctrl-C while a statement runs (or its result prints) interrupts the statement: the
// handler only sets the connection's interrupt flag, a lock-free atomic store, which is
// safe in a signal handler. Outside statements the previous disposition is back (at the
// prompt, LineReader's own handler clears the line).
Connection* g_running = nullptr;

extern "C" void InterruptRunning(int) {
  if (Connection* connection = g_running) connection->Interrupt();
}

/// Routes SIGINT to the running statement for the guard's lifetime.
class InterruptGuard {
 public:
  explicit InterruptGuard(Connection& connection) {
    g_running = &connection;
    struct sigaction action = {};
    action.sa_handler = InterruptRunning;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // output writes carry on; the engine notices the flag
    sigaction(SIGINT, &action, &previous_);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &previous_, nullptr);
    g_running = nullptr;
  }
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction previous_ = {};
};

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view TrimLeft(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  return text;
}

}  // namespace

std::vector<std::string> SplitDotCommand(std::string_view line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (true) {
    while (i < line.size() && IsSpace(line[i])) i++;
    if (i >= line.size()) break;
    std::string word;
    if (line[i] == '\'' || line[i] == '"') {
      const char quote = line[i++];
      while (i < line.size() && line[i] != quote) word += line[i++];
      i++;  // the closing quote, if any
    } else {
      while (i < line.size() && !IsSpace(line[i])) word += line[i++];
    }
    words.push_back(std::move(word));
  }
  return words;
}

Shell::Shell(Connection& connection, std::ostream& out, std::ostream& err)
    : connection_(connection), out_(out), err_(err) {}

bool Shell::ProcessLine(std::string_view line) {
  if (!splitter_.InStatement()) {
    std::string_view trimmed = TrimLeft(line);
    if (!trimmed.empty() && trimmed.front() == '.') return RunDotCommand(trimmed);
  }
  std::string text(line);
  text.push_back('\n');
  for (const std::string& statement : splitter_.Feed(text)) RunStatement(statement);
  return true;
}

void Shell::FinishInput() {
  std::string rest = splitter_.Finish();
  if (!rest.empty()) RunStatement(rest);
}

void Shell::RunStatement(const std::string& sql) {
  const auto start = std::chrono::steady_clock::now();
  InterruptGuard interrupt(connection_);
  try {
    Result result = connection_.Query(sql);
    if (result.ReturnsRows()) {
      PrintResult(result, mode_, out_);
    }
  } catch (const Error& error) {
    ReportError(error.Describe());
  } catch (const std::exception& error) {
    // The API throws only teal::Error; this is the shell's own failure (std::bad_alloc
    // while formatting, say), reported as the statement's rather than ending the shell.
    ReportError(error.what());
  }
  if (timer_) {
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    out_ << fmt::format("Run Time: real {:.3f}s\n", elapsed.count());
  }
  out_.flush();
}

void Shell::ReportError(std::string_view message) {
  had_error_ = true;
  out_.flush();  // keep output and errors in order on a shared terminal
  err_ << "Error: " << message << '\n';
  err_.flush();
}

bool Shell::RunDotCommand(std::string_view line) {
  const std::vector<std::string> words = SplitDotCommand(line);
  const std::string& command = words.front();
  const size_t args = words.size() - 1;
  if (command == ".quit" || command == ".exit") return false;
  if (command == ".help") {
    out_ << kHelp;
  } else if (command == ".mode") {
    if (args == 0) {
      out_ << "current output mode: " << OutputModeName(mode_) << '\n';
    } else if (args > 1) {
      ReportError("usage: .mode [box|csv|tsv|line]");
    } else if (auto mode = ParseOutputMode(words[1])) {
      mode_ = *mode;
    } else {
      ReportError(fmt::format("unknown mode \"{}\"; use box, csv, tsv or line", words[1]));
    }
  } else if (command == ".timer") {
    if (args == 1 && (words[1] == "on" || words[1] == "off")) {
      timer_ = words[1] == "on";
    } else {
      ReportError("usage: .timer on|off");
    }
  } else if (command == ".tables") {
    if (args != 0) {
      ReportError("usage: .tables");
    } else {
      try {
        out_ << FormatColumns(ConnectionContext(connection_).TableNames());
      } catch (const Error& error) {
        ReportError(error.Describe());
      } catch (const std::exception& error) {
        ReportError(error.what());  // e.g. std::bad_alloc listing the catalog
      }
    }
  } else if (command == ".schema") {
    if (args > 1) {
      ReportError("usage: .schema [TABLE]");
    } else {
      try {
        if (args == 0) {
          for (const std::string& statement :
               ConnectionContext(connection_).AllSchemaStatements()) {
            out_ << statement << '\n';
          }
        } else {
          out_ << ConnectionContext(connection_).TableSchema(words[1]) << '\n';
        }
      } catch (const Error& error) {
        ReportError(error.Describe());
      } catch (const std::exception& error) {
        ReportError(error.what());  // e.g. std::bad_alloc listing the catalog
      }
    }
  } else {
    ReportError(fmt::format("unknown command \"{}\"; enter \".help\" for usage hints", command));
  }
  out_.flush();
  return true;
}

int Shell::RunStream(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!ProcessLine(line)) return had_error_ ? 1 : 0;
  }
  FinishInput();
  return had_error_ ? 1 : 0;
}

int Shell::RunText(std::string_view text) {
  while (true) {
    const size_t newline = text.find('\n');
    if (!ProcessLine(text.substr(0, newline))) return had_error_ ? 1 : 0;
    if (newline == std::string_view::npos) break;
    text.remove_prefix(newline + 1);
  }
  FinishInput();
  return had_error_ ? 1 : 0;
}

int Shell::RunInteractive() {
  LineReader reader(kPrompt);
  out_ << "teal — enter \".help\" for usage hints.\n";
  out_.flush();
  while (true) {
    std::optional<std::string> line =
        reader.ReadLine(splitter_.InStatement() ? kContinuationPrompt : kPrompt);
    if (!line) {
      out_ << '\n';  // leave the terminal on a fresh line after Ctrl-D
      break;
    }
    if (reader.Interrupted()) splitter_.Reset();
    if (!ProcessLine(*line)) break;
  }
  return 0;
}

}  // namespace teal::shell
