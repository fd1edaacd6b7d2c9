// DataTable: the rows of one table, as row groups of column vectors.
//
// A row group holds up to RowGroupSize() rows (kRowGroupSize unless the database says
// otherwise); each column of it is a list of flat vectors of kVectorSize rows. Appends go
// to the last row group; scans hand out the stored vectors by reference (no copy).
//
// Versions (MVCC, src/transaction/transaction.hpp for the tags and who sees what):
//   1. A vector whose rows every snapshot sees alike has no VectorVersions: the scan
//      hands it out as it is (the only cost of MVCC on the read path is that test).
//      Rows every snapshot sees as deleted are bits of the row group's delete masks.
//   2. Otherwise its VectorVersions tags each row's insert and delete, and keeps, per
//      column, the chain of UpdateRecords (newest first) that hold the values rows had
//      before each update. Stored vectors always hold the newest values: an update
//      writes them into a fresh copy of the vector that replaces the stored one (scans on
//      other threads may still read the old one they referenced; it is never written).
//   3. A scan drops the rows its transaction does not see and, where a column has an
//      update it does not see, hands out a copy with the before-images put back.
//   4. Each change is an UndoEntry of its transaction (Append/Delete/Update record one):
//      commit re-tags, rollback takes back, cleanup drops the tags and before-images once
//      every snapshot sees the commit, and a vector whose tags are all gone loses its
//      VectorVersions again (rule 1).
//
// Thread safety: every method takes the table's lock (scans share it, one vector at a
// time); a scan sees its transaction's snapshot whatever commits meanwhile.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/zone_map.hpp"
#include "transaction/transaction.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

inline constexpr idx_t kRowGroupSize = 60 * kVectorSize;  // 122,880 rows: the default

/// A column id that scans produce as the row's id (BIGINT): its position in the table,
/// counting deleted rows. DELETE and UPDATE find their rows by it.
inline constexpr idx_t kRowIdColumn = static_cast<idx_t>(-2);

struct RowGroup {
  idx_t start = 0;
  idx_t count = 0;
  /// columns[c][v]: vector v (rows v*kVectorSize ...) of column c.
  std::vector<std::vector<std::unique_ptr<Vector>>> columns;
  /// Delete masks and per-vector versions; null while every row is visible to everyone.
  std::unique_ptr<struct RowVersionInfo> versions;
  /// Counts the times a vector of the group got versions: a change of its values always
  /// makes them, so zones computed at an older count are stale.
  uint64_t changes = 0;
  /// The zones scans computed (DataTable::RowGroupsToScan); guarded by the table's
  /// zones_lock_.
  std::unique_ptr<struct RowGroupZones> zones;
  /// What the last checkpoint wrote of the group (storage/stored_segments.hpp), or null;
  /// guarded by the table's zones_lock_.
  std::shared_ptr<const struct StoredRowGroup> stored;
};

/// A row group as pragma_storage_info lists it (DataTable::StorageInfo).
struct RowGroupStorage {
  idx_t start = 0;
  idx_t count = 0;
  /// What the last checkpoint wrote of it; null when it was never written or its rows
  /// changed since.
  std::shared_ptr<const StoredRowGroup> stored;
};

struct TableScanState {
  idx_t row_group = 0;
  idx_t vector_index = 0;
  /// Where the scan stops: at vector end_vector of row group end_row_group (a morsel's
  /// end). The default scans to the end of the table.
  idx_t end_row_group = kInvalidIndex;
  idx_t end_vector = 0;
};

class DataTable : public std::enable_shared_from_this<DataTable> {
 public:
  /// `row_group_size`: rows per row group, a positive multiple of kVectorSize.
  explicit DataTable(std::vector<LogicalType> types, idx_t row_group_size = kRowGroupSize);
  ~DataTable();

  const std::vector<LogicalType>& Types() const { return types_; }
  /// The table's number in the write-ahead log (storage/wal_payload.hpp); 0 until the
  /// catalog change that makes it gives it one.
  uint64_t Oid() const { return oid_; }
  void SetOid(uint64_t oid) { oid_ = oid; }
  /// A temporary table's (CREATE TEMP TABLE): its changes are never logged.
  void SetTemporary() { temporary_ = true; }
  bool Temporary() const { return temporary_; }
  /// The transaction manager of the database the table is in (set when it is created):
  /// which of a connection's transactions reads and changes it (Transaction::For).
  void SetManager(const TransactionManager* manager) { manager_ = manager; }
  const TransactionManager* Manager() const { return manager_; }
  idx_t RowCount() const;
  /// How many row ids the table has handed out: every row appended, deleted ones too.
  idx_t RowIdCount() const;
  /// How many row groups hold the rows (a scan's morsels are parts of row groups).
  idx_t RowGroupCount() const;
  idx_t RowGroupSize() const { return row_group_size_; }
  idx_t VectorsPerRowGroup() const { return row_group_size_ / kVectorSize; }

  /// The row groups (ascending) a scan of `columns` (table columns; kRowIdColumn for the
  /// rows' ids) must read when it keeps only rows for which `may_pass` can be true,
  /// given the zones of those columns (storage/zone_map.hpp), in order; the others hold
  /// no such row. A row group with versions (changes not every snapshot sees alike) is
  /// always read. Zones are computed on first use and kept until their group changes.
  /// `may_pass` is called with no lock of the table's writers held against it other than
  /// the scan's own.
  std::vector<idx_t> RowGroupsToScan(
      const std::vector<idx_t>& columns,
      const std::function<bool(std::span<const ColumnZone>)>& may_pass) const;

  /// Appends every row of `chunk` (whose types must equal the table's) for
  /// `transaction`. Values are copied; the chunk can be reused by the caller.
  void Append(Transaction& transaction, const DataChunk& chunk);
  /// Appends several chunks as one unit of `transaction`: either all rows become part of
  /// the table or, should an allocation fail, none do. The chunks are the caller's to
  /// give: where a whole vector's worth of rows starts a new table vector and a chunk
  /// vector shares no buffer with another vector, the table takes that vector instead of
  /// copying it and leaves a fresh vector of the same type (contents undefined) in its
  /// place. Saves a copy of every value for bulk appends into an empty or vector-aligned
  /// table. After a failure the chunks' contents are undefined. Returns the row id of the
  /// first row (the others follow it in order). The rows are the transaction's until it
  /// commits; rolling back takes them out (or hides them, when rows were appended after).
  idx_t AppendAll(Transaction& transaction, std::span<DataChunk* const> chunks);

  /// Fills `out` (initialised with the types of `column_ids`) with the next vector of
  /// rows that `transaction` sees, referencing the stored vectors where they hold the
  /// values it sees. Returns false when the scan is done. A column id kRowIdColumn gives
  /// the rows' ids.
  bool Scan(const Transaction& transaction, TableScanState& state,
            const std::vector<idx_t>& column_ids, DataChunk& out) const;

  /// Copies columns `column_ids` of the rows `row_ids` (deleted or not), as stored now
  /// (the newest values), into rows 0, 1, … of `out` (initialised with those columns'
  /// types, room for row_ids.size() rows).
  void Fetch(std::span<const int64_t> row_ids, const std::vector<idx_t>& column_ids,
             DataChunk& out) const;

  /// Fills `out` (initialised with the types of `column_ids`) with the rows of `row_ids`
  /// (ascending; ids of rows the table no longer has are skipped) that `transaction`
  /// sees, with the values it sees — an index scan's fetch — up to kVectorSize rows.
  /// Returns how many of `row_ids` it used; the caller goes on from there.
  idx_t FetchVisible(const Transaction& transaction, std::span<const int64_t> row_ids,
                     const std::vector<idx_t>& column_ids, DataChunk& out) const;

  /// What a row found under a UNIQUE key is to `transaction`'s check of that key.
  enum class KeyHolder {
    kGone,     // deleted by a commit or by the transaction itself, or never committed
    kLive,     // committed or the transaction's own, not deleted
    kPending,  // another transaction that has not ended inserted, deleted or updated it
  };
  KeyHolder Holder(const Transaction& transaction, int64_t row_id) const;
  /// Whether `transaction` inserted the row itself (it is not committed yet).
  bool InsertedBy(const Transaction& transaction, int64_t row_id) const;
  /// Whether the row is deleted for every snapshot to come (by a committed delete, or a
  /// rolled-back insert).
  bool IsDead(int64_t row_id) const;

  /// For each row group, RowGroup::changes while no vector of it has versions (every
  /// snapshot sees its rows alike), else nullopt: the stamp a checkpoint's record of the
  /// group carries (StoredRowGroup::changes).
  std::vector<std::optional<uint64_t>> SettledRowGroups() const;
  /// Keeps `stored` as what the last checkpoint wrote of row group `row_group`, unless the
  /// group changed since its stamp was read (then the record is dropped).
  void SetStored(idx_t row_group, std::shared_ptr<const StoredRowGroup> stored);
  /// Every row group's rows and, where it still describes them, the last checkpoint's
  /// record of it.
  std::vector<RowGroupStorage> StorageInfo() const;

  /// About how many distinct non-NULL values column `column` holds, from a sample of its
  /// rows (distinct_estimate.cpp); cached until the row count moves by a fifth. The row
  /// count for a LIST column.
  idx_t DistinctEstimate(idx_t column) const;

  /// Deletes the rows with the given ids (BIGINT, from a scan's kRowIdColumn) for
  /// `transaction`; ids of rows it deleted already are skipped. All or nothing. Returns
  /// how many rows it deleted. Throws TransactionError (changing nothing) when another
  /// transaction changed one of the rows and has not committed, or committed after
  /// `transaction` started.
  idx_t Delete(Transaction& transaction, const std::vector<int64_t>& row_ids);

  /// Sets column columns[k] of row row_ids[i] to row i of values.data[k], for
  /// i < values.size(), for `transaction`. Conflicts as for Delete.
  void Update(Transaction& transaction, const std::vector<int64_t>& row_ids,
              const std::vector<idx_t>& columns, const DataChunk& values);
  /// Update for several chunks of values as one unit: chunk k sets the rows row_ids[k].
  /// Where a row is set twice, the last value stays. Precondition: row_ids.size() ==
  /// values.size().
  void UpdateAll(Transaction& transaction, std::span<const std::vector<int64_t>> row_ids,
                 const std::vector<idx_t>& columns,
                 std::span<const std::unique_ptr<DataChunk>> values);

  // ---- catalog changes --------------------------------------------------------------
  // ALTER TABLE makes a new DataTable that shares this one's vectors (updates copy a
  // shared vector before writing it). First the altering transaction marks this table
  // (MarkReplacing): from then on another transaction's Append, Delete or Update of it
  // throws TransactionError, and one with changes in it from before cannot commit them
  // (LostChangesOf) — the copy holds every commit and the altering transaction's own
  // changes, nobody else's. At its commit RetireIfUnchanged retires the table: a scan of
  // it under way still sees its rows, no later write lands in it.
  // DROP TABLE wins over writers too, at its commit: Drop marks the table dropped whoever
  // has changes in it, and those changes cannot commit (LostChangesOf).
  // CREATE INDEX and the changes of constraints and triggers keep the table: they mark it
  // as ALTER does, and their commit takes the mark back (MarkAltered keeps transactions
  // begun before from writing).

  /// Throws TransactionError naming `what` while a transaction that has not ended, other
  /// than `own`, has changes in the table that can still commit (none can once `own` has
  /// marked the table, MarkReplacing).
  void CheckNoPendingChanges(std::string_view what, transaction_t own = 0) const;
  /// How many writes (appends, deletes, updates; committed or not) the table has seen.
  uint64_t WriteCount() const;
  /// Marks the table as claimed by transaction `id` (ALTER TABLE, CREATE INDEX); `copies`:
  /// a copy will replace it, which holds no pending change of others, deletions included.
  /// False (nothing done) when another transaction's mark is on it. The caller makes sure
  /// no commit is between its check and its publication (TransactionManager::
  /// ClaimTableRows), so that every change either is committed or cannot commit now.
  bool MarkReplacing(transaction_t id, bool copies);
  /// Takes transaction `id`'s mark back (its ALTER rolled back).
  void UnmarkReplacing(transaction_t id);
  /// Retires the table if it has seen exactly `writes` writes; false (nothing done)
  /// otherwise.
  bool RetireIfUnchanged(uint64_t writes);
  /// Takes a retirement or a drop back (the commit that made it failed on another table).
  void Unretire();
  /// Marks the table dropped by a commit (DROP TABLE, DROP SCHEMA … CASCADE, CREATE OR
  /// REPLACE TABLE): writes still land (they cannot commit), scans still read it.
  void Drop();
  /// Why `transaction`'s uncommitted changes in the table cannot commit — another
  /// transaction dropped the table, claimed it (MarkReplacing) or changed its indexes or
  /// constraints since `transaction` began (MarkAltered) — or empty when they can or it has
  /// none. `values`: they may include inserted or updated rows (else only deletions, which
  /// a change that keeps the table does not lose).
  std::string LostChangesOf(const Transaction& transaction, bool values) const;
  /// The commit `commit_id` changed what a write of this table must keep or do, in place
  /// (CREATE INDEX, ADD PRIMARY KEY / UNIQUE, SET NOT NULL, a FOREIGN KEY referencing it,
  /// CREATE / DROP TRIGGER): a transaction begun before it would write without that, so
  /// its Append, Delete or Update now throws TransactionError.
  void MarkAltered(transaction_t commit_id);

  /// A copy of this table plus a last column of `type` holding `fill` (NULL or of
  /// `type`) in every row. The copy holds the rows `view` sees (Transaction::Latest: every
  /// commit and the altering transaction's own changes), without versions; the rows it
  /// does not see keep their places as deleted ones. Others' changes that `view` does not
  /// see stay out: MarkReplacing first, so that those cannot commit.
  std::shared_ptr<DataTable> WithColumnAdded(const Transaction& view, const LogicalType& type,
                                             const Value& fill);
  /// A copy of this table without column `column`, as WithColumnAdded. Precondition: it
  /// is not the only column.
  std::shared_ptr<DataTable> WithColumnDropped(const Transaction& view, idx_t column);
  /// A copy of this table with column `column` converted to `type`, as WithColumnAdded.
  /// Every row `view` sees must convert (check first, over the same view); a row it does
  /// not see and that does not convert becomes NULL.
  std::shared_ptr<DataTable> WithColumnCast(const Transaction& view, idx_t column,
                                            const LogicalType& type);
  /// Writes the values a column takes in `rows` (every column, as stored) into `result`;
  /// false when some row has none (a value that does not convert).
  using ColumnCompute = std::function<bool(const DataChunk& rows, Vector& result)>;
  /// WithColumnCast with the values `compute` gives (ALTER … TYPE … USING).
  std::shared_ptr<DataTable> WithColumnComputed(const Transaction& view, idx_t column,
                                                const LogicalType& type,
                                                const ColumnCompute& compute);

 private:
  friend class AppendUndo;
  friend class DeleteUndo;
  friend class UpdateUndo;

  /// Counts `delta` version tags of transaction `id` that are not committed yet.
  void Uncommitted(transaction_t id, int64_t delta);
  bool OthersHaveUncommittedLocked(transaction_t own) const;
  /// Throws TransactionError when the table was retired by an ALTER or another
  /// transaction's ALTER is replacing it, or when its indexes or constraints changed in a
  /// commit `transaction` does not see (its writes would not keep or check them). Lock
  /// held.
  void CheckWritable(const Transaction& transaction) const;
  /// Cuts the table back to its first `rows` rows (appended ones only). Lock held.
  void TruncateLocked(idx_t rows) noexcept;
  /// A new table of `types` with this one's row groups and deletions, its columns
  /// referencing `keep[i]`'s vectors (kInvalidIndex: filled with `fill`). Lock held.
  std::shared_ptr<DataTable> CopyLocked(const Transaction& view, std::vector<LogicalType> types,
                                        const std::vector<idx_t>& keep, const Value& fill);

  void UpdateLocked(Transaction& transaction, std::span<const std::vector<int64_t>> row_ids,
                    const std::vector<idx_t>& columns, std::span<const DataChunk* const> values);
  /// Append and AppendAll: the chunks as one unit of `transaction`; with `give` the
  /// table may take their vectors.
  idx_t AppendUnit(Transaction& transaction, std::span<DataChunk* const> chunks, bool give);
  /// `give` is &chunk when its vectors may be taken, else null. Tags the rows with
  /// `version`.
  void AppendLocked(const DataChunk& chunk, DataChunk* give, transaction_t version);
  /// Row group and row within it of a row id; throws InternalError for a bad id.
  std::pair<RowGroup*, idx_t> Locate(int64_t row_id) const;
  RowGroup& NewRowGroup();

  std::vector<LogicalType> types_;
  idx_t row_group_size_;
  uint64_t oid_ = 0;
  bool temporary_ = false;
  const TransactionManager* manager_ = nullptr;
  std::vector<std::unique_ptr<RowGroup>> row_groups_;
  idx_t total_rows_ = 0;    // appended, deleted ones included
  idx_t deleted_rows_ = 0;  // in the delete masks
  /// Version tags of transactions that have not ended, per transaction.
  std::unordered_map<transaction_t, idx_t> uncommitted_;
  uint64_t writes_ = 0;          // Append, AppendAll, Delete and Update calls
  bool retired_ = false;         // an ALTER replaced this table: no more writes
  bool dropped_ = false;         // a commit dropped it: no more commits of writes to it
  transaction_t replacing_ = 0;  // the transaction whose ALTER / CREATE INDEX claims it, or 0
  bool claim_copies_ = false;    // that claim's change replaces the table with a copy
  /// The commit of the last change that kept this table but changed what its writes must do
  /// (MarkAltered): transactions begun before it may not write.
  transaction_t altered_at_ = 0;
  mutable std::shared_mutex
      lock_;  // scans share it: parallel scan threads do not wait for each other
  struct DistinctCache {
    idx_t rows;  // the row count it was estimated at
    idx_t distinct;
  };
  mutable std::unordered_map<idx_t, DistinctCache> distinct_cache_;  // by column; lock_
  /// Guards the row groups' zones, which scans fill in while they share lock_, and their
  /// stored records, which checkpoints set.
  mutable std::mutex zones_lock_;
};

}  // namespace teal
