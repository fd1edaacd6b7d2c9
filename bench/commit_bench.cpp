// teal-bench-commit — group commit throughput on a file database (issue 11's W6 shape, Teal
// alone until teal-compare runs it on all three engines).
//
//   teal-bench-commit [--seconds S] [--sleep-ms M] [--dir DIR] THREADS...
//
// For each THREADS count: a fresh file database in DIR (default /tmp), table
// (id BIGINT, v INTEGER), each thread its own connection doing single-row INSERTs in
// autocommit for S seconds (default 3); with --sleep-ms every WAL sync first sleeps M ms
// (debug_wal_fsync_sleep_ms), otherwise syncs are real. Prints
//   <threads> <commits> <commits per second> <syncs>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "teal/teal.hpp"

int main(int argc, char** argv) {
  double seconds = 3;
  int sleep_ms = 0;
  std::string dir = "/tmp";
  std::vector<int> thread_counts;
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (arg == "--sleep-ms" && i + 1 < argc) {
      sleep_ms = std::atoi(argv[++i]);
    } else if (arg == "--dir" && i + 1 < argc) {
      dir = argv[++i];
    } else {
      thread_counts.push_back(std::atoi(arg.c_str()));
    }
  }
  if (thread_counts.empty()) thread_counts = {1, 4, 8};
  for (int threads : thread_counts) {
    const std::string path = dir + "/teal-bench-commit-" + std::to_string(::getpid()) + ".teal";
    std::filesystem::remove(path);
    std::filesystem::remove(path + ".wal");
    std::atomic<int64_t> commits{0};
    {
      teal::Database db(path);
      teal::Connection setup(db);
      setup.Execute("CREATE TABLE t (id BIGINT, v INTEGER)");
      if (sleep_ms) setup.Execute("SET debug_wal_fsync_sleep_ms = " + std::to_string(sleep_ms));
      std::atomic<bool> stop{false};
      std::vector<std::thread> workers;
      for (int t = 0; t < threads; t++) {
        workers.emplace_back([&, t] {
          teal::Connection con(db);
          auto insert = con.Prepare("INSERT INTO t VALUES ($1, $2)");
          int64_t n = 0;
          while (!stop.load(std::memory_order_relaxed)) {
            insert.Execute(int64_t{t} << 40 | n, static_cast<int32_t>(n));
            n++;
          }
          commits += n;
        });
      }
      std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
      stop = true;
      for (auto& worker : workers) worker.join();
      auto counted = setup.Query("SELECT count(*) FROM t").GetValue(0, 0);
      if (counted != teal::Value::BigInt(commits.load())) {
        std::fprintf(stderr, "error: %s rows for %lld commits\n", counted.ToString().c_str(),
                     static_cast<long long>(commits.load()));
        return 1;
      }
    }
    std::printf("%d\t%lld\t%.0f\n", threads, static_cast<long long>(commits.load()),
                static_cast<double>(commits.load()) / seconds);
    std::fflush(stdout);
    std::filesystem::remove(path);
    std::filesystem::remove(path + ".wal");
  }
  return 0;
}
