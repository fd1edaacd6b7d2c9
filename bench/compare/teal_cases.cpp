// bench/compare/teal_cases.cpp — the workloads on Teal, through its public C++ API only.
//
// Appends go through teal::Appender::AppendRow (the row-at-a-time variant the speedups
// use) or teal::MappedAppender, with the application's own C++ types: std::chrono values,
// string_views, std::optional, spans of optionals, a C++ enum. Reads go through
// teal::Reader::Get<T> and the chunk spans of teal::Result. Queries (Q0, Q1) go through
// Connection::Query or a PreparedStatement, and read their one value with the Reader;
// Q2a..Q6 read every result row through the chunk spans (query_answer.hpp).
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>

#include "data.hpp"
#include "digest.hpp"
#include "harness.hpp"
#include "lookups.hpp"
#include "queries.hpp"
#include "query_answer.hpp"
#include "teal/teal.hpp"

namespace bench {
namespace {

struct TealDb {
  std::string path = FileDatabasePath("teal");  // empty: in memory
  teal::Database db{path};
  teal::Connection con{db};
  TealDb() = default;
  explicit TealDb(const char* schema) { con.Execute(schema); }
};

/// A variant that appends into one database per variant, the table dropped and created
/// again before each run (untimed): `append(con)` is timed (including the appender's
/// Close, which flushes), `verify(con)` runs after the warm-up.
template <typename Append, typename Verify>
Variant AppendVariant(std::string name, Role role, AppendSchema schema, Append append,
                      Verify verify) {
  return {"teal", std::move(name), role, [=] {
            auto t = std::make_shared<TealDb>();
            if (!schema.types.empty()) t->con.Execute(schema.types);
            return RunFn([=](bool check) {
              t->con.Execute("DROP TABLE IF EXISTS t");
              t->con.Execute(schema.table);
              // W11: every engine starts a run with its file checkpointed (harness.hpp).
              if (!t->path.empty()) t->con.Execute("CHECKPOINT");
              Stopwatch sw;
              append(t->con);
              double ms = sw.Ms();
              if (check) verify(t->con);
              return ms;
            });
          }};
}

/// Reads `sql` row by row and calls `each(reader)` per row; returns the row count.
template <typename Each>
int64_t ForEachRow(teal::Connection& con, const char* sql, Each each) {
  teal::Result result = con.Query(sql);
  teal::Reader reader(result);
  int64_t rows = 0;
  while (reader.Next()) {
    each(reader);
    rows++;
  }
  return rows;
}

/// Reads every row of t back through the Reader, each(reader, digest) adding the row's
/// values, and checks every value against the generated rows (digest.hpp).
template <typename Each>
void VerifyAll(teal::Connection& con, const std::string& workload, Each each) {
  Digest d(DigestColumns(workload).size());
  ForEachRow(con, "SELECT * FROM t", [&](teal::Reader& r) {
    each(r, d);
    d.EndRow();
  });
  d.CheckEquals(workload + " teal", ExpectedDigest(workload), DigestColumns(workload));
}

const AppendSchema kNumericSchema = {
    "",
    "CREATE TABLE t(c1 TINYINT, c2 SMALLINT, c3 INTEGER, c4 BIGINT, c5 UTINYINT, "
    "c6 USMALLINT, c7 FLOAT, c8 DOUBLE)"};

std::vector<Variant> W1() {
  auto verify = [](teal::Connection& con) {
    VerifyAll(con, "W1", [](teal::Reader& r, Digest& d) {
      d.Add(0, HashInt(r.Get<int8_t>(0)));
      d.Add(1, HashInt(r.Get<int16_t>(1)));
      d.Add(2, HashInt(r.Get<int32_t>(2)));
      d.Add(3, HashInt(r.Get<int64_t>(3)));
      d.Add(4, HashInt(r.Get<uint8_t>(4)));
      d.Add(5, HashInt(r.Get<uint16_t>(5)));
      d.Add(6, HashDouble(r.Get<float>(6)));
      d.Add(7, HashDouble(r.Get<double>(7)));
    });
  };
  return {
      AppendVariant(
          "AppendRow", Role::kTealRow, kNumericSchema,
          [](teal::Connection& con) {
            teal::Appender app(con, "t");
            for (const NumericRow& r : NumericRows()) {
              app.AppendRow(r.i8, r.i16, r.i32, r.i64, r.u8, r.u16, r.f32, r.f64);
            }
            app.Close();
          },
          verify),
      AppendVariant(
          "Append+EndRow", Role::kPlain, kNumericSchema,
          [](teal::Connection& con) {
            teal::Appender app(con, "t");
            for (const NumericRow& r : NumericRows()) {
              app.Append(r.i8).Append(r.i16).Append(r.i32).Append(r.i64);
              app.Append(r.u8).Append(r.u16).Append(r.f32).Append(r.f64);
              app.EndRow();
            }
            app.Close();
          },
          verify),
  };
}

template <typename Row, typename Read>
std::vector<Variant> TemporalAppend(std::string workload, const char* schema,
                                    const std::vector<Row>& (*data)(), Read read) {
  return {AppendVariant(
      "AppendRow(std::chrono)", Role::kTealRow, {"", schema},
      [data](teal::Connection& con) {
        teal::Appender app(con, "t");
        for (const Row& r : data()) app.AppendRow(r[0], r[1], r[2], r[3]);
        app.Close();
      },
      [=](teal::Connection& con) {
        VerifyAll(con, workload, [&](teal::Reader& r, Digest& d) {
          for (teal::idx_t c = 0; c < 4; c++) d.Add(c, HashInt(read(r, c)));
        });
      })};
}

int64_t ReadMicros(teal::Reader& r, teal::idx_t c) {
  return r.Get<SysMicros>(c).time_since_epoch().count();
}
int64_t ReadDays(teal::Reader& r, teal::idx_t c) {
  return r.Get<std::chrono::sys_days>(c).time_since_epoch().count();
}
uint64_t ExpectedDays() { return static_cast<uint64_t>(ExpectedDateSum()); }

std::vector<Variant> W3(const char* workload, StringKind kind) {
  return {AppendVariant(
      "AppendRow(string_view)", Role::kTealRow,
      {"", "CREATE TABLE t(c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, c4 VARCHAR)"},
      [kind](teal::Connection& con) {
        const StringTable& s = Strings(kind);
        teal::Appender app(con, "t");
        for (size_t i = 0; i < kStringRows; i++) {
          app.AppendRow(s.At(i, 0), s.At(i, 1), s.At(i, 2), s.At(i, 3));
        }
        app.Close();
      },
      [workload](teal::Connection& con) {
        VerifyAll(con, workload, [](teal::Reader& r, Digest& d) {
          for (teal::idx_t c = 0; c < 4; c++) d.Add(c, HashString(r.Get<std::string_view>(c)));
        });
      })};
}

/// A read variant: the table is loaded once in setup; each run queries and sums.
template <typename Load, typename Sum, typename Want>
Variant ReadVariant(std::string workload, std::string name, Role role, const char* schema,
                    Load load, Sum sum, Want want) {
  return {"teal", name, role, [=] {
            auto t = std::make_shared<TealDb>(schema);
            load(t->con);
            return RunFn([=](bool) {
              Stopwatch sw;
              auto got = sum(t->con);
              double ms = sw.Ms();
              Check(workload + " teal " + name, got, want());
              return ms;
            });
          }};
}

constexpr const char* kIntSchema =
    "CREATE TABLE t(c1 INTEGER, c2 INTEGER, c3 INTEGER, c4 INTEGER, c5 INTEGER, c6 INTEGER, "
    "c7 INTEGER, c8 INTEGER)";

void LoadInts(teal::Connection& con) {
  teal::Appender app(con, "t");
  for (const IntRow& r : IntRows()) app.AppendRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
  app.Close();
}

template <typename T>
int64_t SumRowsAs(teal::Connection& con) {
  teal::Result result = con.Query("SELECT * FROM t");
  teal::Reader reader(result);
  // 8M values overflow int32_t: accumulate in int64_t (double for double, still exact).
  std::conditional_t<std::is_floating_point_v<T>, double, int64_t> sum = 0;
  while (reader.Next()) {
    sum += reader.Get<T>(0) + reader.Get<T>(1) + reader.Get<T>(2) + reader.Get<T>(3) +
           reader.Get<T>(4) + reader.Get<T>(5) + reader.Get<T>(6) + reader.Get<T>(7);
  }
  return static_cast<int64_t>(sum);
}

template <typename T, typename Acc, teal::idx_t kColumns>
Acc SumSpans(teal::Connection& con) {
  teal::Result result = con.Query("SELECT * FROM t");
  Acc sum = 0;
  for (const teal::Chunk& chunk : result) {
    for (teal::idx_t c = 0; c < kColumns; c++) {
      std::span<const T> values = chunk.Values<T>(c);
      const teal::ValidityView& valid = chunk.Validity(c);
      if (valid.AllValid()) {
        for (const T& v : values) sum += static_cast<Acc>(v);
      } else {
        for (size_t i = 0; i < values.size(); i++) {
          if (valid.IsValid(i)) sum += static_cast<Acc>(values[i]);
        }
      }
    }
  }
  return sum;
}

std::vector<Variant> W4() {
  std::vector<Variant> v = {
      ReadVariant("W4", "Reader::Get<int32_t>", Role::kTealRow, kIntSchema, LoadInts,
                  SumRowsAs<int32_t>, ExpectedIntSum),
      ReadVariant("W4", "Reader::Get<int64_t>", Role::kPlain, kIntSchema, LoadInts,
                  SumRowsAs<int64_t>, ExpectedIntSum),
      ReadVariant("W4", "Reader::Get<double>", Role::kPlain, kIntSchema, LoadInts,
                  SumRowsAs<double>, ExpectedIntSum),
      ReadVariant("W4", "chunk-spans", Role::kTealSpans, kIntSchema, LoadInts,
                  SumSpans<int32_t, int64_t, 8>, ExpectedIntSum),
  };
  // The control: the column sums computed inside the engine (the client adds the 8).
  v.push_back({"teal", "sql-sum(control)", Role::kControl, [] {
                 auto t = std::make_shared<TealDb>(kIntSchema);
                 const char* sql =
                     "SELECT sum(c1), sum(c2), sum(c3), sum(c4), sum(c5), sum(c6), sum(c7), "
                     "sum(c8) FROM t";
                 try {
                   t->con.Prepare(sql);
                 } catch (const teal::Error& e) {
                   std::fprintf(stderr, "teal-compare: W4 teal sql-sum(control) skipped: %s\n",
                                e.what());
                   return RunFn();
                 }
                 LoadInts(t->con);
                 return RunFn([=](bool) {
                   Stopwatch sw;
                   teal::Result r = t->con.Query(sql);
                   teal::Reader reader(r);
                   reader.Next();
                   int64_t got = 0;
                   for (teal::idx_t c = 0; c < 8; c++) got += reader.Get<int64_t>(c);
                   double ms = sw.Ms();
                   Check("W4 teal sql-sum", got, ExpectedIntSum());
                   return ms;
                 });
               }});
  return v;
}

void LoadTimestamps(teal::Connection& con) {
  teal::Appender app(con, "t");
  for (const TimestampRow& r : TimestampRows()) app.AppendRow(r[0], r[1], r[2], r[3]);
  app.Close();
}
void LoadDates(teal::Connection& con) {
  teal::Appender app(con, "t");
  for (const DateRow& r : DateRows()) app.AppendRow(r[0], r[1], r[2], r[3]);
  app.Close();
}

template <typename T>
uint64_t SumTemporalRows(teal::Connection& con) {
  teal::Result result = con.Query("SELECT * FROM t");
  teal::Reader reader(result);
  uint64_t sum = 0;
  while (reader.Next()) {
    for (teal::idx_t c = 0; c < 4; c++) {
      sum += static_cast<uint64_t>(reader.Get<T>(c).time_since_epoch().count());
    }
  }
  return sum;
}

std::vector<Variant> W5(bool timestamps) {
  if (timestamps) {
    const char* schema = "CREATE TABLE t(c1 TIMESTAMP, c2 TIMESTAMP, c3 TIMESTAMP, c4 TIMESTAMP)";
    return {ReadVariant("W5-ts", "Reader::Get<sys_time>", Role::kTealRow, schema, LoadTimestamps,
                        SumTemporalRows<SysMicros>, ExpectedTimestampSum),
            ReadVariant(
                "W5-ts", "chunk-spans", Role::kPlain, schema, LoadTimestamps,
                [](teal::Connection& con) {
                  // timestamp_t is a struct around the int64: sum its field, wrapping.
                  teal::Result result = con.Query("SELECT * FROM t");
                  uint64_t sum = 0;
                  for (const teal::Chunk& chunk : result) {
                    for (teal::idx_t c = 0; c < 4; c++) {
                      for (auto t : chunk.Values<teal::timestamp_t>(c)) {
                        sum += static_cast<uint64_t>(t.value);
                      }
                    }
                  }
                  return sum;
                },
                ExpectedTimestampSum)};
  }
  const char* schema = "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)";
  return {ReadVariant("W5-date", "Reader::Get<sys_days>", Role::kTealRow, schema, LoadDates,
                      SumTemporalRows<std::chrono::sys_days>, ExpectedDays),
          ReadVariant(
              "W5-date", "chunk-spans", Role::kPlain, schema, LoadDates,
              [](teal::Connection& con) {
                teal::Result result = con.Query("SELECT * FROM t");
                uint64_t sum = 0;
                for (const teal::Chunk& chunk : result) {
                  for (teal::idx_t c = 0; c < 4; c++) {
                    for (auto d : chunk.Values<teal::date_t>(c)) {
                      sum += static_cast<uint64_t>(static_cast<int64_t>(d.days));
                    }
                  }
                }
                return sum;
              },
              ExpectedDays)};
}

std::vector<Variant> W8() {
  const AppendSchema schema = {
      "",
      "CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER, "
      "g INTEGER, h INTEGER)"};
  auto verify = [](teal::Connection& con) {
    VerifyAll(con, "W8", [](teal::Reader& r, Digest& d) {
      for (teal::idx_t c = 0; c < 8; c++) {
        std::optional<int32_t> v = r.Get<std::optional<int32_t>>(c);
        d.Add(c, v ? HashInt(*v) : HashNull());
      }
    });
  };
  static const teal::Mapping<OptionalRecord> mapping{
      &OptionalRecord::a, &OptionalRecord::b, &OptionalRecord::c, &OptionalRecord::d,
      &OptionalRecord::e, &OptionalRecord::f, &OptionalRecord::g, &OptionalRecord::h};
  return {
      AppendVariant(
          "MappedAppender::Append(record)", Role::kTealRow, schema,
          [](teal::Connection& con) {
            teal::MappedAppender<OptionalRecord> app(con, "t", mapping);
            for (const OptionalRecord& r : OptionalRecords()) app.Append(r);
            app.Close();
          },
          verify),
      AppendVariant(
          "MappedAppender::Append(span)", Role::kPlain, schema,
          [](teal::Connection& con) {
            teal::MappedAppender<OptionalRecord> app(con, "t", mapping);
            app.Append(std::span<const OptionalRecord>(OptionalRecords()));
            app.Close();
          },
          verify),
      AppendVariant(
          "AppendRow(optional...)", Role::kPlain, schema,
          [](teal::Connection& con) {
            teal::Appender app(con, "t");
            for (const OptionalRecord& r : OptionalRecords()) {
              app.AppendRow(r.a, r.b, r.c, r.d, r.e, r.f, r.g, r.h);
            }
            app.Close();
          },
          verify),
  };
}

std::vector<Variant> W9() {
  return {AppendVariant(
      "AppendRow(span<optional>)", Role::kTealRow, {"", "CREATE TABLE t(l INTEGER[])"},
      [](teal::Connection& con) {
        const auto& elements = ListElements();
        teal::Appender app(con, "t");
        for (size_t i = 0; i < kRows; i++) {
          app.AppendRow(
              std::span<const std::optional<int32_t>>(&elements[i * kListLength], kListLength));
        }
        app.Close();
      },
      [](teal::Connection& con) {
        VerifyAll(con, "W9", [](teal::Reader& r, Digest& d) {
          auto list = r.Get<teal::ListView<int32_t>>(0);
          ListHash h;
          for (size_t i = 0; i < list.size(); i++) {
            h.Add(list.IsValid(i) ? HashInt(list[i]) : HashNull());
          }
          d.Add(0, h.Get());
        });
      })};
}

AppendSchema EnumSchema() {
  std::string sql = "CREATE TYPE venue AS ENUM (";
  for (size_t i = 0; i < kVenueCount; i++) {
    sql += (i ? ", '" : "'") + std::string(kVenueLabels[i]) + "'";
  }
  return {sql + ")", "CREATE TABLE t(c1 venue, c2 venue, c3 venue, c4 venue)"};
}

std::vector<Variant> W10() {
  return {AppendVariant(
      "AppendRow(enum)", Role::kTealRow, EnumSchema(),
      [](teal::Connection& con) {
        teal::Appender app(con, "t");
        for (const EnumRow& r : EnumRows()) app.AppendRow(r[0], r[1], r[2], r[3]);
        app.Close();
      },
      [](teal::Connection& con) {
        VerifyAll(con, "W10", [](teal::Reader& r, Digest& d) {
          for (teal::idx_t c = 0; c < 4; c++)
            d.Add(c, HashInt(static_cast<int64_t>(r.Get<Venue>(c))));
        });
      })};
}

// ---- L1: index lookups ---------------------------------------------------------------

/// L1's database; `prepared` after the connection it needs, so it is destroyed first.
struct TealLookups {
  teal::Database db;
  teal::Connection con{db};
  std::optional<teal::PreparedStatement> prepared;
};

std::vector<Variant> Lookups(const std::string& workload) {
  return {{"teal", "text", Role::kTealRow,
           [workload] {
             const LookupKind kind = LookupKindOf(workload);
             auto t = std::make_shared<TealLookups>();
             t->con.Execute(kLookupSchema);
             t->con.Execute(kLookupLoad);
             return RunFn([=](bool) {
               return TimeLookups("L1 teal text", kind, [&](int64_t q) {
                 teal::Result result = t->con.Query(LookupText(kind, q));
                 teal::Reader reader(result);
                 reader.Next();
                 return reader.Get<int64_t>(0);
               });
             });
           }},
          {"teal", "prepared", Role::kTealPrepared, [workload] {
             const LookupKind kind = LookupKindOf(workload);
             auto t = std::make_shared<TealLookups>();
             t->con.Execute(kLookupSchema);
             t->con.Execute(kLookupLoad);
             t->prepared.emplace(t->con.Prepare(kind == LookupKind::kPoint ? kLookupPointSql
                                                : kind == LookupKind::kIn  ? LookupInSql()
                                                                           : kLookupRangeSql));
             return RunFn([=](bool) {
               teal::PreparedStatement& p = *t->prepared;
               return TimeLookups("L1 teal prepared", kind, [&](int64_t q) {
                 if (kind == LookupKind::kPoint) {
                   p.Bind(1, LookupRow(q) * 7);
                 } else if (kind == LookupKind::kIn) {
                   for (int j = 0; j < kLookupInList; j++) {
                     p.Bind(static_cast<teal::idx_t>(j + 1), LookupRow(q * kLookupInList + j) * 7);
                   }
                 } else {
                   p.Bind(1, LookupRangeFirst(q) * 7);
                   p.Bind(2, (LookupRangeFirst(q) + kLookupSpan) * 7);
                 }
                 teal::Result result = p.Execute();
                 teal::Reader reader(result);
                 reader.Next();
                 return reader.Get<int64_t>(0);
               });
             });
           }}};
}

// ---- Q0, Q1 -----------------------------------------------------------------------------

/// Q0's database: no table. `prepared` is declared after the connection it needs, so it
/// is destroyed first.
struct TealTrivial {
  teal::Database db;
  teal::Connection con{db};
  std::optional<teal::PreparedStatement> prepared;
};

/// The INTEGER of a result's one row, through the Reader as an application reads it.
int64_t OneInteger(teal::Result result) {
  teal::Reader reader(result);
  reader.Next();
  return reader.Get<int32_t>(0);
}

std::vector<Variant> Q0() {
  return {
      // Parsed, bound and planned on every call: the cost of an ad-hoc query.
      {"teal", "text", Role::kTealRow,
       [] {
         auto t = std::make_shared<TealTrivial>();
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 teal text",
                                     [&] { return OneInteger(t->con.Query(kTrivialSql)); });
         });
       }},
      // Prepared once, untimed: each call only executes and reads.
      {"teal", "prepared", Role::kTealPrepared,
       [] {
         auto t = std::make_shared<TealTrivial>();
         t->prepared.emplace(t->con.Prepare(kTrivialSql));
         return RunFn([=](bool) {
           return TimeTrivialQueries("Q0 teal prepared",
                                     [&] { return OneInteger(t->prepared->Execute()); });
         });
       }},
  };
}

std::vector<Variant> Q1() {
  return {ReadVariant(
      "Q1", "Reader::Get<int64_t>", Role::kTealRow, kIntSchema, LoadInts,
      [](teal::Connection& con) {
        teal::Result result = con.Query(kSumSql);
        teal::Reader reader(result);
        reader.Next();
        // The sum is HUGEINT; Get<int64_t> converts it (and would throw on overflow).
        return reader.Get<int64_t>(0);
      },
      ExpectedIntSum)};
}

// ---- Q2a..Q6 ----------------------------------------------------------------------------

/// f and d (queries.hpp), loaded through the Appender by the first Q variant's setup and
/// shared by the rest (harness.hpp's KeepUntilEnd).
std::shared_ptr<TealDb> QueryDb() {
  static std::weak_ptr<TealDb> shared;
  if (auto db = shared.lock()) return db;
  Stopwatch sw;
  auto t = std::make_shared<TealDb>(kFactSchema);
  t->con.Execute(kDimSchema);
  t->con.Execute(kGraphSchema);
  {
    teal::Appender app(t->con, "f");
    for (size_t i = 0; i < kFactRows; i++) {
      FactRow r = FactAt(i);
      app.AppendRow(r.id, r.k1000, r.k1m, r.x, r.small);
    }
    app.Close();
  }
  {
    teal::Appender app(t->con, "d");
    for (size_t j = 0; j < kDimRows; j++) {
      DimRow r = DimAt(j);
      app.AppendRow(r.id, r.grp);
    }
    app.Close();
  }
  {
    teal::Appender app(t->con, "g");
    for (size_t j = 0; j < kGraphEdges; j++) {
      EdgeRow e = EdgeAt(j);
      app.AppendRow(e.a, e.b);
    }
    app.Close();
  }
  std::fprintf(stderr, "teal-compare: teal: f, d and g loaded in %.1f s\n", sw.Ms() / 1000);
  shared = t;
  KeepUntilEnd(t);
  return t;
}

/// The address of a chunk column's values, checked to be stored as `type`.
const void* ColumnData(const teal::Chunk& chunk, teal::idx_t c, ResultType type) {
  switch (type) {
    case ResultType::kInt32:
      return chunk.Values<int32_t>(c).data();
    case ResultType::kInt64:
      return chunk.Values<int64_t>(c).data();
    case ResultType::kDouble:
      break;
  }
  return chunk.Values<double>(c).data();
}

/// A run times the query and reading every row of its result through the chunk spans.
std::vector<Variant> Query(const QuerySpec& q) {
  return {{"teal", "chunk-spans", Role::kTealRow, [&q] {
             auto t = QueryDb();
             PrepareExpectedAnswers();
             return RunFn([t, &q](bool verify) {
               QueryAnswer answer(q, verify);
               Stopwatch sw;
               teal::Result result = t->con.Query(q.sql);
               for (const teal::Chunk& chunk : result) {
                 const void* columns[kMaxQueryColumns];
                 for (teal::idx_t c = 0; c < q.column_count; c++) {
                   columns[c] = ColumnData(chunk, c, q.columns[c].type);
                   answer.CountNulls(chunk.Validity(c).Data(), chunk.size());
                 }
                 answer.Batch(chunk.size(), columns);
               }
               double ms = sw.Ms();
               answer.Finish(std::string(q.name) + " teal chunk-spans");
               return ms;
             });
           }}};
}

/// W6: connections committing single-row INSERTs (prepared) into one file database.
std::vector<Variant> W6(CommitWorkload c) {
  return {{"teal", "prepared-insert", Role::kTealRow, [c] {
             auto db = std::make_shared<teal::Database>(ScratchPath("teal"));
             auto setup = std::make_shared<teal::Connection>(*db);
             if (c.sleep_ms) {
               setup->Execute("SET debug_wal_fsync_sleep_ms = " + std::to_string(c.sleep_ms));
             }
             return RunFn([db, setup, c](bool check) {
               setup->Execute("DROP TABLE IF EXISTS t");
               setup->Execute("CREATE TABLE t (id BIGINT, v INTEGER)");
               std::atomic<int64_t> total{0};
               const double us = TimeCommits(c.threads, [&](int t, const std::atomic<bool>& stop) {
                 teal::Connection con(*db);
                 auto insert = con.Prepare("INSERT INTO t VALUES ($1, $2)");
                 int64_t n = 0;
                 for (; !stop.load(std::memory_order_relaxed); n++) {
                   insert.Execute(int64_t{t} << 40 | n, static_cast<int32_t>(n));
                 }
                 total += n;
                 return n;
               });
               if (check) {
                 Check("W6 teal rows",
                       setup->Query("SELECT count(*) FROM t").GetValue(0, 0).GetStored<int64_t>(),
                       total.load());
               }
               return us;
             });
           }}};
}

}  // namespace

std::vector<Variant> TealVariants(const std::string& w) {
  if (auto c = ParseCommitWorkload(w)) return W6(*c);
  if (w == "W1") return W1();
  if (w == "W2-ts" || w == "W2-tstz") {
    const char* schema = w == "W2-ts"
                             ? "CREATE TABLE t(c1 TIMESTAMP, c2 TIMESTAMP, c3 TIMESTAMP, "
                               "c4 TIMESTAMP)"
                             : "CREATE TABLE t(c1 TIMESTAMPTZ, c2 TIMESTAMPTZ, c3 TIMESTAMPTZ, "
                               "c4 TIMESTAMPTZ)";
    return TemporalAppend(w == "W2-ts" ? "W2-ts" : "W2-tstz", schema, &TimestampRows, ReadMicros);
  }
  if (w == "W2-date") {
    return TemporalAppend("W2-date", "CREATE TABLE t(c1 DATE, c2 DATE, c3 DATE, c4 DATE)",
                          &DateRows, ReadDays);
  }
  if (w == "W3-short") return W3("W3-short", StringKind::kShort);
  if (w == "W3-long") return W3("W3-long", StringKind::kLong);
  if (w == "W3-georgian") return W3("W3-georgian", StringKind::kGeorgian);
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
