// TableAppend: full-width chunks with DEFAULTs, the NOT NULL check, and the append.
#include "catalog/table_append.hpp"

#include <fmt/format.h>

#include "common/assert.hpp"
#include "execution/expression_executor.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
std::vector<idx_t> IdentityMap(const TableEntry& table) {
  std::vector<idx_t> map(table.columns.size());
  for (idx_t c = 0; c < map.size(); c++) map[c] = c;
  return map;
}
}  // namespace

TableAppend::TableAppend(std::shared_ptr<TableEntry> table, std::vector<idx_t> column_map,
                         std::shared_ptr<const ForeignKeyChecks> foreign_keys,
                         std::span<const Catalog* const> catalogs)
    : table_(std::move(table)),
      column_map_(std::move(column_map)),
      foreign_keys_(std::move(foreign_keys)) {
  if (!table_->foreign_keys.empty() && !foreign_keys_) {
    throw InternalError(
        fmt::format("an append to table \"{}\" without its FOREIGN KEY checks", table_->name));
  }
  TEAL_CHECK_EQ(column_map_.size(), table_->columns.size());
  defaults_.reserve(column_map_.size());
  sequences_.reserve(column_map_.size());
  for (idx_t c = 0; c < column_map_.size(); c++) {
    const ColumnDefinition& column = table_->columns[c];
    defaults_.push_back(std::make_unique<Vector>(column.default_value ? *column.default_value
                                                                      : Value(column.type)));
    sequences_.push_back(CurrentSequence(catalogs, column.default_sequence));
    if (column_map_[c] != c) identity_ = false;
    if (column.generated && column_map_[c] != kInvalidIndex) {
      throw BinderError(fmt::format(
          "column \"{}\" of table \"{}\" is generated: its value cannot be given (an appender "
          "or INSERT leaves it out)",
          column.name, table_->name));
    }
  }
}

TableAppend::TableAppend(std::shared_ptr<TableEntry> table)
    : TableAppend(table, IdentityMap(*table)) {}

void TableAppend::CheckNotNull(const DataChunk& input, idx_t first_row,
                               std::string_view what) const {
  if (input.size() == 0) return;
  const auto& columns = table_->columns;
  for (idx_t c = 0; c < columns.size(); c++) {
    if (!columns[c].not_null || columns[c].generated) continue;  // generated: when computed
    if (column_map_[c] == kInvalidIndex && columns[c].default_sequence) continue;  // never NULL
    const Vector& source =
        column_map_[c] == kInvalidIndex ? *defaults_[c] : input.data[column_map_[c]];
    if (source.Validity().AllValid()) continue;
    idx_t rows = source.IsConstant() ? 1 : input.size();
    for (idx_t row = 0; row < rows; row++) {
      if (!source.RowIsValid(row)) {
        throw ConstraintError(fmt::format("NOT NULL constraint failed: {}.{} (row {} of the {})",
                                          table_->name, columns[c].name, first_row + row + 1,
                                          what));
      }
    }
  }
}

std::unique_ptr<DataChunk> TableAppend::Build(const DataChunk& input, idx_t first_row,
                                              std::string_view what) const {
  CheckNotNull(input, first_row, what);
  auto chunk = std::make_unique<DataChunk>(table_->Types(), std::max<idx_t>(input.size(), 1));
  SelectionVector none;
  for (idx_t c = 0; c < column_map_.size(); c++) {
    if (column_map_[c] == kInvalidIndex && table_->columns[c].default_sequence) {
      FillFromSequence(c, chunk->data[c], 0, input.size());
      continue;
    }
    const Vector& source =
        column_map_[c] == kInvalidIndex ? *defaults_[c] : input.data[column_map_[c]];
    chunk->data[c].CopyFrom(source, none, input.size(), 0, 0);
  }
  chunk->SetCardinality(input.size());
  ComputeGenerated(*table_, *chunk, first_row, what);
  return chunk;
}

void TableAppend::FillFromSequence(idx_t c, Vector& target, idx_t offset, idx_t count) const {
  SequenceEntry& sequence = *sequences_[c];
  Vector values(LogicalType(TypeId::kBigInt), std::max<idx_t>(count, 1));
  int64_t* out = values.Values<int64_t>();
  for (idx_t i = 0; i < count; i++) out[i] = sequence.Next();
  if (target.Type().Id() == TypeId::kBigInt) {
    target.CopyFrom(values, SelectionVector(), count, 0, offset);
    return;
  }
  Vector cast(target.Type(), std::max<idx_t>(count, 1));
  try {
    CastVector(values, cast, count);
  } catch (const ConversionError& error) {
    throw ConversionError(fmt::format("DEFAULT of column \"{}\" of table \"{}\": {}",
                                      table_->columns[c].name, table_->name, error.what()));
  }
  target.CopyFrom(cast, SelectionVector(), count, 0, offset);
}

void ComputeGenerated(const TableEntry& table, DataChunk& rows, idx_t first_row,
                      std::string_view what) {
  for (idx_t c = 0; c < table.columns.size(); c++) {
    const ColumnDefinition& column = table.columns[c];
    if (!column.generated) continue;
    Vector& out = rows.data[c];
    out.Recycle(std::max<idx_t>(rows.size(), 1));
    ExpressionExecutor(*column.generated).Execute(rows, out);
    out.Flatten(rows.size());
    if (!column.not_null) continue;
    for (idx_t row = 0; row < rows.size(); row++) {
      if (!out.RowIsValid(row)) {
        throw ConstraintError(fmt::format("NOT NULL constraint failed: {}.{} (row {} of the {})",
                                          table.name, column.name, first_row + row + 1, what));
      }
    }
  }
}

void CheckConstraints(const TableEntry& table, const DataChunk& rows, idx_t first_row,
                      std::string_view what) {
  if (table.checks.empty() || rows.size() == 0) return;
  Vector result(LogicalType(TypeId::kBoolean), 0);
  for (const auto& check : table.checks) {
    result.Recycle(rows.size());
    ExpressionExecutor(*check.condition).Execute(rows, result);
    result.Flatten(rows.size());
    const bool* pass = result.Values<bool>();
    for (idx_t row = 0; row < rows.size(); row++) {
      // NULL passes: only a row the condition makes false is refused (SQL's rule).
      if (!result.RowIsValid(row) || pass[row]) continue;
      throw ConstraintError(
          fmt::format("CHECK constraint failed on table {}: {}{} (row {} of the {})", table.name,
                      check.name.empty() ? "" : "\"" + check.name + "\" ", check.text,
                      first_row + row + 1, what));
    }
  }
}

void TableAppend::Store(Transaction& transaction, std::span<DataChunk* const> chunks,
                        idx_t first_row, std::string_view what) const {
  idx_t checked = first_row;
  for (const DataChunk* chunk : chunks) {
    CheckConstraints(*table_, *chunk, checked, what);
    checked += chunk->size();
  }
  const TableIndexes& indexes = *table_->indexes;
  // The parents' locks come before the table's own (catalog/foreign_key.hpp) and are held
  // until the rows' keys are in the table's indexes.
  const bool check_parents = foreign_keys_ && foreign_keys_->HasParents();
  std::vector<std::unique_lock<std::mutex>> parents;
  if (check_parents) parents = foreign_keys_->LockParents();
  std::lock_guard<std::mutex> guard(indexes.Lock());
  ForeignKeyChecks::ParentKeys references;
  if (check_parents) references = foreign_keys_->TakeParentKeys(chunks);
  if (indexes.Empty()) {
    table_->storage->AppendAll(transaction, chunks);
    if (check_parents) foreign_keys_->CheckParents(transaction, references);
    return;
  }
  // Keys are encoded before the table may take the chunks' vectors.
  PendingKeys keys = indexes.Prepare(transaction, *table_, chunks, first_row, what);
  idx_t rows = 0;
  for (const DataChunk* chunk : chunks) rows += chunk->size();
  const idx_t first = table_->storage->AppendAll(transaction, chunks);
  std::vector<int64_t> ids(rows);
  for (idx_t i = 0; i < rows; i++) ids[i] = static_cast<int64_t>(first + i);
  indexes.InsertKeys(transaction, std::move(keys), std::move(ids));
  // At the statement's end, as PostgreSQL checks (catalog/foreign_key.hpp); a failure is
  // taken back with the statement.
  if (check_parents) foreign_keys_->CheckParents(transaction, references);
}

void TableAppend::AppendAll(Transaction& transaction,
                            const std::vector<std::unique_ptr<DataChunk>>& chunks,
                            std::string_view what) const {
  std::vector<DataChunk*> given;
  given.reserve(chunks.size());
  for (const auto& chunk : chunks) given.push_back(chunk.get());
  Store(transaction, given, 0, what);
}

void TableAppend::Append(Transaction& transaction, const DataChunk& input, idx_t first_row,
                         std::string_view what) const {
  if (input.size() == 0) return;
  std::vector<std::unique_ptr<DataChunk>> one;
  if (identity_ && input.ColumnCount() == column_map_.size()) {
    CheckNotNull(input, first_row, what);
    // A view, not a copy: the table copies the rows (a view's vectors share their buffers,
    // so the table never takes them).
    auto view = std::make_unique<DataChunk>();
    view->Reference(input);
    one.push_back(std::move(view));
  } else {
    one.push_back(Build(input, first_row, what));
  }
  DataChunk* given[] = {one[0].get()};
  Store(transaction, given, first_row, what);
}

void TableAppend::AppendGiving(Transaction& transaction, DataChunk& input, idx_t first_row,
                               std::string_view what) const {
  if (input.size() == 0) return;
  if (identity_ && input.ColumnCount() == column_map_.size()) {
    CheckNotNull(input, first_row, what);
    DataChunk* one[] = {&input};
    Store(transaction, one, first_row, what);
    return;
  }
  auto built = Build(input, first_row, what);
  DataChunk* one[] = {built.get()};
  Store(transaction, one, first_row, what);
}

}  // namespace teal
