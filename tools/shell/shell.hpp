// tools/shell/shell.hpp — the shell's input loop: statements, dot commands, output.
//
// Input arrives a line at a time, from readline or any stream. A line starting with `.`
// when no statement is pending is a dot command; everything else is SQL, cut into
// complete statements by StatementSplitter and run one at a time, so each statement's
// result is printed even when several share a line. Not thread-safe.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "renderer.hpp"
#include "statement_splitter.hpp"

namespace teal {
class Connection;
}

namespace teal::shell {

class Shell {
 public:
  /// `connection` must outlive the shell. Results go to `out`, errors to `err`.
  Shell(Connection& connection, std::ostream& out, std::ostream& err);

  /// Handles one line of input (without its newline). Returns false when a dot command
  /// asked to quit; the caller stops reading.
  bool ProcessLine(std::string_view line);
  /// Ends the input: runs a pending statement that lacks its `;`.
  void FinishInput();
  /// Discards a pending partial statement (Ctrl-C at the prompt).
  void DiscardInput() { splitter_.Reset(); }
  /// True when the next line continues a statement (for the continuation prompt).
  bool InStatement() const { return splitter_.InStatement(); }
  /// True once any statement or dot command has failed.
  bool HadError() const { return had_error_; }

  /// Reads `in` to its end (or .quit) without prompts. Returns the exit code: 1 when
  /// something failed, else 0.
  int RunStream(std::istream& in);
  /// Runs `text` as if it were the whole input (`teal -c`). Returns the exit code.
  int RunText(std::string_view text);
  /// The readline loop with prompts and history. Returns the exit code (0).
  int RunInteractive();

 private:
  void RunStatement(const std::string& sql);
  // Returns false for .quit/.exit.
  bool RunDotCommand(std::string_view line);
  void ReportError(std::string_view message);

  Connection& connection_;
  std::ostream& out_;
  std::ostream& err_;
  StatementSplitter splitter_;
  OutputMode mode_ = OutputMode::kBox;
  bool timer_ = false;
  bool had_error_ = false;
};

/// Splits a dot command into words: whitespace separates them, and '…' or "…" quote a
/// word holding spaces. The first word is the command itself (".mode").
std::vector<std::string> SplitDotCommand(std::string_view line);

}  // namespace teal::shell
