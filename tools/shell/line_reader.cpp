// tools/shell/line_reader.cpp — LineReader on GNU readline.
//
// Ctrl-C: while a line is read, SIGINT only sets a flag (the one async-signal-safe thing
// to do). The handler is installed without SA_RESTART, so readline's read() fails with
// EINTR and readline calls rl_signal_event_hook in ordinary context; the hook empties
// the line and redraws the main prompt on a fresh line. Outside ReadLine the previous
// disposition is back; while a statement runs, the shell routes Ctrl-C to
// Connection::Interrupt (shell.cpp).
#include "line_reader.hpp"

#include <readline/history.h>
#include <readline/readline.h>

#include <csignal>
#include <cstdlib>

namespace teal::shell {
namespace {

constexpr int kMaxHistory = 1000;

volatile std::sig_atomic_t g_interrupted = 0;
const char* g_main_prompt = "";

extern "C" void OnSigint(int) { g_interrupted = 1; }

int OnSignalEvent() {
  if (g_interrupted) {
    rl_replace_line("", 0);
    rl_crlf();
    rl_on_new_line();
    rl_set_prompt(g_main_prompt);
    rl_redisplay();
  }
  return 0;
}

}  // namespace

LineReader::LineReader(const char* main_prompt) {
  g_main_prompt = main_prompt;
  rl_readline_name = "teal";
  rl_catch_signals = 0;
  rl_signal_event_hook = OnSignalEvent;
  // TAB inserts itself: readline's default filename completion is noise in SQL.
  rl_bind_key('\t', rl_insert);
  stifle_history(kMaxHistory);
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    history_path_ = std::string(home) + "/.teal_history";
    (void)read_history(history_path_.c_str());
  }
}

LineReader::~LineReader() {
  if (!history_path_.empty()) (void)write_history(history_path_.c_str());
}

std::optional<std::string> LineReader::ReadLine(const char* prompt) {
  g_interrupted = 0;
  struct sigaction action = {};
  struct sigaction previous = {};
  action.sa_handler = OnSigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: see the top of the file
  sigaction(SIGINT, &action, &previous);
  char* raw = readline(prompt);
  sigaction(SIGINT, &previous, nullptr);
  interrupted_ = g_interrupted != 0;
  if (raw == nullptr) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (!line.empty() && line != last_entry_) {
    add_history(line.c_str());
    last_entry_ = line;
  }
  return line;
}

}  // namespace teal::shell
