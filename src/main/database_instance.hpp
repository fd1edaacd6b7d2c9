// DatabaseInstance: everything one database owns — its transactions (which hold the
// committed catalog, with the tables' data), its database file and write-ahead log when it
// is a file database, its settings and the worker threads its queries share. Shared by the
// Database handle and every connection.
//
// A file database checkpoints (Checkpoint):
//   1. Under the checkpoint lock (one at a time), it begins a snapshot and takes the log
//      offset that snapshot covers (TransactionManager rule 3b); commits go on meanwhile.
//   2. It writes the snapshot into free blocks and syncs, then the other header, naming
//      the log's salt and that offset, and syncs (DatabaseFile rules 1–2).
//   3. It restarts the log with only the records after that offset (WriteAheadLog steps
//      4–6): commits wait only for that step's last part.
//   4. Open loads the header's checkpoint, then replays the log — from the header's offset
//      when the log still has the header's salt, whole when it was restarted since.
// Automatically, on a thread of the database's own, once a commit leaves the log above
// checkpoint_threshold (so the commit that crossed it does not wait for it), and when the
// last handle closes (checkpoint_on_shutdown).
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "catalog/catalog.hpp"
#include "execution/task_scheduler.hpp"
#include "main/database_manager.hpp"
#include "main/settings.hpp"
#include "os/file_system.hpp"
#include "storage/database_file.hpp"
#include "storage/write_ahead_log.hpp"
#include "teal/database.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

class DatabaseInstance {
 public:
  DatabaseInstance();
  ~DatabaseInstance();

  /// Makes `database` (new, in memory) the database at `path` on `fs`: locks the file
  /// `path` (created when missing; IOError naming the holder when another handle or
  /// process has it; shared when options.read_only), loads its last checkpoint, replays the
  /// transactions its write-ahead log (`path` + ".wal") holds after it, cuts off a torn
  /// tail, and from then on logs every commit (main/database_open.cpp).
  static void Open(const std::shared_ptr<DatabaseInstance>& database, FileSystem& fs,
                   const std::string& path, const DatabaseOptions& options = {});

  /// Writes a checkpoint (steps 1–3; nothing for an in-memory database). Throws IOError
  /// when an I/O error stops it (every commit stays in the log), InvalidInputError on a
  /// read-only database.
  void Checkpoint();
  /// After a commit that wrote: when the log passed checkpoint_threshold, wakes the
  /// checkpoint thread (started on first need). Never throws; a failed automatic
  /// checkpoint leaves the log as it was and is tried again after a later commit.
  void AfterCommit() noexcept;
  /// An Appender opened / closed on the database. While one is open the automatic
  /// checkpoint waits (until the log reaches four times checkpoint_threshold), so that a
  /// bulk load's commits do not sync while a checkpoint writes to the same disk.
  void BulkWriterStarted() { bulk_writers_++; }
  /// A connection (ClientContext) opened / closed on the database, for
  /// duckdb_connection_count().
  void ConnectionOpened() { connections_++; }
  void ConnectionClosed() { connections_--; }
  int64_t ConnectionCount() const { return connections_.load(); }
  void BulkWriterEnded();
  /// Waits until this instance has written `count` checkpoints (for tests of the
  /// automatic ones).
  void WaitForCheckpoints(uint64_t count);

  Settings& GetSettings() { return settings_; }
  TransactionManager& Transactions() { return transactions_; }
  /// The scheduler, with as many workers as the threads setting asks besides the calling
  /// thread (started when a query first needs them).
  TaskScheduler& Scheduler(idx_t threads) {
    if (scheduler_.Workers() != threads - 1) scheduler_.SetWorkers(threads - 1);
    return scheduler_;
  }
  /// Pushes the settings the storage reads (checkpoint_threshold, checkpoint_on_shutdown,
  /// debug_wal_fsync_sleep_ms, debug_force_wal_fsync_failure) to it; called after SET and
  /// PRAGMA.
  void ApplySettings();
  /// The databases ATTACHed to this one (main/database_manager.hpp).
  DatabaseManager& Databases() { return databases_; }
  /// Its name in SQL (db.schema.table) and the catalog listings: the file's stem, or
  /// "memory"; an attached database's is the one ATTACH gave it.
  std::string Name() const { return settings_.DatabaseName(); }
  /// Whether it was opened (or attached) read-only.
  bool ReadOnly() const { return read_only_; }
  /// The write-ahead log, or null for an in-memory or read-only database.
  WriteAheadLog* Log() { return log_.get(); }
  /// The database file, or null for an in-memory database.
  DatabaseFile* File() { return file_.get(); }
  /// Reads every block of the active checkpoint, checking it (PRAGMA integrity_check);
  /// what does not check out, as messages.
  std::vector<std::string> CheckFile();
  /// pragma_database_size()'s row (main/database_size.cpp): name, file size, block size,
  /// total / used / free blocks, log size, memory in use, memory limit.
  std::vector<Value> SizeRow();
  /// How many checkpoints this instance wrote.
  uint64_t Checkpoints() const { return checkpoints_.load(); }

 private:
  void CheckpointLocked();
  /// Testing (debug_checkpoint_abort): stops the checkpoint at `point` when the setting names
  /// it, invalidating the database unless the point is a non-fatal one.
  void MaybeAbortCheckpoint(std::initializer_list<std::string_view> points, bool fatal,
                            std::string_view where);
  /// The settings the storage reads (checkpoint_threshold, checkpoint_on_shutdown,
  /// force_compression, force_bitpacking_mode), from
  /// `from`: this database's own, or the first database's for an attached one.
  void ApplyStorageSettings(const Settings& from);
  /// The checkpoint thread: a checkpoint each time AfterCommit asks, until stopping_.
  void CheckpointLoop();
  /// Whether an asked-for automatic checkpoint may start now (no bulk writer, or the log
  /// past four times the threshold).
  bool CheckpointDue() const;

  std::unique_ptr<DatabaseFile> file_;  // the database file, locked while open
  std::unique_ptr<WriteAheadLog> log_;  // before transactions_: it outlives their commits
  bool read_only_ = false;
  std::mutex checkpoint_lock_;
  std::atomic<uint64_t> checkpoints_{0};
  std::atomic<uint64_t> checkpoint_threshold_{16 << 20};
  std::atomic<bool> checkpoint_on_shutdown_{true};
  /// force_compression as a Compression, or -1 for none (auto).
  std::atomic<int> forced_compression_{-1};
  std::atomic<int> forced_bitpacking_{0};  // force_bitpacking_mode as a BitPackingMode
  /// debug_checkpoint_abort as a CheckpointAbort (testing: where a checkpoint stops).
  std::atomic<int> checkpoint_abort_{0};
  /// Set when a checkpoint stopped there fatally: no checkpoint runs again (not at close
  /// either) until the database is reopened.
  std::atomic<bool> checkpoint_aborted_{false};
  std::mutex wake_lock_;  // the checkpoint thread's requests and the count's waiters
  std::condition_variable wake_;
  std::condition_variable checkpointed_;
  bool wanted_ = false;  // wake_lock_
  std::atomic<int> bulk_writers_{0};
  std::atomic<int64_t> connections_{0};
  bool stopping_ = false;  // wake_lock_
  std::thread checkpointer_;
  TransactionManager transactions_;  // holds the committed catalog
  Settings settings_;
  DatabaseManager databases_;
  TaskScheduler scheduler_;  // last: its workers stop before the catalog goes
};

}  // namespace teal
