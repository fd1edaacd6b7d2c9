// InsertOnConflict: sorting proposed rows by their arbiter keys, evaluating DO UPDATE,
// and the one-step change of table and indexes.
#include "execution/insert_on_conflict.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_set>

#include "catalog/table_append.hpp"
#include "execution/expression_executor.hpp"
#include "index/art/art_key.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {

/// A proposed row (chunk, row) that conflicts with the stored row `existing`.
struct Candidate {
  size_t chunk;
  idx_t row;
  int64_t existing;
};

/// The rows DO UPDATE changes: whole new rows, a chunk per vector of candidates, with
/// their row ids and (over all chunks) the statement row that proposed each.
struct Updates {
  std::vector<std::unique_ptr<DataChunk>> rows;
  std::vector<std::vector<int64_t>> ids;
  std::vector<int64_t> all_ids;
  std::vector<idx_t> statement_rows;
};

constexpr const char* kUpdateWhat = "INSERT … ON CONFLICT DO UPDATE";

std::vector<const Vector*> KeyColumns(const DataChunk& chunk, const std::vector<idx_t>& columns) {
  std::vector<const Vector*> out;
  for (idx_t c : columns) out.push_back(&chunk.data[c]);
  return out;
}

/// "t(a, b) key (1, 'x')": the arbiter and row `row`'s key in it, for messages.
std::string KeyDescription(const TableEntry& table, const IndexEntry& index, const DataChunk& chunk,
                           idx_t row) {
  std::string columns, key;
  for (size_t i = 0; i < index.columns.size(); i++) {
    columns += (i ? ", " : "") + table.columns[index.columns[i]].name;
    Value v = chunk.data[index.columns[i]].GetValue(row);
    key += (i ? ", " : "") +
           (v.IsNull() || v.Type().IsNumeric() ? v.ToString() : QuoteLiteral(v.ToString()));
  }
  if (index.columns.size() > 1) key = "(" + key + ")";
  return fmt::format("{}({}) key {}", table.name, columns, key);
}

[[noreturn]] void ThrowAffectedTwice(const TableEntry& table, const IndexEntry& index,
                                     const DataChunk& chunk, idx_t row, idx_t statement_row) {
  throw InvalidInputError(fmt::format(
      "ON CONFLICT DO UPDATE command cannot affect row a second time: {} is proposed more than "
      "once (row {} of the INSERT)",
      KeyDescription(table, index, chunk, row), statement_row + 1));
}

/// The arbiter indexes of `conflict` among the table's current indexes.
std::vector<IndexEntry*> Arbiters(const TableEntry& table, const InsertConflict& conflict) {
  std::vector<IndexEntry*> out;
  for (const auto& index : table.indexes->Entries()) {
    // An index on expressions is no arbiter (the binder refuses ON CONFLICT then).
    if (!index->Unique() || index->OnExpressions()) continue;
    std::vector<idx_t> columns = index->columns;
    std::sort(columns.begin(), columns.end());
    if (conflict.target.empty() || columns == conflict.target) out.push_back(index.get());
  }
  if (out.empty()) {
    throw CatalogError(fmt::format(
        "ON CONFLICT: table \"{}\" has no PRIMARY KEY or UNIQUE constraint to check any more",
        table.name));
  }
  return out;
}

std::vector<DataChunk*> Pointers(const std::vector<std::unique_ptr<DataChunk>>& chunks) {
  std::vector<DataChunk*> out;
  for (const auto& chunk : chunks) out.push_back(chunk.get());
  return out;
}

/// Rule 3 for `candidates` (in statement order): fetches the stored rows, evaluates WHERE
/// and the SET values a vector at a time, and keeps the rows WHERE lets through.
Updates EvaluateUpdates(const TableEntry& table, const InsertConflict& conflict,
                        const IndexEntry& arbiter,
                        const std::vector<std::unique_ptr<DataChunk>>& chunks,
                        const std::vector<idx_t>& row_base,
                        const std::vector<Candidate>& candidates) {
  Updates updates;
  const idx_t width = table.columns.size();
  std::vector<idx_t> all(width);
  for (idx_t c = 0; c < width; c++) all[c] = c;
  // Inserting a vector's own range into it reads freed memory when it grows (it did, and
  // crashed on LIST columns, whose type owns its child type): copy from a second vector.
  const std::vector<LogicalType> types = table.Types();
  std::vector<LogicalType> both = types;
  both.insert(both.end(), types.begin(), types.end());
  std::unordered_set<int64_t> updated;
  for (size_t start = 0; start < candidates.size(); start += kVectorSize) {
    std::span<const Candidate> batch(candidates.data() + start,
                                     std::min<size_t>(kVectorSize, candidates.size() - start));
    const idx_t n = batch.size();
    std::vector<int64_t> ids(n);
    for (idx_t k = 0; k < n; k++) ids[k] = batch[k].existing;
    auto rows = std::make_unique<DataChunk>(table.Types(), n);
    table.storage->Fetch(ids, all, *rows);
    rows->SetCardinality(n);
    // The stored row's columns, then the proposed row's (EXCLUDED).
    DataChunk input(both, n);
    for (idx_t c = 0; c < width; c++) input.data[c].Reference(rows->data[c]);
    for (idx_t k = 0; k < n;) {
      idx_t end = k;
      while (end < n && batch[end].chunk == batch[k].chunk) end++;
      SelectionVector sel(end - k);
      for (idx_t j = k; j < end; j++) sel.Set(j - k, batch[j].row);
      for (idx_t c = 0; c < width; c++) {
        input.data[width + c].CopyFrom(chunks[batch[k].chunk]->data[c], sel, end - k, 0, k);
      }
      k = end;
    }
    input.SetCardinality(n);
    std::vector<bool> pass(n, true);
    if (conflict.where) {
      SelectionVector sel(n);
      idx_t count = ExpressionExecutor(*conflict.where).Select(input, sel);
      pass.assign(n, false);
      for (idx_t k = 0; k < count; k++) pass[sel.Get(k)] = true;
    }
    SelectionVector chosen(n);
    idx_t count = 0;
    for (idx_t k = 0; k < n; k++) {
      const Candidate& candidate = batch[k];
      if (updated.count(candidate.existing)) {
        ThrowAffectedTwice(table, arbiter, *chunks[candidate.chunk], candidate.row,
                           row_base[candidate.chunk] + candidate.row);
      }
      if (!pass[k]) continue;
      updated.insert(candidate.existing);
      chosen.Set(count++, k);
      updates.all_ids.push_back(candidate.existing);
      updates.statement_rows.push_back(row_base[candidate.chunk] + candidate.row);
    }
    if (count == 0) continue;
    std::vector<Vector> values;
    ExpressionExecutor set_values;
    for (size_t j = 0; j < conflict.columns.size(); j++) {
      values.emplace_back(both[conflict.columns[j]], 0);
      set_values.Add(*conflict.values[j]);
      set_values.Execute(input, values.back(), j);
      values.back().Flatten(n);
    }
    for (size_t j = 0; j < conflict.columns.size(); j++) {
      rows->data[conflict.columns[j]].Reference(values[j]);
    }
    rows->Slice(chosen, count);
    std::vector<int64_t> chosen_ids(count);
    for (idx_t k = 0; k < count; k++) chosen_ids[k] = ids[chosen.Get(k)];
    updates.rows.push_back(std::move(rows));
    updates.ids.push_back(std::move(chosen_ids));
  }
  // NOT NULL and CHECK, before anything changes.
  idx_t position = 0;
  for (const auto& rows : updates.rows) {
    CheckConstraints(table, *rows, position, kUpdateWhat);
    for (idx_t c : conflict.columns) {
      if (!table.columns[c].not_null || rows->data[c].Validity().AllValid()) continue;
      for (idx_t r = 0; r < rows->size(); r++) {
        if (!rows->data[c].RowIsValid(r)) {
          throw ConstraintError(fmt::format("NOT NULL constraint failed: {}.{} (row {} of the {})",
                                            table.name, table.columns[c].name,
                                            updates.statement_rows[position + r] + 1, kUpdateWhat));
        }
      }
    }
    position += rows->size();
  }
  return updates;
}

}  // namespace

idx_t InsertOnConflict(Transaction& transaction, const TableEntry& table,
                       const InsertConflict& conflict,
                       std::vector<std::unique_ptr<DataChunk>>& chunks, ReturnedRows* returned) {
  const TableIndexes& indexes = *table.indexes;
  std::lock_guard<std::mutex> guard(indexes.Lock());
  std::vector<IndexEntry*> arbiters = Arbiters(table, conflict);
  std::vector<idx_t> row_base(chunks.size() + 1, 0);
  for (size_t c = 0; c < chunks.size(); c++) row_base[c + 1] = row_base[c] + chunks[c]->size();

  // Rules 1 and 2: which rows go in, which conflict.
  std::vector<std::vector<art::ArtKeyBuilder>> keys(arbiters.size());
  for (size_t a = 0; a < arbiters.size(); a++) {
    keys[a].resize(chunks.size());
    for (size_t c = 0; c < chunks.size(); c++) {
      keys[a][c].Build(KeyColumns(*chunks[c], arbiters[a]->columns), 0, chunks[c]->size());
    }
  }
  std::vector<std::unordered_set<std::string_view>> taken(arbiters.size());
  std::vector<std::vector<sel_t>> keep(chunks.size());
  std::vector<Candidate> candidates;
  std::vector<art::row_t> found;
  for (size_t c = 0; c < chunks.size(); c++) {
    for (idx_t i = 0; i < chunks[c]->size(); i++) {
      bool in_statement = false;
      int64_t existing = -1;
      for (size_t a = 0; a < arbiters.size() && !in_statement && existing < 0; a++) {
        if (keys[a][c].HasNull(i)) continue;
        art::ArtKey key = keys[a][c].Key(i);
        if (taken[a].count(key.View())) {
          in_statement = true;
          continue;
        }
        existing = indexes.LiveRow(transaction, table, *arbiters[a], key);
      }
      if (!in_statement && existing < 0) {
        keep[c].push_back(static_cast<sel_t>(i));
        for (size_t a = 0; a < arbiters.size(); a++) {
          if (!keys[a][c].HasNull(i)) taken[a].insert(keys[a][c].Key(i).View());
        }
        continue;
      }
      if (!conflict.update) continue;
      if (in_statement) ThrowAffectedTwice(table, *arbiters[0], *chunks[c], i, row_base[c] + i);
      candidates.push_back({c, i, existing});
    }
  }
  Updates updates;
  if (conflict.update) {
    updates = EvaluateUpdates(table, conflict, *arbiters[0], chunks, row_base, candidates);
  }

  // The rows to insert, compacted; row numbers of the statement for messages.
  std::vector<std::unique_ptr<DataChunk>> inserts;
  std::vector<idx_t> insert_rows;
  for (size_t c = 0; c < chunks.size(); c++) {
    if (keep[c].empty()) continue;
    for (sel_t i : keep[c]) insert_rows.push_back(row_base[c] + i);
    if (keep[c].size() < chunks[c]->size()) {
      SelectionVector sel(keep[c].size());
      for (size_t k = 0; k < keep[c].size(); k++) sel.Set(k, keep[c][k]);
      chunks[c]->Slice(sel, keep[c].size());
    }
    inserts.push_back(std::move(chunks[c]));
  }

  // The updated rows go first, keys and values, so that the inserted rows' keys are
  // checked against them as they will be (a UNIQUE check reads the stored key of each
  // row it finds, TableIndexes rule 3). Every step is an undo entry of the transaction: a
  // failing check or write is taken back by the statement's rollback.
  const std::vector<idx_t>& set = conflict.columns;
  if (indexes.AnyOver(set) && !updates.all_ids.empty()) {
    PendingKeys update_keys =
        indexes.Prepare(transaction, table, Pointers(updates.rows), 0, kUpdateWhat, &set,
                        updates.statement_rows, updates.all_ids);
    indexes.RetireKeys(transaction, table.storage, updates.all_ids, &set);
    indexes.InsertKeys(transaction, std::move(update_keys), updates.all_ids);
  }
  // Copied before the append, which may take the chunks' vectors.
  if (returned) {
    for (const auto& chunk : inserts) returned->Add(*chunk);
    for (const auto& rows : updates.rows) returned->Add(*rows);
  }
  if (!set.empty()) {
    for (size_t b = 0; b < updates.rows.size(); b++) {
      DataChunk values;
      for (idx_t c : set) {
        values.data.emplace_back(table.columns[c].type, 0);
        values.data.back().Reference(updates.rows[b]->data[c]);
      }
      values.SetCardinality(updates.rows[b]->size());
      table.storage->Update(transaction, updates.ids[b], set, values);
    }
  }
  if (!inserts.empty()) {
    std::optional<PendingKeys> insert_keys;
    if (!indexes.Empty()) {
      insert_keys =
          indexes.Prepare(transaction, table, Pointers(inserts), 0, "INSERT", nullptr, insert_rows);
    }
    idx_t rows = 0;
    for (const auto& chunk : inserts) rows += chunk->size();
    const idx_t first = table.storage->AppendAll(transaction, Pointers(inserts));
    if (insert_keys) {
      std::vector<int64_t> ids(rows);
      for (idx_t i = 0; i < rows; i++) ids[i] = static_cast<int64_t>(first + i);
      indexes.InsertKeys(transaction, std::move(*insert_keys), std::move(ids));
    }
  }
  return insert_rows.size() + updates.all_ids.size();
}

}  // namespace teal
