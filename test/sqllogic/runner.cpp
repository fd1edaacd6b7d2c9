// test/sqllogic/runner.cpp — record semantics: conditions, loops, statements, queries.
#include "sqllogic/runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

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

}  // namespace

TestRunner::TestRunner(Backend& backend, RunnerOptions options, FailureSink on_failure)
    : backend_(backend), options_(std::move(options)), on_failure_(std::move(on_failure)) {}

uint64_t TestRunner::Run(const TestFile& file) {
  path_ = file.path;
  substitutions_.clear();
  labels_.clear();
  hash_threshold_ = 8;
  skipping_ = false;
  failures_ = 0;
  executed_ = 0;
  RunRecords(file.records);
  return failures_;
}

bool TestRunner::ConditionsAllow(const std::vector<Condition>& conditions) const {
  for (const Condition& condition : conditions) {
    bool matches = std::find(options_.engines.begin(), options_.engines.end(), condition.engine) !=
                   options_.engines.end();
    if (matches != condition.only_if) return false;
  }
  return true;
}

std::string TestRunner::Substitute(const std::string& text) const {
  std::string out = text;
  // Innermost first, so an inner loop's variable shadows an outer one of the same name.
  for (auto it = substitutions_.rbegin(); it != substitutions_.rend(); ++it) {
    out = SubstituteVariable(out, it->variable, it->value);
  }
  return out;
}

bool TestRunner::RunRecords(const std::vector<Record>& records) {
  for (const Record& record : records) {
    if (record.kind == Record::Kind::kModeUnskip) {
      if (ConditionsAllow(record.conditions)) skipping_ = false;
      continue;
    }
    if (skipping_ || !ConditionsAllow(record.conditions)) continue;
    switch (record.kind) {
      case Record::Kind::kStatement:
        RunStatement(record);
        break;
      case Record::Kind::kQuery:
        RunQuery(record);
        break;
      case Record::Kind::kHalt:
        return false;
      case Record::Kind::kHashThreshold:
        hash_threshold_ = record.threshold;
        break;
      case Record::Kind::kModeSkip:
        skipping_ = true;
        break;
      case Record::Kind::kModeUnskip:
        break;
      case Record::Kind::kReconnect:
        backend_.Reconnect();
        break;
      case Record::Kind::kLoop:
        for (const std::string& value : record.values) {
          substitutions_.push_back({record.variable, value});
          bool go_on = RunRecords(record.body);
          substitutions_.pop_back();
          if (!go_on) return false;
        }
        break;
    }
  }
  return true;
}

void TestRunner::Fail(const Record& record, const std::string& sql, const std::string& what) {
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
  report += "  sql:\n" + Indent(sql) + "\n";
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
  ExecResult result = backend_.Execute(record.connection, sql);
  if (!result.ok) {
    Fail(record, sql, fmt::format("query failed\n  error: {}", result.error));
    return;
  }
  if (result.columns != record.types.size()) {
    Fail(record, sql,
         fmt::format("query returned {} columns, the header 'query {}' declares {}", result.columns,
                     record.types, record.types.size()));
    return;
  }
  RenderedResult rendered;
  try {
    rendered = RenderResult(result.values, result.columns, record.types);
  } catch (const std::exception& e) {
    // Value::ToString or a cast failed: a bug in Teal, but only this record's failure.
    Fail(record, sql, fmt::format("could not render the result\n  error: {}", e.what()));
    return;
  }
  SortResult(rendered, record.sort);

  std::vector<std::string> expected;
  expected.reserve(record.expected.size());
  for (const std::string& line : record.expected) expected.push_back(Substitute(line));
  if (std::optional<std::string> diff = CompareResult(rendered, expected, record.sort)) {
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
