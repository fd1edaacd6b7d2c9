// ForeignKey and ForeignKeyChecks (see the header for the rules and the locking).
#include "catalog/foreign_key.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "catalog/catalog.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {
/// The key in `row` of `chunk` (which holds the key columns, in order) as DuckDB's
/// messages name it: "column: value, …", with the names of `table`'s `columns`.
std::string NamedKey(const TableEntry& table, const DataChunk& chunk,
                     const std::vector<idx_t>& columns, idx_t row) {
  std::string out;
  for (size_t i = 0; i < columns.size(); i++) {
    const Value v = chunk.data[i].GetValue(row);
    out += (i ? ", " : "") + table.columns[columns[i]].name + ": " +
           (v.IsNull() ? std::string("NULL") : v.ToString());
  }
  return out;
}

std::string ColumnList(const TableEntry& table, const std::vector<idx_t>& columns) {
  std::string out;
  for (size_t i = 0; i < columns.size(); i++) {
    out += (i ? ", " : "") + QuoteIdentifier(table.columns[columns[i]].name);
  }
  return out;
}

/// How many FOREIGN KEY steps lead from `table` up to a table without one (its own
/// references aside): parents are locked in this order, so that two writers never take
/// the locks of a table and its ancestor the other way round.
idx_t Depth(const Catalog& catalog, const TableEntry& table) {
  idx_t depth = 0;
  for (const auto& key : table.foreign_keys) {
    if (key.References(table)) continue;
    if (auto parent = catalog.FindTable(QualifiedName(key.parent_schema, key.parent))) {
      depth = std::max(depth, Depth(catalog, *parent) + 1);
    }
  }
  return depth;
}

bool Touches(const std::vector<idx_t>& columns, const std::vector<idx_t>* changed) {
  if (!changed) return true;
  return std::any_of(columns.begin(), columns.end(), [&](idx_t c) {
    return std::find(changed->begin(), changed->end(), c) != changed->end();
  });
}
}  // namespace

bool ForeignKey::References(const TableEntry& table) const {
  return Catalog::Key(QualifiedName(parent_schema, parent)) == Catalog::Key(table.CatalogName());
}

std::string ForeignKey::ToSql(const TableEntry& child) const {
  std::string out;
  if (!name.empty()) out += "CONSTRAINT " + QuoteIdentifier(name) + " ";
  out += "FOREIGN KEY (" + ColumnList(child, columns) + ") REFERENCES ";
  if (!parent_schema.empty()) out += QuoteIdentifier(parent_schema) + ".";
  out += QuoteIdentifier(parent) + "(";
  for (size_t i = 0; i < parent_columns.size(); i++) {
    out += (i ? ", " : "") + QuoteIdentifier(parent_columns[i]);
  }
  return out + ")";
}

std::vector<std::shared_ptr<TableEntry>> ReferencingTables(const Catalog& catalog,
                                                           const TableEntry& table) {
  std::vector<std::shared_ptr<TableEntry>> out;
  for (const auto& other : catalog.Tables()) {
    if (other->storage == table.storage) continue;
    for (const auto& key : other->foreign_keys) {
      if (key.References(table)) {
        out.push_back(other);
        break;
      }
    }
  }
  return out;
}

std::shared_ptr<const ForeignKeyChecks> ForeignKeyChecks::For(
    const Catalog& catalog, std::shared_ptr<const TableEntry> table) {
  auto checks = std::make_shared<ForeignKeyChecks>();
  for (const auto& key : table->foreign_keys) {
    Parent parent;
    parent.columns = key.columns;
    parent.table = catalog.GetTable(QualifiedName(key.parent_schema, key.parent));
    for (const auto& index : parent.table->indexes->Entries()) {
      if (!index->Unique() || index->OnExpressions() ||
          index->columns.size() != key.parent_columns.size()) {
        continue;
      }
      bool same = true;
      for (size_t i = 0; i < index->columns.size(); i++) {
        same = same && parent.table->ColumnIndex(key.parent_columns[i]) == index->columns[i];
      }
      if (same) parent.index = index;
    }
    if (!parent.index) {
      throw InternalError(fmt::format("the key of FOREIGN KEY {} of table \"{}\" is gone",
                                      key.ToSql(*table), table->name));
    }
    parent.depth = Depth(catalog, *parent.table);
    checks->parents_.push_back(std::move(parent));
  }
  for (const auto& other : catalog.Tables()) {
    for (const auto& key : other->foreign_keys) {
      if (!key.References(*table)) continue;
      Child child;
      for (const auto& name : key.parent_columns) child.key.push_back(table->ColumnIndex(name));
      for (const auto& index : table->indexes->Entries()) {
        if (index->Unique() && !index->OnExpressions() && index->columns == child.key) {
          child.key_index = index;
        }
      }
      if (!child.key_index) {
        throw InternalError(
            fmt::format("the key table \"{}\"'s FOREIGN KEY references is gone", other->name));
      }
      child.table = other;
      child.index = key.index;
      checks->children_.push_back(std::move(child));
    }
  }
  if (checks->parents_.empty() && checks->children_.empty()) return nullptr;
  checks->table_ = std::move(table);
  return checks;
}

std::vector<std::unique_lock<std::mutex>> ForeignKeyChecks::LockParents() const {
  // Ancestors first (Depth), then by address: one order for every writer.
  std::vector<std::pair<idx_t, std::mutex*>> order;
  for (const auto& parent : parents_)
    order.emplace_back(parent.depth, &parent.table->indexes->Lock());
  std::sort(order.begin(), order.end());
  std::vector<std::unique_lock<std::mutex>> locks;
  // A self-reference's lock is the table's own, which its writer takes next.
  std::vector<std::mutex*> taken = {&table_->indexes->Lock()};
  for (const auto& [depth, lock] : order) {
    if (std::find(taken.begin(), taken.end(), lock) != taken.end()) continue;
    taken.push_back(lock);
    locks.emplace_back(*lock);
  }
  return locks;
}

bool ForeignKeyChecks::HasParents(const std::vector<idx_t>* changed) const {
  return std::any_of(parents_.begin(), parents_.end(),
                     [&](const Parent& p) { return Touches(p.columns, changed); });
}

bool ForeignKeyChecks::HasChildren(const std::vector<idx_t>* changed) const {
  return std::any_of(children_.begin(), children_.end(),
                     [&](const Child& c) { return Touches(c.key, changed); });
}

auto ForeignKeyChecks::TakeParentKeys(std::span<DataChunk* const> rows) const -> ParentKeys {
  ParentKeys keys;
  const SelectionVector none;
  for (const auto& parent : parents_) {
    std::vector<LogicalType> types;
    for (idx_t c : parent.columns) types.push_back(table_->columns[c].type);
    auto& chunks = keys.per_parent.emplace_back();
    for (const DataChunk* chunk : rows) {
      auto copy = std::make_unique<DataChunk>(types, chunk->size());
      for (size_t k = 0; k < parent.columns.size(); k++) {
        copy->data[k].CopyFrom(chunk->data[parent.columns[k]], none, chunk->size(), 0, 0);
      }
      copy->SetCardinality(chunk->size());
      chunks.push_back(std::move(copy));
    }
  }
  return keys;
}

void ForeignKeyChecks::CheckParents(const Transaction& transaction, const ParentKeys& taken) const {
  for (size_t p = 0; p < parents_.size(); p++) {
    const Parent& parent = parents_[p];
    for (const auto& chunk : taken.per_parent[p]) {
      art::ArtKeyBuilder keys;
      keys.Build(*chunk);
      for (idx_t i = 0; i < chunk->size(); i++) {
        if (keys.HasNull(i)) continue;  // MATCH SIMPLE: a key with a NULL references nothing
        if (parent.table->indexes->LiveRow(transaction, *parent.table, *parent.index,
                                           keys.Key(i)) >= 0) {
          continue;
        }
        // Named by the parent's columns, as DuckDB does.
        throw ConstraintError(fmt::format(
            "Violates foreign key constraint because key \"{}\" does not exist in the "
            "referenced table \"{}\"",
            NamedKey(*parent.table, *chunk, parent.index->columns, i), parent.table->name));
      }
    }
  }
}

auto ForeignKeyChecks::TakeReferencedKeys(std::span<const int64_t> row_ids,
                                          const std::vector<idx_t>* changed) const
    -> ReferencedKeys {
  ReferencedKeys keys;
  keys.per_child.resize(children_.size());
  for (size_t k = 0; k < children_.size(); k++) {
    const Child& child = children_[k];
    if (!Touches(child.key, changed)) continue;
    std::vector<LogicalType> types;
    for (idx_t c : child.key) types.push_back(table_->columns[c].type);
    for (size_t start = 0; start < row_ids.size(); start += kVectorSize) {
      auto ids = row_ids.subspan(start, std::min<size_t>(kVectorSize, row_ids.size() - start));
      auto chunk = std::make_unique<DataChunk>(types, ids.size());
      table_->storage->Fetch(ids, child.key, *chunk);
      keys.per_child[k].push_back(std::move(chunk));
    }
  }
  return keys;
}

void ForeignKeyChecks::CheckChildren(const Transaction& transaction,
                                     const ReferencedKeys& taken) const {
  for (size_t k = 0; k < children_.size(); k++) {
    const Child& child = children_[k];
    if (taken.per_child[k].empty()) continue;
    // A self-reference's index is under the table's own lock, which the caller holds.
    std::unique_lock<std::mutex> guard(child.table->indexes->Lock(), std::defer_lock);
    if (&child.table->indexes->Lock() != &table_->indexes->Lock()) guard.lock();
    for (const auto& chunk : taken.per_child[k]) {
      art::ArtKeyBuilder keys;
      keys.Build(*chunk);
      for (idx_t i = 0; i < chunk->size(); i++) {
        if (keys.HasNull(i)) continue;
        // Still held (an UPDATE that kept it, or gave it to another row): still referable.
        if (table_->indexes->LiveRow(transaction, *table_, *child.key_index, keys.Key(i)) >= 0) {
          continue;
        }
        if (child.table->indexes->LiveRow(transaction, *child.table, *child.index, keys.Key(i)) <
            0) {
          continue;
        }
        throw ConstraintError(fmt::format(
            "Violates foreign key constraint because key \"{}\" is still referenced by a foreign "
            "key in a different table (\"{}\")",
            NamedKey(*table_, *chunk, child.key, i), child.table->name));
      }
    }
  }
}

}  // namespace teal
