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
