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
};

struct RunnerOptions {
  /// Engine names skipif/onlyif conditions match.
  std::vector<std::string> engines = {"teal", "postgresql"};
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

 private:
  struct Substitution {
    std::string variable;
    std::string value;
  };
  struct LabelEntry {
    std::string hash;
    int line = 0;
  };

  // Returns false when the file must stop (halt).
  bool RunRecords(const std::vector<Record>& records);
  bool ConditionsAllow(const std::vector<Condition>& conditions) const;
  std::string Substitute(const std::string& text) const;
  void RunStatement(const Record& record);
  void RunQuery(const Record& record);
  void Fail(const Record& record, const std::string& sql, const std::string& what);

  Backend& backend_;
  RunnerOptions options_;
  FailureSink on_failure_;
  std::string path_;
  std::vector<Substitution> substitutions_;  // innermost loop last
  std::map<std::string, LabelEntry> labels_;
  uint64_t hash_threshold_ = 8;
  bool skipping_ = false;  // between `mode skip` and `mode unskip`
  uint64_t failures_ = 0;
  uint64_t executed_ = 0;
};

}  // namespace teal::sqllogic
