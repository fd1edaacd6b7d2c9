// test/sqllogic/driver.cpp — the per-file protocol between the child and the parent.
//
// Messages from the child (see isolation.hpp for the framing):
//   'F' report   one failing record (printed by the parent as it arrives)
//   'S' reason   the file is skipped as a whole
//   'P' message  the file does not parse
//   'R' sql      the statement about to run ("line N: SQL"), so that a crash or a hang
//                names it
//   'K' count    records on the known-failures list that failed as listed
//   'D' count    the run finished with `count` failing records
//   'X' message  an exception escaped (sent by RunIsolated)
// A child that ends without 'S', 'P' or 'D' crashed, hung or exited early.
#include "sqllogic/driver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "sqllogic/isolation.hpp"
#include "sqllogic/test_file.hpp"

namespace teal::sqllogic {

std::string FileVerdict::Line(const std::string& path) const {
  switch (status) {
    case Status::kPass:
      if (known_failures > 0) {
        return fmt::format("PASS {} ({} known failure{} as listed)", path, known_failures,
                           known_failures == 1 ? "" : "s");
      }
      return "PASS " + path;
    case Status::kSkip:
      return fmt::format("SKIP {} ({})", path, reason);
    case Status::kFail:
      if (!reason.empty()) {
        return fmt::format("FAIL {} ({}; {} failure{} before)", path, reason, failures,
                           failures == 1 ? "" : "s");
      }
      return fmt::format("FAIL {} ({} failure{})", path, failures, failures == 1 ? "" : "s");
  }
  return "FAIL " + path;
}

namespace {

// The child's side: everything that can crash happens here.
// `scratch` is the file's {TEST_DIR} (empty: none could be made); the parent removes it,
// also after a crash or a timeout.
int RunInChild(const std::string& path, const std::string& scratch, const DriverOptions& options,
               const BackendFactory& make_backend, const MessageSender& send) {
  TestFile file;
  try {
    file = ReadTestFile(path, options.runner.dialect);
  } catch (const TestFileError& e) {
    send('P', e.what());
    return 0;
  }
  if (!file.skip_reason.empty()) {
    send('S', file.skip_reason);
    return 0;
  }
  namespace fs = std::filesystem;
  RunnerOptions runner_options = options.runner;
  if (!scratch.empty()) {
    runner_options.environment.emplace("TEST_DIR", scratch);
    runner_options.environment.emplace("TEMP_DIR", scratch);
  }
  std::error_code ec;
  std::string working_dir = fs::current_path(ec).string();
  runner_options.environment.emplace("WORKING_DIR", working_dir);
  // DuckDB's suite finds its data files under {DATA_DIR}, the checkout's data/ folder
  // (the conformance script runs from the checkout's root).
  runner_options.environment.emplace("DATA_DIR", working_dir + "/data");
  runner_options.environment.emplace("LOCAL_DATA_DIR", working_dir + "/data");
  runner_options.environment.emplace("TEST_NAME", path);
  uint64_t failures = 0;
  std::string skip_reason;
  {
    std::unique_ptr<Backend> backend = make_backend();
    TestRunner runner(*backend, runner_options,
                      [&send](const std::string& report) { send('F', report); });
    runner.OnExecute([&send](const std::string& sql) { send('R', sql); });
    failures = runner.Run(file);
    if (runner.KnownFailures() > 0) send('K', std::to_string(runner.KnownFailures()));
    skip_reason = runner.SkipReason();
  }
  if (failures == 0 && !skip_reason.empty()) {
    send('S', skip_reason);
  } else {
    send('D', std::to_string(failures));
  }
  return 0;
}

}  // namespace

FileVerdict RunTestFile(const std::string& path, const DriverOptions& options,
                        const BackendFactory& make_backend,
                        const std::function<void(const std::string&)>& print) {
  FileVerdict verdict;
  uint64_t reported = 0;
  bool finished = false;
  std::string exception;
  std::string running;  // the last 'R': what ran when the child crashed or hung
  auto on_message = [&](char tag, const std::string& payload) {
    switch (tag) {
      case 'F':
        reported++;
        if (options.max_shown == 0 || reported <= options.max_shown) print(payload);
        break;
      case 'S':
        finished = true;
        verdict.status = FileVerdict::Status::kSkip;
        verdict.reason = payload;
        break;
      case 'P':
        finished = true;
        verdict.status = FileVerdict::Status::kFail;
        verdict.failures = 1;
        print("parse error: " + payload + "\n");
        break;
      case 'D':
        finished = true;
        verdict.failures = std::stoull(payload);
        verdict.status =
            verdict.failures == 0 ? FileVerdict::Status::kPass : FileVerdict::Status::kFail;
        break;
      case 'X':
        exception = payload;
        break;
      case 'K':
        verdict.known_failures = std::stoull(payload);
        break;
      case 'R':
        running = payload;
        break;
      default:
        break;
    }
  };
  // A scratch folder for the file's {TEST_DIR} / {TEMP_DIR}, made and removed here so
  // that a child that crashes or times out leaves nothing behind.
  namespace fs = std::filesystem;
  std::string scratch_template = (fs::temp_directory_path() / "teal-sqllogic-XXXXXX").string();
  const std::string scratch =
      mkdtemp(scratch_template.data()) != nullptr ? scratch_template : std::string();
  auto work = [&](const MessageSender& send) {
    return RunInChild(path, scratch, options, make_backend, send);
  };

  IsolatedOutcome outcome;
  if (options.fork) {
    outcome = RunIsolated(work, options.timeout, on_message);
  } else {
    try {
      outcome.exit_code =
          work([&](char tag, std::string_view payload) { on_message(tag, std::string(payload)); });
    } catch (const std::exception& e) {
      on_message('X', e.what());
      outcome.exit_code = 3;
    }
  }

  if (!scratch.empty()) {
    std::error_code ec;
    fs::remove_all(scratch, ec);
  }
  if (options.max_shown != 0 && reported > options.max_shown) {
    print(fmt::format("({} more failures in {} not shown)\n", reported - options.max_shown, path));
  }
  std::string abnormal;
  switch (outcome.end) {
    case IsolatedOutcome::End::kNotStarted:
      abnormal = "could not start: " + outcome.error;
      break;
    case IsolatedOutcome::End::kTimedOut:
      abnormal = fmt::format("timed out after {} s", options.timeout.count() / 1000.0);
      break;
    case IsolatedOutcome::End::kSignaled:
      abnormal =
          fmt::format("crashed with signal {} ({})", outcome.signal, strsignal(outcome.signal));
      break;
    case IsolatedOutcome::End::kExited:
      if (!exception.empty()) {
        abnormal = "exception: " + exception;
      } else if (!finished || outcome.exit_code != 0) {
        abnormal = fmt::format("exited early with code {}", outcome.exit_code);
      }
      break;
  }
  if (!abnormal.empty() && !running.empty() &&
      (outcome.end == IsolatedOutcome::End::kSignaled ||
       outcome.end == IsolatedOutcome::End::kTimedOut)) {
    // Name the SQL that was running, on one line: the verdict line must stay one line.
    std::string sql = running;
    for (char& c : sql) {
      if (c == '\n' || c == '\t') c = ' ';
    }
    if (sql.size() > 300) sql = sql.substr(0, 300) + "...";
    print(fmt::format("{}: {} while running {}\n", path, abnormal, sql));
  }
  if (!abnormal.empty()) {
    verdict.status = FileVerdict::Status::kFail;
    verdict.failures = reported;
    verdict.reason = abnormal;
  }
  return verdict;
}

std::vector<std::string> CollectTestFiles(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(path, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && it->path().extension() == ".test") {
          found.push_back(it->path().string());
        }
      }
      if (ec) throw std::runtime_error(fmt::format("{}: {}", path, ec.message()));
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path, ec)) {
      files.push_back(path);
    } else {
      throw std::runtime_error(fmt::format("{}: no such file or folder", path));
    }
  }
  return files;
}

}  // namespace teal::sqllogic
