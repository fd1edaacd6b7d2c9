// test/sqllogic/main.cpp — teal-sqllogic, the sqllogictest runner.
//
//   teal-sqllogic [--dialect teal|sqlite|duckdb] [--engine NAME] [--timeout S]
//                 [--memory-limit SIZE] [--setting NAME=VALUE]... [--max-shown N] [--no-fork]
//                 [--reverse-unordered]
//                 [--known-failures LIST] PATH...
//
// Runs every *.test file under PATH (folders recursively, sorted), each in its own
// child process on a fresh in-memory database. Prints failing records, one verdict
// line per file and a summary; exits 1 when any file failed, 77 when no file failed
// or passed but some were skipped (ctest's SKIP_RETURN_CODE), 2 on bad usage.
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sqllogic/driver.hpp"
#include "sqllogic/teal_backend.hpp"

namespace {

constexpr int kSkipExitCode = 77;

constexpr const char* kUsage =
    "usage: teal-sqllogic [--dialect D] [--engine NAME] [--timeout SECONDS] [--memory-limit SIZE]\n"
    "                     [--setting NAME=VALUE]... [--max-shown N] [--no-fork]\n"
    "                     [--reverse-unordered]\n"
    "                     [--known-failures LIST] PATH...\n"
    "  --dialect D      whose rules the files follow (test/sqllogic/result_compare.hpp):\n"
    "                   teal (default; exact comparison), sqlite (SQLite's corpus: I/R\n"
    "                   rendering), duckdb (DuckDB's test/sql: DuckDB's runner's rules;\n"
    "                   skipif/onlyif duckdb name this engine)\n"
    "  --engine NAME    also treat skipif/onlyif NAME as this engine (teal, and postgresql\n"
    "                   outside the duckdb dialect, always are)\n"
    "  --timeout S      kill a file's run after S seconds (default 300)\n"
    "  --memory-limit SIZE  SET memory_limit for every file, e.g. 2GB, so a query that\n"
    "                   cannot finish (a huge cross product) fails fast instead\n"
    "  --setting NAME=VALUE  SET NAME = 'VALUE' before every file (repeatable), e.g.\n"
    "                   threads=4 or verify_parallelism=true\n"
    "  --max-shown N    print at most N failing records per file; 0 = all (default 50)\n"
    "  --no-fork        run files in this process (for debuggers; no crash isolation)\n"
    "  --reverse-unordered  reverse the rows of results of queries with neither ORDER BY\n"
    "                   nor rowsort/valuesort: finds tests that depend on scan order\n"
    "  --known-failures LIST  a file of `path:line reason` lines naming records known to\n"
    "                   fail: their failure is reported but does not fail the file, and\n"
    "                   a listed record that passes fails it, so the list only shrinks\n";

bool ParseNumber(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0' && out >= 0;
}

struct KnownFailure {
  std::string path;
  int line = 0;
};

/// `path:line reason` lines; blank lines and # comments are ignored.
std::vector<KnownFailure> ReadKnownFailures(const std::string& list) {
  std::ifstream in(list);
  if (!in) throw std::runtime_error("cannot read the known-failures list " + list);
  std::vector<KnownFailure> entries;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    number++;
    size_t start = line.find_first_not_of(" \t");
    if (start == std::string::npos || line[start] == '#') continue;
    size_t end = line.find_first_of(" \t", start);
    std::string where =
        line.substr(start, end == std::string::npos ? std::string::npos : end - start);
    size_t colon = where.rfind(':');
    KnownFailure entry;
    entry.path = where.substr(0, colon == std::string::npos ? 0 : colon);
    char* tail = nullptr;
    if (colon != std::string::npos) entry.line = std::strtol(where.c_str() + colon + 1, &tail, 10);
    if (entry.path.empty() || entry.line <= 0 || tail == nullptr || *tail != '\0') {
      throw std::runtime_error(
          fmt::format("{}:{}: expected `path:line reason`, got '{}'", list, number, where));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

/// The record lines of `file` on the list. Entries match a path suffix.
std::set<int> KnownLines(const std::vector<KnownFailure>& known, const std::string& file) {
  std::set<int> lines;
  for (const KnownFailure& entry : known) {
    const std::string& path = entry.path;
    if (file == path || (file.size() > path.size() &&
                         file.compare(file.size() - path.size(), path.size(), path) == 0 &&
                         file[file.size() - path.size() - 1] == '/')) {
      lines.insert(entry.line);
    }
  }
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace teal::sqllogic;
  DriverOptions options;
  std::vector<std::string> paths;
  std::vector<KnownFailure> known;
  std::vector<std::string> engines;
  teal::sqllogic::Dialect dialect = teal::sqllogic::Dialect::kTeal;
  std::vector<std::pair<std::string, std::string>> settings;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    double number = 0;
    if (arg == "--engine" && has_value) {
      engines.push_back(argv[++i]);
    } else if (arg == "--dialect" && has_value && ParseDialect(argv[i + 1])) {
      dialect = *ParseDialect(argv[++i]);
    } else if (arg == "--reverse-unordered") {
      options.runner.reverse_unordered = true;
    } else if (arg == "--timeout" && has_value && ParseNumber(argv[i + 1], number) && number > 0) {
      options.timeout = std::chrono::milliseconds(static_cast<int64_t>(number * 1000));
      i++;
    } else if (arg == "--memory-limit" && has_value) {
      settings.emplace_back("memory_limit", argv[++i]);
    } else if (arg == "--setting" && has_value &&
               std::string_view(argv[i + 1]).find('=') != std::string_view::npos) {
      std::string setting = argv[++i];
      size_t eq = setting.find('=');
      settings.emplace_back(setting.substr(0, eq), setting.substr(eq + 1));
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
  options.runner.dialect = dialect;
  // DuckDB's runner is "duckdb" to its files; Teal stands in for it there.
  options.runner.engines = dialect == Dialect::kDuckdb
                               ? std::vector<std::string>{"duckdb", "teal"}
                               : std::vector<std::string>{"teal", "postgresql"};
  options.runner.engines.insert(options.runner.engines.end(), engines.begin(), engines.end());

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

  BackendFactory make_backend = [settings] {
    auto backend = std::make_unique<TealBackend>();
    for (const auto& [name, value] : settings) backend->ApplySetting(name, value);
    return backend;
  };
  auto print = [](const std::string& text) {
    std::cout << text;
    if (!text.empty() && text.back() != '\n') std::cout << '\n';
    std::cout.flush();
  };
  uint64_t passed = 0, failed = 0, skipped = 0;
  for (const std::string& file : files) {
    options.runner.known_failure_lines = KnownLines(known, file);
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
  if (failed > 0) return 1;
  return passed == 0 && skipped > 0 ? kSkipExitCode : 0;
}
