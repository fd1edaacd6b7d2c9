// Transaction: its catalog copy and the tables its catalog changes replace.
#include "transaction/transaction.hpp"

#include <algorithm>

#include "catalog/catalog.hpp"
#include "storage/data_table.hpp"

namespace teal {

Catalog& Transaction::WritableCatalog() {
  if (!catalog_base_) {
    auto copy = catalog_->Copy();
    catalog_base_ = std::move(catalog_);
    catalog_ = std::move(copy);
  }
  return *catalog_;
}

Transaction::Mark Transaction::MarkNow() const {
  Mark mark;
  mark.undo = undo_.Size();
  // The private catalog changes in place: the mark keeps a copy of it.
  mark.catalog = catalog_base_ ? catalog_->Copy() : catalog_;
  mark.catalog_base = catalog_base_;
  mark.replaced = replaced_.size();
  return mark;
}

void Transaction::RollbackTo(const Mark& mark) {
  // Copied first: the only step that can fail, before anything is taken back.
  std::shared_ptr<Catalog> catalog = mark.catalog_base ? mark.catalog->Copy() : mark.catalog;
  undo_.RollbackTo(mark.undo);
  catalog_ = std::move(catalog);
  catalog_base_ = mark.catalog_base;
  replaced_.erase(replaced_.begin() + static_cast<std::ptrdiff_t>(mark.replaced), replaced_.end());
}

void Transaction::TableReplaced(std::shared_ptr<DataTable> table, bool retire,
                                std::string_view what) {
  if (CreatedHere(*table)) return;
  auto it = std::find_if(replaced_.begin(), replaced_.end(),
                         [&](const Replaced& r) { return r.table == table; });
  if (it != replaced_.end()) {
    // Its own writes since the first change are in its undo buffer: it may change the
    // table again; retiring it is decided by the last change.
    it->retire = it->retire || retire;
    return;
  }
  const uint64_t writes = table->WriteCount();
  table->CheckNoPendingChanges(what, id_);
  replaced_.push_back({std::move(table), retire, writes});
}

}  // namespace teal
