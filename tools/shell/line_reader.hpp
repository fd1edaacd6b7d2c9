// tools/shell/line_reader.hpp — interactive line input through GNU readline.
//
// Owns readline's global state (history, key bindings, the SIGINT handler while a line is
// being read), so at most one LineReader may exist at a time. History is kept in memory
// and, when $HOME is set, loaded from and saved to ~/.teal_history; failures to read or
// write that file are ignored, as a shell without history still works.
#pragma once

#include <optional>
#include <string>

namespace teal::shell {

class LineReader {
 public:
  /// `main_prompt` (a string literal: it is kept) is shown again after Ctrl-C.
  explicit LineReader(const char* main_prompt);
  ~LineReader();  // saves the history file
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  /// Shows `prompt` and returns the line typed, without its newline; nullopt at end of
  /// input (Ctrl-D on an empty line). Ctrl-C abandons the line being edited and starts a
  /// new one at the main prompt; Interrupted() then says so until the next call, and the
  /// caller should drop any statement pending from earlier lines.
  std::optional<std::string> ReadLine(const char* prompt);
  bool Interrupted() const { return interrupted_; }

 private:
  std::string history_path_;
  std::string last_entry_;  // to skip consecutive duplicates in the history
  bool interrupted_ = false;
};

}  // namespace teal::shell
