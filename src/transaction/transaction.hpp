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
//   5. The catalog: a transaction reads the committed Catalog version it began with. Its
//      first catalog change makes a private copy (WritableCatalog) that it changes. Each
//      change claims the objects it changed (LogCatalog): a change of an object that
//      another transaction changed and has not ended, or that a commit changed after this
//      transaction began, fails at that statement (first writer wins, as for rows). At
//      commit its changes are made in the committed version (CatalogMerge: other
//      transactions' changes of other objects stay), unless they conflict with a commit
//      since (then its COMMIT fails), or a table it altered or indexed was written by
//      someone since (TableReplaced).
//   6. DROP TABLE, ALTER TABLE, CREATE INDEX and the other changes of a table's rules win
//      over writers: they need no table without pending changes. A transaction that
//      changed rows of a table another one dropped (at that commit) or altered (from that
//      statement on: the ALTER's copy, the new index or the constraint's check leaves its
//      changes out) cannot commit them (it is second, as in rule 4), and cannot write to an
//      altered one until the altering transaction ends. Any order of such commits is one
//      a serial run could have: a writer that committed before the change ran before it.
//
// Thread safety: a transaction is used by one connection at a time (the threads of one
// query read its snapshot and the storage append to its undo buffer under the table's
// lock, see UndoBuffer).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "transaction/undo_buffer.hpp"

namespace teal {

class Catalog;
class DatabaseInstance;
class DataTable;
class TransactionManager;

class Transaction {
 public:
  Transaction(transaction_t start_time, transaction_t id)
      : start_time_(start_time),
        id_(id),
        started_micros_(std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count()) {}
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  transaction_t StartTime() const { return start_time_; }
  /// When the transaction began, in microseconds since the epoch (UTC): what now() and
  /// current_timestamp are throughout it, as in PostgreSQL.
  int64_t StartedMicros() const { return started_micros_; }
  transaction_t Id() const { return id_; }
  /// Set once it committed (0 before).
  transaction_t CommitId() const { return commit_id_; }

  /// Whether a version tagged `version` is part of this transaction's snapshot.
  bool Sees(transaction_t version) const { return version <= start_time_ || version == id_; }

  UndoBuffer& Undo() { return undo_; }
  /// Whether it changed anything (and so has something to commit or roll back).
  bool Wrote() const { return !undo_.Empty() || catalog_base_ != nullptr; }

  /// The catalog this transaction sees (rule 5).
  Catalog& GetCatalog() const { return *catalog_; }
  std::shared_ptr<Catalog> SharedCatalog() const { return catalog_; }
  /// The catalog, privately copied on the first call, for a catalog change.
  Catalog& WritableCatalog();
  bool ChangedCatalog() const { return catalog_base_ != nullptr; }

  /// The temporary objects of the transaction's connection (catalog/catalog_search.hpp) as
  /// it sees them; null for a transaction of no connection. ClientContext sets them at
  /// BEGIN and takes WritableTempCatalog's copy back when the transaction commits. They are
  /// never logged: nobody else sees them, and they end with their connection.
  Catalog* TempCatalog() const { return temp_catalog_.get(); }
  std::shared_ptr<Catalog> SharedTempCatalog() const { return temp_catalog_; }
  void SetTempCatalog(std::shared_ptr<Catalog> temp) { temp_catalog_ = std::move(temp); }
  /// The temporary objects, privately copied on the first call, for a change of them.
  Catalog& WritableTempCatalog();
  bool ChangedTempCatalog() const { return temp_copied_; }

  /// The manager that began it (TransactionManager::Begin).
  TransactionManager& Manager() const { return *manager_; }

  /// Attached databases (ATTACH, main/database_manager.hpp). A connection's transaction
  /// spans every database it touches: this one, of the connection's own database, holds a
  /// transaction of each attached database it used, begun on first use and ended with it
  /// (TransactionManager::Commit and Rollback end them first). Only one of them may write
  /// (WriteTo), so a commit is atomic though each database commits on its own.
  struct Attached {
    std::shared_ptr<DatabaseInstance> database;  // kept open while the transaction uses it
    std::shared_ptr<Transaction> transaction;
  };
  /// The transaction of `manager`'s database: this one, an attached one, or null when it
  /// has none there yet.
  Transaction* In(const TransactionManager& manager);
  /// The transaction a change or read of `table` works in (DataTable::Manager): throws
  /// InternalError when the table's database has none in this transaction.
  Transaction& For(const DataTable& table);
  /// Adds the transaction of an attached database (its manager's Begin).
  void AddAttached(Attached attached) { attached_.push_back(std::move(attached)); }
  const std::vector<Attached>& AttachedTransactions() const { return attached_; }
  /// Whether this transaction or an attached one changed anything.
  bool WroteAny() const;
  /// Before a change in `target` (this transaction or an attached one): throws
  /// TransactionError when another database of the transaction has changes already — a
  /// transaction writes to one database only. `what` names what is written (`table "t"`).
  void WriteTo(const Transaction& target, std::string_view what) const;

  /// A point to roll back to (SAVEPOINT): the undo buffer's size and the catalog then.
  struct Mark {
    idx_t undo = 0;
    std::shared_ptr<Catalog> catalog;  // a copy of the private catalog, or the one read
    std::shared_ptr<Catalog> catalog_base;
    std::shared_ptr<Catalog> temp_catalog;  // as `catalog`, of the temporary objects
    bool temp_copied = false;
    size_t replaced = 0;
    /// The attached transactions then, with their marks (later ones roll back whole).
    std::vector<std::pair<Transaction*, std::shared_ptr<Mark>>> attached;
  };
  Mark MarkNow() const;
  /// Takes back every change made since `mark` (data, keys and catalog); the mark can be
  /// rolled back to again.
  void RollbackTo(const Mark& mark);

  /// Records a catalog change for the write-ahead log (storage/wal_payload.hpp,
  /// kCatalog): the statement's SQL, the oid of the table it creates or leaves under
  /// `table_name`, and of the one it replaces or drops. Push it before the change's rows.
  void LogCatalog(uint64_t new_oid, uint64_t old_oid, std::string table_name, std::string sql);

  /// Records that this transaction made `table` (CREATE TABLE): nobody else sees it, so
  /// its changes need no checks against other transactions.
  void TableCreated(const DataTable& table) { created_.insert(&table); }
  bool CreatedHere(const DataTable& table) const { return created_.count(&table) > 0; }
  /// A snapshot of every commit so far and this transaction's own changes: what a change
  /// that checks or copies a table's rows for everyone reads (CREATE INDEX, ALTER TABLE).
  Transaction Latest() const { return Transaction(kTransactionIdStart - 1, id_); }

  /// What a catalog change does to a table it names (TableReplaced).
  enum class TableChange : uint8_t {
    kIndexes,  // keeps it, changes its indexes, constraints or triggers (MarkAltered)
    kCopied,   // ALTER TABLE: a copy replaces it, retired at commit
    kDropped,  // DROP TABLE: dropped at commit, whoever has changes in it
  };
  /// Records that the catalog change being made changes `table` so. kIndexes and kCopied
  /// claim it (TransactionManager::ClaimTableRows): others' uncommitted changes in it
  /// cannot commit, and they cannot write to it until this transaction ends; at commit
  /// nobody else may have written to it since (rule 5). kDropped wins over writers at its
  /// commit: theirs cannot commit after it (rule 6). `what` names the change for messages
  /// (kCopied: the table's name). TransactionError when another transaction's claim is on
  /// the table.
  void TableReplaced(std::shared_ptr<DataTable> table, TableChange change, std::string_view what);
  /// Notes a write of this transaction to `table` (DataTable calls it): its own writes
  /// after a catalog change of the table are not taken for someone else's, and its commit
  /// checks that nobody dropped the table meanwhile.
  /// `values`: an insert or update (not a delete).
  void NoteWrite(const DataTable& table, bool values) {
    if (written_.empty() || written_.back().table.get() != &table ||
        (values && !written_.back().values)) {
      NoteWriteTo(table, values);
    }
    for (auto& r : replaced_) r.own_writes += r.table.get() == &table;
  }
  /// A table it wrote to (a table whose writes a savepoint took back may be among them),
  /// and whether it inserted or updated rows there (else it only deleted some). Held: the
  /// transaction may drop it meanwhile.
  struct Written {
    std::shared_ptr<const DataTable> table;
    bool values;
  };
  const std::vector<Written>& WrittenTables() const { return written_; }

 private:
  friend class TransactionManager;
  transaction_t start_time_;
  transaction_t id_;
  int64_t started_micros_;
  transaction_t commit_id_ = 0;
  TransactionManager* manager_ = nullptr;
  std::vector<Attached> attached_;
  UndoBuffer undo_;
  std::shared_ptr<Catalog> catalog_;       // the version it reads (private once changed)
  std::shared_ptr<Catalog> catalog_base_;  // the committed version the copy was made of
  std::shared_ptr<Catalog> temp_catalog_;
  bool temp_copied_ = false;  // temp_catalog_ is this transaction's private copy
  std::unordered_set<const DataTable*> created_;
  void NoteWriteTo(const DataTable& table, bool values);
  /// Forgets the tables recorded by TableReplaced from the `from`-th on, taking back the
  /// marks of its ALTERs (rolled back).
  void ReleaseReplaced(size_t from) noexcept;

  struct Replaced {
    std::shared_ptr<DataTable> table;
    TableChange change;
    uint64_t writes;          // its WriteCount when recorded
    uint64_t own_writes = 0;  // this transaction's writes to it since
  };
  std::vector<Replaced> replaced_;
  std::vector<Written> written_;  // in the order of their first writes
  /// The catalog objects it claimed (TransactionManager::ClaimCatalogChanges).
  std::set<std::string> claimed_;
};

}  // namespace teal
