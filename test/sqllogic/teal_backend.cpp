// test/sqllogic/teal_backend.cpp — runs SQL through teal::Connection and copies results.
#include "sqllogic/teal_backend.hpp"

#include <exception>

namespace teal::sqllogic {

TealBackend::TealBackend() : database_(std::make_unique<Database>()) {}

TealBackend::~TealBackend() { connections_.clear(); }

void TealBackend::ApplySetting(const std::string& name, const std::string& value) {
  GetConnection("").Execute("SET " + name + " = '" + value + "'");
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
