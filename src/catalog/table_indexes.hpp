// TableIndexes: the ART indexes of one table — CREATE [UNIQUE] INDEX, and the indexes
// behind PRIMARY KEY and UNIQUE constraints — and their upkeep as rows come and go.
//
// Every writer of a table goes through here: TableAppend (INSERT, the Appender) checks
// uniqueness for a unit of rows before the table stores them and inserts their keys
// after; DELETE and UPDATE remove the keys of the rows they delete or change. Each
// index holds every row's key (a row whose key has a NULL too); UNIQUE applies only to
// keys without a NULL, as in PostgreSQL.
//
// Under MVCC (src/transaction/transaction.hpp):
//   1. A key goes into the indexes when its row is appended or updated to it, as an undo
//      entry of the writing transaction (InsertKeys): a rollback erases the pairs it put
//      in (and only those).
//   2. A key whose row is deleted, or updated to another key, stays until no snapshot can
//      see the old row (RetireKeys): the cleanup of the committed change erases the pair
//      unless the row holds that key again by then.
//   Rules 1 and 2 count holders: a version of a row whose key is in the tree already (an
//   UPDATE that writes a row's key again, or moves it back before the old key's cleanup)
//   is one more holder of the pair (KeyHolders), and the pair goes only when its last
//   holder is retired or rolled back. Whether a row "holds the key again" cannot be read
//   from its newest stored value: that may be another transaction's uncommitted one, or
//   a version snapshots still running do not see yet.
//   3. So a UNIQUE key can have several rows; the check of a new key (Prepare) looks at
//      each: a row deleted by a commit or by the writing transaction, or whose current
//      key is another one, does not count; one that another transaction that has not
//      ended inserted, deleted or updated fails the statement with TransactionError (the
//      second writer of a key loses, as for rows); any other is a ConstraintError.
//
// Thread safety: writers hold Lock() from the check to the index insert, so two
// appends cannot both pass the check with the same key.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "index/art/art.hpp"
#include "index/art/art_key.hpp"
#include "planner/expression.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

struct TableEntry;
class DataTable;
class Transaction;

enum class IndexConstraint { kNone, kUnique, kPrimaryKey };

/// The holders of (key, row) pairs of one index beyond the first (see the rules above);
/// a pair not listed has one. Changed under TableIndexes::Lock() with the latch.
class KeyHolders {
 public:
  /// Adds a holder of (key, row) to `art`: the pair goes in, or counts one more holder.
  void Hold(art::Art& art, art::ArtKey key, int64_t row);
  /// Takes a holder away: the last one takes the pair out. Allocates nothing.
  void Release(art::Art& art, art::ArtKey key, int64_t row) noexcept;

 private:
  struct Less {
    using is_transparent = void;
    using View = std::pair<std::string_view, int64_t>;
    static View Of(const std::pair<std::string, int64_t>& p) { return {p.first, p.second}; }
    static View Of(const View& p) { return p; }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const {
      return Of(a) < Of(b);
    }
  };
  std::map<std::pair<std::string, int64_t>, uint32_t, Less> extra_;
};

struct IndexEntry {
  std::string name;
  /// The table columns of the key, in key order; for an index on expressions, the table
  /// columns its expressions read, ascending (so DROP COLUMN, ALTER TYPE and UPDATE see
  /// the index as over them).
  std::vector<idx_t> columns;
  /// An index on expressions (CREATE INDEX i ON t ((a + 1), lower(s))): one per key part,
  /// bound over a chunk of `columns` (column reference k is columns[k]); a plain column
  /// part is a column reference. Empty for an index on columns alone.
  std::vector<std::shared_ptr<const Expression>> expressions;
  /// Their SQL, for CREATE INDEX and the catalog listings (same length).
  std::vector<std::string> expression_texts;
  IndexConstraint constraint = IndexConstraint::kNone;
  /// Made for a PRIMARY KEY or UNIQUE of CREATE TABLE (not by CREATE INDEX): it goes
  /// with the table, DROP INDEX refuses it.
  bool from_constraint = false;
  /// The index of a FOREIGN KEY's columns in its (child) table (catalog/foreign_key.hpp);
  /// from_constraint too. Not UNIQUE.
  bool foreign_key = false;
  /// Shared by the entries an ALTER TABLE makes of one index (its row ids stay valid).
  std::shared_ptr<art::Art> art = std::make_shared<art::Art>();
  /// Guards `art` against index scans, which read it without Lock(): they share it,
  /// writers (holding Lock()) take it alone while they change the tree. Never held while
  /// anything else runs, so a statement that scans the index while it writes the table
  /// (a subquery in ON CONFLICT DO UPDATE) cannot wait for itself. Shared with `art`.
  std::shared_ptr<std::shared_mutex> latch = std::make_shared<std::shared_mutex>();
  /// The pairs of `art` more than one version of their row holds. Shared with `art`.
  std::shared_ptr<KeyHolders> holders = std::make_shared<KeyHolders>();

  bool Unique() const { return constraint != IndexConstraint::kNone; }
  bool OnExpressions() const { return !expressions.empty(); }
  /// How many values a key has: its columns, or its expressions.
  idx_t KeyParts() const { return OnExpressions() ? expressions.size() : columns.size(); }
  /// The table column key part `k` is, or kInvalidIndex for an expression.
  idx_t KeyPartColumn(idx_t k) const;
  /// Key part `k` as SQL: its column's name (quoted when `quoted`), or its expression.
  std::string KeyPartText(const TableEntry& table, idx_t k, bool quoted = true) const;
  /// The key parts as SQL, comma-separated.
  std::string KeyText(const TableEntry& table, bool quoted = true) const;
  /// "PRIMARY KEY" / "UNIQUE" / "INDEX", for messages.
  const char* KindName() const;
  /// CREATE [UNIQUE] INDEX statement that recreates this index (constraint indexes are
  /// part of their table's CREATE TABLE).
  std::string ToSql(const TableEntry& table) const;
  /// The name as CREATE INDEX gave it: `name` without its table's schema ("s.i" is i).
  std::string_view LocalName(const TableEntry& table) const;
};

/// Keys of a unit of rows, checked and ready to go into the indexes once the table has
/// stored the rows (and given them their row ids).
class PendingKeys {
 public:
  /// Inserts every key with row id first_row + its position in the unit.
  void Insert(int64_t first_row);
  /// Inserts every key with row id row_ids[its position in the unit].
  void Insert(std::span<const int64_t> row_ids);
  /// Takes out again the pairs Insert(row_ids) put in (not those that were there).
  void Erase(std::span<const int64_t> row_ids);

 private:
  friend class TableIndexes;
  struct ForIndex {
    std::shared_ptr<IndexEntry> index;
    std::vector<art::ArtKeyBuilder> chunks;  // one builder per chunk of the unit
    std::vector<bool> inserted;              // per position: Insert added the pair
  };
  template <class RowId>
  void InsertAll(RowId row_id);
  std::vector<ForIndex> indexes_;
};

class TableIndexes : public std::enable_shared_from_this<TableIndexes> {
 public:
  /// Shared by every version of the table's indexes (With, Without, WithoutColumn), so
  /// that writers going through different catalog versions still exclude each other.
  std::mutex& Lock() const { return *lock_; }
  bool Empty() const { return entries_.empty(); }
  const std::vector<std::shared_ptr<IndexEntry>>& Entries() const { return entries_; }
  std::shared_ptr<IndexEntry> Find(std::string_view name) const;
  /// Whether some index is over one of `columns`.
  bool AnyOver(const std::vector<idx_t>& columns) const;
  /// Whether some index is on expressions.
  bool AnyOnExpressions() const;

  /// Adds `index` (built already), under Lock(); for a table no other catalog version
  /// shares yet (CREATE TABLE's constraints).
  void Add(std::shared_ptr<IndexEntry> index);
  /// A new version of these indexes with `index` (built already) added, or without the
  /// index named `name`; the entries and the lock are shared.
  std::shared_ptr<TableIndexes> With(std::shared_ptr<IndexEntry> index) const;
  std::shared_ptr<TableIndexes> Without(std::string_view name) const;

  /// Encodes the keys of `chunks` (full-width rows of `table`, a unit about to be
  /// appended) for every index and checks UNIQUE: against the stored keys and within the
  /// unit, rule 3. Throws ConstraintError naming table, columns, key and row ("row N of
  /// the <what>", N = first_row + position + 1, or rows[position] + 1 when `rows` is
  /// given) at the first violation. With `changed`, only the indexes over one of those
  /// columns (an UPDATE's); `replacing` are the rows whose keys the unit replaces (they
  /// do not count). The stored rows must hold the keys the indexes have for them (no
  /// InsertKeys ahead of its storage write). Call under Lock().
  PendingKeys Prepare(const Transaction& transaction, const TableEntry& table,
                      std::span<DataChunk* const> chunks, idx_t first_row, std::string_view what,
                      const std::vector<idx_t>* changed = nullptr, std::span<const idx_t> rows = {},
                      std::span<const int64_t> replacing = {}) const;

  /// The row that holds `key` in UNIQUE index `index` for `transaction` (rule 3), or -1.
  /// Throws TransactionError when a transaction that has not ended holds it.
  int64_t LiveRow(const Transaction& transaction, const TableEntry& table, const IndexEntry& index,
                  art::ArtKey key) const;

  /// Inserts `keys` (from Prepare) with the row ids `row_ids` for `transaction` (rule 1).
  /// Call under Lock().
  void InsertKeys(Transaction& transaction, PendingKeys keys, std::vector<int64_t> row_ids) const;
  /// Rule 2 for the keys rows `row_ids` of `storage` hold now (in every index, or with
  /// `changed` in those over one of its columns), before `transaction` deletes or changes
  /// the rows. Call under Lock().
  void RetireKeys(Transaction& transaction, std::shared_ptr<const DataTable> storage,
                  std::span<const int64_t> row_ids,
                  const std::vector<idx_t>* changed = nullptr) const;

  /// The indexes of a table whose column `dropped` goes (ALTER TABLE DROP COLUMN), with
  /// later columns renumbered. Throws CatalogError when an index is over that column.
  std::shared_ptr<TableIndexes> WithoutColumn(const TableEntry& table, idx_t dropped) const;

  /// Calls `each(keys, i, row_id, key_parts)` for every row of `table` that `view` sees,
  /// with its key under `index` (keys.Key(i)) and the vectors of key values it came in.
  static void ForEachKey(
      const TableEntry& table, const IndexEntry& index, const Transaction& view,
      const std::function<void(const art::ArtKeyBuilder& keys, idx_t i, int64_t row_id,
                               std::span<const Vector* const> key_parts)>& each);
  /// Fills a new index with the rows of `table` that `view` sees; throws ConstraintError,
  /// leaving nothing behind, when a UNIQUE index meets a key twice.
  static void Build(const TableEntry& table, IndexEntry& index, const Transaction& view);
  /// Adds to a new index the keys of the rows `view` sees that it lacks (no UNIQUE check):
  /// for a transaction older than the commits Build saw. Those of rows changed since are
  /// never retired: they stay, to be skipped by the scans that find them.
  static void AddKeys(const TableEntry& table, IndexEntry& index, const Transaction& view);

 private:
  /// Calls fn(index, keys, ids) for the stored keys of `row_ids` in every index (over one
  /// of `changed`, when given), a vector of rows at a time.
  template <class Fn>
  void ForEachStoredKey(const DataTable& storage, std::span<const int64_t> row_ids,
                        const std::vector<idx_t>* changed, Fn fn) const;

  std::shared_ptr<std::mutex> lock_ = std::make_shared<std::mutex>();
  std::vector<std::shared_ptr<IndexEntry>> entries_;
};

}  // namespace teal
