// src/catalog/table_append.hpp — the one path by which rows enter a table.
//
// INSERT (PhysicalInsert) and the Appender both hand their rows to a TableAppend. Their
// chunks hold some of the table's columns, in any order: column_map[c] names the input
// column that feeds table column c, or kInvalidIndex when the statement or appender does
// not supply it — then the column gets its DEFAULT, or NULL when it has none. A
// TableAppend builds the table's full-width chunk from that, checks NOT NULL, and hands
// the rows to the table's storage as one unit: all of them are appended or none.
//
// It lives in catalog because it needs the column definitions (defaults, NOT NULL) as
// well as the table's DataTable and its indexes, and storage never sees the catalog. The
// rows and their keys are changes of the writer's transaction (undo entries), so a
// statement or transaction that fails takes them back.
//
// Thread safety: a TableAppend is immutable after construction; concurrent calls are
// fine (DataTable serialises the appends themselves).
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

/// Computes the generated columns of `rows` (every column of `table`, in table order) from
/// the others, in place; a NULL in a NOT NULL one is a ConstraintError naming the row.
void ComputeGenerated(const TableEntry& table, DataChunk& rows, idx_t first_row,
                      std::string_view what);

/// Throws ConstraintError at the first row of `rows` (every column of `table`, in table
/// order) that a CHECK constraint of the table makes false, naming the constraint and the
/// row (first_row + row + 1) of the `what`.
void CheckConstraints(const TableEntry& table, const DataChunk& rows, idx_t first_row,
                      std::string_view what);

class TableAppend {
 public:
  /// column_map has one entry per table column: the input column feeding it, or
  /// kInvalidIndex for "use its DEFAULT (or NULL)".
  /// `foreign_keys`: the table's (ForeignKeyChecks::For), when it has any: each row's keys
  /// must have their parent rows.
  /// A column's DEFAULT nextval(…) draws from its sequence's entry as the first of
  /// `catalogs` that files it has it now (an ALTER SEQUENCE since the table was read).
  TableAppend(std::shared_ptr<TableEntry> table, std::vector<idx_t> column_map,
              std::shared_ptr<const ForeignKeyChecks> foreign_keys = nullptr,
              std::span<const Catalog* const> catalogs = {});
  /// An append of every column, in table order.
  explicit TableAppend(std::shared_ptr<TableEntry> table);

  const TableEntry& Table() const { return *table_; }
  const std::shared_ptr<TableEntry>& SharedTable() const { return table_; }
  /// The DEFAULT of table column c, or a NULL of its type; a constant vector. Not for a
  /// column whose DEFAULT is nextval(…): see FillFromSequence.
  const Vector& DefaultVector(idx_t c) const { return *defaults_[c]; }
  /// For table column c with DEFAULT nextval(seq): writes `count` new values of seq, cast
  /// to the column's type, into rows [offset, offset + count) of `target`.
  void FillFromSequence(idx_t c, Vector& target, idx_t offset, idx_t count) const;

  /// Throws ConstraintError at the first NULL that would land in a NOT NULL column,
  /// naming table, column and row: "NOT NULL constraint failed: t.c (row N of the
  /// <what>)", N = first_row + row + 1. A NOT NULL column that gets its default and
  /// has none fails at the first row.
  void CheckNotNull(const DataChunk& input, idx_t first_row, std::string_view what) const;

  /// The full-width chunk for `input` (a copy; `input` can be reused), after
  /// CheckNotNull. For writers that collect chunks and append them later (INSERT).
  std::unique_ptr<DataChunk> Build(const DataChunk& input, idx_t first_row,
                                   std::string_view what) const;

  /// Appends chunks made by Build as one unit: all rows or, on failure, none. The table
  /// may take the chunks' vectors instead of copying them (DataTable::AppendAll). A
  /// PRIMARY KEY or UNIQUE violation is a ConstraintError naming the row of the `what`.
  void AppendAll(Transaction& transaction, const std::vector<std::unique_ptr<DataChunk>>& chunks,
                 std::string_view what = "INSERT") const;

  /// CheckNotNull, then appends the rows of `input` as one unit. When `input` already
  /// has every column in table order the rows are copied into the table once, without
  /// building a full-width chunk first.
  void Append(Transaction& transaction, const DataChunk& input, idx_t first_row,
              std::string_view what) const;
  /// Append for a writer that refills `input` from scratch afterwards (the Appender): the
  /// table may take input's vectors instead of copying them, leaving fresh vectors of the
  /// same types in their place; input's contents are undefined afterwards.
  void AppendGiving(Transaction& transaction, DataChunk& input, idx_t first_row,
                    std::string_view what) const;

 private:
  /// Hands full-width chunks to the table as one unit, keeping its indexes in step:
  /// UNIQUE is checked before anything is stored, keys go in after.
  void Store(Transaction& transaction, std::span<DataChunk* const> chunks, idx_t first_row,
             std::string_view what) const;

  std::shared_ptr<TableEntry> table_;
  std::vector<idx_t> column_map_;
  std::vector<std::unique_ptr<Vector>> defaults_;
  /// Per column, the sequence its DEFAULT nextval(…) draws from (null: none).
  std::vector<std::shared_ptr<SequenceEntry>> sequences_;
  bool identity_ = true;
  std::shared_ptr<const ForeignKeyChecks> foreign_keys_;
};

}  // namespace teal
