// test/sqllogic/teal_backend.hpp — the runner's Backend on a fresh in-memory teal::Database.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sqllogic/runner.hpp"
#include "teal/teal.hpp"

namespace teal::sqllogic {

/// Owns one Database (in memory until a `load` names a file) and its named connections.
/// Construction may throw what the Database constructor throws.
class TealBackend : public Backend {
 public:
  TealBackend();
  /// A backend on `database` (which outlives it), with connections of its own.
  explicit TealBackend(Database& database);
  ~TealBackend() override;
  /// SET name = 'value' before the file's first statement (teal-sqllogic --setting,
  /// --memory-limit).
  void ApplySetting(const std::string& name, const std::string& value);

  ExecResult Execute(const std::string& connection, const std::string& sql) override;
  void Reconnect() override;
  std::string Load(const std::string& path, bool read_only) override;
  std::string Restart() override;
  std::unique_ptr<Backend> Fork() override;

 private:
  /// Opens `path_` with `read_only_`, then applies settings_ again.
  std::string Open();

  Connection& GetConnection(const std::string& name);

  std::unique_ptr<Database> owned_;  // null for a Fork
  Database* database_;
  std::string path_;  // empty: in memory
  bool read_only_ = false;
  std::vector<std::pair<std::string, std::string>> settings_;  // ApplySetting's
  // Declared after database_ so they are destroyed first: a Database outlives its
  // connections.
  std::map<std::string, std::unique_ptr<Connection>> connections_;
};

}  // namespace teal::sqllogic
