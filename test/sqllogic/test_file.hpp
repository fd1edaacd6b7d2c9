// test/sqllogic/test_file.hpp — a sqllogictest file parsed into records.
//
// The format is SQLite's sqllogictest with DuckDB's extensions. A file is a
// sequence of records separated by blank lines; `#` lines between records are
// comments. Records:
//
//   statement ok|error|maybe [connection]      SQL lines; for error/maybe optionally
//                                               `----` and the expected message
//   query <types> [nosort|rowsort|valuesort [label [connection]] | connection]
//                                               SQL lines, `----`, expected lines
//   skipif|onlyif <engine>                      a condition on the next record
//   hash-threshold N, halt, mode skip|unskip|<ignored>, reconnect,
//   loop var start end | foreach var v1 v2 ... (and their concurrent* forms),
//   closed by endloop; loops nest
//   require X, require-env, load, restart       make the whole file skip: Teal has
//                                               no extensions and no persistence yet
//
// Parsing does not substitute ${var}: loop bodies are kept as written and the
// runner substitutes per iteration.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace teal::sqllogic {

enum class SortMode { kNone, kRow, kValue };

struct Condition {
  bool only_if = false;  // onlyif when true, skipif when false
  std::string engine;
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

  // kLoop: `values` are the iterations' values of `variable`.
  std::string variable;
  std::vector<std::string> values;
  std::vector<Record> body;

  // kHashThreshold
  uint64_t threshold = 0;
};

struct TestFile {
  std::string path;
  std::vector<Record> records;
  /// Non-empty when the file must be skipped as a whole (require, load, restart).
  std::string skip_reason;
};

/// A malformed file. what() names the file and line.
class TestFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parses the text of one file. `path` is only used in messages. Throws TestFileError.
TestFile ParseTestFile(std::string_view text, const std::string& path);

/// Reads and parses the file at `path`. Throws TestFileError, also when unreadable.
TestFile ReadTestFile(const std::string& path);

/// Replaces every `${name}` of `variable` in `text` with `value`.
std::string SubstituteVariable(std::string_view text, std::string_view variable,
                               std::string_view value);

}  // namespace teal::sqllogic
