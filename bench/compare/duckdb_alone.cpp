// bench/compare/duckdb_alone.cpp — teal-duckdb-alone: DuckDB's fastest path per workload,
// in a process with nothing else in it, to check teal-compare's DuckDB figures.
//
//   teal-duckdb-alone [--runs N] [--threads N] [WORKLOAD...]
//
// teal-compare runs DuckDB next to Teal and SQLite, through shared harness code; this
// program links neither Teal nor SQLite nor that harness (only the generated rows and the
// dlopen of libduckdb.so), and writes each workload through DuckDB's data-chunk API the
// plainest way: one in-memory database per workload (DuckDB's `threads` setting 1, as
// teal-compare's default, or --threads N), the table dropped and created again
// before every run (untimed), one warm-up run, then N timed runs (default 5) of the
// appends plus the appender's close. Reads (W4, W5) load once and time `SELECT * FROM t`
// plus summing the raw chunk vectors; Q0 times `SELECT 42` (µs per query), Q1 the sum
// query. Q2a..Q6 (queries.hpp) load f and d once into one database at DuckDB's default
// threads (as teal-compare; --threads N sets them) and time each query plus adding up
// every value of its materialised result's raw vectors. Output (TSV) as teal-compare's:
// <workload> duckdb-alone <variant> <median> <unit>.
// If teal-compare's DuckDB figure for a workload is far above this one, the harness (not
// DuckDB) is paying for something; bench/README.md records the comparison.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "data.hpp"
#include "duckdb_api.hpp"
#include "queries.hpp"

namespace bench {
namespace {

const DuckDbApi* g_api = nullptr;
const DuckDbApi& D() { return *g_api; }
int g_threads = 0;  // --threads; 0: 1 for W*, Q0, Q1 and DuckDB's default for Q2a..Q6

double Now() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Run(duckdb_connection con, const std::string& sql) {
  duckdb_result r{};
  bool ok = D().query(con, sql.c_str(), &r) == DuckDBSuccess;
  std::string error = ok ? "" : D().result_error(&r);
  D().destroy_result(&r);
  if (!ok) throw std::runtime_error("DuckDB: " + error + " (" + sql + ")");
}

/// Fills rows [start, start + n) of the workload into the chunk's vectors.
using Fill = std::function<void(duckdb_data_chunk, size_t start, size_t n)>;

struct AppendWorkload {
  const char* name;
  const char* types;  // run once per database; may be empty
  const char* table;
  size_t rows;
  Fill fill;
  const char* target = "t";  // the table's name
};

template <typename T>
T* Data(duckdb_data_chunk ch, duckdb_idx_t c) {
  return static_cast<T*>(D().vector_get_data(D().data_chunk_get_vector(ch, c)));
}

/// One timed run: the appender's creation, every row through the chunk API, its close
/// (as teal-compare times both engines' appenders).
double AppendOnce(duckdb_connection con, const AppendWorkload& w) {
  double start = Now();
  duckdb_appender a = nullptr;
  if (D().appender_create(con, nullptr, w.target, &a) != DuckDBSuccess) {
    throw std::runtime_error("duckdb_appender_create failed");
  }
  duckdb_idx_t columns = D().appender_column_count(a);
  std::vector<duckdb_logical_type> types(columns);
  for (duckdb_idx_t c = 0; c < columns; c++) types[c] = D().appender_column_type(a, c);
  duckdb_data_chunk chunk = D().create_data_chunk(types.data(), columns);
  const size_t capacity = D().vector_size();
  for (size_t s = 0; s < w.rows; s += capacity) {
    size_t n = std::min(capacity, w.rows - s);
    w.fill(chunk, s, n);
    D().data_chunk_set_size(chunk, n);
    if (D().append_data_chunk(a, chunk) != DuckDBSuccess) {
      throw std::runtime_error(std::string("append: ") + D().appender_error(a));
    }
    D().data_chunk_reset(chunk);
  }
  D().destroy_data_chunk(&chunk);
  if (D().appender_close(a) != DuckDBSuccess) {
    throw std::runtime_error(std::string("close: ") + D().appender_error(a));
  }
  double ms = Now() - start;
  D().appender_destroy(&a);
  for (auto& t : types) D().destroy_logical_type(&t);
  return ms;
}

uint64_t* Valid(duckdb_vector v, size_t n) {
  D().vector_ensure_validity_writable(v);
  uint64_t* words = D().vector_get_validity(v);
  std::fill(words, words + (n + 63) / 64, ~uint64_t{0});
  return words;
}

template <typename T, typename Rows, typename Get>
Fill Columns(const Rows& rows, size_t columns, Get get) {
  return [&rows, columns, get](duckdb_data_chunk ch, size_t s, size_t n) {
    for (size_t c = 0; c < columns; c++) {
      T* out = Data<T>(ch, c);
      for (size_t i = 0; i < n; i++) out[i] = get(rows[s + i][c]);
    }
  };
}

Fill StringColumns(StringKind kind) {
  return [kind](duckdb_data_chunk ch, size_t s, size_t n) {
    const StringTable& t = Strings(kind);
    for (size_t c = 0; c < 4; c++) {
      duckdb_vector v = D().data_chunk_get_vector(ch, c);
      for (size_t i = 0; i < n; i++) {
        std::string_view str = t.At(s + i, c);
        D().vector_assign_string_element_len(v, i, str.data(), str.size());
      }
    }
  };
}

std::vector<AppendWorkload> AppendWorkloads() {
  static std::string enum_type = [] {
    std::string sql = "CREATE TYPE venue AS ENUM (";
    for (size_t i = 0; i < kVenueCount; i++) {
      sql += (i ? ", '" : "'") + std::string(kVenueLabels[i]) + "'";
    }
    return sql + ")";
  }();
  auto micros = [](SysMicros t) { return static_cast<int64_t>(t.time_since_epoch().count()); };
  auto days = [](std::chrono::sys_days d) {
    return static_cast<int32_t>(d.time_since_epoch().count());
  };
  return {
      {"W1", "",
       "CREATE TABLE t(c1 TINYINT, c2 SMALLINT, c3 INTEGER, c4 BIGINT, c5 UTINYINT, "
       "c6 USMALLINT, c7 FLOAT, c8 DOUBLE)",
       kRows,
       [](duckdb_data_chunk ch, size_t s, size_t n) {
         const auto& rows = NumericRows();
         auto* c1 = Data<int8_t>(ch, 0);
         auto* c2 = Data<int16_t>(ch, 1);
         auto* c3 = Data<int32_t>(ch, 2);
         auto* c4 = Data<int64_t>(ch, 3);
         auto* c5 = Data<uint8_t>(ch, 4);
         auto* c6 = Data<uint16_t>(ch, 5);
         auto* c7 = Data<float>(ch, 6);
         auto* c8 = Data<double>(ch, 7);
         for (size_t i = 0; i < n; i++) {
           const NumericRow& r = rows[s + i];
           c1[i] = r.i8;
           c2[i] = r.i16;
           c3[i] = r.i32;
           c4[i] = r.i64;
           c5[i] = r.u8;
           c6[i] = r.u16;
           c7[i] = r.f32;
           c8[i] = r.f64;
         }
       }},
      {"W2-ts", "", "CREATE TABLE t(c1 TIMESTAMP, c2 TIMESTAMP, c3 TIMESTAMP, c4 TIMESTAMP)", kRows,
       Columns<int64_t>(TimestampRows(), 4, micros)},
      {"W2-date", "", "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)", kRows,
       Columns<int32_t>(DateRows(), 4, days)},
      {"W2-tstz", "",
       "CREATE TABLE t(c1 TIMESTAMPTZ, c2 TIMESTAMPTZ, c3 TIMESTAMPTZ, c4 TIMESTAMPTZ)", kRows,
       Columns<int64_t>(TimestampRows(), 4, micros)},
      {"W3-short", "", "CREATE TABLE t(c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, c4 VARCHAR)",
       kStringRows, StringColumns(StringKind::kShort)},
      {"W3-long", "", "CREATE TABLE t(c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, c4 VARCHAR)", kStringRows,
       StringColumns(StringKind::kLong)},
      {"W3-georgian", "", "CREATE TABLE t(c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, c4 VARCHAR)",
       kStringRows, StringColumns(StringKind::kGeorgian)},
      {"W8", "",
       "CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER, "
       "g INTEGER, h INTEGER)",
       kRows,
       [](duckdb_data_chunk ch, size_t s, size_t n) {
         const auto& rows = OptionalRecords();
         static constexpr std::optional<int32_t> OptionalRecord::*kMembers[] = {
             &OptionalRecord::a, &OptionalRecord::b, &OptionalRecord::c, &OptionalRecord::d,
             &OptionalRecord::e, &OptionalRecord::f, &OptionalRecord::g, &OptionalRecord::h};
         for (size_t c = 0; c < 8; c++) {
           duckdb_vector v = D().data_chunk_get_vector(ch, c);
           auto* out = static_cast<int32_t*>(D().vector_get_data(v));
           uint64_t* valid = Valid(v, n);
           for (size_t i = 0; i < n; i++) {
             const auto& m = rows[s + i].*kMembers[c];
             out[i] = m.value_or(0);
             if (!m) valid[i / 64] &= ~(uint64_t{1} << (i % 64));
           }
         }
       }},
      {"W9", "", "CREATE TABLE t(l INTEGER[])", kRows,
       [](duckdb_data_chunk ch, size_t s, size_t n) {
         const auto& elements = ListElements();
         duckdb_vector list = D().data_chunk_get_vector(ch, 0);
         auto* entries = static_cast<duckdb_list_entry*>(D().vector_get_data(list));
         D().list_vector_reserve(list, n * kListLength);
         duckdb_vector child = D().list_vector_get_child(list);
         auto* out = static_cast<int32_t*>(D().vector_get_data(child));
         uint64_t* valid = Valid(child, n * kListLength);
         for (size_t k = 0; k < n * kListLength; k++) {
           const auto& e = elements[s * kListLength + k];
           out[k] = e.value_or(0);
           if (!e) valid[k / 64] &= ~(uint64_t{1} << (k % 64));
         }
         for (size_t i = 0; i < n; i++) entries[i] = {i * kListLength, kListLength};
         D().list_vector_set_size(list, n * kListLength);
       }},
      {"W10", enum_type.c_str(), "CREATE TABLE t(c1 venue, c2 venue, c3 venue, c4 venue)", kRows,
       Columns<uint8_t>(EnumRows(), 4, [](Venue v) { return static_cast<uint8_t>(v); })},
  };
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// An in-memory database; `threads` sets DuckDB's `threads`, 0 leaves its default.
struct Db {
  duckdb_database db = nullptr;
  duckdb_connection con = nullptr;
  explicit Db(int threads = g_threads ? g_threads : 1) {
    if (D().open(nullptr, &db) != DuckDBSuccess || D().connect(db, &con) != DuckDBSuccess) {
      throw std::runtime_error("cannot open DuckDB");
    }
    if (threads) Run(con, "SET threads = " + std::to_string(threads));
  }
  ~Db() {
    D().disconnect(&con);
    D().close(&db);
  }
};

void Report(const char* workload, const char* variant, std::vector<double> times,
            const char* unit) {
  std::printf("%s\tduckdb-alone\t%s\t%.2f\t%s\n", workload, variant, Median(std::move(times)),
              unit);
  std::fflush(stdout);
}

int64_t QueryInt64(duckdb_connection con, const char* sql) {
  duckdb_result r{};
  if (D().query(con, sql, &r) != DuckDBSuccess) {
    std::string e = D().result_error(&r);
    D().destroy_result(&r);
    throw std::runtime_error(e);
  }
  int64_t v = D().value_int64(&r, 0, 0);
  D().destroy_result(&r);
  return v;
}

/// `SELECT * FROM t` materialised, summing every value of the raw vectors as T.
template <typename T>
double ReadOnce(duckdb_connection con, size_t columns, uint64_t& sum) {
  double start = Now();
  duckdb_result r{};
  if (D().query(con, "SELECT * FROM t", &r) != DuckDBSuccess) throw std::runtime_error("query");
  while (duckdb_data_chunk ch = D().fetch_chunk(r)) {
    size_t n = D().data_chunk_get_size(ch);
    for (size_t c = 0; c < columns; c++) {
      const T* v = Data<T>(ch, c);
      for (size_t i = 0; i < n; i++) sum += static_cast<uint64_t>(static_cast<int64_t>(v[i]));
    }
    D().destroy_data_chunk(&ch);
  }
  D().destroy_result(&r);
  return Now() - start;
}

/// `SELECT …` of a Q2a..Q6 workload materialised; adds every value of the raw vectors (as
/// stored: int32, int64 or the double's bits) into `sum` and the rows into `rows`.
double QueryOnce(duckdb_connection con, const QuerySpec& q, uint64_t& sum, uint64_t& rows) {
  double start = Now();
  duckdb_result r{};
  if (D().query(con, q.sql, &r) != DuckDBSuccess) {
    std::string e = D().result_error(&r);
    D().destroy_result(&r);
    throw std::runtime_error(e);
  }
  while (duckdb_data_chunk ch = D().fetch_chunk(r)) {
    size_t n = D().data_chunk_get_size(ch);
    for (size_t c = 0; c < q.column_count; c++) {
      if (q.columns[c].type == ResultType::kInt32) {
        const auto* v = Data<int32_t>(ch, c);
        for (size_t i = 0; i < n; i++) sum += static_cast<uint64_t>(static_cast<int64_t>(v[i]));
      } else {  // int64_t and double: 8 bytes
        const auto* v = Data<uint64_t>(ch, c);
        for (size_t i = 0; i < n; i++) sum += v[i];
      }
    }
    rows += n;
    D().destroy_data_chunk(&ch);
  }
  D().destroy_result(&r);
  return Now() - start;
}

/// As teal-compare's: a name selects itself, "W2" its W2-… workloads, "Q2" Q2a and Q2b.
bool Wanted(const std::string& name, const std::vector<std::string>& wanted) {
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

int Main(int argc, char** argv) {
  int runs = 5;
  std::vector<std::string> wanted;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--threads" && i + 1 < argc) {
      g_threads = std::max(1, std::atoi(argv[++i]));
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "usage: teal-duckdb-alone [--runs N] [--threads N] [WORKLOAD...]\n");
      return 2;
    } else {
      wanted.push_back(arg);
    }
  }
  std::string why;
  g_api = LoadDuckDb(argv[0], why);
  if (!g_api) {
    std::fprintf(stderr, "teal-duckdb-alone: %s\n", why.c_str());
    return 1;
  }
  std::string threads =
      g_threads ? std::to_string(g_threads) : "1; Q2a..Q6: DuckDB's default, the number of cores";
  std::fprintf(stderr, "teal-duckdb-alone: DuckDB %s (threads = %s), %d runs after one warm-up\n",
               D().library_version(), threads.c_str(), runs);

  int failures = 0;
  for (const AppendWorkload& w : AppendWorkloads()) {
    if (!Wanted(w.name, wanted)) continue;
    Db db;
    if (*w.types) Run(db.con, w.types);
    std::vector<double> times;
    for (int r = 0; r <= runs; r++) {
      Run(db.con, "DROP TABLE IF EXISTS t");
      Run(db.con, w.table);
      double ms = AppendOnce(db.con, w);
      if (r > 0) times.push_back(ms);
    }
    int64_t count = QueryInt64(db.con, "SELECT count(*) FROM t");
    if (count != static_cast<int64_t>(w.rows)) {
      std::fprintf(stderr, "error: %s: %lld rows\n", w.name, static_cast<long long>(count));
      failures++;
    }
    Report(w.name, "chunk-api", times, "ms");
  }

  struct Read {
    const char* name;
    const char* table;
    size_t columns;
    bool wide;  // stored as int64 (TIMESTAMP), else int32
    Fill load;
  };
  auto ints = [](int32_t v) { return v; };
  auto micros = [](SysMicros t) { return static_cast<int64_t>(t.time_since_epoch().count()); };
  auto days = [](std::chrono::sys_days d) {
    return static_cast<int32_t>(d.time_since_epoch().count());
  };
  const char* int_table =
      "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, "
      "c7 INTEGER, c8 INTEGER)";
  std::vector<Read> reads = {
      {"W4", int_table, 8, false, Columns<int32_t>(IntRows(), 8, ints)},
      {"W5-ts", "CREATE TABLE t(c1 TIMESTAMP, c2 TIMESTAMP, c3 TIMESTAMP, c4 TIMESTAMP)", 4, true,
       Columns<int64_t>(TimestampRows(), 4, micros)},
      {"W5-date", "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)", 4, false,
       Columns<int32_t>(DateRows(), 4, days)},
      {"Q1", int_table, 8, false, Columns<int32_t>(IntRows(), 8, ints)},
  };
  for (const Read& rd : reads) {
    if (!Wanted(rd.name, wanted)) continue;
    Db db;
    Run(db.con, rd.table);
    AppendOnce(db.con, {rd.name, "", rd.table, kRows, rd.load});
    std::vector<double> times;
    for (int r = 0; r <= runs; r++) {
      uint64_t sum = 0;
      double ms;
      if (std::string(rd.name) == "Q1") {
        double start = Now();
        sum = static_cast<uint64_t>(QueryInt64(
            db.con,
            "SELECT sum(c1)+sum(c2)+sum(c3)+sum(c4)+sum(c5)+sum(c6)+sum(c7)+sum(c8) FROM t"));
        ms = Now() - start;
      } else {
        ms = rd.wide ? ReadOnce<int64_t>(db.con, rd.columns, sum)
                     : ReadOnce<int32_t>(db.con, rd.columns, sum);
      }
      if (sum == 0) failures++;  // keeps the sum alive; the data is never all zero
      if (r > 0) times.push_back(ms);
    }
    Report(rd.name, std::string(rd.name) == "Q1" ? "query+value_int64" : "chunk-materialized",
           times, "ms");
  }

  if (Wanted("Q0", wanted)) {
    Db db;
    std::vector<double> times;
    for (int r = 0; r <= runs; r++) {
      double start = Now();
      for (int q = 0; q < 2000; q++) {
        if (QueryInt64(db.con, "SELECT 42") != 42) failures++;
      }
      if (r > 0) times.push_back((Now() - start) * 1000 / 2000);
    }
    Report("Q0", "text", times, "us");
  }
  std::vector<const QuerySpec*> queries;
  for (const QuerySpec& q : kQuerySpecs) {
    if (Wanted(q.name, wanted)) queries.push_back(&q);
  }
  if (!queries.empty()) {
    Db db(g_threads);  // 0: DuckDB's default
    Run(db.con, kFactSchema);
    Run(db.con, kDimSchema);
    Run(db.con, kGraphSchema);
    AppendOnce(db.con, {"f", "", kFactSchema, kFactRows,
                        [](duckdb_data_chunk ch, size_t s, size_t n) {
                          auto* id = Data<int64_t>(ch, 0);
                          auto* k1000 = Data<int32_t>(ch, 1);
                          auto* k1m = Data<int32_t>(ch, 2);
                          auto* x = Data<double>(ch, 3);
                          auto* small = Data<int32_t>(ch, 4);
                          for (size_t i = 0; i < n; i++) {
                            FactRow r = FactAt(s + i);
                            id[i] = r.id;
                            k1000[i] = r.k1000;
                            k1m[i] = r.k1m;
                            x[i] = r.x;
                            small[i] = r.small;
                          }
                        },
                        "f"});
    AppendOnce(db.con, {"d", "", kDimSchema, kDimRows,
                        [](duckdb_data_chunk ch, size_t s, size_t n) {
                          auto* id = Data<int32_t>(ch, 0);
                          auto* grp = Data<int32_t>(ch, 1);
                          for (size_t i = 0; i < n; i++) {
                            DimRow r = DimAt(s + i);
                            id[i] = r.id;
                            grp[i] = r.grp;
                          }
                        },
                        "d"});
    AppendOnce(db.con, {"g", "", kGraphSchema, kGraphEdges,
                        [](duckdb_data_chunk ch, size_t s, size_t n) {
                          auto* a = Data<int32_t>(ch, 0);
                          auto* b = Data<int32_t>(ch, 1);
                          for (size_t i = 0; i < n; i++) {
                            EdgeRow e = EdgeAt(s + i);
                            a[i] = e.a;
                            b[i] = e.b;
                          }
                        },
                        "g"});
    for (const QuerySpec* q : queries) {
      std::vector<double> times;
      uint64_t first_sum = 0, first_rows = 0;
      for (int r = 0; r <= runs; r++) {
        uint64_t sum = 0, rows = 0;
        double ms = QueryOnce(db.con, *q, sum, rows);
        // teal-compare checks the answers; here every run must at least agree with the first.
        if (r == 0) {
          first_sum = sum;
          first_rows = rows;
        } else if (sum != first_sum || rows != first_rows || rows == 0) {
          std::fprintf(stderr, "error: %s: run %d differs from the warm-up\n", q->name, r);
          failures++;
        }
        if (r > 0) times.push_back(ms);
      }
      Report(q->name, "chunk-materialized", times, "ms");
    }
  }

  if (failures) std::fprintf(stderr, "teal-duckdb-alone: %d error(s)\n", failures);
  return failures ? 1 : 0;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  try {
    return bench::Main(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "teal-duckdb-alone: %s\n", e.what());
    return 1;
  }
}
