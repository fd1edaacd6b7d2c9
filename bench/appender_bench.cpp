// bench/appender_bench.cpp — Google Benchmark suite for teal::Appender's hot paths.
//
// Each iteration appends kBatchRows rows (50 full chunks) of the teal-compare workload
// data into a fresh table and closes the appender; creating and dropping the database
// is outside the timing. items_per_second is rows per second.
//
// Counters, from one extra untimed pass per benchmark that reads the allocation counter
// around every single append call (alloc_counter.cpp):
//   allocs/row    allocations inside append calls that did not hand a full chunk to the
//                 table, after the first chunk (the warm-up, in which the appender's
//                 buffer grows) — the per-row cost, which must be 0;
//   allocs/chunk  allocations inside the calls that did (the table's storage growing),
//                 per chunk of 2048 rows.
#include <benchmark/benchmark.h>

#include <memory>
#include <span>

#include "alloc_counter.hpp"
#include "data.hpp"
#include "teal/teal.hpp"

namespace {

using bench::kListLength;
constexpr size_t kBatchRows = 50 * teal::kVectorSize;

struct TealDb {
  teal::Database db;
  teal::Connection con{db};
  explicit TealDb(const std::string& schema) { con.Execute(schema); }
};

/// Times `append(appender, row)` for kBatchRows rows per iteration, then measures the
/// allocations of one more batch (see the top of the file). MakeAppender builds the
/// appender (Appender or MappedAppender) on the connection.
template <typename MakeAppender, typename AppendOne>
void RunAppend(benchmark::State& state, const std::string& schema, MakeAppender make,
               AppendOne append) {
  for (auto _ : state) {
    state.PauseTiming();
    auto db = std::make_unique<TealDb>(schema);
    state.ResumeTiming();
    {
      auto appender = make(db->con);
      for (size_t i = 0; i < kBatchRows; i++) append(appender, i);
      appender.Close();
    }
    state.PauseTiming();
    db.reset();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatchRows));

  TealDb db(schema);
  auto appender = make(db.con);
  uint64_t in_rows = 0, in_flushes = 0, flushes = 0;
  for (size_t i = 0; i < kBatchRows; i++) {
    uint64_t before = bench::AllocationCount();
    append(appender, i);
    uint64_t n = bench::AllocationCount() - before;
    if ((i + 1) % teal::kVectorSize == 0) {
      in_flushes += n;
      flushes++;
    } else if (i >= teal::kVectorSize) {
      in_rows += n;
    }
  }
  appender.Close();
  size_t counted_rows = kBatchRows - teal::kVectorSize - (flushes - 1);
  state.counters["allocs/row"] = static_cast<double>(in_rows) / counted_rows;
  state.counters["allocs/chunk"] = static_cast<double>(in_flushes) / flushes;
}

auto MakeAppender() {
  return [](teal::Connection& con) { return teal::Appender(con, "t"); };
}

const char* kNumericSchema =
    "CREATE TABLE t(c1 TINYINT, c2 SMALLINT, c3 INTEGER, c4 BIGINT, c5 UTINYINT, c6 USMALLINT, "
    "c7 FLOAT, c8 DOUBLE)";

void BM_AppendRow_Numeric8(benchmark::State& state) {
  const auto& rows = bench::NumericRows();
  RunAppend(state, kNumericSchema, MakeAppender(), [&](teal::Appender& a, size_t i) {
    const auto& r = rows[i];
    a.AppendRow(r.i8, r.i16, r.i32, r.i64, r.u8, r.u16, r.f32, r.f64);
  });
}
BENCHMARK(BM_AppendRow_Numeric8)->Unit(benchmark::kMillisecond);

void BM_AppendPerValue_Numeric8(benchmark::State& state) {
  const auto& rows = bench::NumericRows();
  RunAppend(state, kNumericSchema, MakeAppender(), [&](teal::Appender& a, size_t i) {
    const auto& r = rows[i];
    a.Append(r.i8).Append(r.i16).Append(r.i32).Append(r.i64);
    a.Append(r.u8).Append(r.u16).Append(r.f32).Append(r.f64);
    a.EndRow();
  });
}
BENCHMARK(BM_AppendPerValue_Numeric8)->Unit(benchmark::kMillisecond);

// An int64 into a TINYINT..DOUBLE column: the out-of-line conversion path, for contrast.
void BM_AppendRow_Numeric8_Converted(benchmark::State& state) {
  const auto& rows = bench::NumericRows();
  RunAppend(state, kNumericSchema, MakeAppender(), [&](teal::Appender& a, size_t i) {
    const auto& r = rows[i];
    a.AppendRow(int64_t{r.i8}, int64_t{r.i16}, int64_t{r.i32}, r.i64, int64_t{r.u8}, int64_t{r.u16},
                double{r.f32}, r.f64);
  });
}
BENCHMARK(BM_AppendRow_Numeric8_Converted)->Unit(benchmark::kMillisecond);

void BM_AppendRow_Timestamp4(benchmark::State& state) {
  const auto& rows = bench::TimestampRows();
  RunAppend(state, "CREATE TABLE t(a TIMESTAMP, b TIMESTAMP, c TIMESTAMP, d TIMESTAMP)",
            MakeAppender(), [&](teal::Appender& a, size_t i) {
              const auto& r = rows[i];
              a.AppendRow(r[0], r[1], r[2], r[3]);
            });
}
BENCHMARK(BM_AppendRow_Timestamp4)->Unit(benchmark::kMillisecond);

void BM_AppendRow_TimestampTz4(benchmark::State& state) {
  const auto& rows = bench::TimestampRows();
  RunAppend(state, "CREATE TABLE t(a TIMESTAMPTZ, b TIMESTAMPTZ, c TIMESTAMPTZ, d TIMESTAMPTZ)",
            MakeAppender(), [&](teal::Appender& a, size_t i) {
              const auto& r = rows[i];
              a.AppendRow(r[0], r[1], r[2], r[3]);
            });
}
BENCHMARK(BM_AppendRow_TimestampTz4)->Unit(benchmark::kMillisecond);

void BM_AppendRow_Date4(benchmark::State& state) {
  const auto& rows = bench::DateRows();
  RunAppend(state, "CREATE TABLE t(a DATE, b DATE, c DATE, d DATE)", MakeAppender(),
            [&](teal::Appender& a, size_t i) {
              const auto& r = rows[i];
              a.AppendRow(r[0], r[1], r[2], r[3]);
            });
}
BENCHMARK(BM_AppendRow_Date4)->Unit(benchmark::kMillisecond);

void AppendStrings(benchmark::State& state, bench::StringKind kind) {
  const auto& t = bench::Strings(kind);
  RunAppend(state, "CREATE TABLE t(a VARCHAR, b VARCHAR, c VARCHAR, d VARCHAR)", MakeAppender(),
            [&](teal::Appender& a, size_t i) {
              a.AppendRow(t.At(i, 0), t.At(i, 1), t.At(i, 2), t.At(i, 3));
            });
}
void BM_AppendRow_ShortStrings(benchmark::State& state) {
  AppendStrings(state, bench::StringKind::kShort);
}
void BM_AppendRow_LongStrings(benchmark::State& state) {
  AppendStrings(state, bench::StringKind::kLong);
}
void BM_AppendRow_GeorgianStrings(benchmark::State& state) {
  AppendStrings(state, bench::StringKind::kGeorgian);
}
BENCHMARK(BM_AppendRow_ShortStrings)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AppendRow_LongStrings)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AppendRow_GeorgianStrings)->Unit(benchmark::kMillisecond);

void BM_MappedAppender_Optional8(benchmark::State& state) {
  using bench::OptionalRecord;
  static const teal::Mapping<OptionalRecord> mapping{
      &OptionalRecord::a, &OptionalRecord::b, &OptionalRecord::c, &OptionalRecord::d,
      &OptionalRecord::e, &OptionalRecord::f, &OptionalRecord::g, &OptionalRecord::h};
  const auto& rows = bench::OptionalRecords();
  RunAppend(
      state,
      "CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER, "
      "g INTEGER, h INTEGER)",
      [](teal::Connection& con) { return teal::MappedAppender<OptionalRecord>(con, "t", mapping); },
      [&](teal::MappedAppender<OptionalRecord>& a, size_t i) { a.Append(rows[i]); });
}
BENCHMARK(BM_MappedAppender_Optional8)->Unit(benchmark::kMillisecond);

void BM_AppendRow_List10(benchmark::State& state) {
  const auto& elements = bench::ListElements();
  RunAppend(state, "CREATE TABLE t(l INTEGER[])", MakeAppender(), [&](teal::Appender& a, size_t i) {
    a.AppendRow(std::span<const std::optional<int32_t>>(&elements[i * kListLength], kListLength));
  });
}
BENCHMARK(BM_AppendRow_List10)->Unit(benchmark::kMillisecond);

void BM_AppendRow_Enum4(benchmark::State& state) {
  std::string schema = "CREATE TYPE venue AS ENUM (";
  for (size_t i = 0; i < bench::kVenueCount; i++) {
    schema += (i ? ", '" : "'") + std::string(bench::kVenueLabels[i]) + "'";
  }
  schema += "); CREATE TABLE t(a venue, b venue, c venue, d venue)";
  const auto& rows = bench::EnumRows();
  RunAppend(state, schema, MakeAppender(), [&](teal::Appender& a, size_t i) {
    const auto& r = rows[i];
    a.AppendRow(r[0], r[1], r[2], r[3]);
  });
}
BENCHMARK(BM_AppendRow_Enum4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
