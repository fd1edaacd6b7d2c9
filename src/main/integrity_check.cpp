// PRAGMA integrity_check: what a database's structures must agree on, checked — the
// database file's blocks (each checksum of the active checkpoint's chain), the catalog
// (each table's storage has its columns' types; each index's columns exist), row counts,
// and each index against its table (every row the transaction sees is under its key, with
// its row id; the tree's own counts and links hold).
#include <fmt/format.h>

#include "catalog/catalog.hpp"
#include "index/art/art.hpp"
#include "index/art/art_key.hpp"
#include "main/client_context.hpp"
#include "main/database_instance.hpp"
#include "teal/error.hpp"

namespace teal {

std::vector<std::string> DatabaseInstance::CheckFile() {
  std::vector<std::string> problems;
  if (!file_) return problems;
  std::lock_guard<std::mutex> guard(checkpoint_lock_);
  const DatabaseHeader& header = file_->Header();
  if (header.first_block == kNoBlock) return problems;
  try {
    DatabaseFile::ChainReader reader(*file_, header.first_block);
    reader.CheckRest();
  } catch (const Error& error) {
    problems.push_back(error.what());
  }
  return problems;
}

namespace {

void CheckIndex(const TableEntry& table, const IndexEntry& index, const Transaction& transaction,
                idx_t visible_rows, std::vector<std::string>& problems) {
  std::lock_guard<std::mutex> guard(table.indexes->Lock());
  try {
    index.art->Verify();
  } catch (const Error& error) {
    problems.push_back(fmt::format("index \"{}\": {}", index.name, error.what()));
    return;
  }
  if (index.art->RowCount() < visible_rows) {
    problems.push_back(fmt::format("index \"{}\" holds {} rows; table \"{}\" has {}", index.name,
                                   index.art->RowCount(), table.name, visible_rows));
  }
  bool missing = false;
  TableIndexes::ForEachKey(
      table, index, transaction,
      [&](const art::ArtKeyBuilder& keys, idx_t i, int64_t row_id, std::span<const Vector* const>) {
        if (missing) return;
        std::vector<art::row_t> found;
        index.art->Lookup(keys.Key(i), found, kInvalidIndex);
        if (std::find(found.begin(), found.end(), row_id) == found.end()) {
          problems.push_back(fmt::format("index \"{}\" lacks row {} of table \"{}\" under its key",
                                         index.name, row_id, table.name));
          missing = true;
        }
      });
}

}  // namespace

Result ClientContext::ExecuteIntegrityCheck() {
  std::vector<std::string> problems = database_->CheckFile();
  const Catalog& catalog = current_->GetCatalog();
  for (const auto& table : catalog.Tables()) {
    const std::vector<LogicalType> types = table->Types();
    if (table->storage->Types() != types) {
      problems.push_back(fmt::format(
          "table \"{}\": its storage's column types differ from its schema's", table->name));
      continue;
    }
    idx_t visible = 0;
    {
      DataChunk chunk(std::vector<LogicalType>{LogicalType(TypeId::kBigInt)}, 0);
      TableScanState scan;
      while (table->storage->Scan(*current_, scan, {kRowIdColumn}, chunk)) visible += chunk.size();
    }
    if (visible > table->storage->RowIdCount()) {
      problems.push_back(fmt::format("table \"{}\" shows {} rows of the {} it has", table->name,
                                     visible, table->storage->RowIdCount()));
    }
    for (const auto& index : table->indexes->Entries()) {
      bool columns_ok = !index->columns.empty();
      for (idx_t c : index->columns) columns_ok = columns_ok && c < types.size();
      if (!columns_ok) {
        problems.push_back(fmt::format("index \"{}\" names a column table \"{}\" does not have",
                                       index->name, table->name));
        continue;
      }
      CheckIndex(*table, *index, *current_, visible, problems);
    }
  }
  if (problems.empty()) problems.push_back("ok");
  auto chunk =
      std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kVarchar}, problems.size());
  for (idx_t i = 0; i < problems.size(); i++) {
    chunk->data[0].Values<string_t>()[i] = chunk->data[0].AddString(problems[i]);
  }
  chunk->SetCardinality(problems.size());
  std::vector<std::unique_ptr<DataChunk>> chunks;
  chunks.push_back(std::move(chunk));
  return Result(StatementType::kPragma, {"integrity_check"}, {LogicalType(TypeId::kVarchar)},
                std::move(chunks));
}

}  // namespace teal
