// TransactionManager: begin, commit, rollback and the cleanup horizon.
#include "transaction/transaction_manager.hpp"

#include <algorithm>

#include "catalog/catalog.hpp"
#include "storage/data_table.hpp"
#include "teal/error.hpp"

namespace teal {

TransactionManager::TransactionManager() : catalog_(std::make_shared<Catalog>()) {}
TransactionManager::~TransactionManager() = default;

std::shared_ptr<Transaction> TransactionManager::Begin() {
  std::lock_guard<std::mutex> guard(lock_);
  auto transaction = std::make_shared<Transaction>(last_commit_, next_id_++);
  transaction->catalog_ = catalog_;
  active_.push_back(transaction.get());
  return transaction;
}

std::shared_ptr<Catalog> TransactionManager::CommittedCatalog() const {
  std::lock_guard<std::mutex> guard(lock_);
  return catalog_;
}

void TransactionManager::CheckCatalogChanges(Transaction& transaction) {
  if (transaction.catalog_base_ != catalog_) {
    throw TransactionError(
        "could not commit: another transaction changed the catalog (CREATE, DROP or ALTER) "
        "after this one began; roll back and retry");
  }
  std::vector<DataTable*> retired;
  for (const auto& replaced : transaction.replaced_) {
    DataTable& table = *replaced.table;
    const uint64_t expected = replaced.writes + replaced.own_writes;
    const bool unchanged =
        replaced.retire ? table.RetireIfUnchanged(expected, transaction.Id())
                        : table.WriteCount() == expected;
    if (!unchanged) {
      for (DataTable* done : retired) done->Unretire();
      throw TransactionError(
          "could not commit: another transaction wrote to a table that this one dropped, "
          "altered or indexed; roll back and retry");
    }
    if (replaced.retire) retired.push_back(&table);
  }
}

std::vector<std::shared_ptr<Transaction>> TransactionManager::EndLocked(
    const Transaction& transaction) {
  auto it = std::find(active_.begin(), active_.end(), &transaction);
  if (it != active_.end()) active_.erase(it);
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
  std::vector<std::shared_ptr<Transaction>> done;
  {
    std::lock_guard<std::mutex> guard(lock_);
    if (transaction->Wrote()) {
      if (transaction->ChangedCatalog()) CheckCatalogChanges(*transaction);
      transaction->commit_id_ = ++last_commit_;
      transaction->undo_.Commit(transaction->commit_id_);
      if (transaction->ChangedCatalog()) catalog_ = transaction->catalog_;
      committed_.push_back(transaction);
    }
    done = EndLocked(*transaction);
  }
  for (auto& committed : done) committed->undo_.Cleanup();
}

void TransactionManager::Rollback(const std::shared_ptr<Transaction>& transaction) noexcept {
  transaction->undo_.RollbackTo(0);
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

idx_t TransactionManager::ActiveCount() const {
  std::lock_guard<std::mutex> guard(lock_);
  return active_.size();
}

}  // namespace teal
