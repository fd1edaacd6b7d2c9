// tools/shell/statement_splitter.hpp — cuts shell input into complete SQL statements.
//
// The shell reads a line at a time, but a statement may span lines and a line may hold
// several statements. A statement ends at a `;` that is outside every quoted or commented
// region the PostgreSQL grammar knows:
//   'string'  with '' as an escaped quote; E'string' also treats \x as an escape
//   "identifier"  with "" as an escaped quote
//   -- comment to end of line
//   /* block comment */  nested, as in PostgreSQL
//   $tag$ dollar-quoted string $tag$  (tag empty or an identifier not starting with a digit)
// The splitter keeps its lexer state between Feed calls, so each byte is scanned once.
// Not thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

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
  bool InStatement() const { return has_content_ || state_ == State::kBlockComment; }

  /// Ends the input: returns the unterminated rest as a statement (without a `;`), or an
  /// empty string when it holds only whitespace and comments. Resets the splitter.
  std::string Finish();

  /// Discards pending input (after Ctrl-C).
  void Reset();

 private:
  enum class State {
    kNormal,
    kSingleQuote,
    kEscapeString,  // E'...': backslash escapes the next character
    kDoubleQuote,
    kLineComment,
    kBlockComment,
    kDollarQuote,
  };

  // Remembers where to rescan on the next Feed; returns `complete` for Feed to return.
  std::vector<std::string> Suspend(size_t resume_at, std::vector<std::string>&& complete);
  // Returns the statement buffer_[0, end) trimmed, and drops it from buffer_.
  std::string TakeStatement(size_t end);

  std::string buffer_;  // input since the end of the last complete statement
  size_t pos_ = 0;      // bytes of buffer_ already scanned
  State state_ = State::kNormal;
  int comment_depth_ = 0;   // nesting of block comments
  std::string dollar_tag_;  // "$tag$" closing the current dollar quote
  bool has_content_ = false;
};

/// Splits a whole text (e.g. `teal -c`) into its statements, the unterminated tail last.
std::vector<std::string> SplitStatements(std::string_view text);

}  // namespace teal::shell
