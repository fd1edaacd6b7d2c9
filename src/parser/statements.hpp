// The statements the transformer produces: one struct per statement kind.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/macro.hpp"
#include "catalog/trigger.hpp"
#include "common/cte_materialize.hpp"
#include "common/join_type.hpp"
#include "common/merge_action.hpp"
#include "common/set_operation.hpp"
#include "parser/parsed_expression.hpp"
#include "parser/window_spec.hpp"
#include "teal/basic_types.hpp"
#include "teal/statement_type.hpp"

namespace teal {

struct SQLStatement {
  explicit SQLStatement(StatementType t) : type(t) {}
  virtual ~SQLStatement() = default;
  StatementType type;
  std::string text;  // the statement's own SQL text
  /// Parameters: $1..$parameter_count. parameter_names[i] is the name of $i+1 when the
  /// SQL named it ($name), else empty.
  idx_t parameter_count = 0;
  std::vector<std::string> parameter_names;
};

/// FROM <table> [AS alias]
struct BaseTableRef {
  std::string schema;
  std::string name;
  std::string alias;
};

struct SelectStatement;

/// USING SAMPLE or TABLESAMPLE: a random share of a FROM clause's or item's rows, as
/// written (the binder checks it).
struct SampleSyntax {
  std::string size;    // a number as written
  std::string unit;    // "rows", "percent", or "" when not written
  std::string method;  // "reservoir", "bernoulli", "system", or "" when not written
  std::string seed;    // REPEATABLE (seed) or (method, seed); "" when not written
};

enum class TableRefKind { kBase, kJoin, kSubquery, kTableFunction };

/// An item of FROM: a table, a join of two items, or a subquery.
struct TableRef {
  TableRefKind kind = TableRefKind::kBase;
  std::string schema;  // kBase
  std::string name;    // kBase
  std::string alias;
  std::vector<std::string> column_aliases;    // AS alias(a, b, …)
  JoinType join_type = JoinType::kInner;      // kJoin
  JoinType asof_kind = JoinType::kInner;      // kJoin of kAsOf: inner, left, right or full
  std::unique_ptr<TableRef> left, right;      // kJoin
  ParsedExpressionPtr condition;              // kJoin: ON …
  std::vector<std::string> using_columns;     // kJoin: USING (…)
  bool natural = false;                       // kJoin: NATURAL
  std::unique_ptr<SelectStatement> subquery;  // kSubquery
  ParsedExpressionPtr function;               // kTableFunction: the call, a kFunction
  /// TABLESAMPLE after the item; null without one.
  std::shared_ptr<const SampleSyntax> sample;
  /// kSubquery, kTableFunction: written LATERAL. Teal binds every FROM subquery and table
  /// function as DuckDB does, as if it were (it may read the FROM items left of it), so
  /// this only records the spelling.
  bool lateral = false;
  /// kSubquery: column_aliases must name every column (a row IN its rows): a subquery of
  /// another width is an error, not columns silently left out.
  bool exact_column_aliases = false;
};

/// WITH name(columns) AS (query)
struct CommonTableExpression {
  std::string name;
  std::vector<std::string> column_aliases;
  std::shared_ptr<SelectStatement> query;
  CteMaterialize materialize = CteMaterialize::kDefault;
  bool recursive = false;  // WITH RECURSIVE: the query may read its own rows
  /// WITH RECURSIVE … USING KEY (items): the key columns and aggregates, as written; null
  /// without USING KEY.
  std::shared_ptr<const std::vector<ParsedExpressionPtr>> using_key;
};

struct SelectStatement : SQLStatement {
  SelectStatement() : SQLStatement(StatementType::kSelect) {}
  /// left UNION|INTERSECT|EXCEPT [ALL] right; ORDER BY and LIMIT then apply to the result.
  SetOperation set_operation = SetOperation::kNone;
  bool set_all = false;
  bool set_by_name = false;  // BY NAME: the sides' columns are matched by name
  std::unique_ptr<SelectStatement> set_left, set_right;
  /// WITH: visible to this statement's FROM clauses and its subqueries.
  std::vector<CommonTableExpression> ctes;
  bool distinct = false;
  /// DISTINCT ON (…): keep the first row (in ORDER BY order) of each distinct value of
  /// these expressions. Empty for plain DISTINCT and for no DISTINCT.
  std::vector<ParsedExpressionPtr> distinct_on;
  std::vector<ParsedExpressionPtr> select_list;
  std::unique_ptr<TableRef> from;  // null: no FROM
  ParsedExpressionPtr where;
  std::vector<ParsedExpressionPtr> group_by;
  bool group_by_all = false;  // GROUP BY ALL: every select-list item without an aggregate
  /// GROUPING SETS, ROLLUP and CUBE: the sets of group_by positions to group by, one after
  /// another (a set may be empty: the grand total). Empty: one set of all of group_by.
  std::vector<std::vector<idx_t>> grouping_sets;
  ParsedExpressionPtr having;
  /// QUALIFY: a filter over the rows after the window functions are computed.
  ParsedExpressionPtr qualify;
  /// USING SAMPLE: taken from the FROM clause's rows, before WHERE; null without one.
  std::shared_ptr<const SampleSyntax> sample;
  std::vector<OrderTerm> order_by;
  ParsedExpressionPtr limit;
  ParsedExpressionPtr offset;
  /// VALUES (...), (...) — when set, select_list and from are empty.
  std::vector<std::vector<ParsedExpressionPtr>> values;
};

struct ColumnDefinitionSyntax {
  std::string name;
  TypeName type;
  bool not_null = false;
  ParsedExpressionPtr default_value;
  std::string default_text;  // the DEFAULT expression as written
  /// GENERATED ALWAYS AS (expression): the column's value, computed from the row's others.
  std::shared_ptr<const ParsedExpression> generated;
  /// COMPRESSION m (PostgreSQL's) / USING COMPRESSION m (DuckDB's), lower-cased; empty: none.
  std::string compression;
};

/// PRIMARY KEY (…) or UNIQUE (…) of CREATE TABLE, written on a column or the table.
struct UniqueConstraintSyntax {
  bool primary = false;
  std::vector<std::string> columns;
  std::string name;  // CONSTRAINT name, if given
};

/// FOREIGN KEY (columns) REFERENCES parent [(parent_columns)] of CREATE TABLE, written on
/// a column (REFERENCES …) or the table.
struct ForeignKeySyntax {
  std::string name;  // CONSTRAINT name, if given
  std::vector<std::string> columns;
  std::string parent_schema;
  std::string parent;
  std::vector<std::string> parent_columns;  // empty: the parent's PRIMARY KEY
};

/// CHECK (expression) of CREATE TABLE, written on a column or the table.
struct CheckConstraintSyntax {
  std::string name;  // CONSTRAINT name; empty: none
  std::shared_ptr<const ParsedExpression> expression;
};

struct CreateTableStatement : SQLStatement {
  CreateTableStatement() : SQLStatement(StatementType::kCreate) {}
  std::string schema;
  std::string name;
  bool if_not_exists = false;
  bool or_replace = false;  // CREATE OR REPLACE TABLE: a table of that name goes first
  std::vector<ColumnDefinitionSyntax> columns;
  std::vector<UniqueConstraintSyntax> constraints;
  std::vector<CheckConstraintSyntax> checks;
  std::vector<ForeignKeySyntax> foreign_keys;
};

/// CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (column | (expression) [ASC|DESC], …)
struct CreateIndexStatement : SQLStatement {
  CreateIndexStatement() : SQLStatement(StatementType::kCreate) {}
  std::string name;
  std::string schema;  // the table's
  std::string table;
  /// The key parts: a column's name, or (empty) the expression of the same position.
  std::vector<std::string> columns;
  std::vector<std::shared_ptr<const ParsedExpression>> expressions;
  bool unique = false;
  bool if_not_exists = false;
};

/// CREATE [OR REPLACE] TYPE [IF NOT EXISTS] name AS ENUM (labels) | ENUM (query) | type, and
/// PostgreSQL's CREATE DOMAIN name AS type (without constraints), which is the last form.
struct CreateTypeStatement : SQLStatement {
  CreateTypeStatement() : SQLStatement(StatementType::kCreate) {}
  std::string name;
  /// The schema as written ("s", or "db.s" / "db" for an attached database's); empty:
  /// the default one. ClientContext::ChangedDatabase leaves the database's schema.
  std::string schema;
  bool or_replace = false;
  bool if_not_exists = false;
  std::vector<std::string> labels;              // AS ENUM (labels)
  std::unique_ptr<SelectStatement> enum_query;  // AS ENUM (query): its values are the labels
  std::optional<TypeName> alias;                // AS type: another name for it
};

/// CREATE [OR REPLACE] MACRO name(a, b := default) AS expression | AS TABLE query, and
/// DuckDB's CREATE FUNCTION … AS for the same (parser/macro_statement.cpp).
struct CreateMacroStatement : SQLStatement {
  CreateMacroStatement() : SQLStatement(StatementType::kCreate) {}
  std::string name;
  bool or_replace = false;
  bool temporary = false;  // CREATE TEMP MACRO, or temp.name: the connection's own
  bool if_not_exists = false;
  /// The schema as written ("s", "db.s", "db"); empty: the default one (as for types).
  std::string schema;
  std::vector<MacroOverload> overloads;  // each parameter list and its body, as written
  bool table = false;                    // AS TABLE
  /// The first parameter whose default names a column, which CREATE refuses (a default is
  /// bound where the macro is called, to whatever column has the name there); replaying a
  /// log that holds such a macro from before takes it. Empty: none.
  std::string default_naming_column;
};

/// CREATE TRIGGER (catalog/trigger.hpp), read by hand (parser/trigger_statement.cpp).
struct CreateTriggerStatement : SQLStatement {
  CreateTriggerStatement() : SQLStatement(StatementType::kCreate) {}
  bool if_not_exists = false;
  bool or_replace = false;
  bool instead_of = false;   // INSTEAD OF, which Teal refuses
  std::string table_schema;  // as written; empty when not
  std::string table;
  TriggerEntry trigger;  // its table fields are the binder's to fill
};

/// DROP TRIGGER [IF EXISTS] name ON table
struct DropTriggerStatement : SQLStatement {
  DropTriggerStatement() : SQLStatement(StatementType::kDrop) {}
  std::string name;
  std::string table_schema;
  std::string table;
  bool if_exists = false;
};

/// CREATE SEQUENCE [IF NOT EXISTS] name [START [WITH] n] [INCREMENT [BY] n]
///   [MINVALUE n | NO MINVALUE] [MAXVALUE n | NO MAXVALUE] [[NO] CYCLE]
struct CreateSequenceStatement : SQLStatement {
  CreateSequenceStatement() : SQLStatement(StatementType::kCreate) {}
  std::string schema;
  std::string name;
  bool if_not_exists = false;
  bool or_replace = false;  // DuckDB's CREATE OR REPLACE SEQUENCE: DROP IF EXISTS, then CREATE
  std::optional<int64_t> start;
  int64_t increment = 1;
  std::optional<int64_t> min_value;
  std::optional<int64_t> max_value;
  bool cycle = false;
};

/// ALTER SEQUENCE [IF EXISTS] name option… — PostgreSQL's INCREMENT [BY] n, MINVALUE n |
///   NO MINVALUE, MAXVALUE n | NO MAXVALUE, START [WITH] n, RESTART [[WITH] n], [NO] CYCLE,
///   OWNED BY table.column | NONE, and DuckDB's OWNED BY relation — or RENAME TO new_name.
struct AlterSequenceStatement : SQLStatement {
  AlterSequenceStatement() : SQLStatement(StatementType::kAlter) {}
  std::string schema;
  std::string name;
  bool if_exists = false;
  std::optional<int64_t> increment;
  /// Given (the outer optional set): the new bound, or unset for NO MINVALUE / NO MAXVALUE
  /// (the default of the sequence's direction).
  std::optional<std::optional<int64_t>> min_value, max_value;
  std::optional<int64_t> start;
  bool restart = false;
  std::optional<int64_t> restart_with;  // RESTART WITH n; unset: its start
  std::optional<bool> cycle;
  /// OWNED BY: the name's parts as written (empty: NONE). Unset: no change of owner.
  std::optional<std::vector<std::string>> owned_by;
  std::string new_name;  // RENAME TO; empty: not a rename
};

/// CREATE SCHEMA [IF NOT EXISTS] name
struct CreateSchemaStatement : SQLStatement {
  CreateSchemaStatement() : SQLStatement(StatementType::kCreate) {}
  std::string name;
  std::string catalog;  // CREATE SCHEMA db.name: the database (empty: the default one)
  bool if_not_exists = false;
  bool or_replace = false;  // DuckDB's CREATE OR REPLACE SCHEMA: DROP IF EXISTS, then CREATE
};

/// COMMENT ON kind [db.][schema.]name[.column] IS 'text' | NULL (DuckDB's MACRO [TABLE] is
/// FUNCTION). An empty text is NULL, as in PostgreSQL: the comment goes.
struct CommentStatement : SQLStatement {
  enum class Kind { kTable, kView, kColumn, kIndex, kSequence, kType, kFunction };
  CommentStatement() : SQLStatement(StatementType::kAlter) {}
  Kind kind = Kind::kTable;
  std::string schema;  // as written; "db.schema" for a database's (catalog/catalog_search.hpp)
  std::string name;    // COLUMN: the table's or view's
  std::string column;  // COLUMN only
  std::optional<std::string> comment;
};

enum class DropKind { kTable, kType, kView, kIndex, kSequence, kMacro, kTableMacro, kSchema };

struct DropStatement : SQLStatement {
  DropStatement() : SQLStatement(StatementType::kDrop) {}
  DropKind kind = DropKind::kTable;
  /// Tables and views: QualifiedName(schema, name) (catalog/catalog.hpp); the others: the
  /// name, or "schema.name" when a schema other than main is written (no such object).
  std::vector<std::string> names;
  /// The database the names are in when written as db.schema.name (empty: not written).
  std::string catalog;
  bool if_exists = false;
  bool cascade = false;
};

/// INSERT … ON CONFLICT [(columns)] DO NOTHING | DO UPDATE SET … [WHERE …], and DuckDB's
/// INSERT OR IGNORE / INSERT OR REPLACE (rewritten to it before the grammar sees them).
struct OnConflictClause {
  /// kReplace: INSERT OR REPLACE, DO UPDATE SET of every column but the conflict key's to
  /// EXCLUDED.column; the binder spells it out once it knows the key.
  enum class Action { kNothing, kUpdate, kReplace };
  Action action = Action::kNothing;
  std::vector<std::string> target;          // conflict target columns; empty: none given
  std::vector<std::string> columns;         // DO UPDATE SET targets, in order
  std::vector<ParsedExpressionPtr> values;  // one per target; kDefault for DEFAULT
  ParsedExpressionPtr where;                // DO UPDATE … WHERE
};

struct InsertStatement : SQLStatement {
  InsertStatement() : SQLStatement(StatementType::kInsert) {}
  std::string schema;
  std::string table;
  std::vector<std::string> columns;  // empty: all, in order
  /// BY NAME: the query's columns go to the table's columns of their names (columns is
  /// empty).
  bool by_name = false;
  bool default_values = false;  // INSERT INTO t DEFAULT VALUES
  std::unique_ptr<SelectStatement> select;
  std::string alias;  // INSERT INTO t AS alias: the name RETURNING sees
  /// RETURNING items (a select list over the inserted rows); empty: the row count.
  std::vector<ParsedExpressionPtr> returning;
  std::unique_ptr<OnConflictClause> on_conflict;
  /// WITH before INSERT: visible to the inserted query.
  std::vector<CommonTableExpression> ctes;
};

/// DELETE FROM t [AS alias] [WHERE condition]
struct DeleteStatement : SQLStatement {
  DeleteStatement() : SQLStatement(StatementType::kDelete) {}
  BaseTableRef table;
  ParsedExpressionPtr where;
  /// RETURNING items over the deleted rows (as they were); empty: the row count.
  std::vector<ParsedExpressionPtr> returning;
  /// WITH before DELETE: visible to its WHERE's subqueries.
  std::vector<CommonTableExpression> ctes;
};

/// UPDATE t [AS alias] SET column = value, … [FROM items] [WHERE condition]
struct UpdateStatement : SQLStatement {
  UpdateStatement() : SQLStatement(StatementType::kUpdate) {}
  BaseTableRef table;
  std::vector<std::string> columns;         // SET targets, in order
  std::vector<ParsedExpressionPtr> values;  // one per target; kDefault for DEFAULT
  std::unique_ptr<TableRef> from;
  ParsedExpressionPtr where;
  /// RETURNING items over the updated rows (their new values); empty: the row count.
  std::vector<ParsedExpressionPtr> returning;
  /// WITH before UPDATE: visible to FROM and the subqueries of SET and WHERE.
  std::vector<CommonTableExpression> ctes;
};

/// One WHEN clause of MERGE: which rows it is for, its AND condition, what it does.
struct MergeClause {
  enum class Match { kMatched, kNotMatchedByTarget, kNotMatchedBySource };
  using Action = MergeAction;
  /// Where UPDATE's and INSERT's values come from: a list written out (SET a = …, or
  /// [(columns)] VALUES (…)), the source's columns by position (UPDATE [SET *], INSERT
  /// [*]) or by name (BY NAME), or every column's DEFAULT (INSERT DEFAULT VALUES).
  enum class Values { kListed, kByPosition, kByName, kDefaultValues };
  Match match = Match::kMatched;
  ParsedExpressionPtr condition;  // null: none
  Action action = Action::kDoNothing;
  Values values_from = Values::kListed;
  /// UPDATE: the SET targets; INSERT: the column list (empty: every column, in order).
  std::vector<std::string> columns;
  /// kListed: the values, one per target (INSERT without a column list: per column);
  /// null stands for DEFAULT.
  std::vector<ParsedExpressionPtr> values;
  ParsedExpressionPtr message;  // ERROR's message; null: none
  /// The clause as written, for error messages ("WHEN NOT MATCHED BY SOURCE").
  std::string MatchText() const {
    switch (match) {
      case Match::kMatched:
        return "WHEN MATCHED";
      case Match::kNotMatchedByTarget:
        return "WHEN NOT MATCHED BY TARGET";
      case Match::kNotMatchedBySource:
        return "WHEN NOT MATCHED BY SOURCE";
    }
    return "";
  }
};

/// [WITH …] MERGE INTO target [AS alias] USING source {ON condition | USING (columns)}
/// WHEN … [WHEN …] [RETURNING …]: the source's rows matched to the target's, each
/// clause's action applied to the rows it is for (merge_statement.cpp).
struct MergeStatement : SQLStatement {
  MergeStatement() : SQLStatement(StatementType::kMerge) {}
  BaseTableRef target;
  std::unique_ptr<TableRef> source;
  ParsedExpressionPtr condition;           // ON; null with USING
  std::vector<std::string> using_columns;  // USING (…)
  std::vector<MergeClause> clauses;        // in the order written
  /// RETURNING items over the changed rows (inserted and updated: new values; deleted:
  /// as they were) and merge_action; empty: the row count.
  std::vector<ParsedExpressionPtr> returning;
  std::vector<CommonTableExpression> ctes;
};

/// CREATE [OR REPLACE] VIEW v [(names)] AS query
struct CreateViewStatement : SQLStatement {
  CreateViewStatement() : SQLStatement(StatementType::kCreate) {}
  std::string schema;
  std::string name;
  std::vector<std::string> column_names;
  bool or_replace = false;
  bool if_not_exists = false;  // DuckDB's: nothing happens when the name is taken
  std::shared_ptr<SelectStatement> query;
  std::string query_text;  // the query as written, for the schema
};

/// CREATE TABLE t [(names)] AS query
struct CreateTableAsStatement : SQLStatement {
  CreateTableAsStatement() : SQLStatement(StatementType::kCreate) {}
  std::string schema;
  std::string name;
  std::vector<std::string> column_names;
  bool if_not_exists = false;
  bool or_replace = false;  // CREATE OR REPLACE TABLE … AS: the old table goes after the query
  bool with_data = true;    // false: … WITH NO DATA, the query's columns and no rows
  std::unique_ptr<SelectStatement> query;
};

enum class AlterKind {
  kAddColumn,
  kDropColumn,
  kRenameColumn,
  kRenameTable,
  kSetDefault,   // ALTER COLUMN c SET DEFAULT e / DROP DEFAULT (column.default_value null)
  kSetNotNull,   // ALTER COLUMN c SET NOT NULL
  kDropNotNull,  // ALTER COLUMN c DROP NOT NULL
  kAlterType,    // ALTER COLUMN c [SET DATA] TYPE t (column.type)
  kAddUnique,    // ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE (columns) (unique)
  kRenameView,   // ALTER VIEW v RENAME TO new_name (`table` names the view)
};

/// ALTER TABLE [IF EXISTS] t ADD COLUMN [IF NOT EXISTS] definition
///                          | DROP COLUMN [IF EXISTS] name
///                          | RENAME [COLUMN] name TO new_name
///                          | RENAME TO new_table_name
struct AlterTableStatement : SQLStatement {
  AlterTableStatement() : SQLStatement(StatementType::kAlter) {}
  std::string schema;
  std::string table;
  bool if_exists = false;  // of the table
  AlterKind kind = AlterKind::kAddColumn;
  ColumnDefinitionSyntax column;  // kAddColumn
  std::string column_name;        // every kind but kAddColumn and kRenameTable
  std::string new_name;           // kRenameColumn, kRenameTable
  /// ADD COLUMN IF NOT EXISTS / DROP COLUMN IF EXISTS: no error when the column already
  /// exists / does not exist.
  bool column_if = false;
  UniqueConstraintSyntax unique;  // kAddUnique
  /// ADD / DROP / RENAME of a field of a STRUCT column (s.f, s.element.f, s.key.f …): the
  /// column, then the fields; empty for a column's own change. column_name (DROP,
  /// RENAME) or column.name (ADD) is the last part.
  std::vector<std::string> field_path;
  /// kAlterType: USING expr, the new values computed from each row's; null: a cast.
  ParsedExpressionPtr using_expression;
};

/// SET name = value | SET name TO DEFAULT | RESET name | RESET ALL (and PRAGMA name = value)
struct SetStatement : SQLStatement {
  SetStatement() : SQLStatement(StatementType::kSet) {}
  std::string name;           // lower-cased; empty for RESET ALL
  ParsedExpressionPtr value;  // null: back to the default
  /// DuckDB's SET VARIABLE name = expression: the connection's variable `name` (as
  /// written when quoted) takes the one value of `query`; RESET VARIABLE: no query.
  bool variable = false;
  std::unique_ptr<SelectStatement> query;
};

/// BEGIN [TRANSACTION] | START TRANSACTION | COMMIT | END | ROLLBACK | ABORT |
/// SAVEPOINT name | RELEASE [SAVEPOINT] name | ROLLBACK TO [SAVEPOINT] name
enum class TransactionKind { kBegin, kCommit, kRollback, kSavepoint, kRelease, kRollbackTo };
struct TransactionStatement : SQLStatement {
  TransactionStatement() : SQLStatement(StatementType::kTransaction) {}
  TransactionKind kind = TransactionKind::kBegin;
  std::string savepoint;   // the savepoint's name, for the last three
  bool read_only = false;  // BEGIN … READ ONLY
};

/// COPY table [(columns)] FROM / TO 'file' [(options)], or COPY (query) TO 'file'.
struct CopyStatement : SQLStatement {
  CopyStatement() : SQLStatement(StatementType::kCopy) {}
  std::string schema;
  std::string table;  // empty: `query`
  std::vector<std::string> columns;
  std::unique_ptr<SelectStatement> query;
  bool is_from = false;
  std::string path;
  /// The options, lower-case names; a bare option (HEADER) has a NULL value.
  std::vector<std::pair<std::string, Value>> options;
};

/// EXPLAIN [ANALYZE] statement
struct ExplainStatement : SQLStatement {
  ExplainStatement() : SQLStatement(StatementType::kExplain) {}
  std::unique_ptr<SQLStatement> statement;
  bool analyze = false;
};

/// ATTACH [DATABASE] [OR REPLACE] [IF NOT EXISTS] 'path' [AS name] [(option [value], …)]
struct AttachStatement : SQLStatement {
  AttachStatement() : SQLStatement(StatementType::kAttach) {}
  std::string path;
  std::string name;  // empty: the file's stem
  bool if_not_exists = false;
  bool or_replace = false;
  /// The options, lower-cased names; a bare option (READ_ONLY) has an empty value.
  std::vector<std::pair<std::string, std::string>> options;
};

/// EXPORT DATABASE [name TO] 'directory' [(option [value], …)] (DuckDB's): the database's
/// schema as SQL, its tables' rows as CSV files, and the statements that load them.
struct ExportDatabaseStatement : SQLStatement {
  ExportDatabaseStatement() : SQLStatement(StatementType::kExport) {}
  std::string database;  // empty: the default one
  std::string directory;
  /// COPY's options for the data files: lower-cased names, each value as written.
  std::vector<std::pair<std::string, std::string>> options;
};

/// COPY FROM DATABASE source TO target [(SCHEMA | DATA)] (DuckDB's): the source's objects
/// and rows made again in the target (an attached database).
struct CopyDatabaseStatement : SQLStatement {
  CopyDatabaseStatement() : SQLStatement(StatementType::kCopy) {}
  std::string from;
  std::string to;
  bool schema = true;  // (DATA) leaves it out
  bool data = true;    // (SCHEMA) leaves it out
};

/// IMPORT DATABASE 'directory': runs the schema.sql and load.sql EXPORT wrote there.
struct ImportDatabaseStatement : SQLStatement {
  ImportDatabaseStatement() : SQLStatement(StatementType::kImport) {}
  std::string directory;
};

/// DETACH [DATABASE] [IF EXISTS] name
struct DetachStatement : SQLStatement {
  DetachStatement() : SQLStatement(StatementType::kDetach) {}
  std::string name;
  bool if_exists = false;
};

/// USE database[.schema]
struct UseStatement : SQLStatement {
  UseStatement() : SQLStatement(StatementType::kUse) {}
  std::string database;
  std::string schema;  // empty: main
};

/// PRAGMA name; PRAGMA name = value; PRAGMA name(args)
/// VACUUM [ANALYZE] [table [(columns)]] and ANALYZE [table [(columns)]] (PostgreSQL's).
/// ANALYZE computes the zone maps of the table's row groups (storage/zone_map.hpp), which
/// scans otherwise compute on first need; VACUUM alone does nothing more than check its
/// names: a checkpoint already writes a table without its deleted rows.
struct VacuumStatement : SQLStatement {
  VacuumStatement() : SQLStatement(StatementType::kVacuum) {}
  bool analyze = false;
  std::string schema;
  std::string table;  // empty: every table
  std::vector<std::string> columns;
};

struct PragmaStatement : SQLStatement {
  PragmaStatement() : SQLStatement(StatementType::kPragma) {}
  std::string name;
  std::vector<std::string> arguments;
};

/// PREPARE name [(type, …)] AS statement: SQL's own prepared statements, per connection.
struct PrepareStatement : SQLStatement {
  PrepareStatement() : SQLStatement(StatementType::kPrepare) {}
  std::string name;
  std::vector<TypeName> types;  // of $1, $2, … when declared
  std::string query;            // the statement's text
};

/// EXECUTE name [(value, …)]
struct ExecutePreparedStatement : SQLStatement {
  ExecutePreparedStatement() : SQLStatement(StatementType::kExecute) {}
  std::string name;
  std::vector<ParsedExpressionPtr> values;
  /// The name of each value given as `name := value` (DuckDB's), else empty: the value of
  /// the parameter $name.
  std::vector<std::string> value_names;
};

/// DEALLOCATE [PREPARE] name | ALL
struct DeallocateStatement : SQLStatement {
  DeallocateStatement() : SQLStatement(StatementType::kDeallocate) {}
  std::string name;  // empty: ALL
};

}  // namespace teal
