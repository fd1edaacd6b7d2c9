// bench/compare/duckdb_cases.cpp — the workloads on DuckDB, through its C API.
//
// Each append workload runs both of DuckDB's loading paths: the row appender
// (duckdb_append_<type> + duckdb_appender_end_row) and the data-chunk API (fill 2048-row
// vectors in place, duckdb_append_data_chunk), so that the speedup compares Teal with
// DuckDB's fastest way in. Reads run the raw chunk vectors of a materialised result
// (duckdb_query + duckdb_fetch_chunk), of a streaming one, and the per-value accessor
// duckdb_value_<type>. Queries (Q0, Q1) read their one value with duckdb_value_<type>, Q0
// both from duckdb_query and from a statement prepared once (duckdb_execute_prepared);
// Q2a..Q6 read every result row from the raw vectors of a materialised and of a streaming
// result (query_answer.hpp). DuckDB runs with its default settings but `threads`, which is
// 1 for W*, Q0 and Q1 unless --duckdb-threads says otherwise (bench/README.md: on this
// shared 2-core machine one thread is DuckDB's fastest on those workloads, and it is what
// Teal and SQLite use); Q2a..Q6 keep DuckDB's default (the number of cores), as issue 10
// asks, unless --duckdb-threads is given.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "data.hpp"
#include "digest.hpp"
#include "harness.hpp"
#include "lookups.hpp"
#include "queries.hpp"
#include "query_answer.hpp"

namespace bench {
namespace {

const DuckDbApi* g_api = nullptr;
const DuckDbApi& D() { return *g_api; }
int g_threads = 1;        // DuckDB's `threads` setting for W*, Q0 and Q1
int g_query_threads = 0;  // for Q2a..Q6; 0: DuckDB's default

void Ok(duckdb_state state, const char* what) {
  if (state != DuckDBSuccess) throw std::runtime_error(std::string("DuckDB: ") + what + " failed");
}

/// A materialised query result, destroyed with the object.
class DuckResult {
 public:
  DuckResult(duckdb_connection con, const char* sql) {
    if (D().query(con, sql, &result_) != DuckDBSuccess) {
      std::string error = D().result_error(&result_);
      D().destroy_result(&result_);
      throw std::runtime_error("DuckDB: " + error + " (" + sql + ")");
    }
  }
  ~DuckResult() { D().destroy_result(&result_); }
  DuckResult(const DuckResult&) = delete;
  DuckResult& operator=(const DuckResult&) = delete;
  duckdb_result* get() { return &result_; }

 private:
  duckdb_result result_{};
};

/// An in-memory database with one connection; `schema` (if any) is run once. `threads`
/// sets DuckDB's `threads`; 0 leaves its default.
class DuckDb {
 public:
  explicit DuckDb(const std::string& schema = "", int threads = g_threads) {
    path_ = FileDatabasePath("duckdb");
    Ok(D().open(path_.empty() ? nullptr : path_.c_str(), &db_), "duckdb_open");
    Ok(D().connect(db_, &con_), "duckdb_connect");
    if (threads > 0) {
      std::string set_threads = "SET threads = " + std::to_string(threads);
      DuckResult set(con_, set_threads.c_str());
    }
    if (!schema.empty()) {
      DuckResult r(con_, schema.c_str());
    }
  }
  ~DuckDb() {
    D().disconnect(&con_);
    D().close(&db_);
  }
  DuckDb(const DuckDb&) = delete;
  DuckDb& operator=(const DuckDb&) = delete;
  duckdb_connection con() const { return con_; }
  /// A database file (W11), not an in-memory database.
  bool OnFile() const { return !path_.empty(); }
  int64_t QueryInt64(const char* sql) {
    DuckResult r(con_, sql);
    return D().value_int64(r.get(), 0, 0);
  }

 private:
  std::string path_;
  duckdb_database db_ = nullptr;
  duckdb_connection con_ = nullptr;
};

/// A prepared statement, destroyed with the object: declare it after the DuckDb it is
/// prepared on, so that it goes first.
class DuckPrepared {
 public:
  DuckPrepared(duckdb_connection con, const char* sql) {
    if (D().prepare(con, sql, &stmt_) != DuckDBSuccess) {
      D().destroy_prepare(&stmt_);  // allocated even when preparing fails
      throw std::runtime_error(std::string("DuckDB: duckdb_prepare failed (") + sql + ")");
    }
  }
  ~DuckPrepared() { D().destroy_prepare(&stmt_); }
  DuckPrepared(const DuckPrepared&) = delete;
  DuckPrepared& operator=(const DuckPrepared&) = delete;
  duckdb_prepared_statement get() const { return stmt_; }

 private:
  duckdb_prepared_statement stmt_ = nullptr;
};

/// An appender on `table`; destroying it flushes (the flush is part of the timed work).
class DuckAppender {
 public:
  explicit DuckAppender(duckdb_connection con, const char* table = "t") {
    Ok(D().appender_create(con, nullptr, table, &appender_), "duckdb_appender_create");
  }
  ~DuckAppender() {
    if (appender_) D().appender_destroy(&appender_);
  }
  DuckAppender(const DuckAppender&) = delete;
  DuckAppender& operator=(const DuckAppender&) = delete;
  duckdb_appender get() const { return appender_; }
  void Close() {
    if (D().appender_close(appender_) != DuckDBSuccess) {
      throw std::runtime_error(std::string("DuckDB appender: ") + D().appender_error(appender_));
    }
    D().appender_destroy(&appender_);
    appender_ = nullptr;
  }

 private:
  duckdb_appender appender_ = nullptr;
};

/// One per append call: a failing append reports DuckDB's message.
inline void Appended(duckdb_state state, duckdb_appender appender) {
  if (state != DuckDBSuccess) [[unlikely]] {
    throw std::runtime_error(std::string("DuckDB appender: ") + D().appender_error(appender));
  }
}

/// Appends `rows` rows through data chunks with the appender's column types:
/// fill(chunk, first_row, count) writes rows [first_row, first_row + count) into the
/// chunk's vectors (from position 0).
template <typename Fill>
void AppendChunks(duckdb_appender appender, size_t rows, Fill fill) {
  duckdb_idx_t columns = D().appender_column_count(appender);
  std::vector<duckdb_logical_type> types(columns);
  for (duckdb_idx_t c = 0; c < columns; c++) types[c] = D().appender_column_type(appender, c);
  duckdb_data_chunk chunk = D().create_data_chunk(types.data(), columns);
  for (auto& t : types) D().destroy_logical_type(&t);
  const size_t capacity = D().vector_size();
  for (size_t start = 0; start < rows; start += capacity) {
    size_t n = std::min(capacity, rows - start);
    fill(chunk, start, n);
    D().data_chunk_set_size(chunk, n);
    Appended(D().append_data_chunk(appender, chunk), appender);
    D().data_chunk_reset(chunk);
  }
  D().destroy_data_chunk(&chunk);
}

template <typename T>
T* Column(duckdb_data_chunk chunk, duckdb_idx_t c) {
  return static_cast<T*>(D().vector_get_data(D().data_chunk_get_vector(chunk, c)));
}

/// The writable validity words of a vector, every row [0, rows) marked valid.
uint64_t* AllValid(duckdb_vector vector, size_t rows) {
  D().vector_ensure_validity_writable(vector);
  uint64_t* words = D().vector_get_validity(vector);
  std::fill(words, words + (rows + 63) / 64, ~uint64_t{0});
  return words;
}
inline void SetNull(uint64_t* words, size_t row) {
  words[row / 64] &= ~(uint64_t{1} << (row % 64));
}

/// One database per variant (harness.hpp's AppendSchema): the table is dropped and
/// created again before each run, untimed; the appends and the appender's close are timed.
template <typename Append, typename Verify>
Variant AppendVariant(std::string name, AppendSchema schema, Append append, Verify verify) {
  return {"duckdb", std::move(name), Role::kPlain, [=] {
            auto db = std::make_shared<DuckDb>(schema.types);
            return RunFn([=](bool check) {
              DuckResult drop(db->con(), "DROP TABLE IF EXISTS t");
              DuckResult create(db->con(), schema.table.c_str());
              // W11: every engine starts a run with its file checkpointed (harness.hpp).
              if (db->OnFile()) DuckResult checkpoint(db->con(), "CHECKPOINT");
              Stopwatch sw;
              {
                DuckAppender appender(db->con());
                append(appender.get());
                appender.Close();
              }
              double ms = sw.Ms();
              if (check) verify(*db);
              return ms;
            });
          }};
}

/// A column of a result chunk, read in place.
class DuckColumn {
 public:
  explicit DuckColumn(duckdb_vector v)
      : vector_(v), data_(D().vector_get_data(v)), valid_(D().vector_get_validity(v)) {}
  bool IsValid(size_t i) const { return !valid_ || ((valid_[i / 64] >> (i % 64)) & 1); }
  template <typename T>
  T At(size_t i) const {
    return static_cast<const T*>(data_)[i];
  }
  /// A VARCHAR value: duckdb_string_t is a uint32 length, then up to 12 bytes inline, or
  /// a 4-byte prefix and a pointer to the bytes.
  std::string_view String(size_t i) const {
    const char* p = static_cast<const char*>(data_) + 16 * i;
    uint32_t length;
    std::memcpy(&length, p, 4);
    if (length <= 12) return {p + 4, length};
    const char* bytes;
    std::memcpy(&bytes, p + 8, sizeof(bytes));
    return {bytes, length};
  }
  duckdb_vector vector() const { return vector_; }

 private:
  duckdb_vector vector_;
  const void* data_;
  const uint64_t* valid_;
};

/// The hash (digest.hpp) of row i of a column stored as T: NULL, an integer or a float.
template <typename T>
uint64_t HashAt(const DuckColumn& c, size_t i) {
  if (!c.IsValid(i)) return HashNull();
  if constexpr (std::is_floating_point_v<T>) {
    return HashDouble(c.At<T>(i));
  } else {
    return HashInt(static_cast<int64_t>(c.At<T>(i)));
  }
}

/// Reads every row of t back through raw result chunks, add_row(columns, i, digest) adding
/// row i's values, and checks every value against the generated rows (digest.hpp).
template <typename AddRow>
void VerifyAll(DuckDb& db, const std::string& workload, AddRow add_row) {
  const auto& names = DigestColumns(workload);
  Digest d(names.size());
  DuckResult r(db.con(), "SELECT * FROM t");
  while (duckdb_data_chunk chunk = D().fetch_chunk(*r.get())) {
    std::vector<DuckColumn> columns;
    for (size_t c = 0; c < names.size(); c++) {
      columns.emplace_back(D().data_chunk_get_vector(chunk, c));
    }
    size_t n = D().data_chunk_get_size(chunk);
    for (size_t i = 0; i < n; i++) {
      add_row(columns, i, d);
      d.EndRow();
    }
    D().destroy_data_chunk(&chunk);
  }
  d.CheckEquals(workload + " duckdb", ExpectedDigest(workload), names);
}

using LoadFn = void (*)(duckdb_connection);

template <typename Sum, typename Want>
Variant ReadVariant(std::string workload, std::string name, Role role, std::string schema,
                    LoadFn load, Sum sum, Want want) {
  return {"duckdb", name, role, [=] {
            auto db = std::make_shared<DuckDb>(schema);
            load(db->con());
            return RunFn([=](bool) {
              Stopwatch sw;
              auto got = sum(db->con());
              double ms = sw.Ms();
              Check(workload + " duckdb " + name, got, want());
              return ms;
            });
          }};
}

// ---- W1 ---------------------------------------------------------------------------------

std::vector<Variant> W1() {
  AppendSchema schema = {
      "",
      "CREATE TABLE t(c1 TINYINT, c2 SMALLINT, c3 INTEGER, c4 BIGINT, c5 UTINYINT, "
      "c6 USMALLINT, c7 FLOAT, c8 DOUBLE)"};
  auto verify = [](DuckDb& db) {
    VerifyAll(db, "W1", [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      d.Add(0, HashAt<int8_t>(c[0], i));
      d.Add(1, HashAt<int16_t>(c[1], i));
      d.Add(2, HashAt<int32_t>(c[2], i));
      d.Add(3, HashAt<int64_t>(c[3], i));
      d.Add(4, HashAt<uint8_t>(c[4], i));
      d.Add(5, HashAt<uint16_t>(c[5], i));
      d.Add(6, HashAt<float>(c[6], i));
      d.Add(7, HashAt<double>(c[7], i));
    });
  };
  return {
      AppendVariant(
          "appender", schema,
          [](duckdb_appender a) {
            for (const NumericRow& r : NumericRows()) {
              Appended(D().append_int8(a, r.i8), a);
              Appended(D().append_int16(a, r.i16), a);
              Appended(D().append_int32(a, r.i32), a);
              Appended(D().append_int64(a, r.i64), a);
              Appended(D().append_uint8(a, r.u8), a);
              Appended(D().append_uint16(a, r.u16), a);
              Appended(D().append_float(a, r.f32), a);
              Appended(D().append_double(a, r.f64), a);
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      AppendVariant(
          "chunk-api", schema,
          [](duckdb_appender a) {
            const auto& rows = NumericRows();
            AppendChunks(a, rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
              auto* c1 = Column<int8_t>(ch, 0);
              auto* c2 = Column<int16_t>(ch, 1);
              auto* c3 = Column<int32_t>(ch, 2);
              auto* c4 = Column<int64_t>(ch, 3);
              auto* c5 = Column<uint8_t>(ch, 4);
              auto* c6 = Column<uint16_t>(ch, 5);
              auto* c7 = Column<float>(ch, 6);
              auto* c8 = Column<double>(ch, 7);
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
            });
          },
          verify),
  };
}

// ---- W2 ---------------------------------------------------------------------------------

std::vector<Variant> W2Timestamps(const std::string& workload, const char* type) {
  AppendSchema schema = {"", std::string("CREATE TABLE t(c1 ") + type + ", c2 " + type + ", c3 " +
                                 type + ", c4 " + type + ")"};
  // TIMESTAMP and TIMESTAMPTZ are both int64 microseconds since 1970 in a result chunk.
  auto verify = [workload](DuckDb& db) {
    VerifyAll(db, workload, [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      for (size_t k = 0; k < 4; k++) d.Add(k, HashAt<int64_t>(c[k], i));
    });
  };
  return {
      AppendVariant(
          "appender", schema,
          [](duckdb_appender a) {
            for (const TimestampRow& r : TimestampRows()) {
              for (auto t : r) {
                Appended(D().append_timestamp(a, {t.time_since_epoch().count()}), a);
              }
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      AppendVariant(
          "chunk-api", schema,
          [](duckdb_appender a) {
            const auto& rows = TimestampRows();
            AppendChunks(a, rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
              int64_t* c[4];
              for (int k = 0; k < 4; k++) c[k] = Column<int64_t>(ch, k);
              for (size_t i = 0; i < n; i++) {
                for (int k = 0; k < 4; k++) {
                  c[k][i] = rows[s + i][k].time_since_epoch().count();
                }
              }
            });
          },
          verify),
  };
}

std::vector<Variant> W2Dates() {
  AppendSchema schema = {"", "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)"};
  auto verify = [](DuckDb& db) {  // DATE: int32 days since 1970
    VerifyAll(db, "W2-date", [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      for (size_t k = 0; k < 4; k++) d.Add(k, HashAt<int32_t>(c[k], i));
    });
  };
  return {
      AppendVariant(
          "appender", schema,
          [](duckdb_appender a) {
            for (const DateRow& r : DateRows()) {
              for (auto d : r) {
                Appended(D().append_date(a, {static_cast<int32_t>(d.time_since_epoch().count())}),
                         a);
              }
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      AppendVariant(
          "chunk-api", schema,
          [](duckdb_appender a) {
            const auto& rows = DateRows();
            AppendChunks(a, rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
              int32_t* c[4];
              for (int k = 0; k < 4; k++) c[k] = Column<int32_t>(ch, k);
              for (size_t i = 0; i < n; i++) {
                for (int k = 0; k < 4; k++) {
                  c[k][i] = static_cast<int32_t>(rows[s + i][k].time_since_epoch().count());
                }
              }
            });
          },
          verify),
  };
}

// ---- W3 ---------------------------------------------------------------------------------

std::vector<Variant> W3(const std::string& workload, StringKind kind) {
  AppendSchema schema = {"", "CREATE TABLE t(c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, c4 VARCHAR)"};
  auto verify = [workload](DuckDb& db) {
    VerifyAll(db, workload, [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      for (size_t k = 0; k < 4; k++) {
        d.Add(k, c[k].IsValid(i) ? HashString(c[k].String(i)) : HashNull());
      }
    });
  };
  return {
      AppendVariant(
          "appender", schema,
          [kind](duckdb_appender a) {
            const StringTable& t = Strings(kind);
            for (size_t i = 0; i < kStringRows; i++) {
              for (size_t c = 0; c < 4; c++) {
                std::string_view s = t.At(i, c);
                Appended(D().append_varchar_length(a, s.data(), s.size()), a);
              }
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      AppendVariant(
          "chunk-api", schema,
          [kind](duckdb_appender a) {
            const StringTable& t = Strings(kind);
            AppendChunks(a, kStringRows, [&](duckdb_data_chunk ch, size_t s, size_t n) {
              for (size_t c = 0; c < 4; c++) {
                duckdb_vector v = D().data_chunk_get_vector(ch, c);
                for (size_t i = 0; i < n; i++) {
                  std::string_view str = t.At(s + i, c);
                  D().vector_assign_string_element_len(v, i, str.data(), str.size());
                }
              }
            });
          },
          verify),
  };
}

// ---- W4, W5 -----------------------------------------------------------------------------

/// Sums every chunk of `result` with sum_chunk(chunk, rows); destroys each chunk.
template <typename Acc, typename SumChunk>
Acc SumChunks(duckdb_result* result, SumChunk sum_chunk) {
  Acc sum = 0;
  while (duckdb_data_chunk chunk = D().fetch_chunk(*result)) {
    sum += sum_chunk(chunk, D().data_chunk_get_size(chunk));
    D().destroy_data_chunk(&chunk);
  }
  return sum;
}

/// The sum over `columns` columns of stored type T of each chunk, with validity.
template <typename T, typename Acc>
Acc SumColumns(duckdb_data_chunk chunk, size_t n, size_t columns) {
  Acc sum = 0;
  for (size_t c = 0; c < columns; c++) {
    duckdb_vector v = D().data_chunk_get_vector(chunk, c);
    const T* data = static_cast<const T*>(D().vector_get_data(v));
    const uint64_t* valid = D().vector_get_validity(v);
    if (!valid) {
      for (size_t i = 0; i < n; i++) sum += static_cast<Acc>(data[i]);
    } else {
      for (size_t i = 0; i < n; i++) {
        if ((valid[i / 64] >> (i % 64)) & 1) sum += static_cast<Acc>(data[i]);
      }
    }
  }
  return sum;
}

/// The three read paths for a table of `columns` columns of stored type T.
template <typename T, typename Acc, typename PerValue, typename Want>
std::vector<Variant> ReadVariants(const std::string& workload, const std::string& schema,
                                  LoadFn load, size_t columns, PerValue per_value, Want want) {
  return {
      ReadVariant(
          workload, "chunk-materialized", Role::kPlain, schema, load,
          [columns](duckdb_connection con) {
            DuckResult r(con, "SELECT * FROM t");
            return SumChunks<Acc>(r.get(), [&](duckdb_data_chunk ch, size_t n) {
              return SumColumns<T, Acc>(ch, n, columns);
            });
          },
          want),
      ReadVariant(
          workload, "chunk-streaming", Role::kPlain, schema, load,
          [columns](duckdb_connection con) {
            duckdb_prepared_statement stmt = nullptr;
            Ok(D().prepare(con, "SELECT * FROM t", &stmt), "duckdb_prepare");
            duckdb_result result{};
            Ok(D().execute_prepared_streaming(stmt, &result), "execute streaming");
            Acc sum = SumChunks<Acc>(&result, [&](duckdb_data_chunk ch, size_t n) {
              return SumColumns<T, Acc>(ch, n, columns);
            });
            D().destroy_result(&result);
            D().destroy_prepare(&stmt);
            return sum;
          },
          want),
      ReadVariant(
          workload, "per-value-accessor", Role::kPlain, schema, load,
          [columns, per_value](duckdb_connection con) {
            DuckResult r(con, "SELECT * FROM t");
            duckdb_idx_t rows = D().row_count(r.get());
            Acc sum = 0;
            for (duckdb_idx_t i = 0; i < rows; i++) {
              for (duckdb_idx_t c = 0; c < columns; c++) sum += per_value(r.get(), c, i);
            }
            return sum;
          },
          want),
  };
}

/// Loads the generated rows (untimed) through the chunk API: columns of T, one per
/// element of Row, value(row_element) giving the stored number.
template <typename T, typename Rows, typename Value>
void LoadColumns(duckdb_connection con, const Rows& rows, Value value) {
  DuckAppender appender(con);
  AppendChunks(appender.get(), rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
    constexpr size_t kColumns = std::tuple_size_v<typename Rows::value_type>;
    for (size_t c = 0; c < kColumns; c++) {
      T* data = Column<T>(ch, c);
      for (size_t i = 0; i < n; i++) data[i] = value(rows[s + i][c]);
    }
  });
  appender.Close();
}
void LoadInts(duckdb_connection con) {
  LoadColumns<int32_t>(con, IntRows(), [](int32_t v) { return v; });
}
void LoadTimestamps(duckdb_connection con) {
  LoadColumns<int64_t>(con, TimestampRows(),
                       [](SysMicros t) { return t.time_since_epoch().count(); });
}
void LoadDates(duckdb_connection con) {
  LoadColumns<int32_t>(con, DateRows(), [](std::chrono::sys_days d) {
    return static_cast<int32_t>(d.time_since_epoch().count());
  });
}

constexpr const char* kIntSchema =
    "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, "
    "c7 INTEGER, c8 INTEGER)";

std::vector<Variant> W4() {
  auto v = ReadVariants<int32_t, int64_t>(
      "W4", kIntSchema, LoadInts, 8,
      [](duckdb_result* r, duckdb_idx_t c, duckdb_idx_t i) {
        return static_cast<int64_t>(D().value_int32(r, c, i));
      },
      ExpectedIntSum);
  v.push_back(ReadVariant(
      "W4", "sql-sum(control)", Role::kControl, kIntSchema, LoadInts,
      [](duckdb_connection con) {
        // As Teal's control: the engine sums the columns, the client adds the 8 sums.
        DuckResult r(con,
                     "SELECT sum(c1), sum(c2), sum(c3), sum(c4), sum(c5), sum(c6), sum(c7), "
                     "sum(c8) FROM t");
        int64_t sum = 0;
        for (duckdb_idx_t c = 0; c < 8; c++) sum += D().value_int64(r.get(), c, 0);
        return sum;
      },
      ExpectedIntSum));
  return v;
}

uint64_t ExpectedDays() { return static_cast<uint64_t>(ExpectedDateSum()); }

std::vector<Variant> W5(bool timestamps) {
  if (timestamps) {
    return ReadVariants<int64_t, uint64_t>(
        "W5-ts", "CREATE TABLE t(c1 TIMESTAMP, c2 TIMESTAMP, c3 TIMESTAMP, c4 TIMESTAMP)",
        LoadTimestamps, 4,
        [](duckdb_result* r, duckdb_idx_t c, duckdb_idx_t i) {
          return static_cast<uint64_t>(D().value_timestamp(r, c, i).micros);
        },
        ExpectedTimestampSum);
  }
  return ReadVariants<int32_t, uint64_t>(
      "W5-date", "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)", LoadDates, 4,
      [](duckdb_result* r, duckdb_idx_t c, duckdb_idx_t i) {
        return static_cast<uint64_t>(static_cast<int64_t>(D().value_date(r, c, i).days));
      },
      ExpectedDays);
}

// ---- W8, W9, W10 ------------------------------------------------------------------------

std::vector<Variant> W8() {
  AppendSchema schema = {
      "",
      "CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER, "
      "g INTEGER, h INTEGER)"};
  auto verify = [](DuckDb& db) {
    VerifyAll(db, "W8", [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      for (size_t k = 0; k < 8; k++) d.Add(k, HashAt<int32_t>(c[k], i));
    });
  };
  return {
      AppendVariant(
          "appender", schema,
          [](duckdb_appender a) {
            for (const OptionalRecord& r : OptionalRecords()) {
              for (const auto* m : {&r.a, &r.b, &r.c, &r.d, &r.e, &r.f, &r.g, &r.h}) {
                Appended(*m ? D().append_int32(a, **m) : D().append_null(a), a);
              }
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      AppendVariant(
          "chunk-api", schema,
          [](duckdb_appender a) {
            const auto& rows = OptionalRecords();
            AppendChunks(a, rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
              static constexpr std::optional<int32_t> OptionalRecord::*kMembers[] = {
                  &OptionalRecord::a, &OptionalRecord::b, &OptionalRecord::c, &OptionalRecord::d,
                  &OptionalRecord::e, &OptionalRecord::f, &OptionalRecord::g, &OptionalRecord::h};
              for (size_t c = 0; c < 8; c++) {
                duckdb_vector v = D().data_chunk_get_vector(ch, c);
                auto* data = static_cast<int32_t*>(D().vector_get_data(v));
                uint64_t* valid = AllValid(v, n);
                for (size_t i = 0; i < n; i++) {
                  const std::optional<int32_t>& m = rows[s + i].*kMembers[c];
                  if (m) {
                    data[i] = *m;
                  } else {
                    SetNull(valid, i);
                  }
                }
              }
            });
          },
          verify),
  };
}

std::vector<Variant> W9() {
  AppendSchema schema = {"", "CREATE TABLE t(l INTEGER[])"};
  auto verify = [](DuckDb& db) {
    VerifyAll(db, "W9", [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      if (!c[0].IsValid(i)) {
        d.Add(0, HashNull());
        return;
      }
      // The list's entry {offset, length} indexes its child vector.
      auto entry = c[0].At<duckdb_list_entry>(i);
      DuckColumn child(D().list_vector_get_child(c[0].vector()));
      ListHash h;
      for (uint64_t j = entry.offset; j < entry.offset + entry.length; j++) {
        h.Add(HashAt<int32_t>(child, j));
      }
      d.Add(0, h.Get());
    });
  };
  return {
      AppendVariant(
          "chunk-api", schema,
          [](duckdb_appender a) {
            const auto& elements = ListElements();
            AppendChunks(a, kRows, [&](duckdb_data_chunk ch, size_t s, size_t n) {
              duckdb_vector list = D().data_chunk_get_vector(ch, 0);
              auto* entries = static_cast<duckdb_list_entry*>(D().vector_get_data(list));
              Ok(D().list_vector_reserve(list, n * kListLength), "list_vector_reserve");
              duckdb_vector child = D().list_vector_get_child(list);
              auto* data = static_cast<int32_t*>(D().vector_get_data(child));
              uint64_t* valid = AllValid(child, n * kListLength);
              for (size_t i = 0; i < n; i++) {
                entries[i] = {i * kListLength, kListLength};
                for (size_t j = 0; j < kListLength; j++) {
                  size_t k = i * kListLength + j;
                  const std::optional<int32_t>& e = elements[s * kListLength + k];
                  if (e) {
                    data[k] = *e;
                  } else {
                    SetNull(valid, k);
                  }
                }
              }
              Ok(D().list_vector_set_size(list, n * kListLength), "list_vector_set_size");
            });
          },
          verify),
      AppendVariant(
          "appender-list-value", schema,
          [](duckdb_appender a) {
            const auto& elements = ListElements();
            duckdb_logical_type int_type = D().create_logical_type(DUCKDB_TYPE_INTEGER);
            duckdb_value values[kListLength];
            for (size_t i = 0; i < kRows; i++) {
              for (size_t j = 0; j < kListLength; j++) {
                const auto& e = elements[i * kListLength + j];
                values[j] = e ? D().create_int32(*e) : D().create_null_value();
              }
              duckdb_value list = D().create_list_value(int_type, values, kListLength);
              Appended(D().append_value(a, list), a);
              Appended(D().appender_end_row(a), a);
              D().destroy_value(&list);
              for (auto& v : values) D().destroy_value(&v);
            }
            D().destroy_logical_type(&int_type);
          },
          verify),
  };
}

AppendSchema EnumSchema() {
  std::string sql = "CREATE TYPE venue AS ENUM (";
  for (size_t i = 0; i < kVenueCount; i++) {
    sql += (i ? ", '" : "'") + std::string(kVenueLabels[i]) + "'";
  }
  return {sql + ")", "CREATE TABLE t(c1 venue, c2 venue, c3 venue, c4 venue)"};
}

std::vector<Variant> W10() {
  auto verify = [](DuckDb& db) {  // 12 labels: the index is a uint8 in a result chunk
    VerifyAll(db, "W10", [](const std::vector<DuckColumn>& c, size_t i, Digest& d) {
      for (size_t k = 0; k < 4; k++) d.Add(k, HashAt<uint8_t>(c[k], i));
    });
  };
  return {
      AppendVariant(
          "appender-varchar-labels", EnumSchema(),
          [](duckdb_appender a) {
            for (const EnumRow& r : EnumRows()) {
              for (Venue v : r) {
                const char* label = kVenueLabels[static_cast<size_t>(v)];
                Appended(D().append_varchar_length(a, label, 4), a);
              }
              Appended(D().appender_end_row(a), a);
            }
          },
          verify),
      // 12 labels: DuckDB stores the index as uint8_t.
      AppendVariant(
          "chunk-api-indexes", EnumSchema(),
          [](duckdb_appender a) {
            const auto& rows = EnumRows();
            AppendChunks(a, rows.size(), [&](duckdb_data_chunk ch, size_t s, size_t n) {
              uint8_t* c[4];
              for (int k = 0; k < 4; k++) c[k] = Column<uint8_t>(ch, k);
              for (size_t i = 0; i < n; i++) {
                for (int k = 0; k < 4; k++) c[k][i] = static_cast<uint8_t>(rows[s + i][k]);
              }
            });
          },
          verify),
  };
}

// ---- L1: index lookups ---------------------------------------------------------------

std::vector<Variant> Lookups(const std::string& workload) {
  // Prepared once, untimed; duckdb_bind_int64 per parameter, duckdb_execute_prepared
  // materialises the result, duckdb_value_int64 reads it (casting sum's HUGEINT).
  return {{"duckdb", "text", Role::kPlain,
           [workload] {
             const LookupKind kind = LookupKindOf(workload);
             auto db = std::make_shared<DuckDb>(kLookupSchema);
             DuckResult load(db->con(), kLookupLoad);
             return RunFn([=](bool) {
               return TimeLookups("L1 duckdb text", kind, [&](int64_t q) {
                 DuckResult r(db->con(), LookupText(kind, q).c_str());
                 return static_cast<int64_t>(D().value_int64(r.get(), 0, 0));
               });
             });
           }},
          {"duckdb", "prepared", Role::kPrepared, [workload] {
             const LookupKind kind = LookupKindOf(workload);
             const std::string sql = kind == LookupKind::kPoint ? kLookupPointSql
                                     : kind == LookupKind::kIn  ? LookupInSql()
                                                                : kLookupRangeSql;
             struct State {
               DuckDb db{kLookupSchema};
               std::unique_ptr<DuckPrepared> stmt;  // destroyed before db
             };
             auto s = std::make_shared<State>();
             DuckResult load(s->db.con(), kLookupLoad);
             s->stmt = std::make_unique<DuckPrepared>(s->db.con(), sql.c_str());
             return RunFn([=](bool) {
               duckdb_prepared_statement p = s->stmt->get();
               return TimeLookups("L1 duckdb prepared", kind, [&](int64_t q) {
                 if (kind == LookupKind::kPoint) {
                   D().bind_int64(p, 1, LookupRow(q) * 7);
                 } else if (kind == LookupKind::kIn) {
                   for (int j = 0; j < kLookupInList; j++) {
                     D().bind_int64(p, static_cast<duckdb_idx_t>(j + 1),
                                    LookupRow(q * kLookupInList + j) * 7);
                   }
                 } else {
                   D().bind_int64(p, 1, LookupRangeFirst(q) * 7);
                   D().bind_int64(p, 2, (LookupRangeFirst(q) + kLookupSpan) * 7);
                 }
                 duckdb_result result{};
                 if (D().execute_prepared(p, &result) != DuckDBSuccess) {
                   std::string error = D().result_error(&result);
                   D().destroy_result(&result);
                   throw std::runtime_error("DuckDB: " + error + " (" + sql + ")");
                 }
                 const int64_t value = D().value_int64(&result, 0, 0);
                 D().destroy_result(&result);
                 return value;
               });
             });
           }}};
}

// ---- Q0, Q1 -----------------------------------------------------------------------------

/// The INTEGER of a result's one row (duckdb_value_int32 reads the materialised result).
int64_t OneInteger(duckdb_result* result) { return D().value_int32(result, 0, 0); }

std::vector<Variant> Q0() {
  return {
      // duckdb_query parses, binds and plans every time; the result is destroyed after it.
      {"duckdb", "text", Role::kPlain,
       [] {
         auto db = std::make_shared<DuckDb>();
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 duckdb text", [&] {
             DuckResult r(db->con(), kTrivialSql);
             return OneInteger(r.get());
           });
         });
       }},
      // Prepared once, untimed; duckdb_execute_prepared materialises the result each time.
      {"duckdb", "prepared", Role::kPrepared,
       [] {
         struct State {
           DuckDb db;
           DuckPrepared stmt{db.con(), kTrivialSql};  // after db: destroyed first
         };
         auto s = std::make_shared<State>();
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 duckdb prepared", [&] {
             duckdb_result result{};
             if (D().execute_prepared(s->stmt.get(), &result) != DuckDBSuccess) {
               std::string error = D().result_error(&result);
               D().destroy_result(&result);
               throw std::runtime_error("DuckDB: " + error + " (" + kTrivialSql + ")");
             }
             int64_t value = OneInteger(&result);
             D().destroy_result(&result);
             return value;
           });
         });
       }},
  };
}

std::vector<Variant> Q1() {
  return {ReadVariant(
      "Q1", "query+value_int64", Role::kPlain, kIntSchema, LoadInts,
      [](duckdb_connection con) {
        DuckResult r(con, kSumSql);
        // The sum is HUGEINT; duckdb_value_int64 casts it (0 if it did not fit).
        return D().value_int64(r.get(), 0, 0);
      },
      ExpectedIntSum)};
}

// ---- Q2a..Q6 ----------------------------------------------------------------------------

/// f and d (queries.hpp), loaded through the chunk API by the first Q variant's setup and
/// shared by the rest (harness.hpp's KeepUntilEnd).
std::shared_ptr<DuckDb> QueryDb() {
  static std::weak_ptr<DuckDb> shared;
  if (auto db = shared.lock()) return db;
  Stopwatch sw;
  auto db = std::make_shared<DuckDb>(kFactSchema, g_query_threads);
  DuckResult create(db->con(), kDimSchema);
  DuckResult create_graph(db->con(), kGraphSchema);
  {
    DuckAppender appender(db->con(), "f");
    AppendChunks(appender.get(), kFactRows, [](duckdb_data_chunk ch, size_t s, size_t n) {
      auto* id = Column<int64_t>(ch, 0);
      auto* k1000 = Column<int32_t>(ch, 1);
      auto* k1m = Column<int32_t>(ch, 2);
      auto* x = Column<double>(ch, 3);
      auto* small = Column<int32_t>(ch, 4);
      for (size_t i = 0; i < n; i++) {
        FactRow r = FactAt(s + i);
        id[i] = r.id;
        k1000[i] = r.k1000;
        k1m[i] = r.k1m;
        x[i] = r.x;
        small[i] = r.small;
      }
    });
    appender.Close();
  }
  {
    DuckAppender appender(db->con(), "d");
    AppendChunks(appender.get(), kDimRows, [](duckdb_data_chunk ch, size_t s, size_t n) {
      auto* id = Column<int32_t>(ch, 0);
      auto* grp = Column<int32_t>(ch, 1);
      for (size_t i = 0; i < n; i++) {
        DimRow r = DimAt(s + i);
        id[i] = r.id;
        grp[i] = r.grp;
      }
    });
    appender.Close();
  }
  {
    DuckAppender appender(db->con(), "g");
    AppendChunks(appender.get(), kGraphEdges, [](duckdb_data_chunk ch, size_t s, size_t n) {
      auto* a = Column<int32_t>(ch, 0);
      auto* b = Column<int32_t>(ch, 1);
      for (size_t i = 0; i < n; i++) {
        EdgeRow e = EdgeAt(s + i);
        a[i] = e.a;
        b[i] = e.b;
      }
    });
    appender.Close();
  }
  std::fprintf(stderr, "teal-compare: duckdb: f, d and g loaded in %.1f s; threads = %lld\n",
               sw.Ms() / 1000,
               static_cast<long long>(db->QueryInt64("SELECT current_setting('threads')")));
  shared = db;
  KeepUntilEnd(db);
  return db;
}

duckdb_type DuckTypeOf(ResultType type) {
  switch (type) {
    case ResultType::kInt32:
      return DUCKDB_TYPE_INTEGER;
    case ResultType::kInt64:
      return DUCKDB_TYPE_BIGINT;
    case ResultType::kDouble:
      break;
  }
  return DUCKDB_TYPE_DOUBLE;
}

/// Reads every chunk of `result` into `answer`, from the raw vectors; first checks that
/// each column has the type the spec reads it as.
void ReadAnswer(const QuerySpec& q, duckdb_result* result, QueryAnswer& answer) {
  for (size_t c = 0; c < q.column_count; c++) {
    duckdb_type type = D().column_type(result, c);
    if (type != DuckTypeOf(q.columns[c].type)) {
      throw std::runtime_error(std::string("DuckDB: ") + q.name + " column " + q.columns[c].name +
                               " has type " + std::to_string(type));
    }
  }
  while (duckdb_data_chunk chunk = D().fetch_chunk(*result)) {
    size_t n = D().data_chunk_get_size(chunk);
    const void* columns[kMaxQueryColumns];
    for (size_t c = 0; c < q.column_count; c++) {
      duckdb_vector v = D().data_chunk_get_vector(chunk, c);
      columns[c] = D().vector_get_data(v);
      answer.CountNulls(D().vector_get_validity(v), n);
    }
    answer.Batch(n, columns);
    D().destroy_data_chunk(&chunk);
  }
}

/// A run times the query and reading every row of its result: materialised by
/// duckdb_query, or streamed from a statement prepared in the run.
std::vector<Variant> Query(const QuerySpec& q) {
  auto variant = [&q](const char* name, bool streaming) {
    return Variant{"duckdb", name, Role::kPlain, [&q, name, streaming] {
                     auto db = QueryDb();
                     PrepareExpectedAnswers();
                     return RunFn([db, &q, name, streaming](bool verify) {
                       QueryAnswer answer(q, verify);
                       Stopwatch sw;
                       if (streaming) {
                         DuckPrepared stmt(db->con(), q.sql);
                         duckdb_result result{};
                         if (D().execute_prepared_streaming(stmt.get(), &result) != DuckDBSuccess) {
                           std::string error = D().result_error(&result);
                           D().destroy_result(&result);
                           throw std::runtime_error("DuckDB: " + error + " (" + q.sql + ")");
                         }
                         try {
                           ReadAnswer(q, &result, answer);
                         } catch (...) {
                           D().destroy_result(&result);
                           throw;
                         }
                         D().destroy_result(&result);
                       } else {
                         DuckResult result(db->con(), q.sql);
                         ReadAnswer(q, result.get(), answer);
                       }
                       double ms = sw.Ms();
                       answer.Finish(std::string(q.name) + " duckdb " + name);
                       return ms;
                     });
                   }};
  };
  return {variant("chunk-materialized", false), variant("chunk-streaming", true)};
}

}  // namespace

namespace {

/// W6: connections committing single-row INSERTs (a prepared statement, bound and executed
/// in autocommit) into one database file; DuckDB has no sync-latency setting, so only the
/// real-sync workloads run.
std::vector<Variant> W6(CommitWorkload c) {
  if (c.sleep_ms) return {};
  return {{"duckdb", "prepared-insert", Role::kPlain, [c] {
             struct File {
               duckdb_database db = nullptr;
               duckdb_connection con = nullptr;
               ~File() {
                 D().disconnect(&con);
                 D().close(&db);
               }
             };
             auto file = std::make_shared<File>();
             const std::string path = ScratchPath("duckdb");
             Ok(D().open(path.c_str(), &file->db), "duckdb_open");
             Ok(D().connect(file->db, &file->con), "duckdb_connect");
             return RunFn([file, c](bool check) {
               DuckResult drop(file->con, "DROP TABLE IF EXISTS t");
               DuckResult create(file->con, "CREATE TABLE t (id BIGINT, v INTEGER)");
               std::atomic<int64_t> total{0};
               const double us = TimeCommits(c.threads, [&](int t, const std::atomic<bool>& stop) {
                 duckdb_connection con = nullptr;
                 Ok(D().connect(file->db, &con), "duckdb_connect");
                 int64_t n = 0;
                 {
                   DuckPrepared insert(con, "INSERT INTO t VALUES ($1, $2)");
                   for (; !stop.load(std::memory_order_relaxed); n++) {
                     D().bind_int64(insert.get(), 1, int64_t{t} << 40 | n);
                     D().bind_int32(insert.get(), 2, static_cast<int32_t>(n));
                     duckdb_result result;
                     if (D().execute_prepared(insert.get(), &result) != DuckDBSuccess) {
                       std::string error = D().result_error(&result);
                       D().destroy_result(&result);
                       throw std::runtime_error("DuckDB: " + error);
                     }
                     D().destroy_result(&result);
                   }
                 }
                 D().disconnect(&con);
                 total += n;
                 return n;
               });
               if (check) {
                 DuckResult count(file->con, "SELECT count(*) FROM t");
                 Check("W6 duckdb rows", D().value_int64(count.get(), 0, 0), total.load());
               }
               return us;
             });
           }}};
}

}  // namespace

std::vector<Variant> DuckDbVariants(const DuckDbApi& api, const std::string& w, int threads) {
  g_api = &api;
  g_threads = threads > 0 ? threads : 1;
  g_query_threads = threads;
  if (auto c = ParseCommitWorkload(w)) return W6(*c);
  if (w == "W1") return W1();
  if (w == "W2-ts") return W2Timestamps(w, "TIMESTAMP");
  if (w == "W2-tstz") return W2Timestamps(w, "TIMESTAMPTZ");
  if (w == "W2-date") return W2Dates();
  if (w == "W3-short") return W3(w, StringKind::kShort);
  if (w == "W3-long") return W3(w, StringKind::kLong);
  if (w == "W3-georgian") return W3(w, StringKind::kGeorgian);
  if (w == "W4") return W4();
  if (w == "W5-ts") return W5(true);
  if (w == "W5-date") return W5(false);
  if (w == "W8") return W8();
  if (w == "W9") return W9();
  if (w == "W10") return W10();
  if (w == "Q0") return Q0();
  if (w == "Q1") return Q1();
  if (w.rfind("L1-", 0) == 0) return Lookups(w);
  if (const QuerySpec* q = FindQuery(w)) return Query(*q);
  return {};
}

}  // namespace bench
