// What dropping, renaming or retyping one column does to its table's CHECK constraints
// and generated columns (PostgreSQL's rules):
//   DROP COLUMN: a CHECK that reads the column goes with it; a generated column that
//     reads it is an error (drop that first); the others are bound again over the
//     columns that remain.
//   RENAME COLUMN: the name is rewritten in the CHECKs' and generated columns' text.
//   ALTER … TYPE: a CHECK that reads the column is bound again over the new type (an
//     error when it no longer binds: CHECK (i < 10) of a VARCHAR i); a generated column
//     that reads the column, or the column itself when generated, is an error.
#pragma once

#include <string>

#include "catalog/catalog.hpp"
#include "planner/binder.hpp"

namespace teal {

struct ColumnChange {
  enum class Kind { kDrop, kRename, kType } kind;
  idx_t column;          // in the table before the change
  std::string new_name;  // kRename
  LogicalType new_type;  // kType
};

/// Whether `table` has CHECK constraints or generated columns for a change to affect.
bool HasColumnDependents(const TableEntry& table);

/// Fills `after` (a copy of `before` with `change` applied to its columns) with the CHECK
/// constraints and generated columns the change leaves, bound over its columns. Throws
/// BinderError (or CatalogError) for the changes PostgreSQL refuses.
void RebindColumnDependents(Binder& binder, const TableEntry& before, TableEntry& after,
                            const ColumnChange& change, idx_t max_expression_depth);

/// Whether the CHECK constraints of `table` read column `column`.
bool ChecksRead(const TableEntry& table, idx_t column);

}  // namespace teal
