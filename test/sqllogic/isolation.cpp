// test/sqllogic/isolation.cpp — fork, pipe, poll and waitpid for RunIsolated.
#include "sqllogic/isolation.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>

namespace teal::sqllogic {

namespace {

// Writes all of `data`; gives up silently if the parent is gone.
void WriteAll(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    data += n;
    size -= static_cast<size_t>(n);
  }
}

// Turns the byte stream from the child back into messages.
class FrameReader {
 public:
  explicit FrameReader(const std::function<void(char, const std::string&)>& on_message)
      : on_message_(on_message) {}

  void Feed(const char* data, size_t size) {
    pending_.append(data, size);
    size_t at = 0;
    while (pending_.size() - at >= 5) {
      uint32_t length = 0;
      for (int i = 0; i < 4; i++) {
        length |= uint32_t(static_cast<unsigned char>(pending_[at + 1 + i])) << (8 * i);
      }
      if (pending_.size() - at - 5 < length) break;
      on_message_(pending_[at], pending_.substr(at + 5, length));
      at += 5 + length;
    }
    pending_.erase(0, at);
  }

 private:
  const std::function<void(char, const std::string&)>& on_message_;
  std::string pending_;
};

}  // namespace

IsolatedOutcome RunIsolated(const std::function<int(const MessageSender&)>& work,
                            std::chrono::milliseconds timeout,
                            const std::function<void(char, const std::string&)>& on_message) {
  IsolatedOutcome outcome;
  int fds[2];
  if (pipe(fds) != 0) {
    outcome.end = IsolatedOutcome::End::kNotStarted;
    outcome.error = fmt::format("pipe: {}", std::strerror(errno));
    return outcome;
  }
  // Buffered output would otherwise be written twice, once by each process.
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    outcome.end = IsolatedOutcome::End::kNotStarted;
    outcome.error = fmt::format("fork: {}", std::strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return outcome;
  }

  if (pid == 0) {
    close(fds[0]);
    int fd = fds[1];
    MessageSender send = [fd](char tag, std::string_view payload) {
      char header[5];
      header[0] = tag;
      auto length = static_cast<uint32_t>(payload.size());
      for (int i = 0; i < 4; i++) header[1 + i] = static_cast<char>(length >> (8 * i));
      WriteAll(fd, header, sizeof(header));
      WriteAll(fd, payload.data(), payload.size());
    };
    int code;
    try {
      code = work(send);
    } catch (const std::exception& e) {
      send('X', e.what());
      code = 3;
    } catch (...) {
      send('X', "unknown exception");
      code = 3;
    }
    std::fflush(nullptr);
    // _exit: the parent's atexit handlers and static destructors are not the child's.
    _exit(code);
  }

  close(fds[1]);
  FrameReader reader(on_message);
  auto deadline = std::chrono::steady_clock::now() + timeout;
  bool timed_out = false;
  char buffer[65536];
  while (true) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timed_out = true;
      break;
    }
    pollfd pfd{fds[0], POLLIN, 0};
    int ready = poll(&pfd, 1, static_cast<int>(std::min<int64_t>(left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) continue;  // the deadline check above decides
    ssize_t n = read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // EOF: the child exited (or closed the pipe)
    reader.Feed(buffer, static_cast<size_t>(n));
  }
  close(fds[0]);
  if (timed_out) kill(pid, SIGKILL);

  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    outcome.end = IsolatedOutcome::End::kTimedOut;
  } else if (WIFSIGNALED(status)) {
    outcome.end = IsolatedOutcome::End::kSignaled;
    outcome.signal = WTERMSIG(status);
  } else {
    outcome.end = IsolatedOutcome::End::kExited;
    outcome.exit_code = WEXITSTATUS(status);
  }
  return outcome;
}

}  // namespace teal::sqllogic
