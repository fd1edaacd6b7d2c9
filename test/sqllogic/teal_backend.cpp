// test/sqllogic/teal_backend.cpp — runs SQL through teal::Connection and copies results.
#include "sqllogic/teal_backend.hpp"

#include <exception>

namespace teal::sqllogic {

TealBackend::TealBackend() : owned_(std::make_unique<Database>()), database_(owned_.get()) {}

TealBackend::TealBackend(Database& database) : database_(&database) {}

std::unique_ptr<Backend> TealBackend::Fork() { return std::make_unique<TealBackend>(*database_); }

TealBackend::~TealBackend() { connections_.clear(); }

void TealBackend::ApplySetting(const std::string& name, const std::string& value) {
  GetConnection("").Execute("SET " + name + " = '" + value + "'");
  settings_.emplace_back(name, value);
}

std::string TealBackend::Open() {
  if (!owned_) return "a concurrentloop's connection cannot load or restart the database";
  connections_.clear();
  owned_.reset();  // closes (and checkpoints) the file before it opens again
  std::string error;
  try {
    owned_ = std::make_unique<Database>(path_, DatabaseOptions{.read_only = read_only_});
  } catch (const Error& e) {
    owned_ = std::make_unique<Database>();
    error = e.Describe();
  }
  database_ = owned_.get();
  for (const auto& [name, value] : settings_) {
    GetConnection("").Execute("SET " + name + " = '" + value + "'");
  }
  return error;
}

std::string TealBackend::Load(const std::string& path, bool read_only) {
  path_ = path == ":memory:" ? std::string() : path;
  read_only_ = read_only;
  return Open();
}

std::string TealBackend::Restart() {
  if (path_.empty()) return "the database is in memory: load a file first";
  return Open();
}

Connection& TealBackend::GetConnection(const std::string& name) {
  std::unique_ptr<Connection>& connection = connections_[name];
  if (!connection) connection = std::make_unique<Connection>(*database_);
  return *connection;
}

void TealBackend::Reconnect() { connections_.erase(""); }

ExecResult TealBackend::Execute(const std::string& connection, const std::string& sql) {
  ExecResult out;
  try {
    Result result = GetConnection(connection).Query(sql);
    out.columns = result.ColumnCount();
    idx_t rows = result.RowCount();
    out.values.reserve(rows * out.columns);
    for (idx_t row = 0; row < rows; row++) {
      for (idx_t column = 0; column < out.columns; column++) {
        out.values.push_back(result.GetValue(column, row));
      }
    }
  } catch (const Error& e) {
    out = ExecResult{};
    out.ok = false;
    out.error = e.Describe();
    out.error_what = e.what();
    out.bug = e.Category() == ErrorCategory::kInternal;
  } catch (const std::exception& e) {
    // Anything but teal::Error escaping the API is a bug in Teal.
    out = ExecResult{};
    out.ok = false;
    out.error = std::string("C++ exception (not a teal::Error): ") + e.what();
    out.error_what = e.what();
    out.bug = true;
  }
  return out;
}

}  // namespace teal::sqllogic
