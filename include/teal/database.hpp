// include/teal/database.hpp — a database: its catalog and its data.
#pragma once

#include <memory>
#include <string_view>

namespace teal {

class DatabaseInstance;

/// How a database file is opened.
struct DatabaseOptions {
  /// DuckDB's access_mode = 'read_only': nothing is written (not even a torn log tail cut
  /// off), several processes may open the file at once, and COMMIT of a change fails.
  /// The file must exist.
  bool read_only = false;
  /// Opens a database whose write-ahead log is damaged in its middle (a checksum failure
  /// with intact records after it) by keeping the commits before the damage and dropping
  /// the rest; without it such a log is an IOError naming the file and the offset.
  bool recover_log = false;
  /// Rows per row group of the tables the database makes while it is open (DuckDB's
  /// ROW_GROUP_SIZE): a positive multiple of 2,048 up to 2^30; 0 is the default,
  /// 122,880. Scans skip whole row groups the filter rules out (zone maps), so smaller
  /// groups skip more finely; results never depend on it.
  uint64_t row_group_size = 0;
};

/// A database, shared by the connections opened on it. Thread-safe to share: each
/// thread opens its own Connection. Connections work in transactions with snapshot
/// isolation (connection.hpp says what holds). Its data lives until the Database and
/// every connection, prepared statement, result and appender opened on it are gone.
class Database {
 public:
  /// Opens an in-memory database when `path` is empty or ":memory:", else the database
  /// file at `path` (created when missing) with its write-ahead log `path`.wal: every
  /// transaction committed in it is there again, and every commit is durable when COMMIT
  /// returns. Throws IOError when another process (or Database of this one) has the file
  /// open for writing, naming it where the system tells.
  explicit Database(std::string_view path = {}, const DatabaseOptions& options = {});
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
