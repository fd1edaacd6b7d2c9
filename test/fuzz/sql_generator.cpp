// test/fuzz/sql_generator.cpp — the byte-driven SQL generator (sql_generator.hpp).
//
// Every choice reads one byte (two for ranges over 256) and takes it modulo the number of
// options. Once the bytes run out every choice reads 0, and option 0 is always the simplest
// one (a column, no optional clause), so the script closes off quickly; depth is bounded.
//
// Expressions are loosely typed by a Kind (number, text, boolean, date or timestamp, time,
// interval, list), so that most of them bind: a WHERE gets a boolean, `+` gets numbers,
// substring() gets text. The kinds are coarse on purpose — any number for any number, a
// BLOB or an ENUM for text — and about one expression in twenty ignores them altogether, so
// the binder's errors and the implicit casts get their share. t1 and t2 are small, so that
// joins and correlated subqueries over them stay fast; t3 spans two vectors.
#include "sql_generator.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace teal::fuzz {

const char* const kGeneratedSchema = R"(
CREATE TYPE mood AS ENUM ('a', 'b', 'c');
CREATE TABLE t1(i INTEGER, b BIGINT, d DOUBLE, s VARCHAR, dt DATE, ts TIMESTAMP,
                dc DECIMAL(18,3), l INTEGER[], e mood, bo BOOLEAN, iv INTERVAL);
INSERT INTO t1 VALUES
  (1, 10, 1.5, 'a', '2024-02-29', '2024-02-29 12:00:00', 1.25, [1, 2], 'a', true, INTERVAL '1 day'),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (-2147483648, 9223372036854775807, 'nan', '', 'infinity', '-infinity', -999999999999999.999,
   [], 'c', false, INTERVAL '-1 month'),
  (2147483647, -9223372036854775808, 'inf', 'ÄÖ%_\', '0001-01-01', '1970-01-01', 0, [NULL],
   'b', NULL, INTERVAL '1 year 2 hours');
INSERT INTO t1 SELECT range % 50, range, range / 7.0, 'k' || (range % 13)::VARCHAR,
  DATE '2000-01-01' + (range % 400)::INTEGER,
  TIMESTAMP '2020-01-01 00:00:00' + INTERVAL '1 hour' * (range % 100), range / 8.0,
  [range % 5, range % 3], (CASE range % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'b' ELSE 'c' END)::mood,
  range % 2 = 0, INTERVAL '1 minute' * range FROM range(100);
CREATE TABLE t2(i INTEGER, s VARCHAR, h HUGEINT, ti TINYINT, f FLOAT, tm TIME, u UBIGINT,
                tz TIMESTAMPTZ, bl BLOB, sl VARCHAR[]);
INSERT INTO t2 VALUES
  (1, 'a', 170141183460469231731687303715884105727, 127, 1.5, '12:00:00', 18446744073709551615,
   '2024-01-01 00:00:00+00', 'x', ['a', NULL]),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
  (2, 'B', -170141183460469231731687303715884105727, -128, -0.0, '24:00:00', 0, 'infinity', '',
   []);
INSERT INTO t2 SELECT range % 7, chr(65 + (range % 26)::INTEGER), range * range, range % 100,
  range / 3.0, TIME '00:00:00' + INTERVAL '1 second' * range, range,
  TIMESTAMPTZ '2024-01-01 00:00:00+00' + INTERVAL '1 day' * range, NULL, [range::VARCHAR]
  FROM range(40);
CREATE TABLE t3 AS SELECT range AS i, 'k' || (range % 17)::VARCHAR AS s,
  DATE '1999-12-31' + (range % 1000)::INTEGER AS dt FROM range(2100);
CREATE SEQUENCE seq
)";

namespace {

constexpr int kMaxDepth = 4;

enum Kind : uint8_t { kNumber, kText, kBool, kDate, kTime, kInterval, kList, kKindCount };

struct Column {
  std::string name;
  Kind kind;
};

struct Table {
  const char* name;
  std::vector<Column> columns;
};

const Table kT1 = {"t1",
                   {{"i", kNumber},
                    {"b", kNumber},
                    {"d", kNumber},
                    {"s", kText},
                    {"dt", kDate},
                    {"ts", kDate},
                    {"dc", kNumber},
                    {"l", kList},
                    {"e", kText},
                    {"bo", kBool},
                    {"iv", kInterval}}};
const Table kT2 = {"t2",
                   {{"i", kNumber},
                    {"s", kText},
                    {"h", kNumber},
                    {"ti", kNumber},
                    {"f", kNumber},
                    {"tm", kTime},
                    {"u", kNumber},
                    {"tz", kDate},
                    {"bl", kText},
                    {"sl", kList}}};
const Table kT3 = {"t3", {{"i", kNumber}, {"s", kText}, {"dt", kDate}}};

// The last eight: integer literals past BIGINT (HUGEINT, UHUGEINT), unsigned types, round() of
// a DECIMAL, and a volatile operand.
const char* const kNumberLiterals[] = {"1",
                                       "0",
                                       "-1",
                                       "7",
                                       "2147483647",
                                       "-2147483648",
                                       "9223372036854775807",
                                       "-9223372036854775808",
                                       "170141183460469231731687303715884105727",
                                       "1.5",
                                       "-0.0",
                                       "1e308",
                                       "0.1::DECIMAL(3,1)",
                                       "99999999999999999999999999999999999999::DECIMAL(38,0)",
                                       "'nan'::DOUBLE",
                                       "'-inf'::DOUBLE",
                                       "255::UTINYINT",
                                       "18446744073709551615::UBIGINT",
                                       "0.000001",
                                       "NULL::INTEGER",
                                       "(-128)::TINYINT",
                                       "3::HUGEINT",
                                       "2.5::FLOAT",
                                       "9223372036854775808",
                                       "-170141183460469231731687303715884105728",
                                       "340282366920938463463374607431768211455",
                                       "18446744073709551616",
                                       "3::UHUGEINT",
                                       "7::UINTEGER",
                                       "round(999.95::DECIMAL(5,2), 1)",
                                       "nextval('seq')"};
const char* const kTextLiterals[] = {"'a'",           "''",
                                     "'abc%'",        "'2024-02-29'",
                                     "'  x  '",       "'%'",
                                     "'_'",           "'1'",
                                     "'[1, 2]'",      "'b'::mood",
                                     "'\\xFF'::BLOB", "'ÄÖü'",
                                     "NULL::VARCHAR", "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'"};
const char* const kBoolLiterals[] = {"true", "false", "NULL::BOOLEAN", "NULL"};
const char* const kDateLiterals[] = {"DATE '2024-02-29'",
                                     "DATE 'infinity'",
                                     "TIMESTAMP '2024-02-29 23:59:59.999999'",
                                     "TIMESTAMP '-infinity'",
                                     "DATE '0001-01-01'",
                                     "DATE '5881580-07-10'",
                                     "TIMESTAMPTZ '2024-03-31 02:30:00+02'",
                                     "'2024-01-01'::TIMESTAMP_NS",
                                     "'2024-01-01 10:00'::TIMESTAMP_S",
                                     "'1969-12-31 23:59:59.999'::TIMESTAMP_MS",
                                     "NULL::DATE"};
const char* const kTimeLiterals[] = {"TIME '24:00:00'", "TIME '00:00:00.000001'", "TIME '12:34:56'",
                                     "'23:59:59+15:59'::TIMETZ", "NULL::TIME"};
const char* const kIntervalLiterals[] = {"INTERVAL '1 month'",
                                         "INTERVAL '-3 days 4 hours'",
                                         "INTERVAL '2147483647 months'",
                                         "INTERVAL '1 microsecond'",
                                         "INTERVAL '0 days'",
                                         "INTERVAL '-178000000 years'",
                                         "INTERVAL '100000000 hours'",
                                         "NULL::INTERVAL"};
const char* const kListLiterals[] = {
    "[1, 2, NULL]", "[]",          "[[1], []]",       "['a', NULL]",
    "[NULL]",       "[1.5, -0.0]", "NULL::INTEGER[]", "[DATE '2024-01-01']",
    "[true, false]"};

const char* const kTypes[] = {"INTEGER",      "BIGINT",       "SMALLINT",      "TINYINT",
                              "HUGEINT",      "UTINYINT",     "USMALLINT",     "UINTEGER",
                              "UBIGINT",      "UHUGEINT",     "BOOLEAN",       "FLOAT",
                              "DOUBLE",       "DECIMAL(4,2)", "DECIMAL(18,3)", "DECIMAL(38,10)",
                              "VARCHAR",      "BLOB",         "DATE",          "TIME",
                              "TIMETZ",       "TIMESTAMP",    "TIMESTAMPTZ",   "TIMESTAMP_S",
                              "TIMESTAMP_MS", "TIMESTAMP_NS", "INTERVAL",      "UUID",
                              "INTEGER[]",    "VARCHAR[]",    "DOUBLE[]",      "INTEGER[][]",
                              "mood",         "TIMESTAMP(0)", "TIMESTAMP(3)",  "TIMESTAMP(9)"};

// A function: its name, the kind it returns and the kinds of its arguments, one letter each
// (n number, t text, b boolean, d date or timestamp, m time, i interval, l list, e an ENUM,
// a anything).
struct Function {
  const char* name;
  Kind result;
  const char* arguments;
};

const Function kScalarFunctions[] = {{"abs", kNumber, "n"},
                                     {"ceil", kNumber, "n"},
                                     {"floor", kNumber, "n"},
                                     {"round", kNumber, "nn"},
                                     {"trunc", kNumber, "n"},
                                     {"sqrt", kNumber, "n"},
                                     {"cbrt", kNumber, "n"},
                                     {"pow", kNumber, "nn"},
                                     {"exp", kNumber, "n"},
                                     {"log", kNumber, "n"},
                                     {"log2", kNumber, "n"},
                                     {"log10", kNumber, "n"},
                                     {"sign", kNumber, "n"},
                                     {"mod", kNumber, "nn"},
                                     {"greatest", kNumber, "nnn"},
                                     {"least", kNumber, "nn"},
                                     {"nullif", kNumber, "nn"},
                                     {"ifnull", kText, "tt"},
                                     {"upper", kText, "t"},
                                     {"lower", kText, "t"},
                                     {"length", kNumber, "t"},
                                     {"substring", kText, "tnn"},
                                     {"substring", kText, "tn"},
                                     {"replace", kText, "ttt"},
                                     {"reverse", kText, "t"},
                                     {"repeat", kText, "tn"},
                                     {"lpad", kText, "tnt"},
                                     {"rpad", kText, "tnt"},
                                     {"trim", kText, "t"},
                                     {"ltrim", kText, "tt"},
                                     {"split_part", kText, "ttn"},
                                     {"strpos", kNumber, "tt"},
                                     {"concat", kText, "aaa"},
                                     {"concat_ws", kText, "taa"},
                                     {"left", kText, "tn"},
                                     {"right", kText, "tn"},
                                     {"ascii", kNumber, "t"},
                                     {"chr", kText, "n"},
                                     {"md5", kText, "t"},
                                     {"to_hex", kText, "n"},
                                     {"starts_with", kBool, "tt"},
                                     {"ends_with", kBool, "tt"},
                                     {"contains", kBool, "tt"},
                                     {"instr", kNumber, "tt"},
                                     {"octet_length", kNumber, "t"},
                                     {"regexp_matches", kBool, "tt"},
                                     {"regexp_replace", kText, "ttt"},
                                     {"typeof", kText, "a"},
                                     {"year", kNumber, "d"},
                                     {"month", kNumber, "d"},
                                     {"day", kNumber, "d"},
                                     {"hour", kNumber, "d"},
                                     {"minute", kNumber, "m"},
                                     {"second", kNumber, "m"},
                                     {"dayofweek", kNumber, "d"},
                                     {"dayofyear", kNumber, "d"},
                                     {"quarter", kNumber, "d"},
                                     {"week", kNumber, "d"},
                                     {"epoch", kNumber, "d"},
                                     {"month", kNumber, "i"},
                                     {"epoch_ms", kDate, "n"},
                                     {"date_part", kNumber, "td"},
                                     {"date_part", kNumber, "ti"},
                                     {"date_trunc", kDate, "td"},
                                     {"date_diff", kNumber, "tdd"},
                                     {"date_add", kDate, "di"},
                                     {"last_day", kDate, "d"},
                                     {"make_date", kDate, "nnn"},
                                     {"make_time", kTime, "nnn"},
                                     {"make_timestamp", kDate, "nnnnnn"},
                                     {"strftime", kText, "dt"},
                                     {"strptime", kDate, "tt"},
                                     {"monthname", kText, "d"},
                                     {"dayname", kText, "d"},
                                     {"to_timestamp", kDate, "n"},
                                     {"age", kInterval, "dd"},
                                     {"list_value", kList, "aa"},
                                     {"list_contains", kBool, "la"},
                                     {"len", kNumber, "l"},
                                     {"list_append", kList, "la"},
                                     {"list_prepend", kList, "al"},
                                     {"list_concat", kList, "ll"},
                                     {"list_reverse", kList, "l"},
                                     {"list_extract", kNumber, "ln"},
                                     {"list_position", kNumber, "la"},
                                     {"enum_range", kList, "e"},
                                     {"enum_first", kText, "e"},
                                     {"enum_last", kText, "e"},
                                     {"greatest", kDate, "dd"},
                                     {"least", kTime, "mm"},
                                     {"current_setting", kText, "t"}};

const Function kAggregates[] = {{"count", kNumber, "a"},
                                {"sum", kNumber, "n"},
                                {"avg", kNumber, "n"},
                                {"min", kNumber, "n"},
                                {"max", kDate, "d"},
                                {"min", kText, "t"},
                                {"string_agg", kText, "tt"},
                                {"list", kList, "a"},
                                {"median", kNumber, "n"},
                                {"quantile_cont", kNumber, "nn"},
                                {"quantile_disc", kDate, "dn"},
                                {"mode", kText, "t"},
                                {"arg_max", kText, "tn"},
                                {"arg_min", kNumber, "nd"},
                                {"stddev_samp", kNumber, "n"},
                                {"var_pop", kNumber, "n"},
                                {"bool_and", kBool, "b"},
                                {"bool_or", kBool, "b"},
                                {"count_if", kNumber, "b"},
                                {"product", kNumber, "n"},
                                {"first", kList, "l"},
                                {"any_value", kText, "t"},
                                {"min_by", kDate, "dn"},
                                {"max_by", kNumber, "nt"},
                                {"variance", kNumber, "n"},
                                {"max", kList, "l"},
                                {"min", kBool, "b"},
                                {"max", kTime, "m"},
                                {"sum", kInterval, "i"},
                                {"avg", kInterval, "i"},
                                {"median", kDate, "d"},
                                {"min", kInterval, "i"}};

// The bytes, read as choices.
class Choices {
 public:
  Choices(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  /// A number in [0, n), n > 0.
  size_t Below(size_t n) {
    size_t v = Next();
    if (n > 256) v = v << 8 | Next();
    return v % n;
  }
  /// True with about p percent; false once the bytes are used up.
  bool Percent(size_t p) { return Below(100) + p >= 100; }
  template <typename T, size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Below(N)];
  }
  template <typename T>
  const T& Pick(const std::vector<T>& items) {
    return items[Below(items.size())];
  }
  bool Exhausted() const { return position_ >= size_; }

 private:
  uint8_t Next() { return position_ < size_ ? data_[position_++] : 0; }

  const uint8_t* data_;
  size_t size_;
  size_t position_ = 0;
};

// The columns an expression may name, and whether it may aggregate.
struct Scope {
  std::vector<Column> columns;
  bool aggregates = false;
  const Scope* outer = nullptr;  // the enclosing query's scope, for correlated subqueries
};

Kind KindOf(char letter) {
  switch (letter) {
    case 'n':
      return kNumber;
    case 't':
      return kText;
    case 'b':
      return kBool;
    case 'd':
      return kDate;
    case 'm':
      return kTime;
    case 'i':
      return kInterval;
    case 'l':
      return kList;
    default:
      return kKindCount;  // anything
  }
}

class Generator {
 public:
  explicit Generator(Choices& choices) : c_(choices) {}

  std::string Script() {
    std::string out;
    size_t statements = 1 + c_.Below(4);
    for (size_t n = 0; n < statements; n++) {
      out += Statement();
      out += ";\n";
      if (c_.Exhausted()) break;
    }
    return out;
  }

 private:
  std::string Statement() {
    switch (c_.Below(16)) {
      case 6: {  // INSERT into some of t2's columns, from a query or VALUES
        size_t count = 1 + c_.Below(3);
        std::string columns;
        std::vector<Kind> kinds;
        for (size_t k = 0; k < count; k++) {
          const Column& column = c_.Pick(kT2Columns());
          columns += (k ? ", " : "") + column.name;
          kinds.push_back(column.kind);
        }
        if (c_.Percent(50)) {
          Scope none;
          std::string rows;
          for (int r = 0; r < 2; r++) {
            rows += r ? "), (" : "";
            for (size_t k = 0; k < count; k++) rows += (k ? ", " : "") + Expr(none, kinds[k], 2);
          }
          return "INSERT INTO t2(" + columns + ") VALUES (" + rows + ")";
        }
        return "INSERT INTO t2(" + columns + ") " + Select(1, nullptr, kinds);
      }
      case 7: {
        Scope t1 = TableScope(kT1, "");
        const Column& column = c_.Pick(kT1Columns());
        std::string out = "UPDATE t1 SET " + column.name + " = " + Expr(t1, column.kind, 1);
        if (c_.Percent(70)) out += " WHERE " + Expr(t1, kBool, 1);
        return out;
      }
      case 8: {
        Scope t2 = TableScope(kT2, "");
        return "DELETE FROM t2" + (c_.Percent(80) ? " WHERE " + Expr(t2, kBool, 1) : "");
      }
      case 9: {
        // Now and then a name that exists, which CREATE TABLE … AS refuses before it runs.
        std::string name = c_.Percent(10) ? "t2" : "c" + std::to_string(created_++);
        return "CREATE TABLE " + name + " AS " + Select(1, nullptr, AnyKinds()) +
               ";\nSELECT * FROM " + name + " ORDER BY ALL";
      }
      case 10: {
        std::string name = "v" + std::to_string(created_++);
        std::string out = "CREATE VIEW " + name + " AS " + Select(1, nullptr, AnyKinds()) +
                          ";\nSELECT * FROM " + name;
        if (c_.Percent(20)) {  // a view cycle, which CREATE OR REPLACE refuses
          std::string other = "v" + std::to_string(created_++);
          out += ";\nCREATE VIEW " + other + " AS SELECT * FROM " + name +
                 ";\nCREATE OR REPLACE VIEW " + name + " AS SELECT * FROM " +
                 (c_.Percent(50) ? other : name) + ";\nSELECT * FROM " + other;
        }
        return out;
      }
      case 11:
        return std::string(c_.Percent(50) ? "EXPLAIN ANALYZE " : "EXPLAIN ") +
               Select(0, nullptr, AnyKinds());
      case 12: {
        static const char* const kSettings[] = {"SET default_order = 'desc'",
                                                "SET default_null_order = 'nulls_first'",
                                                "SET default_null_order = 'nulls_last'",
                                                "SET memory_limit = '4MB'",
                                                "SET memory_limit = '64KB'",
                                                "SET max_expression_depth = 12",
                                                "SET max_expression_depth = 40",
                                                "RESET ALL"};
        return c_.Pick(kSettings);
      }
      case 13: {  // WITH: a named subquery, then a query over it
        std::vector<Kind> kinds = AnyKinds();
        std::string with = "WITH w AS (" + Select(1, nullptr, kinds, /*alias_items=*/true) + ")";
        Scope w;
        for (size_t k = 0; k < kinds.size(); k++) {
          w.columns.push_back({"w.c" + std::to_string(k), kinds[k]});
        }
        if (c_.Percent(25)) {  // before INSERT, UPDATE or DELETE
          switch (c_.Below(3)) {
            case 0:
              return with + " INSERT INTO t1(i) SELECT " + Expr(w, kNumber, 2) + " FROM w";
            case 1:
              return with + " UPDATE t1 SET i = (SELECT " + Expr(w, kNumber, 2) +
                     " FROM w LIMIT 1) WHERE i IN (SELECT " + Expr(w, kNumber, 2) + " FROM w)";
            default:
              return with + " DELETE FROM t2 WHERE " +
                     (c_.Percent(50) ? "EXISTS (SELECT 1 FROM w WHERE " + Expr(w, kBool, 2) + ")"
                                     : "i IN (SELECT " + Expr(w, kNumber, 2) + " FROM w)");
          }
        }
        if (c_.Percent(30)) {  // and joined with t1
          Scope t1 = TableScope(kT1, "t1");
          w.columns.insert(w.columns.end(), t1.columns.begin(), t1.columns.end());
          return with + " " +
                 SelectOver("w JOIN t1 ON " + Expr(w, kBool, 2), w, 1, nullptr, AnyKinds());
        }
        return with + " " + SelectOver("w", w, 1, nullptr, AnyKinds());
      }
      default:
        return Select(0, nullptr, AnyKinds());
    }
  }

  static const std::vector<Column>& kT1Columns() { return kT1.columns; }
  static const std::vector<Column>& kT2Columns() { return kT2.columns; }

  static Scope TableScope(const Table& table, const std::string& alias) {
    Scope scope;
    for (const Column& column : table.columns) {
      scope.columns.push_back(
          {alias.empty() ? column.name : alias + "." + column.name, column.kind});
    }
    return scope;
  }

  std::vector<Kind> AnyKinds() {
    std::vector<Kind> kinds(1 + c_.Below(4));
    for (Kind& kind : kinds) kind = static_cast<Kind>(c_.Below(kKindCount));
    return kinds;
  }

  // A FROM clause and the columns it brings (none: no FROM).
  std::string From(int depth, Scope& scope) {
    switch (c_.Below(12)) {
      case 1:
        scope = TableScope(kT2, "");
        return "t2";
      case 10: {  // DuckDB's SEMI/ANTI JOIN: only the left side's columns remain after it
        Scope both = TableScope(kT1, "x");
        Scope right = TableScope(kT2, "y");
        both.columns.insert(both.columns.end(), right.columns.begin(), right.columns.end());
        both.outer = scope.outer;
        std::string out =
            std::string("t1 x ") + (c_.Percent(50) ? "SEMI" : "ANTI") + " JOIN t2 y ON x.i = y.i";
        if (c_.Percent(40)) out += " AND " + Expr(both, kBool, depth + 2);
        scope = TableScope(kT1, "x");
        return out;
      }
      case 2:
      case 3: {  // t1 x JOIN t2 y
        static const char* const kJoins[] = {
            "JOIN",           "LEFT JOIN",    "RIGHT JOIN",        "FULL JOIN",
            "CROSS JOIN",     "NATURAL JOIN", "NATURAL LEFT JOIN", "NATURAL RIGHT JOIN",
            "LEFT OUTER JOIN"};
        std::string join = c_.Pick(kJoins);
        scope = TableScope(kT1, "x");
        Scope right = TableScope(kT2, "y");
        scope.columns.insert(scope.columns.end(), right.columns.begin(), right.columns.end());
        std::string out = "t1 x " + join + " t2 y";
        if (join.find("NATURAL") != std::string::npos || join == "CROSS JOIN") return out;
        switch (c_.Below(3)) {
          case 0:
            return out + " ON x.i = y.i";
          case 1:
            return out + " USING (" + (c_.Percent(50) ? "i" : "i, s") + ")";
          default:
            return out + " ON " + Expr(scope, kBool, depth + 2);
        }
      }
      case 4: {  // a subquery
        std::vector<Kind> kinds = AnyKinds();
        std::string sub = Select(depth + 1, nullptr, kinds, /*alias_items=*/true);
        for (size_t k = 0; k < kinds.size(); k++) {
          scope.columns.push_back({"sq.c" + std::to_string(k), kinds[k]});
        }
        return "(" + sub + ") sq";
      }
      case 5: {
        static const char* const kRanges[] = {"range(10)",
                                              "range(0)",
                                              "range(3000)",
                                              "range(-5, 5, 2)",
                                              "generate_series(1, 3)",
                                              "range(10, 0, -3)"};
        scope.columns = {{"r.x", kNumber}};
        return std::string(c_.Pick(kRanges)) + " r(x)";
      }
      case 6: {
        Scope none;
        Kind a = static_cast<Kind>(c_.Below(kKindCount));
        Kind b = static_cast<Kind>(c_.Below(kKindCount));
        scope.columns = {{"v.a", a}, {"v.b", b}};
        std::string rows;
        size_t count = 1 + c_.Below(3);
        for (size_t r = 0; r < count; r++) {
          rows += (r ? ", (" : "(") + Expr(none, a, 3) + ", " + Expr(none, b, 3) + ")";
        }
        return "(VALUES " + rows + ") v(a, b)";
      }
      case 7: {  // a self join
        scope = TableScope(kT1, "p");
        Scope q = TableScope(kT1, "q");
        scope.columns.insert(scope.columns.end(), q.columns.begin(), q.columns.end());
        return c_.Percent(50) ? "t1 p, t1 q" : "t1 p JOIN t1 q ON p.i = q.i";
      }
      case 8:
        return "";
      case 9:
        scope = TableScope(kT3, "");
        return "t3";
      default:
        scope = TableScope(kT1, "");
        return "t1";
    }
  }

  // SELECT over a chosen FROM, now and then combined with a second one by a set operation.
  // `kinds`: the select items; `alias_items`: name them c0, c1, … (for subqueries that the
  // outer query reads).
  std::string Select(int depth, const Scope* outer, const std::vector<Kind>& kinds,
                     bool alias_items = false) {
    Scope scope;
    std::string from = From(depth, scope);
    std::string query = SelectOver(from, scope, depth, outer, kinds, alias_items);
    if (depth < 2 && c_.Percent(12)) {
      static const char* const kSetOps[] = {"UNION", "UNION ALL", "INTERSECT", "EXCEPT",
                                            "EXCEPT ALL"};
      Scope right;
      std::string right_from = From(depth + 1, right);
      query = "(" + query + ") " + c_.Pick(kSetOps) + " (" +
              SelectOver(right_from, right, depth + 1, outer, kinds, alias_items) + ")";
    }
    return query;
  }

  // The items `kinds` over `from`, whose columns are `scope`, with optional clauses.
  std::string SelectOver(const std::string& from, Scope scope, int depth, const Scope* outer,
                         const std::vector<Kind>& kinds, bool alias_items = false) {
    scope.outer = outer;
    bool grouped = c_.Percent(30);
    std::string out = c_.Percent(8) ? "SELECT DISTINCT " : "SELECT ";
    Scope item_scope = scope;
    item_scope.aggregates = grouped || c_.Percent(10);
    for (size_t k = 0; k < kinds.size(); k++) {
      if (k) out += ", ";
      if (!alias_items && !scope.columns.empty() && c_.Percent(4)) {
        out += "*";
        continue;
      }
      out += Expr(item_scope, kinds[k], depth + 1);
      if (alias_items) out += " AS c" + std::to_string(k);
    }
    if (!from.empty()) out += " FROM " + from;
    if (c_.Percent(50)) out += " WHERE " + Expr(scope, kBool, depth + 1);
    if (grouped) {
      switch (c_.Below(3)) {
        case 0:
          out += " GROUP BY ALL";
          break;
        case 1:
          out += " GROUP BY 1";
          break;
        default:
          out += " GROUP BY " + Expr(scope, static_cast<Kind>(c_.Below(kKindCount)), depth + 2);
      }
      if (c_.Percent(30)) out += " HAVING " + Expr(item_scope, kBool, depth + 1);
    }
    if (c_.Percent(40)) {
      static const char* const kDirections[] = {"", " ASC", " DESC", " DESC NULLS LAST",
                                                " NULLS FIRST"};
      switch (c_.Below(3)) {
        case 0:
          out += " ORDER BY ALL";
          break;
        case 1:
          out += " ORDER BY " + std::to_string(1 + c_.Below(kinds.size()));
          break;
        default:
          out +=
              " ORDER BY " + Expr(item_scope, static_cast<Kind>(c_.Below(kKindCount)), depth + 2);
      }
      out += c_.Pick(kDirections);
    }
    if (c_.Percent(25)) {
      static const char* const kLimits[] = {" LIMIT 1",    " LIMIT 0",  " LIMIT 5 OFFSET 2",
                                            " LIMIT 2049", " OFFSET 3", " LIMIT 100 OFFSET 2500"};
      out += c_.Pick(kLimits);
    }
    return out;
  }

  std::string Literal(Kind kind) {
    switch (kind) {
      case kNumber:
        return c_.Pick(kNumberLiterals);
      case kText:
        return c_.Pick(kTextLiterals);
      case kBool:
        return c_.Pick(kBoolLiterals);
      case kDate:
        return c_.Pick(kDateLiterals);
      case kTime:
        return c_.Pick(kTimeLiterals);
      case kInterval:
        return c_.Pick(kIntervalLiterals);
      default:
        return c_.Pick(kListLiterals);
    }
  }

  // A column of `kind` (of the enclosing query now and then: a correlated subquery), or a
  // literal when the scope has none.
  std::string ColumnOrLiteral(const Scope& scope, Kind kind) {
    const Scope* from = &scope;
    if (scope.outer && !scope.outer->columns.empty() && c_.Percent(25)) from = scope.outer;
    std::vector<const Column*> fitting;
    for (const Column& column : from->columns) {
      if (column.kind == kind) fitting.push_back(&column);
    }
    if (fitting.empty()) return Literal(kind);
    return fitting[c_.Below(fitting.size())]->name;
  }

  std::string Arguments(const Scope& scope, int depth, const char* kinds) {
    std::string out;
    for (const char* k = kinds; *k; k++) {
      if (*k == 'e') {
        out += std::string(k == kinds ? "" : ", ") + (c_.Percent(50) ? "NULL::mood" : "'a'::mood");
        continue;
      }
      Kind kind = KindOf(*k);
      if (kind == kKindCount) kind = static_cast<Kind>(c_.Below(kKindCount));
      out += (k == kinds ? "" : ", ") + Expr(scope, kind, depth + 1);
    }
    return out;
  }

  std::string Call(const Scope& scope, Kind kind, int depth) {
    std::vector<const Function*> fitting;
    for (const Function& f : kScalarFunctions) {
      if (f.result == kind) fitting.push_back(&f);
    }
    const Function& f = *fitting[c_.Below(fitting.size())];
    return std::string(f.name) + "(" + Arguments(scope, depth, f.arguments) + ")";
  }

  std::string Aggregate(const Scope& scope, Kind kind, int depth) {
    std::vector<const Function*> fitting;
    for (const Function& f : kAggregates) {
      if (f.result == kind) fitting.push_back(&f);
    }
    if (fitting.empty() || (kind == kNumber && c_.Percent(10))) return "count(*)";
    const Function& f = *fitting[c_.Below(fitting.size())];
    Scope inner = scope;
    inner.aggregates = false;
    if (std::string_view(f.arguments).size() == 1 && c_.Percent(15)) {
      return std::string(f.name) + "(DISTINCT " + Arguments(inner, depth, f.arguments) + ")";
    }
    return std::string(f.name) + "(" + Arguments(inner, depth, f.arguments) + ")";
  }

  // A subquery of one column; for a scalar subquery mostly cut to one row.
  std::string Subquery(const Scope& scope, Kind kind, int depth, bool scalar) {
    std::string select = Select(depth + 1, &scope, {kind});
    if (scalar && c_.Percent(70)) return "(SELECT * FROM (" + select + ") one LIMIT 1)";
    return "(" + select + ")";
  }

  std::string Expr(const Scope& scope, Kind kind, int depth) {
    if (depth >= kMaxDepth || c_.Percent(depth * 15)) {
      return c_.Percent(50) ? Literal(kind) : ColumnOrLiteral(scope, kind);
    }
    // One expression in twenty of any kind at all, to exercise the binder's errors and casts.
    if (c_.Percent(5)) kind = static_cast<Kind>(c_.Below(kKindCount));
    switch (c_.Below(12)) {
      case 0:
        return ColumnOrLiteral(scope, kind);
      case 1:
        return Literal(kind);
      case 2:
        return "CAST(" + Expr(scope, static_cast<Kind>(c_.Below(kKindCount)), depth + 1) + " AS " +
               c_.Pick(kTypes) + ")";
      case 3:
      case 4:
        return Call(scope, kind, depth);
      case 5: {
        std::string out = "CASE";
        bool simple = c_.Percent(30);
        Kind operand = static_cast<Kind>(c_.Below(kKindCount));
        if (simple) out += " " + Expr(scope, operand, depth + 1);
        size_t whens = 1 + c_.Below(3);
        for (size_t k = 0; k < whens; k++) {
          out += " WHEN " + Expr(scope, simple ? operand : kBool, depth + 1) + " THEN " +
                 Expr(scope, kind, depth + 1);
        }
        if (c_.Percent(70)) out += " ELSE " + Expr(scope, kind, depth + 1);
        return out + " END";
      }
      case 6:
        if (scope.aggregates) return Aggregate(scope, kind, depth);
        return ColumnOrLiteral(scope, kind);
      case 7:
        return Subquery(scope, kind, depth, /*scalar=*/true);
      case 8:
        if (c_.Percent(20)) return c_.Percent(85) ? "$1" : "$2";
        return "coalesce(" + Expr(scope, kind, depth + 1) + ", " + Expr(scope, kind, depth + 1) +
               ")";
      default:
        return Composite(scope, kind, depth);
    }
  }

  // Operators of each kind.
  std::string Composite(const Scope& scope, Kind kind, int depth) {
    switch (kind) {
      case kNumber: {
        static const char* const kOperators[] = {"+", "-", "*", "/", "%"};
        switch (c_.Below(4)) {
          case 0:
            return "(- " + Expr(scope, kNumber, depth + 1) + ")";
          case 1:
            return "(" + Expr(scope, kList, depth + 1) + ")[" + Expr(scope, kNumber, depth + 1) +
                   "]";
          default:
            return "(" + Expr(scope, kNumber, depth + 1) + " " + c_.Pick(kOperators) + " " +
                   Expr(scope, kNumber, depth + 1) + ")";
        }
      }
      case kText:
        if (c_.Percent(30)) {
          return "(" + Expr(scope, kText, depth + 1) + ")::VARCHAR[]";  // text to a list
        }
        return "(" + Expr(scope, kText, depth + 1) + " || " +
               Expr(scope, static_cast<Kind>(c_.Below(kKindCount)), depth + 1) + ")";
      case kDate:
        switch (c_.Below(3)) {
          case 0:
            return "(" + Expr(scope, kDate, depth + 1) + " - " + Expr(scope, kInterval, depth + 1) +
                   ")";
          case 1:
            return "(" + Expr(scope, kDate, depth + 1) + " + " + Expr(scope, kNumber, depth + 1) +
                   ")";
          default:
            return "(" + Expr(scope, kInterval, depth + 1) + " + " + Expr(scope, kDate, depth + 1) +
                   ")";
        }
      case kTime:
        return "(" + Expr(scope, kTime, depth + 1) + (c_.Percent(50) ? " + " : " - ") +
               Expr(scope, kInterval, depth + 1) + ")";
      case kInterval:
        switch (c_.Below(3)) {
          case 0:
            return "(" + Expr(scope, kDate, depth + 1) + " - " + Expr(scope, kDate, depth + 1) +
                   ")";
          case 1:
            return "(" + Expr(scope, kInterval, depth + 1) + " * " +
                   Expr(scope, kNumber, depth + 1) + ")";
          default:
            return "(" + Expr(scope, kInterval, depth + 1) + (c_.Percent(50) ? " + " : " - ") +
                   Expr(scope, kInterval, depth + 1) + ")";
        }
      case kList:
        if (c_.Percent(50)) {
          Kind element = static_cast<Kind>(c_.Below(kKindCount));
          std::string out = "[";
          size_t count = c_.Below(4);
          for (size_t k = 0; k < count; k++)
            out += (k ? ", " : "") + Expr(scope, element, depth + 1);
          return out + "]";
        }
        return "list_reverse(" + Expr(scope, kList, depth + 1) + ")";
      default:
        return Predicate(scope, depth);
    }
  }

  std::string Predicate(const Scope& scope, int depth) {
    Kind operand = static_cast<Kind>(c_.Below(kKindCount));
    switch (c_.Below(11)) {
      case 0: {
        static const char* const kComparisons[] = {
            "=", "<>", "<", "<=", ">", ">=", "IS DISTINCT FROM", "IS NOT DISTINCT FROM"};
        return "(" + Expr(scope, operand, depth + 1) + " " + c_.Pick(kComparisons) + " " +
               Expr(scope, operand, depth + 1) + ")";
      }
      case 1:
        return "(" + Expr(scope, kBool, depth + 1) + (c_.Percent(50) ? " AND " : " OR ") +
               Expr(scope, kBool, depth + 1) + ")";
      case 2:
        return "(NOT " + Expr(scope, kBool, depth + 1) + ")";
      case 3:
        return "(" + Expr(scope, operand, depth + 1) +
               (c_.Percent(50) ? " IS NULL)" : " IS NOT NULL)");
      case 4: {
        std::string out =
            "(" + Expr(scope, operand, depth + 1) + (c_.Percent(70) ? " IN (" : " NOT IN (");
        if (c_.Percent(10)) {  // a long list of constants (the IN-list hash lookup)
          size_t count = 8 + c_.Below(120);
          for (size_t k = 0; k < count; k++) out += (k ? ", " : "") + Literal(operand);
          return out + "))";
        }
        size_t count = c_.Below(4);
        for (size_t k = 0; k < count; k++) out += (k ? ", " : "") + Expr(scope, operand, depth + 1);
        return out + "))";
      }
      case 5:
        return "(" + Expr(scope, operand, depth + 1) + (c_.Percent(70) ? " IN " : " NOT IN ") +
               Subquery(scope, operand, depth, /*scalar=*/false) + ")";
      case 6:
        return std::string(c_.Percent(80) ? "EXISTS " : "NOT EXISTS ") + "(" +
               Select(depth + 1, &scope, AnyKinds()) + ")";
      case 7:
        return "(" + Expr(scope, operand, depth + 1) +
               (c_.Percent(80) ? " BETWEEN " : " NOT BETWEEN ") + Expr(scope, operand, depth + 1) +
               " AND " + Expr(scope, operand, depth + 1) + ")";
      case 8: {
        static const char* const kLike[] = {" LIKE ", " NOT LIKE ", " ILIKE "};
        return "(" + Expr(scope, kText, depth + 1) + c_.Pick(kLike) +
               Expr(scope, kText, depth + 1) + ")";
      }
      case 9: {
        static const char* const kQuantified[] = {"= ANY",  "<> ALL", "> ALL",
                                                  "<= ANY", "= ALL",  "< SOME"};
        return "(" + Expr(scope, operand, depth + 1) + " " + c_.Pick(kQuantified) + " " +
               Subquery(scope, operand, depth, /*scalar=*/false) + ")";
      }
      default:
        return ColumnOrLiteral(scope, kBool);
    }
  }

  Choices& c_;
  size_t created_ = 0;  // tables and views created so far, for fresh names
};

}  // namespace

std::string GenerateSql(const uint8_t* data, size_t size) {
  Choices choices(data, size);
  return Generator(choices).Script();
}

}  // namespace teal::fuzz
