// test/sqllogic/runner.cpp — record semantics: conditions, loops, statements, queries.
#include "sqllogic/runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "sqllogic/result_compare.hpp"

namespace teal::sqllogic {

namespace {

std::string Indent(const std::string& text) {
  std::string out = "    ";
  for (char c : text) {
    out += c;
    if (c == '\n') out += "    ";
  }
  return out;
}

// Whether `sql` has an ORDER BY anywhere (a rough test: enough to leave ordered
// queries alone when reversing results).
bool MentionsOrderBy(const std::string& sql) {
  std::string lower;
  lower.reserve(sql.size());
  bool space = false;
  for (char c : sql) {
    bool is_space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (is_space && space) continue;
    space = is_space;
    lower += is_space ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return lower.find("order by") != std::string::npos;
}

// Reverses the order of the rows of row-major `values`.
void ReverseRows(std::vector<Value>& values, uint64_t columns) {
  size_t rows = values.size() / columns;
  for (size_t top = 0, bottom = rows; top + 1 < bottom; top++, bottom--) {
    for (uint64_t c = 0; c < columns; c++) {
      std::swap(values[top * columns + c], values[(bottom - 1) * columns + c]);
    }
  }
}

// EXPLAIN's lines are a plan drawn top-down, ordered by nature.
bool IsExplain(const std::string& sql) {
  size_t start = sql.find_first_not_of(" \t\n");
  if (start == std::string::npos || sql.size() - start < 7) return false;
  std::string word = sql.substr(start, 7);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word == "explain";
}

// EXPLAIN ANALYZE …: the word after EXPLAIN (IsExplain holds) is ANALYZE.
bool IsExplainAnalyze(const std::string& sql) {
  size_t start = sql.find_first_not_of(" \t\n", sql.find_first_not_of(" \t\n") + 7);
  if (start == std::string::npos || sql.size() - start < 7) return false;
  std::string word = sql.substr(start, 7);
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return word == "analyze";
}

bool ParseInt(const std::string& text, int64_t& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// DuckDB's loop-variable condition: = and <> on text, the others on integers.
bool Holds(const Condition& c, const std::string& actual) {
  if (c.op == "=") return actual == c.value;
  if (c.op == "<>") return actual != c.value;
  int64_t left = 0, right = 0;
  if (!ParseInt(actual, left) || !ParseInt(c.value, right)) {
    throw TestFileError(
        fmt::format("condition {}{}{}: {} is not an integer", c.variable, c.op, c.value, actual));
  }
  if (c.op == "<") return left < right;
  if (c.op == "<=") return left <= right;
  if (c.op == ">") return left > right;
  return left >= right;
}

}  // namespace

TestRunner::TestRunner(Backend& backend, RunnerOptions options, FailureSink on_failure)
    : backend_(backend), options_(std::move(options)), on_failure_(std::move(on_failure)) {}

uint64_t TestRunner::Run(const TestFile& file) {
  path_ = file.path;
  substitutions_.clear();
  labels_.clear();
  hash_threshold_ = 8;
  skip_level_ = 0;
  failures_ = 0;
  executed_ = 0;
  known_failures_ = 0;
  known_hit_.clear();
  environment_ = options_.environment;
  ignored_errors_.clear();
  stop_ = false;
  skip_reason_.clear();
  try {
    RunRecords(file.records);
  } catch (const TestFileError& e) {
    // A malformed condition or foreach met while running: the file's fault, reported once.
    failures_++;
    on_failure_(fmt::format("{}: {}\n", path_, e.what()));
  }
  // A listed record that no longer fails: the list must shrink.
  for (int line : options_.known_failure_lines) {
    if (known_hit_.count(line) == 0 && skip_reason_.empty()) {
      failures_++;
      on_failure_(fmt::format(
          "{}:{}: listed as a known failure but did not fail: remove it from the list\n", path_,
          line));
    }
  }
  return failures_;
}

bool TestRunner::ConditionsAllow(const Record& record) {
  for (const Condition& condition : record.conditions) {
    bool holds = false;
    if (!condition.engine.empty()) {
      holds = std::find(options_.engines.begin(), options_.engines.end(), condition.engine) !=
              options_.engines.end();
    } else {
      // The innermost loop of that name decides; a comma-separated foreach names several.
      bool found = false;
      for (auto it = substitutions_.rbegin(); it != substitutions_.rend() && !found; ++it) {
        std::string names = it->variable + ",";
        std::string values = it->value + ",";
        size_t name_at = 0, value_at = 0;
        while (name_at < names.size() && value_at < values.size()) {
          size_t name_end = names.find(',', name_at);
          size_t value_end = values.find(',', value_at);
          if (names.compare(name_at, name_end - name_at, condition.variable) == 0 &&
              name_end - name_at == condition.variable.size()) {
            holds = Holds(condition, values.substr(value_at, value_end - value_at));
            found = true;
            break;
          }
          name_at = name_end + 1;
          value_at = value_end + 1;
        }
      }
      if (!found) {
        throw TestFileError(fmt::format("{}:{}: condition on '{}', which is no loop variable",
                                        path_, record.line, condition.variable));
      }
    }
    if (holds != condition.only_if) return false;
  }
  return true;
}

std::string TestRunner::Substitute(const std::string& text) const {
  std::string out = text;
  // Innermost first, so an inner loop's variable shadows an outer one of the same name.
  for (auto it = substitutions_.rbegin(); it != substitutions_.rend(); ++it) {
    out = SubstituteVariable(out, it->variable, it->value);
  }
  for (const auto& [name, value] : environment_) out = SubstituteVariable(out, name, value);
  // DuckDB's older spelling of {TEST_DIR}.
  auto test_dir = environment_.find("TEST_DIR");
  if (test_dir != environment_.end()) {
    for (size_t at = out.find("__TEST_DIR__"); at != std::string::npos;
         at = out.find("__TEST_DIR__", at + test_dir->second.size())) {
      out.replace(at, 12, test_dir->second);
    }
  }
  return out;
}

bool TestRunner::IgnoredError(const std::string& error) {
  for (const std::string& message : ignored_errors_) {
    if (!message.empty() && error.find(message) != std::string::npos) {
      skip_reason_ = fmt::format("an error matched ignore_error_messages '{}'", message);
      stop_ = true;
      return true;
    }
  }
  return false;
}

TestRunner::Flow TestRunner::RunRecords(const std::vector<Record>& records) {
  for (const Record& record : records) {
    if (stop_) return Flow::kStop;
    // Skips nest, as in DuckDB's runner: mode lines count even while skipping, and each
    // unskip ends one skip.
    if (record.kind == Record::Kind::kModeUnskip) {
      if (skip_level_ > 0 && ConditionsAllow(record)) skip_level_--;
      continue;
    }
    if (record.kind == Record::Kind::kModeSkip) {
      if (ConditionsAllow(record)) skip_level_++;
      continue;
    }
    if (skip_level_ > 0 || !ConditionsAllow(record)) continue;
    switch (record.kind) {
      case Record::Kind::kStatement:
        RunStatement(record);
        break;
      case Record::Kind::kQuery:
        RunQuery(record);
        break;
      case Record::Kind::kHalt:
        return Flow::kStop;
      case Record::Kind::kContinue:
        return Flow::kContinue;
      case Record::Kind::kResetLabel:
        labels_.erase(Substitute(record.label));
        break;
      case Record::Kind::kIgnoreErrors:
        ignored_errors_ = record.values;
        break;
      case Record::Kind::kSetEnv:
        environment_[record.variable] = Substitute(record.values.at(0));
        break;
      case Record::Kind::kConcurrentLoop:
        if (RunConcurrently(record) == Flow::kStop) return Flow::kStop;
        break;
      case Record::Kind::kHashThreshold:
        hash_threshold_ = record.threshold;
        break;
      case Record::Kind::kModeSkip:
      case Record::Kind::kModeUnskip:
        break;
      case Record::Kind::kReconnect:
        backend_.Reconnect();
        break;
      case Record::Kind::kLoad: {
        const std::string path = record.values.empty() ? "" : Substitute(record.values[0]);
        const std::string error = backend_.Load(path, record.values.size() > 1);
        if (!error.empty()) {
          Fail(record, "", "load " + path + ": " + error);
          return Flow::kStop;
        }
        break;
      }
      case Record::Kind::kRestart:
        if (const std::string error = backend_.Restart(); !error.empty()) {
          Fail(record, "", "restart: " + error);
          return Flow::kStop;
        }
        break;
      case Record::Kind::kLoop:
        for (const std::string& value : record.values) {
          substitutions_.push_back({record.variable, value});
          Flow flow = RunRecords(record.body);
          substitutions_.pop_back();
          if (flow == Flow::kStop) return Flow::kStop;
        }
        break;
    }
  }
  return stop_ ? Flow::kStop : Flow::kNext;
}

TestRunner::Flow TestRunner::RunConcurrently(const Record& record) {
  std::mutex report_lock;
  std::vector<std::unique_ptr<Backend>> backends;
  std::vector<std::unique_ptr<TestRunner>> runners;
  for (const std::string& value : record.values) {
    backends.push_back(backend_.Fork());
    if (!backends.back()) {
      // Running the bodies one after another would test something else than the file
      // means (races, conflicts); fail loudly instead.
      Fail(record, "", "not implemented: this backend cannot run a concurrentloop");
      return Flow::kStop;
    }
    auto runner = std::make_unique<TestRunner>(*backends.back(), options_,
                                               [this, &report_lock](const std::string& report) {
                                                 std::lock_guard<std::mutex> guard(report_lock);
                                                 on_failure_(report);
                                               });
    runner->path_ = path_;
    runner->substitutions_ = substitutions_;
    runner->substitutions_.push_back({record.variable, value});
    runner->labels_ = labels_;
    runner->environment_ = environment_;
    runner->ignored_errors_ = ignored_errors_;
    runner->hash_threshold_ = hash_threshold_;
    runners.push_back(std::move(runner));
  }
  std::vector<std::thread> threads;
  std::string start_error;
  for (auto& runner : runners) {
    try {
      threads.emplace_back([&runner, &record] { runner->RunRecords(record.body); });
    } catch (const std::system_error& e) {
      // No thread (the address space or the thread limit is exhausted): the started ones
      // still run to their end, then the record fails.
      start_error = e.what();
      break;
    }
  }
  for (auto& thread : threads) thread.join();
  if (!start_error.empty()) {
    Fail(record, "", "could not start a thread for concurrentloop: " + start_error);
    return Flow::kStop;
  }
  for (auto& runner : runners) {
    failures_ += runner->failures_;
    executed_ += runner->executed_;
    known_failures_ += runner->known_failures_;
    known_hit_.insert(runner->known_hit_.begin(), runner->known_hit_.end());
    if (runner->stop_) {
      stop_ = true;
      if (skip_reason_.empty()) skip_reason_ = runner->skip_reason_;
    }
  }
  return stop_ ? Flow::kStop : Flow::kNext;
}

void TestRunner::Fail(const Record& record, const std::string& sql, const std::string& what) {
  if (options_.known_failure_lines.count(record.line) != 0) {
    known_failures_++;
    known_hit_.insert(record.line);
    return;
  }
  failures_++;
  // The headline, then the SQL, then the details (expected vs got), each block indented.
  size_t newline = what.find('\n');
  std::string report = fmt::format("{}:{}: {}\n", path_, record.line, what.substr(0, newline));
  if (!substitutions_.empty()) {
    report += "  with";
    for (const Substitution& s : substitutions_)
      report += fmt::format(" {}={}", s.variable, s.value);
    report += '\n';
  }
  if (!sql.empty()) report += "  sql:\n" + Indent(sql) + "\n";
  if (newline != std::string::npos) {
    std::string details = what.substr(newline + 1);
    while (!details.empty() && details.back() == '\n') details.pop_back();
    if (!details.empty()) report += details + "\n";
  }
  on_failure_(report);
}

void TestRunner::RunStatement(const Record& record) {
  std::string sql = Substitute(record.sql);
  executed_++;
  if (on_execute_) on_execute_(fmt::format("line {}: {}", record.line, sql));
  ExecResult result = backend_.Execute(record.connection, sql);
  const char* kind = record.expect == Record::Expect::kOk      ? "statement ok"
                     : record.expect == Record::Expect::kError ? "statement error"
                                                               : "statement maybe";
  if (result.ok) {
    if (record.expect == Record::Expect::kError) {
      Fail(record, sql,
           fmt::format("{}: the statement succeeded, an error was expected{}", kind,
                       record.has_message ? "\n  expected error: " + Substitute(record.message)
                                          : std::string()));
    }
    return;
  }
  if (record.expect == Record::Expect::kOk) {
    if (IgnoredError(result.error)) return;
    Fail(record, sql, fmt::format("{}: the statement failed\n  error: {}", kind, result.error));
    return;
  }
  if (record.has_message) {
    std::string message = Substitute(record.message);
    if (!ErrorMatches(message, result.error, result.error_what)) {
      Fail(record, sql,
           fmt::format("{}: wrong error message\n  expected: {}\n  got:      {}", kind, message,
                       result.error));
    }
    return;
  }
  // Without an expected message any user error will do, but a bug is never expected.
  if (result.bug) {
    Fail(record, sql,
         fmt::format("{}: failed with an internal error (name it after ---- if intended)\n"
                     "  error: {}",
                     kind, result.error));
  }
}

void TestRunner::RunQuery(const Record& record) {
  std::string sql = Substitute(record.sql);
  executed_++;
  if (on_execute_) on_execute_(fmt::format("line {}: {}", record.line, sql));
  ExecResult result = backend_.Execute(record.connection, sql);
  if (!result.ok) {
    if (IgnoredError(result.error)) return;
    Fail(record, sql, fmt::format("query failed\n  error: {}", result.error));
    return;
  }
  // DuckDB's runner goes on with the result's column count when the header's differs, and
  // fails only if the values then do not match.
  if (result.columns != record.types.size() && options_.dialect != Dialect::kDuckdb) {
    Fail(record, sql,
         fmt::format("query returned {} columns, the header 'query {}' declares {}", result.columns,
                     record.types, record.types.size()));
    return;
  }
  if (options_.dialect == Dialect::kDuckdb && IsExplain(sql) && result.columns == 1 &&
      record.types.size() == 2) {
    // Teal's EXPLAIN has PostgreSQL's shape, a row per line (DIALECT.md); a DuckDB file
    // expects DuckDB's: one row of the plan's kind and its whole text.
    std::string plan;
    for (const Value& line : result.values) plan += (plan.empty() ? "" : "\n") + line.ToString();
    // Under explain_output = 'optimized_only' DuckDB names its plan logical_opt; Teal's one
    // plan is the optimized one either way.
    std::string kind = IsExplainAnalyze(sql) ? "analyzed_plan" : "physical_plan";
    if (!IsExplainAnalyze(sql)) {
      ExecResult setting =
          backend_.Execute(record.connection, "SELECT current_setting('explain_output')");
      if (setting.ok && setting.values.size() == 1 &&
          setting.values[0].ToString() == "optimized_only") {
        kind = "logical_opt";
      }
    }
    result.values = {Value::Varchar(kind), Value::Varchar(plan)};
    result.columns = 2;
  }
  if (options_.reverse_unordered && record.sort == SortMode::kNone && result.columns > 0 &&
      !MentionsOrderBy(sql) && !IsExplain(sql)) {
    ReverseRows(result.values, result.columns);
  }
  RenderedResult rendered;
  try {
    rendered = RenderResult(result.values, result.columns, record.types, options_.dialect);
  } catch (const std::exception& e) {
    // Value::ToString or a cast failed: a bug in Teal, but only this record's failure.
    Fail(record, sql, fmt::format("could not render the result\n  error: {}", e.what()));
    return;
  }
  SortResult(rendered, record.sort);

  std::vector<std::string> expected;
  expected.reserve(record.expected.size());
  for (const std::string& line : record.expected) expected.push_back(Substitute(line));
  constexpr std::string_view kFileResult = "<FILE>:";
  if (options_.dialect == Dialect::kDuckdb && expected.size() == 1 &&
      expected[0].compare(0, kFileResult.size(), kFileResult) == 0) {
    std::string error;
    std::optional<std::vector<std::string>> rows =
        LoadExpectedFile(expected[0].substr(kFileResult.size()), error);
    if (!rows) {
      Fail(record, sql, "wrong result: " + error);
      return;
    }
    expected = std::move(*rows);
  }
  // DuckDB's runner checks a labelled query only against the label's hash (and a hash
  // line, if given); its expected values, if any, are not compared.
  bool label_only = options_.dialect == Dialect::kDuckdb && !record.label.empty() &&
                    !(expected.size() == 1 && ParseHashLine(expected[0]).has_value());
  std::optional<std::string> diff;
  if (!label_only) diff = CompareResult(rendered, expected, record.sort, options_.dialect);
  if (diff) {
    // Above the threshold a file would record the hash; show it so it can be compared.
    bool expected_hash = expected.size() == 1 && ParseHashLine(expected[0]).has_value();
    if (!expected_hash && hash_threshold_ > 0 && rendered.cells.size() > hash_threshold_) {
      *diff += fmt::format("  (got {} values hashing to {})\n", rendered.cells.size(),
                           HashResult(rendered));
    }
    Fail(record, sql, "wrong result: " + *diff);
    return;
  }

  if (!record.label.empty()) {
    std::string label = Substitute(record.label);
    std::string hash = HashResult(rendered);
    auto [it, inserted] = labels_.try_emplace(label, LabelEntry{hash, record.line});
    if (!inserted && it->second.hash != hash) {
      Fail(record, sql,
           fmt::format("result differs from the earlier query labelled '{}' (line {})\n"
                       "  earlier hash: {}\n  this hash:    {} ({} values)\n{}",
                       label, it->second.line, it->second.hash, hash, rendered.cells.size(),
                       FormatRows(rendered, 40)));
    }
  }
}

}  // namespace teal::sqllogic
