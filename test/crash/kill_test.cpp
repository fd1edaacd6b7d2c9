// Kill -9: a writer process (writer.cpp) with several connections committing is killed
// with SIGKILL at a moment chosen by how many commits it has acknowledged (a random
// number each round, so the kill lands anywhere: mid-commit, mid-sync, mid-checkpoint),
// over and over on one database file. After each kill the database reopens and holds
// every acknowledged commit, each transaction whole or not at all, each connection's
// commits as an unbroken prefix, and passes PRAGMA integrity_check.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <random>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"

extern char** environ;

namespace teal {
namespace {

constexpr int kThreads = 4;

/// Starts the writer on `path`; its standard output comes to `*out`.
pid_t StartWriter(const std::string& path, int* out) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return -1;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  const std::string threads = std::to_string(kThreads);
  char* argv[] = {const_cast<char*>(TEAL_CRASH_WRITER), const_cast<char*>(path.c_str()),
                  const_cast<char*>(threads.c_str()), nullptr};
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, TEAL_CRASH_WRITER, &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    return -1;
  }
  *out = pipe_fds[0];
  return pid;
}

TEST(KillTest, AWriterKilledAtRandomMomentsLosesNoAcknowledgedCommit) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("teal-kill-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "kill.teal").string();
  std::mt19937 random(20261202);
  std::map<int, int> acknowledged;  // thread -> last i it acknowledged
  int rounds = 0;
  for (; rounds < 100; rounds++) {
    int out = -1;
    const pid_t pid = StartWriter(path, &out);
    ASSERT_GT(pid, 0) << "could not start " << TEAL_CRASH_WRITER;
    // Kill once this many more commits are acknowledged.
    const int kill_after = std::uniform_int_distribution<int>(1, 120)(random);
    int seen = 0;
    std::string pending;
    char buffer[4096];
    bool killed = false;
    while (true) {
      const ssize_t n = ::read(out, buffer, sizeof(buffer));
      if (n <= 0) break;  // the writer is gone
      pending.append(buffer, static_cast<size_t>(n));
      for (size_t line; (line = pending.find('\n')) != std::string::npos;) {
        int t = 0, i = 0;
        ASSERT_EQ(std::sscanf(pending.c_str(), "%d %d", &t, &i), 2) << pending;
        acknowledged[t] = std::max(acknowledged.count(t) ? acknowledged[t] : -1, i);
        pending.erase(0, line + 1);
        seen++;
      }
      if (!killed && seen >= kill_after) {
        ::kill(pid, SIGKILL);
        killed = true;  // read on: acknowledgements already in the pipe count too
      }
    }
    ::close(out);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
        << "the writer ended by itself (status " << status << ") in round " << rounds;

    Database db(path);
    Connection con(db);
    Result partial = con.Query(
        "SELECT t, i FROM w GROUP BY t, i HAVING count(*) <> 2 OR count(DISTINCT part) <> 2");
    ASSERT_EQ(partial.RowCount(), 0u) << "a transaction is partly there, round " << rounds;
    Result per_thread = con.Query("SELECT t, max(i), count(DISTINCT i) FROM w GROUP BY t");
    std::map<int, int> last;
    for (idx_t r = 0; r < per_thread.RowCount(); r++) {
      const int t = per_thread.GetValue(0, r).GetStored<int32_t>();
      const int max_i = per_thread.GetValue(1, r).GetStored<int32_t>();
      ASSERT_EQ(per_thread.GetValue(2, r).GetStored<int64_t>(), max_i + 1)
          << "thread " << t << "'s commits have a gap, round " << rounds;
      last[t] = max_i;
    }
    for (const auto& [t, i] : acknowledged) {
      ASSERT_TRUE(last.count(t) && last[t] >= i)
          << "thread " << t << " acknowledged commit " << i << " but the database ends at "
          << (last.count(t) ? last[t] : -1) << ", round " << rounds;
    }
    ASSERT_EQ(con.Query("PRAGMA integrity_check").GetValue(0, 0).ToString(), "ok");
  }
  std::printf("kill -9: %d rounds, %d connections, commits acknowledged per connection up to %d\n",
              rounds, kThreads, acknowledged.empty() ? 0 : acknowledged.begin()->second);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace teal
