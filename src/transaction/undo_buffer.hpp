// UndoBuffer: every change a transaction made, in order, as entries that can commit it,
// take it back, or clean up after it.
//
// Each writer — storage (appends, deletes, updates), the indexes, the catalog — records
// what it changed as an UndoEntry the moment it changes it. Nothing else keeps a change
// reversible: a statement that fails at any point rolls back to the buffer's size when
// it started (RollbackTo), a ROLLBACK to 0.
//
// Protocol (numbered so the code can name the step it relies on):
//   1. Entries are pushed in the order the changes happened; RollbackTo walks them
//      backwards, so an entry is taken back while every later change is already gone.
//   2. Commit(commit id) walks them forwards once the transaction has its commit id: each
//      entry re-tags the versions it made (Transaction's rule 2).
//   3. Cleanup runs once every running snapshot sees the commit (the transaction
//      manager's horizon): entries drop what only older snapshots needed (before-images
//      of updates, per-row version tags), so the data is plain again for the scans.
//   4. Log (before Commit, when the database has a write-ahead log) writes the records
//      that redo every change, in the order they happened.
//   5. Commit, Rollback and Cleanup never throw: an entry reserves whatever it needs when
//      it is made. A rollback that must copy a stored vector a result still shares is the
//      one allocation left; if it fails the process stops (std::terminate) rather than
//      leave a half-undone change.
//
// Thread safety: Push and Size may be called from the threads of one query; the walks
// are for one thread, with no writer running in the transaction.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "storage/write_ahead_log.hpp"
#include "teal/basic_types.hpp"

namespace teal {

using transaction_t = uint64_t;
/// First transaction id; commit ids stay below it (Transaction's rule 1).
inline constexpr transaction_t kTransactionIdStart = transaction_t(1) << 62;
/// The delete tag of a row nobody deleted.
inline constexpr transaction_t kNotDeleted = ~transaction_t(0);

class UndoEntry {
 public:
  virtual ~UndoEntry() = default;
  /// Re-tags the versions this change made with `commit_id`.
  virtual void Commit(transaction_t commit_id) noexcept = 0;
  /// Takes the change back.
  virtual void Rollback() noexcept = 0;
  /// Drops what older snapshots needed of the committed change.
  virtual void Cleanup() noexcept {}
  /// Appends the write-ahead log records that redo the change (storage/wal_payload.hpp),
  /// at commit, before Commit. Changes that replay rebuilds (index keys) log nothing.
  virtual void Log(std::vector<WalRecord>& out) const {}
};

class UndoBuffer {
 public:
  void Push(std::unique_ptr<UndoEntry> entry) {
    std::lock_guard<std::mutex> guard(lock_);
    entries_.push_back(std::move(entry));
  }
  /// Makes room for one more Push, so that a change can reserve its entry's slot before
  /// it changes anything and its Push cannot fail afterwards.
  void Reserve() {
    std::lock_guard<std::mutex> guard(lock_);
    entries_.reserve(entries_.size() + 1);
  }
  idx_t Size() const {
    std::lock_guard<std::mutex> guard(lock_);
    return entries_.size();
  }
  bool Empty() const { return Size() == 0; }

  /// Takes back every change after the first `savepoint` ones, the last first.
  void RollbackTo(idx_t savepoint) noexcept {
    while (entries_.size() > savepoint) {
      entries_.back()->Rollback();
      entries_.pop_back();
    }
  }
  void Commit(transaction_t commit_id) noexcept {
    for (auto& entry : entries_) entry->Commit(commit_id);
  }
  void Cleanup() noexcept {
    for (auto& entry : entries_) entry->Cleanup();
    entries_.clear();
  }
  /// The log records of every change, in order.
  void Log(std::vector<WalRecord>& out) const {
    for (const auto& entry : entries_) entry->Log(out);
  }

 private:
  mutable std::mutex lock_;
  std::vector<std::unique_ptr<UndoEntry>> entries_;
};

}  // namespace teal
