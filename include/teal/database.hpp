// include/teal/database.hpp — a database: its catalog and its data.
#pragma once

#include <memory>
#include <string_view>

namespace teal {

class DatabaseInstance;

/// A database, shared by the connections opened on it. Thread-safe to share: each
/// thread opens its own Connection. Connections work in transactions with snapshot
/// isolation (connection.hpp says what holds). Its data lives until the Database and
/// every connection, prepared statement, result and appender opened on it are gone.
class Database {
 public:
  /// Opens an in-memory database when `path` is empty or ":memory:", else the database
  /// file at `path` (created when missing): every transaction committed in it is there
  /// again, and every commit is durable when COMMIT returns. For now its data lives in
  /// the write-ahead log `path`.wal (checkpoints into `path` itself come next).
  explicit Database(std::string_view path = {});
  /// A handle on a database opened inside Teal (tests open one on an in-memory file
  /// system).
  explicit Database(std::shared_ptr<DatabaseInstance> instance);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  DatabaseInstance& Instance() { return *instance_; }
  std::shared_ptr<DatabaseInstance> SharedInstance() const { return instance_; }

 private:
  std::shared_ptr<DatabaseInstance> instance_;
};

}  // namespace teal
