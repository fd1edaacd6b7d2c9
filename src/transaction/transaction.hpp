// Transaction: one unit of snapshot isolation — its snapshot, its id, and the undo
// buffer of every change it made.
//
// Versions. Every row version (an insert, a delete, an update's new values) is tagged
// with a transaction_t:
//   1. A commit id is in [1, kTransactionIdStart): commits are numbered in the order they
//      happen. 0 means "committed before every snapshot there is".
//   2. A transaction id is in [kTransactionIdStart, kNotDeleted): the version belongs to
//      that transaction and nobody else sees it until it commits, when every version it
//      made is re-tagged with its commit id (UndoBuffer::Commit).
//   3. A transaction sees a version when it is its own (tag == Id()) or was committed by
//      the time it started (tag <= StartTime()). StartTime() is the last commit id at
//      BEGIN, so a snapshot never changes while the transaction runs.
//   4. Two transactions that change the same row conflict: the one that comes second —
//      the other's change is not yet committed, or committed after it started — fails
//      with TransactionError at that statement (first writer wins).
//
// Thread safety: a transaction is used by one connection at a time (the threads of one
// query read its snapshot and the storage append to its undo buffer under the table's
// lock, see UndoBuffer).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "transaction/undo_buffer.hpp"

namespace teal {

class TransactionManager;

class Transaction {
 public:
  Transaction(transaction_t start_time, transaction_t id) : start_time_(start_time), id_(id) {}
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  transaction_t StartTime() const { return start_time_; }
  transaction_t Id() const { return id_; }
  /// Set once it committed (0 before).
  transaction_t CommitId() const { return commit_id_; }

  /// Whether a version tagged `version` is part of this transaction's snapshot.
  bool Sees(transaction_t version) const { return version <= start_time_ || version == id_; }

  UndoBuffer& Undo() { return undo_; }
  /// Whether it changed anything (and so has something to commit or roll back).
  bool Wrote() const { return !undo_.Empty(); }

 private:
  friend class TransactionManager;
  transaction_t start_time_;
  transaction_t id_;
  transaction_t commit_id_ = 0;
  UndoBuffer undo_;
};

}  // namespace teal
