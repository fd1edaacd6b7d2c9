// DatabaseInstance: everything one database owns — its transactions (which hold the
// committed catalog, with the tables' data), its settings and the worker threads its
// queries share. Shared by the Database handle
// and every connection.
#pragma once

#include "catalog/catalog.hpp"
#include "execution/task_scheduler.hpp"
#include "main/settings.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

class DatabaseInstance {
 public:
  Settings& GetSettings() { return settings_; }
  TransactionManager& Transactions() { return transactions_; }
  /// The scheduler, with as many workers as the threads setting asks besides the calling
  /// thread (started when a query first needs them).
  TaskScheduler& Scheduler(idx_t threads) {
    if (scheduler_.Workers() != threads - 1) scheduler_.SetWorkers(threads - 1);
    return scheduler_;
  }

 private:
  TransactionManager transactions_;  // holds the committed catalog
  Settings settings_;
  TaskScheduler scheduler_;  // last: its workers stop before the catalog goes
};

}  // namespace teal
