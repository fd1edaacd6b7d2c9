// tools/shell/statement_splitter.hpp — cuts shell input into complete SQL statements.
//
// The shell reads a line at a time, but a statement may span lines and a line may hold
// several statements. A statement ends at a `;` that is outside every quoted or commented
// region: strings (E'…' with backslash escapes), quoted identifiers, dollar quotes, and
// -- and nested /* */ comments, by the rules of parser/sql_scanner.hpp, which the engine's
// own statement splitter follows too. The splitter keeps the scanner's state between Feed
// calls, so each byte is scanned once. Not thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parser/sql_scanner.hpp"

namespace teal::shell {

class StatementSplitter {
 public:
  /// Appends `text` to the pending input (the caller adds the newline it stripped) and
  /// returns every statement it completes, each ending with its `;`, leading whitespace
  /// removed. Statements holding only whitespace and comments are dropped.
  std::vector<std::string> Feed(std::string_view text);

  /// True when the next line continues pending input: it holds something other than
  /// whitespace and comments, or ends inside a block comment. The shell then shows the
  /// continuation prompt and does not treat a leading `.` as a dot command.
  bool InStatement() const {
    return has_content_ || scanner_.Current() == SqlScanner::Region::kBlockComment;
  }

  /// Ends the input: returns the unterminated rest as a statement (without a `;`), or an
  /// empty string when it holds only whitespace and comments. Resets the splitter.
  std::string Finish();

  /// Discards pending input (after Ctrl-C).
  void Reset();

 private:
  // Remembers where to rescan on the next Feed; returns `complete` for Feed to return.
  std::vector<std::string> Suspend(size_t resume_at, std::vector<std::string>&& complete);
  // Returns the statement buffer_[0, end) trimmed, and drops it from buffer_.
  std::string TakeStatement(size_t end);

  std::string buffer_;  // input since the end of the last complete statement
  size_t pos_ = 0;      // bytes of buffer_ already scanned
  SqlScanner scanner_;
  bool has_content_ = false;
};

/// Splits a whole text (e.g. `teal -c`) into its statements, the unterminated tail last.
std::vector<std::string> SplitStatements(std::string_view text);

}  // namespace teal::shell
