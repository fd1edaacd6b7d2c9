// Helpers of the file database tests (unit and crash): opening a database on a test file
// system, and the text of query results to compare states by.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "main/database_instance.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {

/// Opens the database at `path` on `fs`. Without `checkpoint_on_close` closing it writes
/// nothing more, as a crash would not: what a test finds after reopening is what the log
/// and the checkpoints before held.
inline std::unique_ptr<Database> OpenFileDatabase(FileSystem& fs, const std::string& path,
                                                  bool checkpoint_on_close,
                                                  const DatabaseOptions& options = {}) {
  auto instance = std::make_shared<DatabaseInstance>();
  DatabaseInstance::Open(instance, fs, path, options);
  if (!checkpoint_on_close) {
    instance->GetSettings().Set("checkpoint_on_shutdown", "false");
    instance->ApplySettings();
  }
  return std::make_unique<Database>(instance);
}

/// The rows of each query ("v|v|" a line), or "error: <what>" for one that fails.
inline std::string QueryTexts(Connection& con, const std::vector<std::string>& queries) {
  std::string out;
  for (const auto& query : queries) {
    try {
      Result result = con.Query(query);
      for (idx_t r = 0; r < result.RowCount(); r++) {
        for (idx_t c = 0; c < result.ColumnCount(); c++) {
          out += result.GetValue(c, r).ToString() + "|";
        }
        out += "\n";
      }
    } catch (const Error& e) {
      out += std::string("error: ") + e.what() + "\n";
    }
  }
  return out;
}

}  // namespace teal
