// bench/compare/main.cpp — teal-compare: the same workloads on Teal, DuckDB and SQLite.
//
//   teal-compare [--runs N] [--duckdb-threads N] [--engines LIST] [--list] [WORKLOAD...]
//                [--tpch-sf X] [--tpch-skip N,N…] [--tpch-timeout-s S] [--tpch-explain]
//
// Output (stdout, TSV): one line per figure, as each variant finishes,
//   <workload> <engine> <variant> <median> <unit>
// (unit "ms" for a whole run, "us" for Q0's microseconds per query), then for each workload
//   speedup <workload> vs-duckdb <X>    speedup <workload> vs-sqlite <Y>
// where X (Y) is the median of DuckDB's (SQLite's) fastest non-control variant divided by
// the median of Teal's row-at-a-time variant: above 1 means Teal is faster. W4 also gets
// "speedup W4/chunk-spans …" for Teal's chunk spans, and Q0 "speedup Q0/prepared …" for
// Teal's prepared statement against the other engine's prepared statement (Q0's plain
// lines compare the text variants: prepared ones count only there). Notes and
// errors go to stderr. A workload name selects itself and its sub-workloads ("W2" runs
// W2-ts, W2-date, W2-tstz; "Q2" Q2a and Q2b). --engines (a comma-separated subset of
// teal,duckdb,sqlite) runs only those engines: check-duckdb-alone.sh skips SQLite's
// minutes-long Q runs with it. TPC-H (TPCH, TPCH-Q01 … TPCH-Q22) runs only when named,
// after the others, on Teal and DuckDB, with its own flags and output (tpch_cases.hpp).
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "data.hpp"
#include "harness.hpp"
#include "tpch_cases.hpp"

namespace bench {
namespace {

int g_failures = 0;

struct Workload {
  const char* name;
  const char* unit;  // of its figures: "ms" per run, or "us" per query (Q0)
  const char* description;
};

constexpr Workload kWorkloads[] = {
    {"W1", "ms", "append 1,000,000 rows x 8 numeric columns (TINYINT..DOUBLE)"},
    {"W2-ts", "ms", "append 1,000,000 rows x 4 TIMESTAMP (std::chrono::sys_time on Teal)"},
    {"W2-date", "ms", "append 1,000,000 rows x 4 DATE (std::chrono::sys_days on Teal)"},
    {"W2-tstz", "ms", "append 1,000,000 rows x 4 TIMESTAMPTZ (std::chrono::sys_time on Teal)"},
    {"W3-short", "ms", "append 500,000 rows x 4 VARCHAR of 5-8 ASCII characters"},
    {"W3-long", "ms", "append 500,000 rows x 4 VARCHAR of 40 ASCII characters"},
    {"W3-georgian", "ms", "append 500,000 rows x 4 VARCHAR of 4 Georgian letters (12 UTF-8 bytes)"},
    {"W4", "ms", "read 1,000,000 rows x 8 INTEGER and sum in the client"},
    {"W5-ts", "ms", "read 1,000,000 rows x 4 TIMESTAMP as sys_time and sum in the client"},
    {"W5-date", "ms", "read 1,000,000 rows x 4 DATE as sys_days and sum in the client"},
    {"W8", "ms", "append 1,000,000 records of 8 std::optional<int32_t> (MappedAppender on Teal)"},
    {"W9", "ms", "append 1,000,000 rows of a LIST of 10 std::optional<int32_t>, one in ten NULL"},
    {"W10", "ms", "append 1,000,000 rows x 4 ENUM columns from a C++ enum"},
    {"W11", "ms", "W1 into a database file, committed durably (W1's variants on files)"},
    {"W6-t1", "us", "file database: 1 connection committing single-row INSERTs, real syncs"},
    {"W6-t4", "us", "file database: 4 connections committing single-row INSERTs, real syncs"},
    {"W6-t8", "us", "file database: 8 connections committing single-row INSERTs, real syncs"},
    {"W6-t1-1ms", "us", "W6-t1 with 1 ms syncs (Teal alone: debug_wal_fsync_sleep_ms)"},
    {"W6-t4-1ms", "us", "W6-t4 with 1 ms syncs (Teal alone)"},
    {"W6-t8-1ms", "us", "W6-t8 with 1 ms syncs (Teal alone)"},
    {"W6-t1-10ms", "us", "W6-t1 with 10 ms syncs (Teal alone)"},
    {"W6-t4-10ms", "us", "W6-t4 with 10 ms syncs (Teal alone)"},
    {"W6-t8-10ms", "us", "W6-t8 with 10 ms syncs (Teal alone)"},
    // Last, so that the W workloads run (and fault their memory in) as they did before.
    {"Q0", "us", "the fixed cost of a trivial query (SELECT 42), text and prepared, per query"},
    {"Q1", "ms", "SELECT sum(c1)+...+sum(c8) over W4's 1,000,000 rows x 8 INTEGER: one value"},
    // lookups.hpp: prepared lookups by primary key in a 1,000,000-row table, per query.
    {"L1-point", "us", "SELECT v FROM lk WHERE id = ?: one row by its primary key"},
    {"L1-in", "us", "SELECT sum(v) FROM lk WHERE id IN (100 parameters): 100 rows"},
    {"L1-range", "us", "SELECT sum(v) FROM lk WHERE id BETWEEN ? AND ?: 1,001 rows"},
    // Issue 10's query shapes on f (10M rows) and d (1M rows), queries.hpp; one loaded
    // database per engine for all seven.
    {"Q2a", "ms", "GROUP BY k1000 of f (10M rows): 1,000 groups x count, sum, avg"},
    {"Q2b", "ms", "GROUP BY k1m of f (10M rows): ~1M groups x sum"},
    {"Q3", "ms", "hash join f (10M probe rows) x d (1M build rows, filter grp < 10): count, sum"},
    {"Q4a", "ms", "ORDER BY k1000, x DESC, id LIMIT 100 of f (10M rows)"},
    {"Q4b", "ms", "ORDER BY k1000, x DESC, id of f: all 10M rows to the client"},
    {"Q5", "ms", "filtered scan of f (10M rows; small < 10 AND x > 250000) + count, sum"},
    {"Q6", "ms", "count(DISTINCT k1m) of f (10M rows, ~1M distinct values)"},
    {"Q7", "ms", "range of f's ids (1% of its 10M rows, in row order) + count, sum"},
    {"WIN1", "ms",
     "sum(x) OVER (PARTITION BY k1000 ORDER BY id ROWS 10 PRECEDING) of f: 10M rows to the client"},
    {"WIN2", "ms", "row_number() and rank() OVER (PARTITION BY k1000 ORDER BY x) of f: 10M rows"},
    {"RCTE", "ms", "WITH RECURSIVE walk of g (1M edges, 500,000 nodes) from node 0 to depth 20"},
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// A name selects itself, "W2" its W2-… workloads, "Q2" Q2a and Q2b (one more lowercase
/// letter).
bool Selected(const std::string& name, const std::vector<std::string>& wanted) {
  if (wanted.empty()) return true;
  for (const auto& w : wanted) {
    if (name == w || name.rfind(w + "-", 0) == 0) return true;
    if (name.size() == w.size() + 1 && name.rfind(w, 0) == 0 && name.back() >= 'a' &&
        name.back() <= 'z') {
      return true;
    }
  }
  return false;
}

std::vector<std::shared_ptr<void>> g_shared_databases;

struct Figure {
  std::string engine;
  Role role;
  double median;
};

/// Compares Teal's `teal_role` variant with `other`'s `other_role` variant when given, else
/// with its fastest variant that is neither a control nor a prepared statement (those are
/// compared with Teal's prepared statement only, as text is with text).
void PrintSpeedup(const std::string& label, const std::vector<Figure>& figures, Role teal_role,
                  const char* other, const char* column,
                  std::optional<Role> other_role = std::nullopt) {
  std::optional<double> teal, best;
  for (const auto& f : figures) {
    if (f.engine == "teal" && f.role == teal_role) teal = f.median;
    bool compared =
        other_role ? f.role == *other_role : f.role != Role::kControl && f.role != Role::kPrepared;
    if (f.engine == other && compared) {
      best = best ? std::min(*best, f.median) : f.median;
    }
  }
  if (teal && best) std::printf("speedup\t%s\t%s\t%.2f\n", label.c_str(), column, *best / *teal);
}

int Main(int argc, char** argv) {
  int runs = 5;
  // 0: not given; DuckDbVariants then uses 1 for W*, Q0, Q1 (as Teal and SQLite: one
  // thread; bench/README.md says why) and DuckDB's default for Q2a..Q6 (issue 10).
  int duckdb_threads = 0;
  std::vector<std::string> engines = {"teal", "duckdb", "sqlite"};
  std::vector<std::string> wanted;
  TpchOptions tpch;
  std::set<int> tpch_queries;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    int tpch_query = 0;
    if (arg == "--list") {
      for (const auto& w : kWorkloads) std::printf("%s\t%s\n", w.name, w.description);
      for (const auto& line : TpchWorkloadList()) std::printf("%s\n", line.c_str());
      return 0;
    } else if (arg == "--tpch-sf" && i + 1 < argc) {
      tpch.scale_factor = std::atof(argv[++i]);
      if (!(tpch.scale_factor > 0)) {
        std::fprintf(stderr, "teal-compare: --tpch-sf needs a positive scale factor\n");
        return 2;
      }
    } else if (arg == "--tpch-timeout-s" && i + 1 < argc) {
      tpch.timeout_s = std::atof(argv[++i]);
      if (!(tpch.timeout_s > 0)) {
        std::fprintf(stderr, "teal-compare: --tpch-timeout-s needs a positive time\n");
        return 2;
      }
    } else if (arg == "--tpch-explain") {
      tpch.explain = true;
    } else if (arg == "--tpch-skip" && i + 1 < argc) {
      tpch.skip.emplace();
      if (!ParseQueryList(argv[++i], *tpch.skip)) {
        std::fprintf(stderr, "teal-compare: --tpch-skip takes query numbers 1-22, as 4,19\n");
        return 2;
      }
    } else if (ParseTpchWorkload(arg, tpch_query)) {
      for (int n = 1; n <= 22; n++) {
        if (tpch_query == 0 || tpch_query == n) tpch_queries.insert(n);
      }
      wanted.push_back(arg);  // selects no other workload: "TPCH" alone runs TPC-H alone
    } else if (arg == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
      if (runs < 1) {
        std::fprintf(stderr, "teal-compare: --runs needs a positive count\n");
        return 2;
      }
    } else if (arg == "--duckdb-threads" && i + 1 < argc) {
      duckdb_threads = std::atoi(argv[++i]);
      if (duckdb_threads < 1) {
        std::fprintf(stderr, "teal-compare: --duckdb-threads needs a positive count\n");
        return 2;
      }
    } else if (arg == "--engines" && i + 1 < argc) {
      engines.clear();
      std::string list = argv[++i];
      for (size_t start = 0; start <= list.size();) {
        size_t comma = std::min(list.find(',', start), list.size());
        std::string engine = list.substr(start, comma - start);
        if (engine != "teal" && engine != "duckdb" && engine != "sqlite") {
          std::fprintf(stderr, "teal-compare: unknown engine \"%s\" (teal, duckdb, sqlite)\n",
                       engine.c_str());
          return 2;
        }
        engines.push_back(engine);
        start = comma + 1;
      }
    } else if (arg == "--help" || arg == "-h" || (!arg.empty() && arg[0] == '-')) {
      std::fprintf(stderr,
                   "usage: teal-compare [--runs N] [--duckdb-threads N] [--engines LIST] [--list] "
                   "[WORKLOAD...]\n"
                   "                    [--tpch-sf X] [--tpch-skip N,N...] [--tpch-timeout-s S] "
                   "[--tpch-explain]\n");
      return arg[0] == '-' && arg != "--help" && arg != "-h" ? 2 : 0;
    } else {
      bool known = false;
      for (const auto& w : kWorkloads) known |= Selected(w.name, {arg});
      if (!known) {
        std::fprintf(stderr, "teal-compare: unknown workload %s (see --list)\n", arg.c_str());
        return 2;
      }
      wanted.push_back(arg);
    }
  }

  auto runs_engine = [&](const char* engine) {
    return std::find(engines.begin(), engines.end(), engine) != engines.end();
  };
  std::string why;
  const DuckDbApi* duckdb = runs_engine("duckdb") ? LoadDuckDb(argv[0], why) : nullptr;
  std::string threads = duckdb_threads ? std::to_string(duckdb_threads)
                                       : "1; Q2a..Q6: DuckDB's default, the number of cores";
  if (duckdb) {
    std::fprintf(stderr,
                 "teal-compare: DuckDB %s (threads = %s), %d runs after one warm-up, median in "
                 "each workload's unit\n",
                 duckdb->library_version(), threads.c_str(), runs);
  } else if (runs_engine("duckdb")) {
    std::fprintf(stderr, "teal-compare: DuckDB skipped: %s\n", why.c_str());
  }

  std::map<std::string, std::vector<Figure>> results;
  std::vector<std::string> order;
  for (const auto& w : kWorkloads) {
    if (!Selected(w.name, wanted)) continue;
    // W11 is W1's variants, each on a database file.
    const bool on_files = std::string(w.name) == "W11";
    const std::string as = on_files ? "W1" : w.name;
    SetFileDatabases(on_files);
    std::vector<Variant> variants;
    if (runs_engine("teal")) variants = TealVariants(as);
    if (duckdb) {
      auto more = DuckDbVariants(*duckdb, as, duckdb_threads);
      variants.insert(variants.end(), more.begin(), more.end());
    }
    if (runs_engine("sqlite")) {
      auto more = SqliteVariants(as);
      variants.insert(variants.end(), more.begin(), more.end());
    }

    order.push_back(w.name);
    for (const auto& v : variants) {
      try {
        RunFn run = v.setup();
        if (!run) continue;  // the variant said on stderr why it does not run
        run(true);
        std::vector<double> times;
        for (int r = 0; r < runs; r++) times.push_back(run(false));
        double median = Median(times);
        std::printf("%s\t%s\t%s\t%.2f\t%s\n", w.name, v.engine.c_str(), v.name.c_str(), median,
                    w.unit);
        std::fflush(stdout);
        results[w.name].push_back({v.engine, v.role, median});
      } catch (const std::exception& e) {
        g_failures++;
        std::fprintf(stderr, "error: %s %s %s: %s\n", w.name, v.engine.c_str(), v.name.c_str(),
                     e.what());
      }
    }
    SetFileDatabases(false);
  }
  RemoveFileDatabases();

  for (const auto& name : order) {
    const auto& figures = results[name];
    PrintSpeedup(name, figures, Role::kTealRow, "duckdb", "vs-duckdb");
    PrintSpeedup(name, figures, Role::kTealRow, "sqlite", "vs-sqlite");
    auto has = [&](Role role) {
      return std::any_of(figures.begin(), figures.end(),
                         [role](const Figure& f) { return f.role == role; });
    };
    if (has(Role::kTealSpans)) {
      PrintSpeedup(name + "/chunk-spans", figures, Role::kTealSpans, "duckdb", "vs-duckdb");
      PrintSpeedup(name + "/chunk-spans", figures, Role::kTealSpans, "sqlite", "vs-sqlite");
    }
    if (has(Role::kTealPrepared)) {
      // Prepared against prepared: each skips parsing and planning, so this compares what
      // is left of a query (execution and reading the result).
      PrintSpeedup(name + "/prepared", figures, Role::kTealPrepared, "duckdb", "vs-duckdb",
                   Role::kPrepared);
      PrintSpeedup(name + "/prepared", figures, Role::kTealPrepared, "sqlite", "vs-sqlite",
                   Role::kPrepared);
    }
  }
  ReleaseSharedDatabases();
  if (!tpch_queries.empty()) {
    tpch.runs = runs;
    if (duckdb_threads) tpch.duckdb_threads = duckdb_threads;  // else DuckDB's default
    g_failures += RunTpch(duckdb, tpch, {tpch_queries.begin(), tpch_queries.end()});
  }
  if (g_failures) std::fprintf(stderr, "teal-compare: %d error(s)\n", g_failures);
  return g_failures ? 1 : 0;
}

}  // namespace

void Check(const std::string& what, int64_t got, int64_t want) {
  if (got != want) {
    g_failures++;
    std::fprintf(stderr, "error: %s: got %lld, want %lld\n", what.c_str(),
                 static_cast<long long>(got), static_cast<long long>(want));
  }
}

void Check(const std::string& what, uint64_t got, uint64_t want) {
  if (got != want) {
    g_failures++;
    std::fprintf(stderr, "error: %s: got %llu, want %llu\n", what.c_str(),
                 static_cast<unsigned long long>(got), static_cast<unsigned long long>(want));
  }
}

namespace {
std::string g_file_folder;  // W11's scratch folder, once made
bool g_file_databases = false;
int g_file_count = 0;
}  // namespace

void SetFileDatabases(bool on) { g_file_databases = on; }

std::string FileDatabasePath(const char* engine) {
  return g_file_databases ? ScratchPath(engine) : std::string();
}

std::string ScratchPath(const char* engine) {
  if (g_file_folder.empty()) {
    g_file_folder =
        (std::filesystem::temp_directory_path() / ("teal-compare-" + std::to_string(::getpid())))
            .string();
    std::filesystem::create_directories(g_file_folder);
  }
  return g_file_folder + "/" + engine + "-" + std::to_string(g_file_count++) + ".db";
}

void RemoveFileDatabases() {
  if (!g_file_folder.empty()) std::filesystem::remove_all(g_file_folder);
}

double TimeCommits(int threads,
                   const std::function<int64_t(int thread, const std::atomic<bool>& stop)>& loop) {
  std::atomic<bool> stop{false};
  std::atomic<int64_t> commits{0};
  std::vector<std::thread> workers;
  Stopwatch sw;
  for (int t = 0; t < threads; t++) {
    workers.emplace_back([&, t] { commits += loop(t, stop); });
  }
  std::this_thread::sleep_for(std::chrono::duration<double>(kCommitSeconds));
  stop = true;
  for (auto& worker : workers) worker.join();
  const double ms = sw.Ms();
  return commits.load() ? ms * 1000 / static_cast<double>(commits.load()) : ms * 1000;
}

std::optional<CommitWorkload> ParseCommitWorkload(const std::string& workload) {
  CommitWorkload out;
  char unit[8] = {};
  if (std::sscanf(workload.c_str(), "W6-t%d-%d%2s", &out.threads, &out.sleep_ms, unit) == 3 &&
      std::string(unit) == "ms") {
    return out;
  }
  out.sleep_ms = 0;
  int consumed = 0;
  if (std::sscanf(workload.c_str(), "W6-t%d%n", &out.threads, &consumed) == 1 &&
      consumed == static_cast<int>(workload.size())) {
    return out;
  }
  return std::nullopt;
}

void KeepUntilEnd(std::shared_ptr<void> database) {
  g_shared_databases.push_back(std::move(database));
}
void ReleaseSharedDatabases() { g_shared_databases.clear(); }

int64_t ExpectedIntSum() {
  static const int64_t sum = [] {
    int64_t s = 0;
    for (const auto& r : IntRows()) s += std::accumulate(r.begin(), r.end(), int64_t{0});
    return s;
  }();
  return sum;
}

uint64_t ExpectedTimestampSum() {
  static const uint64_t sum = [] {
    uint64_t s = 0;
    for (const auto& r : TimestampRows()) {
      for (auto t : r) s += static_cast<uint64_t>(t.time_since_epoch().count());
    }
    return s;
  }();
  return sum;
}

int64_t ExpectedDateSum() {
  static const int64_t sum = [] {
    int64_t s = 0;
    for (const auto& r : DateRows()) {
      for (auto d : r) s += d.time_since_epoch().count();
    }
    return s;
  }();
  return sum;
}

}  // namespace bench

int main(int argc, char** argv) { return bench::Main(argc, argv); }
