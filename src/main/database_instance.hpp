// DatabaseInstance: everything one database owns — today its catalog (with the tables'
// data) and its settings. Shared by the Database handle and every connection.
#pragma once

#include "catalog/catalog.hpp"
#include "main/settings.hpp"

namespace teal {

class DatabaseInstance {
 public:
  Catalog& GetCatalog() { return catalog_; }
  Settings& GetSettings() { return settings_; }

 private:
  Catalog catalog_;
  Settings settings_;
};

}  // namespace teal
