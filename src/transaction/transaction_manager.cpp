// TransactionManager: begin, commit, rollback and the cleanup horizon.
#include "transaction/transaction_manager.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "catalog/catalog.hpp"
#include "catalog/catalog_merge.hpp"
#include "storage/data_table.hpp"
#include "storage/wal_payload.hpp"
#include "teal/error.hpp"

namespace teal {

TransactionManager::TransactionManager() : catalog_(std::make_shared<Catalog>()) {}

void TransactionManager::SetRowGroupSize(uint64_t rows) {
  constexpr uint64_t kMaxRowGroupSize = uint64_t(1) << 30;
  if (rows == 0) {
    row_group_size_ = kRowGroupSize;
  } else if (rows % kVectorSize != 0 || rows > kMaxRowGroupSize) {
    throw InvalidInputError(fmt::format(
        "Invalid row group size: {} - row group size must be divisible by the vector size ({}) "
        "and at most {}",
        rows, kVectorSize, kMaxRowGroupSize));
  } else {
    row_group_size_ = rows;
  }
}
TransactionManager::~TransactionManager() = default;

std::shared_ptr<Transaction> TransactionManager::Begin() {
  std::lock_guard<std::mutex> guard(lock_);
  return BeginLocked();
}

std::shared_ptr<Transaction> TransactionManager::BeginLocked() {
  // Rule 3a: nothing of a commit that is not durable yet.
  const transaction_t start = pending_.empty() ? last_commit_ : pending_.begin()->first - 1;
  auto transaction = std::make_shared<Transaction>(start, next_id_++);
  transaction->catalog_ = catalog_;
  transaction->manager_ = this;
  active_.push_back(transaction.get());
  Recount();
  return transaction;
}

void TransactionManager::Recount() {
  const auto writing = static_cast<int64_t>(active_.size()) - static_cast<int64_t>(pending_.size());
  const bool dropped = writing < writing_.load();
  writing_ = writing;
  if (dropped && log_) log_->Gathered();
}

TransactionManager::CheckpointStart TransactionManager::BeginCheckpoint() {
  std::unique_lock<std::mutex> lock(lock_);
  pending_changed_.wait(
      lock, [&] { return pending_.empty() || catalog_commit_ < pending_.begin()->first; });
  CheckpointStart out;
  out.transaction = BeginLocked();
  out.log_offset =
      pending_.empty() ? (log_ ? log_->Size() : 0) : pending_.begin()->second.log_start;
  for (const auto& sequence : catalog_->Sequences()) {
    out.sequences.emplace_back(sequence->Name(), sequence->Last());
  }
  return out;
}

void TransactionManager::AttachLog(WriteAheadLog* log) {
  std::lock_guard<std::mutex> guard(lock_);
  log_ = log;
  if (log_) log_->SetWriters(&writing_);
}

void TransactionManager::SeeOid(uint64_t oid) {
  uint64_t next = next_oid_.load();
  while (next <= oid && !next_oid_.compare_exchange_weak(next, oid + 1)) {
  }
}

std::vector<WalRecord> TransactionManager::LogRecords(Transaction& transaction) {
  std::vector<WalRecord> records;
  transaction.undo_.Log(records);
  for (const auto& sequence : transaction.GetCatalog().Sequences()) {
    // Drawn from a counter that a committed RESTART replaced: not the sequence's position.
    if (auto now = catalog_->FindSequence(sequence->Name()); now && sequence->SupersededBy(*now)) {
      continue;
    }
    std::optional<int64_t> last;
    if (!sequence->TakeUnlogged(&last)) continue;
    WalRecord record{WalRecordType::kSequence, {}};
    PayloadWriter payload(record.payload);
    payload.PutText(sequence->Name());
    payload.Put<uint8_t>(last ? 1 : 0);
    payload.Put<int64_t>(last.value_or(0));
    records.push_back(std::move(record));
  }
  return records;
}

std::shared_ptr<Catalog> TransactionManager::CommittedCatalog() const {
  std::lock_guard<std::mutex> guard(lock_);
  return catalog_;
}

std::string TransactionManager::CatalogConflict(const Transaction& transaction,
                                                const std::set<std::string>& changed,
                                                std::set<std::string>& theirs) const {
  const Catalog& base = *transaction.catalog_base_;
  for (const auto& object : changed) {
    auto claim = catalog_claims_.find(object);
    if (claim != catalog_claims_.end() && claim->second != &transaction) {
      return CatalogMerge::WriteWriteConflict(base, *transaction.catalog_, object);
    }
  }
  if (transaction.catalog_base_ == catalog_) return {};
  theirs = CatalogMerge::Changed(base, *catalog_);
  return CatalogMerge::Conflict(base, *transaction.catalog_, changed, *catalog_, theirs);
}

void TransactionManager::ClaimCatalogChanges(Transaction& transaction) {
  std::lock_guard<std::mutex> guard(lock_);
  std::set<std::string> changed =
      CatalogMerge::Changed(*transaction.catalog_base_, *transaction.catalog_);
  std::set<std::string> theirs;
  const std::string conflict = CatalogConflict(transaction, changed, theirs);
  if (!conflict.empty()) throw TransactionError(conflict);
  // A rollback to a savepoint may have given objects back.
  for (const auto& object : transaction.claimed_) {
    if (!changed.count(object)) catalog_claims_.erase(object);
  }
  for (const auto& object : changed) catalog_claims_[object] = &transaction;
  transaction.claimed_ = std::move(changed);
}

std::vector<DataTable*> TransactionManager::CheckCatalogChanges(Transaction& transaction) {
  if (transaction.catalog_base_ != catalog_ ||
      catalog_claims_.size() > transaction.claimed_.size()) {
    const std::set<std::string> changed =
        CatalogMerge::Changed(*transaction.catalog_base_, *transaction.catalog_);
    std::set<std::string> theirs;
    const std::string conflict = CatalogConflict(transaction, changed, theirs);
    if (!conflict.empty()) throw TransactionError("could not commit: " + conflict);
    if (transaction.catalog_base_ != catalog_) {
      // Published by Publish: the committed version with this transaction's changes in it.
      transaction.catalog_ = CatalogMerge::Merge(*transaction.catalog_base_, *transaction.catalog_,
                                                 changed, *catalog_, theirs);
    }
  }
  std::vector<DataTable*> retired;
  for (const auto& replaced : transaction.replaced_) {
    DataTable& table = *replaced.table;
    if (replaced.change == Transaction::TableChange::kDropped) {
      table.Drop();  // rule 6: whoever has changes in it cannot commit them now
      retired.push_back(&table);
      continue;
    }
    const uint64_t expected = replaced.writes + replaced.own_writes;
    const bool copied = replaced.change == Transaction::TableChange::kCopied;
    const bool unchanged =
        copied ? table.RetireIfUnchanged(expected) : table.WriteCount() == expected;
    if (!unchanged) {
      for (DataTable* done : retired) done->Unretire();
      throw TransactionError(
          "could not commit: another transaction wrote to a table that this one altered or "
          "indexed; roll back and retry");
    }
    if (copied) retired.push_back(&table);
  }
  return retired;
}

void TransactionManager::RefuseLostWrites(const Transaction& transaction) const {
  for (const Transaction::Written& written : transaction.WrittenTables()) {
    const std::string lost = written.table->LostChangesOf(transaction, written.values);
    if (!lost.empty()) {
      throw TransactionError("could not commit: " + lost +
                             " after this transaction changed its rows; roll back");
    }
  }
}

bool TransactionManager::ClaimTableRows(DataTable& table, const Transaction& transaction,
                                        bool copies) {
  std::unique_lock<std::mutex> lock(lock_);
  // Marked under the lock, the table refuses every commit that checks after this; the ones
  // that passed their check before and wait for their sync are not published yet (the
  // claimer would not see their rows): wait for those, and only those, to publish.
  if (!table.MarkReplacing(transaction.Id(), copies)) return false;
  pending_changed_.wait(lock, [&] {
    for (const auto& [commit_id, pending] : pending_) {
      for (const Transaction::Written& written : pending.transaction->WrittenTables()) {
        if (written.table.get() == &table) return false;
      }
    }
    return true;
  });
  return true;
}

std::vector<std::shared_ptr<Transaction>> TransactionManager::EndLocked(
    const Transaction& transaction) {
  auto it = std::find(active_.begin(), active_.end(), &transaction);
  if (it != active_.end()) active_.erase(it);
  // Its claims on tables end with it (rule 6); a table it altered is retired, one it
  // indexed is kept and free for others' writes again.
  for (const auto& replaced : transaction.replaced_) {
    replaced.table->UnmarkReplacing(transaction.Id());
  }
  for (const auto& object : transaction.claimed_) {
    auto claim = catalog_claims_.find(object);
    if (claim != catalog_claims_.end() && claim->second == &transaction)
      catalog_claims_.erase(claim);
  }
  Recount();
  transaction_t horizon = last_commit_;
  for (const Transaction* running : active_) horizon = std::min(horizon, running->StartTime());
  std::vector<std::shared_ptr<Transaction>> done;
  while (!committed_.empty() && committed_.front()->CommitId() <= horizon) {
    done.push_back(std::move(committed_.front()));
    committed_.pop_front();
  }
  return done;
}

void TransactionManager::Commit(const std::shared_ptr<Transaction>& transaction) {
  // The attached databases' transactions first, each by its own manager. At most one of
  // them and this one wrote (Transaction::WriteTo): when an attached one fails to commit,
  // nothing was committed that wrote, and the caller's Rollback ends the rest.
  auto& attached = transaction->attached_;
  while (!attached.empty()) {
    Transaction::Attached& first = attached.front();
    first.transaction->Manager().Commit(first.transaction);
    attached.erase(attached.begin());
  }
  std::vector<std::shared_ptr<Transaction>> done;
  idx_t log_start = 0, log_end = 0;
  bool sync_later = false;
  {
    std::lock_guard<std::mutex> guard(lock_);
    // A transaction that only read but moved a sequence (SELECT nextval(…)) commits through
    // the log too: a value handed out must never be handed out again after a restart.
    bool moved_sequences = false;
    if (log_ && !transaction->Wrote()) {
      for (const auto& sequence : transaction->GetCatalog().Sequences()) {
        moved_sequences = moved_sequences || sequence->HasUnlogged();
      }
    }
    if (transaction->Wrote() || moved_sequences) {
      // Temporary tables (never logged) may change in a read-only database.
      if (read_only_ &&
          (transaction->ChangedCatalog() || moved_sequences || !LogRecords(*transaction).empty())) {
        throw InvalidInputError(
            "cannot commit changes: the database is open in read-only mode (access_mode = "
            "'read_only')");
      }
      if (!invalid_.empty()) throw IOError(invalid_);
      RefuseLostWrites(*transaction);
      std::vector<DataTable*> retired;
      if (transaction->ChangedCatalog()) retired = CheckCatalogChanges(*transaction);
      const transaction_t commit_id = last_commit_ + 1;
      if (log_) {
        try {
          std::vector<WalRecord> records = LogRecords(*transaction);
          log_start = log_->Size();
          // A transaction that wrote only temporary tables has nothing to log; it still
          // waits for the commits logged before it (rule 3a), without a sync of its own
          // when they are durable.
          log_end = records.empty() && !transaction->ChangedCatalog()
                        ? log_start
                        : log_->Append(records, commit_id);
          if (transaction->ChangedCatalog()) {
            // A catalog change syncs under the lock: the committed catalog may not move
            // (and no other commit may check against it) before it is durable.
            const std::string failure = SyncOrRewind(log_start, log_end);
            if (!failure.empty()) {
              Failed(failure);
              throw IOError("COMMIT failed: " + failure);
            }
          } else {
            sync_later = true;
          }
        } catch (...) {
          for (DataTable* table : retired) table->Unretire();
          throw;
        }
      }
      // Rule 3a: the id is taken now (commit ids follow the log's order); a commit that
      // syncs later is pending, and snapshots begun meanwhile stay below it.
      last_commit_ = commit_id;
      transaction->commit_id_ = commit_id;
      for (const auto& replaced : transaction->replaced_) {
        if (replaced.change == Transaction::TableChange::kIndexes) {
          replaced.table->MarkAltered(commit_id);
        }
      }
      if (transaction->ChangedCatalog()) catalog_commit_ = commit_id;
      if (sync_later) {
        pending_.emplace(commit_id, PendingCommit{log_start, log_end, transaction});
        Recount();
      } else {
        Publish(transaction);
      }
    }
    if (!sync_later) done = EndLocked(*transaction);
  }
  if (sync_later) {
    const std::string failure = SyncOrRewind(log_start, log_end);
    {
      std::lock_guard<std::mutex> guard(lock_);
      if (failure.empty()) {
        PublishDurable();  // this one among them (unless another thread's call did)
      } else {
        pending_.erase(transaction->commit_id_);
        Recount();
        pending_changed_.notify_all();
        Failed(failure);
        // Not re-tagged: the transaction rolls back (the caller's Rollback).
        transaction->commit_id_ = 0;
      }
      done = EndLocked(*transaction);
    }
    if (!failure.empty()) {
      for (auto& committed : done) committed->undo_.Cleanup();
      throw IOError("COMMIT failed: " + failure);
    }
  }
  for (auto& committed : done) committed->undo_.Cleanup();
}

std::string TransactionManager::SyncOrRewind(idx_t start, idx_t end) {
  try {
    log_->SyncUpTo(end);
    return {};
  } catch (const std::exception& error) {
    // Alone in the failed sync, the commit is cut out of the log and rolls back; shared,
    // nobody knows which of the commits it covered reached the disk: the database is
    // invalidated (reopening recovers every commit that returned).
    if (log_->Rewind(start, end)) return error.what();
    return std::string(
               "the database is invalidated: a write-ahead log sync shared by several "
               "commits failed (") +
           error.what() + "); reopen it (every commit that returned is kept)";
  }
}

void TransactionManager::Invalidate(const std::string& why) {
  std::lock_guard<std::mutex> guard(lock_);
  if (invalid_.empty()) invalid_ = why;
}

void TransactionManager::Failed(const std::string& failure) {
  if (invalid_.empty() && failure.rfind("the database is invalidated", 0) == 0) {
    invalid_ = failure;
  }
}

void TransactionManager::Publish(const std::shared_ptr<Transaction>& transaction) {
  transaction->undo_.Commit(transaction->commit_id_);
  if (transaction->ChangedCatalog()) catalog_ = transaction->catalog_;
  committed_.push_back(transaction);
}

void TransactionManager::PublishDurable() {
  const idx_t durable = log_->DurableOffset();
  while (!pending_.empty() && pending_.begin()->second.log_end <= durable) {
    std::shared_ptr<Transaction> transaction = std::move(pending_.begin()->second.transaction);
    pending_.erase(pending_.begin());
    Publish(transaction);
  }
  Recount();
  pending_changed_.notify_all();
}

void TransactionManager::Rollback(const std::shared_ptr<Transaction>& transaction) noexcept {
  for (auto& attached : transaction->attached_) {
    attached.transaction->Manager().Rollback(attached.transaction);
  }
  transaction->attached_.clear();
  if (transaction->commit_id_ != 0) return;
  transaction->undo_.RollbackTo(0);  // its table claims end in EndLocked, as a commit's do
  std::vector<std::shared_ptr<Transaction>> done;
  {
    std::lock_guard<std::mutex> guard(lock_);
    done = EndLocked(*transaction);
  }
  for (auto& committed : done) committed->undo_.Cleanup();
}

transaction_t TransactionManager::LastCommit() const {
  std::lock_guard<std::mutex> guard(lock_);
  return last_commit_;
}

}  // namespace teal
