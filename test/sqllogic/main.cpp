// test/sqllogic/main.cpp — teal-sqllogic, the sqllogictest runner.
//
//   teal-sqllogic [--engine NAME] [--timeout S] [--max-shown N] [--no-fork] PATH...
//
// Runs every *.test file under PATH (folders recursively, sorted), each in its own
// child process on a fresh in-memory database. Prints failing records, one verdict
// line per file and a summary; exits 1 when any file failed, 2 on bad usage.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "sqllogic/driver.hpp"
#include "sqllogic/teal_backend.hpp"

namespace {

constexpr const char* kUsage =
    "usage: teal-sqllogic [--engine NAME] [--timeout SECONDS] [--max-shown N] [--no-fork] "
    "PATH...\n"
    "  --engine NAME    also treat skipif/onlyif NAME as this engine (teal and postgresql\n"
    "                   always are)\n"
    "  --timeout S      kill a file's run after S seconds (default 300)\n"
    "  --max-shown N    print at most N failing records per file; 0 = all (default 50)\n"
    "  --no-fork        run files in this process (for debuggers; no crash isolation)\n";

bool ParseNumber(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0' && out >= 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace teal::sqllogic;
  DriverOptions options;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    double number = 0;
    if (arg == "--engine" && has_value) {
      options.runner.engines.push_back(argv[++i]);
    } else if (arg == "--timeout" && has_value && ParseNumber(argv[i + 1], number) && number > 0) {
      options.timeout = std::chrono::milliseconds(static_cast<int64_t>(number * 1000));
      i++;
    } else if (arg == "--max-shown" && has_value && ParseNumber(argv[i + 1], number)) {
      options.max_shown = static_cast<uint64_t>(number);
      i++;
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

  BackendFactory make_backend = [] { return std::make_unique<TealBackend>(); };
  auto print = [](const std::string& text) {
    std::cout << text;
    if (!text.empty() && text.back() != '\n') std::cout << '\n';
    std::cout.flush();
  };
  uint64_t passed = 0, failed = 0, skipped = 0;
  for (const std::string& file : files) {
    FileVerdict verdict = RunTestFile(file, options, make_backend, print);
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
