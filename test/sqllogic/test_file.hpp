// test/sqllogic/test_file.hpp — a sqllogictest file parsed into records.
//
// The format is SQLite's sqllogictest with DuckDB's extensions, read as DuckDB's own
// runner (test/sqlite/ of duckdb/duckdb) reads it. A file is a sequence of records
// separated by blank lines; `#` lines between records are comments, and (except in the
// SQLite dialect) a `#` line also ends a record's SQL, as in DuckDB. Records:
//
//   statement ok|error|maybe [connection]      SQL lines; for error/maybe optionally
//                                               `----` and the expected message
//   query <types> [nosort|rowsort|valuesort [label [connection]] | connection]
//                                               SQL lines, `----`, expected lines
//   skipif|onlyif <engine>                      a condition on the next record; in the
//   skipif|onlyif var=value (<>,<,<=,>,>=)     DuckDB dialect also on a loop variable
//   hash-threshold N, halt, mode skip|unskip|<ignored>, reconnect, continue,
//   loop var start end | foreach var[,var2] v1[,w1] v2 ..., closed by endloop; loops nest
//   concurrentloop / concurrentforeach           parsed, but running one fails the file:
//                                               the runner cannot run bodies concurrently
//   reset label L, set ignore_error_messages M1, M2..., set seed X, test-env NAME VALUE,
//   require-env NAME [VALUE], sleep, tags, mode output_result...
//   require X                                   met (e.g. skip_reload, vector_size N for
//                                               N <= 2048, 64bit) or skips the whole file
//                                               (extensions; features Teal's build lacks)
//   load, restart                               skip the whole file: no persistence yet
//
// Parsing does not substitute {var} / ${var}: loop bodies are kept as written and the
// runner substitutes per iteration.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace teal::sqllogic {

/// Whose rules a file follows: how it is parsed, which skipif/onlyif names are "us", and
/// how expected values are compared (result_compare.hpp).
///   kTeal    Teal's own test/sql files: exact text comparison
///   kSqlite  SQLite's corpus: I/R rendering (2.9 prints as 2 in an I column)
///   kDuckdb  DuckDB's test/sql: DuckDB's CompareValues rules
enum class Dialect { kTeal, kSqlite, kDuckdb };

/// "teal", "sqlite", "duckdb"; nullopt for anything else.
std::optional<Dialect> ParseDialect(std::string_view name);

enum class SortMode { kNone, kRow, kValue };

struct Condition {
  bool only_if = false;  // onlyif when true, skipif when false
  std::string engine;    // empty for a loop-variable comparison
  // A loop-variable comparison (DuckDB dialect): `variable op value`, op one of
  // = <> < <= > >=; = and <> compare text, the others integers (as DuckDB does).
  std::string variable;
  std::string op;
  std::string value;
};

struct Record {
  enum class Kind {
    kStatement,
    kQuery,
    kLoop,
    kHalt,
    kHashThreshold,
    kModeSkip,
    kModeUnskip,
    kReconnect,
    kContinue,        // skip the rest of the innermost loop's current iteration
    kResetLabel,      // forget the hash of query label `label`
    kIgnoreErrors,    // `values`: error messages that make the file a skip when met
    kSetEnv,          // test-env: `variable` = values[0] for {variable} substitution
    kConcurrentLoop,  // a concurrentloop/concurrentforeach: fails the file when reached
    kLoad,            // load [PATH [readonly]]: `values` = {PATH, "readonly"?}
    kRestart,         // restart: close the database and open it again
  };
  enum class Expect { kOk, kError, kMaybe };

  Kind kind = Kind::kStatement;
  int line = 0;  // 1-based line of the record's header
  std::vector<Condition> conditions;

  // kStatement and kQuery
  std::string connection;  // empty: the default connection
  std::string sql;         // lines joined by "\n"

  // kStatement
  Expect expect = Expect::kOk;
  bool has_message = false;  // an expected error message was given after `----`
  std::string message;       // lines joined by "\n"

  // kQuery
  std::string types;  // one letter per column: I, R, T, others read as T
  SortMode sort = SortMode::kNone;
  std::string label;
  std::vector<std::string> expected;  // the lines after `----`, as written

  // kLoop and kConcurrentLoop: `values` are the iterations' values of `variable`
  // (comma-separated names take comma-separated values, as in DuckDB's foreach).
  std::string variable;
  std::vector<std::string> values;
  std::vector<Record> body;

  // kHashThreshold
  uint64_t threshold = 0;
};

struct TestFile {
  std::string path;
  std::vector<Record> records;
  /// Non-empty when the file must be skipped as a whole (require, unzip, include). It
  /// starts with its category: "extension: " or "not met: ".
  std::string skip_reason;
};

/// A malformed file. what() names the file and line.
class TestFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses the text of one file. `path` is only used in messages. Throws TestFileError.
TestFile ParseTestFile(std::string_view text, const std::string& path,
                       Dialect dialect = Dialect::kTeal);

/// Reads and parses the file at `path`. Throws TestFileError, also when unreadable.
TestFile ReadTestFile(const std::string& path, Dialect dialect = Dialect::kTeal);

/// Replaces every `{name}` and `${name}` of `variable` in `text` with `value`. A
/// comma-separated `variable` ("a,b") takes a comma-separated `value` ("1,2") and
/// replaces each name; throws TestFileError when the counts differ.
std::string SubstituteVariable(std::string_view text, std::string_view variable,
                               std::string_view value);

/// The outcome of `require X`: met, or the skip reason (with its category prefix).
/// Exposed for unit tests.
std::optional<std::string> RequireSkipReason(const std::vector<std::string>& tokens);

}  // namespace teal::sqllogic
