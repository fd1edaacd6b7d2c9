// test/sqllogic/isolation.hpp — running a piece of work in a forked child with a timeout.
//
// The child sends tagged messages to the parent through a pipe; each message is a
// frame: one tag byte, a 4-byte little-endian length, then the payload. The parent
// waits on the pipe with poll() until the child closes it (by exiting) or the deadline
// passes, then kills the child if needed and reaps it. Messages sent before a crash
// still arrive, so a crash mid-file keeps the failures reported before it.
//
// Call from a single-threaded process: fork() copies only the calling thread.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace teal::sqllogic {

/// Sends one message to the parent. Valid only inside the child's work function.
using MessageSender = std::function<void(char tag, std::string_view payload)>;

struct IsolatedOutcome {
  enum class End {
    kExited,      // the child exited; exit_code is its status
    kSignaled,    // the child died of signal `signal`
    kTimedOut,    // the deadline passed; the child was killed
    kNotStarted,  // pipe() or fork() failed; `error` says why
  };
  End end = End::kExited;
  int exit_code = 0;
  int signal = 0;
  std::string error;
};

/// Runs `work` in a forked child and returns how it ended. `work` returns the child's
/// exit code; an exception escaping it is sent as a message tagged 'X' and exits 3.
/// `on_message` is called in the parent, in order, for every message the child sends.
IsolatedOutcome RunIsolated(const std::function<int(const MessageSender&)>& work,
                            std::chrono::milliseconds timeout,
                            const std::function<void(char, const std::string&)>& on_message);

}  // namespace teal::sqllogic
