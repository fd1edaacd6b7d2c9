// DataTable: appends into row groups and vector-at-a-time scans.
#include "storage/data_table.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "common/assert.hpp"
#include "teal/error.hpp"

namespace teal {

/// Which rows of a row group are deleted: per vector, a bit per row (set = deleted), or
/// null while none of its rows is.
struct RowVersionInfo {
  std::vector<std::unique_ptr<uint64_t[]>> deleted;
};

namespace {
constexpr idx_t kMaskWords = kVectorSize / 64;

const uint64_t* DeletedMask(const RowGroup& group, idx_t vector_index) {
  if (!group.versions || vector_index >= group.versions->deleted.size()) return nullptr;
  return group.versions->deleted[vector_index].get();
}
}  // namespace

DataTable::DataTable(std::vector<LogicalType> types) : types_(std::move(types)) {}
DataTable::~DataTable() = default;

idx_t DataTable::RowCount() const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  return total_rows_ - deleted_rows_;
}

idx_t DataTable::RowGroupCount() const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  return row_groups_.size();
}

RowGroup& DataTable::NewRowGroup() {
  auto group = std::make_unique<RowGroup>();
  group->start = total_rows_;
  group->columns.resize(types_.size());
  row_groups_.push_back(std::move(group));
  return *row_groups_.back();
}

namespace {

/// Gives `fresh` (an empty vector of `taken`'s type) list children with the room `taken`'s
/// have, so refilling it to a similar size does not grow them again row by row.
void ShapeLike(Vector& fresh, const Vector& taken) {
  if (taken.Type().Id() != TypeId::kList || taken.ListSize() == 0) return;
  const Vector& child = taken.ListChild();
  ShapeLike(fresh.ReserveListChild(child.Capacity()), child);
}

/// Zeroes the bytes of NULL rows [0, count), so that stored NULLs hold the same bytes
/// whatever the writer left there. LIST rows keep their (empty) entries; their children's
/// NULL elements are zeroed.
void ZeroNullRows(Vector& vector, idx_t count) {
  if (vector.Type().Id() == TypeId::kList) {
    if (vector.ListSize()) ZeroNullRows(vector.ListChild(), vector.ListSize());
    return;
  }
  const uint64_t* bits = vector.Validity().Data();
  if (!bits) return;
  const idx_t width = PhysicalTypeSize(vector.Type().Physical());
  for (idx_t word = 0; word * ValidityMask::kBitsPerEntry < count; word++) {
    uint64_t nulls = ~bits[word];
    while (nulls) {
      idx_t row = word * ValidityMask::kBitsPerEntry + std::countr_zero(nulls);
      nulls &= nulls - 1;
      if (row < count) std::memset(vector.Data() + row * width, 0, width);
    }
  }
}

/// Moves `source` to the end of `vectors` when no other vector shares its buffers,
/// leaving a fresh vector of its type behind. False (nothing done) otherwise.
bool TakeVector(Vector& source, std::vector<std::unique_ptr<Vector>>& vectors) {
  if (source.IsConstant() || source.Capacity() != kVectorSize || !source.SharesNothing()) {
    return false;
  }
  // Not zero-filled: whoever gives whole vectors writes every row before handing them over.
  auto fresh = std::make_unique<Vector>(source.Type(), kVectorSize, /*zero_fill=*/false);
  ShapeLike(*fresh, source);
  vectors.reserve(vectors.size() + 1);  // nothing below may throw once source is moved
  std::swap(source, *fresh);
  ZeroNullRows(*fresh, kVectorSize);
  // A mask without a NULL costs every scan a bit test per row: drop it.
  if (fresh->Validity().AllSet(kVectorSize)) fresh->Validity().Reset();
  vectors.push_back(std::move(fresh));
  return true;
}

}  // namespace

void DataTable::AppendLocked(const DataChunk& chunk, DataChunk* give) {
  TEAL_CHECK_EQ(chunk.ColumnCount(), types_.size());
  idx_t appended = 0;
  const idx_t total = chunk.size();
  while (appended < total) {
    RowGroup* group = row_groups_.empty() ? nullptr : row_groups_.back().get();
    if (!group || group->count == kRowGroupSize) group = &NewRowGroup();
    idx_t offset_in_vector = group->count % kVectorSize;
    idx_t take = std::min(total - appended, kVectorSize - offset_in_vector);
    take = std::min(take, kRowGroupSize - group->count);
    SelectionVector none;
    const bool whole_vector = offset_in_vector == 0 && appended == 0 && take == kVectorSize;
    for (idx_t c = 0; c < types_.size(); c++) {
      auto& vectors = group->columns[c];
      if (whole_vector && give && TakeVector(give->data[c], vectors)) continue;
      // Not zero-filled: CopyFrom writes every row before a scan can read it.
      if (offset_in_vector == 0) {
        vectors.push_back(std::make_unique<Vector>(types_[c], kVectorSize, /*zero_fill=*/false));
      }
      vectors.back()->CopyFrom(chunk.data[c], none, take, appended, offset_in_vector);
    }
    group->count += take;
    total_rows_ += take;
    appended += take;
  }
}

void DataTable::CheckWritable() const {
  if (retired_) {
    throw TransactionError(
        "the table was changed by ALTER TABLE while this statement ran; nothing was written "
        "(run the statement again)");
  }
}

void DataTable::Append(const DataChunk& chunk) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  AppendLocked(chunk, nullptr);
}

idx_t DataTable::AppendAll(std::span<DataChunk* const> chunks) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  const idx_t old_total = total_rows_;
  try {
    for (DataChunk* chunk : chunks) AppendLocked(*chunk, chunk);
  } catch (...) {
    // A failure part-way (out of memory) leaves the table as it was.
    TruncateLocked(old_total);
    throw;
  }
  return old_total;
}

void DataTable::RevertAppend(idx_t first_row) noexcept {
  std::lock_guard<std::shared_mutex> guard(lock_);
  TruncateLocked(first_row);
}

void DataTable::TruncateLocked(idx_t rows) noexcept {
  if (rows >= total_rows_) return;
  // Row groups are full but for the last, so row `rows` is in group rows / kRowGroupSize.
  const idx_t groups = (rows + kRowGroupSize - 1) / kRowGroupSize;
  row_groups_.resize(groups);  // shrinking: never allocates
  if (!row_groups_.empty()) {
    RowGroup& group = *row_groups_.back();
    group.count = rows - group.start;
    const idx_t vectors = (group.count + kVectorSize - 1) / kVectorSize;
    for (auto& column : group.columns) column.resize(vectors);
  }
  total_rows_ = rows;
}

bool DataTable::Scan(TableScanState& state, const std::vector<idx_t>& column_ids,
                     DataChunk& out) const {
  std::shared_lock<std::shared_mutex> guard(lock_);  // reads only
  while (state.row_group < row_groups_.size()) {
    if (state.row_group > state.end_row_group ||
        (state.row_group == state.end_row_group && state.vector_index >= state.end_vector)) {
      break;
    }
    const RowGroup& group = *row_groups_[state.row_group];
    const idx_t vector_index = state.vector_index;
    idx_t first_row = vector_index * kVectorSize;
    if (first_row >= group.count) {
      state.row_group++;
      state.vector_index = 0;
      continue;
    }
    state.vector_index++;
    idx_t count = std::min(kVectorSize, group.count - first_row);
    const uint64_t* deleted = DeletedMask(group, vector_index);
    SelectionVector live;
    idx_t live_count = count;
    if (deleted) {
      live = SelectionVector(count);
      live_count = 0;
      for (idx_t r = 0; r < count; r++) {
        if (!((deleted[r / 64] >> (r % 64)) & 1)) live.Set(live_count++, r);
      }
      if (live_count == 0) continue;
    }
    for (idx_t i = 0; i < column_ids.size(); i++) {
      if (column_ids[i] == kRowIdColumn) {
        Vector ids(LogicalType(TypeId::kBigInt), kVectorSize, /*zero_fill=*/false);
        int64_t* values = ids.Values<int64_t>();
        const auto base = static_cast<int64_t>(group.start + first_row);
        for (idx_t r = 0; r < count; r++) values[r] = base + static_cast<int64_t>(r);
        out.data[i] = std::move(ids);
      } else {
        out.data[i].Reference(*group.columns[column_ids[i]][vector_index]);
      }
    }
    out.SetCardinality(count);
    if (deleted) out.Slice(live, live_count);
    return true;
  }
  out.SetCardinality(0);
  return false;
}

std::pair<RowGroup*, idx_t> DataTable::Locate(int64_t row_id) const {
  if (row_id < 0 || static_cast<idx_t>(row_id) >= total_rows_) {
    throw InternalError("row id " + std::to_string(row_id) + " is not in the table");
  }
  auto id = static_cast<idx_t>(row_id);
  RowGroup* group = row_groups_[id / kRowGroupSize].get();
  return {group, id - group->start};
}

void DataTable::Fetch(std::span<const int64_t> row_ids, const std::vector<idx_t>& column_ids,
                      DataChunk& out) const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  SelectionVector one(1);
  for (idx_t i = 0; i < row_ids.size(); i++) {
    auto [group, row] = Locate(row_ids[i]);
    one.Set(0, row % kVectorSize);
    for (idx_t k = 0; k < column_ids.size(); k++) {
      const Vector& stored = *group->columns[column_ids[k]][row / kVectorSize];
      out.data[k].CopyFrom(stored, one, 1, 0, i);
    }
  }
  out.SetCardinality(row_ids.size());
}

idx_t DataTable::Delete(const std::vector<int64_t>& row_ids) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  // First make room for every mask the ids need, so that marking cannot fail half-way.
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    if (!group->versions) group->versions = std::make_unique<RowVersionInfo>();
    auto& masks = group->versions->deleted;
    idx_t v = row / kVectorSize;
    if (masks.size() <= v) masks.resize(kRowGroupSize / kVectorSize);
    if (!masks[v]) {
      masks[v] = std::make_unique<uint64_t[]>(kMaskWords);  // zeroed: nothing deleted
    }
  }
  idx_t deleted = 0;
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    uint64_t* mask = group->versions->deleted[row / kVectorSize].get();
    idx_t bit = row % kVectorSize;
    uint64_t flag = uint64_t(1) << (bit % 64);
    if (mask[bit / 64] & flag) continue;
    mask[bit / 64] |= flag;
    deleted++;
  }
  deleted_rows_ += deleted;
  return deleted;
}

void DataTable::Update(const std::vector<int64_t>& row_ids, const std::vector<idx_t>& columns,
                       const DataChunk& values) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  const DataChunk* one = &values;
  UpdateLocked({&row_ids, 1}, columns, {&one, 1});
}

void DataTable::UpdateAll(std::span<const std::vector<int64_t>> row_ids,
                          const std::vector<idx_t>& columns,
                          std::span<const std::unique_ptr<DataChunk>> values) {
  TEAL_CHECK_EQ(row_ids.size(), values.size());
  std::vector<const DataChunk*> chunks;
  chunks.reserve(values.size());
  for (const auto& chunk : values) chunks.push_back(chunk.get());
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  UpdateLocked(row_ids, columns, chunks);
}

void DataTable::UpdateLocked(std::span<const std::vector<int64_t>> row_ids,
                             const std::vector<idx_t>& columns,
                             std::span<const DataChunk* const> values) {
  for (const DataChunk* chunk : values) {
    TEAL_CHECK_EQ(columns.size(), chunk->ColumnCount());
  }
  // Copy-on-write first for every chunk (the only step that allocates much), then write
  // the values: a failure part-way through the copies has changed nothing a scan sees.
  for (idx_t k = 0; k < values.size(); k++) {
    TEAL_CHECK_LE(values[k]->size(), row_ids[k].size());
    for (idx_t i = 0; i < values[k]->size(); i++) {
      auto [group, row] = Locate(row_ids[k][i]);
      idx_t v = row / kVectorSize;
      idx_t rows_in_vector = std::min(kVectorSize, group->count - v * kVectorSize);
      for (idx_t c : columns) {
        auto& stored = group->columns[c][v];
        if (stored->SharesNothing()) continue;
        auto copy = std::make_unique<Vector>(types_[c], kVectorSize, /*zero_fill=*/false);
        copy->CopyFrom(*stored, SelectionVector(), rows_in_vector, 0, 0);
        stored = std::move(copy);
      }
    }
  }
  for (idx_t k = 0; k < values.size(); k++) {
    const DataChunk& chunk = *values[k];
    for (idx_t i = 0; i < chunk.size(); i++) {
      auto [group, row] = Locate(row_ids[k][i]);
      SelectionVector none;
      for (idx_t c = 0; c < columns.size(); c++) {
        Vector& stored = *group->columns[columns[c]][row / kVectorSize];
        stored.CopyFrom(chunk.data[c], none, 1, i, row % kVectorSize);
      }
    }
  }
}

std::shared_ptr<DataTable> DataTable::CopyLocked(std::vector<LogicalType> types,
                                                 const std::vector<idx_t>& keep,
                                                 const Value& fill) {
  auto copy = std::make_shared<DataTable>(std::move(types));
  // The fill as a constant vector, when some column is new.
  std::unique_ptr<Vector> constant;
  if (std::find(keep.begin(), keep.end(), kInvalidIndex) != keep.end()) {
    constant = std::make_unique<Vector>(fill);
  }
  const SelectionVector none;
  for (const auto& group : row_groups_) {
    auto& to = copy->NewRowGroup();  // its start is copy->total_rows_, as group->start
    to.count = group->count;
    const idx_t vectors = (group->count + kVectorSize - 1) / kVectorSize;
    for (idx_t c = 0; c < keep.size(); c++) {
      auto& column = to.columns[c];
      for (idx_t v = 0; v < vectors; v++) {
        const LogicalType& type = copy->types_[c];
        if (keep[c] == kInvalidIndex) {
          auto filled = std::make_unique<Vector>(type, kVectorSize);
          filled->CopyFrom(*constant, none, std::min(kVectorSize, group->count - v * kVectorSize),
                           0, 0);
          column.push_back(std::move(filled));
        } else {
          auto shared = std::make_unique<Vector>(type, 0);
          shared->Reference(*group->columns[keep[c]][v]);
          column.push_back(std::move(shared));
        }
      }
    }
    if (group->versions) {
      to.versions = std::make_unique<RowVersionInfo>();
      for (const auto& mask : group->versions->deleted) {
        std::unique_ptr<uint64_t[]> own;
        if (mask) {
          own = std::make_unique<uint64_t[]>(kMaskWords);
          std::memcpy(own.get(), mask.get(), kMaskWords * sizeof(uint64_t));
        }
        to.versions->deleted.push_back(std::move(own));
      }
    }
    copy->total_rows_ += group->count;
  }
  copy->deleted_rows_ = deleted_rows_;
  return copy;
}

std::shared_ptr<DataTable> DataTable::WithColumnAdded(const LogicalType& type, const Value& fill) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  std::vector<LogicalType> types = types_;
  types.push_back(type);
  std::vector<idx_t> keep;
  for (idx_t c = 0; c < types_.size(); c++) keep.push_back(c);
  keep.push_back(kInvalidIndex);
  auto copy = CopyLocked(std::move(types), keep, fill);
  retired_ = true;
  return copy;
}

std::shared_ptr<DataTable> DataTable::WithColumnDropped(idx_t column) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable();
  TEAL_CHECK_LT(column, types_.size());
  TEAL_CHECK_GT(types_.size(), idx_t{1});
  std::vector<LogicalType> types;
  std::vector<idx_t> keep;
  for (idx_t c = 0; c < types_.size(); c++) {
    if (c == column) continue;
    types.push_back(types_[c]);
    keep.push_back(c);
  }
  auto copy = CopyLocked(std::move(types), keep, Value());
  retired_ = true;
  return copy;
}

}  // namespace teal
