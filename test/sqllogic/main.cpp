// test/sqllogic/main.cpp — teal-sqllogic, the sqllogictest runner.
//
//   teal-sqllogic [--engine NAME] [--timeout S] [--memory-limit SIZE] [--max-shown N] [--no-fork]
//                 [--known-failures LIST] PATH...
//
// Runs every *.test file under PATH (folders recursively, sorted), each in its own
// child process on a fresh in-memory database. Prints failing records, one verdict
// line per file and a summary; exits 1 when any file failed, 2 on bad usage.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sqllogic/driver.hpp"
#include "sqllogic/teal_backend.hpp"

namespace {

constexpr const char* kUsage =
    "usage: teal-sqllogic [--engine NAME] [--timeout SECONDS] [--memory-limit SIZE] [--max-shown "
    "N] "
    "[--no-fork] "
    "PATH...\n"
    "  --engine NAME    also treat skipif/onlyif NAME as this engine (teal and postgresql\n"
    "                   always are)\n"
    "  --timeout S      kill a file's run after S seconds (default 300)\n"
    "  --memory-limit SIZE  SET memory_limit for every file, e.g. 2GB, so a query that\n"
    "                   cannot finish (a huge cross product) fails fast instead\n"
    "  --max-shown N    print at most N failing records per file; 0 = all (default 50)\n"
    "  --no-fork        run files in this process (for debuggers; no crash isolation)\n"
    "  --known-failures LIST  a file of `path reason` lines: a listed file that fails is\n"
    "                   reported KNOWN and counted as skipped; a listed file that passes\n"
    "                   fails the run, so the list only ever shrinks\n";

bool ParseNumber(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0' && out >= 0;
}

/// `path reason` lines; blank lines and # comments are ignored.
std::vector<std::pair<std::string, std::string>> ReadKnownFailures(const std::string& list) {
  std::ifstream in(list);
  if (!in) throw std::runtime_error("cannot read the known-failures list " + list);
  std::vector<std::pair<std::string, std::string>> entries;
  std::string line;
  while (std::getline(in, line)) {
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    size_t end = line.find_first_of(" \t", start);
    std::string path =
        line.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::string reason;
    if (end != std::string::npos) {
      size_t r = line.find_first_not_of(" \t", end);
      if (r != std::string::npos) reason = line.substr(r);
    }
    entries.emplace_back(std::move(path), std::move(reason));
  }
  return entries;
}

/// The reason `file` is a known failure, or nullptr. Entries match a path suffix.
const std::string* KnownReason(const std::vector<std::pair<std::string, std::string>>& known,
                               const std::string& file) {
  for (const auto& [path, reason] : known) {
    if (file == path || (file.size() > path.size() &&
                         file.compare(file.size() - path.size(), path.size(), path) == 0 &&
                         file[file.size() - path.size() - 1] == '/')) {
      return &reason;
    }
  }
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace teal::sqllogic;
  DriverOptions options;
  std::vector<std::string> paths;
  std::vector<std::pair<std::string, std::string>> known;
  std::string memory_limit;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    double number = 0;
    if (arg == "--engine" && has_value) {
      options.runner.engines.push_back(argv[++i]);
    } else if (arg == "--timeout" && has_value && ParseNumber(argv[i + 1], number) && number > 0) {
      options.timeout = std::chrono::milliseconds(static_cast<int64_t>(number * 1000));
      i++;
    } else if (arg == "--memory-limit" && has_value) {
      memory_limit = argv[++i];
    } else if (arg == "--max-shown" && has_value && ParseNumber(argv[i + 1], number)) {
      options.max_shown = static_cast<uint64_t>(number);
      i++;
    } else if (arg == "--known-failures" && has_value) {
      try {
        known = ReadKnownFailures(argv[++i]);
      } catch (const std::exception& e) {
        std::cerr << "teal-sqllogic: " << e.what() << "\n";
        return 2;
      }
    } else if (arg == "--no-fork") {
      options.fork = false;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (!arg.empty() && arg[0] == '-') {
      std::cerr << "teal-sqllogic: bad option " << arg << "\n" << kUsage;
      return 2;
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.empty()) {
    std::cerr << kUsage;
    return 2;
  }

  std::vector<std::string> files;
  try {
    files = CollectTestFiles(paths);
  } catch (const std::exception& e) {
    std::cerr << "teal-sqllogic: " << e.what() << "\n";
    return 2;
  }
  if (files.empty()) {
    std::cerr << "teal-sqllogic: no .test files found\n";
    return 2;
  }

  BackendFactory make_backend = [memory_limit] {
    auto backend = std::make_unique<TealBackend>();
    if (!memory_limit.empty()) backend->SetMemoryLimit(memory_limit);
    return backend;
  };
  auto print = [](const std::string& text) {
    std::cout << text;
    if (!text.empty() && text.back() != '\n') std::cout << '\n';
    std::cout.flush();
  };
  uint64_t passed = 0, failed = 0, skipped = 0;
  for (const std::string& file : files) {
    FileVerdict verdict = RunTestFile(file, options, make_backend, print);
    if (const std::string* reason = KnownReason(known, file)) {
      if (verdict.status == FileVerdict::Status::kFail) {
        skipped++;
        std::cout << "KNOWN " << file << " (known failure: " << *reason << ")" << std::endl;
        continue;
      }
      if (verdict.status == FileVerdict::Status::kPass) {
        failed++;
        std::cout << "FAIL " << file << " (passes now: remove it from the known-failures list)"
                  << std::endl;
        continue;
      }
    }
    switch (verdict.status) {
      case FileVerdict::Status::kPass:
        passed++;
        break;
      case FileVerdict::Status::kFail:
        failed++;
        break;
      case FileVerdict::Status::kSkip:
        skipped++;
        break;
    }
    std::cout << verdict.Line(file) << std::endl;
  }
  std::cout << passed << " passed, " << failed << " failed, " << skipped << " skipped" << std::endl;
  return failed > 0 ? 1 : 0;
}
