// FOREIGN KEY (columns) REFERENCES parent (key): a table's foreign keys, and the checks
// that keep them — a key a child row holds (without a NULL: MATCH SIMPLE) is the key of
// a parent row; a parent row a child references cannot be deleted or change its key
// (NO ACTION / RESTRICT: the statement fails).
//
// The parent's key columns are its PRIMARY KEY or a UNIQUE constraint, of the child's
// columns' types; the child gets an index over its key columns (IndexEntry::foreign_key),
// so that a parent's check finds the children holding a key without a scan.
//
// The checks (ForeignKeyChecks) are resolved when a statement binds, from the catalog
// version it binds against: the parents of the table written, and the tables whose
// foreign keys reference it. They run once the statement's rows are written (PostgreSQL's
// end-of-statement check: a row may reference a row of the same statement), and a failure
// is taken back with the statement.
//
// Concurrency (TableIndexes rule 3 decides what a row is to a check): a check meeting a
// row another transaction has not committed fails with TransactionError. A child write
// holds its parents' index locks (taken before its own) from before its rows are stored
// until they are checked; a parent's delete or key change holds its own lock while it
// changes the rows and checks the children (taking theirs). So of a child insert and a
// parent delete racing, one sees the other's row and fails: no committed child can be
// left without its parent. Locks go parent before child, a child's parents ancestors first
// (there are no cycles: a key's parent exists before it, and a self-reference's lock is
// the table's own).
#pragma once

#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_indexes.hpp"
#include "teal/basic_types.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

class Catalog;
class Transaction;
struct TableEntry;

struct ForeignKey {
  std::string name;                         // CONSTRAINT name as written, or empty
  std::vector<idx_t> columns;               // the child's key columns, in the parent key's order
  std::string parent_schema;                // empty for main
  std::string parent;                       // the parent table's name
  std::vector<std::string> parent_columns;  // its key columns, in its key index's order
  /// The child's index over `columns` (IndexEntry::foreign_key).
  std::shared_ptr<IndexEntry> index;

  /// Whether `table` is its parent.
  bool References(const TableEntry& table) const;
  /// FOREIGN KEY (…) REFERENCES parent(…), as CREATE TABLE writes it.
  std::string ToSql(const TableEntry& child) const;
};

/// The tables of `catalog` with a FOREIGN KEY that references `table` (itself excluded).
std::vector<std::shared_ptr<TableEntry>> ReferencingTables(const Catalog& catalog,
                                                           const TableEntry& table);

class ForeignKeyChecks {
 public:
  /// The checks a write of `table` makes, or null when it has no foreign keys and no
  /// table's foreign key references it. Throws CatalogError when a parent is missing.
  static std::shared_ptr<const ForeignKeyChecks> For(const Catalog& catalog,
                                                     std::shared_ptr<const TableEntry> table);

  /// The index locks of the parents, taken (to hold before the table's own lock).
  std::vector<std::unique_lock<std::mutex>> LockParents() const;

  /// The keys `rows` (full-width rows of the table) hold in each foreign key, copied
  /// before the rows are stored (the table may take their vectors).
  struct ParentKeys {
    std::vector<std::vector<std::unique_ptr<DataChunk>>> per_parent;  // key columns only
  };
  ParentKeys TakeParentKeys(std::span<DataChunk* const> rows) const;
  /// Throws ConstraintError naming the first key of `keys` that has no NULL and no parent
  /// row `transaction` sees. Called once the rows are stored (PostgreSQL checks at the
  /// statement's end: a row may reference a row of the same statement, in a table that
  /// references itself).
  void CheckParents(const Transaction& transaction, const ParentKeys& keys) const;
  bool HasParents(const std::vector<idx_t>* changed = nullptr) const;

  /// The keys rows `row_ids` of the table hold now that children may reference (in the
  /// keys over a column of `changed`, when given): taken before the rows are deleted or
  /// change, and checked by CheckChildren after.
  struct ReferencedKeys {
    std::vector<std::vector<std::unique_ptr<DataChunk>>> per_child;  // key columns only
  };
  ReferencedKeys TakeReferencedKeys(std::span<const int64_t> row_ids,
                                    const std::vector<idx_t>* changed = nullptr) const;
  /// After the statement changed the rows: throws ConstraintError at the first key of
  /// `keys` that no row of the table holds any more while a child row `transaction` sees
  /// references it. Call under the table's lock (it takes the children's).
  void CheckChildren(const Transaction& transaction, const ReferencedKeys& keys) const;
  bool HasChildren(const std::vector<idx_t>* changed = nullptr) const;

 private:
  struct Parent {
    std::vector<idx_t> columns;  // of the table written, in the parent key's order
    std::shared_ptr<TableEntry> table;
    std::shared_ptr<IndexEntry> index;  // its PRIMARY KEY / UNIQUE
    idx_t depth = 0;                    // its FOREIGN KEY steps to a root (lock order)
  };
  struct Child {
    std::vector<idx_t> key;                 // of the table written (the parent), in key order
    std::shared_ptr<IndexEntry> key_index;  // the table's PRIMARY KEY / UNIQUE over `key`
    std::shared_ptr<TableEntry> table;
    std::shared_ptr<IndexEntry> index;  // its foreign key's index
  };
  std::shared_ptr<const TableEntry> table_;
  std::vector<Parent> parents_;
  std::vector<Child> children_;
};

}  // namespace teal
