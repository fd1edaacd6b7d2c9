// DELETE and UPDATE: collect, check, then change the table in one step.
#include "execution/update_delete.hpp"

#include <fmt/format.h>

#include <span>
#include <unordered_map>
#include <unordered_set>

#include "catalog/table_append.hpp"
#include "execution/returned_rows.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"

namespace teal {

namespace {

struct CountSource : GlobalSourceState {
  bool done = false;
  size_t next = 0;  // RETURNING: the next chunk of rows to emit
};

/// Emits `rows` once, as the statement's one-row result.
void EmitCount(DataChunk& chunk, GlobalSourceState& state, idx_t rows) {
  auto& source = static_cast<CountSource&>(state);
  if (source.done) {
    chunk.SetCardinality(0);
    return;
  }
  chunk.data[0].Values<int64_t>()[0] = static_cast<int64_t>(rows);
  chunk.SetCardinality(1);
  source.done = true;
}

void CollectRowIds(const Vector& ids, idx_t count, std::vector<int64_t>& out) {
  Vector flat(LogicalType(TypeId::kBigInt), 0);
  flat.Reference(ids);
  flat.Flatten(count);
  const int64_t* values = flat.Values<int64_t>();
  out.insert(out.end(), values, values + count);
}

struct DeleteSink : GlobalSinkState {
  std::vector<int64_t> row_ids;
  idx_t deleted = 0;
  ReturnedRows returned;
};

struct UpdateSink : GlobalSinkState {
  std::vector<std::vector<int64_t>> row_ids;  // per chunk of values
  std::vector<std::unique_ptr<DataChunk>> values;
  idx_t updated = 0;
  /// RETURNING and triggers: per chunk of values, the whole new rows; triggers: the old.
  std::vector<std::unique_ptr<DataChunk>> new_rows;
  std::vector<std::unique_ptr<DataChunk>> old_rows;
  ReturnedRows returned;
};

/// The first `width` columns of `input`, as a chunk that references them.
DataChunk LeadingColumns(const DataChunk& input, idx_t first, idx_t width) {
  DataChunk out;
  for (idx_t c = 0; c < width; c++) {
    out.data.emplace_back(input.data[first + c].Type(), 0);
    out.data.back().Reference(input.data[first + c]);
  }
  out.SetCardinality(input.size());
  return out;
}

}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalDelete::GetGlobalSinkState(
    ExecutionContext& context) const {
  return std::make_unique<DeleteSink>();
}

void PhysicalDelete::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                          LocalSinkState& local) const {
  auto& sink = static_cast<DeleteSink&>(state);
  CollectRowIds(input.data[row_id_column_], input.size(), sink.row_ids);
  if (returning_) {
    DataChunk rows = LeadingColumns(input, 0, table_->columns.size());
    if (returns_row_id_) {
      rows.data.emplace_back(LogicalType(TypeId::kBigInt), 0);
      rows.data.back().Reference(input.data[row_id_column_]);
    }
    sink.returned.Add(rows);
  }
  if (capture_) capture_->old_rows.Add(LeadingColumns(input, 0, table_->columns.size()));
}

void PhysicalDelete::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<DeleteSink&>(state);
  Transaction& transaction = context.query.WriteTransaction(*table_->storage, table_->name);
  const TableIndexes& indexes = *table_->indexes;
  std::lock_guard<std::mutex> guard(indexes.Lock());
  // No child may reference a key that goes (catalog/foreign_key.hpp): the keys are taken
  // now and checked once the rows are gone (rows of this statement do not count).
  const bool check_children = foreign_keys_ && foreign_keys_->HasChildren();
  ForeignKeyChecks::ReferencedKeys referenced;
  if (check_children) referenced = foreign_keys_->TakeReferencedKeys(sink.row_ids);
  // The keys stay until no snapshot can see the rows (TableIndexes rule 2).
  indexes.RetireKeys(transaction, table_->storage, sink.row_ids);
  sink.deleted = table_->storage->Delete(transaction, sink.row_ids);
  if (check_children) foreign_keys_->CheckChildren(transaction, referenced);
}

std::unique_ptr<GlobalSourceState> PhysicalDelete::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<CountSource>();
}

void PhysicalDelete::GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& state,
                             LocalSourceState& local) const {
  if (returning_) {
    static_cast<DeleteSink&>(context.query.SinkState(*this))
        .returned.Emit(static_cast<CountSource&>(state).next, chunk);
    return;
  }
  EmitCount(chunk, state, static_cast<DeleteSink&>(context.query.SinkState(*this)).deleted);
}

namespace {
/// Moves the new rows to `returned` and the new and old rows to `capture` (when not
/// null), each updated row once: with the values of the last input row that updated it
/// (the values the table now holds).
void ReturnLastOfEachRow(UpdateSink& sink, ReturnedRows* returned, TransitionCapture* capture) {
  std::unordered_set<int64_t> later;
  std::vector<SelectionVector> keep(sink.new_rows.size());
  std::vector<idx_t> kept(sink.new_rows.size(), 0);
  for (size_t i = sink.new_rows.size(); i-- > 0;) {
    const auto& ids = sink.row_ids[i];
    std::vector<sel_t> rows;
    for (size_t r = ids.size(); r-- > 0;) {
      if (later.insert(ids[r]).second) rows.push_back(static_cast<sel_t>(r));
    }
    keep[i] = SelectionVector(std::max<idx_t>(rows.size(), 1));
    for (size_t r = 0; r < rows.size(); r++) keep[i].Set(r, rows[rows.size() - 1 - r]);
    kept[i] = rows.size();
  }
  for (size_t i = 0; i < sink.new_rows.size(); i++) {
    DataChunk& rows = *sink.new_rows[i];
    const bool sliced = kept[i] < rows.size();
    if (sliced) rows.Slice(keep[i], kept[i]);
    if (returned) returned->Add(rows);
    if (!capture) continue;
    capture->new_rows.Add(rows);
    DataChunk& old = *sink.old_rows[i];
    if (sliced) old.Slice(keep[i], kept[i]);
    capture->old_rows.Add(old);
  }
  sink.new_rows.clear();
  sink.old_rows.clear();
}
}  // namespace

std::unique_ptr<GlobalSinkState> PhysicalUpdate::GetGlobalSinkState(
    ExecutionContext& context) const {
  return std::make_unique<UpdateSink>();
}

void PhysicalUpdate::Sink(ExecutionContext& context, DataChunk& input, GlobalSinkState& state,
                          LocalSinkState& local) const {
  auto& sink = static_cast<UpdateSink&>(state);
  const idx_t count = input.size();
  // NOT NULL is checked here, before anything is changed.
  for (idx_t k = 0; k < columns_.size(); k++) {
    const ColumnDefinition& column = table_->columns[columns_[k]];
    const Vector& v = input.data[k];
    if (!column.not_null || v.Validity().AllValid()) continue;
    for (idx_t row = 0; row < (v.IsConstant() ? 1 : count); row++) {
      if (!v.RowIsValid(row)) {
        throw ConstraintError(
            fmt::format("NOT NULL constraint failed: {}.{} (UPDATE)", table_->name, column.name));
      }
    }
  }
  std::vector<LogicalType> types;
  for (idx_t c : columns_) types.push_back(table_->columns[c].type);
  auto values = std::make_unique<DataChunk>(types, std::max<idx_t>(count, 1));
  SelectionVector none;
  for (idx_t k = 0; k < columns_.size(); k++) {
    Vector source(types[k], 0);
    source.Reference(input.data[k]);
    source.Flatten(count);
    values->data[k].CopyFrom(source, none, count, 0, 0);
  }
  values->SetCardinality(count);
  sink.row_ids.emplace_back();
  CollectRowIds(input.data[columns_.size()], count, sink.row_ids.back());
  if (returning_ || capture_ || !table_->checks.empty()) {
    // The new row: a SET column's new value, any other column's old one (the binder
    // gives the old row for RETURNING and for CHECK constraints).
    const idx_t old_first = columns_.size() + 1;
    DataChunk row = LeadingColumns(input, old_first, table_->columns.size());
    for (idx_t k = 0; k < columns_.size(); k++) row.data[columns_[k]].Reference(values->data[k]);
    CheckConstraints(*table_, row, 0, "UPDATE");
    if (returning_ || capture_) {
      auto copy = std::make_unique<DataChunk>(table_->Types(), std::max<idx_t>(count, 1));
      copy->Append(row);
      sink.new_rows.push_back(std::move(copy));
    }
    if (capture_) {
      auto old = std::make_unique<DataChunk>(table_->Types(), std::max<idx_t>(count, 1));
      old->Append(LeadingColumns(input, old_first, table_->columns.size()));
      sink.old_rows.push_back(std::move(old));
    }
  }
  sink.values.push_back(std::move(values));
}

namespace {
/// The rows an UPDATE leaves, whole (stored columns with the new values put in), one
/// entry per row: where a row is updated twice (UPDATE … FROM), the last values count,
/// as they do in storage. `ids` gets the row ids in the same order.
std::vector<std::unique_ptr<DataChunk>> UpdatedRows(
    const TableEntry& table, const std::vector<idx_t>& columns,
    const std::vector<std::vector<int64_t>>& row_ids,
    const std::vector<std::unique_ptr<DataChunk>>& values, std::vector<int64_t>& ids) {
  std::unordered_map<int64_t, std::pair<size_t, idx_t>> last;  // row id -> (chunk, row)
  for (size_t i = 0; i < row_ids.size(); i++) {
    for (idx_t r = 0; r < row_ids[i].size(); r++) last[row_ids[i][r]] = {i, r};
  }
  for (size_t i = 0; i < row_ids.size(); i++) {
    for (idx_t r = 0; r < row_ids[i].size(); r++) {
      if (last[row_ids[i][r]] == std::make_pair(i, r)) ids.push_back(row_ids[i][r]);
    }
  }
  std::vector<idx_t> all(table.columns.size());
  for (idx_t c = 0; c < all.size(); c++) all[c] = c;
  std::vector<std::unique_ptr<DataChunk>> rows;
  for (size_t start = 0; start < ids.size(); start += kVectorSize) {
    std::span<const int64_t> part(ids.data() + start,
                                  std::min<size_t>(kVectorSize, ids.size() - start));
    auto chunk = std::make_unique<DataChunk>(table.Types(), part.size());
    table.storage->Fetch(part, all, *chunk);
    SelectionVector one(1);
    for (idx_t r = 0; r < part.size(); r++) {
      auto [i, row] = last[part[r]];
      one.Set(0, row);
      for (idx_t k = 0; k < columns.size(); k++) {
        chunk->data[columns[k]].CopyFrom(values[i]->data[k], one, 1, 0, r);
      }
    }
    rows.push_back(std::move(chunk));
  }
  return rows;
}
}  // namespace

void PhysicalUpdate::Finalize(ExecutionContext& context, GlobalSinkState& state) const {
  auto& sink = static_cast<UpdateSink&>(state);
  Transaction& transaction = context.query.WriteTransaction(*table_->storage, table_->name);
  std::unordered_set<int64_t> distinct;
  for (const auto& ids : sink.row_ids) distinct.insert(ids.begin(), ids.end());
  const TableIndexes& indexes = *table_->indexes;
  // FOREIGN KEYs over a changed column (catalog/foreign_key.hpp): the new keys need their
  // parents (whose locks come first), and the old keys must not be referenced by a child.
  const bool check_parents = foreign_keys_ && foreign_keys_->HasParents(&columns_);
  std::vector<std::unique_lock<std::mutex>> parents;
  if (check_parents) parents = foreign_keys_->LockParents();
  std::lock_guard<std::mutex> guard(indexes.Lock());
  const bool check_children = foreign_keys_ && foreign_keys_->HasChildren(&columns_);
  ForeignKeyChecks::ReferencedKeys referenced;
  if (check_children) {
    const std::vector<int64_t> ids(distinct.begin(), distinct.end());
    referenced = foreign_keys_->TakeReferencedKeys(ids, &columns_);
  }
  ForeignKeyChecks::ParentKeys references;  // the new keys, for their parents' check
  // Indexes over a changed column: the new keys are checked for UNIQUE (the rows' old
  // keys do not count) and go in, the old ones retire (TableIndexes rules 1-3), then the
  // table takes the values. Each step is an undo entry of the transaction, so a failure
  // at any of them is taken back by the statement's rollback.
  if (indexes.AnyOver(columns_)) {
    std::vector<int64_t> ids;
    auto rows = UpdatedRows(*table_, columns_, sink.row_ids, sink.values, ids);
    std::vector<DataChunk*> unit;
    for (auto& chunk : rows) unit.push_back(chunk.get());
    if (check_parents) references = foreign_keys_->TakeParentKeys(unit);
    PendingKeys keys = indexes.Prepare(transaction, *table_, unit, 0, "UPDATE", &columns_, {}, ids);
    indexes.RetireKeys(transaction, table_->storage, ids, &columns_);
    indexes.InsertKeys(transaction, std::move(keys), std::move(ids));
  }
  table_->storage->UpdateAll(transaction, sink.row_ids, columns_, sink.values);
  // At the statement's end, as PostgreSQL checks (catalog/foreign_key.hpp).
  if (check_parents) foreign_keys_->CheckParents(transaction, references);
  if (check_children) foreign_keys_->CheckChildren(transaction, referenced);
  sink.updated = distinct.size();
  if (returning_ || capture_) {
    ReturnLastOfEachRow(sink, returning_ ? &sink.returned : nullptr, capture_.get());
  }
}

std::unique_ptr<GlobalSourceState> PhysicalUpdate::GetGlobalSourceState(
    ExecutionContext& context) const {
  return std::make_unique<CountSource>();
}

void PhysicalUpdate::GetData(ExecutionContext& context, DataChunk& chunk, GlobalSourceState& state,
                             LocalSourceState& local) const {
  if (returning_) {
    static_cast<UpdateSink&>(context.query.SinkState(*this))
        .returned.Emit(static_cast<CountSource&>(state).next, chunk);
    return;
  }
  EmitCount(chunk, state, static_cast<UpdateSink&>(context.query.SinkState(*this)).updated);
}

}  // namespace teal
