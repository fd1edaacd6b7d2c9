// bench/reader_bench.cpp — Google Benchmark suite for teal::Reader and the chunk spans.
//
// Each benchmark loads its table once (kReadRows rows of the teal-compare workload data,
// outside the timing); each iteration runs "SELECT * FROM t" and reads every value,
// summing in the client. items_per_second is rows per second. The counter allocs/chunk
// is the heap allocations of one read divided by its chunks: the Reader's per-row path
// must allocate nothing, so whatever shows is per chunk (the executor's vectors).
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "alloc_counter.hpp"
#include "data.hpp"
#include "teal/teal.hpp"

namespace {

constexpr size_t kReadRows = 128 * teal::kVectorSize;  // 262,144

struct TealDb {
  teal::Database db;
  teal::Connection con{db};
};

enum class Table { kInts, kTimestamps, kDates, kShortStrings, kLists, kEnums };

std::string EnumType() {
  std::string sql = "CREATE TYPE venue AS ENUM (";
  for (size_t i = 0; i < bench::kVenueCount; i++) {
    sql += (i ? ", '" : "'") + std::string(bench::kVenueLabels[i]) + "'";
  }
  return sql + ");";
}

/// The connection to a database holding table t of `table`, loaded on first use.
teal::Connection& Loaded(Table table) {
  static std::map<Table, std::unique_ptr<TealDb>> loaded;
  auto& slot = loaded[table];
  if (slot) return slot->con;
  slot = std::make_unique<TealDb>();
  teal::Connection& con = slot->con;
  switch (table) {
    case Table::kInts: {
      con.Execute(
          "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, "
          "c6 INTEGER, c7 INTEGER, c8 INTEGER)");
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++) {
        const auto& r = bench::IntRows()[i];
        a.AppendRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
      }
      a.Close();
      break;
    }
    case Table::kTimestamps: {
      con.Execute("CREATE TABLE t(a TIMESTAMP, b TIMESTAMP, c TIMESTAMP, d TIMESTAMP)");
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++) {
        const auto& r = bench::TimestampRows()[i];
        a.AppendRow(r[0], r[1], r[2], r[3]);
      }
      a.Close();
      break;
    }
    case Table::kDates: {
      con.Execute("CREATE TABLE t(a DATE, b DATE, c DATE, d DATE)");
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++) {
        const auto& r = bench::DateRows()[i];
        a.AppendRow(r[0], r[1], r[2], r[3]);
      }
      a.Close();
      break;
    }
    case Table::kShortStrings: {
      con.Execute("CREATE TABLE t(a VARCHAR, b VARCHAR, c VARCHAR, d VARCHAR)");
      const auto& s = bench::Strings(bench::StringKind::kShort);
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++)
        a.AppendRow(s.At(i, 0), s.At(i, 1), s.At(i, 2), s.At(i, 3));
      a.Close();
      break;
    }
    case Table::kLists: {
      con.Execute("CREATE TABLE t(l INTEGER[])");
      const auto& e = bench::ListElements();
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++) {
        a.AppendRow(std::span<const std::optional<int32_t>>(&e[i * bench::kListLength],
                                                            bench::kListLength));
      }
      a.Close();
      break;
    }
    case Table::kEnums: {
      con.Execute(EnumType() + "CREATE TABLE t(a venue, b venue, c venue, d venue)");
      teal::Appender a(con, "t");
      for (size_t i = 0; i < kReadRows; i++) {
        const auto& r = bench::EnumRows()[i];
        a.AppendRow(r[0], r[1], r[2], r[3]);
      }
      a.Close();
      break;
    }
  }
  return con;
}

/// Runs `read(result)` per iteration on a fresh "SELECT * FROM t" and reports rows/s and
/// allocations per chunk (from one more, untimed, read).
template <typename Read>
void RunRead(benchmark::State& state, Table table, Read read) {
  teal::Connection& con = Loaded(table);
  for (auto _ : state) {
    teal::Result result = con.Query("SELECT * FROM t");
    benchmark::DoNotOptimize(read(result));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kReadRows));
  uint64_t before = bench::AllocationCount();
  {
    teal::Result result = con.Query("SELECT * FROM t");
    benchmark::DoNotOptimize(read(result));
  }
  state.counters["allocs/chunk"] =
      static_cast<double>(bench::AllocationCount() - before) / (kReadRows / teal::kVectorSize);
}

template <typename T>
void BM_ReaderGet_Int8Columns(benchmark::State& state) {
  RunRead(state, Table::kInts, [](teal::Result& result) {
    teal::Reader r(result);
    T sum{};
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 8; c++) sum += r.Get<T>(c);
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_Int8Columns<int32_t>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReaderGet_Int8Columns<int64_t>)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReaderGet_Int8Columns<double>)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_OptionalInt32(benchmark::State& state) {
  RunRead(state, Table::kInts, [](teal::Result& result) {
    teal::Reader r(result);
    int64_t sum = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 8; c++) sum += r.Get<std::optional<int32_t>>(c).value_or(0);
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_OptionalInt32)->Unit(benchmark::kMillisecond);

void BM_ChunkSpans_Int32(benchmark::State& state) {
  RunRead(state, Table::kInts, [](teal::Result& result) {
    int64_t sum = 0;
    for (const teal::Chunk& chunk : result) {
      for (teal::idx_t c = 0; c < 8; c++) {
        for (int32_t v : chunk.Values<int32_t>(c)) sum += v;
      }
    }
    return sum;
  });
}
BENCHMARK(BM_ChunkSpans_Int32)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_SysTime(benchmark::State& state) {
  RunRead(state, Table::kTimestamps, [](teal::Result& result) {
    teal::Reader r(result);
    uint64_t sum = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 4; c++) {
        sum += static_cast<uint64_t>(r.Get<bench::SysMicros>(c).time_since_epoch().count());
      }
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_SysTime)->Unit(benchmark::kMillisecond);

// sys_time<milliseconds> from a microsecond TIMESTAMP: the converting path, for contrast.
void BM_ReaderGet_SysTimeMillis(benchmark::State& state) {
  RunRead(state, Table::kTimestamps, [](teal::Result& result) {
    teal::Reader r(result);
    int64_t sum = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 4; c++) {
        sum +=
            r.Get<std::chrono::sys_time<std::chrono::milliseconds>>(c).time_since_epoch().count();
      }
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_SysTimeMillis)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_SysDays(benchmark::State& state) {
  RunRead(state, Table::kDates, [](teal::Result& result) {
    teal::Reader r(result);
    int64_t sum = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 4; c++) {
        sum += r.Get<std::chrono::sys_days>(c).time_since_epoch().count();
      }
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_SysDays)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_StringView(benchmark::State& state) {
  RunRead(state, Table::kShortStrings, [](teal::Result& result) {
    teal::Reader r(result);
    size_t bytes = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 4; c++) bytes += r.Get<std::string_view>(c).size();
    }
    return bytes;
  });
}
BENCHMARK(BM_ReaderGet_StringView)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_ListView(benchmark::State& state) {
  RunRead(state, Table::kLists, [](teal::Result& result) {
    teal::Reader r(result);
    int64_t sum = 0;
    while (r.Next()) {
      auto list = r.Get<teal::ListView<int32_t>>(0);
      for (size_t i = 0; i < list.size(); i++) {
        if (list.IsValid(i)) sum += list[i];
      }
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_ListView)->Unit(benchmark::kMillisecond);

void BM_ReaderGet_Enum(benchmark::State& state) {
  RunRead(state, Table::kEnums, [](teal::Result& result) {
    teal::Reader r(result);
    int64_t sum = 0;
    while (r.Next()) {
      for (teal::idx_t c = 0; c < 4; c++) sum += static_cast<int64_t>(r.Get<bench::Venue>(c));
    }
    return sum;
  });
}
BENCHMARK(BM_ReaderGet_Enum)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
