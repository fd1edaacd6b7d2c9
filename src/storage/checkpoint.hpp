// Checkpoint image: what a checkpoint writes into the database file's chain of blocks
// (storage/database_file.hpp) — the schema, the sequences' positions and every table's
// rows as one snapshot sees them — and reading it back.
//
// Format (version 3; integers little-endian; text = u32 length n, then n bytes):
//   u32  version (3; version 2 is the same with the vector codec's encodings in place of
//        the segment codec's, version 1 also without the next field)
//   u64  rows per row group of the database's tables (DatabaseOptions::row_group_size)
//   u32  n, then n texts: the schema's statements (CREATE TYPE, SEQUENCE, TABLE, VIEW,
//        INDEX) in creation order (Catalog::SchemaStatements)
//   u32  n, then n sequences: text name, u8 1 when it has handed out a value, i64 the last
//   u32  n, then n tables:
//          text name, u64 oid (the log's name for it), u64 rows (its row count, rows no
//          snapshot sees included), u32 column count
//          runs of up to kVectorSize consecutive row ids, each:
//            u32 slots (0: the table ends), u64 first row id (a multiple of kVectorSize),
//            ceil(slots / 64) u64 words: bit r % 64 of word r / 64 set = row first + r is
//            visible, u32 n, then n bytes: every column's EncodeSegment of the visible
//            rows (storage/segment_codec.hpp: compressed with the method that takes the
//            fewest bytes, or the one force_compression names where it fits)
//          Row ids that no run covers, or whose bit is clear, are rows the snapshot does
//          not see (deleted, or not committed before it).
//
// Row ids survive a checkpoint: loading gives every row the id it had (rows the snapshot
// did not see come back as deleted rows), so the log records after the checkpoint, which
// name rows by id, apply to the loaded tables unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database_file.hpp"
#include "storage/segment_codec.hpp"
#include "storage/stored_segments.hpp"

namespace teal {

class DataTable;
class Transaction;

struct SequencePosition {
  std::string name;
  std::optional<int64_t> last;
};

/// Where a checkpoint image put each table's vectors, by row group: what
/// pragma_storage_info lists once the image is the file's (Install).
struct CheckpointLayout {
  struct Table {
    std::shared_ptr<DataTable> table;
    /// By row group; null for a group whose rows were not settled when the image was
    /// written (DataTable::SettledRowGroups).
    std::vector<std::shared_ptr<StoredRowGroup>> groups;
  };
  std::vector<Table> tables;
  /// The records' stamps are to be read when they are installed (a loaded image: the
  /// load's own changes settle before then).
  bool stamp_at_install = false;

  /// Hands each table its records, with `chain` (the image's blocks in stream order).
  void Install(const std::vector<uint64_t>& chain) const;
};

/// Writes what `transaction` sees of the database (its catalog version and rows) into
/// `out`, with `sequences` as the sequences' positions, compressing each vector with
/// `forced` where it fits (else the smallest method). Returns where the vectors went.
CheckpointLayout WriteCheckpoint(const Transaction& transaction,
                                 const std::vector<SequencePosition>& sequences,
                                 const CompressionChoice& forced, DatabaseFile::ChainWriter& out);

/// What loading a checkpoint asks of the database it loads into.
class CheckpointLoader {
 public:
  virtual ~CheckpointLoader() = default;
  /// The rows per row group the database's tables had (before any table is made).
  virtual void RowGroupSize(uint64_t rows) = 0;
  /// Runs the schema's statements.
  virtual void Schema(const std::vector<std::string>& statements) = 0;
  virtual void Sequence(std::string_view name, std::optional<int64_t> last) = 0;
  /// The storage of table `name` (which the schema created), given `oid`.
  virtual DataTable& Table(std::string_view name, uint64_t oid) = 0;
  /// Runs `write` with the transaction the rows go into.
  virtual void Write(const std::function<void(Transaction&)>& write) = 0;
};

/// Reads a checkpoint image from `in` into `loader`; returns where its vectors were (to be
/// installed once the load commits). Throws IOError naming the file and block when it
/// does not check out.
CheckpointLayout ReadCheckpoint(DatabaseFile::ChainReader& in, CheckpointLoader& loader);

}  // namespace teal
