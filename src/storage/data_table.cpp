// DataTable: appends into row groups and vector-at-a-time scans.
#include "storage/data_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <unordered_map>

#include "common/assert.hpp"
#include "storage/stored_segments.hpp"
#include "storage/vector_codec.hpp"
#include "storage/wal_payload.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

/// One update of one column in one vector: the values its rows had before (UpdateUndo
/// owns it; the vector's chain links it until cleanup).
struct UpdateRecord {
  transaction_t version = 0;  // the updater's id, its commit id once committed
  idx_t group = 0, vector = 0, column = 0;
  std::vector<sel_t> rows;              // rows of the vector, each once
  std::vector<transaction_t> previous;  // each row's `updated` tag before
  std::unique_ptr<Vector> before;       // row i: the value rows[i] had
  UpdateRecord* older = nullptr;
};

/// The version tags of one vector's rows (rule 2 of the header).
struct VectorVersions {
  transaction_t insert_all = 0;               // every row's insert tag, while !inserted
  std::unique_ptr<transaction_t[]> inserted;  // per row
  std::unique_ptr<transaction_t[]> deleted;   // per row (kNotDeleted), or null
  std::unique_ptr<transaction_t[]> updated;   // per row: its newest update (0: none)
  std::vector<UpdateRecord*> updates;         // per column: newest first
  idx_t pending = 0;  // tags and update rows not cleaned up yet; 0: drop the versions

  transaction_t Inserted(idx_t row) const { return inserted ? inserted[row] : insert_all; }
  /// Whether `transaction` sees every row as inserted and none as deleted.
  bool AllVisibleTo(const Transaction& transaction) const {
    return !inserted && !deleted && transaction.Sees(insert_all);
  }
};

/// The zones scans computed for a row group (see RowGroupsToScan), by table column.
struct RowGroupZones {
  uint64_t changes = 0;  // the group's count of changes they were computed at
  std::vector<std::optional<ColumnZone>> columns;
};

/// A row group's delete masks (rows every snapshot sees deleted: a bit per row, set =
/// deleted) and versions, per vector; either may be null.
struct RowVersionInfo {
  std::vector<std::unique_ptr<uint64_t[]>> deleted;
  std::vector<std::unique_ptr<VectorVersions>> vectors;
};

namespace {
constexpr idx_t kMaskWords = kVectorSize / 64;

const uint64_t* DeletedMask(const RowGroup& group, idx_t vector_index) {
  if (!group.versions || vector_index >= group.versions->deleted.size()) return nullptr;
  return group.versions->deleted[vector_index].get();
}

VectorVersions* VersionsOf(const RowGroup& group, idx_t vector_index) {
  if (!group.versions || vector_index >= group.versions->vectors.size()) return nullptr;
  return group.versions->vectors[vector_index].get();
}

RowVersionInfo& InfoOf(RowGroup& group) {
  if (!group.versions) group.versions = std::make_unique<RowVersionInfo>();
  return *group.versions;
}

/// The vector's versions, made when it has none (may throw; changes nothing visible).
VectorVersions& EnsureVersions(RowGroup& group, idx_t vector_index) {
  auto& vectors = InfoOf(group).vectors;
  if (vectors.size() <= vector_index) vectors.resize(vector_index + 1);
  if (!vectors[vector_index]) {
    vectors[vector_index] = std::make_unique<VectorVersions>();
    group.changes++;
  }
  return *vectors[vector_index];
}

/// The vector's delete mask, made when it has none.
uint64_t* EnsureMask(RowGroup& group, idx_t vector_index) {
  auto& masks = InfoOf(group).deleted;
  if (masks.size() <= vector_index) masks.resize(vector_index + 1);
  if (!masks[vector_index]) masks[vector_index] = std::make_unique<uint64_t[]>(kMaskWords);
  return masks[vector_index].get();
}

transaction_t* EnsureTags(std::unique_ptr<transaction_t[]>& tags, transaction_t fill) {
  if (!tags) {
    tags = std::make_unique<transaction_t[]>(kVectorSize);
    std::fill_n(tags.get(), kVectorSize, fill);
  }
  return tags.get();
}

/// Drops the vector's versions once nothing is left in them (rule 4).
void DropIfClean(RowGroup& group, idx_t vector_index) noexcept {
  VectorVersions* versions = VersionsOf(group, vector_index);
  if (versions && versions->pending == 0) group.versions->vectors[vector_index].reset();
}

bool MaskHas(const uint64_t* mask, idx_t row) { return mask && (mask[row / 64] >> (row % 64)) & 1; }

/// What a write was doing when it met another transaction's change, in DuckDB's words.
enum class WriteKind { kDelete, kUpdate };

[[noreturn]] void ThrowConflict(const Transaction& transaction, transaction_t tag, int64_t row_id,
                                WriteKind kind) {
  throw TransactionError(fmt::format(
      "Conflict on {}: row {} was changed by another transaction that {}; roll back and retry",
      kind == WriteKind::kDelete ? "tuple deletion" : "update", row_id,
      tag >= kTransactionIdStart ? "has not committed yet" : "committed after this one began"));
}

/// Throws unless `transaction` may change row `row` (of `versions`, which may be null):
/// it sees the row, and no other transaction changed it where it cannot see.
void CheckWritableRow(const Transaction& transaction, const VectorVersions* versions, idx_t row,
                      int64_t row_id, WriteKind kind) {
  if (!versions) return;
  transaction_t inserted = versions->Inserted(row);
  if (!transaction.Sees(inserted)) ThrowConflict(transaction, inserted, row_id, kind);
  if (versions->updated) {
    transaction_t updated = versions->updated[row];
    if (updated && !transaction.Sees(updated)) ThrowConflict(transaction, updated, row_id, kind);
  }
}
}  // namespace

// ---- undo entries ----------------------------------------------------------------------

/// Rows [first, first + count) appended by one transaction.
class AppendUndo final : public UndoEntry {
 public:
  AppendUndo(std::shared_ptr<DataTable> table, transaction_t id, idx_t first, idx_t count)
      : table_(std::move(table)), id_(id), first_(first), count_(count) {}

  void Commit(transaction_t commit_id) noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    Retag(id_, commit_id);
    table_->Uncommitted(id_, -static_cast<int64_t>(count_));
  }
  void Rollback() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    table_->Uncommitted(id_, -static_cast<int64_t>(count_));
    if (first_ + count_ == table_->total_rows_) {
      table_->TruncateLocked(first_);
      return;
    }
    // Rows appended after them stay: these are deleted for every snapshot.
    ForEachVector([&](RowGroup& group, idx_t v, idx_t begin, idx_t end) {
      VectorVersions* versions = VersionsOf(group, v);
      uint64_t* mask = nullptr;
      try {
        mask = EnsureMask(group, v);
      } catch (...) {
        // Out of memory for a mask: the rows keep a tag nobody ever sees (without a
        // per-row array, every row of the vector is one of them).
        if (!versions->inserted) {
          versions->insert_all = kNotDeleted;
        } else {
          for (idx_t r = begin; r < end; r++) versions->inserted[r] = kNotDeleted;
        }
        return;
      }
      for (idx_t r = begin; r < end; r++) mask[r / 64] |= uint64_t(1) << (r % 64);
      table_->deleted_rows_ += end - begin;
      versions->pending -= end - begin;
      if (versions->inserted) {
        for (idx_t r = begin; r < end; r++) versions->inserted[r] = 0;
      } else {
        versions->insert_all = 0;
      }
      DropIfClean(group, v);
    });
  }
  void Log(std::vector<WalRecord>& out) const override {
    if (table_->temporary_) return;
    std::shared_lock<std::shared_mutex> guard(table_->lock_);
    ForEachVector([&](RowGroup& group, idx_t v, idx_t begin, idx_t end) {
      WalRecord record{WalRecordType::kAppend, {}};
      PayloadWriter payload(record.payload);
      payload.Put<uint64_t>(table_->oid_);
      payload.Put<uint64_t>(group.start + v * kVectorSize + begin);
      payload.Put<uint32_t>(static_cast<uint32_t>(end - begin));
      // Fixed-width values go to the log from where they lie. The record holds a
      // reference to each vector's buffer: another transaction's UPDATE of a row beside
      // these (in the same vector) replaces the stored vector and would free it.
      for (const auto& column : group.columns) {
        auto held = std::make_shared<Vector>(column[v]->Type(), 0);
        held->Reference(*column[v]);
        const std::string_view values =
            EncodeVectorInPlace(*held, end - begin, record.payload, begin);
        if (!values.empty()) {
          record.inserts.emplace_back(record.payload.size(), values);
          record.keep_alive.push_back(std::move(held));
        }
      }
      out.push_back(std::move(record));
    });
  }
  void Cleanup() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    ForEachVector([&](RowGroup& group, idx_t v, idx_t begin, idx_t end) {
      VectorVersions* versions = VersionsOf(group, v);
      if (versions->inserted) {
        for (idx_t r = begin; r < end; r++) versions->inserted[r] = 0;
      } else {
        versions->insert_all = 0;
      }
      versions->pending -= end - begin;
      DropIfClean(group, v);
    });
  }

 private:
  /// fn(group, vector, first row, end row) for each vector slice of the rows. Lock held.
  template <class Fn>
  void ForEachVector(Fn fn) const {
    idx_t row = first_;
    const idx_t end = first_ + count_;
    while (row < end) {
      RowGroup& group = *table_->row_groups_[row / table_->row_group_size_];
      idx_t in_group = row - group.start;
      idx_t v = in_group / kVectorSize;
      idx_t begin = in_group % kVectorSize;
      idx_t stop = std::min(kVectorSize, begin + (end - row));
      fn(group, v, begin, stop);
      row += stop - begin;
    }
  }
  void Retag(transaction_t from, transaction_t to) {
    ForEachVector([&](RowGroup& group, idx_t v, idx_t begin, idx_t end) {
      VectorVersions* versions = VersionsOf(group, v);
      if (!versions->inserted) {
        versions->insert_all = to;
        return;
      }
      for (idx_t r = begin; r < end; r++) {
        if (versions->inserted[r] == from) versions->inserted[r] = to;
      }
    });
  }

  std::shared_ptr<DataTable> table_;
  transaction_t id_;
  idx_t first_, count_;
};

/// Rows deleted by one transaction.
class DeleteUndo final : public UndoEntry {
 public:
  DeleteUndo(std::shared_ptr<DataTable> table, transaction_t id, std::vector<int64_t> rows)
      : table_(std::move(table)), id_(id), rows_(std::move(rows)) {}

  void Commit(transaction_t commit_id) noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    ForEachRow([&](RowGroup&, idx_t, VectorVersions& versions, idx_t r) {
      versions.deleted[r] = commit_id;
    });
    table_->Uncommitted(id_, -static_cast<int64_t>(rows_.size()));
  }
  void Log(std::vector<WalRecord>& out) const override {
    if (table_->temporary_) return;
    WalRecord record{WalRecordType::kDelete, {}};
    PayloadWriter payload(record.payload);
    payload.Put<uint64_t>(table_->oid_);
    payload.Put<uint32_t>(static_cast<uint32_t>(rows_.size()));
    for (int64_t row : rows_) payload.Put<uint64_t>(static_cast<uint64_t>(row));
    out.push_back(std::move(record));
  }
  void Rollback() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    ForEachRow([&](RowGroup& group, idx_t v, VectorVersions& versions, idx_t r) {
      versions.deleted[r] = kNotDeleted;
      versions.pending--;
      DropIfClean(group, v);
    });
    table_->Uncommitted(id_, -static_cast<int64_t>(rows_.size()));
  }
  void Cleanup() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    ForEachRow([&](RowGroup& group, idx_t v, VectorVersions& versions, idx_t r) {
      // The mask was made by Delete, so that this step cannot fail.
      uint64_t* mask = group.versions->deleted[v].get();
      mask[r / 64] |= uint64_t(1) << (r % 64);
      table_->deleted_rows_++;
      versions.deleted[r] = kNotDeleted;
      versions.pending--;
      DropIfClean(group, v);
    });
  }

 private:
  template <class Fn>
  void ForEachRow(Fn fn) {
    for (int64_t id : rows_) {
      auto [group, row] = table_->Locate(id);
      idx_t v = row / kVectorSize;
      fn(*group, v, *VersionsOf(*group, v), row % kVectorSize);
    }
  }

  std::shared_ptr<DataTable> table_;
  transaction_t id_;
  std::vector<int64_t> rows_;
};

/// The before-images of one UPDATE statement's call into the table.
class UpdateUndo final : public UndoEntry {
 public:
  UpdateUndo(std::shared_ptr<DataTable> table, transaction_t id,
             std::vector<std::unique_ptr<UpdateRecord>> records)
      : table_(std::move(table)), id_(id), records_(std::move(records)) {}

  void Commit(transaction_t commit_id) noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    for (auto& record : records_) {
      record->version = commit_id;
      VectorVersions& versions = Versions(*record);
      for (sel_t r : record->rows) {
        if (versions.updated[r] == id_) versions.updated[r] = commit_id;
      }
      table_->Uncommitted(id_, -static_cast<int64_t>(record->rows.size()));
    }
  }
  void Rollback() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    for (size_t i = records_.size(); i-- > 0;) {
      UpdateRecord& record = *records_[i];
      RowGroup& group = *table_->row_groups_[record.group];
      auto& stored = group.columns[record.column][record.vector];
      {
        // Written as a copy, as UpdateLocked does (a scan may still read the vector).
        auto copy = std::make_unique<Vector>(stored->Type(), kVectorSize, /*zero_fill=*/false);
        copy->CopyFrom(*stored, SelectionVector(), RowsIn(group, record.vector), 0, 0);
        stored = std::move(copy);
      }
      const SelectionVector none;
      for (idx_t k = 0; k < record.rows.size(); k++) {
        stored->CopyFrom(*record.before, none, 1, k, record.rows[k]);
      }
      VectorVersions& versions = Versions(record);
      for (idx_t k = 0; k < record.rows.size(); k++) {
        versions.updated[record.rows[k]] = record.previous[k];
      }
      Unlink(record);
      table_->Uncommitted(id_, -static_cast<int64_t>(record.rows.size()));
    }
  }
  void Log(std::vector<WalRecord>& out) const override {
    if (table_->temporary_) return;
    std::shared_lock<std::shared_mutex> guard(table_->lock_);
    for (const auto& record : records_) {
      const RowGroup& group = *table_->row_groups_[record->group];
      const idx_t n = record->rows.size();
      WalRecord logged{WalRecordType::kUpdate, {}};
      PayloadWriter payload(logged.payload);
      payload.Put<uint64_t>(table_->oid_);
      payload.Put<uint32_t>(static_cast<uint32_t>(record->column));
      payload.Put<uint32_t>(static_cast<uint32_t>(n));
      SelectionVector sel(n);
      for (idx_t k = 0; k < n; k++) {
        payload.Put<uint64_t>(group.start + record->vector * kVectorSize + record->rows[k]);
        sel.Set(k, record->rows[k]);
      }
      // The values the transaction leaves: the stored ones (it may have updated the rows
      // again since; a later record then repeats them).
      const Vector& stored = *group.columns[record->column][record->vector];
      Vector values(stored.Type(), std::max<idx_t>(n, 1));
      values.CopyFrom(stored, sel, n, 0, 0);
      EncodeVector(values, n, logged.payload);
      out.push_back(std::move(logged));
    }
  }
  void Cleanup() noexcept override {
    std::lock_guard<std::shared_mutex> guard(table_->lock_);
    for (auto& record : records_) {
      VectorVersions& versions = Versions(*record);
      for (sel_t r : record->rows) {
        if (versions.updated[r] == record->version) versions.updated[r] = 0;
      }
      Unlink(*record);
    }
  }

 private:
  VectorVersions& Versions(const UpdateRecord& record) {
    return *VersionsOf(*table_->row_groups_[record.group], record.vector);
  }
  static idx_t RowsIn(const RowGroup& group, idx_t v) {
    return std::min(kVectorSize, group.count - v * kVectorSize);
  }
  /// Takes `record` out of its column's chain. Lock held.
  void Unlink(UpdateRecord& record) {
    RowGroup& group = *table_->row_groups_[record.group];
    VectorVersions& versions = Versions(record);
    UpdateRecord** link = &versions.updates[record.column];
    while (*link && *link != &record) link = &(*link)->older;
    if (*link) *link = record.older;
    versions.pending -= record.rows.size();
    DropIfClean(group, record.vector);
  }

  std::shared_ptr<DataTable> table_;
  transaction_t id_;
  std::vector<std::unique_ptr<UpdateRecord>> records_;
};

DataTable::DataTable(std::vector<LogicalType> types, idx_t row_group_size)
    : types_(std::move(types)), row_group_size_(row_group_size) {
  TEAL_CHECK_GT(row_group_size_, idx_t{0});
  TEAL_CHECK_EQ(row_group_size_ % kVectorSize, idx_t{0});
}
DataTable::~DataTable() = default;

idx_t DataTable::RowIdCount() const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  return total_rows_;
}

idx_t DataTable::RowCount() const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  return total_rows_ - deleted_rows_;
}

idx_t DataTable::RowGroupCount() const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  return row_groups_.size();
}

namespace {
bool Versioned(const RowGroup& group) {
  if (!group.versions) return false;
  for (const auto& versions : group.versions->vectors) {
    if (versions) return true;
  }
  return false;
}
}  // namespace

std::vector<std::optional<uint64_t>> DataTable::SettledRowGroups() const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  std::vector<std::optional<uint64_t>> stamps;
  for (const auto& group : row_groups_) {
    stamps.push_back(Versioned(*group) ? std::nullopt : std::optional<uint64_t>(group->changes));
  }
  return stamps;
}

void DataTable::SetStored(idx_t row_group, std::shared_ptr<const StoredRowGroup> stored) {
  std::shared_lock<std::shared_mutex> guard(lock_);
  if (row_group >= row_groups_.size()) return;
  RowGroup& group = *row_groups_[row_group];
  if (Versioned(group) || group.changes != stored->changes) return;
  std::lock_guard<std::mutex> zones_guard(zones_lock_);
  group.stored = std::move(stored);
}

std::vector<RowGroupStorage> DataTable::StorageInfo() const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  std::lock_guard<std::mutex> zones_guard(zones_lock_);
  std::vector<RowGroupStorage> groups;
  for (const auto& group : row_groups_) {
    const bool current =
        group->stored && !Versioned(*group) && group->stored->changes == group->changes;
    groups.push_back({group->start, group->count, current ? group->stored : nullptr});
  }
  return groups;
}

std::vector<idx_t> DataTable::RowGroupsToScan(
    const std::vector<idx_t>& columns,
    const std::function<bool(std::span<const ColumnZone>)>& may_pass) const {
  std::shared_lock<std::shared_mutex> guard(lock_);  // writers change groups under it
  std::vector<idx_t> scan;
  std::vector<ColumnZone> zones(columns.size());
  for (idx_t g = 0; g < row_groups_.size(); g++) {
    RowGroup& group = *row_groups_[g];
    if (Versioned(group) || group.count == 0) {
      scan.push_back(g);
      continue;
    }
    {
      std::lock_guard<std::mutex> zones_guard(zones_lock_);
      if (!group.zones || group.zones->changes != group.changes) {
        group.zones = std::make_unique<RowGroupZones>();
        group.zones->changes = group.changes;
        group.zones->columns.resize(types_.size());
      }
      for (idx_t i = 0; i < columns.size(); i++) {
        const idx_t column = columns[i];
        ColumnZone& zone = zones[i];
        if (column == kRowIdColumn) {
          zone.known = true;
          zone.has_null = false;
          zone.min = Value::BigInt(static_cast<int64_t>(group.start));
          zone.max = Value::BigInt(static_cast<int64_t>(group.start + group.count - 1));
          continue;
        }
        std::optional<ColumnZone>& kept = group.zones->columns[column];
        if (!kept) {
          kept.emplace();
          kept->known = ZoneMapsCover(types_[column]);
          const auto& vectors = group.columns[column];
          for (idx_t v = 0; kept->known && v < vectors.size(); v++) {
            WidenZone(*kept, *vectors[v], std::min(kVectorSize, group.count - v * kVectorSize));
          }
        }
        zone = *kept;
      }
    }
    if (may_pass(zones)) scan.push_back(g);
  }
  return scan;
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
  if (taken.Type().Physical() != PhysicalType::kList || taken.ListSize() == 0) return;
  const Vector& child = taken.ListChild();
  ShapeLike(fresh.ReserveListChild(child.Capacity()), child);
}

/// Zeroes the bytes of NULL rows [0, count), so that stored NULLs hold the same bytes
/// whatever the writer left there. LIST rows keep their (empty) entries; their children's
/// NULL elements are zeroed, and a STRUCT's fields.
void ZeroNullRows(Vector& vector, idx_t count) {
  if (vector.Type().Physical() == PhysicalType::kList) {
    if (vector.ListSize()) ZeroNullRows(vector.ListChild(), vector.ListSize());
    return;
  }
  if (vector.Type().Physical() == PhysicalType::kStruct) {
    // No bytes of its own; its fields are NULL where it is.
    for (idx_t f = 0; f < vector.Type().StructFields().size(); f++) {
      ZeroNullRows(vector.StructChild(f), count);
    }
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

/// Tags rows [begin, begin + count) of vector `v` of `group` as inserted by `version`.
/// May throw before it changes anything.
void TagInserted(RowGroup& group, idx_t v, idx_t begin, idx_t count, transaction_t version) {
  VectorVersions* versions = VersionsOf(group, v);
  if (!versions && begin == 0) {
    EnsureVersions(group, v).insert_all = version;
  } else if (!versions || versions->inserted || versions->insert_all != version) {
    VectorVersions& made = versions ? *versions : EnsureVersions(group, v);
    transaction_t* tags = EnsureTags(made.inserted, made.insert_all);
    std::fill_n(tags + begin, count, version);
  }
  VersionsOf(group, v)->pending += count;
}

}  // namespace

void DataTable::AppendLocked(const DataChunk& chunk, DataChunk* give, transaction_t version) {
  TEAL_CHECK_EQ(chunk.ColumnCount(), types_.size());
  idx_t appended = 0;
  const idx_t total = chunk.size();
  while (appended < total) {
    RowGroup* group = row_groups_.empty() ? nullptr : row_groups_.back().get();
    if (!group || group->count == row_group_size_) group = &NewRowGroup();
    idx_t offset_in_vector = group->count % kVectorSize;
    idx_t take = std::min(total - appended, kVectorSize - offset_in_vector);
    take = std::min(take, row_group_size_ - group->count);
    SelectionVector none;
    const bool whole_vector = offset_in_vector == 0 && appended == 0 && take == kVectorSize;
    const idx_t v = group->count / kVectorSize;
    for (idx_t c = 0; c < types_.size(); c++) {
      auto& vectors = group->columns[c];
      if (vectors.size() == v + 1) {
        vectors.back()->CopyFrom(chunk.data[c], none, take, appended, offset_in_vector);
        continue;
      }
      if (whole_vector && give && TakeVector(give->data[c], vectors)) continue;
      // Not zero-filled: CopyFrom writes every row before a scan can read it.
      vectors.push_back(std::make_unique<Vector>(types_[c], kVectorSize, /*zero_fill=*/false));
      vectors.back()->CopyFrom(chunk.data[c], none, take, appended, offset_in_vector);
    }
    // After the copies: rows that failed to copy were never counted or tagged (a vector
    // pushed for them is reused by the next append, see the size test above).
    TagInserted(*group, v, offset_in_vector, take, version);
    group->count += take;
    total_rows_ += take;
    appended += take;
  }
}

void DataTable::CheckWritable(const Transaction& transaction) const {
  if (retired_) {
    throw TransactionError(
        "could not write: another transaction altered this table (ALTER TABLE) and committed "
        "after this statement or transaction began; nothing was written (roll back and "
        "retry)");
  }
  if (replacing_ != 0 && replacing_ != transaction.Id()) {
    throw TransactionError(
        "Transaction conflict: could not write: the table is being altered by a different "
        "transaction (ALTER TABLE), which has not ended; roll back and retry");
  }
  if (altered_at_ > transaction.StartTime()) {
    throw TransactionError(
        "could not write: another transaction changed the table's indexes, constraints or "
        "triggers (CREATE INDEX, ADD PRIMARY KEY / UNIQUE, SET NOT NULL, a FOREIGN KEY to it, "
        "CREATE / DROP TRIGGER) after this one began; roll back and retry");
  }
}

void DataTable::MarkAltered(transaction_t commit_id) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  altered_at_ = std::max(altered_at_, commit_id);
}

void DataTable::Append(Transaction& transaction, const DataChunk& chunk) {
  // Not given: AppendUnit only copies from it.
  DataChunk* one[] = {const_cast<DataChunk*>(&chunk)};
  AppendUnit(transaction, one, /*give=*/false);
}

idx_t DataTable::AppendAll(Transaction& transaction, std::span<DataChunk* const> chunks) {
  return AppendUnit(transaction, chunks, /*give=*/true);
}

idx_t DataTable::AppendUnit(Transaction& transaction, std::span<DataChunk* const> chunks,
                            bool give) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable(transaction);
  writes_++;
  transaction.NoteWrite(*this, /*values=*/true);
  const idx_t old_total = total_rows_;
  std::unique_ptr<AppendUndo> undo;
  try {
    // The undo entry's room first, so that nothing can fail once the rows are in.
    transaction.Undo().Reserve();
    undo = std::make_unique<AppendUndo>(shared_from_this(), transaction.Id(), old_total, 0);
    for (DataChunk* chunk : chunks) AppendLocked(*chunk, give ? chunk : nullptr, transaction.Id());
  } catch (...) {
    // A failure part-way (out of memory) leaves the table as it was.
    TruncateLocked(old_total);
    throw;
  }
  const idx_t added = total_rows_ - old_total;
  if (added > 0) {
    *undo = AppendUndo(shared_from_this(), transaction.Id(), old_total, added);
    transaction.Undo().Push(std::move(undo));
    Uncommitted(transaction.Id(), static_cast<int64_t>(added));
  }
  return old_total;
}

void DataTable::TruncateLocked(idx_t rows) noexcept {
  if (rows >= total_rows_) return;
  // Row groups are full but for the last, so row `rows` is in group rows / row_group_size_.
  const idx_t groups = (rows + row_group_size_ - 1) / row_group_size_;
  row_groups_.resize(groups);  // shrinking: never allocates
  if (!row_groups_.empty()) {
    RowGroup& group = *row_groups_.back();
    const idx_t old_count = group.count;
    group.count = rows - group.start;
    const idx_t vectors = (group.count + kVectorSize - 1) / kVectorSize;
    for (auto& column : group.columns) column.resize(vectors);
    if (group.versions) {
      // The cut rows' tags go with them (appended rows have an insert tag only).
      auto& versions = group.versions->vectors;
      for (idx_t v = 0; v < versions.size(); v++) {
        if (!versions[v]) continue;
        const idx_t begin = std::max(group.count, v * kVectorSize);
        const idx_t end = std::min(old_count, (v + 1) * kVectorSize);
        if (begin >= end) continue;
        versions[v]->pending -= end - begin;
        if (v >= vectors)
          versions[v].reset();
        else
          DropIfClean(group, v);
      }
      auto& masks = group.versions->deleted;
      for (idx_t v = vectors; v < masks.size(); v++) masks[v].reset();
    }
  }
  total_rows_ = rows;
}

namespace {
/// Whether a column's update chain holds a change `transaction` does not see.
bool HidesUpdate(const Transaction& transaction, const UpdateRecord* record) {
  for (; record; record = record->older) {
    if (!transaction.Sees(record->version)) return true;
  }
  return false;
}

/// What `transaction` sees of one stored vector: which rows, and the values of a column.
class VectorView {
 public:
  VectorView(const Transaction& transaction, const RowGroup& group, idx_t vector_index)
      : transaction_(transaction),
        group_(group),
        vector_index_(vector_index),
        first_row_(vector_index * kVectorSize),
        count_(std::min(kVectorSize, group.count - first_row_)),
        deleted_(DeletedMask(group, vector_index)),
        versions_(VersionsOf(group, vector_index)),
        check_versions_(versions_ && !versions_->AllVisibleTo(transaction)) {}

  idx_t Count() const { return count_; }
  /// Whether every row is visible, so that Visible need not be asked.
  bool AllVisible() const { return !deleted_ && !check_versions_; }
  bool Visible(idx_t r) const {
    if (MaskHas(deleted_, r)) return false;
    if (check_versions_) {
      if (!transaction_.Sees(versions_->Inserted(r))) return false;
      if (versions_->deleted && transaction_.Sees(versions_->deleted[r])) return false;
    }
    return true;
  }
  /// The vector of column `column` as the snapshot sees it: the stored one, or `scratch`
  /// filled with the stored values and the before-images of the updates it does not see.
  /// kRowIdColumn gives the rows' ids, in `scratch`.
  const Vector& Column(idx_t column, std::optional<Vector>& scratch) const {
    if (column == kRowIdColumn) {
      scratch.emplace(LogicalType(TypeId::kBigInt), kVectorSize, /*zero_fill=*/false);
      int64_t* values = scratch->Values<int64_t>();
      const auto base = static_cast<int64_t>(group_.start + first_row_);
      for (idx_t r = 0; r < count_; r++) values[r] = base + static_cast<int64_t>(r);
      return *scratch;
    }
    const Vector& stored = *group_.columns[column][vector_index_];
    const UpdateRecord* chain =
        versions_ && column < versions_->updates.size() ? versions_->updates[column] : nullptr;
    if (!chain || !HidesUpdate(transaction_, chain)) return stored;
    // Newest first, each change this snapshot does not see puts its before-images back;
    // the oldest one it does not see leaves the value the snapshot sees.
    Vector& patched = scratch.emplace(stored.Type(), kVectorSize, /*zero_fill=*/false);
    const SelectionVector none;
    patched.CopyFrom(stored, none, count_, 0, 0);
    for (const UpdateRecord* record = chain; record; record = record->older) {
      if (transaction_.Sees(record->version)) continue;
      for (idx_t k = 0; k < record->rows.size(); k++) {
        patched.CopyFrom(*record->before, none, 1, k, record->rows[k]);
      }
    }
    return patched;
  }

 private:
  const Transaction& transaction_;
  const RowGroup& group_;
  idx_t vector_index_;
  idx_t first_row_;
  idx_t count_;
  const uint64_t* deleted_;
  const VectorVersions* versions_;
  bool check_versions_;
};
}  // namespace

bool DataTable::Scan(const Transaction& transaction, TableScanState& state,
                     const std::vector<idx_t>& column_ids, DataChunk& out) const {
  std::shared_lock<std::shared_mutex> guard(lock_);  // reads only
  while (state.row_group < row_groups_.size()) {
    if (state.row_group > state.end_row_group ||
        (state.row_group == state.end_row_group && state.vector_index >= state.end_vector)) {
      break;
    }
    const RowGroup& group = *row_groups_[state.row_group];
    const idx_t vector_index = state.vector_index;
    if (vector_index * kVectorSize >= group.count) {
      state.row_group++;
      state.vector_index = 0;
      continue;
    }
    state.vector_index++;
    const VectorView view(transaction, group, vector_index);
    const idx_t count = view.Count();
    SelectionVector live;
    idx_t live_count = count;
    if (!view.AllVisible()) {
      live = SelectionVector(count);
      live_count = 0;
      for (idx_t r = 0; r < count; r++) {
        if (view.Visible(r)) live.Set(live_count++, r);
      }
      if (live_count == 0) continue;
    }
    for (idx_t i = 0; i < column_ids.size(); i++) {
      std::optional<Vector> scratch;
      const Vector& seen = view.Column(column_ids[i], scratch);
      if (scratch) {
        out.data[i] = std::move(*scratch);
      } else {
        out.data[i].Reference(seen);
      }
    }
    out.SetCardinality(count);
    if (!view.AllVisible()) out.Slice(live, live_count);
    return true;
  }
  out.SetCardinality(0);
  return false;
}

idx_t DataTable::FetchVisible(const Transaction& transaction, std::span<const int64_t> row_ids,
                              const std::vector<idx_t>& column_ids, DataChunk& out) const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  for (auto& column : out.data) column.Recycle(kVectorSize);
  // Ids an index gives are scattered: each row's values are a cache miss of their own.
  // Asking for all of them first lets the misses overlap (100 ids of a 1M-row table:
  // 96 -> 73 us per IN-list query, teal-bench-engine Sql/InListLookup100).
  for (const int64_t id : row_ids.first(std::min<size_t>(row_ids.size(), kVectorSize))) {
    if (id < 0 || static_cast<idx_t>(id) >= total_rows_) continue;
    const auto position = static_cast<idx_t>(id);
    const RowGroup& group = *row_groups_[position / row_group_size_];
    const idx_t row = position - group.start;
    for (const idx_t column : column_ids) {
      if (column == kRowIdColumn) continue;
      const Vector& stored = *group.columns[column][row / kVectorSize];
      const idx_t width = PhysicalTypeSize(stored.Type().Physical());
      if (width > 0) {
        __builtin_prefetch(stored.Values<uint8_t>() + (row % kVectorSize) * width);
      }
    }
  }
  idx_t produced = 0, used = 0;
  SelectionVector sel(kVectorSize);
  std::vector<std::optional<Vector>> scratch(column_ids.size());
  while (used < row_ids.size() && produced < kVectorSize) {
    const int64_t id = row_ids[used];
    if (id < 0 || static_cast<idx_t>(id) >= total_rows_) {
      // A row of a rolled-back append, taken out of the table since the index gave it.
      used++;
      continue;
    }
    const auto position = static_cast<idx_t>(id);
    const RowGroup& group = *row_groups_[position / row_group_size_];
    const idx_t vector_index = (position - group.start) / kVectorSize;
    const auto vector_start = static_cast<int64_t>(group.start + vector_index * kVectorSize);
    const VectorView view(transaction, group, vector_index);
    // The ids in this vector that the snapshot sees, as long as `out` has room.
    idx_t selected = 0;
    while (used < row_ids.size() && produced + selected < kVectorSize) {
      const int64_t row = row_ids[used] - vector_start;
      if (row < 0 || row >= static_cast<int64_t>(view.Count())) break;
      used++;
      if (view.Visible(static_cast<idx_t>(row))) sel.Set(selected++, static_cast<idx_t>(row));
    }
    if (selected == 0) continue;
    for (idx_t k = 0; k < column_ids.size(); k++) {
      out.data[k].CopyFrom(view.Column(column_ids[k], scratch[k]), sel, selected, 0, produced);
    }
    produced += selected;
  }
  out.SetCardinality(produced);
  return used;
}

std::pair<RowGroup*, idx_t> DataTable::Locate(int64_t row_id) const {
  if (row_id < 0 || static_cast<idx_t>(row_id) >= total_rows_) {
    throw InternalError("row id " + std::to_string(row_id) + " is not in the table");
  }
  auto id = static_cast<idx_t>(row_id);
  RowGroup* group = row_groups_[id / row_group_size_].get();
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

DataTable::KeyHolder DataTable::Holder(const Transaction& transaction, int64_t row_id) const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  auto [group, row] = Locate(row_id);
  const idx_t v = row / kVectorSize, r = row % kVectorSize;
  if (MaskHas(DeletedMask(*group, v), r)) return KeyHolder::kGone;
  const VectorVersions* versions = VersionsOf(*group, v);
  if (!versions) return KeyHolder::kLive;
  auto others = [&](transaction_t tag) {
    return tag >= kTransactionIdStart && tag != kNotDeleted && tag != transaction.Id();
  };
  const transaction_t inserted = versions->Inserted(r);
  if (inserted == kNotDeleted) return KeyHolder::kGone;
  if (others(inserted)) return KeyHolder::kPending;
  if (versions->deleted) {
    const transaction_t deleted = versions->deleted[r];
    if (others(deleted)) return KeyHolder::kPending;
    if (deleted != kNotDeleted) return KeyHolder::kGone;
  }
  if (versions->updated && others(versions->updated[r])) return KeyHolder::kPending;
  return KeyHolder::kLive;
}

bool DataTable::InsertedBy(const Transaction& transaction, int64_t row_id) const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  auto [group, row] = Locate(row_id);
  const VectorVersions* versions = VersionsOf(*group, row / kVectorSize);
  return versions && versions->Inserted(row % kVectorSize) == transaction.Id();
}

bool DataTable::IsDead(int64_t row_id) const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  auto [group, row] = Locate(row_id);
  const idx_t v = row / kVectorSize, r = row % kVectorSize;
  if (MaskHas(DeletedMask(*group, v), r)) return true;
  const VectorVersions* versions = VersionsOf(*group, v);
  if (!versions) return false;
  if (versions->Inserted(r) == kNotDeleted) return true;
  return versions->deleted && versions->deleted[r] < kTransactionIdStart;
}

idx_t DataTable::Delete(Transaction& transaction, const std::vector<int64_t>& row_ids) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable(transaction);
  writes_++;
  transaction.NoteWrite(*this, /*values=*/false);
  // First check every row and make room for every tag and mask the change and its
  // cleanup need, so that marking cannot fail half-way.
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    const idx_t v = row / kVectorSize;
    const idx_t r = row % kVectorSize;
    if (MaskHas(DeletedMask(*group, v), r)) continue;
    const VectorVersions* versions = VersionsOf(*group, v);
    if (versions && versions->deleted) {
      transaction_t tag = versions->deleted[r];
      if (tag == transaction.Id() || (tag != kNotDeleted && transaction.Sees(tag))) continue;
      if (tag != kNotDeleted) ThrowConflict(transaction, tag, id, WriteKind::kDelete);
    }
    CheckWritableRow(transaction, versions, r, id, WriteKind::kDelete);
  }
  std::vector<int64_t> marked;
  marked.reserve(row_ids.size());
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    const idx_t v = row / kVectorSize;
    EnsureMask(*group, v);
    EnsureTags(EnsureVersions(*group, v).deleted, kNotDeleted);
  }
  transaction.Undo().Reserve();
  auto undo =
      std::make_unique<DeleteUndo>(shared_from_this(), transaction.Id(), std::vector<int64_t>());
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    const idx_t v = row / kVectorSize;
    const idx_t r = row % kVectorSize;
    VectorVersions& versions = *VersionsOf(*group, v);
    if (MaskHas(DeletedMask(*group, v), r) || versions.deleted[r] != kNotDeleted) continue;
    versions.deleted[r] = transaction.Id();
    versions.pending++;
    marked.push_back(id);
  }
  // Vectors that got room but no deletion keep no empty versions.
  for (int64_t id : row_ids) {
    auto [group, row] = Locate(id);
    DropIfClean(*group, row / kVectorSize);
  }
  const idx_t deleted = marked.size();
  if (deleted > 0) {
    *undo = DeleteUndo(shared_from_this(), transaction.Id(), std::move(marked));
    transaction.Undo().Push(std::move(undo));
    Uncommitted(transaction.Id(), static_cast<int64_t>(deleted));
  }
  return deleted;
}

void DataTable::Update(Transaction& transaction, const std::vector<int64_t>& row_ids,
                       const std::vector<idx_t>& columns, const DataChunk& values) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable(transaction);
  const DataChunk* one = &values;
  UpdateLocked(transaction, {&row_ids, 1}, columns, {&one, 1});
}

void DataTable::UpdateAll(Transaction& transaction, std::span<const std::vector<int64_t>> row_ids,
                          const std::vector<idx_t>& columns,
                          std::span<const std::unique_ptr<DataChunk>> values) {
  TEAL_CHECK_EQ(row_ids.size(), values.size());
  std::vector<const DataChunk*> chunks;
  chunks.reserve(values.size());
  for (const auto& chunk : values) chunks.push_back(chunk.get());
  std::lock_guard<std::shared_mutex> guard(lock_);
  CheckWritable(transaction);
  UpdateLocked(transaction, row_ids, columns, chunks);
}

void DataTable::UpdateLocked(Transaction& transaction,
                             std::span<const std::vector<int64_t>> row_ids,
                             const std::vector<idx_t>& columns,
                             std::span<const DataChunk* const> values) {
  writes_++;
  transaction.NoteWrite(*this, /*values=*/true);
  for (const DataChunk* chunk : values) {
    TEAL_CHECK_EQ(columns.size(), chunk->ColumnCount());
  }
  // 1. Check every row and collect the rows of each vector (each once).
  struct Target {
    idx_t group, vector;
    std::vector<sel_t> rows;
    std::vector<bool> seen = std::vector<bool>(kVectorSize);
  };
  std::vector<Target> targets;
  std::unordered_map<idx_t, idx_t> target_of;  // group * VectorsPerRowGroup() + vector
  for (idx_t k = 0; k < values.size(); k++) {
    TEAL_CHECK_LE(values[k]->size(), row_ids[k].size());
    for (idx_t i = 0; i < values[k]->size(); i++) {
      const int64_t id = row_ids[k][i];
      auto [group, row] = Locate(id);
      const idx_t v = row / kVectorSize;
      const idx_t r = row % kVectorSize;
      const VectorVersions* versions = VersionsOf(*group, v);
      if (versions && versions->deleted && versions->deleted[r] != kNotDeleted) {
        ThrowConflict(transaction, versions->deleted[r], id, WriteKind::kUpdate);
      }
      CheckWritableRow(transaction, versions, r, id, WriteKind::kUpdate);
      const idx_t g = static_cast<idx_t>(id) / row_group_size_;
      auto [it, added] = target_of.try_emplace(g * VectorsPerRowGroup() + v, targets.size());
      if (added) targets.push_back(Target{g, v, {}});
      Target& target = targets[it->second];
      if (!target.seen[r]) {
        target.seen[r] = true;
        target.rows.push_back(static_cast<sel_t>(r));
      }
    }
  }
  // 2. The before-images, the versions' room and the copies of vectors a result still
  // shares: everything that allocates, before anything changes.
  std::vector<std::unique_ptr<UpdateRecord>> records;
  for (const Target& target : targets) {
    RowGroup& group = *row_groups_[target.group];
    VectorVersions& versions = EnsureVersions(group, target.vector);
    EnsureTags(versions.updated, 0);
    if (versions.updates.size() < types_.size()) versions.updates.resize(types_.size());
    SelectionVector sel(target.rows.size());
    for (idx_t k = 0; k < target.rows.size(); k++) sel.Set(k, target.rows[k]);
    for (idx_t c : columns) {
      auto record = std::make_unique<UpdateRecord>();
      record->version = transaction.Id();
      record->group = target.group;
      record->vector = target.vector;
      record->column = c;
      record->rows = target.rows;
      for (sel_t r : target.rows) record->previous.push_back(versions.updated[r]);
      auto& stored = group.columns[c][target.vector];
      record->before = std::make_unique<Vector>(types_[c], std::max<idx_t>(target.rows.size(), 1));
      record->before->CopyFrom(*stored, sel, target.rows.size(), 0, 0);
      records.push_back(std::move(record));
      // Always a copy: a scan on another thread may be reading the vector it referenced
      // (or has just let go of it, and a reference count read without ordering cannot
      // tell the writer that it is done), so the stored vector is replaced, never written.
      const idx_t rows = std::min(kVectorSize, group.count - target.vector * kVectorSize);
      auto copy = std::make_unique<Vector>(types_[c], kVectorSize, /*zero_fill=*/false);
      copy->CopyFrom(*stored, SelectionVector(), rows, 0, 0);
      stored = std::move(copy);
    }
  }
  transaction.Undo().Reserve();
  auto undo = std::make_unique<UpdateUndo>(shared_from_this(), transaction.Id(),
                                           std::vector<std::unique_ptr<UpdateRecord>>());
  // 3. Link the before-images and tag the rows; from here the undo entry can take the
  // change back, whatever fails while the values are written.
  idx_t tagged = 0;
  for (auto& record : records) {
    VectorVersions& versions = *VersionsOf(*row_groups_[record->group], record->vector);
    record->older = versions.updates[record->column];
    versions.updates[record->column] = record.get();
    for (sel_t r : record->rows) versions.updated[r] = transaction.Id();
    versions.pending += record->rows.size();
    tagged += record->rows.size();
  }
  *undo = UpdateUndo(shared_from_this(), transaction.Id(), std::move(records));
  transaction.Undo().Push(std::move(undo));
  Uncommitted(transaction.Id(), static_cast<int64_t>(tagged));
  // 4. The new values.
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

std::shared_ptr<DataTable> DataTable::CopyLocked(const Transaction& view,
                                                 std::vector<LogicalType> types,
                                                 const std::vector<idx_t>& keep,
                                                 const Value& fill) {
  auto copy = std::make_shared<DataTable>(std::move(types), row_group_size_);
  copy->temporary_ = temporary_;
  copy->manager_ = manager_;
  // The fill as a constant vector, when some column is new.
  std::unique_ptr<Vector> constant;
  if (std::find(keep.begin(), keep.end(), kInvalidIndex) != keep.end()) {
    constant = std::make_unique<Vector>(fill);
  }
  const SelectionVector none;
  std::optional<Vector> scratch;
  for (const auto& group : row_groups_) {
    auto& to = copy->NewRowGroup();  // its start is copy->total_rows_, as group->start
    to.count = group->count;
    const idx_t vectors = (group->count + kVectorSize - 1) / kVectorSize;
    for (idx_t v = 0; v < vectors; v++) {
      // The rows and values `view` sees: a vector no change it does not see touched is
      // shared, one with such a change is copied with the values it sees.
      const VectorView seen(view, *group, v);
      for (idx_t c = 0; c < keep.size(); c++) {
        const LogicalType& type = copy->types_[c];
        auto& column = to.columns[c];
        if (keep[c] == kInvalidIndex) {
          auto filled = std::make_unique<Vector>(type, kVectorSize);
          filled->CopyFrom(*constant, none, seen.Count(), 0, 0);
          column.push_back(std::move(filled));
          continue;
        }
        const Vector& values = seen.Column(keep[c], scratch);
        if (&values == group->columns[keep[c]][v].get()) {
          auto shared = std::make_unique<Vector>(type, 0);
          shared->Reference(values);
          column.push_back(std::move(shared));
        } else {
          column.push_back(std::make_unique<Vector>(std::move(*scratch)));
        }
        scratch.reset();
      }
      // Rows it does not see (deleted, or inserted by a transaction that has not
      // committed) are deleted ones in the copy.
      if (seen.AllVisible()) continue;
      uint64_t* mask = nullptr;
      for (idx_t r = 0; r < seen.Count(); r++) {
        if (seen.Visible(r)) continue;
        if (!mask) mask = EnsureMask(to, v);
        mask[r / 64] |= uint64_t(1) << (r % 64);
        copy->deleted_rows_++;
      }
    }
    copy->total_rows_ += group->count;
  }
  return copy;
}

void DataTable::Uncommitted(transaction_t id, int64_t delta) {
  // Taking away never allocates (the undo entries' Commit and Rollback do that).
  auto it = uncommitted_.find(id);
  if (delta > 0) {
    if (it == uncommitted_.end()) it = uncommitted_.emplace(id, 0).first;
    it->second += static_cast<idx_t>(delta);
    return;
  }
  if (it == uncommitted_.end()) return;
  it->second -= static_cast<idx_t>(-delta);
  if (it->second == 0) uncommitted_.erase(it);
}

bool DataTable::OthersHaveUncommittedLocked(transaction_t own) const {
  // Claimed by `own`, the others' changes cannot commit: none can land any more.
  if (replacing_ != 0 && replacing_ == own) return false;
  return uncommitted_.size() > (uncommitted_.count(own) ? 1 : 0);
}

void DataTable::CheckNoPendingChanges(std::string_view what, transaction_t own) const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  if (OthersHaveUncommittedLocked(own)) {
    throw TransactionError(fmt::format(
        "{}: the table has changes of another transaction that has not ended yet (it must "
        "commit or roll back first)",
        what));
  }
}

uint64_t DataTable::WriteCount() const {
  std::lock_guard<std::shared_mutex> guard(lock_);
  return writes_;
}

bool DataTable::MarkReplacing(transaction_t id, bool copies) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  if (replacing_ != 0 && replacing_ != id) return false;
  claim_copies_ = (replacing_ == id && claim_copies_) || copies;
  replacing_ = id;
  return true;
}

void DataTable::UnmarkReplacing(transaction_t id) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  if (replacing_ != id) return;
  replacing_ = 0;
  claim_copies_ = false;
}

bool DataTable::RetireIfUnchanged(uint64_t writes) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  if (writes_ != writes) return false;
  retired_ = true;
  return true;
}

void DataTable::Unretire() {
  std::lock_guard<std::shared_mutex> guard(lock_);
  retired_ = false;
  dropped_ = false;
}

void DataTable::Drop() {
  std::lock_guard<std::shared_mutex> guard(lock_);
  dropped_ = true;
}

std::string DataTable::LostChangesOf(const Transaction& transaction, bool values) const {
  std::shared_lock<std::shared_mutex> guard(lock_);
  const transaction_t id = transaction.Id();
  if (!uncommitted_.count(id)) return {};
  if (dropped_) return "another transaction has dropped this table";
  const bool claimed = replacing_ != 0 && replacing_ != id;
  // An ALTER's copy (retired: committed) holds none of the changes. A change of indexes,
  // constraints or triggers (claimed, or committed since the transaction began) was made
  // without inserted or changed values, which need them; deleting a row does not.
  if (retired_ || (claimed && claim_copies_) ||
      (values && (claimed || altered_at_ > transaction.StartTime()))) {
    return "another transaction has altered this table (ALTER TABLE, CREATE INDEX, a "
           "constraint or trigger)";
  }
  return {};
}

std::shared_ptr<DataTable> DataTable::WithColumnAdded(const Transaction& view,
                                                      const LogicalType& type, const Value& fill) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  std::vector<LogicalType> types = types_;
  types.push_back(type);
  std::vector<idx_t> keep;
  for (idx_t c = 0; c < types_.size(); c++) keep.push_back(c);
  keep.push_back(kInvalidIndex);
  return CopyLocked(view, std::move(types), keep, fill);
}

std::shared_ptr<DataTable> DataTable::WithColumnCast(const Transaction& view, idx_t column,
                                                     const LogicalType& type) {
  return WithColumnComputed(view, column, type, [column](const DataChunk& rows, Vector& result) {
    return TryCastVector(rows.data[column], result, rows.size(), nullptr);
  });
}

std::shared_ptr<DataTable> DataTable::WithColumnComputed(const Transaction& view, idx_t column,
                                                         const LogicalType& type,
                                                         const ColumnCompute& compute) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  TEAL_CHECK_LT(column, types_.size());
  std::vector<LogicalType> types = types_;
  types[column] = type;
  std::vector<idx_t> keep;
  for (idx_t c = 0; c < types_.size(); c++) keep.push_back(c == column ? kInvalidIndex : c);
  auto copy = CopyLocked(view, std::move(types), keep, Value(type));
  const SelectionVector none;
  DataChunk rows, one(types_, 1);
  for (idx_t c = 0; c < types_.size(); c++) rows.data.emplace_back(types_[c], 0);
  std::vector<std::optional<Vector>> scratch(types_.size());
  Vector converted(type, 1);
  for (size_t g = 0; g < row_groups_.size(); g++) {
    const RowGroup& from = *row_groups_[g];
    RowGroup& to = *copy->row_groups_[g];
    for (size_t v = 0; v < from.columns[column].size(); v++) {
      const VectorView seen(view, from, v);
      for (idx_t c = 0; c < types_.size(); c++) {
        scratch[c].reset();
        rows.data[c].Reference(seen.Column(c, scratch[c]));
      }
      const idx_t count = seen.Count();
      rows.SetCardinality(count);
      Vector& result = *to.columns[column][v];
      result.Recycle(kVectorSize);
      if (!compute(rows, result)) {
        // Rows the view does not see may hold anything; every row it sees converted in the
        // caller's check, over the same view.
        SelectionVector row(1);
        for (idx_t r = 0; r < count; r++) {
          row.Set(0, r);
          for (idx_t c = 0; c < types_.size(); c++) {
            one.data[c].Recycle(1);
            one.data[c].CopyFrom(rows.data[c], row, 1, 0, 0);
          }
          one.SetCardinality(1);
          converted.Recycle(1);
          if (compute(one, converted)) {
            result.CopyFrom(converted, none, 1, 0, r);
          } else if (seen.Visible(r)) {
            throw InternalError(
                "ALTER TABLE: a row that converted in the check does not in the copy");
          } else {
            result.SetNull(r);
          }
        }
      }
      ZeroNullRows(result, count);
    }
  }
  return copy;
}

std::shared_ptr<DataTable> DataTable::WithColumnDropped(const Transaction& view, idx_t column) {
  std::lock_guard<std::shared_mutex> guard(lock_);
  TEAL_CHECK_LT(column, types_.size());
  TEAL_CHECK_GT(types_.size(), idx_t{1});
  std::vector<LogicalType> types;
  std::vector<idx_t> keep;
  for (idx_t c = 0; c < types_.size(); c++) {
    if (c == column) continue;
    types.push_back(types_[c]);
    keep.push_back(c);
  }
  return CopyLocked(view, std::move(types), keep, Value());
}

}  // namespace teal
