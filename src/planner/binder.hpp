// Binder: resolves names and types of a parsed statement against the catalog and
// produces a logical plan. Every error here is the user's: BinderError for SQL that
// does not make sense, CatalogError for unknown objects, ConversionError for
// constants that do not convert. The implementation is in src/planner/binder/, one file
// per concern (binder_internal.hpp lists them).
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/catalog_search.hpp"
#include "catalog/session_variables.hpp"
#include "parser/parser.hpp"
#include "parser/statements.hpp"
#include "planner/logical_operator.hpp"
#include "planner/trigger_firing.hpp"

namespace teal {

inline constexpr idx_t kDefaultRecursiveCteMaxIterations = 1'000'000;

/// Where NULLs sort when ORDER BY does not say (the default_null_order setting).
enum class NullOrder {
  kNullsFirst,
  kNullsLast,
  kNullsFirstOnAscLastOnDesc,
  kNullsLastOnAscFirstOnDesc,  // PostgreSQL's: NULL is the largest value
};

/// What the settings decide for binding. The binder sees settings only through this.
class SessionSequences;
struct CsvScanData;

struct BindOptions {
  bool default_descending = false;  // default_order
  NullOrder null_order = NullOrder::kNullsLastOnAscFirstOnDesc;
  /// max_expression_depth: for the queries of views, parsed while binding, and for how
  /// deeply views may be nested in one another.
  idx_t max_expression_depth = kDefaultMaxExpressionDepth;
  /// default_collation: what VARCHAR values without a collation of their own compare by
  /// (empty: bytes).
  std::string default_collation;
  /// recursive_cte_max_iterations: rounds of a recursive WITH query before it fails.
  idx_t recursive_cte_max_iterations = kDefaultRecursiveCteMaxIterations;
  /// current_setting(name): the value as text, or nullopt for no such setting.
  std::function<std::optional<std::string>(std::string_view name)> setting;
  /// teal_settings(): name, value, description, input type of every setting.
  std::function<std::vector<std::array<std::string, 4>>()> all_settings;
  /// The database's name in duckdb_tables() and the other catalog listings.
  std::string database_name = "memory";
  /// current_schema(): the default schema (USE s, SET schema, SET search_path).
  std::string schema_name = "main";
  /// now(), current_timestamp, current_date: the statement's transaction began then
  /// (microseconds since the epoch, UTC).
  int64_t transaction_started_micros = 0;
  /// A database a connection reaches: its own, or an attached one.
  struct Database {
    std::string name;
    std::string path;  // empty: in memory
    bool read_only = false;
    std::function<std::vector<Value>()> size_row;  // pragma_database_size()'s row
  };
  /// duckdb_databases(), pragma_database_list, pragma_database_size(): the databases, the
  /// connection's own first (null: none to show).
  std::function<std::vector<Database>()> databases;
  /// The connection's last nextval values, for currval (null: the sequences' own last
  /// values, for a binder without a session).
  std::shared_ptr<SessionSequences> sequences;
  /// The connection's transaction is READ ONLY: nextval and setval are refused.
  bool read_only_transaction = false;
  /// The connections open on the database, for duckdb_connection_count().
  int64_t connection_count = 1;
  /// The connection's variables (SET VARIABLE), for getvariable and duckdb_variables()
  /// (null: none).
  std::shared_ptr<const VariableMap> variables;
  /// enable_external_access: false refuses the table functions that read files.
  bool external_access = true;
  /// A trigger body's: the transition tables (and NEW / OLD rows) it reads by name,
  /// before WITH queries and the catalog (null: none).
  std::shared_ptr<const std::vector<TransitionRelation>> transition_tables;
};

struct BoundStatement {
  LogicalOperatorPtr plan;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  /// A set operation's: for each column, the names the sides after the first give it,
  /// which its ORDER BY may use too (DuckDB's rule). Empty for other statements.
  std::vector<std::vector<std::string>> other_names;
  /// INSERT/UPDATE/DELETE … RETURNING: the rows are the answer, not a count.
  bool returning = false;
  /// INSERT/UPDATE/DELETE of a table with triggers for it: what they are (null: none).
  std::shared_ptr<const TriggerFiring> triggers;
};

class Binder {
 public:
  /// With `parameter_values`, parameters bind as those constants ($1 is values[0]);
  /// without, they bind as kParameter nodes to be substituted at execution.
  /// Names are looked up in `catalogs` (the connection's temporary objects first).
  explicit Binder(CatalogSearch catalogs, const std::vector<Value>* parameter_values = nullptr)
      : catalogs_(catalogs), catalog_(*catalogs.main), parameter_values_(parameter_values) {}

  /// `resolve_nulls`: give untyped NULL columns a concrete type (INTEGER), as a query's
  /// result needs; INSERT … SELECT keeps them untyped so they convert to any column.
  BoundStatement BindSelect(const SelectStatement& select, bool resolve_nulls = true);
  /// The tables and views `view` (of `home`) reads by name, those of the views it reads
  /// too: each one's catalog and filed name (view dependencies). Throws what binding the
  /// view throws (a relation it reads is gone).
  std::vector<std::pair<const Catalog*, std::string>> RelationsReadBy(const ViewEntry& view,
                                                                      Catalog* home);
  BoundStatement BindInsert(const InsertStatement& insert);
  BoundStatement BindDelete(const DeleteStatement& del);
  BoundStatement BindUpdate(const UpdateStatement& update);
  BoundStatement BindMerge(const MergeStatement& merge);

  void SetOptions(BindOptions options) { options_ = std::move(options); }
  /// CREATE [OR REPLACE] VIEW `name`: a reference to `name` in the query being bound (to
  /// the old definition, or through other views) would make the view refer to itself.
  /// A CHECK constraint's condition over `table`'s columns (bind_check.cpp). Throws for a
  /// condition that is not BOOLEAN, reads no column of the table it names, or holds a
  /// subquery, an aggregate or something not deterministic.
  ExpressionPtr BindCheck(const TableEntry& table, const ParsedExpression& condition);
  /// An expression over one row of `table` (CHECK, generated columns; `what` names them in
  /// errors): deterministic, without subqueries or aggregates, reading no generated column
  /// unless `reads_generated`.
  ExpressionPtr BindRowExpression(const TableEntry& table, const ParsedExpression& e,
                                  std::string_view what, bool reads_generated = false);
  /// The generated columns of `table` (expressions[c] the parsed expression of column c, null
  /// for a stored one): sets each one's `generated` and, where it was left to the
  /// expression, its type. A generated column may read another (DuckDB's; PostgreSQL
  /// refuses), whose expression is then computed in its place, so that every generated
  /// expression reads stored columns only; a cycle is an error.
  void BindGeneratedColumns(TableEntry& table,
                            const std::vector<const ParsedExpression*>& expressions);
  /// A column's DEFAULT as a value of `type`: the expression folded when it is constant
  /// (1 + 1); nullopt when its value differs per row or per transaction (random(), now(),
  /// current_date), which each writing statement then binds anew (DefaultExpression).
  std::optional<Value> BindDefaultValue(const ParsedExpression& expression,
                                        const LogicalType& type);
  void DefiningView(std::string name) { views_in_progress_.push_back(std::move(name)); }

  /// True for names of built-in types (which user types may not take).
  static bool IsBuiltinTypeName(std::string_view name);
  /// True when a parameter appeared where only a constant is allowed (LIMIT, DEFAULT):
  /// such a statement must be bound again once the parameter values are known.
  bool NeedsParameterValues() const { return needs_parameter_values_; }
  /// The first temporary macro or sequence a bound expression called (`macro "m"`); empty
  /// when none did (a table that is not temporary may not call one:
  /// main/expression_dependents.hpp).
  const std::string& TemporaryObjectUsed() const { return temporary_object_used_; }
  /// The first macro, sequence or type of another database than the one a statement
  /// reads its names in (`sequence "db1.seq"`); empty when none was used (a table may not
  /// use one: its database opens without the other).
  const std::string& OtherDatabaseObjectUsed() const { return other_database_object_used_; }
  /// The LogicalType a written type name denotes (built-in names and user enums).
  LogicalType ResolveType(const TypeName& name) const;
  /// The sequence of a DEFAULT written as nextval('name') (CatalogError when there is
  /// no such sequence), or null for any other expression.
  std::shared_ptr<SequenceEntry> DefaultSequence(const ParsedExpression& e) const;
  /// The sequence `column`'s DEFAULT nextval(…) draws from as the catalogs have it now
  /// (ALTER SEQUENCE replaces a sequence's entry; the column holds the one it was bound to).
  std::shared_ptr<SequenceEntry> CurrentDefaultSequence(const ColumnDefinition& column) const;
  /// The sequence nextval('text') names: [[db.]schema.]name, through the search path when
  /// no schema is written; CatalogError when there is none. Notes a temporary one.
  std::shared_ptr<SequenceEntry> SequenceNamed(const std::string& text) const;
  /// nextval (`next`) or currval of `sequence`; `argument` is the call's (its name).
  ExpressionPtr SequenceCall(std::shared_ptr<SequenceEntry> sequence, bool next,
                             ExpressionPtr argument) const;
  /// Binds a constant expression (DEFAULT, LIMIT) and folds it to a value of `type`.
  Value BindConstant(const ParsedExpression& expression, const LogicalType& type,
                     std::string_view what);
  /// Binds a constant expression and folds it to a value of its own type.
  Value BindConstant(const ParsedExpression& expression, std::string_view what);
  /// The LogicalType a type written as text denotes ('INTEGER', 'VARCHAR[]', an enum's
  /// name), as in read_csv's columns = {'a': 'INTEGER'}.
  LogicalType ResolveTypeText(const std::string& text) const;
  /// Throws when a parameter of scalar `macro` has the name of a column of a table its body reads
  /// (CREATE MACRO; a call checks it again, the tables being those of then).
  void CheckMacroParameterNames(const MacroEntry& macro);
  /// A view's column names, its query bound now (as the catalog listings show them).
  std::vector<std::string> ViewColumnNames(const ViewEntry& view);

 public:
  struct Scope;

 private:
  /// A WITH query in scope, and what its uses share (LogicalCteScan).
  struct WithQuery {
    CommonTableExpression syntax;
    std::shared_ptr<CteDefinition> definition;
    /// The queries around the one whose WITH this is: a WITH query inside a subquery may
    /// read their columns (a correlated WITH query), wherever it is used.
    Scope* outer = nullptr;
    std::vector<ExpressionPtr>* correlated = nullptr;
  };

  /// A statement's WITH names, visible while the statement is bound and no longer after.
  class CteScope {
   public:
    CteScope(Binder& binder, const std::vector<CommonTableExpression>& ctes);
    ~CteScope() { ctes_.resize(outer_); }
    CteScope(const CteScope&) = delete;
    CteScope& operator=(const CteScope&) = delete;

   private:
    std::vector<WithQuery>& ctes_;
    size_t outer_;
  };

  /// A binder for a query nested in this one's FROM or set operation: same catalog,
  /// parameters, settings, WITH names and views in progress. `same_level`: it binds a
  /// part of this very query (a set operation's side), so it sees the same outer scope.
  /// The parent must collect the child's needs_parameter_values_.
  Binder Child(bool same_level) const;
  /// Binds FROM item `ref`; its TABLESAMPLE too unless `without_sample`. (No wrapper
  /// function: a chain of views puts this frame on the stack once per view.)
  LogicalOperatorPtr BindTableRef(const TableRef& ref, Scope& scope, bool without_sample = false);
  /// BindTableRef of a table function or table macro call (a function of its own, so that
  /// its locals are not in BindTableRef's frame).
  LogicalOperatorPtr BindTableFunctionItem(const TableRef& ref, Scope& scope, idx_t offset);
  /// BindTableRef of a use of the WITH query ctes_[index] (a function of its own, as
  /// BindTableFunctionItem).
  LogicalOperatorPtr BindWithQueryItem(const TableRef& ref, size_t index, Scope& scope,
                                       idx_t offset);
  /// `plan` (its columns unchanged) reduced to the random share of its rows `sample` asks
  /// for (bind_sample.cpp).
  LogicalOperatorPtr ApplySample(LogicalOperatorPtr plan, const SampleSyntax& sample);
  /// Whether FROM item `item` may read the FROM items left of it (bind_lateral.cpp).
  bool MayBeLateral(const TableRef& item);
  /// Binds `item`, right of a join whose left side's bindings are scope.bindings from
  /// `left_first` on (its columns start at `left_offset`), with those columns visible; its
  /// binding joins `scope`. `outer_values` gets what it reads of them (over the left
  /// side's row): empty when it reads none, and then the plan is an ordinary FROM item's.
  LogicalOperatorPtr BindLateralItem(const TableRef& item, Scope& scope, size_t left_first,
                                     idx_t left_offset, std::vector<ExpressionPtr>& outer_values);
  /// The LogicalLateralJoin of join `ref`: `left` and the `item` BindLateralItem bound,
  /// reading `outer_values`; ON becomes a filter inside the item.
  /// ON sees the bindings from `condition_first` on (default: `left_first`).
  LogicalOperatorPtr BindLateralJoin(const TableRef& ref, Scope& scope, LogicalOperatorPtr left,
                                     LogicalOperatorPtr item,
                                     std::vector<ExpressionPtr> outer_values, size_t left_first,
                                     idx_t left_offset, size_t condition_first = kInvalidIndex);
  /// `a, b JOIN LATERAL x ON …` (a comma whose right item is an INNER or LEFT join with a
  /// LATERAL right side): x may read a too, as in PostgreSQL; then the join is
  /// (a, b) JOIN LATERAL x, ON still seeing b and x only. Null when `ref` is not that shape.
  LogicalOperatorPtr BindCommaLateral(const TableRef& ref, Scope& scope, idx_t offset);
  /// The query of WITH RECURSIVE `cte` (whose visible WITH queries this binder has): a
  /// LogicalRecursiveCte when it is `anchor UNION [ALL] recursive part` and the recursive
  /// part reads `cte`, else the query bound as any WITH query is.
  BoundStatement BindRecursiveCte(const CommonTableExpression& cte);
  struct UsingKey;
  /// USING KEY (items) of `cte` over its columns `names` of `types`.
  UsingKey BindUsingKey(const CommonTableExpression& cte, const std::vector<std::string>& names,
                        const std::vector<LogicalType>& types);
  /// JOIN … USING / NATURAL JOIN of the FROM items bound at scope.bindings[left_first,
  /// right_first) and [right_first, end): the equality condition (null when NATURAL finds
  /// no common column); each pair's second column is merged into the first.
  /// Renumbers a join condition bound over the whole FROM clause to the join's own rows
  /// (which start at column `offset`); a column left of the join is an error.
  void LocalizeJoinCondition(Expression& condition, idx_t offset, const TableRef& ref);
  /// The ON condition of join `ref`, whose left side's bindings are scope.bindings from
  /// `left_first` on and whose columns start at `offset`: bound over the join's own rows.
  ExpressionPtr BindJoinCondition(const TableRef& ref, Scope& scope, size_t left_first,
                                  idx_t offset);
  /// The condition of a JOIN … USING / NATURAL (null when NATURAL finds no common column).
  /// With `pairs`, both sides' columns of each name are hidden from unqualified names and *
  /// and `pairs` gets their (left, right) places in the FROM row, for BindMergedColumns.
  /// Without (MERGE, SEMI and ANTI joins), the right side's column is hidden and the left
  /// one stands for both.
  ExpressionPtr BindUsing(const TableRef& ref, Scope& scope, size_t left_first, size_t right_first,
                          std::vector<std::pair<idx_t, idx_t>>* pairs = nullptr);
  /// Puts the merged column of each USING pair after the join's columns — the left one, the
  /// right one for a RIGHT JOIN, COALESCE of both for a FULL JOIN — and a binding for them
  /// before the join's, so * lists them first (PostgreSQL's order; DuckDB keeps the left
  /// side's place).
  LogicalOperatorPtr BindMergedColumns(LogicalOperatorPtr join, JoinType join_type, Scope& scope,
                                       size_t left_first, idx_t offset,
                                       const std::vector<std::pair<idx_t, idx_t>>& pairs);
  BoundStatement BindSetOperation(const SelectStatement& select, bool resolve_nulls);
  /// range(…) / generate_series(…) in FROM.
  LogicalOperatorPtr BindRange(const ParsedExpression& call);
  /// BindRange of range / generate_series over timestamps (an argument is a DATE,
  /// TIMESTAMP, TIMESTAMPTZ or INTERVAL).
  LogicalOperatorPtr BindTimestampRange(const ParsedExpression& call);
  /// read_csv(…) / read_csv_auto(…) in FROM (bind_read_csv.cpp), with its columns' names
  /// and types.
  /// sniff_csv(path, options…): one row of what the sniffer found in the first file.
  LogicalOperatorPtr SniffCsvRow(const std::string& path, const CsvScanData& data,
                                 const std::vector<std::string>& given,
                                 const std::vector<std::string>& user_arguments,
                                 std::vector<std::string>& names, std::vector<LogicalType>& types);
  LogicalOperatorPtr BindReadCsv(const ParsedExpression& call, std::vector<std::string>& names,
                                 std::vector<LogicalType>& types);
  /// DuckDB's query('text of a query') in FROM: the query's rows, as a subquery.
  /// query_table(name | [name, …] [, by_name]) (DuckDB's): the tables' rows, UNION ALL [BY
  /// NAME], as a subquery in FROM.
  LogicalOperatorPtr BindQueryTable(const TableRef& ref, Scope& scope);
  LogicalOperatorPtr BindQueryFunction(const TableRef& ref, Scope& scope);
  /// read_text(…) / read_blob(…) in FROM (bind_read_file.cpp), with their columns' names
  /// and types.
  LogicalOperatorPtr BindReadFile(const ParsedExpression& call, std::vector<std::string>& names,
                                  std::vector<LogicalType>& types);
  /// A view's query, bound afresh, with the view's column names.
  /// `home`: the catalog the view is in, when an attached database's (its names are
  /// looked up there).
  BoundStatement BindView(const ViewEntry& view, Catalog* home = nullptr);

  /// The columns `*` or `alias.*` stands for, appended to `projections` (their names to
  /// `texts`).
  void ExpandStar(const ParsedExpression& star, Scope& scope,
                  std::vector<ExpressionPtr>& projections, std::vector<std::string>& texts);
  /// Whether the constant BOOLEAN expression `e` (no column of `scope` read) is true: a
  /// COLUMNS(lambda)'s test of one column name.
  bool IsTrueConstant(const ParsedExpression& e, Scope& scope);
  /// A select-list item with DuckDB's COLUMNS(*) / COLUMNS('regex') in it: one item per
  /// matching column, the call replaced by that column (select_columns.cpp); false (nothing
  /// appended) when the item has no COLUMNS call.
  bool ExpandColumns(const ParsedExpression& item, Scope& scope,
                     std::vector<ExpressionPtr>& projections, std::vector<std::string>& texts);
  /// A select-list item that is a whole unnest(…) call: one item per column it makes — a
  /// list's elements, or a STRUCT's fields (select_unnest.cpp); false (nothing appended)
  /// for any other item.
  bool ExpandUnnest(const ParsedExpression& item, Scope& scope,
                    std::vector<ExpressionPtr>& projections, std::vector<std::string>& texts);
  /// One select-list item, named by its alias, its column or its SQL text.
  ExpressionPtr BindSelectItem(const ParsedExpression& item, Scope& scope);
  /// INSERT/UPDATE/DELETE … RETURNING `items`: a projection on top of `plan`, whose rows
  /// are every column of `table` in table order, seen under `alias` (or the table's name),
  /// then, when `extra` names it, a VARCHAR column that * leaves out (MERGE's merge_action).
  BoundStatement BindReturning(const std::vector<ParsedExpressionPtr>& items,
                               const TableEntry& table, const std::string& alias,
                               LogicalOperatorPtr plan, std::string_view extra = {});
  /// The result of INSERT/UPDATE/DELETE `write` on `table`: with RETURNING `items` (the
  /// caller set `write`'s `returning`), those over the rows written; without, the count.
  BoundStatement BindWriteResult(const std::vector<ParsedExpressionPtr>& items,
                                 const TableEntry& table, const std::string& alias,
                                 LogicalOperatorPtr write);
  /// INSERT … ON CONFLICT against `table` (seen under `alias` in DO UPDATE): the arbiter
  /// index's columns and the bound SET values and WHERE. `supplied`: the table columns the
  /// INSERT gives values for (OR REPLACE sets those). BinderError when the table has no
  /// PRIMARY KEY / UNIQUE constraint, or none over the target columns.
  std::unique_ptr<InsertConflict> BindOnConflict(const OnConflictClause& clause,
                                                 const TableEntry& table, const std::string& alias,
                                                 const std::vector<idx_t>& supplied);
  /// WHERE, the select list, aggregates and the projection on top of `plan`.
  void BindSelectList(const SelectStatement& select, Scope& scope, LogicalOperatorPtr& plan,
                      BoundStatement& bound, bool resolve_nulls);
  ExpressionPtr BindExpression(const ParsedExpression& e, Scope& scope);
  ExpressionPtr BindOperator(const ParsedExpression& e, Scope& scope);
  ExpressionPtr BindComparison(CompareOp op, ExpressionPtr left, ExpressionPtr right,
                               const ParsedExpression& e);
  /// PostgreSQL's row comparison (a, b) < (c, d): pair by pair, as AND / OR of the pairs'
  /// comparisons.
  ExpressionPtr BindRowComparison(CompareOp op, ExpressionPtr left, ExpressionPtr right,
                                  const ParsedExpression& e);
  ExpressionPtr BindBoolean(ExpressionPtr e, std::string_view context);
  ExpressionPtr BindSubquery(const ParsedExpression& e, Scope& scope);
  /// A kOuterRef in `scope` (a subquery's) to `outer`, an expression bound in the scope
  /// around it, which joins the subquery's correlated list (once per distinct expression).
  ExpressionPtr OuterReference(ExpressionPtr outer, Scope& scope);
  /// The column `e` (one name) of a subquery with scope `scope` that no FROM item has, as
  /// the select-list item an enclosing query aliases so (Scope::select_list), read as an
  /// outer value; null when no enclosing query has such an alias.
  ExpressionPtr BindOuterAlias(const ParsedExpression& e, Scope& scope);
  /// Whether the aggregate call `e`, written in a subquery with scope `scope`, reads at
  /// least one column and only columns of the queries around it (then it belongs there).
  bool AggregatesOuterColumns(const ParsedExpression& e, Scope& scope);
  ExpressionPtr BindFunction(const ParsedExpression& e, Scope& scope);
  /// The body of `macro` for `call` (bind_macro.cpp): one SELECT, of the expression for a
  /// scalar macro, with the call's arguments (or the defaults) in place of the parameters.
  /// The overload the call's arguments fit (at the least cost, for typed parameters, their
  /// types those of the arguments bound in `scope`); a typed parameter's argument is cast.
  std::unique_ptr<SelectStatement> ExpandMacro(const MacroEntry& macro,
                                               const ParsedExpression& call, Scope& scope);
  /// A check, for each table a body of scalar macro `overload` names, that no parameter has
  /// the name of one of its columns (BinderError).
  std::function<void(const TableRef&)> ParameterColumnCheck(const MacroEntry& macro,
                                                            const MacroOverload& overload);
  /// struct_pack(name := value, …) and row(value, …) (bind_struct.cpp).
  ExpressionPtr BindStructPack(const ParsedExpression& call, Scope& scope);
  /// try(x) (DuckDB): x, or NULL for a row where computing x is a data error (a failed
  /// conversion, a value out of range); no aggregates or window functions inside.
  ExpressionPtr BindTry(const ParsedExpression& argument, Scope& scope);
  /// Field `field` (a name, or a 1-based position) of STRUCT `value`; `text` for messages.
  ExpressionPtr BindStructExtract(ExpressionPtr value, const Value& field, const std::string& text);
  /// The column path `e` (s.f or t.s.f…) as a column of this query's FROM items and its
  /// fields, or null when no prefix of it is a STRUCT column here.
  ExpressionPtr BindFieldAccess(const ParsedExpression& e, Scope& scope);
  /// A scalar macro called OVER (…) (`e`; DuckDB's): its body with the window on each
  /// aggregate call in it, or null when `e` names a built-in or no macro.
  ParsedExpressionPtr MacroOverWindow(const ParsedExpression& e, Scope& scope);
  /// A call of scalar macro `macro`: its expanded body, bound in `scope`.
  ExpressionPtr BindMacroCall(const MacroEntry& macro, const ParsedExpression& call, Scope& scope);
  /// The macro `schema.name` names (`schema` as written, parts joined by '.'; empty: the
  /// temporary ones', the search path's, main's), or null; notes a temporary one.
  /// (`table`: a table macro is wanted, else a scalar one; the other kind is found too,
  /// when it is the only one, for its error.)
  std::shared_ptr<MacroEntry> FindMacro(const std::string& schema, const std::string& name,
                                        bool table = false);
  /// The macro the call `call` ([db.]schema.f(…) or f(…)) may name (FindMacro), or null;
  /// null for a call Teal wrote for other syntax (ParsedExpression::builtin).
  std::shared_ptr<MacroEntry> MacroCalled(const ParsedExpression& call, bool table = false);
  /// unnest(list) in a select list: the list joins scope.unnests, and the call stands for
  /// a column of the unnest operator that BindSelectList puts below the projection.
  ExpressionPtr BindUnnest(const ParsedExpression& call, Scope& scope);
  /// The one list argument of unnest(), of a LIST type without untyped NULLs inside.
  ExpressionPtr BindUnnestList(const ParsedExpression& call, Scope& scope);
  /// A window function call (`call.window` is set): pulled into scope.windows; the call
  /// stands for a column of the window operator AddWindows puts below the projection.
  ExpressionPtr BindWindow(const ParsedExpression& call, Scope& scope);
  /// The frame offset of `call`: a BIGINT count (ROWS, GROUPS), or for RANGE the boundary
  /// value: `key` (the one ORDER BY value) minus or plus the offset, in the type of
  /// call.range_key (which this sets).
  ExpressionPtr BindFrameOffset(const ParsedExpression& offset, bool preceding, WindowCall& call,
                                const Expression* key, bool descending, Scope& scope);
  /// The window operators for scope.windows on top of `plan` (one per distinct PARTITION
  /// BY / ORDER BY), with the references in `users` to their calls renumbered.
  void AddWindows(Scope& scope, LogicalOperatorPtr& plan, const std::vector<Expression*>& users);
  /// GROUPING(e, …) / grouping_id(e, …): a bit per argument, set where the row's grouping
  /// set leaves that GROUP BY expression out (0 without grouping sets).
  ExpressionPtr BindGrouping(const ParsedExpression& call, Scope& scope);
  /// The overload of aggregate `set` for the bound `arguments` of `call` (cast to it in
  /// place, with ORDER BY keys appended: BindAggregateOrder). With `distinct_inside`, a
  /// DISTINCT call's function does the DISTINCT itself (DistinctAggregate, its keys
  /// appended to `arguments`): over a window frame, where the aggregate operator's DISTINCT
  /// is not there.
  AggregateFunction ResolveAggregateCall(const ParsedExpression& call,
                                         const AggregateFunctionSet& set,
                                         std::vector<ExpressionPtr>& arguments, Scope& scope,
                                         bool distinct_inside);
  /// Whether a DISTINCT aggregate `call` over `arguments` needs DistinctAggregate rather
  /// than the aggregate operator's DISTINCT: with an ORDER BY inside the call, or over a
  /// collated VARCHAR (whose distinct values are those of its collated form).
  bool NeedsDistinctInside(const ParsedExpression& call,
                           const std::vector<ExpressionPtr>& arguments) const;
  /// ORDER BY inside an aggregate call: its keys join `arguments` and `function` becomes the
  /// OrderedAggregate over it (nothing for an aggregate whose result ignores the order).
  /// `distinct_arguments` (a DISTINCT call): how many arguments the call has; every ORDER
  /// BY expression must be one of them (PostgreSQL's rule).
  void BindAggregateOrder(const ParsedExpression& call, AggregateFunction& function,
                          std::vector<ExpressionPtr>& arguments, Scope& scope,
                          idx_t distinct_arguments = 0);
  /// aggregate(args) FILTER (WHERE c) as aggregate(CASE WHEN c THEN arg END, …): the same
  /// for aggregates that skip NULL arguments. `call` without a filter is returned as it is.
  ParsedExpressionPtr RewriteFilter(const ParsedExpression& call);
  /// ASOF JOIN … USING (k, t): its condition's last equality (t's) becomes left t >= right t.
  static void UsingAsOfInequality(LogicalJoin& join);
  /// A quantile aggregate's fraction as one DOUBLE constant per call (negative: from the
  /// top, as ORDER BY x DESC in the call), a list of them as a list_value of calls; errors
  /// for one that is not a constant in [-1, 1]. Null when `call` needs nothing.
  ParsedExpressionPtr RewriteQuantile(const ParsedExpression& call);
  ExpressionPtr BindScalarCall(const std::string& name, std::vector<ExpressionPtr> arguments,
                               const ParsedExpression& e);
  /// The collation values of `type` compare by: its own, else the default_collation
  /// setting's; empty for bytes, and for every type but VARCHAR (bind_collation.cpp).
  std::string EffectiveCollation(const LogicalType& type) const;
  /// `e` through the functions of its type's effective collation (lower() for nocase, …):
  /// what its values compare, sort and group by. `e` itself when there are none.
  ExpressionPtr Collated(ExpressionPtr e);
  /// `e` cast to `type` and, when that is a VARCHAR, Collated() by type's collation (or
  /// the default one): an operand of a comparison whose operands' collations combined
  /// into `type`'s.
  ExpressionPtr CollatedAs(ExpressionPtr e, const LogicalType& type);
  /// A bound call of `name` that compares its strings as values (greatest, least, nullif,
  /// list_contains, list_position, list_has_any, …), made to compare them through the
  /// collation of `argument_types` (the strings', a list's elements'): DuckDB's rule.
  /// greatest / least / nullif still return an argument as it was. Other calls are
  /// returned as is.
  ExpressionPtr CompareThroughCollation(std::string_view name, ExpressionPtr call,
                                        const std::vector<LogicalType>& argument_types);
  /// quantile_disc / median / percentile_disc / quantile / mode / histogram of a collated
  /// VARCHAR: its first argument becomes row(collated key, value) (NULL where the value is),
  /// which orders by the key; returns whether it did (the quantiles' result's field 2 is then
  /// the value; mode and histogram are then called as kModeByKey and kHistogramByKey, which
  /// count by the key and give values). entropy and approx_count_distinct, which give no
  /// value, get the collated key alone.
  bool KeyedByCollation(std::string_view name, std::vector<ExpressionPtr>& arguments);
  /// first(argument): how the value of a collated group or DISTINCT column is taken.
  static ExpressionPtr MakeFirst(ExpressionPtr argument);
  /// A reference to group `g`'s value where the group is collated: first() of the group as
  /// written, added to the scope's aggregates.
  ExpressionPtr FirstOfGroup(idx_t g, Scope& scope);
  /// The text of the compound expression `e` with each column of a FROM item named by its
  /// place in `scope` (`t.j * 2` and `j * 2` are both `(#1 * 2)`), for matching a GROUP BY
  /// expression written another way, as PostgreSQL does. Empty for a column or constant,
  /// and for what holds its own names (a subquery, a lambda, a window).
  std::string ResolvedText(const ParsedExpression& e, const Scope& scope);
  void ResolveColumnNames(ParsedExpression& e, const Scope& scope);
  /// x COLLATE name (`e`): `value`, x bound (a VARCHAR, or NULL), with its type's
  /// collation replaced.
  ExpressionPtr BindCollate(const ParsedExpression& e, ExpressionPtr value);
  /// A scan of every column of the table `ref` names plus its row id (last), for DELETE,
  /// UPDATE and MERGE; its columns join `scope` under the table's name or alias. A view
  /// is refused with `refusal` ("Can only delete from base table").
  std::unique_ptr<LogicalGet> BindTargetTable(const BaseTableRef& ref, Scope& scope,
                                              std::shared_ptr<TableEntry>& table,
                                              std::string_view refusal);
  /// The sort key for `term` on `column`, with the settings' defaults filled in.
  OrderKey OrderKeyFor(const OrderTerm& term, idx_t column) const;
  /// nextval('name') / currval('name'): a non-deterministic call on the sequence.
  ExpressionPtr BindSequenceCall(const ParsedExpression& call, Scope& scope);
  /// list_aggregate(l, 'name') and list_<aggregate>, list_distinct, list_unique, list_sort,
  /// list_reverse_sort (bind_list_aggregate.cpp); null when `name` is none of them.
  ExpressionPtr BindListAggregate(const std::string& name, std::vector<ExpressionPtr>& arguments,
                                  const ParsedExpression& e);
  /// list_transform / list_filter / list_reduce with a lambda argument (bind_lambda.cpp).
  static bool IsLambdaCall(const ParsedExpression& call);
  ExpressionPtr BindLambdaCall(const ParsedExpression& call, Scope& scope);
  /// The DEFAULT of `column` as an expression: its value, or nextval of its sequence.
  ExpressionPtr DefaultExpression(const ColumnDefinition& column, Scope& scope);
  /// current_setting('name') and teal_settings().
  ExpressionPtr BindCurrentSetting(const ParsedExpression& call, Scope& scope);
  /// The sequence the bound first argument of nextval / currval / setval names: it must
  /// be a constant name (NotImplementedError), of a sequence that exists (CatalogError).
  std::shared_ptr<SequenceEntry> SequenceOfArgument(const ParsedExpression& call,
                                                    const Expression& argument) const;
  /// setval('sequence', value [, called]) (PostgreSQL's).
  ExpressionPtr BindSetval(const ParsedExpression& call, Scope& scope);
  /// getvariable('name'): the connection's variable as a constant (NULL when unset).
  ExpressionPtr BindGetVariable(const ParsedExpression& call, Scope& scope);
  /// A table of `rows` (each of `types`; an empty one is no rows).
  LogicalOperatorPtr ConstantTable(const std::vector<LogicalType>& types,
                                   std::vector<std::vector<Value>> rows);
  /// A catalog listing (bind_catalog_listing.cpp) by name — "duckdb_tables",
  /// "information_schema.columns", … — with its column names and types; null for a name
  /// that is none.
  /// A reference to a FROM item's whole row (`SELECT t FROM t`) where no column has the
  /// name: a STRUCT of its columns; null when no FROM item has the name.
  ExpressionPtr BindWholeRow(const ParsedExpression& e, Scope& scope);
  /// The triggers an `event` statement on `table` fires (null: none), setting SET columns
  /// `set_columns` for UPDATE. Throws for what row triggers do not allow (RETURNING,
  /// ON CONFLICT) and for an INSERT … ON CONFLICT DO UPDATE (`conflict_updates`) whose
  /// updates would go unseen by triggers.
  std::shared_ptr<const TriggerFiring> TriggersOf(const std::shared_ptr<TableEntry>& table,
                                                  TriggerEvent event,
                                                  const std::vector<idx_t>* set_columns,
                                                  bool returning, bool on_conflict,
                                                  bool conflict_updates = false) const;
  /// The FOREIGN KEY checks of a write to `table` (null: none; catalog/foreign_key.hpp).
  std::shared_ptr<const ForeignKeyChecks> ForeignKeysOf(
      const std::shared_ptr<TableEntry>& table) const {
    // A temporary table's parents and children are temporary tables.
    if (table->storage->Temporary()) {
      return catalogs_.temp ? ForeignKeyChecks::For(*catalogs_.temp, table) : nullptr;
    }
    return ForeignKeyChecks::For(target_catalog_ ? *target_catalog_ : catalog_, table);
  }
  /// DESCRIBE [schema.]name (parser/rewrites.hpp): one row per column of the table or view.
  LogicalOperatorPtr BindDescribe(const std::string& schema, const std::string& name,
                                  std::vector<std::string>& names, std::vector<LogicalType>& types);
  /// SUMMARIZE query (parser/rewrites.hpp; `ref` the call of kSummarizeFunction with the
  /// query's text): one row per column of its result with the column's statistics.
  LogicalOperatorPtr BindSummarize(const TableRef& ref, Scope& scope);
  /// DESCRIBE query / SHOW query (`query` its text): one row per column of its result.
  LogicalOperatorPtr BindDescribeQuery(const std::string& query, std::vector<std::string>& names,
                                       std::vector<LogicalType>& types);
  /// pragma_table_info('[schema.]name') / PRAGMA table_info: one row per column of a table
  /// or view (SQLite's and DuckDB's columns: cid, name, type, notnull, dflt_value, pk).
  /// pragma_storage_info('table' [, include_segment_info := bool, loaded_segments_only :=
  /// bool]): the table's row groups and column segments (bind_storage_info.cpp).
  LogicalOperatorPtr BindStorageInfo(const ParsedExpression& function,
                                     std::vector<std::string>& names,
                                     std::vector<LogicalType>& types);
  LogicalOperatorPtr BindTableInfo(const std::string& schema, const std::string& name,
                                   std::vector<std::string>& names,
                                   std::vector<LogicalType>& types);
  LogicalOperatorPtr BindCatalogListing(std::string_view name, std::vector<std::string>& names,
                                        std::vector<LogicalType>& types);
  /// PostgreSQL's system catalogs: pg_class, pg_namespace, pg_attribute, pg_type, …
  /// (bind_pg_catalog.cpp); null when `name` is none of them.
  LogicalOperatorPtr BindPgCatalog(std::string_view name, std::vector<std::string>& names,
                                   std::vector<LogicalType>& types);
  /// Every schema, relation and ENUM type pg_catalog shows (tableref/pg_objects.hpp).
  struct PgObjects CollectPgObjects();
  /// pg_description's rows: the comments of `objects` and of their columns.
  std::vector<struct PgDescription> PgDescriptionsOf(const PgObjects& objects);
  /// A view's columns for the catalog listings: its query bound now, the view's own names
  /// where it gives them; none when it no longer binds (a table it reads was dropped).
  struct ViewColumns ListedViewColumns(const ViewEntry& view);
  /// PostgreSQL's catalog functions (format_type, pg_get_viewdef, pg_table_is_visible,
  /// has_table_privilege, current_user, …; bind_pg_function.cpp); null when `call` is none.
  ExpressionPtr BindPgFunction(const ParsedExpression& call, Scope& scope);
  /// Calls `list` with each catalog the listings show: every attached database's (the
  /// default one's is catalog_), then the connection's temporary objects (database "temp").
  void ForEachCatalog(const std::function<void(const Catalog&, const std::string& database,
                                               bool temporary)>& list) const;
  LogicalOperatorPtr BindSettingsTable();
  /// repeat(value, count) in FROM (bind_table_function.cpp).
  LogicalOperatorPtr BindRepeat(const ParsedExpression& call);
  /// Puts `where` (when given) as a filter on top of `plan`.
  void AddWhere(const ParsedExpression* where, Scope& scope, LogicalOperatorPtr& plan);
  /// Puts LIMIT/OFFSET (when the statement has them) on top of `plan`.
  void AddLimit(const SelectStatement& select, LogicalOperatorPtr& plan);
  /// LIMIT / OFFSET `e`: a constant sets `value` (kInvalidIndex for NULL) and gives null;
  /// anything else over no columns (a subquery, arithmetic) is the BIGINT expression to
  /// compute when the query runs.
  /// LIMIT p %: p as a DOUBLE (over no columns); null when it is NULL (every row). Throws
  /// OutOfRangeError for a constant outside [0, 100].
  ExpressionPtr BindLimitPercent(const ParsedExpression& e);
  ExpressionPtr BindLimitValue(const ParsedExpression& e, std::string_view what, idx_t& value);

  CatalogSearch catalogs_;
  Catalog& catalog_;  // the database's (catalogs_.main)
  /// The catalog of the table INSERT, UPDATE or DELETE writes (an attached database's, or
  /// catalog_); null before it is bound.
  Catalog* target_catalog_ = nullptr;
  const std::vector<Value>* parameter_values_;
  BindOptions options_;
  bool needs_parameter_values_ = false;
  mutable std::string temporary_object_used_;
  void NoteTemporaryObject(std::string_view kind, std::string_view name) const {
    if (temporary_object_used_.empty()) {
      temporary_object_used_ = std::string(kind) + " \"" + std::string(name) + "\"";
    }
  }
  mutable std::string other_database_object_used_;
  /// Notes the object found at `place` when it is a temporary one or another database's.
  void NoteWhereFound(const CatalogSearch::Place& place, std::string_view kind,
                      std::string_view name) const {
    if (place.temporary) NoteTemporaryObject(kind, name);
    if (!place.temporary && place.catalog != catalogs_.main &&
        other_database_object_used_.empty()) {
      other_database_object_used_ = std::string(kind) + " \"" + std::string(name) + "\"";
    }
  }
  /// Set when now(), current_date, … were bound (as the transaction's start time).
  bool reads_transaction_time_ = false;
  /// How many try() calls enclose the expression being bound: inside one, a constant that
  /// does not convert is left to execution, where try() catches it.
  int try_depth_ = 0;
  /// WITH queries in scope, outermost first.
  std::vector<WithQuery> ctes_;
  /// The recursive WITH queries whose recursive parts are being bound, outermost first:
  /// their names read the working table there.
  struct RecursiveReference {
    std::string name;
    std::vector<std::string> names;
    std::vector<LogicalType> types;
    std::vector<LogicalType> recurring_types;  // USING KEY: the kept rows
    std::shared_ptr<RecursiveCteDefinition> definition;
  };
  std::vector<RecursiveReference> recursive_ctes_;
  /// While a recursive query's recursive part is bound: the WITH queries it (or a query
  /// nested in it) defines, which each round must compute anew.
  std::shared_ptr<std::vector<const CteDefinition*>> round_ctes_;
  /// While a subquery in an expression is bound: the scope around it and the list its
  /// outer references are collected in (the next SELECT's scope picks them up).
  Scope* subquery_outer_ = nullptr;
  std::vector<ExpressionPtr>* subquery_correlated_ = nullptr;
  /// The views whose queries are being bound (or defined), outermost first: binding one of
  /// them again would never end.
  std::vector<std::string> views_in_progress_;
  /// The WITH queries whose own queries are being bound, outermost first: a name of one of
  /// them that is no table either is a reference to itself without RECURSIVE.
  std::vector<std::string> ctes_in_progress_;
  /// The macros whose calls are being expanded, outermost first (bind_macro.cpp).
  std::vector<std::string> macros_in_progress_;
  /// The relations bound by name (RelationsReadBy): one list for a binder and its children.
  std::shared_ptr<std::vector<std::pair<const Catalog*, std::string>>> relations_read_ =
      std::make_shared<std::vector<std::pair<const Catalog*, std::string>>>();
  /// While a table function's arguments are bound: a bare name that no column answers to
  /// is that name as text, as DuckDB reads read_csv("f.csv", columns = {'a': varchar}).
  bool names_as_strings_ = false;
  /// Set for the call BindFunction binds next: a schema-qualified call that named no macro
  /// of its schema is a built-in's, never a macro of that name elsewhere.
  bool skip_macro_lookup_ = false;
};

/// Calls `fn(expression)` for every expression held by `plan` and its children.
void ForEachExpression(LogicalOperator& plan, const std::function<void(ExpressionPtr&)>& fn);
/// The same for the expressions of `plan` itself, not its children's.
void ForEachOwnExpression(LogicalOperator& plan, const std::function<void(ExpressionPtr&)>& fn);

}  // namespace teal
