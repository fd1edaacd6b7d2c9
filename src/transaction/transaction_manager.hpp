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
//   3a. With a write-ahead log attached (a file database), a committing transaction's
//      records and flush marker are written under the lock (WriteAheadLog step 1), and it
//      takes its commit id. A commit that changes the catalog syncs right there. Any other
//      stays in the active list as pending and syncs after the lock is released (step 2),
//      sharing one sync with every commit waiting; only then is it re-tagged — by the first
//      of the commits that sync covered to take the lock again, which publishes every
//      pending commit the durable offset covers, in commit order (so a commit that returned
//      is visible to the next transaction of its connection even when an earlier commit's
//      own thread has not run yet, and published commits stay a prefix). Begin caps a
//      new snapshot below the first pending commit, so nobody sees a commit before it is
//      durable, and a transaction that writes one of its rows meanwhile conflicts with it
//      (the row still carries the committing transaction's id). COMMIT returns once
//      durable. When a sync fails: a commit that was the only one not yet durable is cut
//      back out of the log and rolls back (WriteAheadLog::Rewind); if it shared the sync,
//      the database is invalidated and every later commit that writes fails.
//   3b. A checkpoint begins (BeginCheckpoint) under the lock at a moment when every commit
//      logged so far is either published or pending after the last catalog commit, and
//      takes its snapshot below the first pending commit (as Begin would) and, as the log
//      offset it covers, where that commit's records start (the log's end when none is
//      pending): every commit logged before the offset is in the snapshot, none after it.
//      The sequences' positions are read in the same step, so the records of commits
//      after the offset only move them further.
//   4. A transaction that ended leaves the active list. The horizon is the smallest
//      start time in the list (the last commit id when it is empty): every committed
//      transaction whose commit id is at or below it is cleaned up (UndoBuffer rule 3),
//      in commit order, outside the lock.
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "storage/data_table.hpp"
#include "storage/write_ahead_log.hpp"
#include "transaction/transaction.hpp"

namespace teal {

class TransactionManager {
 public:
  TransactionManager();
  ~TransactionManager();

  /// Starts a transaction on the committed catalog and the last durable commit.
  std::shared_ptr<Transaction> Begin();
  /// Invalidates the database: every later commit that writes fails with `why`, until it
  /// is reopened.
  void Invalidate(const std::string& why);

  /// What a checkpoint starts from (rule 3b).
  struct CheckpointStart {
    std::shared_ptr<Transaction> transaction;  // end it with Rollback
    idx_t log_offset = 0;                      // logical, in the attached log
    std::vector<std::pair<std::string, std::optional<int64_t>>> sequences;
  };
  /// Rule 3b: begins the checkpoint's transaction (waiting while a catalog commit follows
  /// a pending one, which a snapshot below the pending one would see).
  CheckpointStart BeginCheckpoint();

  /// From now on every commit is written to `log` and is durable when Commit returns
  /// (rule 3a). The log outlives the manager.
  void AttachLog(WriteAheadLog* log);
  /// From now on a commit that writes fails with InvalidInputError (a read-only database,
  /// once loaded).
  void SetReadOnly() { read_only_ = true; }
  /// Rows per row group of the tables made in this database (DatabaseOptions).
  idx_t RowGroupSize() const { return row_group_size_; }
  /// Throws InvalidInputError unless `rows` is 0 (the default) or a multiple of
  /// kVectorSize up to 2^30.
  void SetRowGroupSize(uint64_t rows);
  /// A number for a new table (DataTable::Oid); SeeOid keeps later ones above `oid`.
  uint64_t NextOid() { return next_oid_++; }
  void SeeOid(uint64_t oid);
  /// Commits `transaction` (rule 2) and ends it; a transaction that changed nothing just
  /// ends. Throws TransactionError, having changed nothing (the caller rolls back), when
  /// its catalog changes conflict with another commit.
  void Commit(const std::shared_ptr<Transaction>& transaction);
  /// Takes back every change of `transaction` and ends it. Does nothing to a transaction
  /// that committed (its COMMIT may have failed only after it became visible: a shared
  /// sync that failed).
  void Rollback(const std::shared_ptr<Transaction>& transaction) noexcept;

  transaction_t LastCommit() const;
  /// The committed catalog (a version nobody changes).
  std::shared_ptr<Catalog> CommittedCatalog() const;
  /// After a catalog change of `transaction` (Transaction::LogCatalog): throws
  /// TransactionError when an object it changed was changed by a commit after it began or
  /// by a transaction that has not ended (first writer wins, rule 5); else marks the
  /// objects as its own until it ends.
  void ClaimCatalogChanges(Transaction& transaction);
  /// Rule 6: marks `table` as claimed by `transaction` (DataTable::MarkReplacing), then
  /// waits until no commit that wrote it is between its check and its publication, so that
  /// every other change in the table is either committed (the ALTER's copy has it) or
  /// cannot commit. False (nothing done) when another transaction's claim is on it.
  bool ClaimTableRows(DataTable& table, const Transaction& transaction, bool copies);

 private:
  std::shared_ptr<Transaction> BeginLocked();
  /// Rule 5's checks of `transaction`'s catalog changes, retiring the tables it replaced
  /// and dropping the ones it dropped (returned, to be put back if the commit fails after
  /// all). Lock held.
  std::vector<DataTable*> CheckCatalogChanges(Transaction& transaction);
  /// Rule 6: throws TransactionError when a table `transaction` has changes in was dropped
  /// by a commit or is altered by another transaction. Lock held.
  void RefuseLostWrites(const Transaction& transaction) const;
  /// Rule 5: why `transaction`'s catalog changes (`changed`, CatalogMerge::Changed) cannot
  /// commit now, or empty; `theirs` receives what the commits since it began changed.
  /// Lock held.
  std::string CatalogConflict(const Transaction& transaction, const std::set<std::string>& changed,
                              std::set<std::string>& theirs) const;
  /// The records of `transaction`'s changes, and of the sequences that moved. Lock held.
  std::vector<WalRecord> LogRecords(Transaction& transaction);
  /// WriteAheadLog step 2 for the commit logged at [start, end): empty when durable, else
  /// why not (the commit was cut back out of the log, or the database is invalidated).
  std::string SyncOrRewind(idx_t start, idx_t end);
  /// Records an invalidating `failure` (SyncOrRewind's). Lock held.
  void Failed(const std::string& failure);
  /// Re-tags the committed transaction's versions and installs its catalog. Lock held.
  void Publish(const std::shared_ptr<Transaction>& transaction);
  /// Publishes, in commit order, every pending commit the log's durable offset covers
  /// (rule 3a: whoever's sync made them durable). Lock held.
  void PublishDurable();
  /// Takes `transaction` off the active list and returns the committed transactions
  /// the new horizon lets go (rule 4). Lock held.
  std::vector<std::shared_ptr<Transaction>> EndLocked(const Transaction& transaction);

  mutable std::mutex lock_;
  std::shared_ptr<Catalog> catalog_;
  WriteAheadLog* log_ = nullptr;
  std::atomic<uint64_t> next_oid_{1};
  idx_t row_group_size_ = kRowGroupSize;
  /// Committed, not yet published: where its records are in the log, and who.
  struct PendingCommit {
    idx_t log_start = 0, log_end = 0;
    std::shared_ptr<Transaction> transaction;
  };
  std::map<transaction_t, PendingCommit> pending_;  // by commit id
  std::condition_variable pending_changed_;
  transaction_t catalog_commit_ = 0;  // the last commit that changed the catalog
  std::string invalid_;               // why the database is invalidated (empty: it is not)
  std::atomic<bool> read_only_{false};
  transaction_t last_commit_ = 0;
  transaction_t next_id_ = kTransactionIdStart;
  std::vector<const Transaction*> active_;
  /// The catalog objects (CatalogMerge::Changed names) that transactions not ended yet
  /// changed, and which one: a second writer fails at once (ClaimCatalogChanges).
  std::map<std::string, const Transaction*> catalog_claims_;
  /// Open transactions whose commit is not in the log yet: active_ less pending_ (the
  /// log's sync gathers while it is above 0, WriteAheadLog step 2a). Recount() keeps it.
  std::atomic<int64_t> writing_{0};
  void Recount();
  /// Committed, waiting for the horizon to pass their commit id; in commit order.
  std::deque<std::shared_ptr<Transaction>> committed_;
};

}  // namespace teal
