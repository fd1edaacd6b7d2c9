// TransactionManager: hands out snapshots and commit ids, and decides when old versions
// can go.
//
// Commit protocol (until the write-ahead log arrives):
//   1. Begin takes the last commit id as the start time and a fresh transaction id, and
//      puts the transaction in the active list — all under the manager's lock.
//   2. Commit of a transaction that wrote: under the lock, the next commit id is taken
//      and the undo buffer re-tags every version with it (UndoBuffer rule 2) before the
//      lock is released, so a transaction that begins afterwards sees all of the commit
//      or, beginning before, none of it. Its catalog copy, if it made one, becomes the
//      committed catalog in the same step, after the checks of Transaction's rule 5
//      (which, failing, fail the commit before anything is re-tagged).
//   3. Rollback walks the undo buffer backwards (UndoBuffer rule 1).
//   4. A transaction that ended leaves the active list. The horizon is the smallest
//      start time in the list (the last commit id when it is empty): every committed
//      transaction whose commit id is at or below it is cleaned up (UndoBuffer rule 3),
//      in commit order, outside the lock.
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "transaction/transaction.hpp"

namespace teal {

class TransactionManager {
 public:
  TransactionManager();
  ~TransactionManager();

  /// Starts a transaction on the committed catalog and the last commit.
  std::shared_ptr<Transaction> Begin();
  /// Commits `transaction` (rule 2) and ends it; a transaction that changed nothing just
  /// ends. Throws TransactionError, having changed nothing (the caller rolls back), when
  /// its catalog changes conflict with another commit.
  void Commit(const std::shared_ptr<Transaction>& transaction);
  /// Takes back every change of `transaction` and ends it.
  void Rollback(const std::shared_ptr<Transaction>& transaction) noexcept;

  transaction_t LastCommit() const;
  /// The committed catalog (a version nobody changes).
  std::shared_ptr<Catalog> CommittedCatalog() const;
  /// How many transactions are running (begun, not ended).
  idx_t ActiveCount() const;

 private:
  /// Rule 5's checks of `transaction`'s catalog changes, retiring the tables it replaced.
  /// Lock held.
  void CheckCatalogChanges(Transaction& transaction);
  /// Takes `transaction` off the active list and returns the committed transactions
  /// the new horizon lets go (rule 4). Lock held.
  std::vector<std::shared_ptr<Transaction>> EndLocked(const Transaction& transaction);

  mutable std::mutex lock_;
  std::shared_ptr<Catalog> catalog_;
  transaction_t last_commit_ = 0;
  transaction_t next_id_ = kTransactionIdStart;
  std::vector<const Transaction*> active_;
  /// Committed, waiting for the horizon to pass their commit id; in commit order.
  std::deque<std::shared_ptr<Transaction>> committed_;
};

}  // namespace teal
