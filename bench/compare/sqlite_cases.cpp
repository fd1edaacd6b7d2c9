// bench/compare/sqlite_cases.cpp — the workloads on SQLite (Debian's libsqlite3).
//
// Appends: one prepared INSERT, bound and stepped per row, inside one transaction, on an
// in-memory database. Reads: sqlite3_step + sqlite3_column_*. SQLite has no DATE,
// TIMESTAMP, LIST or ENUM types, so each workload stores what an application would use
// there: timestamps as INTEGER microseconds and dates as INTEGER days (its fastest
// representation, not ISO text), a list as its text "[1,NULL,3,…]" (formatted inside the
// timed loop: that is the client's cost of storing a list in SQLite), an enum as its label.
// Queries (Q0, Q1) read their one value with sqlite3_column_*; Q0 both prepares a
// statement per query and steps one prepared statement again after sqlite3_reset.
// Q2a..Q6 step through every result row, read each value with sqlite3_column_int /
// _int64 / _double into a 2048-row batch, and hand the batches to a QueryAnswer
// (query_answer.hpp), as the other engines hand it their result chunks. SQLite keeps its
// default settings throughout (its sorter, for ORDER BY and GROUP BY, spills to temporary
// files beyond its small cache).
#include <sqlite3.h>

#include <array>
#include <atomic>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "data.hpp"
#include "digest.hpp"
#include "harness.hpp"
#include "lookups.hpp"
#include "queries.hpp"
#include "query_answer.hpp"

namespace bench {
namespace {

class SqliteDb {
 public:
  explicit SqliteDb(const std::string& schema = "") {
    const std::string path = FileDatabasePath("sqlite");
    if (sqlite3_open(path.empty() ? ":memory:" : path.c_str(), &db_) != SQLITE_OK) {
      throw std::runtime_error("sqlite3_open");
    }
    on_file_ = !path.empty();
    if (on_file_) Durable();
    if (!schema.empty()) Exec(schema.c_str());
  }
  /// A database file opened with `path`: WAL mode, every commit synced (W6, W11).
  SqliteDb(const std::string& path, bool) : on_file_(true) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) throw std::runtime_error("sqlite3_open");
    Durable();
  }
  ~SqliteDb() { sqlite3_close(db_); }
  /// A database file (W6, W11), not an in-memory database.
  bool OnFile() const { return on_file_; }
  /// WAL mode with synchronous = FULL (a commit is durable when it returns), and a busy
  /// timeout so that connections writing at once wait for each other's locks.
  void Durable() {
    Exec("PRAGMA journal_mode = WAL");
    Exec("PRAGMA synchronous = FULL");
    sqlite3_busy_timeout(db_, 10000);
  }
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;
  sqlite3* get() const { return db_; }

  void Exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      std::string message = std::string("SQLite: ") + (error ? error : "?") + " (" + sql + ")";
      sqlite3_free(error);
      throw std::runtime_error(message);
    }
  }
  int64_t QueryInt64(const char* sql) {
    Statement s(*this, sql);
    if (sqlite3_step(s.get()) != SQLITE_ROW) throw std::runtime_error(Error(sql));
    return sqlite3_column_int64(s.get(), 0);
  }
  std::string Error(const char* what) const {
    return std::string("SQLite: ") + sqlite3_errmsg(db_) + " (" + what + ")";
  }

  class Statement {
   public:
    Statement(SqliteDb& db, const char* sql) : db_(db) {
      if (sqlite3_prepare_v2(db.get(), sql, -1, &stmt_, nullptr) != SQLITE_OK) {
        throw std::runtime_error(db.Error(sql));
      }
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    sqlite3_stmt* get() const { return stmt_; }
    /// Steps an INSERT once and resets it for the next row's bindings.
    void Insert() {
      if (sqlite3_step(stmt_) != SQLITE_DONE) [[unlikely]]
        throw std::runtime_error(db_.Error("step"));
      sqlite3_reset(stmt_);
    }

   private:
    SqliteDb& db_;
    sqlite3_stmt* stmt_ = nullptr;
  };

 private:
  sqlite3* db_ = nullptr;
  bool on_file_ = false;
};

/// One database per variant, the table (`schema`) dropped and created again before each
/// run, untimed (harness.hpp's AppendSchema); `insert(stmt)` binds and steps every row,
/// timed with the BEGIN and COMMIT around it.
template <typename Insert, typename Verify>
Variant AppendVariant(std::string schema, const char* insert_sql, Insert insert, Verify verify) {
  return {"sqlite", "prepared-insert", Role::kPlain, [=] {
            auto db = std::make_shared<SqliteDb>();
            return RunFn([=](bool check) {
              db->Exec("DROP TABLE IF EXISTS t");
              db->Exec(schema.c_str());
              // W11: every engine starts a run with its file checkpointed (harness.hpp).
              if (db->OnFile()) db->Exec("PRAGMA wal_checkpoint(TRUNCATE)");
              Stopwatch sw;
              db->Exec("BEGIN");
              {
                SqliteDb::Statement stmt(*db, insert_sql);
                insert(stmt);
              }
              db->Exec("COMMIT");
              double ms = sw.Ms();
              if (check) verify(*db);
              return ms;
            });
          }};
}

/// Steps "SELECT * FROM t" to the end, add_row(stmt, digest) adding each row's values, and
/// checks every value against the generated rows (digest.hpp).
template <typename AddRow>
void VerifyAll(SqliteDb& db, const std::string& workload, AddRow add_row) {
  const auto& names = DigestColumns(workload);
  Digest d(names.size());
  SqliteDb::Statement s(db, "SELECT * FROM t");
  int rc;
  while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
    add_row(s.get(), d);
    d.EndRow();
  }
  if (rc != SQLITE_DONE) throw std::runtime_error(db.Error("SELECT * FROM t"));
  d.CheckEquals(workload + " sqlite", ExpectedDigest(workload), names);
}

bool IsNull(sqlite3_stmt* s, int c) { return sqlite3_column_type(s, c) == SQLITE_NULL; }
uint64_t IntAt(sqlite3_stmt* s, int c) {
  return IsNull(s, c) ? HashNull() : HashInt(sqlite3_column_int64(s, c));
}
uint64_t DoubleAt(sqlite3_stmt* s, int c) {
  return IsNull(s, c) ? HashNull() : HashDouble(sqlite3_column_double(s, c));
}
std::string_view TextAt(sqlite3_stmt* s, int c) {
  const char* text = reinterpret_cast<const char*>(sqlite3_column_text(s, c));
  return {text ? text : "", static_cast<size_t>(sqlite3_column_bytes(s, c))};
}

const char* kInsert8 = "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
const char* kInsert4 = "INSERT INTO t VALUES (?, ?, ?, ?)";

std::vector<Variant> W1() {
  return {AppendVariant(
      "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, "
      "c7 REAL, c8 REAL)",
      kInsert8,
      [](SqliteDb::Statement& s) {
        sqlite3_stmt* st = s.get();
        for (const NumericRow& r : NumericRows()) {
          sqlite3_bind_int(st, 1, r.i8);
          sqlite3_bind_int(st, 2, r.i16);
          sqlite3_bind_int(st, 3, r.i32);
          sqlite3_bind_int64(st, 4, r.i64);
          sqlite3_bind_int(st, 5, r.u8);
          sqlite3_bind_int(st, 6, r.u16);
          sqlite3_bind_double(st, 7, r.f32);
          sqlite3_bind_double(st, 8, r.f64);
          s.Insert();
        }
      },
      [](SqliteDb& db) {
        // c7 holds each FLOAT as the REAL (double) it equals.
        VerifyAll(db, "W1", [](sqlite3_stmt* s, Digest& d) {
          for (int c = 0; c < 6; c++) d.Add(c, IntAt(s, c));
          d.Add(6, DoubleAt(s, 6));
          d.Add(7, DoubleAt(s, 7));
        });
      })};
}

std::vector<Variant> W2(const std::string& workload, bool dates) {
  std::string schema = "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER)";
  if (dates) {
    return {AppendVariant(
        schema, kInsert4,
        [](SqliteDb::Statement& s) {
          for (const DateRow& r : DateRows()) {
            for (int c = 0; c < 4; c++) {
              sqlite3_bind_int(s.get(), c + 1, static_cast<int>(r[c].time_since_epoch().count()));
            }
            s.Insert();
          }
        },
        [](SqliteDb& db) {
          VerifyAll(db, "W2-date", [](sqlite3_stmt* s, Digest& d) {
            for (int c = 0; c < 4; c++) d.Add(c, IntAt(s, c));
          });
        })};
  }
  return {AppendVariant(
      schema, kInsert4,
      [](SqliteDb::Statement& s) {
        for (const TimestampRow& r : TimestampRows()) {
          for (int c = 0; c < 4; c++) {
            sqlite3_bind_int64(s.get(), c + 1, r[c].time_since_epoch().count());
          }
          s.Insert();
        }
      },
      [workload](SqliteDb& db) {
        VerifyAll(db, workload, [](sqlite3_stmt* s, Digest& d) {
          for (int c = 0; c < 4; c++) d.Add(c, IntAt(s, c));
        });
      })};
}

std::vector<Variant> W3(const std::string& workload, StringKind kind) {
  return {AppendVariant(
      "CREATE TABLE t(c1 TEXT, c2 TEXT, c3 TEXT, c4 TEXT)", kInsert4,
      [kind](SqliteDb::Statement& s) {
        const StringTable& t = Strings(kind);
        for (size_t i = 0; i < kStringRows; i++) {
          for (int c = 0; c < 4; c++) {
            std::string_view v = t.At(i, c);
            // SQLITE_STATIC: the bytes outlive the statement's use of them.
            sqlite3_bind_text(s.get(), c + 1, v.data(), static_cast<int>(v.size()), SQLITE_STATIC);
          }
          s.Insert();
        }
      },
      [workload](SqliteDb& db) {
        VerifyAll(db, workload, [](sqlite3_stmt* s, Digest& d) {
          for (int c = 0; c < 4; c++)
            d.Add(c, IsNull(s, c) ? HashNull() : HashString(TextAt(s, c)));
        });
      })};
}

/// A database with `schema`, loaded by load(db) in one transaction (untimed).
template <typename Load>
std::shared_ptr<SqliteDb> LoadedDb(const std::string& schema, Load load) {
  auto db = std::make_shared<SqliteDb>(schema);
  db->Exec("BEGIN");
  load(*db);
  db->Exec("COMMIT");
  return db;
}

/// A read variant: loads `rows` once, then each run steps "SELECT * FROM t" and sums.
template <typename Load, typename Sum, typename Want>
Variant ReadVariant(std::string workload, std::string name, std::string schema, Load load, Sum sum,
                    Want want) {
  return {"sqlite", name, Role::kPlain, [=] {
            auto db = LoadedDb(schema, load);
            return RunFn([=](bool) {
              Stopwatch sw;
              SqliteDb::Statement s(*db, "SELECT * FROM t");
              auto got = sum(s.get());
              double ms = sw.Ms();
              Check(workload + " sqlite " + name, got, want());
              return ms;
            });
          }};
}

template <typename Rows, typename Value>
void LoadRows(SqliteDb& db, const Rows& rows, Value value) {
  constexpr int kColumns = std::tuple_size_v<typename Rows::value_type>;
  SqliteDb::Statement s(db, kColumns == 8 ? kInsert8 : kInsert4);
  for (const auto& r : rows) {
    for (int c = 0; c < kColumns; c++) sqlite3_bind_int64(s.get(), c + 1, value(r[c]));
    s.Insert();
  }
}

uint64_t ExpectedDays() { return static_cast<uint64_t>(ExpectedDateSum()); }

constexpr const char* kIntSchema =
    "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, "
    "c7 INTEGER, c8 INTEGER)";

void LoadInts(SqliteDb& db) {
  LoadRows(db, IntRows(), [](int32_t v) { return v; });
}

std::vector<Variant> W4() {
  return {
      ReadVariant(
          "W4", "step+column_int", kIntSchema, LoadInts,
          [](sqlite3_stmt* s) {
            int64_t sum = 0;
            while (sqlite3_step(s) == SQLITE_ROW) {
              for (int c = 0; c < 8; c++) sum += sqlite3_column_int(s, c);
            }
            return sum;
          },
          ExpectedIntSum),
  };
}

std::vector<Variant> W5(bool timestamps) {
  std::string schema = "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER)";
  auto sum = [](sqlite3_stmt* s) {
    uint64_t total = 0;
    while (sqlite3_step(s) == SQLITE_ROW) {
      for (int c = 0; c < 4; c++) total += static_cast<uint64_t>(sqlite3_column_int64(s, c));
    }
    return total;
  };
  if (timestamps) {
    return {ReadVariant(
        "W5-ts", "step+column_int64", schema,
        [](SqliteDb& db) {
          LoadRows(db, TimestampRows(), [](SysMicros t) { return t.time_since_epoch().count(); });
        },
        sum, ExpectedTimestampSum)};
  }
  return {ReadVariant(
      "W5-date", "step+column_int64", schema,
      [](SqliteDb& db) {
        LoadRows(db, DateRows(),
                 [](std::chrono::sys_days d) { return d.time_since_epoch().count(); });
      },
      sum, ExpectedDays)};
}

std::vector<Variant> W8() {
  return {AppendVariant(
      "CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER, "
      "g INTEGER, h INTEGER)",
      kInsert8,
      [](SqliteDb::Statement& s) {
        for (const OptionalRecord& r : OptionalRecords()) {
          int c = 1;
          for (const auto* m : {&r.a, &r.b, &r.c, &r.d, &r.e, &r.f, &r.g, &r.h}) {
            if (*m) {
              sqlite3_bind_int(s.get(), c++, **m);
            } else {
              sqlite3_bind_null(s.get(), c++);
            }
          }
          s.Insert();
        }
      },
      [](SqliteDb& db) {
        VerifyAll(db, "W8", [](sqlite3_stmt* s, Digest& d) {
          for (int c = 0; c < 8; c++) d.Add(c, IntAt(s, c));
        });
      })};
}

/// The hash (digest.hpp) of a list stored as its text "[1,NULL,-3]"; a malformed text
/// hashes as one NULL element after the elements read so far, so it cannot match.
uint64_t ListTextHash(std::string_view text) {
  ListHash h;
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return HashNull();
  std::string_view body = text.substr(1, text.size() - 2);
  while (!body.empty()) {
    size_t comma = body.find(',');
    std::string_view item = body.substr(0, comma);
    int32_t v = 0;
    if (item == "NULL") {
      h.Add(HashNull());
    } else if (std::from_chars(item.data(), item.data() + item.size(), v).ptr ==
               item.data() + item.size()) {
      h.Add(HashInt(v));
    } else {
      h.Add(HashNull());
      return HashString(text);
    }
    body = comma == std::string_view::npos ? std::string_view() : body.substr(comma + 1);
  }
  return h.Get();
}

std::vector<Variant> W9() {
  return {AppendVariant(
      "CREATE TABLE t(l TEXT)", "INSERT INTO t VALUES (?)",
      [](SqliteDb::Statement& s) {
        const auto& elements = ListElements();
        char text[kListLength * 12 + 2];
        for (size_t i = 0; i < kRows; i++) {
          char* p = text;
          *p++ = '[';
          for (size_t j = 0; j < kListLength; j++) {
            if (j) *p++ = ',';
            const auto& e = elements[i * kListLength + j];
            if (e) {
              p = std::to_chars(p, text + sizeof(text), *e).ptr;
            } else {
              std::memcpy(p, "NULL", 4);
              p += 4;
            }
          }
          *p++ = ']';
          sqlite3_bind_text(s.get(), 1, text, static_cast<int>(p - text), SQLITE_STATIC);
          s.Insert();
        }
      },
      [](SqliteDb& db) {
        VerifyAll(db, "W9",
                  [](sqlite3_stmt* s, Digest& d) { d.Add(0, ListTextHash(TextAt(s, 0))); });
      })};
}

std::vector<Variant> W10() {
  return {AppendVariant(
      "CREATE TABLE t(c1 TEXT, c2 TEXT, c3 TEXT, c4 TEXT)", kInsert4,
      [](SqliteDb::Statement& s) {
        for (const EnumRow& r : EnumRows()) {
          for (int c = 0; c < 4; c++) {
            sqlite3_bind_text(s.get(), c + 1, kVenueLabels[static_cast<size_t>(r[c])], 4,
                              SQLITE_STATIC);
          }
          s.Insert();
        }
      },
      [](SqliteDb& db) {
        // A label hashes as its index in kVenueLabels; an unknown one as -1.
        VerifyAll(db, "W10", [](sqlite3_stmt* s, Digest& d) {
          for (int c = 0; c < 4; c++) {
            std::string_view label = TextAt(s, c);
            int64_t index = -1;
            for (size_t k = 0; k < kVenueCount; k++) {
              if (label == kVenueLabels[k]) index = static_cast<int64_t>(k);
            }
            d.Add(c, IsNull(s, c) ? HashNull() : HashInt(index));
          }
        });
      })};
}

// ---- L1: index lookups ---------------------------------------------------------------

constexpr const char* kLookupSqliteLoad =
    "INSERT INTO lk WITH RECURSIVE r(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM r "
    "WHERE i < 999999) SELECT i * 7, i * 3 FROM r";

std::vector<Variant> Lookups(const std::string& workload) {
  // Prepared once, untimed; sqlite3_reset + bind_int64 + step + column_int64 per query.
  return {{"sqlite", "text", Role::kPlain,
           [workload] {
             const LookupKind kind = LookupKindOf(workload);
             auto db = std::make_shared<SqliteDb>(kLookupSqliteSchema);
             db->Exec(kLookupSqliteLoad);
             return RunFn([=](bool) {
               return TimeLookups("L1 sqlite text", kind, [&](int64_t q) {
                 return db->QueryInt64(LookupText(kind, q).c_str());
               });
             });
           }},
          {"sqlite", "prepared", Role::kPrepared, [workload] {
             const LookupKind kind = LookupKindOf(workload);
             const std::string sql = kind == LookupKind::kPoint ? kLookupPointSql
                                     : kind == LookupKind::kIn  ? LookupInSql()
                                                                : kLookupRangeSql;
             struct State {
               SqliteDb db{kLookupSqliteSchema};
               std::unique_ptr<SqliteDb::Statement> stmt;  // finalized before db closes
             };
             auto st = std::make_shared<State>();
             st->db.Exec(kLookupSqliteLoad);
             st->stmt = std::make_unique<SqliteDb::Statement>(st->db, sql.c_str());
             return RunFn([=](bool) {
               sqlite3_stmt* p = st->stmt->get();
               return TimeLookups("L1 sqlite prepared", kind, [&](int64_t q) {
                 sqlite3_reset(p);
                 if (kind == LookupKind::kPoint) {
                   sqlite3_bind_int64(p, 1, LookupRow(q) * 7);
                 } else if (kind == LookupKind::kIn) {
                   for (int j = 0; j < kLookupInList; j++) {
                     sqlite3_bind_int64(p, j + 1, LookupRow(q * kLookupInList + j) * 7);
                   }
                 } else {
                   sqlite3_bind_int64(p, 1, LookupRangeFirst(q) * 7);
                   sqlite3_bind_int64(p, 2, (LookupRangeFirst(q) + kLookupSpan) * 7);
                 }
                 if (sqlite3_step(p) != SQLITE_ROW)
                   throw std::runtime_error(st->db.Error(sql.c_str()));
                 return static_cast<int64_t>(sqlite3_column_int64(p, 0));
               });
             });
           }}};
}

// ---- Q0, Q1 -----------------------------------------------------------------------------

/// Steps `s` to its one row and returns its INTEGER.
int64_t OneInteger(SqliteDb& db, sqlite3_stmt* s) {
  if (sqlite3_step(s) != SQLITE_ROW) [[unlikely]]
    throw std::runtime_error(db.Error(kTrivialSql));
  return sqlite3_column_int(s, 0);
}

std::vector<Variant> Q0() {
  return {
      // sqlite3_prepare_v2 + step + column_int + finalize per query: an ad-hoc query.
      {"sqlite", "text", Role::kPlain,
       [] {
         auto db = std::make_shared<SqliteDb>();
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 sqlite text", [&] {
             SqliteDb::Statement s(*db, kTrivialSql);
             return OneInteger(*db, s.get());
           });
         });
       }},
      // One statement prepared untimed; sqlite3_reset + step + column_int per query.
      {"sqlite", "prepared", Role::kPrepared,
       [] {
         struct State {
           SqliteDb db;
           SqliteDb::Statement stmt{db, kTrivialSql};  // after db: finalized first
         };
         auto st = std::make_shared<State>();
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 sqlite prepared", [&] {
             sqlite3_reset(st->stmt.get());
             return OneInteger(st->db, st->stmt.get());
           });
         });
       }},
  };
}

std::vector<Variant> Q1() {
  return {{"sqlite", "step+column_int64", Role::kPlain, [] {
             auto db = LoadedDb(kIntSchema, LoadInts);
             return RunFn([=](bool) {
               Stopwatch sw;
               int64_t got = db->QueryInt64(kSumSql);  // prepare, step, column_int64, finalize
               double ms = sw.Ms();
               Check("Q1 sqlite step+column_int64", got, ExpectedIntSum());
               return ms;
             });
           }}};
}

// ---- Q2a..Q6 ----------------------------------------------------------------------------

/// f and d (queries.hpp), loaded by one prepared INSERT per table in one transaction by the
/// first Q variant's setup and shared by the rest (harness.hpp's KeepUntilEnd).
std::shared_ptr<SqliteDb> QueryDb() {
  static std::weak_ptr<SqliteDb> shared;
  if (auto db = shared.lock()) return db;
  Stopwatch sw;
  // The same CREATE TABLE text as the other engines: SQLite gives BIGINT and INTEGER
  // columns INTEGER affinity, DOUBLE ones REAL (a double).
  auto db =
      LoadedDb(std::string(kFactSchema) + ";" + kDimSchema + ";" + kGraphSchema, [](SqliteDb& sdb) {
        {
          SqliteDb::Statement s(sdb, "INSERT INTO f VALUES (?, ?, ?, ?, ?)");
          sqlite3_stmt* st = s.get();
          for (size_t i = 0; i < kFactRows; i++) {
            FactRow r = FactAt(i);
            sqlite3_bind_int64(st, 1, r.id);
            sqlite3_bind_int(st, 2, r.k1000);
            sqlite3_bind_int(st, 3, r.k1m);
            sqlite3_bind_double(st, 4, r.x);
            sqlite3_bind_int(st, 5, r.small);
            s.Insert();
          }
        }
        {
          SqliteDb::Statement s(sdb, "INSERT INTO d VALUES (?, ?)");
          for (size_t j = 0; j < kDimRows; j++) {
            DimRow r = DimAt(j);
            sqlite3_bind_int(s.get(), 1, r.id);
            sqlite3_bind_int(s.get(), 2, r.grp);
            s.Insert();
          }
        }
        SqliteDb::Statement s(sdb, "INSERT INTO g VALUES (?, ?)");
        for (size_t j = 0; j < kGraphEdges; j++) {
          EdgeRow e = EdgeAt(j);
          sqlite3_bind_int(s.get(), 1, e.a);
          sqlite3_bind_int(s.get(), 2, e.b);
          s.Insert();
        }
      });
  std::fprintf(stderr, "teal-compare: sqlite: f, d and g loaded in %.1f s\n", sw.Ms() / 1000);
  shared = db;
  KeepUntilEnd(db);
  return db;
}

/// Steps `s` to its end, reading every value into 2048-row column batches for `answer`.
void ReadAnswer(SqliteDb& db, const QuerySpec& q, sqlite3_stmt* s, QueryAnswer& answer) {
  constexpr size_t kBatch = 2048;
  // One buffer per column, 8 bytes a row: int32_t columns use the first half.
  std::vector<std::array<int64_t, kBatch>> buffers(q.column_count);
  const void* columns[kMaxQueryColumns];
  for (size_t c = 0; c < q.column_count; c++) columns[c] = buffers[c].data();
  size_t n = 0;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    for (size_t c = 0; c < q.column_count; c++) {
      int col = static_cast<int>(c);
      if (sqlite3_column_type(s, col) == SQLITE_NULL) [[unlikely]]
        answer.Null();
      void* out = buffers[c].data();
      switch (q.columns[c].type) {
        case ResultType::kInt32:
          static_cast<int32_t*>(out)[n] = sqlite3_column_int(s, col);
          break;
        case ResultType::kInt64:
          static_cast<int64_t*>(out)[n] = sqlite3_column_int64(s, col);
          break;
        case ResultType::kDouble:
          static_cast<double*>(out)[n] = sqlite3_column_double(s, col);
          break;
      }
    }
    if (++n == kBatch) {
      answer.Batch(n, columns);
      n = 0;
    }
  }
  if (rc != SQLITE_DONE) throw std::runtime_error(db.Error(q.sql));
  if (n) answer.Batch(n, columns);
}

/// A run times preparing the query, stepping through it and reading every value.
std::vector<Variant> Query(const QuerySpec& q) {
  return {{"sqlite", "step+column", Role::kPlain, [&q] {
             auto db = QueryDb();
             PrepareExpectedAnswers();
             return RunFn([db, &q](bool verify) {
               QueryAnswer answer(q, verify);
               Stopwatch sw;
               {
                 SqliteDb::Statement s(*db, q.sql);
                 ReadAnswer(*db, q, s.get(), answer);
               }
               double ms = sw.Ms();
               if (ms > 60'000) {
                 std::fprintf(stderr, "teal-compare: note: a %s sqlite run took %.0f s\n", q.name,
                              ms / 1000);
               }
               answer.Finish(std::string(q.name) + " sqlite step+column");
               return ms;
             });
           }}};
}

}  // namespace

namespace {

/// W6: connections (one per thread, WAL mode, synchronous = FULL) committing single-row
/// INSERTs in autocommit into one database file.
std::vector<Variant> W6(CommitWorkload c) {
  if (c.sleep_ms) return {};
  return {{"sqlite", "prepared-insert", Role::kPlain, [c] {
             auto path = std::make_shared<std::string>(ScratchPath("sqlite"));
             auto setup = std::make_shared<SqliteDb>(*path, true);
             return RunFn([path, setup, c](bool check) {
               setup->Exec("DROP TABLE IF EXISTS t");
               setup->Exec("CREATE TABLE t (id BIGINT, v INTEGER)");
               std::atomic<int64_t> total{0};
               const double us = TimeCommits(c.threads, [&](int t, const std::atomic<bool>& stop) {
                 SqliteDb db(*path, true);
                 SqliteDb::Statement insert(db, "INSERT INTO t VALUES (?, ?)");
                 int64_t n = 0;
                 for (; !stop.load(std::memory_order_relaxed); n++) {
                   sqlite3_bind_int64(insert.get(), 1, int64_t{t} << 40 | n);
                   sqlite3_bind_int(insert.get(), 2, static_cast<int>(n));
                   insert.Insert();
                 }
                 total += n;
                 return n;
               });
               if (check)
                 Check("W6 sqlite rows", setup->QueryInt64("SELECT count(*) FROM t"), total.load());
               return us;
             });
           }}};
}

}  // namespace

std::vector<Variant> SqliteVariants(const std::string& w) {
  if (auto c = ParseCommitWorkload(w)) return W6(*c);
  if (w == "W1") return W1();
  if (w == "W2-ts" || w == "W2-tstz") return W2(w, false);
  if (w == "W2-date") return W2(w, true);
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
