// teal-crash-writer DB THREADS: the process the kill -9 test (kill_test.cpp) kills. Each of
// THREADS connections commits transactions of two rows (t, i, 0) and (t, i, 1) into table
// w, i counting on from what the database holds, and after each COMMIT returns writes
// "t i\n" to standard output (one write call, so the reader never sees half a line).
// Connection 0 also checkpoints every 40 commits; the log threshold is small, so
// automatic checkpoints happen too. Runs until killed.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: teal-crash-writer DB THREADS\n");
    return 2;
  }
  try {
    teal::Database db(argv[1]);
    const int threads = std::atoi(argv[2]);
    {
      teal::Connection con(db);
      con.Execute(
          "CREATE TABLE IF NOT EXISTS w (t INTEGER, i INTEGER, part INTEGER, "
          "PRIMARY KEY (t, i, part))");
      con.Execute("SET checkpoint_threshold = '256KB'");
    }
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; t++) {
      writers.emplace_back([&db, t] {
        teal::Connection con(db);
        auto next =
            con.Query("SELECT coalesce(max(i) + 1, 0) FROM w WHERE t = " + std::to_string(t))
                .GetValue(0, 0)
                .GetStored<int32_t>();
        for (int i = next;; i++) {
          const std::string row = std::to_string(t) + ", " + std::to_string(i);
          con.Execute("BEGIN; INSERT INTO w VALUES (" + row + ", 0); INSERT INTO w VALUES (" + row +
                      ", 1); COMMIT");
          const std::string ack = std::to_string(t) + " " + std::to_string(i) + "\n";
          if (::write(STDOUT_FILENO, ack.data(), ack.size()) != static_cast<ssize_t>(ack.size())) {
            std::_Exit(3);
          }
          if (t == 0 && i % 40 == 39) con.Execute("CHECKPOINT");
        }
      });
    }
    for (auto& writer : writers) writer.join();
  } catch (const teal::Error& error) {
    std::fprintf(stderr, "teal-crash-writer: %s\n", error.what());
    return 1;
  }
}
