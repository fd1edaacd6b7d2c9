// Transaction: its catalog copy and the tables its catalog changes replace.
#include "transaction/transaction.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catalog/catalog.hpp"
#include "storage/data_table.hpp"
#include "storage/wal_payload.hpp"
#include "teal/error.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

namespace {
/// A catalog change in the undo buffer: nothing to take back (the catalog copy is), only
/// its log record to write.
class CatalogRecord final : public UndoEntry {
 public:
  CatalogRecord(uint64_t new_oid, uint64_t old_oid, std::string name, std::string sql)
      : new_oid_(new_oid), old_oid_(old_oid), name_(std::move(name)), sql_(std::move(sql)) {}
  void Commit(transaction_t) noexcept override {}
  void Rollback() noexcept override {}
  void Log(std::vector<WalRecord>& out) const override {
    WalRecord record{WalRecordType::kCatalog, {}};
    PayloadWriter payload(record.payload);
    payload.Put<uint64_t>(new_oid_);
    payload.Put<uint64_t>(old_oid_);
    payload.PutText(name_);
    payload.PutRest(sql_);
    out.push_back(std::move(record));
  }

 private:
  uint64_t new_oid_, old_oid_;
  std::string name_, sql_;
};
}  // namespace

void Transaction::LogCatalog(uint64_t new_oid, uint64_t old_oid, std::string table_name,
                             std::string sql) {
  if (catalog_base_ && manager_) manager_->ClaimCatalogChanges(*this);
  undo_.Push(
      std::make_unique<CatalogRecord>(new_oid, old_oid, std::move(table_name), std::move(sql)));
}

Catalog& Transaction::WritableCatalog() {
  if (!catalog_base_) {
    auto copy = catalog_->Copy();
    catalog_base_ = std::move(catalog_);
    catalog_ = std::move(copy);
  }
  return *catalog_;
}

Catalog& Transaction::WritableTempCatalog() {
  if (!temp_catalog_)
    throw InternalError("a transaction of no connection has no temporary objects");
  if (!temp_copied_) {
    temp_catalog_ = temp_catalog_->Copy();
    temp_copied_ = true;
  }
  return *temp_catalog_;
}

Transaction::Mark Transaction::MarkNow() const {
  Mark mark;
  mark.undo = undo_.Size();
  // The private catalog changes in place: the mark keeps a copy of it.
  mark.catalog = catalog_base_ ? catalog_->Copy() : catalog_;
  mark.catalog_base = catalog_base_;
  mark.temp_catalog = temp_copied_ ? temp_catalog_->Copy() : temp_catalog_;
  mark.temp_copied = temp_copied_;
  mark.replaced = replaced_.size();
  for (const Attached& attached : attached_) {
    mark.attached.emplace_back(attached.transaction.get(),
                               std::make_shared<Mark>(attached.transaction->MarkNow()));
  }
  return mark;
}

void Transaction::RollbackTo(const Mark& mark) {
  // Copied first: the only step that can fail, before anything is taken back.
  std::shared_ptr<Catalog> catalog = mark.catalog_base ? mark.catalog->Copy() : mark.catalog;
  std::shared_ptr<Catalog> temp = mark.temp_copied ? mark.temp_catalog->Copy() : mark.temp_catalog;
  undo_.RollbackTo(mark.undo);
  catalog_ = std::move(catalog);
  catalog_base_ = mark.catalog_base;
  temp_catalog_ = std::move(temp);
  temp_copied_ = mark.temp_copied;
  ReleaseReplaced(mark.replaced);
  for (const Attached& attached : attached_) {
    Transaction& other = *attached.transaction;
    auto it = std::find_if(mark.attached.begin(), mark.attached.end(),
                           [&](const auto& marked) { return marked.first == &other; });
    if (it != mark.attached.end()) {
      other.RollbackTo(*it->second);
      continue;
    }
    // Begun after the mark: everything it did goes (it stays open, reading its snapshot).
    Mark start;
    start.catalog = other.catalog_base_ ? other.catalog_base_ : other.catalog_;
    other.RollbackTo(start);
  }
}

Transaction* Transaction::In(const TransactionManager& manager) {
  if (&manager == manager_) return this;
  for (const Attached& attached : attached_) {
    if (attached.transaction->manager_ == &manager) return attached.transaction.get();
  }
  return nullptr;
}

Transaction& Transaction::For(const DataTable& table) {
  if (!table.Manager()) return *this;
  Transaction* transaction = In(*table.Manager());
  if (!transaction) {
    throw InternalError("a table of an attached database is used outside its transaction");
  }
  return *transaction;
}

bool Transaction::WroteAny() const {
  if (Wrote()) return true;
  return std::any_of(attached_.begin(), attached_.end(),
                     [](const Attached& attached) { return attached.transaction->Wrote(); });
}

void Transaction::WriteTo(const Transaction& target, std::string_view what) const {
  auto refuse = [&](const Transaction& other) {
    if (&other == &target || !other.Wrote()) return;
    throw TransactionError(fmt::format(
        "cannot write to {}: this transaction changed another database already, and a "
        "single transaction can only write to a single attached database (commit first)",
        what));
  };
  refuse(*this);
  for (const Attached& attached : attached_) refuse(*attached.transaction);
}

void Transaction::TableReplaced(std::shared_ptr<DataTable> table, TableChange change,
                                std::string_view what) {
  if (CreatedHere(*table)) return;
  auto it = std::find_if(replaced_.begin(), replaced_.end(),
                         [&](const Replaced& r) { return r.table == table; });
  if (it != replaced_.end()) {
    // Its own writes since the first change are in its undo buffer: it may change the
    // table again; what happens to it at commit is decided by the strongest change.
    if (change == TableChange::kCopied && it->change == TableChange::kIndexes) {
      table->MarkReplacing(id_, /*copies=*/true);  // its own claim: cannot fail
    }
    it->change = std::max(it->change, change);
    return;
  }
  replaced_.reserve(replaced_.size() + 1);  // the claim is recorded without failing
  if (change != TableChange::kDropped &&
      !manager_->ClaimTableRows(*table, *this, change == TableChange::kCopied)) {
    // Another transaction's change of the table has not ended. For ALTER the catalog claim
    // of the same object would fail the same way (rule 5).
    throw TransactionError(
        change == TableChange::kCopied
            ? fmt::format("Catalog write-write conflict on alter with \"{}\"", what)
            : fmt::format("{}: Transaction conflict: the table is being altered by a different "
                          "transaction, which has not ended; roll back and retry",
                          what));
  }
  const uint64_t writes = table->WriteCount();
  replaced_.push_back({std::move(table), change, writes});
}

void Transaction::ReleaseReplaced(size_t from) noexcept {
  for (size_t i = from; i < replaced_.size(); i++) replaced_[i].table->UnmarkReplacing(id_);
  replaced_.erase(replaced_.begin() + static_cast<std::ptrdiff_t>(from), replaced_.end());
}

void Transaction::NoteWriteTo(const DataTable& table, bool values) {
  auto it = std::find_if(written_.begin(), written_.end(),
                         [&](const Written& w) { return w.table.get() == &table; });
  if (it == written_.end()) {
    written_.push_back({table.shared_from_this(), values});
  } else {
    it->values = it->values || values;
  }
}

}  // namespace teal
