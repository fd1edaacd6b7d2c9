// TableIndexes: key encoding per index, UNIQUE checks, and index upkeep.
#include "catalog/table_indexes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <unordered_map>

#include "catalog/catalog.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {

/// Whether `index` is over one of `changed` (every index when `changed` is null).
bool Affected(const IndexEntry& index, const std::vector<idx_t>* changed) {
  if (!changed) return true;
  return std::any_of(index.columns.begin(), index.columns.end(), [&](idx_t c) {
    return std::find(changed->begin(), changed->end(), c) != changed->end();
  });
}

/// "t(a, b)"
std::string Columns(const TableEntry& table, const IndexEntry& index) {
  std::string out = table.name + "(";
  for (size_t i = 0; i < index.columns.size(); i++) {
    out += (i ? ", " : "") + table.columns[index.columns[i]].name;
  }
  return out + ")";
}

/// A value as it would be written in SQL: numbers bare, everything else quoted.
std::string Literal(const Value& v) {
  if (v.IsNull()) return "NULL";
  if (v.Type().IsNumeric()) return v.ToString();
  return QuoteLiteral(v.ToString());
}

/// The key of row `row` of `chunk` as SQL literals: `1` or `(1, 'x')`.
std::string KeyText(const DataChunk& chunk, const std::vector<idx_t>& columns, idx_t row) {
  std::string out;
  for (size_t i = 0; i < columns.size(); i++) {
    out += (i ? ", " : "") + Literal(chunk.data[columns[i]].GetValue(row));
  }
  return columns.size() == 1 ? out : "(" + out + ")";
}

std::vector<const Vector*> KeyColumns(const DataChunk& chunk, const std::vector<idx_t>& columns) {
  std::vector<const Vector*> out;
  for (idx_t c : columns) out.push_back(&chunk.data[c]);
  return out;
}

/// Calls fn(chunk, row ids) for `row_ids`' rows of `storage`, the key columns of `index`
/// fetched into chunk columns 0, 1, … a vector at a time.
template <class Fn>
void ForEachKeyChunk(const DataTable& storage, const IndexEntry& index,
                     std::span<const int64_t> row_ids, Fn fn) {
  std::vector<LogicalType> types;
  for (idx_t c : index.columns) types.push_back(storage.Types()[c]);
  for (size_t start = 0; start < row_ids.size(); start += kVectorSize) {
    auto ids = row_ids.subspan(start, std::min<size_t>(kVectorSize, row_ids.size() - start));
    DataChunk chunk(types, ids.size());
    storage.Fetch(ids, index.columns, chunk);
    std::vector<const Vector*> columns;
    for (const auto& v : chunk.data) columns.push_back(&v);
    art::ArtKeyBuilder keys;
    keys.Build(columns, 0, chunk.size());
    fn(keys, ids);
  }
}

}  // namespace

const char* IndexEntry::KindName() const {
  switch (constraint) {
    case IndexConstraint::kPrimaryKey:
      return "PRIMARY KEY";
    case IndexConstraint::kUnique:
      return "UNIQUE";
    case IndexConstraint::kNone:
      break;
  }
  return "INDEX";
}

std::string IndexEntry::ToSql(const TableEntry& table) const {
  std::string columns_text;
  for (size_t i = 0; i < columns.size(); i++) {
    columns_text += (i ? ", " : "") + QuoteIdentifier(table.columns[columns[i]].name);
  }
  return fmt::format("CREATE {}INDEX {} ON {}({});", Unique() ? "UNIQUE " : "",
                     QuoteIdentifier(name), QuoteIdentifier(table.name), columns_text);
}

template <class RowId>
void PendingKeys::InsertAll(RowId row_id) {
  for (auto& f : indexes_) {
    idx_t position = 0;
    for (const auto& keys : f.chunks) {
      for (idx_t i = 0; i < keys.Count(); i++, position++) {
        if (f.index->Unique() && !keys.HasNull(i)) {
          if (!f.index->art->InsertUnique(keys.Key(i), row_id(position)).inserted) {
            throw InternalError("a checked unique key was in the index after all");
          }
        } else {
          f.index->art->Insert(keys.Key(i), row_id(position));
        }
      }
    }
  }
}

void PendingKeys::Insert(int64_t first_row) {
  InsertAll([&](idx_t position) { return first_row + static_cast<int64_t>(position); });
}

void PendingKeys::Insert(std::span<const int64_t> row_ids) {
  InsertAll([&](idx_t position) { return row_ids[position]; });
}

void PendingKeys::Erase(std::span<const int64_t> row_ids) {
  for (auto& f : indexes_) {
    idx_t position = 0;
    for (const auto& keys : f.chunks) {
      for (idx_t i = 0; i < keys.Count(); i++, position++) {
        f.index->art->Erase(keys.Key(i), row_ids[position]);
      }
    }
  }
}

std::shared_ptr<IndexEntry> TableIndexes::Find(std::string_view name) const {
  for (const auto& index : entries_) {
    if (Catalog::Key(index->name) == Catalog::Key(name)) return index;
  }
  return nullptr;
}

bool TableIndexes::AnyOver(const std::vector<idx_t>& columns) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [&](const auto& index) { return Affected(*index, &columns); });
}

void TableIndexes::Add(std::shared_ptr<IndexEntry> index) { entries_.push_back(std::move(index)); }

std::shared_ptr<TableIndexes> TableIndexes::With(std::shared_ptr<IndexEntry> index) const {
  auto out = std::make_shared<TableIndexes>();
  out->lock_ = lock_;
  out->entries_ = entries_;
  out->entries_.push_back(std::move(index));
  return out;
}

std::shared_ptr<TableIndexes> TableIndexes::Without(std::string_view name) const {
  auto out = std::make_shared<TableIndexes>();
  out->lock_ = lock_;
  for (const auto& index : entries_) {
    if (Catalog::Key(index->name) != Catalog::Key(name)) out->entries_.push_back(index);
  }
  return out;
}

PendingKeys TableIndexes::Prepare(const TableEntry& table, std::span<DataChunk* const> chunks,
                                  idx_t first_row, std::string_view what,
                                  const std::vector<idx_t>* changed,
                                  std::span<const idx_t> rows) const {
  PendingKeys pending;
  for (const auto& index : entries_) {
    if (!Affected(*index, changed)) continue;
    PendingKeys::ForIndex f{index, std::vector<art::ArtKeyBuilder>(chunks.size())};
    std::unordered_map<std::string_view, idx_t> seen;  // key -> position in the unit
    std::vector<art::row_t> found;
    idx_t position = 0;
    for (size_t c = 0; c < chunks.size(); c++) {
      const DataChunk& chunk = *chunks[c];
      auto& keys = f.chunks[c];
      keys.Build(KeyColumns(chunk, index->columns), 0, chunk.size());
      if (!index->Unique()) continue;
      for (idx_t i = 0; i < chunk.size(); i++, position++) {
        if (keys.HasNull(i)) continue;
        const char* problem = nullptr;
        if (!seen.emplace(keys.Key(i).View(), position).second) {
          problem = "gets the key {} twice";
        } else if (!index->art->Lookup(keys.Key(i), found, 0)) {
          problem = "already has the key {}";
        }
        if (problem) {
          throw ConstraintError(
              fmt::format("{} constraint failed: {} {} (row {} of the {})", index->KindName(),
                          Columns(table, *index),
                          fmt::format(fmt::runtime(problem), KeyText(chunk, index->columns, i)),
                          (rows.empty() ? first_row + position : rows[position]) + 1, what));
        }
      }
    }
    pending.indexes_.push_back(std::move(f));
  }
  return pending;
}

template <class Fn>
void TableIndexes::ForEachStoredKey(const DataTable& storage, std::span<const int64_t> row_ids,
                                    const std::vector<idx_t>* changed, Fn fn) const {
  for (const auto& index : entries_) {
    if (!Affected(*index, changed)) continue;
    ForEachKeyChunk(storage, *index, row_ids,
                    [&](const art::ArtKeyBuilder& keys, std::span<const int64_t> ids) {
                      for (idx_t i = 0; i < keys.Count(); i++) fn(*index->art, keys.Key(i), ids[i]);
                    });
  }
}

void TableIndexes::EraseStoredKeys(const DataTable& storage, std::span<const int64_t> row_ids,
                                   const std::vector<idx_t>* changed) const {
  ForEachStoredKey(storage, row_ids, changed,
                   [](art::Art& art, art::ArtKey key, int64_t id) { art.Erase(key, id); });
}

void TableIndexes::InsertStoredKeys(const DataTable& storage, std::span<const int64_t> row_ids,
                                    const std::vector<idx_t>* changed) const {
  ForEachStoredKey(storage, row_ids, changed,
                   [](art::Art& art, art::ArtKey key, int64_t id) { art.Insert(key, id); });
}

/// Keys a transaction put in: a rollback erases them (Erase of a key that never went in
/// does nothing, so a failure part-way through InsertKeys is taken back too).
class InsertedKeysUndo final : public UndoEntry {
 public:
  InsertedKeysUndo(std::shared_ptr<const TableIndexes> indexes, PendingKeys keys,
                   std::vector<int64_t> row_ids)
      : indexes_(std::move(indexes)), keys_(std::move(keys)), row_ids_(std::move(row_ids)) {}
  void Commit(transaction_t) noexcept override {}
  void Rollback() noexcept override {
    std::lock_guard<std::mutex> guard(indexes_->Lock());
    keys_.Erase(row_ids_);
  }
  /// The change itself (the caller holds the lock).
  void Insert() { keys_.Insert(row_ids_); }

 private:
  std::shared_ptr<const TableIndexes> indexes_;
  PendingKeys keys_;
  std::vector<int64_t> row_ids_;
};

/// Keys a transaction took out: a rollback (which has put the rows back as they were)
/// inserts them again from the stored rows.
class RemovedKeysUndo final : public UndoEntry {
 public:
  RemovedKeysUndo(std::shared_ptr<const TableIndexes> indexes,
                  std::shared_ptr<const DataTable> storage, std::vector<int64_t> row_ids,
                  std::optional<std::vector<idx_t>> changed)
      : indexes_(std::move(indexes)),
        storage_(std::move(storage)),
        row_ids_(std::move(row_ids)),
        changed_(std::move(changed)) {}
  void Commit(transaction_t) noexcept override {}
  void Rollback() noexcept override {
    std::lock_guard<std::mutex> guard(indexes_->Lock());
    indexes_->InsertStoredKeys(*storage_, row_ids_, changed_ ? &*changed_ : nullptr);
  }
  /// The change itself (the caller holds the lock).
  void Erase() { indexes_->EraseStoredKeys(*storage_, row_ids_, changed_ ? &*changed_ : nullptr); }

 private:
  std::shared_ptr<const TableIndexes> indexes_;
  std::shared_ptr<const DataTable> storage_;
  std::vector<int64_t> row_ids_;
  std::optional<std::vector<idx_t>> changed_;
};

void TableIndexes::InsertKeys(Transaction& transaction, PendingKeys keys,
                              std::vector<int64_t> row_ids) const {
  transaction.Undo().Reserve();
  auto undo = std::make_unique<InsertedKeysUndo>(shared_from_this(), std::move(keys),
                                                 std::move(row_ids));
  InsertedKeysUndo& entry = *undo;
  transaction.Undo().Push(std::move(undo));
  entry.Insert();
}

void TableIndexes::RemoveRows(Transaction& transaction, std::shared_ptr<const DataTable> storage,
                              std::vector<int64_t> row_ids,
                              const std::vector<idx_t>* changed) const {
  if (entries_.empty()) return;
  transaction.Undo().Reserve();
  std::optional<std::vector<idx_t>> columns;
  if (changed) columns = *changed;
  auto undo = std::make_unique<RemovedKeysUndo>(shared_from_this(), storage, std::move(row_ids),
                                                std::move(columns));
  RemovedKeysUndo& entry = *undo;
  transaction.Undo().Push(std::move(undo));
  entry.Erase();
}

std::shared_ptr<TableIndexes> TableIndexes::WithoutColumn(const TableEntry& table,
                                                          idx_t dropped) const {
  auto out = std::make_shared<TableIndexes>();
  out->lock_ = lock_;
  for (const auto& index : entries_) {
    if (std::find(index->columns.begin(), index->columns.end(), dropped) != index->columns.end()) {
      throw CatalogError(
          fmt::format("cannot drop column \"{}\" of table \"{}\": {} \"{}\" is over it",
                      table.columns[dropped].name, table.name,
                      index->from_constraint ? index->KindName() : "index", index->name));
    }
    auto copy = std::make_shared<IndexEntry>(*index);
    for (idx_t& c : copy->columns) c -= c > dropped ? 1 : 0;
    out->entries_.push_back(std::move(copy));
  }
  return out;
}

void TableIndexes::Build(const TableEntry& table, IndexEntry& index, const Transaction* view) {
  std::vector<idx_t> column_ids = index.columns;
  column_ids.push_back(kRowIdColumn);
  std::vector<LogicalType> types;
  for (idx_t c : index.columns) types.push_back(table.columns[c].type);
  types.emplace_back(TypeId::kBigInt);
  TableScanState scan;
  DataChunk chunk(types, 0);
  art::ArtKeyBuilder keys;
  // Without a view every change is committed (the caller checked): a snapshot of all
  // commits sees the table as every later transaction will.
  const Transaction latest(kTransactionIdStart - 1, kTransactionIdStart - 1);
  while (table.storage->Scan(view ? *view : latest, scan, column_ids, chunk)) {
    std::vector<const Vector*> columns;
    for (idx_t k = 0; k < index.columns.size(); k++) columns.push_back(&chunk.data[k]);
    keys.Build(columns, 0, chunk.size());
    Vector row_ids(LogicalType(TypeId::kBigInt), 0);
    row_ids.Reference(chunk.data.back());
    row_ids.Flatten(chunk.size());
    const auto* ids = row_ids.Values<int64_t>();
    for (idx_t i = 0; i < chunk.size(); i++) {
      if (!index.Unique() || keys.HasNull(i)) {
        index.art->Insert(keys.Key(i), ids[i]);
      } else if (!index.art->InsertUnique(keys.Key(i), ids[i]).inserted) {
        std::vector<idx_t> key_positions(index.columns.size());
        for (idx_t k = 0; k < key_positions.size(); k++) key_positions[k] = k;
        index.art->Clear();
        throw ConstraintError(fmt::format("{} constraint failed: {} has the key {} more than once",
                                          index.KindName(), Columns(table, index),
                                          KeyText(chunk, key_positions, i)));
      }
    }
  }
}

}  // namespace teal
