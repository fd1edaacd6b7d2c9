// bench/compare/harness.hpp — what teal-compare's engines provide: timed variants.
//
// A workload (W1, W2-ts …) is run on each engine in one or more variants (DuckDB's
// appender and its chunk API, Teal's Reader and its chunk spans …). A variant's setup
// does the untimed preparation — a read workload loads its table there — and returns
// the run function; main calls it once to warm up (with verify = true: the run checks
// what it wrote or summed against the expected values) and then `runs` times, and
// reports the median. A run times only the work the workload names, with a Stopwatch;
// an append run drops and creates its table (in the variant's one database, see
// AppendSchema) before starting it. Figures are in
// the workload's unit (main.cpp's table): ms for a whole run, µs per query for Q0.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "duckdb_api.hpp"

namespace bench {

/// One timed run; returns the time of its timed part in the workload's unit.
using RunFn = std::function<double(bool verify)>;
/// Untimed preparation of a variant; returns its run function.
using SetupFn = std::function<RunFn()>;

enum class Role {
  kPlain,
  kTealRow,       // Teal's row-at-a-time variant: what the speedup lines compare
  kTealSpans,     // Teal's chunk spans: gets its own speedup line (W4's second target)
  kTealPrepared,  // Teal's prepared statement: gets its own speedup line against kPrepared
  kPrepared,      // another engine's prepared statement: compared with kTealPrepared only
  kControl,       // a figure for reference, never "the fastest variant" of its engine
};

struct Variant {
  std::string engine;  // "teal", "duckdb", "sqlite"
  std::string name;
  Role role;
  SetupFn setup;
};

/// The table of an append workload. Each engine opens one database per variant and runs
/// `types` there once (untimed; may be empty, else a CREATE TYPE), and before every run
/// drops the previous run's table and runs `table` (untimed), so that every run of every
/// engine starts from the same state: a database that has held the table before.
struct AppendSchema {
  std::string types;
  std::string table;
};

class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  double Ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_)
        .count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

// Q0: the fixed cost of a query, whose result is one INTEGER row. A run executes it
// kTrivialQueries times (one query takes microseconds: too short to time alone).
inline constexpr const char* kTrivialSql = "SELECT 42";
inline constexpr int64_t kTrivialValue = 42;
inline constexpr int kTrivialQueries = 2000;

// Q1: an aggregate over W4's table, computed in the engine; the client reads one value.
// sum(INTEGER) is HUGEINT in Teal and DuckDB, a 64-bit integer in SQLite.
inline constexpr const char* kSumSql =
    "SELECT sum(c1)+sum(c2)+sum(c3)+sum(c4)+sum(c5)+sum(c6)+sum(c7)+sum(c8) FROM t";

/// Reports `what` on stderr as an error unless got == want; main exits non-zero after
/// any mismatch. The sums are checked so that no read loop can be optimised away.
void Check(const std::string& what, int64_t got, int64_t want);
void Check(const std::string& what, uint64_t got, uint64_t want);

/// Times kTrivialQueries calls of `query` (one execution of kTrivialSql, returning its
/// value) and returns the microseconds per query. Every value is compared with
/// kTrivialValue in the loop (one compare, nothing next to a query's microseconds) so no
/// read can be optimised away; the mismatches are reported after the timing.
template <typename Query>
double TimeTrivialQueries(const std::string& what, Query query) {
  int64_t wrong = 0;
  Stopwatch sw;
  for (int i = 0; i < kTrivialQueries; i++) wrong += query() != kTrivialValue;
  double us = sw.Ms() * 1000 / kTrivialQueries;
  Check(what + ": values other than 42", wrong, int64_t{0});
  return us;
}

// Q2a..Q6 (queries.hpp) run on one loaded database per engine, shared by the seven
// workloads of a process run: loading 10M rows takes seconds (into SQLite much longer).
// The first Q variant of an engine to be set up loads it and hands it to KeepUntilEnd;
// later ones find it there. main releases them all once every workload has run.
void KeepUntilEnd(std::shared_ptr<void> database);
void ReleaseSharedDatabases();

// Expected sums of the read workloads, computed from the generated data (data.hpp) once.
int64_t ExpectedIntSum();         // W4, Q1: all 8 columns
uint64_t ExpectedTimestampSum();  // W5-ts: micros of all 4 columns, wrapping
int64_t ExpectedDateSum();        // W5-date: days of all 4 columns
// The append workloads check every value instead: digest.hpp.

// W11 runs W1's variants on database files: while it runs, FileDatabasePath gives every
// database an engine opens a fresh file (in a scratch folder removed at exit); otherwise
// it is empty and databases are in memory. A file database's commit is durable: Teal's
// and DuckDB's write-ahead logs sync, SQLite runs in WAL mode with synchronous = FULL.
// Before each run (untimed, after the table is made again) every engine checkpoints its
// file (CHECKPOINT; SQLite: wal_checkpoint(TRUNCATE)), so that no run pays for the last
// one's data: a run times the appends and the durable commit, and whatever the engine
// does before that commit returns (DuckDB checkpoints a log past 16 MB there; Teal
// checkpoints on a thread of its own afterwards).
void SetFileDatabases(bool on);
std::string FileDatabasePath(const char* engine);
/// A fresh file path in the scratch folder, whatever the workload (W6's databases).
std::string ScratchPath(const char* engine);
void RemoveFileDatabases();

// W6: group commit. Each of `threads` threads runs `commit_loop(thread, stop)` (open its
// own connection on a shared file database, then commit one single-row INSERT after
// another until `stop`, returning how many), for kCommitSeconds; returns the
// microseconds per commit of all threads together (lower is better, as for the other
// figures; commits per second = 1e6 / it).
inline constexpr double kCommitSeconds = 1.0;
double TimeCommits(int threads,
                   const std::function<int64_t(int thread, const std::atomic<bool>& stop)>& loop);
/// W6's workloads: W6-t1, W6-t4, W6-t8 (real syncs, every engine) and, Teal alone, the
/// same with -1ms and -10ms (each sync takes that long: debug_wal_fsync_sleep_ms).
struct CommitWorkload {
  int threads = 0;
  int sleep_ms = 0;
};
std::optional<CommitWorkload> ParseCommitWorkload(const std::string& workload);

// The variants each engine runs for `workload`; none when it does not take part.
std::vector<Variant> TealVariants(const std::string& workload);
/// `threads`: DuckDB's `threads` setting for every database it opens, or 0 when not given:
/// then 1 for the W workloads, Q0 and Q1, and DuckDB's own default (the number of cores)
/// for Q2a..Q6, as issue 10 asks.
std::vector<Variant> DuckDbVariants(const DuckDbApi& api, const std::string& workload, int threads);
std::vector<Variant> SqliteVariants(const std::string& workload);

}  // namespace bench
