// bench/compare/tpch_cases.cpp — TPC-H on Teal and DuckDB: loading the generated rows
// into both (tpch_engines.hpp), checking the loads, running the 22 queries, checking
// Teal's answers against DuckDB's, timing (tpch_cases.hpp has the contract and the output
// format). The answers are turned into text after the timed part, on the warm-up run only.
#include "tpch_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>

#include "harness.hpp"
#include "teal/teal.hpp"
#include "tpch_answer.hpp"
#include "tpch_engines.hpp"
#include "tpch_gen.hpp"
#include "tpch_queries.hpp"
#include "tpch_schema.hpp"

namespace bench {
namespace {

using namespace tpch;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// ---- loading ----------------------------------------------------------------------------

struct LoadTimes {
  double teal_ms = 0, duckdb_ms = 0, total_ms = 0;
};

/// One table being loaded: each batch the generator hands out goes to both engines and
/// into the table's checksum.
template <typename Def>
class TableLoad {
 public:
  TableLoad(const Def& def, TealTpch& teal, DuckTpch* duck, LoadTimes& times)
      : def_(def), times_(times), checksum_(NewChecksum(def)) {
    teal.Exec(def.CreateSql());
    if (duck) duck->Exec(def.CreateSql());
    teal_.emplace(teal, def);
    if (duck) duck_.emplace(*duck, def);
  }
  void operator()(std::span<const RowOf<Def>> rows) {
    Stopwatch teal_time;
    teal_->Append(rows);
    times_.teal_ms += teal_time.Ms();
    if (duck_) {
      Stopwatch duck_time;
      duck_->Append(rows);
      times_.duckdb_ms += duck_time.Ms();
    }
    for (const auto& row : rows) AddToChecksum(def_, row, checksum_);
  }
  TableChecksum Close() {
    Stopwatch teal_time;
    teal_->Close();
    times_.teal_ms += teal_time.Ms();
    if (duck_) {
      Stopwatch duck_time;
      duck_->Close();
      times_.duckdb_ms += duck_time.Ms();
    }
    return checksum_;
  }

 private:
  const Def& def_;
  LoadTimes& times_;
  TableChecksum checksum_;
  std::optional<TealWriter<Def>> teal_;
  std::optional<DuckWriter<Def>> duck_;
};

std::vector<TableChecksum> LoadAll(const Generator& gen, TealTpch& teal, DuckTpch* duck,
                                   LoadTimes& times) {
  Stopwatch total;
  std::vector<TableChecksum> sums;
  auto load = [&](const auto& def, auto generate) {
    TableLoad table(def, teal, duck, times);
    generate([&](auto rows) { table(rows); });
    sums.push_back(table.Close());
  };
  load(kRegionTable, [&](auto sink) { gen.Regions(sink); });
  load(kNationTable, [&](auto sink) { gen.Nations(sink); });
  load(kSupplierTable, [&](auto sink) { gen.Suppliers(sink); });
  load(kPartTable, [&](auto sink) { gen.Parts(sink); });
  load(kPartSuppTable, [&](auto sink) { gen.PartSupps(sink); });
  load(kCustomerTable, [&](auto sink) { gen.Customers(sink); });
  {
    TableLoad orders(kOrderTable, teal, duck, times);
    TableLoad lines(kLineItemTable, teal, duck, times);
    gen.OrdersAndLineItems([&](std::span<const Order> rows) { orders(rows); },
                           [&](std::span<const LineItem> rows) { lines(rows); });
    sums.push_back(orders.Close());
    sums.push_back(lines.Close());
  }
  times.total_ms = total.Ms();
  return sums;
}

/// The row a table's LoadCheckSql must return, as an answer of exact numbers.
Answer ExpectedLoadCheck(const TableChecksum& sum) {
  Answer a;
  auto& row = a.rows.emplace_back();
  auto add = [&](std::string text) {
    a.types.push_back("expected");
    a.kinds.push_back(Kind::kExact);
    row.push_back(std::move(text));
  };
  add(std::to_string(sum.rows));
  for (size_t c = 0; c < sum.sums.size(); c++) {
    int64_t v = sum.sums[c];
    if (!sum.money[c]) {
      add(std::to_string(v));
      continue;
    }
    uint64_t magnitude = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
    char text[40];
    std::snprintf(text, sizeof text, "%s%llu.%02llu", v < 0 ? "-" : "",
                  static_cast<unsigned long long>(magnitude / 100),
                  static_cast<unsigned long long>(magnitude % 100));
    add(text);
  }
  return a;
}

// ---- Teal's queries, capped ------------------------------------------------------------

/// Interrupts the connection's running statement when it outlives its deadline
/// (Connection::Interrupt: the statement fails with InterruptError at its next chunk of
/// work). Arm before a statement, Disarm after it. Not every operator looks for the
/// interrupt often (a nested-loop join finishes first): a statement still running
/// kGraceS seconds after the interrupt ends the process, with an error naming the query,
/// rather than letting the run hang for hours.
class Watchdog {
 public:
  static constexpr double kGraceS = 30;

  explicit Watchdog(teal::Connection& con) : con_(con), thread_([this] { Loop(); }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  void Arm(std::string what, double seconds) {
    std::lock_guard lock(mutex_);
    what_ = std::move(what);
    seconds_ = seconds;
    deadline_ = After(seconds);
    state_ = State::kArmed;
    wake_.notify_all();
  }
  void Disarm() {
    std::lock_guard lock(mutex_);
    state_ = State::kIdle;
  }

 private:
  using Clock = std::chrono::steady_clock;
  enum class State { kIdle, kArmed, kInterrupted };

  static Clock::time_point After(double seconds) {
    return Clock::now() +
           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }

  void Loop() {
    std::unique_lock lock(mutex_);
    while (!stop_) {
      if (state_ == State::kIdle) {
        wake_.wait(lock);
        continue;
      }
      wake_.wait_until(lock, deadline_);
      if (stop_ || state_ == State::kIdle || Clock::now() < deadline_) continue;
      if (state_ == State::kArmed) {
        con_.Interrupt();  // the one Connection method any thread may call
        state_ = State::kInterrupted;
        deadline_ = After(kGraceS);
        continue;
      }
      std::fflush(stdout);
      std::fprintf(stderr,
                   "error: %s teal: still running %.0f s after Connection::Interrupt() (the cap "
                   "is %.0f s): Teal does not stop it, so the run ends here; leave the query "
                   "out with --tpch-skip\n",
                   what_.c_str(), kGraceS, seconds_);
      std::fflush(stderr);
      std::_Exit(3);
    }
  }

  teal::Connection& con_;
  std::mutex mutex_;
  std::condition_variable wake_;
  State state_ = State::kIdle;
  bool stop_ = false;
  std::string what_;
  double seconds_ = 0;
  Clock::time_point deadline_;
  std::thread thread_;  // last: starts after the members it reads
};

/// What a Teal query did: its warm-up (with the answer) and timed runs, or why not.
struct TealOutcome {
  enum class Status : uint8_t { kOk, kTimeout, kNotImplemented, kError };
  Status status = Status::kError;
  std::string message;  // kNotImplemented, kError: Teal's message
  double warm_ms = 0;
  std::vector<double> times;  // the timed runs
  Answer answer;              // the warm-up's
};

/// A warm-up that reads the answer, then as many timed runs as fit into `cap_s` (at
/// least one, at most `runs`); each run is interrupted after `cap_s` (kTimeout).
TealOutcome RunTealQuery(TealTpch& teal, Watchdog& watchdog, const std::string& name,
                         const std::string& sql, int runs, double cap_s) {
  TealOutcome o;
  auto capped = [&](Answer* answer) {
    watchdog.Arm(name, cap_s);
    double ms = teal.Run(sql, answer);
    watchdog.Disarm();
    return ms;
  };
  try {
    o.warm_ms = capped(&o.answer);
    int fit = static_cast<int>(cap_s * 1000 / std::max(o.warm_ms, 0.001));
    for (int r = 0; r < std::clamp(fit, 1, runs); r++) o.times.push_back(capped(nullptr));
    o.status = TealOutcome::Status::kOk;
  } catch (const teal::InterruptError&) {
    o.status = TealOutcome::Status::kTimeout;
  } catch (const teal::NotImplementedError& e) {
    o.status = TealOutcome::Status::kNotImplemented;
    o.message = e.what();
  } catch (const std::exception& e) {
    o.status = TealOutcome::Status::kError;
    o.message = e.what();
  }
  watchdog.Disarm();
  return o;
}

std::string QueryName(int n) {
  char name[16];
  std::snprintf(name, sizeof name, "TPCH-Q%02d", n);
  return name;
}

std::string JoinNumbers(const std::vector<int>& v) {
  std::string s;
  for (int n : v) s += (s.empty() ? "" : ",") + std::to_string(n);
  return s.empty() ? "none" : s;
}

}  // namespace

std::set<int> TpchDefaultSkip(double) { return {}; }

bool ParseTpchWorkload(const std::string& name, int& query) {
  if (name == "TPCH") {
    query = 0;
    return true;
  }
  for (int n = 1; n <= 22; n++) {
    if (name == QueryName(n)) {
      query = n;
      return true;
    }
  }
  return false;
}

std::vector<std::string> TpchWorkloadList() {
  std::vector<std::string> lines = {
      "TPCH\tall 22 TPC-H queries (--tpch-sf, --tpch-skip, --tpch-timeout-s); not part of "
      "the default run"};
  for (int n = 1; n <= 22; n++) {
    lines.push_back(QueryName(n) + "\tTPC-H query " + std::to_string(n) +
                    " on generated data, Teal's answer checked against DuckDB's");
  }
  return lines;
}

bool ParseQueryList(const std::string& text, std::set<int>& out) {
  out.clear();
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find(',', at);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(at, end - at);
    char* rest = nullptr;
    long n = std::strtol(item.c_str(), &rest, 10);
    if (item.empty() || *rest != '\0' || n < 1 || n > 22) return false;
    out.insert(static_cast<int>(n));
    at = end + 1;
  }
  return true;
}

namespace {

int RunTpchOrThrow(const DuckDbApi* duckdb, const TpchOptions& options,
                   const std::vector<int>& queries) {
  int failures = 0;
  auto fail = [&](const std::string& message) {
    failures++;
    std::fprintf(stderr, "error: %s\n", message.c_str());
  };
  const double sf = options.scale_factor;
  const std::set<int> skip = options.skip ? *options.skip : TpchDefaultSkip(sf);
  TealTpch teal;
  std::unique_ptr<DuckTpch> duck;
  if (duckdb) duck = std::make_unique<DuckTpch>(*duckdb, options.duckdb_threads);
  Answer teal_threads;
  teal.Run("SELECT current_setting('threads')", &teal_threads);
  std::fprintf(stderr,
               "teal-compare: TPC-H at SF %g, DuckDB %s threads %s, %d runs after one warm-up, "
               "Teal threads %s (its default), capped at %.0f s a query, Teal skips %s\n",
               sf, duckdb ? duckdb->library_version() : "(none)",
               options.duckdb_threads ? std::to_string(*options.duckdb_threads).c_str() : "default",
               options.runs, teal_threads.rows.at(0).at(0).value_or("?").c_str(), options.timeout_s,
               JoinNumbers(std::vector<int>(skip.begin(), skip.end())).c_str());

  // Generate once, load both, check both loads.
  LoadTimes times;
  std::vector<TableChecksum> sums;
  {
    Generator gen(sf);
    sums = LoadAll(gen, teal, duck.get(), times);
  }
  int64_t rows = 0;
  for (const auto& s : sums) rows += s.rows;
  std::fprintf(stderr,
               "teal-compare: TPC-H SF %g: %lld rows generated and loaded in %.1f s (Teal "
               "appender %.1f s, DuckDB chunks %.1f s, generation %.1f s)\n",
               sf, static_cast<long long>(rows), times.total_ms / 1000, times.teal_ms / 1000,
               times.duckdb_ms / 1000, (times.total_ms - times.teal_ms - times.duckdb_ms) / 1000);
  const Query no_order{0, "", {}};
  for (const auto& s : sums) {
    Answer want = ExpectedLoadCheck(s);
    Answer got;
    teal.Run(s.check_sql, &got);
    std::string diff = CompareAnswers(got, want, no_order, "Teal", "generated");
    if (!diff.empty()) fail("TPC-H load check of " + s.table + " in Teal:\n" + diff);
    if (duck) {
      duck->Run(s.check_sql, &got);
      diff = CompareAnswers(got, want, no_order, "DuckDB", "generated");
      if (!diff.empty()) fail("TPC-H load check of " + s.table + " in DuckDB:\n" + diff);
    }
  }

  const std::vector<Query> all = Queries(sf);
  Watchdog watchdog(teal.Con());
  std::vector<int> skipped, not_implemented, timed_out, wrong, within, compared;
  std::vector<double> ratios;
  for (int n : queries) {
    const Query& query = all[static_cast<size_t>(n - 1)];
    const std::string name = QueryName(n);
    std::optional<Answer> teal_answer, duck_answer;
    std::optional<double> teal_ms, duck_ms;

    if (skip.count(n)) {
      skipped.push_back(n);
      std::fprintf(stderr, "%s teal: skipped (--tpch-skip)\n", name.c_str());
    } else {
      TealOutcome outcome =
          RunTealQuery(teal, watchdog, name, query.sql, options.runs, options.timeout_s);
      switch (outcome.status) {
        case TealOutcome::Status::kTimeout:
          timed_out.push_back(n);
          std::fprintf(stderr, "%s teal: timeout: interrupted after %.0f s (--tpch-timeout-s)\n",
                       name.c_str(), options.timeout_s);
          break;
        case TealOutcome::Status::kNotImplemented:
          not_implemented.push_back(n);
          std::fprintf(stderr, "%s teal: %s\n", name.c_str(), outcome.message.c_str());
          break;
        case TealOutcome::Status::kError:
          fail(name + " teal: " + outcome.message);
          break;
        case TealOutcome::Status::kOk:
          teal_answer = std::move(outcome.answer);
          teal_ms = Median(outcome.times);
          if (outcome.times.size() < static_cast<size_t>(options.runs)) {
            std::fprintf(stderr, "%s teal: %zu timed run(s) only (the warm-up took %.1f s)\n",
                         name.c_str(), outcome.times.size(), outcome.warm_ms / 1000);
          }
          if (options.explain) {
            Answer plan;
            teal.Run("EXPLAIN ANALYZE " + query.sql, &plan);
            std::fprintf(stderr, "%s teal: EXPLAIN ANALYZE\n", name.c_str());
            for (const auto& row : plan.rows) {
              std::fprintf(stderr, "%s\n", row.at(0).value_or("NULL").c_str());
            }
          }
          break;
      }
    }
    if (duck) {
      try {
        Answer answer;
        duck->Run(query.sql, &answer);
        duck_answer = std::move(answer);
        std::vector<double> t;
        for (int r = 0; r < options.runs; r++) t.push_back(duck->Run(query.sql, nullptr));
        duck_ms = Median(t);
        if (options.explain) {
          Answer plan;
          duck->Run("EXPLAIN ANALYZE " + query.sql, &plan);
          std::fprintf(stderr, "%s duckdb: EXPLAIN ANALYZE\n", name.c_str());
          for (const auto& row : plan.rows) {
            std::fprintf(stderr, "%s\n", row.back().value_or("NULL").c_str());
          }
        }
        if (duck_answer->rows.empty()) {
          std::fprintf(stderr, "warning: %s: DuckDB's answer is empty\n", name.c_str());
        }
      } catch (const std::exception& e) {
        fail(name + " duckdb: " + e.what());
      }
    }
    bool right = false;
    if (teal_answer && duck_answer) {
      std::string diff = CompareAnswers(*teal_answer, *duck_answer, query);
      if (diff.empty()) {
        right = true;
        std::fprintf(stderr, "%s: Teal's answer equals DuckDB's (%zu rows)\n", name.c_str(),
                     duck_answer->rows.size());
      } else {
        wrong.push_back(n);
        fail(name + ": Teal's answer differs from DuckDB's:\n" + diff);
      }
    }
    if (teal_ms) std::printf("%s\tteal\tquery\t%.2f\tms\n", name.c_str(), *teal_ms);
    if (duck_ms) std::printf("%s\tduckdb\tquery\t%.2f\tms\n", name.c_str(), *duck_ms);
    if (teal_ms && duck_ms) {
      double ratio = *teal_ms / std::max(*duck_ms, 0.001);
      std::printf("ratio\t%s\tteal/duckdb\t%.2f%s\n", name.c_str(), ratio,
                  right ? "" : "\t(wrong answer)");
      if (right) {
        compared.push_back(n);
        ratios.push_back(ratio);
        if (ratio <= 2) within.push_back(n);
      }
    }
    std::fflush(stdout);
  }

  if (duck) {
    double log_sum = 0;
    for (double r : ratios) log_sum += std::log(r);
    std::printf(
        "summary\tTPCH\tsf=%g\twithin-2x=%zu/%zu\tgeomean-ratio=%.2f\tskipped=%s\t"
        "timeout=%s\tnot-implemented=%s\twrong=%s\n",
        sf, within.size(), compared.size(),
        ratios.empty() ? 0.0 : std::exp(log_sum / ratios.size()), JoinNumbers(skipped).c_str(),
        JoinNumbers(timed_out).c_str(), JoinNumbers(not_implemented).c_str(),
        JoinNumbers(wrong).c_str());
  }
  return failures;
}

}  // namespace

int RunTpch(const DuckDbApi* duckdb, const TpchOptions& options, const std::vector<int>& queries) {
  try {
    return RunTpchOrThrow(duckdb, options, queries);
  } catch (const std::exception& e) {  // setting up or loading failed: nothing to measure
    std::fprintf(stderr, "error: TPC-H: %s\n", e.what());
    return 1;
  }
}

}  // namespace bench
