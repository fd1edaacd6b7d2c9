// IndexScan: the rows of a table scan's filters that one of the table's ART indexes can
// find — equalities and IN lists on its leading columns, then a range on the next one —
// and the row ids the index gives for them (DESIGN.md, "Indexes").
//
// The index only narrows the rows: the scan fetches the ids' rows as its snapshot sees
// them and applies all of its filters to them as a sequential scan would. So the index
// may give too many ids (a key of a deleted row, the old key of an updated one: they stay
// until no snapshot can see the old row, catalog/table_indexes.hpp) but never too few —
// every row a snapshot sees is in the index under the key it sees. Which is why only
// types whose key order and equality are exactly Teal's comparison take part.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "planner/expression.hpp"

namespace teal {

struct IndexEntry;
struct TableEntry;

/// One end of a range on an index column: the column's encoded key (art_key.hpp).
struct IndexBound {
  std::string key;
  bool inclusive = true;
};

struct IndexScan {
  std::shared_ptr<IndexEntry> index;
  /// The conditions cannot hold together (`a = 1 AND a = 2`): no row.
  bool empty = false;
  /// Keys of the leading index columns with equalities, one per combination of their
  /// values (each a concatenation of column keys), distinct and in key order. Empty
  /// when the scan is a range on the first column alone.
  std::vector<std::string> prefixes;
  /// The range on the index column after the prefix columns, if any.
  std::optional<IndexBound> lower, upper;
  /// The prefixes are whole keys (every index column is fixed) and there is no range:
  /// one batch lookup.
  bool whole_keys = false;

  /// Appends the row ids the index holds for these conditions to `rows` (ascending,
  /// distinct) and returns true; or returns false, leaving `rows` empty, when there are
  /// more than `limit`. Takes the index's read latch while it reads.
  bool RowIds(idx_t limit, std::vector<int64_t>& rows) const;
  /// "index <name>", for EXPLAIN.
  std::string Describe() const;
};

/// The index scan that serves `filter` (a conjunction over the scan's output columns,
/// `column_ids` of `table`; null for none) and `hints` (LogicalGet::index_hints) best, or
/// nullopt when no index of the table serves them: whole keys of a UNIQUE index first,
/// then the most fixed columns, then a range.
std::optional<IndexScan> PlanIndexScan(const TableEntry& table,
                                       const std::vector<idx_t>& column_ids,
                                       const Expression* filter,
                                       const std::vector<ExpressionPtr>& hints = {});

}  // namespace teal
