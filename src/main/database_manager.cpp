// DatabaseManager: the list of attached databases.
#include "main/database_manager.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catalog/catalog.hpp"
#include "main/database_instance.hpp"
#include "teal/error.hpp"

namespace teal {

void DatabaseManager::Attach(Entry entry, std::string_view reserved) {
  const std::string key = Catalog::Key(entry.name);
  if (key == Catalog::Key(reserved) || key == "temp" || key == "system" || key == "pg_temp") {
    throw BinderError(
        fmt::format("database \"{}\" already exists: the name is reserved, or the first database's",
                    entry.name));
  }
  std::lock_guard<std::mutex> guard(lock_);
  for (const Entry& attached : entries_) {
    if (Catalog::Key(attached.name) == key) {
      throw BinderError(fmt::format(
          "database \"{}\" is already attached (a database of that name already exists)",
          entry.name));
    }
  }
  entries_.push_back(std::move(entry));
  version_++;
}

std::shared_ptr<DatabaseInstance> DatabaseManager::Detach(std::string_view name) {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return Catalog::Key(entry.name) == Catalog::Key(name);
  });
  if (it == entries_.end()) return nullptr;
  std::shared_ptr<DatabaseInstance> database = std::move(it->database);
  entries_.erase(it);
  version_++;
  return database;
}

std::shared_ptr<DatabaseInstance> DatabaseManager::Find(std::string_view name) const {
  std::lock_guard<std::mutex> guard(lock_);
  for (const Entry& entry : entries_) {
    if (Catalog::Key(entry.name) == Catalog::Key(name)) return entry.database;
  }
  return nullptr;
}

std::vector<DatabaseManager::Entry> DatabaseManager::Describe() const {
  std::lock_guard<std::mutex> guard(lock_);
  std::vector<Entry> out;
  for (const auto& entry : entries_) out.push_back({entry.name, entry.path, entry.read_only, {}});
  return out;
}

}  // namespace teal
