// test/sqllogic/runner.hpp — runs the records of one parsed test file against a Backend.
//
// The runner knows the format's semantics (conditions, loops, sort modes, hashing,
// labels, expected errors); the Backend knows how to run SQL. The Teal backend lives
// in teal_backend.hpp; unit tests use a scripted fake, so the runner can be tested
// without a working engine. Not thread-safe.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "sqllogic/test_file.hpp"
#include "teal/value.hpp"

namespace teal::sqllogic {

/// What running one SQL text produced.
struct ExecResult {
  bool ok = true;
  std::string error;       // Describe() of the error, e.g. "Binder Error: ..."
  std::string error_what;  // what() alone
  bool bug = false;        // an internal error or a non-teal exception: never "expected"
  uint64_t columns = 0;
  std::vector<Value> values;  // row-major
};

class Backend {
 public:
  virtual ~Backend() = default;
  /// Runs `sql` on the named connection ("" is the default one), creating it on first use.
  virtual ExecResult Execute(const std::string& connection, const std::string& sql) = 0;
  /// Replaces the default connection with a fresh one.
  virtual void Reconnect() = 0;
  /// Closes every connection and the database and opens the database at `path` (empty:
  /// a new in-memory one); empty when it worked, else why not.
  virtual std::string Load(const std::string& path, bool read_only) {
    return "this backend cannot load a database";
  }
  /// Closes every connection and the database and opens the same database again; empty
  /// when it worked, else why not.
  virtual std::string Restart() { return "this backend cannot restart a database"; }
  /// A backend on the same database with connections of its own, for one thread of a
  /// concurrentloop (it may run beside this one and other forks); null when the backend
  /// cannot.
  virtual std::unique_ptr<Backend> Fork() { return nullptr; }
};

struct RunnerOptions {
  /// Engine names skipif/onlyif conditions match.
  std::vector<std::string> engines = {"teal", "postgresql"};
  /// How expected values compare (result_compare.hpp) and how files are parsed.
  Dialect dialect = Dialect::kTeal;
  /// {NAME} / ${NAME} replacements besides loop variables (TEST_DIR, TEMP_DIR, ...).
  std::map<std::string, std::string> environment;
  /// Header lines of records known to fail (the known-failures list): their failure is
  /// counted in KnownFailures(), not as a failure; one that passes is a failure.
  std::set<int> known_failure_lines;
  /// Reverse the rows of every multi-row result of a query without ORDER BY, without
  /// rowsort/valuesort and not an EXPLAIN before comparing: a query that still passes
  /// does not depend on scan or hash order (finds tests that parallel execution would
  /// break). What it flags is a candidate: range(), generate_series() and unnest()
  /// produce rows in a defined order, so their queries fail here on purpose.
  bool reverse_unordered = false;
};

/// Receives one readable report per failing record.
using FailureSink = std::function<void(const std::string& report)>;

class TestRunner {
 public:
  TestRunner(Backend& backend, RunnerOptions options, FailureSink on_failure);

  /// Runs every record of `file`; returns the number of failing records.
  uint64_t Run(const TestFile& file);

  /// Records executed (statements and queries, not skipped) in the last Run.
  uint64_t Executed() const { return executed_; }
  /// Called with "line: sql" just before each statement or query runs, so that a crash
  /// or hang can be pinned on the SQL that was running (the driver sends it upstream).
  void OnExecute(std::function<void(const std::string&)> hook) { on_execute_ = std::move(hook); }

  /// Failures of records on the known-failures list in the last Run.
  uint64_t KnownFailures() const { return known_failures_; }
  /// Non-empty when the last Run stopped on an error matching `set ignore_error_messages`:
  /// the file counts as skipped, as in DuckDB's runner.
  const std::string& SkipReason() const { return skip_reason_; }

 private:
  struct Substitution {
    std::string variable;
    std::string value;
  };
  struct LabelEntry {
    std::string hash;
    int line = 0;
  };

  // How a run of records ended: normally, by `continue` (the innermost loop goes on with
  // its next iteration), or by stopping the file (halt, a concurrent loop, an ignored error).
  enum class Flow { kNext, kContinue, kStop };
  Flow RunRecords(const std::vector<Record>& records);
  /// concurrentloop: each iteration's body on a thread of its own, with a runner of its
  /// own on a Fork of the backend; their failures are this runner's.
  Flow RunConcurrently(const Record& record);
  bool ConditionsAllow(const Record& record);
  // Whether an error is on the `set ignore_error_messages` list; if so the file stops.
  bool IgnoredError(const std::string& error);
  std::string Substitute(const std::string& text) const;
  void RunStatement(const Record& record);
  void RunQuery(const Record& record);
  void Fail(const Record& record, const std::string& sql, const std::string& what);

  Backend& backend_;
  RunnerOptions options_;
  FailureSink on_failure_;
  std::function<void(const std::string&)> on_execute_;
  std::string path_;
  std::vector<Substitution> substitutions_;  // innermost loop last
  std::map<std::string, LabelEntry> labels_;
  std::map<std::string, std::string> environment_;  // options' plus test-env / set variable
  std::vector<std::string> ignored_errors_;
  std::set<int> known_hit_;  // known-failure lines that did fail
  bool stop_ = false;        // the file stops (an ignored error)
  std::string skip_reason_;
  uint64_t known_failures_ = 0;
  uint64_t hash_threshold_ = 8;
  uint32_t skip_level_ = 0;  // `mode skip`s not yet ended by `mode unskip`
  uint64_t failures_ = 0;
  uint64_t executed_ = 0;
};

}  // namespace teal::sqllogic
