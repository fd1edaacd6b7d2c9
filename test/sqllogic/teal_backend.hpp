// test/sqllogic/teal_backend.hpp — the runner's Backend on a fresh in-memory teal::Database.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "sqllogic/runner.hpp"
#include "teal/teal.hpp"

namespace teal::sqllogic {

/// Owns one in-memory Database and its named connections. Construction may throw what
/// the Database constructor throws.
class TealBackend : public Backend {
 public:
  TealBackend();
  ~TealBackend() override;
  /// SET name = 'value' before the file's first statement (teal-sqllogic --setting,
  /// --memory-limit).
  void ApplySetting(const std::string& name, const std::string& value);

  ExecResult Execute(const std::string& connection, const std::string& sql) override;
  void Reconnect() override;

 private:
  Connection& GetConnection(const std::string& name);

  std::unique_ptr<Database> database_;
  // Declared after database_ so they are destroyed first: a Database outlives its
  // connections.
  std::map<std::string, std::unique_ptr<Connection>> connections_;
};

}  // namespace teal::sqllogic
