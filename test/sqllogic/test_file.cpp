// test/sqllogic/test_file.cpp — the line-based parser of sqllogictest files.
#include "sqllogic/test_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cfloat>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "function/table/test_all_types.hpp"
#include "storage/database_file.hpp"

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

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Appends the values of one `foreach` token to `values`: DuckDB's named groups
// (<signed>, <integral>, <numeric>, <alltypes>, <compression>, <all_types_columns>: the
// columns of test_all_types()), `!value` removing an earlier value, or the token itself.
void ExpandForeachValue(const std::string& token, std::vector<std::string>& values) {
  std::string name = Lower(token);
  if (name.size() > 1 && name[0] == '!') {
    auto found = std::find(values.begin(), values.end(), token.substr(1));
    if (found != values.end()) {
      values.erase(found);
      return;
    }
  }
  bool all = name == "<alltypes>";
  bool numeric = all || name == "<numeric>";
  bool integral = numeric || name == "<integral>";
  bool any = false;
  if (integral || name == "<signed>") {
    values.insert(values.end(), {"tinyint", "smallint", "integer", "bigint", "hugeint"});
    any = true;
  }
  if (integral || name == "<unsigned>") {
    values.insert(values.end(), {"utinyint", "usmallint", "uinteger", "ubigint", "uhugeint"});
    any = true;
  }
  if (numeric) values.insert(values.end(), {"float", "double"});
  if (all) values.insert(values.end(), {"bool", "interval", "varchar"});
  if (name == "<compression>") {
    values.insert(values.end(), {"none", "uncompressed", "rle", "bitpacking", "dictionary", "fsst",
                                 "dict_fsst", "alp", "alprd"});
    any = true;
  }
  if (name == "<all_types_columns>") {
    for (std::string& column : TestAllTypes(/*large_enum=*/false).names) {
      values.push_back(std::move(column));
    }
    any = true;
  }
  if (!any) values.push_back(token);
}

// Splits DuckDB's loop-variable conditions ("i=2", "a>1&&b<>x"); nullopt when `text`
// holds no comparison and so names an engine.
std::optional<std::vector<Condition>> ParseVariableConditions(const std::string& text,
                                                              bool only_if) {
  if (text.find_first_of("=<>") == std::string::npos) return std::nullopt;
  std::vector<Condition> out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t end = text.find("&&", at);
    if (end == std::string::npos) end = text.size();
    std::string part = text.substr(at, end - at);
    // Two-letter operators first, so "<=" is not read as "<".
    for (const char* op : {"<>", ">=", "<=", ">", "<", "="}) {
      size_t pos = part.find(op);
      if (pos == std::string::npos) continue;
      Condition condition;
      condition.only_if = only_if;
      condition.op = op;
      condition.variable = part.substr(0, pos);
      condition.value = part.substr(pos + condition.op.size());
      out.push_back(std::move(condition));
      break;
    }
    at = end + 2;
  }
  return out;
}

// Whether a `require` that names no known build property names an extension.
bool IsKnownUnmetProperty(const std::string& name) {
  static const char* const kUnmet[] = {
      "windows",    "mingw",
      "musl",       "allow_unsigned_extensions",
      "block_size", "vacuum_rebuild_indexes",
      "ram",        "disk_space",
  };
  for (const char* unmet : kUnmet) {
    if (name == unmet) return true;
  }
  return false;
}

class Parser {
 public:
  Parser(std::string_view text, const std::string& path, Dialect dialect)
      : path_(path), dialect_(dialect) {
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

  // A line that ends a block of expected values or an expected error. DuckDB's runner
  // ends them only at an empty line (a line of spaces can be a value).
  bool EndsValues(const std::string& line) const {
    return dialect_ == Dialect::kDuckdb ? line.empty() : IsBlank(line);
  }

  // SQL lines from next_ up to a blank line, the end of the file, or a `----` line, which
  // is consumed; returns whether `----` was seen. A `#` line ends the SQL (DuckDB), but
  // in SQLite's corpus it is a comment inside the record and skipped.
  bool ReadSql(std::vector<std::string>& out) {
    while (next_ < lines_.size() && !IsBlank(lines_[next_])) {
      const std::string& line = lines_[next_];
      if (line[0] == '#' && dialect_ != Dialect::kSqlite) return false;
      next_++;
      if (line == "----") return true;
      if (line[0] == '#') continue;
      out.push_back(line);
    }
    return false;
  }

  // Expected values or an expected error message, up to the end of the block.
  void ReadValues(std::vector<std::string>& out) {
    while (next_ < lines_.size() && !EndsValues(lines_[next_])) out.push_back(lines_[next_++]);
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
    bool dashes = ReadSql(sql);
    if (sql.empty()) Fail(header, "statement without SQL");
    record.sql = Join(sql);
    if (dashes) {
      if (record.expect == Record::Expect::kOk) {
        Fail(header, "statement ok cannot have ---- (use query for results)");
      }
      std::vector<std::string> message;
      ReadValues(message);
      record.has_message = !message.empty();
      record.message = Join(message);
    }
  }

  void ParseQuery(Record& record, const std::vector<std::string>& tokens, size_t header) {
    record.kind = Record::Kind::kQuery;
    if (tokens.size() < 2) Fail(header, "query needs its column type letters");
    record.types = tokens[1];
    bool duckdb = dialect_ == Dialect::kDuckdb;
    size_t at = 2;
    if (at < tokens.size()) {
      const std::string& mode = tokens[at];
      bool is_sort = true;
      if (mode == "nosort" || (duckdb && mode == "none")) {
        record.sort = SortMode::kNone;
      } else if (mode == "rowsort" || (duckdb && mode == "sort")) {
        record.sort = SortMode::kRow;
      } else if (mode == "valuesort") {
        record.sort = SortMode::kValue;
      } else {
        is_sort = false;
      }
      if (duckdb) {
        // DuckDB's runner: the word after the letters is a sort mode or else a connection,
        // the next one a label, and any further words are ignored.
        if (!is_sort) record.connection = mode;
        if (at + 1 < tokens.size()) record.label = tokens[at + 1];
        at = tokens.size();
      } else if (is_sort) {
        at++;
        if (at < tokens.size()) record.label = tokens[at++];
      }
    }
    if (at < tokens.size()) record.connection = tokens[at++];
    if (at < tokens.size())
      Fail(header, fmt::format("unexpected '{}' in query header", tokens[at]));
    std::vector<std::string> sql;
    bool dashes = ReadSql(sql);
    if (sql.empty()) Fail(header, "query without SQL");
    record.sql = Join(sql);
    // Without `----` the query is expected to return no rows.
    if (dashes) ReadValues(record.expected);
  }

  // `set ignore_error_messages A, B C, D`, `set seed X`, `set variable NAME VALUE`.
  // Returns false when the line makes no record.
  bool ParseSet(Record& record, const std::vector<std::string>& tokens, size_t header) {
    if (tokens.size() < 2) Fail(header, "set needs a parameter");
    const std::string& what = tokens[1];
    if (what == "ignore_error_messages" || what == "always_fail_error_messages") {
      std::string joined;
      for (size_t i = 2; i < tokens.size(); i++) joined += (i > 2 ? " " : "") + tokens[i];
      // always_fail_error_messages only sharpens DuckDB's own checks (Teal's runner never
      // expects an internal error anyway): no record.
      if (what == "always_fail_error_messages") return false;
      record.kind = Record::Kind::kIgnoreErrors;
      size_t at = 0;
      while (at <= joined.size()) {
        size_t comma = joined.find(',', at);
        if (comma == std::string::npos) comma = joined.size();
        std::string part = joined.substr(at, comma - at);
        size_t first = part.find_first_not_of(' ');
        if (first != std::string::npos) {
          record.values.push_back(part.substr(first, part.find_last_not_of(' ') - first + 1));
        }
        at = comma + 1;
      }
    } else if (what == "seed") {
      if (tokens.size() != 3) Fail(header, "set seed needs one value");
      char* end = nullptr;
      std::strtod(tokens[2].c_str(), &end);
      if (end == tokens[2].c_str() || *end != '\0') Fail(header, "set seed needs a number");
      record.kind = Record::Kind::kStatement;
      record.expect = Record::Expect::kOk;
      record.sql = "SELECT setseed(" + tokens[2] + ")";
    } else if (what == "variable") {
      if (tokens.size() != 4) Fail(header, "set variable needs: set variable NAME VALUE");
      record.kind = Record::Kind::kSetEnv;
      record.variable = tokens[2];
      record.values.push_back(tokens[3]);
    } else {
      Fail(header, fmt::format("unknown set parameter '{}'", what));
    }
    return true;
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
        bool only_if = command == "onlyif";
        if (dialect_ == Dialect::kDuckdb) {
          if (auto conditions = ParseVariableConditions(tokens[1], only_if)) {
            for (Condition& c : *conditions) {
              if (c.variable.empty() || c.value.empty()) {
                Fail(header, "skipif/onlyif must be in the form x=y or x>y, joined by &&");
              }
              pending.push_back(std::move(c));
            }
            continue;
          }
        }
        pending.push_back(Condition{only_if, Lower(tokens[1]), "", "", ""});
        continue;
      }
      if (command == "endloop") {
        if (loop_line == 0) Fail(header, "endloop without loop");
        if (!pending.empty()) Fail(header, "skipif/onlyif before endloop");
        return records;
      }
      if (command == "require") {
        if (tokens.size() < 2) Fail(header, "require needs a parameter");
        if (auto reason = RequireSkipReason(tokens)) SkipFile(file, *reason, header);
        pending.clear();
        continue;
      }
      if (command == "require-env") {
        if (tokens.size() < 2) Fail(header, "require-env needs a variable name");
        const char* value = std::getenv(tokens[1].c_str());
        if (value == nullptr || (tokens.size() > 2 && tokens[2] != value)) {
          SkipFile(file, "not met: require-env " + tokens[1], header);
        }
        pending.clear();
        continue;
      }
      if (command == "include" && tokens.size() >= 2 && Include(tokens)) {
        pending.clear();
        continue;
      }
      if (command == "unzip" || command == "include") {
        SkipFile(file, fmt::format("not met: {} (DuckDB's test data and includes)", command),
                 header);
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
      } else if (command == "continue") {
        if (loop_line == 0) Fail(header, "continue outside a loop");
        record.kind = Record::Kind::kContinue;
      } else if (command == "reset") {
        if (tokens.size() != 3 || Lower(tokens[1]) != "label") {
          Fail(header, "expected: reset label NAME");
        }
        record.kind = Record::Kind::kResetLabel;
        record.label = tokens[2];
      } else if (command == "set") {
        if (!ParseSet(record, tokens, header)) continue;
      } else if (command == "test-env") {
        if (tokens.size() != 3) Fail(header, "test-env needs: test-env NAME DEFAULT");
        record.kind = Record::Kind::kSetEnv;
        record.variable = tokens[1];
        const char* value = std::getenv(tokens[1].c_str());
        record.values.push_back(value != nullptr ? value : tokens[2]);
      } else if (command == "reconnect") {
        record.kind = Record::Kind::kReconnect;
      } else if (command == "load") {
        // load [PATH [readonly|readwrite [VERSION]]]: no PATH (or :memory:) is a new
        // in-memory database. VERSION is DuckDB's storage version to write; Teal has one
        // file format, so it is read and ignored.
        const std::string mode = tokens.size() >= 3 ? Lower(tokens[2]) : "readwrite";
        if (tokens.size() > 4 || (mode != "readonly" && mode != "readwrite")) {
          Fail(header, "expected: load [PATH [readonly|readwrite [VERSION]]]");
        }
        record.kind = Record::Kind::kLoad;
        if (tokens.size() >= 2) record.values.push_back(tokens[1]);
        if (mode == "readonly") record.values.push_back("readonly");
      } else if (command == "restart") {
        // DuckDB's `restart no_extension_reload` means the same here (no extensions).
        if (tokens.size() > 2 || (tokens.size() == 2 && tokens[1] != "no_extension_reload")) {
          Fail(header, "expected: restart");
        }
        record.kind = Record::Kind::kRestart;
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
        record.kind = command == "loop" ? Record::Kind::kLoop : Record::Kind::kConcurrentLoop;
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
        record.kind = command == "foreach" ? Record::Kind::kLoop : Record::Kind::kConcurrentLoop;
        if (tokens.size() < 3) Fail(header, "foreach needs: foreach var value...");
        record.variable = tokens[1];
        for (size_t i = 2; i < tokens.size(); i++) ExpandForeachValue(tokens[i], record.values);
        record.body = ParseBlock(header + 1, file);
      } else {
        Fail(header, fmt::format("unknown command '{}'", command));
      }
      records.push_back(std::move(record));
    }
    if (loop_line > 0) Fail(loop_line - 1, "loop without endloop");
    return records;
  }

  // Makes the whole file a skip (the first reason wins).
  /// DuckDB's `include FILE [key=value …]`: FILE's lines (a path from the directory the
  /// runner runs in, DuckDB's root), each {key} replaced by its value, in place of the
  /// command. False when FILE cannot be read (or includes nest too deep).
  bool Include(const std::vector<std::string>& tokens) {
    if (++includes_ > 64) return false;
    std::ifstream in(tokens[1], std::ios::binary);
    if (!in) return false;
    std::ostringstream read;
    read << in.rdbuf();
    std::string text = read.str();
    for (size_t i = 2; i < tokens.size(); i++) {
      const size_t equals = tokens[i].find('=');
      if (equals == std::string::npos) continue;
      const std::string key = "{" + tokens[i].substr(0, equals) + "}";
      const std::string value = tokens[i].substr(equals + 1);
      for (size_t at = text.find(key); at != std::string::npos;
           at = text.find(key, at + value.size())) {
        text.replace(at, key.size(), value);
      }
    }
    std::vector<std::string> included;
    for (size_t at = 0; at < text.size();) {
      size_t end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(at, end - at);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      included.push_back(std::move(line));
      at = end + 1;
    }
    included.emplace_back();  // the included records end before the next one starts
    lines_.insert(lines_.begin() + static_cast<std::ptrdiff_t>(next_), included.begin(),
                  included.end());
    return true;
  }

  void SkipFile(TestFile& file, std::string reason, size_t header) {
    if (file.skip_reason.empty())
      file.skip_reason = fmt::format("{} (line {})", reason, header + 1);
  }

  std::string path_;
  Dialect dialect_;
  std::vector<std::string> lines_;
  size_t next_ = 0;
  int includes_ = 0;
};

}  // namespace

std::optional<Dialect> ParseDialect(std::string_view name) {
  if (name == "teal") return Dialect::kTeal;
  if (name == "sqlite") return Dialect::kSqlite;
  if (name == "duckdb") return Dialect::kDuckdb;
  return std::nullopt;
}

std::optional<std::string> RequireSkipReason(const std::vector<std::string>& tokens) {
  // The properties DuckDB's runner (CheckRequire) finds present on a standard 64-bit
  // Linux release build, which is what Teal's behaviour is compared with.
  std::string name = tokens.size() > 1 ? Lower(tokens[1]) : std::string();
  std::string argument = tokens.size() > 2 ? tokens[2] : std::string();
  static const char* const kMet[] = {
      "skip_reload",
      "64bit",
      "notwindows",
      "notmingw",
      "notmusl",
      "nothreadsan",
      "strinline",
      "noforcestorage",
      "no_force_storage",
      "no_alternative_verify",
      "no_latest_storage",
      "no_vector_verification",
      "no_extension_autoloading",
  };
  for (const char* met : kMet) {
    if (name == met) return std::nullopt;
  }
  if (name == "longdouble") {
    if (LDBL_MANT_DIG >= 54) return std::nullopt;
    return "not met: require longdouble";
  }
  if (name == "vector_size" || name == "exact_vector_size") {
    // Teal's vectors hold 2048 rows, DuckDB's standard size.
    uint64_t size = 0;
    auto [end, ec] = std::from_chars(argument.data(), argument.data() + argument.size(), size);
    bool valid = ec == std::errc() && end == argument.data() + argument.size();
    if (valid && (name == "vector_size" ? size <= 2048 : size == 2048)) return std::nullopt;
    return fmt::format("not met: require {} {}", name, argument);
  }
  // `require block_size N`: the block size of Teal's database files.
  if (name == "block_size" && argument == std::to_string(kBlockSize)) return std::nullopt;
  if (name == "ram") {
    // `require ram 8gb`: this machine's memory.
    uint64_t gigabytes = 0;
    std::from_chars(argument.data(), argument.data() + argument.size(), gigabytes);
    const uint64_t bytes = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                           static_cast<uint64_t>(sysconf(_SC_PAGE_SIZE));
    if (gigabytes > 0 && bytes >= (gigabytes << 30)) return std::nullopt;
  }
  if (IsKnownUnmetProperty(name)) {
    return fmt::format("not met: require {}{}", name, argument.empty() ? "" : " " + argument);
  }
  // Everything else DuckDB's runner treats as an extension name; Teal has none.
  return "extension: require " + name;
}

TestFile ParseTestFile(std::string_view text, const std::string& path, Dialect dialect) {
  return Parser(text, path, dialect).Parse();
}

TestFile ReadTestFile(const std::string& path, Dialect dialect) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw TestFileError(fmt::format("{}: cannot open", path));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw TestFileError(fmt::format("{}: read error", path));
  return ParseTestFile(text.str(), path, dialect);
}

namespace {

std::string ReplaceAll(std::string_view text, const std::string& pattern, std::string_view value) {
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

std::vector<std::string_view> SplitCommas(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t at = 0;
  while (true) {
    size_t comma = text.find(',', at);
    parts.push_back(
        text.substr(at, comma == std::string_view::npos ? std::string_view::npos : comma - at));
    if (comma == std::string_view::npos) return parts;
    at = comma + 1;
  }
}

}  // namespace

std::string SubstituteVariable(std::string_view text, std::string_view variable,
                               std::string_view value) {
  if (variable.find(',') != std::string_view::npos) {
    std::vector<std::string_view> names = SplitCommas(variable);
    std::vector<std::string_view> values = SplitCommas(value);
    if (names.size() != values.size()) {
      throw TestFileError(fmt::format("foreach: {} names ({}) but {} values ({})", names.size(),
                                      variable, values.size(), value));
    }
    std::string out(text);
    for (size_t i = 0; i < names.size(); i++) out = SubstituteVariable(out, names[i], values[i]);
    return out;
  }
  // ${name} first: replacing {name} first would leave a stray '$'.
  std::string out = ReplaceAll(text, fmt::format("${{{}}}", variable), value);
  return ReplaceAll(out, fmt::format("{{{}}}", variable), value);
}

}  // namespace teal::sqllogic
