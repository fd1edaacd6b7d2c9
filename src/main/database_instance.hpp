// DatabaseInstance: everything one database owns — its transactions (which hold the
// committed catalog, with the tables' data), its write-ahead log when it is a file
// database, its settings and the worker threads its queries share. Shared by the Database
// handle and every connection.
#pragma once

#include <memory>
#include <string>

#include "catalog/catalog.hpp"
#include "execution/task_scheduler.hpp"
#include "main/settings.hpp"
#include "os/file_system.hpp"
#include "storage/write_ahead_log.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

class DatabaseInstance {
 public:
  DatabaseInstance();
  ~DatabaseInstance();

  /// Makes `database` (new, in memory) the database at `path` on `fs`: locks the file
  /// `path` (created when missing; IOError naming the holder when another handle or
  /// process has it), replays the transactions its write-ahead log (`path` + ".wal")
  /// holds, cuts off a torn tail, and from then on logs every commit
  /// (main/wal_replay.cpp). The data lives in the log until checkpoints write it to
  /// `path`.
  static void Open(const std::shared_ptr<DatabaseInstance>& database, FileSystem& fs,
                   const std::string& path);

  Settings& GetSettings() { return settings_; }
  TransactionManager& Transactions() { return transactions_; }
  /// The scheduler, with as many workers as the threads setting asks besides the calling
  /// thread (started when a query first needs them).
  TaskScheduler& Scheduler(idx_t threads) {
    if (scheduler_.Workers() != threads - 1) scheduler_.SetWorkers(threads - 1);
    return scheduler_;
  }
  /// Pushes the settings the storage reads (debug_wal_fsync_sleep_ms,
  /// debug_force_wal_fsync_failure) to it; called after SET and PRAGMA.
  void ApplySettings();
  /// The write-ahead log, or null for an in-memory database.
  WriteAheadLog* Log() { return log_.get(); }

 private:
  std::unique_ptr<FileHandle> file_;    // the database file, locked while open
  std::unique_ptr<WriteAheadLog> log_;  // before transactions_: it outlives their commits
  TransactionManager transactions_;     // holds the committed catalog
  Settings settings_;
  TaskScheduler scheduler_;  // last: its workers stop before the catalog goes
};

}  // namespace teal
