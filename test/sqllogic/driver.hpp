// test/sqllogic/driver.hpp — one test file from path to verdict: parse, run in an
// isolated child process with a fresh backend, collect failures, decide PASS/FAIL/SKIP.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sqllogic/runner.hpp"

namespace teal::sqllogic {

struct DriverOptions {
  RunnerOptions runner;
  std::chrono::milliseconds timeout{std::chrono::seconds(300)};
  /// Run each file in a forked child (the default). Off: in this process, for debuggers.
  bool fork = true;
  /// Failure reports printed per file; 0 prints all. The rest are only counted.
  uint64_t max_shown = 50;
};

struct FileVerdict {
  enum class Status { kPass, kFail, kSkip };
  Status status = Status::kPass;
  uint64_t failures = 0;
  uint64_t known_failures = 0;  // failures of records on the known-failures list
  std::string reason;           // for kSkip, and for kFail beyond "N failures" (crash, timeout)

  /// "PASS path", "PASS path (N known failures)", "FAIL path (N failures)",
  /// "SKIP path (reason)".
  std::string Line(const std::string& path) const;
};

/// Makes the backend for one file; called in the child, once per file.
using BackendFactory = std::function<std::unique_ptr<Backend>()>;

/// Runs the file at `path`. Failure reports go to `print` as they arrive.
FileVerdict RunTestFile(const std::string& path, const DriverOptions& options,
                        const BackendFactory& make_backend,
                        const std::function<void(const std::string&)>& print);

/// The *.test files under `paths` (files as given, folders searched recursively),
/// each folder's files sorted by path. Throws std::runtime_error for a missing path.
std::vector<std::string> CollectTestFiles(const std::vector<std::string>& paths);

}  // namespace teal::sqllogic
