// test/sqllogic/test_file.cpp — the line-based parser of sqllogictest files.
#include "sqllogic/test_file.hpp"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <sstream>

namespace teal::sqllogic {

namespace {

bool IsBlank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

// The words of a command line; a word starting with '#' ends the line, as in
// SQLite's corpus ("skipif mysql # not compatible").
std::vector<std::string> Tokenize(std::string_view line) {
  std::vector<std::string> tokens;
  size_t at = 0;
  while (at < line.size()) {
    size_t start = line.find_first_not_of(" \t", at);
    if (start == std::string_view::npos) break;
    size_t end = line.find_first_of(" \t", start);
    if (end == std::string_view::npos) end = line.size();
    if (line[start] == '#') break;
    tokens.emplace_back(line.substr(start, end - start));
    at = end;
  }
  return tokens;
}

// DuckDB's named value groups for `foreach`.
std::vector<std::string> ExpandForeachValue(const std::string& value) {
  static const std::vector<std::string> kSigned = {"tinyint", "smallint", "integer", "bigint",
                                                   "hugeint"};
  static const std::vector<std::string> kUnsigned = {"utinyint", "usmallint", "uinteger", "ubigint",
                                                     "uhugeint"};
  std::vector<std::string> out;
  if (value == "<signed>" || value == "<integral>" || value == "<numeric>") {
    out.insert(out.end(), kSigned.begin(), kSigned.end());
  }
  if (value == "<unsigned>" || value == "<integral>" || value == "<numeric>") {
    out.insert(out.end(), kUnsigned.begin(), kUnsigned.end());
  }
  if (value == "<numeric>") {
    out.insert(out.end(), {"float", "double"});
  }
  if (out.empty()) out.push_back(value);
  return out;
}

class Parser {
 public:
  Parser(std::string_view text, const std::string& path) : path_(path) {
    size_t at = 0;
    while (at <= text.size()) {
      size_t end = text.find('\n', at);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      lines_.emplace_back(line);
      at = end + 1;
    }
    // A final newline does not start another line.
    if (!lines_.empty() && lines_.back().empty() && !text.empty() && text.back() == '\n') {
      lines_.pop_back();
    }
  }

  TestFile Parse() {
    TestFile file;
    file.path = path_;
    file.records = ParseBlock(/*loop_line=*/0, file);
    return file;
  }

 private:
  [[noreturn]] void Fail(size_t line_index, std::string_view why) const {
    throw TestFileError(fmt::format("{}:{}: {}", path_, line_index + 1, why));
  }

  // Lines from next_ up to a blank line, the end of the file, or (when `stop_at_dashes`)
  // a `----` line, which is consumed. Returns whether `----` was seen.
  bool ReadBlock(std::vector<std::string>& out, bool stop_at_dashes, bool skip_comments) {
    while (next_ < lines_.size() && !IsBlank(lines_[next_])) {
      const std::string& line = lines_[next_++];
      if (stop_at_dashes && line == "----") return true;
      if (skip_comments && line[0] == '#') continue;
      out.push_back(line);
    }
    return false;
  }

  static std::string Join(const std::vector<std::string>& lines) {
    std::string out;
    for (size_t i = 0; i < lines.size(); i++) {
      if (i > 0) out += '\n';
      out += lines[i];
    }
    return out;
  }

  void ParseStatement(Record& record, const std::vector<std::string>& tokens, size_t header) {
    record.kind = Record::Kind::kStatement;
    if (tokens.size() < 2) Fail(header, "statement needs ok, error or maybe");
    if (tokens[1] == "ok") {
      record.expect = Record::Expect::kOk;
    } else if (tokens[1] == "error") {
      record.expect = Record::Expect::kError;
    } else if (tokens[1] == "maybe") {
      record.expect = Record::Expect::kMaybe;
    } else {
      Fail(header, fmt::format("unknown statement expectation '{}'", tokens[1]));
    }
    if (tokens.size() > 2) record.connection = tokens[2];
    std::vector<std::string> sql;
    bool dashes = ReadBlock(sql, /*stop_at_dashes=*/true, /*skip_comments=*/true);
    if (sql.empty()) Fail(header, "statement without SQL");
    record.sql = Join(sql);
    if (dashes) {
      if (record.expect == Record::Expect::kOk) {
        Fail(header, "statement ok cannot have ---- (use query for results)");
      }
      std::vector<std::string> message;
      ReadBlock(message, /*stop_at_dashes=*/false, /*skip_comments=*/false);
      record.has_message = !message.empty();
      record.message = Join(message);
    }
  }

  void ParseQuery(Record& record, const std::vector<std::string>& tokens, size_t header) {
    record.kind = Record::Kind::kQuery;
    if (tokens.size() < 2) Fail(header, "query needs its column type letters");
    record.types = tokens[1];
    size_t at = 2;
    if (at < tokens.size()) {
      const std::string& mode = tokens[at];
      bool is_sort = true;
      if (mode == "nosort") {
        record.sort = SortMode::kNone;
      } else if (mode == "rowsort") {
        record.sort = SortMode::kRow;
      } else if (mode == "valuesort") {
        record.sort = SortMode::kValue;
      } else {
        is_sort = false;
      }
      if (is_sort) {
        at++;
        if (at < tokens.size()) record.label = tokens[at++];
      }
    }
    if (at < tokens.size()) record.connection = tokens[at++];
    if (at < tokens.size())
      Fail(header, fmt::format("unexpected '{}' in query header", tokens[at]));
    std::vector<std::string> sql;
    bool dashes = ReadBlock(sql, /*stop_at_dashes=*/true, /*skip_comments=*/true);
    if (sql.empty()) Fail(header, "query without SQL");
    record.sql = Join(sql);
    // Without `----` the query is expected to return no rows.
    if (dashes) ReadBlock(record.expected, /*stop_at_dashes=*/false, /*skip_comments=*/false);
  }

  // Parses records up to `endloop` (inside a loop, loop_line > 0) or the end of the file.
  std::vector<Record> ParseBlock(size_t loop_line, TestFile& file) {
    std::vector<Record> records;
    std::vector<Condition> pending;
    while (next_ < lines_.size()) {
      size_t header = next_++;
      const std::string& line = lines_[header];
      if (IsBlank(line) || line[0] == '#') continue;
      std::vector<std::string> tokens = Tokenize(line);
      if (tokens.empty()) continue;
      const std::string& command = tokens[0];

      if (command == "skipif" || command == "onlyif") {
        if (tokens.size() < 2) Fail(header, command + " needs an engine name");
        pending.push_back(Condition{command == "onlyif", tokens[1]});
        continue;
      }
      if (command == "endloop") {
        if (loop_line == 0) Fail(header, "endloop without loop");
        if (!pending.empty()) Fail(header, "skipif/onlyif before endloop");
        return records;
      }
      if (command == "require" || command == "require-env") {
        if (file.skip_reason.empty()) {
          file.skip_reason = fmt::format("{} {} (line {})", command,
                                         tokens.size() > 1 ? tokens[1] : "", header + 1);
        }
        pending.clear();
        continue;
      }
      if (command == "load" || command == "restart") {
        if (file.skip_reason.empty()) {
          file.skip_reason =
              fmt::format("{} needs persistence, which Teal lacks (line {})", command, header + 1);
        }
        // `load` may name a file on the same line only; nothing else to consume.
        pending.clear();
        continue;
      }
      if (command == "sleep" || command == "tags") {
        pending.clear();
        continue;
      }

      Record record;
      record.line = static_cast<int>(header + 1);
      record.conditions = std::move(pending);
      pending.clear();
      if (command == "statement") {
        ParseStatement(record, tokens, header);
      } else if (command == "query") {
        ParseQuery(record, tokens, header);
      } else if (command == "hash-threshold") {
        record.kind = Record::Kind::kHashThreshold;
        if (tokens.size() < 2) Fail(header, "hash-threshold needs a number");
        auto [end, ec] = std::from_chars(tokens[1].data(), tokens[1].data() + tokens[1].size(),
                                         record.threshold);
        if (ec != std::errc() || end != tokens[1].data() + tokens[1].size()) {
          Fail(header, fmt::format("bad hash-threshold '{}'", tokens[1]));
        }
      } else if (command == "halt") {
        record.kind = Record::Kind::kHalt;
      } else if (command == "reconnect") {
        record.kind = Record::Kind::kReconnect;
      } else if (command == "mode") {
        if (tokens.size() < 2) Fail(header, "mode needs a name");
        if (tokens[1] == "skip") {
          record.kind = Record::Kind::kModeSkip;
        } else if (tokens[1] == "unskip") {
          record.kind = Record::Kind::kModeUnskip;
        } else {
          continue;  // output_result, output_hash, debug...: presentation only
        }
      } else if (command == "loop" || command == "concurrentloop") {
        record.kind = Record::Kind::kLoop;
        if (tokens.size() != 4) Fail(header, "loop needs: loop var start end");
        record.variable = tokens[1];
        int64_t range[2];
        for (int i = 0; i < 2; i++) {
          const std::string& t = tokens[2 + i];
          auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), range[i]);
          if (ec != std::errc() || end != t.data() + t.size()) {
            Fail(header, fmt::format("bad loop bound '{}'", t));
          }
        }
        // The end is exclusive, as in DuckDB's runner.
        for (int64_t v = range[0]; v < range[1]; v++) record.values.push_back(std::to_string(v));
        record.body = ParseBlock(header + 1, file);
      } else if (command == "foreach" || command == "concurrentforeach") {
        record.kind = Record::Kind::kLoop;
        if (tokens.size() < 3) Fail(header, "foreach needs: foreach var value...");
        record.variable = tokens[1];
        for (size_t i = 2; i < tokens.size(); i++) {
          for (std::string& v : ExpandForeachValue(tokens[i])) record.values.push_back(v);
        }
        record.body = ParseBlock(header + 1, file);
      } else {
        Fail(header, fmt::format("unknown command '{}'", command));
      }
      records.push_back(std::move(record));
    }
    if (loop_line > 0) Fail(loop_line - 1, "loop without endloop");
    return records;
  }

  std::string path_;
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

}  // namespace

TestFile ParseTestFile(std::string_view text, const std::string& path) {
  return Parser(text, path).Parse();
}

TestFile ReadTestFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TestFileError(fmt::format("{}: cannot open", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw TestFileError(fmt::format("{}: read error", path));
  return ParseTestFile(text.str(), path);
}

std::string SubstituteVariable(std::string_view text, std::string_view variable,
                               std::string_view value) {
  std::string pattern = fmt::format("${{{}}}", variable);
  std::string out;
  size_t at = 0;
  while (true) {
    size_t found = text.find(pattern, at);
    if (found == std::string_view::npos) break;
    out.append(text.substr(at, found - at));
    out.append(value);
    at = found + pattern.size();
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace teal::sqllogic
