// TableIndexes: key encoding per index, UNIQUE checks, and index upkeep.
#include "catalog/table_indexes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "catalog/catalog.hpp"
#include "common/hash.hpp"
#include "execution/expression_executor.hpp"
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

/// "t(a, b)", "t(lower(s))"
std::string Columns(const TableEntry& table, const IndexEntry& index) {
  return table.name + "(" + index.KeyText(table, /*quoted=*/false) + ")";
}

/// A value as it would be written in SQL: numbers bare, everything else quoted.
std::string Literal(const Value& v) {
  if (v.IsNull()) return "NULL";
  if (v.Type().IsNumeric()) return v.ToString();
  return QuoteLiteral(v.ToString());
}

using KeyVectors = std::vector<const Vector*>;

/// The key of row `row` as SQL literals: `1` or `(1, 'x')`.
std::string KeyText(const KeyVectors& parts, idx_t row) {
  std::string out;
  for (size_t i = 0; i < parts.size(); i++) {
    out += (i ? ", " : "") + Literal(parts[i]->GetValue(row));
  }
  return parts.size() == 1 ? out : "(" + out + ")";
}

/// The key as DuckDB's messages name it: "column: value, …", values as text.
std::string NamedKeyText(const TableEntry& table, const IndexEntry& index, const KeyVectors& parts,
                         idx_t row) {
  std::string out;
  for (size_t i = 0; i < parts.size(); i++) {
    const Value v = parts[i]->GetValue(row);
    out += (i ? ", " : "") + index.KeyPartText(table, i, /*quoted=*/false) + ": " +
           (v.IsNull() ? std::string("NULL") : v.ToString());
  }
  return out;
}

/// The key part vectors of an index over chunks of rows: the key columns themselves, or
/// the values of the index's expressions over them. One per thread (it holds the
/// expressions' evaluation state).
class KeyPartMaker {
 public:
  explicit KeyPartMaker(const IndexEntry& index) : index_(index) {
    for (const auto& e : index.expressions) executor_.Add(*e);
  }
  /// The key parts of `chunk`'s rows, whose column positions[j] holds the index's column
  /// j; valid until the next call.
  const KeyVectors& Of(const DataChunk& chunk, std::span<const idx_t> positions) {
    parts_.clear();
    if (!index_.OnExpressions()) {
      for (idx_t p : positions) parts_.push_back(&chunk.data[p]);
      return parts_;
    }
    if (input_.ColumnCount() != positions.size()) {
      std::vector<LogicalType> types;
      for (idx_t p : positions) types.push_back(chunk.data[p].Type());
      input_.Initialize(types, 0);
    }
    for (size_t j = 0; j < positions.size(); j++)
      input_.data[j].Reference(chunk.data[positions[j]]);
    input_.SetCardinality(chunk.size());
    for (idx_t k = 0; k < index_.expressions.size(); k++) {
      parts_.push_back(&executor_.ExecuteFlat(input_, k));
    }
    return parts_;
  }
  /// Of a chunk that holds the index's columns in order (a Fetch of `columns`).
  const KeyVectors& OfFetched(const DataChunk& chunk) {
    if (positions_.size() != index_.columns.size()) {
      positions_.resize(index_.columns.size());
      for (idx_t j = 0; j < positions_.size(); j++) positions_[j] = j;
    }
    return Of(chunk, positions_);
  }

 private:
  const IndexEntry& index_;
  ExpressionExecutor executor_;
  DataChunk input_;
  KeyVectors parts_;
  std::vector<idx_t> positions_;
};

/// Calls fn(keys, row ids) for `row_ids`' rows of `storage`, with their keys under `index`,
/// a vector at a time.
template <class Fn>
void ForEachKeyChunk(const DataTable& storage, const IndexEntry& index,
                     std::span<const int64_t> row_ids, Fn fn) {
  std::vector<LogicalType> types;
  for (idx_t c : index.columns) types.push_back(storage.Types()[c]);
  KeyPartMaker maker(index);
  for (size_t start = 0; start < row_ids.size(); start += kVectorSize) {
    auto ids = row_ids.subspan(start, std::min<size_t>(kVectorSize, row_ids.size() - start));
    DataChunk chunk(types, ids.size());
    storage.Fetch(ids, index.columns, chunk);
    art::ArtKeyBuilder keys;
    keys.Build(maker.OfFetched(chunk), 0, chunk.size());
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
  return foreign_key ? "FOREIGN KEY" : "INDEX";
}

std::string_view IndexEntry::LocalName(const TableEntry& table) const {
  // The index is filed as "schema.name" in its table's schema; CREATE INDEX names it alone.
  std::string_view local = name;
  const std::string prefix = QualifiedName(table.schema, "");
  if (!prefix.empty() && local.substr(0, prefix.size()) == prefix) {
    local.remove_prefix(prefix.size());
  }
  return local;
}

idx_t IndexEntry::KeyPartColumn(idx_t k) const {
  if (!OnExpressions()) return columns[k];
  const Expression& e = *expressions[k];
  return e.kind == BoundKind::kColumnRef ? columns[e.column] : kInvalidIndex;
}

std::string IndexEntry::KeyPartText(const TableEntry& table, idx_t k, bool quoted) const {
  if (OnExpressions()) {
    const Expression& e = *expressions[k];
    if (e.kind != BoundKind::kColumnRef) return expression_texts[k];
    k = e.column;  // a plain column among expressions
  }
  const std::string& name = table.columns[columns[k]].name;
  return quoted ? QuoteIdentifier(name) : name;
}

namespace {
/// Whether SQL `text` is one parenthesised whole: "(a + b)", not "(a) + (b)" or "lower(s)".
bool Parenthesised(std::string_view text) {
  if (text.size() < 2 || text.front() != '(' || text.back() != ')') return false;
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); i++) {
    const char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;  // a doubled quote closes and opens again: same depth
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(') {
      depth++;
    } else if (c == ')' && --depth == 0 && i + 1 < text.size()) {
      return false;
    }
  }
  return true;
}
}  // namespace

std::string IndexEntry::KeyText(const TableEntry& table, bool quoted) const {
  std::string out;
  for (idx_t k = 0; k < KeyParts(); k++) {
    const bool expression = OnExpressions() && expressions[k]->kind != BoundKind::kColumnRef;
    // An expression in parentheses, as CREATE INDEX needs it.
    std::string part = KeyPartText(table, k, quoted);
    if (expression && quoted && !Parenthesised(part)) part = "(" + part + ")";
    out += (k ? ", " : "") + part;
  }
  return out;
}

std::string IndexEntry::ToSql(const TableEntry& table) const {
  return fmt::format("CREATE {}INDEX {} ON {}({});", Unique() ? "UNIQUE " : "",
                     QuoteIdentifier(LocalName(table)),
                     QuoteQualifiedName(table.schema, table.name), KeyText(table));
}

void KeyHolders::Hold(art::Art& art, art::ArtKey key, int64_t row) {
  if (!art.Insert(key, row)) extra_[{std::string(key.View()), row}]++;
}

void KeyHolders::Release(art::Art& art, art::ArtKey key, int64_t row) noexcept {
  if (!extra_.empty()) {
    auto found = extra_.find(Less::View{key.View(), row});
    if (found != extra_.end()) {
      if (--found->second == 0) extra_.erase(found);
      return;
    }
  }
  art.Erase(key, row);
}

template <class RowId>
void PendingKeys::InsertAll(RowId row_id) {
  for (auto& f : indexes_) {
    std::lock_guard<std::shared_mutex> latch(*f.index->latch);
    idx_t total = 0;
    for (const auto& keys : f.chunks) total += keys.Count();
    f.inserted.assign(total, false);
    idx_t position = 0;
    for (const auto& keys : f.chunks) {
      for (idx_t i = 0; i < keys.Count(); i++, position++) {
        // Prepare checked UNIQUE (rule 3): a pair that is there already is a row's own
        // key it holds again — one more holder of it.
        f.index->holders->Hold(*f.index->art, keys.Key(i), row_id(position));
        f.inserted[position] = true;
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
    std::lock_guard<std::shared_mutex> latch(*f.index->latch);
    idx_t position = 0;
    for (const auto& keys : f.chunks) {
      for (idx_t i = 0; i < keys.Count(); i++, position++) {
        if (position < f.inserted.size() && f.inserted[position]) {
          f.index->holders->Release(*f.index->art, keys.Key(i), row_ids[position]);
        }
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

bool TableIndexes::AnyOnExpressions() const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [](const auto& index) { return index->OnExpressions(); });
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

namespace {
/// The distinct keys of one statement's rows, to find a key it gives twice: open
/// addressing over the keys' hashes, no allocation per key (a million-row INSERT into a
/// table with a PRIMARY KEY spent most of its time in a node-based map's allocations).
/// A slot holds the key's place in keys_ and 32 bits of its hash, so that a slot of
/// another key is passed without reading that key.
class KeySet {
 public:
  explicit KeySet(idx_t capacity) {
    idx_t size = 16;
    while (size < capacity * 2) size *= 2;
    slots_.assign(size, kEmpty);
    mask_ = size - 1;
    keys_.reserve(capacity);
  }
  static uint64_t Hash(std::string_view key) { return HashBytes(key.data(), key.size()); }
  /// Asks the memory for the slot where `hash`'s search starts (done a chunk ahead, the
  /// misses of a large set overlap).
  void Prefetch(uint64_t hash) const { __builtin_prefetch(&slots_[hash & mask_]); }
  /// Adds `key` of `hash` (its bytes must outlive the set); false when it was there.
  bool Insert(std::string_view key, uint64_t hash) {
    const uint64_t tag = hash >> 32;
    for (idx_t slot = hash & mask_;; slot = (slot + 1) & mask_) {
      const uint64_t entry = slots_[slot];
      if (entry == kEmpty) {
        slots_[slot] = tag << 32 | keys_.size();
        keys_.push_back(key);
        return true;
      }
      if (entry >> 32 == tag && keys_[entry & 0xFFFFFFFFu] == key) return false;
    }
  }

 private:
  static constexpr uint64_t kEmpty = std::numeric_limits<uint64_t>::max();
  std::vector<uint64_t> slots_;  // (hash >> 32) << 32 | place in keys_
  std::vector<std::string_view> keys_;
  idx_t mask_ = 0;
};

/// The key `row` of `table` holds now in `index`.
std::string CurrentKey(const TableEntry& table, const IndexEntry& index, int64_t row) {
  std::vector<LogicalType> types;
  for (idx_t c : index.columns) types.push_back(table.columns[c].type);
  DataChunk chunk(types, 1);
  const int64_t ids[] = {row};
  table.storage->Fetch(ids, index.columns, chunk);
  art::ArtKeyBuilder keys;
  KeyPartMaker maker(index);
  keys.Build(maker.OfFetched(chunk), 0, 1);
  return std::string(keys.Key(0).View());
}

[[noreturn]] void ThrowKeyConflict(const TableEntry& table, const IndexEntry& index) {
  throw TransactionError(
      fmt::format("write-write conflict: a key of {} {} is held by a row that another transaction "
                  "inserted, deleted or changed and has not committed; roll back and retry",
                  index.KindName(), Columns(table, index)));
}
}  // namespace

int64_t TableIndexes::LiveRow(const Transaction& transaction, const TableEntry& table,
                              const IndexEntry& index, art::ArtKey key) const {
  std::vector<art::row_t> found;
  index.art->Lookup(key, found, std::numeric_limits<idx_t>::max());
  for (art::row_t row : found) {
    switch (table.storage->Holder(transaction, row)) {
      case DataTable::KeyHolder::kGone:
        continue;
      case DataTable::KeyHolder::kPending:
        ThrowKeyConflict(table, index);
      case DataTable::KeyHolder::kLive:
        if (CurrentKey(table, index, row) == key.View()) return row;
        continue;  // a key the row held before an update
    }
  }
  return -1;
}

PendingKeys TableIndexes::Prepare(const Transaction& transaction, const TableEntry& table,
                                  std::span<DataChunk* const> chunks, idx_t first_row,
                                  std::string_view what, const std::vector<idx_t>* changed,
                                  std::span<const idx_t> rows,
                                  std::span<const int64_t> replacing) const {
  PendingKeys pending;
  const std::unordered_set<int64_t> leaving(replacing.begin(), replacing.end());
  std::vector<art::row_t> found;
  for (const auto& index : entries_) {
    if (!Affected(*index, changed)) continue;
    PendingKeys::ForIndex f{index, std::vector<art::ArtKeyBuilder>(chunks.size()), {}};
    idx_t total = 0;
    for (const DataChunk* chunk : chunks) total += chunk->size();
    if (index->Unique() && total >= std::numeric_limits<uint32_t>::max()) {
      throw NotImplementedError("more than 4 billion rows changed by one statement");
    }
    KeySet seen(index->Unique() ? total : 0);
    std::vector<uint64_t> hashes;
    idx_t position = 0;
    KeyPartMaker maker(*index);
    for (size_t c = 0; c < chunks.size(); c++) {
      const DataChunk& chunk = *chunks[c];
      auto& keys = f.chunks[c];
      const KeyVectors& parts = maker.Of(chunk, index->columns);
      keys.Build(parts, 0, chunk.size());
      if (!index->Unique()) continue;
      hashes.resize(chunk.size());
      for (idx_t i = 0; i < chunk.size(); i++) {
        hashes[i] = KeySet::Hash(keys.Key(i).View());
        seen.Prefetch(hashes[i]);
      }
      for (idx_t i = 0; i < chunk.size(); i++, position++) {
        if (keys.HasNull(i)) continue;
        bool twice = false, held = false, held_by_own_insert = false;
        if (!seen.Insert(keys.Key(i).View(), hashes[i])) {
          twice = true;
        } else {
          found.clear();
          index->art->Lookup(keys.Key(i), found, std::numeric_limits<idx_t>::max());
          for (art::row_t row : found) {
            if (leaving.count(row)) continue;
            auto holder = table.storage->Holder(transaction, row);
            if (holder == DataTable::KeyHolder::kPending) ThrowKeyConflict(table, *index);
            if (holder == DataTable::KeyHolder::kLive &&
                CurrentKey(table, *index, row) == keys.Key(i).View()) {
              held = true;
              held_by_own_insert = table.storage->InsertedBy(transaction, row);
              break;
            }
          }
        }
        if (!held && !twice) continue;
        // DuckDB's sentence first (what its users and tests look for), then which table,
        // key and row.
        const idx_t row = (rows.empty() ? first_row + position : rows[position]) + 1;
        const std::string key = KeyText(parts, i);
        if (held_by_own_insert) {
          // DuckDB words a key its transaction inserted before in its own way.
          throw ConstraintError(fmt::format(
              "PRIMARY KEY or UNIQUE constraint violation: duplicate key \"{}\": the {} "
              "constraint on {} already has the key {}, which this transaction inserted (row {} of "
              "the {})",
              NamedKeyText(table, *index, parts, i), index->KindName(), Columns(table, *index), key,
              row, what));
        }
        if (held) {
          throw ConstraintError(fmt::format(
              "Duplicate key \"{}\" violates {} constraint. {} already has the key {} (row {} of "
              "the {})",
              NamedKeyText(table, *index, parts, i),
              index->constraint == IndexConstraint::kPrimaryKey ? "primary key" : "unique",
              Columns(table, *index), key, row, what));
        }
        if (twice) {
          throw ConstraintError(fmt::format(
              "PRIMARY KEY or UNIQUE constraint violation: duplicate key \"{}\": the {} {} gets "
              "the key {} twice (row {} of the {})",
              NamedKeyText(table, *index, parts, i), index->KindName(), Columns(table, *index), key,
              row, what));
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
                      fn(index, keys, ids);
                    });
  }
}

/// Keys a transaction put in: a rollback erases the pairs it added (rule 1).
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

/// Keys of rows a transaction deletes or moves to other keys (rule 2): they stay while a
/// snapshot may see the old row; the cleanup of the commit releases the old version's hold
/// on each pair (the pair goes unless a newer version holds it too). A rollback leaves
/// them, as they are.
class RetiredKeysUndo final : public UndoEntry {
 public:
  struct Retired {
    std::shared_ptr<IndexEntry> index;
    std::string key;
    int64_t row;
  };
  RetiredKeysUndo(std::shared_ptr<const TableIndexes> indexes, std::vector<Retired> keys)
      : indexes_(std::move(indexes)), keys_(std::move(keys)) {}
  void Commit(transaction_t) noexcept override {}
  void Rollback() noexcept override {}
  void Cleanup() noexcept override {
    std::lock_guard<std::mutex> guard(indexes_->Lock());
    for (const Retired& retired : keys_) {
      std::lock_guard<std::shared_mutex> latch(*retired.index->latch);
      retired.index->holders->Release(*retired.index->art, art::ArtKey(retired.key), retired.row);
    }
  }

 private:
  std::shared_ptr<const TableIndexes> indexes_;
  std::vector<Retired> keys_;
};

void TableIndexes::InsertKeys(Transaction& transaction, PendingKeys keys,
                              std::vector<int64_t> row_ids) const {
  transaction.Undo().Reserve();
  auto undo =
      std::make_unique<InsertedKeysUndo>(shared_from_this(), std::move(keys), std::move(row_ids));
  InsertedKeysUndo& entry = *undo;
  transaction.Undo().Push(std::move(undo));
  entry.Insert();
}

void TableIndexes::RetireKeys(Transaction& transaction, std::shared_ptr<const DataTable> storage,
                              std::span<const int64_t> row_ids,
                              const std::vector<idx_t>* changed) const {
  if (entries_.empty()) return;
  // Each version releases its hold once: a row a statement reaches twice (DELETE … USING
  // matching it twice) is one version.
  std::vector<int64_t> distinct(row_ids.begin(), row_ids.end());
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<RetiredKeysUndo::Retired> retired;
  ForEachStoredKey(*storage, distinct, changed,
                   [&](const std::shared_ptr<IndexEntry>& index, const art::ArtKeyBuilder& keys,
                       std::span<const int64_t> ids) {
                     for (idx_t i = 0; i < keys.Count(); i++) {
                       retired.push_back({index, std::string(keys.Key(i).View()), ids[i]});
                     }
                   });
  transaction.Undo().Push(
      std::make_unique<RetiredKeysUndo>(shared_from_this(), std::move(retired)));
}

std::shared_ptr<TableIndexes> TableIndexes::WithoutColumn(const TableEntry& table,
                                                          idx_t dropped) const {
  auto out = std::make_shared<TableIndexes>();
  out->lock_ = lock_;
  for (const auto& index : entries_) {
    if (std::find(index->columns.begin(), index->columns.end(), dropped) != index->columns.end()) {
      // DuckDB's words, then which index.
      const std::string& column = table.columns[dropped].name;
      if (!index->from_constraint) {
        throw CatalogError(fmt::format(
            "Cannot drop this column: an index depends on it! (index \"{}\" is over column "
            "\"{}\" of table \"{}\")",
            index->name, column, table.name));
      }
      std::string columns;
      for (idx_t c : index->columns) {
        columns += (columns.empty() ? "" : ", ") + table.columns[c].name;
      }
      std::string kind = index->KindName();
      throw CatalogError(fmt::format(
          "Cannot drop column \"{}\" because it is referenced in {} constraint {}({}) of "
          "table \"{}\"",
          column, kind == "UNIQUE" ? "unique" : "primary key", kind, columns, table.name));
    }
    auto copy = std::make_shared<IndexEntry>(*index);
    for (idx_t& c : copy->columns) c -= c > dropped ? 1 : 0;
    out->entries_.push_back(std::move(copy));
  }
  return out;
}

void TableIndexes::ForEachKey(
    const TableEntry& table, const IndexEntry& index, const Transaction& view,
    const std::function<void(const art::ArtKeyBuilder& keys, idx_t i, int64_t row_id,
                             std::span<const Vector* const> key_parts)>& each) {
  std::vector<idx_t> column_ids = index.columns;
  column_ids.push_back(kRowIdColumn);
  std::vector<LogicalType> types;
  for (idx_t c : index.columns) types.push_back(table.columns[c].type);
  types.emplace_back(TypeId::kBigInt);
  TableScanState scan;
  DataChunk chunk(types, 0);
  art::ArtKeyBuilder keys;
  KeyPartMaker maker(index);
  while (table.storage->Scan(view, scan, column_ids, chunk)) {
    const KeyVectors& parts = maker.OfFetched(chunk);
    keys.Build(parts, 0, chunk.size());
    Vector row_ids(LogicalType(TypeId::kBigInt), 0);
    row_ids.Reference(chunk.data.back());
    row_ids.Flatten(chunk.size());
    const auto* ids = row_ids.Values<int64_t>();
    for (idx_t i = 0; i < chunk.size(); i++) each(keys, i, ids[i], parts);
  }
}

void TableIndexes::AddKeys(const TableEntry& table, IndexEntry& index, const Transaction& view) {
  std::lock_guard<std::shared_mutex> latch(*index.latch);
  ForEachKey(table, index, view,
             [&](const art::ArtKeyBuilder& keys, idx_t i, int64_t row_id,
                 std::span<const Vector* const>) { index.art->Insert(keys.Key(i), row_id); });
}

void TableIndexes::Build(const TableEntry& table, IndexEntry& index, const Transaction& view) {
  std::lock_guard<std::shared_mutex> latch(*index.latch);
  ForEachKey(table, index, view,
             [&](const art::ArtKeyBuilder& keys, idx_t i, int64_t row_id,
                 std::span<const Vector* const> parts) {
               if (!index.Unique() || keys.HasNull(i)) {
                 index.art->Insert(keys.Key(i), row_id);
               } else if (!index.art->InsertUnique(keys.Key(i), row_id).inserted) {
                 index.art->Clear();
                 throw ConstraintError(fmt::format(
                     "Data contains duplicates on indexed column(s): {} has the key {} more than "
                     "once, which its {} index forbids",
                     Columns(table, index), KeyText(KeyVectors(parts.begin(), parts.end()), i),
                     index.KindName()));
               }
             });
}

}  // namespace teal
