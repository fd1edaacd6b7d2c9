// bench/engine_bench.cpp — Google Benchmark suite for the query engine's hot operators.
//
// SortKeys/*: the normalized-key sort alone (src/execution/sort_key.*) over kSortRows rows
// of teal-compare's fact table (ORDER BY k1000, x DESC, id), on one thread and on two.
// Sql/*: whole statements over kSqlRows rows of the fact table and teal-compare's
// dimension table, on the threads given as the benchmark's argument — a GROUP BY into
// 1,000 groups, a hash join whose keys index a direct array (dense ids) or a hash table
// (the same ids spread out), ORDER BY … LIMIT, a full ORDER BY, and an INSERT … SELECT
// into a table with a PRIMARY KEY (the statement's key checks). items_per_second is
// input rows per second. Wall-clock numbers drift on a shared machine: compare runs made
// back to back, or count instructions with callgrind.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "data.hpp"
#include "execution/sort_key.hpp"
#include "execution/task_scheduler.hpp"
#include "queries.hpp"
#include "teal/teal.hpp"

namespace {

constexpr size_t kSortRows = 2'000'000;
constexpr size_t kSqlRows = 4'000'000;

/// kSortRows rows of (id BIGINT, k1000 INTEGER, x DOUBLE), built once.
const teal::DataChunk& SortInput() {
  static const auto chunk = [] {
    using teal::LogicalType;
    using teal::TypeId;
    auto c = std::make_unique<teal::DataChunk>(
        std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kInteger),
                                 LogicalType(TypeId::kDouble)},
        kSortRows);
    for (size_t i = 0; i < kSortRows; i++) {
      bench::FactRow r = bench::FactAt(i);
      c->data[0].Values<int64_t>()[i] = r.id;
      c->data[1].Values<int32_t>()[i] = r.k1000;
      c->data[2].Values<double>()[i] = r.x;
    }
    c->SetCardinality(kSortRows);
    return c;
  }();
  return *chunk;
}

void SortKeysSort(benchmark::State& state) {
  const auto threads = static_cast<teal::idx_t>(state.range(0));
  const teal::DataChunk& rows = SortInput();
  teal::SortKeys keys(rows.Types(), {{1, false, false}, {2, true, true}, {0, false, false}});
  teal::TaskScheduler scheduler;
  scheduler.SetWorkers(threads - 1);
  teal::AccountedVector<uint32_t> order;
  for (auto _ : state) {
    keys.Sort(rows, order, &scheduler, threads);
    benchmark::DoNotOptimize(order.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSortRows));
}
BENCHMARK(SortKeysSort)->Name("SortKeys/Sort")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

struct SqlDb {
  teal::Database db;
  teal::Connection con{db};
};

/// A database with f (kSqlRows fact rows) and d (the dimension table; ids 0 … 999,999)
/// and s (d's rows with ids spread by 1,000: too sparse for a direct array), loaded once.
teal::Connection& Loaded() {
  static SqlDb* db = [] {
    auto* d = new SqlDb;
    d->con.Query(bench::kFactSchema);
    d->con.Query(bench::kDimSchema);
    {
      teal::Appender fact(d->con, "f");
      for (size_t i = 0; i < kSqlRows; i++) {
        bench::FactRow r = bench::FactAt(i);
        fact.AppendRow(r.id, r.k1000, r.k1m, r.x, r.small);
      }
    }
    {
      teal::Appender dim(d->con, "d");
      for (size_t j = 0; j < bench::kDimRows; j++) {
        bench::DimRow r = bench::DimAt(j);
        dim.AppendRow(r.id, r.grp);
      }
    }
    d->con.Query("CREATE TABLE s AS SELECT CAST(id AS BIGINT) * 1000 AS id, grp FROM d");
    return d;
  }();
  return db->con;
}

void RunSql(benchmark::State& state, const std::string& sql) {
  teal::Connection& con = Loaded();
  con.Query("SET threads = " + std::to_string(state.range(0)));
  for (auto _ : state) {
    auto result = con.Query(sql);
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSqlRows));
}

void GroupBy1000(benchmark::State& state) {
  RunSql(state, "SELECT k1000, count(*), sum(x), avg(x) FROM f GROUP BY k1000");
}
void JoinDirect(benchmark::State& state) {
  RunSql(state, "SELECT count(*), sum(f.x) FROM f JOIN d ON f.k1m = d.id WHERE d.grp < 10");
}
void JoinHashed(benchmark::State& state) {
  RunSql(state,
         "SELECT count(*), sum(f.x) FROM f JOIN s ON CAST(f.k1m AS BIGINT) * 1000 = s.id "
         "WHERE s.grp < 10");
}
/// 1% of f's rows by id, which rises with the table's order: the scan reads only the row
/// groups the zone maps leave (execution/zone_filter.hpp); items are f's rows.
void RangeOnRowOrder(benchmark::State& state) {
  RunSql(state, "SELECT count(*), sum(x) FROM f WHERE id BETWEEN " + std::to_string(kSqlRows / 2) +
                    " AND " + std::to_string(kSqlRows / 2 + kSqlRows / 100 - 1));
}
void TopN(benchmark::State& state) {
  RunSql(state, "SELECT id, k1000, x FROM f ORDER BY k1000, x DESC, id LIMIT 100");
}
void OrderAll(benchmark::State& state) {
  RunSql(state, "SELECT count(*) FROM (SELECT id, k1000, x FROM f ORDER BY k1000, x DESC, id) t");
}
/// INSERT … SELECT of the fact table's kSqlRows distinct ids into an empty table whose
/// PRIMARY KEY checks each: no key in the index yet, none twice in the statement.
void InsertPrimaryKey(benchmark::State& state) {
  teal::Connection& con = Loaded();
  con.Query("SET threads = " + std::to_string(state.range(0)));
  for (auto _ : state) {
    state.PauseTiming();
    con.Query("DROP TABLE IF EXISTS pk");
    con.Query("CREATE TABLE pk (id BIGINT PRIMARY KEY, x DOUBLE)");
    state.ResumeTiming();
    auto result = con.Query("INSERT INTO pk SELECT id, x FROM f");
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kSqlRows));
}
/// Prepared lookups through the PRIMARY KEY of a 1,000,000-row table (index scans,
/// execution/index_scan.hpp): one id per execution, or an IN list of 100.
teal::Connection& LookupTable() {
  static SqlDb* db = [] {
    auto* d = new SqlDb;
    d->con.Query("CREATE TABLE lk(id BIGINT PRIMARY KEY, v BIGINT)");
    d->con.Query("INSERT INTO lk SELECT range * 7, range * 3 FROM range(1000000)");
    return d;
  }();
  return db->con;
}
void PointLookup(benchmark::State& state) {
  teal::PreparedStatement lookup = LookupTable().Prepare("SELECT v FROM lk WHERE id = $1");
  int64_t n = 0;
  for (auto _ : state) {
    auto result = lookup.Execute(((n++ * 7919) % 1000000) * 7);
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
void InListLookup(benchmark::State& state) {
  std::string sql = "SELECT sum(v) FROM lk WHERE id IN (";
  for (int i = 0; i < 100; i++) sql += i ? ", ?" : "?";
  teal::PreparedStatement lookup = LookupTable().Prepare(sql + ")");
  int64_t n = 0;
  for (auto _ : state) {
    for (int i = 0; i < 100; i++) lookup.Bind(i + 1, ((n++ * 7919) % 1000000) * 7);
    auto result = lookup.Execute();
    benchmark::DoNotOptimize(result);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 100));
}
BENCHMARK(PointLookup)->Name("Sql/PointLookup")->Unit(benchmark::kMicrosecond);
BENCHMARK(InListLookup)->Name("Sql/InListLookup100")->Unit(benchmark::kMicrosecond);

BENCHMARK(InsertPrimaryKey)
    ->Name("Sql/InsertPrimaryKey")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(GroupBy1000)->Name("Sql/GroupBy1000")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(JoinDirect)->Name("Sql/JoinDirect")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(JoinHashed)->Name("Sql/JoinHashed")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(RangeOnRowOrder)
    ->Name("Sql/RangeOnRowOrder")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(TopN)->Name("Sql/TopN")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(OrderAll)->Name("Sql/OrderAll")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
