// Catalog: the schema `main` with its tables (and their indexes), views, sequences,
// user-defined (ENUM) types and macros, and the schemas made by CREATE SCHEMA, which hold
// tables (with their indexes) and views.
//
// A table or view of another schema is filed under its qualified name "schema.name"
// (QualifiedName); every method that takes a table or view name takes that form.
//
// Names are case-insensitive (looked up lower-cased) and keep the spelling they were
// created with for display. Thread-safe: every method takes the catalog lock; entries
// are shared_ptrs, so a running query keeps a dropped table's data alive.
//
// A Catalog object is one version of the catalog. Transactions read the committed
// version they began with, and one that changes the catalog does so in a private Copy
// that becomes the committed version when it commits (TransactionManager). Entries are
// shared between versions and never changed in place once shared: a change replaces the
// entry (CreateIndex and DropIndex give the table a new TableEntry).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "catalog/foreign_key.hpp"
#include "catalog/macro.hpp"
#include "catalog/qualified_name.hpp"
#include "catalog/sequence.hpp"
#include "catalog/table_indexes.hpp"
#include "catalog/trigger.hpp"
#include "parser/identifier.hpp"
#include "storage/data_table.hpp"
#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

class Transaction;
struct ParsedExpression;  // parser/parsed_expression.hpp

struct Expression;  // planner/expression.hpp

struct ColumnDefinition {
  std::string name;
  LogicalType type;
  bool not_null = false;
  /// The DEFAULT value (already of `type`), if the column has one.
  std::optional<Value> default_value;
  /// DEFAULT nextval('seq'): a value of this sequence per row (default_value is unset).
  std::shared_ptr<SequenceEntry> default_sequence;
  /// A DEFAULT bound anew by each statement that writes the column (default_value is
  /// unset): random() gives a value per row, now() the time of the writing transaction.
  std::shared_ptr<const ParsedExpression> default_expression;
  /// The DEFAULT expression as written, for rendering the schema.
  std::string default_text;
  /// A generated column (GENERATED ALWAYS AS (…), DuckDB's `name AS (…)`): its value is
  /// computed from the row's other columns whenever the row is written (TableAppend, UPDATE)
  /// and cannot be given. The expression as written, and bound over the table's columns.
  std::string generated_text;
  std::shared_ptr<const Expression> generated;
  /// COMMENT ON COLUMN; unset: none. It goes where the column goes (RENAME, ALTER TYPE).
  std::optional<std::string> comment;
  /// USING COMPRESSION m: the method a checkpoint compresses the column's vectors with
  /// where it fits (a DuckDB method's name, lower-cased; empty: the smallest, or
  /// force_compression's).
  std::string compression;
};

/// CHECK (condition): a row may be stored only where it is not false.
struct CheckConstraint {
  std::string name;  // as written with CONSTRAINT name; empty: none
  std::string text;  // the condition's SQL, for messages and the table's CREATE statement
  /// The condition bound over the table's columns (column i is input column i).
  std::shared_ptr<const Expression> condition;
};

/// A name as the catalog files it ("s.name" in schema s, QualifiedName) as SQL: "s"."name".
std::string QuoteFiledName(std::string_view filed);

/// `type` as SQL that parses back in a CREATE TABLE or after `::`: a user type's name and
/// struct field names quoted as they must be, an unnamed ENUM with its labels.
std::string TypeSql(const LogicalType& type);

/// `type` without the collations of VARCHARs inside it (a LIST's elements, a STRUCT's fields,
/// …): a table's column keeps a collation at its top only, the one SQL can write (`VARCHAR
/// COLLATE nocase`), so that the table's CREATE TABLE text parses back the same.
LogicalType WithoutNestedCollations(const LogicalType& type);

struct TableEntry {
  std::string name;
  /// Its schema; empty for main.
  std::string schema;
  std::vector<ColumnDefinition> columns;
  std::shared_ptr<DataTable> storage;
  /// Its indexes (CREATE INDEX, PRIMARY KEY, UNIQUE); never null.
  std::shared_ptr<TableIndexes> indexes = std::make_shared<TableIndexes>();
  /// Its CHECK constraints: INSERT (TableAppend) and UPDATE refuse a row one makes false.
  std::vector<CheckConstraint> checks;
  /// Its FOREIGN KEYs (catalog/foreign_key.hpp).
  std::vector<ForeignKey> foreign_keys;
  /// COMMENT ON TABLE; unset: none.
  std::optional<std::string> comment;

  /// Position of column `name` (case-insensitive), or kInvalidIndex.
  idx_t ColumnIndex(std::string_view column) const;
  std::vector<LogicalType> Types() const;
  /// QualifiedName(schema, name): what the catalog files it under.
  std::string CatalogName() const { return QualifiedName(schema, name); }
  /// CREATE TABLE statement that recreates this table's definition.
  std::string ToSql() const;
};

/// A view: a query stored as text, bound again wherever the view is used.
struct ViewEntry {
  std::string name;
  std::string schema;                     // empty for main
  std::vector<std::string> column_names;  // as declared; the query's names fill the rest
  std::string query_text;                 // one SELECT statement
  std::optional<std::string> comment;     // COMMENT ON VIEW
  /// COMMENT ON COLUMN of the view, by the column's name (lower-cased).
  std::map<std::string, std::string> column_comments;
  std::string CatalogName() const { return QualifiedName(schema, name); }
  /// CREATE VIEW statement that recreates this view.
  std::string ToSql() const;
};

class Catalog {
 public:
  static constexpr const char* kMainSchema = "main";

  /// Throws CatalogError if the schema exists (unless if_not_exists: then returns false)
  /// or its name is main's or has a dot.
  bool CreateSchema(const std::string& name, bool if_not_exists);
  /// Drops the schema and, with cascade, its tables and views (returned, so that their
  /// storage can be retired); without, a schema that holds any is a CatalogError. Main
  /// cannot be dropped.
  std::vector<std::shared_ptr<TableEntry>> DropSchema(std::string_view name, bool if_exists,
                                                      bool cascade);
  /// Whether the schema exists (main and "" always do).
  bool SchemaExists(std::string_view name) const;
  /// The schema as the catalog spells it: "" for main (however written), else its name as
  /// created. Throws CatalogError when there is no such schema.
  std::string SchemaName(std::string_view name) const;
  /// QualifiedName(schema, name) after checking that the schema exists.
  std::string Resolve(std::string_view schema, std::string_view name) const {
    return QualifiedName(SchemaName(schema), name);
  }

  /// Throws CatalogError if a table of that name exists (unless if_not_exists: then
  /// returns false and changes nothing).
  bool CreateTable(std::shared_ptr<TableEntry> table, bool if_not_exists);
  /// Throws the CatalogError CreateTable would when a table or view is named `name`, so a
  /// CREATE TABLE … AS can refuse before it runs its query.
  void CheckTableNameFree(std::string_view name) const;
  /// Throws CatalogError when CREATE OR REPLACE of a table (`view` false) or a view would
  /// replace the other kind: an OR REPLACE replaces only its own kind.
  void CheckReplaceable(std::string_view name, bool view) const;
  /// Throws CatalogError if there is no such table (unless if_exists).
  void DropTable(std::string_view name, bool if_exists);
  /// The table, or throws CatalogError naming it (and the closest existing name).
  std::shared_ptr<TableEntry> GetTable(std::string_view name) const;
  std::shared_ptr<TableEntry> FindTable(std::string_view name) const;

  /// ALTER TABLE: replaces table `name` by the entry `change` makes of it (named
  /// `new_name`, or keeping its name when that is empty) in one step under the catalog
  /// lock. Throws CatalogError, changing nothing, if there is no such table (unless
  /// if_exists: then returns false) or `new_name` is another table's or a view's. If
  /// `change` throws, nothing changes. `change` must not call back into the catalog.
  bool AlterTable(std::string_view name, bool if_exists, std::string_view new_name,
                  const std::function<std::shared_ptr<TableEntry>(const TableEntry&)>& change);

  /// Tables and views share one namespace. With or_replace an existing view of that name
  /// is replaced (a table is not).
  void CreateView(std::shared_ptr<ViewEntry> view, bool or_replace);
  /// Throws CatalogError if there is no such view (unless if_exists).
  void DropView(std::string_view name, bool if_exists);
  /// SQLite's catalog views every database has (sqlite_master, sqlite_schema and their
  /// temp_ twins), which cannot be dropped or altered.
  static bool IsSystemView(std::string_view name);
  std::shared_ptr<ViewEntry> FindView(std::string_view name) const;

  /// CREATE TYPE name AS ENUM (labels). Throws CatalogError when a type has the name.
  void CreateEnumType(const std::string& name, std::vector<std::string> labels);
  /// CREATE TYPE name AS type: `name` stands for `type` wherever a type is written. A
  /// column declared with it has `type` (an alias is not a type of its own, as in DuckDB).
  /// Throws CatalogError when a type has the name.
  void CreateTypeAlias(const std::string& name, LogicalType type);
  /// Throws CatalogError if there is no such type or (an ENUM) a table column uses it.
  void DropType(std::string_view name, bool if_exists, bool cascade);
  /// The user-defined type, if there is one of that name (an alias: the type it stands for).
  std::optional<LogicalType> FindType(std::string_view name) const;
  /// The user-defined ENUM types, by name.
  std::vector<LogicalType> UserTypes() const;
  /// The type aliases (CreateTypeAlias), by name: each one's name as created, and its type.
  std::vector<std::pair<std::string, LogicalType>> TypeAliases() const;

  /// The comment (COMMENT ON) of an index, sequence or type: `kind` is 'i', 's' or 'y',
  /// `name` the object's as the catalog files it. Tables, views, their columns and macros
  /// keep theirs in their entries. Dropping the object drops its comment.
  std::optional<std::string> ObjectComment(char kind, std::string_view name) const;
  /// Sets (unset: removes) such a comment. The object must exist.
  void SetObjectComment(char kind, std::string_view name, std::optional<std::string> comment);

  /// Fills `index` from `table`'s rows and adds it to the table. Throws CatalogError when
  /// an index of that name exists (unless if_not_exists: then returns false and changes
  /// nothing) or a table or view has the name; ConstraintError when a UNIQUE index meets
  /// a key twice (nothing is added).
  /// Fills `index` from the rows `transaction` sees of `table` and adds it to the table.
  /// Unless `transaction` created the table, no other transaction may have uncommitted
  /// changes in it (TransactionError), and the index gets every committed row as well as
  /// the transaction's own. Throws CatalogError when an index of that name exists
  /// (unless if_not_exists: then returns false and changes nothing) or a table or view
  /// has the name; ConstraintError when a UNIQUE index meets a key twice (nothing is
  /// added).
  bool CreateIndex(const std::shared_ptr<TableEntry>& table, std::shared_ptr<IndexEntry> index,
                   bool if_not_exists, const Transaction& transaction, bool created_here);
  /// Throws CatalogError when there is no such index (unless if_exists) or it is a
  /// constraint's (those go with their table).
  void DropIndex(std::string_view name, bool if_exists);
  std::shared_ptr<IndexEntry> FindIndex(std::string_view name) const;

  /// Throws CatalogError if a macro of that name and kind (scalar or table: one of each may
  /// share a name, as in DuckDB) exists, unless or_replace: then it is replaced.
  void CreateMacro(std::shared_ptr<MacroEntry> macro, bool or_replace);
  /// DROP MACRO (`table` false) drops the scalar macro of the name, else the table macro;
  /// DROP MACRO TABLE the table macro. Throws CatalogError if there is none (unless
  /// if_exists).
  void DropMacro(std::string_view name, bool table, bool if_exists);
  /// The macro of the name and kind, else the one of the other kind (whose call is then an
  /// error of its own), else null.
  std::shared_ptr<MacroEntry> FindMacro(std::string_view name, bool table = false) const;
  /// The macros, by name.
  std::vector<std::shared_ptr<MacroEntry>> Macros() const;

  /// Throws CatalogError if `trigger->table` has a trigger of that name (unless
  /// if_not_exists: then returns false and changes nothing).
  bool CreateTrigger(std::shared_ptr<TriggerEntry> trigger, bool if_not_exists);
  /// Drops trigger `name` of table `table` (a catalog name). Throws CatalogError if there
  /// is no such trigger (unless if_exists).
  void DropTrigger(std::string_view table, std::string_view name, bool if_exists);
  /// The triggers of table `table` (a catalog name), in the order they fire: by name
  /// (PostgreSQL's order, and DuckDB's).
  std::vector<std::shared_ptr<TriggerEntry>> TriggersOn(std::string_view table) const;
  /// Every trigger, in the order they were created.
  std::vector<std::shared_ptr<TriggerEntry>> Triggers() const;

  /// A private copy of this version, for a transaction's catalog changes.
  std::shared_ptr<Catalog> Copy() const;

  /// The lookup form of a name (case-insensitive).
  static std::string Key(std::string_view name);

  /// Throws CatalogError if a sequence of that name exists (unless if_not_exists: then
  /// returns false and changes nothing).
  bool CreateSequence(std::shared_ptr<SequenceEntry> sequence, bool if_not_exists);
  /// Throws CatalogError if there is no such sequence (unless if_exists) or a column's
  /// DEFAULT uses it.
  void DropSequence(std::string_view name, bool if_exists);
  std::shared_ptr<SequenceEntry> FindSequence(std::string_view name) const;
  /// The sequence, or throws CatalogError naming it.
  std::shared_ptr<SequenceEntry> GetSequence(std::string_view name) const;
  /// ALTER SEQUENCE: files `altered` (an entry SequenceEntry::Altered made of the sequence
  /// filed as `name`) in its place, under the altered entry's name (a rename; the sequences
  /// it owns follow). Throws CatalogError when that name is another sequence's.
  void AlterSequence(std::string_view name, std::shared_ptr<SequenceEntry> altered);
  /// The entry this catalog files now for `sequence`'s sequence (ALTER SEQUENCE replaces
  /// entries; a column's DEFAULT holds the one it was bound to), else `sequence` itself.
  std::shared_ptr<SequenceEntry> CurrentSequence(
      const std::shared_ptr<SequenceEntry>& sequence) const;
  /// Gives the sequences that relation `old_name` owns to `new_name` (a view's rename; a
  /// table's is AlterTable's own). A sequence goes when its owner goes (DropTable,
  /// DropView, DropSequence, DropSchema, and AlterTable dropping an owning column).
  void MoveSequenceOwnership(std::string_view old_name, std::string_view new_name);

  /// Changes whenever an object is created or dropped, and differs between versions (a
  /// number no other version had), so that a prepared plan can tell that the objects it
  /// was bound against may be gone.
  uint64_t Version() const { return version_.load(); }
  /// Every sequence.
  std::vector<std::shared_ptr<SequenceEntry>> Sequences() const;
  /// Every table.
  std::vector<std::shared_ptr<TableEntry>> Tables() const;
  /// Every table, in the order they were created (a FOREIGN KEY's table after the one it
  /// names).
  std::vector<std::shared_ptr<TableEntry>> TablesInCreationOrder() const;
  /// Every view.
  std::vector<std::shared_ptr<ViewEntry>> Views() const;
  /// The schemas made by CREATE SCHEMA (not main), as created.
  std::vector<std::string> Schemas() const;
  /// Table names, sorted.
  std::vector<std::string> TableNames() const;
  /// "Table with name … does not exist!" for the filed `name`, with DuckDB's suggestion from
  /// `filed_names`: every schema that has the name, or the closest name.
  static std::string MissingTableMessage(std::string_view name,
                                         const std::vector<std::string>& filed_names);
  /// CREATE statements of every object, in creation order. With `indexes`, the CREATE
  /// INDEX and CREATE TRIGGER statements go there instead (EXPORT DATABASE makes them
  /// after the rows are in: loading the rows must not fire the triggers).
  std::vector<std::string> SchemaStatements(std::vector<std::string>* indexes = nullptr) const;

 private:
  friend struct CatalogMerge;  // compares and merges versions (catalog/catalog_merge.hpp)
  void CheckTableNameFreeLocked(std::string_view name) const;
  /// Drops the triggers of table key `table`, or gives them to table `renamed` (a new
  /// catalog name) when that is set.
  void MoveTriggersLocked(const std::string& table, const TableEntry* renamed);
  /// Drops the sequences whose owner is gone (and then theirs).
  void DropOrphanedSequencesLocked();
  /// Gives the sequences owned by relation key `old_key` to `renamed` (a catalog name);
  /// `before` and `after` (set for a table), to follow a renamed owning column.
  void MoveOwnershipLocked(const std::string& old_key, const std::string& renamed,
                           const TableEntry* before = nullptr, const TableEntry* after = nullptr);
  std::pair<std::shared_ptr<TableEntry>, std::shared_ptr<IndexEntry>> FindIndexLocked(
      std::string_view name) const;

  mutable std::mutex lock_;
  std::map<std::string, std::shared_ptr<TableEntry>> tables_;
  std::map<std::string, std::shared_ptr<ViewEntry>> views_;
  std::map<std::string, LogicalType> types_;
  /// The keys of types_ that are aliases, with the names as created.
  std::map<std::string, std::string> type_aliases_;
  /// ObjectComment's, by creation_order_ entry ("i:<key>", "s:<key>", "y:<key>").
  std::map<std::string, std::string> comments_;
  /// Takes `entry` (as creation_order_ has it) out of creation_order_, and its comment.
  void ForgetLocked(const std::string& entry);
  std::map<std::string, std::shared_ptr<SequenceEntry>> sequences_;
  std::map<std::string, std::shared_ptr<MacroEntry>> macros_;
  /// Keyed by TriggerKey(table, name): names are per table.
  std::map<std::string, std::shared_ptr<TriggerEntry>> triggers_;
  std::map<std::string, std::string> schemas_;  // key -> name as created; not main
  // "c:<key>" (schemas) / "t:<key>" / "v:<key>" / "y:<key>" / "s:<key>" / "i:<key>" / "m:<key>"
  // / "g:<trigger key>"
  std::vector<std::string> creation_order_;
  /// A number drawn from a counter shared by every version.
  std::atomic<uint64_t> version_{NextVersion()};
  static uint64_t NextVersion();
};

/// `sequence`'s entry as the first of `catalogs` (null ones skipped) that files the sequence
/// has it now (Catalog::CurrentSequence), else `sequence` itself.
std::shared_ptr<SequenceEntry> CurrentSequence(std::span<const Catalog* const> catalogs,
                                               const std::shared_ptr<SequenceEntry>& sequence);

}  // namespace teal
