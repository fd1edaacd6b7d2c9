// DataTable: appends into row groups and vector-at-a-time scans.
#include "storage/data_table.hpp"

#include "common/assert.hpp"

namespace teal {

struct RowVersionInfo {};

DataTable::DataTable(std::vector<LogicalType> types) : types_(std::move(types)) {}
DataTable::~DataTable() = default;

idx_t DataTable::RowCount() const {
  std::lock_guard<std::mutex> guard(lock_);
  return total_rows_;
}

RowGroup& DataTable::NewRowGroup() {
  auto group = std::make_unique<RowGroup>();
  group->start = total_rows_;
  group->columns.resize(types_.size());
  row_groups_.push_back(std::move(group));
  return *row_groups_.back();
}

void DataTable::AppendLocked(const DataChunk& chunk) {
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
    for (idx_t c = 0; c < types_.size(); c++) {
      auto& vectors = group->columns[c];
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

void DataTable::Append(const DataChunk& chunk) {
  std::lock_guard<std::mutex> guard(lock_);
  AppendLocked(chunk);
}

void DataTable::AppendAll(const std::vector<std::unique_ptr<DataChunk>>& chunks) {
  std::lock_guard<std::mutex> guard(lock_);
  // Remember where the table ended, so a failure part-way (out of memory) can be undone.
  idx_t old_groups = row_groups_.size();
  idx_t old_count = row_groups_.empty() ? 0 : row_groups_.back()->count;
  idx_t old_total = total_rows_;
  idx_t old_vectors = row_groups_.empty() || row_groups_.back()->columns.empty()
                          ? 0
                          : row_groups_.back()->columns[0].size();
  try {
    for (const auto& chunk : chunks) AppendLocked(*chunk);
  } catch (...) {
    row_groups_.resize(old_groups);
    if (!row_groups_.empty()) {
      auto& group = *row_groups_.back();
      group.count = old_count;
      for (auto& column : group.columns) column.resize(old_vectors);
    }
    total_rows_ = old_total;
    throw;
  }
}

bool DataTable::Scan(TableScanState& state, const std::vector<idx_t>& column_ids,
                     DataChunk& out) const {
  std::lock_guard<std::mutex> guard(lock_);
  while (state.row_group < row_groups_.size()) {
    const RowGroup& group = *row_groups_[state.row_group];
    idx_t first_row = state.vector_index * kVectorSize;
    if (first_row >= group.count) {
      state.row_group++;
      state.vector_index = 0;
      continue;
    }
    idx_t count = std::min(kVectorSize, group.count - first_row);
    for (idx_t i = 0; i < column_ids.size(); i++) {
      out.data[i].Reference(*group.columns[column_ids[i]][state.vector_index]);
    }
    out.SetCardinality(count);
    state.vector_index++;
    return true;
  }
  out.SetCardinality(0);
  return false;
}

}  // namespace teal
