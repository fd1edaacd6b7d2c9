// test/fuzz/sql_fuzzer.cpp — libFuzzer target: SQL text through the parser, binder,
// optimizer and executor of a fresh in-memory database, and every result read back.
//
// An input is one of:
//   * SQL text (mutated by libFuzzer from the seeds in corpus/). It is split with
//     teal::ExtractStatements and each statement runs on its own, so that one bad statement
//     in a mutated script does not hide the ones after it (text that does not split goes to
//     Connection::Query whole). A statement with parameters ($1, ?, $name) is prepared and
//     executed with a few sets of values; a script whose first line is `--prepare` prepares
//     every statement and executes it twice.
//   * `--generate` and then bytes: the bytes choose a script of valid SQL over a fixed schema
//     (sql_generator.hpp), which then runs as above.
// TEAL_FUZZ_VERBOSE=1 in the environment prints each generated script and each swallowed
// error, to check what the seeds and the generator reach.
//
// What counts as a finding: a crash or sanitizer report, teal::InternalError (a broken
// invariant, never a user error), and any exception that is not a teal::Error. Every other
// teal::Error — syntax, binding, conversion, the memory_limit — is the expected answer to
// bad input and is swallowed. The harness aborts on a finding so libFuzzer saves the input.
//
// The memory_limit is one setting for the whole process (common/block_allocator.hpp), so
// it is set at the start of every input and lowered again after a statement that raised
// it: a runaway query then fails with OutOfMemoryError instead of eating the machine.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "common/block_allocator.hpp"
#include "sql_generator.hpp"
#include "teal/teal.hpp"

namespace {

constexpr size_t kMemoryLimit = size_t{256} << 20;
constexpr size_t kMaxStatements = 64;       // per input; the rest are not run
constexpr teal::idx_t kMaxReadRows = 2048;  // rows read cell by cell per result
constexpr std::string_view kPrepareAllMarker = "--prepare";
constexpr std::string_view kGenerateMarker = "--generate";

bool Verbose() {
  static const bool verbose = std::getenv("TEAL_FUZZ_VERBOSE") != nullptr;
  return verbose;
}

[[noreturn]] void Finding(const char* what, const std::string& message, std::string_view sql) {
  std::fprintf(stderr, "==teal-fuzz-sql== FINDING: %s: %s\n==teal-fuzz-sql== while running: %.*s\n",
               what, message.c_str(), static_cast<int>(sql.size()), sql.data());
  std::fflush(stderr);
  std::abort();
}

// Reads a result so that execution really happens, alternating between the two ways a
// user reads one: the row cursor over the stream (every cell as text, which casts every
// column type to VARCHAR), or the materialised rows (Value::ToString of a few cells).
void Consume(teal::Result& result, bool stream) {
  for (teal::idx_t c = 0; c < result.ColumnCount(); c++) {
    (void)result.ColumnType(c).ToString();
  }
  if (stream) {
    teal::Reader reader(result);
    while (reader.Next()) {
      if (reader.RowNumber() >= kMaxReadRows) continue;
      for (teal::idx_t c = 0; c < reader.ColumnCount(); c++) {
        (void)reader.Get<std::optional<std::string>>(c);
      }
    }
    return;
  }
  teal::idx_t rows = result.RowCount();
  if (rows == 0) return;
  for (teal::idx_t row : {teal::idx_t{0}, rows / 2, rows - 1}) {
    for (teal::idx_t c = 0; c < result.ColumnCount(); c++) {
      (void)result.GetValue(c, row).ToString();
    }
  }
}

// A value the statement's parameter type accepts, as text that Teal casts to the type: the
// first round of values, so that the statement runs past binding at least once.
teal::Value ValueFor(const teal::LogicalType& type) {
  using teal::TypeId;
  switch (type.Id()) {
    case TypeId::kSqlNull:
    case TypeId::kInvalid:
      return teal::Value::Integer(2);
    case TypeId::kBoolean:
      return teal::Value::Varchar("true");
    case TypeId::kDate:
      return teal::Value::Varchar("2024-02-29");
    case TypeId::kTime:
    case TypeId::kTimeTz:
      return teal::Value::Varchar("23:59:59.999999");
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampTz:
      return teal::Value::Varchar("2024-02-29 12:34:56");
    case TypeId::kInterval:
      return teal::Value::Varchar("1 month 2 days");
    case TypeId::kUuid:
      return teal::Value::Varchar("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
    case TypeId::kEnum:
      return type.Enum().labels.empty() ? teal::Value()
                                        : teal::Value::Varchar(type.Enum().labels[0]);
    case TypeId::kList: {
      // As text too: Value::List takes elements of the child type only, unchecked.
      teal::Value element = ValueFor(type.ListChild());
      std::string text = element.Type().Id() == TypeId::kVarchar ? element.GetString() : "1";
      return teal::Value::Varchar("[" + text + ", NULL]");
    }
    case TypeId::kVarchar:
    case TypeId::kBlob:
      return teal::Value::Varchar("b");
    default:
      return teal::Value::Varchar("1");  // every numeric type
  }
}

// Values for the parameters of `prepared`: round 0 fits each parameter's type; round r > 0
// gives parameter i the palette entry (r + i) mod size, so each sees several types.
std::vector<teal::Value> ParameterValues(const teal::PreparedStatement& prepared, int round) {
  static const std::vector<teal::Value> kPalette = {
      teal::Value::Integer(1),
      teal::Value::Varchar("2024-02-29"),
      teal::Value(),
      teal::Value::Double(-0.5),
      teal::Value::BigInt(INT64_MIN),
      teal::Value::Varchar("a"),
      teal::Value::Boolean(true),
      teal::Value::List(teal::TypeId::kInteger, {teal::Value::Integer(1), teal::Value()}),
  };
  std::vector<teal::Value> values;
  for (teal::idx_t i = 1; i <= prepared.ParameterCount(); i++) {
    values.push_back(round == 0 ? ValueFor(prepared.ParameterType(i))
                                : kPalette[(round + i) % kPalette.size()]);
  }
  return values;
}

// Runs `body`, which runs `sql`, and swallows the teal::Error a user may provoke; anything
// else is a finding.
template <typename Body>
void Guarded(std::string_view sql, Body&& body) {
  try {
    body();
  } catch (const teal::InternalError& e) {
    Finding("teal::InternalError", e.what(), sql);
  } catch (const teal::Error& e) {
    if (Verbose()) std::fprintf(stderr, "%s\n", e.Describe().c_str());
  } catch (const std::exception& e) {
    Finding(typeid(e).name(), e.what(), sql);
  } catch (...) {
    Finding("unknown exception", "", sql);
  }
}

void RunPrepared(teal::Connection& con, const std::string& sql, int rounds) {
  Guarded(sql, [&] {
    teal::PreparedStatement prepared = con.Prepare(sql);
    for (teal::idx_t i = 1; i <= prepared.ParameterCount(); i++) {
      (void)prepared.ParameterType(i).ToString();
    }
    for (int round = 0; round < rounds; round++) {
      Guarded(sql, [&] {
        teal::Result result = prepared.ExecuteWith(ParameterValues(prepared, round));
        Consume(result, round % 2 == 1);
      });
    }
  });
}

// Runs the statements of `sql` one by one on `con`.
void RunScript(teal::Connection& con, const std::string& sql) {
  std::vector<teal::StatementInfo> statements;
  try {
    statements = teal::ExtractStatements(sql);
  } catch (const teal::InternalError& e) {
    Finding("teal::InternalError from ExtractStatements", e.what(), sql);
  } catch (const teal::Error&) {
    Guarded(sql, [&] {
      teal::Result result = con.Query(sql);
      Consume(result, sql.size() % 2 == 1);
    });
    return;
  }
  bool prepare_all = std::string_view(sql).starts_with(kPrepareAllMarker);
  if (statements.size() > kMaxStatements) statements.resize(kMaxStatements);
  for (const teal::StatementInfo& statement : statements) {
    if (statement.parameter_count > 0) {
      RunPrepared(con, statement.text, 3);
    } else if (prepare_all) {
      RunPrepared(con, statement.text, 2);
    } else {
      Guarded(statement.text, [&] {
        teal::Result result = con.Query(statement.text);
        Consume(result, statement.text.size() % 2 == 1);
      });
    }
    if (statement.type == teal::StatementType::kSet ||
        statement.type == teal::StatementType::kPragma) {
      auto& allocator = teal::BlockAllocator::Instance();
      if (allocator.Limit() == 0 || allocator.Limit() > kMemoryLimit) {
        allocator.SetLimit(kMemoryLimit);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  teal::Database db;
  teal::Connection con(db);
  std::string sql;
  try {
    con.Execute("SET memory_limit = '256MB'");
    if (input.starts_with(kGenerateMarker)) {
      con.Execute(teal::fuzz::kGeneratedSchema);
      input.remove_prefix(kGenerateMarker.size());
      sql = teal::fuzz::GenerateSql(reinterpret_cast<const uint8_t*>(input.data()), input.size());
      if (Verbose()) std::fprintf(stderr, "-- generated:\n%s", sql.c_str());
    } else {
      sql = input;
    }
  } catch (const teal::Error& e) {
    Finding("teal::Error before the input's statements", e.Describe(), sql);
  }
  RunScript(con, sql);
  return 0;
}
