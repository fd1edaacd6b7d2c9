// DatabaseInstance: everything one database owns — today its catalog (with the tables'
// data). Shared by the Database handle and every connection.
#pragma once

#include "catalog/catalog.hpp"

namespace teal {

class DatabaseInstance {
 public:
  Catalog& GetCatalog() { return catalog_; }

 private:
  Catalog catalog_;
};

}  // namespace teal
