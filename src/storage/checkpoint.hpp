// Checkpoint image: what a checkpoint writes into the database file's chain of blocks
// (storage/database_file.hpp) — the schema, the sequences' positions and every table's
// rows as one snapshot sees them — and reading it back.
//
// Format (version 2; integers little-endian; text = u32 length n, then n bytes):
//   u32  version (2; version 1 is the same without the next field)
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
//            visible, u32 n, then n bytes: every column's EncodeVector of the visible rows
//          Row ids that no run covers, or whose bit is clear, are rows the snapshot does
//          not see (deleted, or not committed before it).
//
// Row ids survive a checkpoint: loading gives every row the id it had (rows the snapshot
// did not see come back as deleted rows), so the log records after the checkpoint, which
// name rows by id, apply to the loaded tables unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database_file.hpp"

namespace teal {

class DataTable;
class Transaction;

struct SequencePosition {
  std::string name;
  std::optional<int64_t> last;
};

/// Writes what `transaction` sees of the database (its catalog version and rows) into
/// `out`, with `sequences` as the sequences' positions.
void WriteCheckpoint(const Transaction& transaction, const std::vector<SequencePosition>& sequences,
                     DatabaseFile::ChainWriter& out);

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

/// Reads a checkpoint image from `in` into `loader`. Throws IOError naming the file and
/// block when it does not check out.
void ReadCheckpoint(DatabaseFile::ChainReader& in, CheckpointLoader& loader);

}  // namespace teal
