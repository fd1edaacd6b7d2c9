// DatabaseManager: the databases ATTACHed to a database — by name, seen by every
// connection of it (as DuckDB's and SQLite's attached databases are), until DETACH.
//
// The database opened first (the one the Database handle names) is not listed here; it is
// always there, under its own name (the file's stem, or "memory"). An attached database
// is a DatabaseInstance of its own — its file, log, transactions and checkpoints — kept
// open by this list and by every transaction that uses it (so DETACH never pulls a
// database from under a running statement: it closes when the last one ends).
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace teal {

class DatabaseInstance;

class DatabaseManager {
 public:
  struct Entry {
    std::string name;  // as ATTACH … AS gave it
    std::string path;  // the file; empty for an in-memory database
    bool read_only = false;
    std::shared_ptr<DatabaseInstance> database;
  };

  /// Adds `entry`; throws BinderError when a database of its name (case-insensitive) is
  /// attached or `reserved` (the first database's name, temp, system, …).
  void Attach(Entry entry, std::string_view reserved);
  /// Takes the database `name` off the list and returns it (null: none of that name).
  std::shared_ptr<DatabaseInstance> Detach(std::string_view name);
  /// The database `name`, or null.
  std::shared_ptr<DatabaseInstance> Find(std::string_view name) const;
  /// Calls fn(entry) for each attached database, in the order they were attached, under
  /// the list's lock: no copy of a database outlives the call, so that a DETACH on another
  /// connection closes its file when it returns (a copy held a moment longer made an ATTACH
  /// of that file right after fail with "in use").
  template <class Fn>
  void ForEach(Fn fn) const {
    std::lock_guard<std::mutex> guard(lock_);
    for (const Entry& entry : entries_) fn(entry);
  }
  /// The attached databases without the databases themselves (`database` null): holding
  /// one would keep its database open, so that a DETACH on another connection would leave
  /// its file in use.
  std::vector<Entry> Describe() const;
  /// Changes with every ATTACH and DETACH: a prepared statement bound before is bound again.
  uint64_t Version() const { return version_.load(); }

 private:
  mutable std::mutex lock_;
  std::vector<Entry> entries_;
  std::atomic<uint64_t> version_{0};
};

}  // namespace teal
