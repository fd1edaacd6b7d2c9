// What the files of src/planner/binder/ share: the scope names are looked up in (Binding,
// Binder::Scope) and the helpers several of them call. Internal to the binder.
//
// The Binder's member functions are spread over the folder by concern: expression/ (types,
// operators, functions, subqueries), query/ (SELECT, its select list, set operations),
// tableref/ (FROM items, joins, table functions) and statement/ (INSERT, ON CONFLICT,
// UPDATE, DELETE, RETURNING); binder.cpp holds what they share.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "planner/binder.hpp"
#include "teal/error.hpp"

namespace teal {

/// One item of FROM as names see it: its alias and columns, at `offset` in the row.
struct Binding {
  std::string alias;
  /// The schema of a table or view bound under its own name ("main" for main's), for
  /// schema.table.column; empty otherwise.
  std::string schema;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  idx_t offset = 0;
  /// Columns merged into a JOIN … USING column of the other side: unqualified names and
  /// * pass over them (empty: none is).
  std::vector<bool> merged;
  bool IsMerged(idx_t c) const { return c < merged.size() && merged[c]; }
  /// The last `hidden` columns (a table's rowid) are found by name but are not among the
  /// columns * stands for, USING / NATURAL match, or aliases rename.
  idx_t hidden = 0;
  bool IsHidden(idx_t c) const { return c + hidden >= names.size(); }
  /// A function of one column in FROM aliased without column names (`range(3) r`) names
  /// its column after the alias, as PostgreSQL; the function's own name still reaches
  /// it with the alias before it (`r.range`), as in DuckDB. Empty otherwise.
  std::string function_column;
  idx_t VisibleCount() const { return names.size() - hidden; }
};

/// Whether `e` (outside its subqueries) has a COLUMNS(…) call (select_columns.cpp).
bool ContainsColumnsCall(const ParsedExpression& e);

/// The copies of `item`, one per column its COLUMNS calls (all the same) select, each with
/// the calls replaced by the column and named after it (or by item's alias, \0 and \1 …
/// written in); empty when `item` has no COLUMNS call. `where` names the clause for
/// messages ("select-list item", "condition").
/// `test` decides a COLUMNS(lambda)'s constant condition for one column name.
using ConstantTest = std::function<bool(const ParsedExpression&)>;
std::vector<ParsedExpressionPtr> ExpandColumnsCopies(const ParsedExpression& item,
                                                     const Binder::Scope& scope,
                                                     std::string_view where,
                                                     const ConstantTest& test);

/// A WHERE condition with COLUMNS(…) calls in it: each conjunct that has them holds for
/// every column they select (`COLUMNS(*) > 0` is `a > 0 AND b > 0 AND …`); null when the
/// condition has none.
ParsedExpressionPtr ExpandColumnsInFilter(const ParsedExpression& filter,
                                          const Binder::Scope& scope, const ConstantTest& test);

/// The name of the row-id pseudo-column every table has (DuckDB's), unless it has a
/// column of that name.
inline constexpr const char* kRowIdName = "rowid";

struct Binder::Scope {
  std::vector<Binding> bindings;  // the FROM items, left to right
  // In a subquery: the scope of the query around it, where names not found here are
  // looked up, and the list the outer expressions it reads are collected in.
  Scope* outer = nullptr;
  std::vector<ExpressionPtr>* correlated = nullptr;
  // The FROM items left of a FROM subquery not written LATERAL (bind_lateral.cpp): a name
  // an enclosing query also has means that query's column, as in PostgreSQL, where the
  // subquery cannot see these items; only other names reach them (DuckDB's implicit
  // LATERAL).
  bool enclosing_first = false;
  // The select list whose first `select_aliases` items a subquery may name by alias when
  // nothing else has the name (DuckDB's: `SELECT i % 2 AS j … HAVING sum(i) = (SELECT …
  // WHERE i <> j)`); the item is then computed here and read as an outer value.
  const std::vector<ParsedExpressionPtr>* select_list = nullptr;
  size_t select_aliases = 0;
  bool allow_aggregates = false;
  std::string clause = "SELECT";
  std::vector<ExpressionPtr> aggregates;  // pulled out of the select list
  bool inside_aggregate = false;
  std::string column_outside_aggregate;  // first column referenced outside an aggregate
  // Grouping: expressions outside aggregates must be groups, referenced by position.
  bool grouping = false;
  bool group_by_all = false;             // the groups are GROUP BY ALL's (named in errors)
  std::vector<std::string> group_texts;  // SQL text of each GROUP BY expression
  /// Each GROUP BY expression's ResolvedText (empty for a column): an expression written
  /// another way (`t.j * 2` for `j * 2`) is the group when its resolved text is the same.
  std::vector<std::string> group_resolved;
  bool compound_groups = false;      // some group_resolved is not empty
  std::vector<idx_t> group_columns;  // table column of a plain column group, else invalid
  std::vector<LogicalType> group_types;
  /// A group on a collated VARCHAR groups by its collated key; the group's value is the
  /// first() of this expression (the group as written), DuckDB's rule. Null: not collated.
  std::vector<std::shared_ptr<const Expression>> group_sources;
  // unnest() is allowed while the select list is bound (and not inside another unnest).
  bool allow_unnest = false;
  bool inside_unnest = false;
  // The lists of the select list's unnest() calls, over the rows below the projection.
  // The k-th call reads column kUnnestColumn + k until the width of those rows is known.
  std::vector<ExpressionPtr> unnests;
  static constexpr idx_t kUnnestColumn = idx_t(1) << 62;
  // GROUPING SETS / ROLLUP / CUBE: the sets (null without them), and the GROUPING(…) calls
  // as the group positions each names; the k-th reads column kGroupingColumn + k until the
  // sets' aggregates are placed (ExpandGroupingSets).
  const std::vector<std::vector<idx_t>>* grouping_sets = nullptr;
  std::vector<std::vector<idx_t>> grouping_calls;
  static constexpr idx_t kGroupingColumn = idx_t(1) << 60;
  // Window functions are allowed in the select list, ORDER BY and QUALIFY. The k-th call
  // reads column kWindowColumn + k until the window operators are placed (AddWindows).
  bool allow_windows = false;
  bool inside_window = false;
  struct PendingWindow {
    std::vector<ExpressionPtr> partitions;
    std::vector<ExpressionPtr> orders;
    std::vector<OrderKey> order_keys;
    WindowCall call;
  };
  std::vector<PendingWindow> windows;
  static constexpr idx_t kWindowColumn = idx_t(1) << 61;
};

/// Whether `name` is a function that exists only OVER a window (row_number, lag, …).
bool IsWindowOnlyFunction(std::string_view name);

/// NotImplementedError when `call` is an aggregate whose FILTER became CASE arguments
/// (Binder::RewriteFilter) and `function` keeps NULL arguments (list, string_agg).
void CheckFilterAsCase(const ParsedExpression& call, const AggregateFunction& function);

/// Whether two names are equal ignoring ASCII case (SQL names are case-insensitive).
bool SameName(std::string_view a, std::string_view b);

/// Whether `e` is a constant (of type VARCHAR): a literal written in the SQL, which converts
/// to the type it is compared with.
bool IsStringLiteral(const Expression& e);
/// A STRUCT (`name` struct_pack or row: named or unnamed `fields`; their types are taken
/// from the arguments) of the arguments' values, field by field; NULL fields stay NULL
/// fields.
ExpressionPtr Pack(const std::string& name, std::vector<std::pair<std::string, LogicalType>> fields,
                   std::vector<ExpressionPtr> arguments);

/// Whether `name` is one of `names` (function names, compared as written).
inline bool NameIsOneOf(std::string_view name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

/// Whether `e` is a parameter ($1, ?) whose type nothing has decided yet.
inline bool IsUntypedParameter(const Expression& e) {
  return e.kind == BoundKind::kParameter && e.type.Id() == TypeId::kSqlNull;
}
/// Whether `names` qualify a function call as a schema ([db.]schema.f(…)) rather than as
/// the value of DuckDB's x.f(…): a schema of the default database, or main, pg_catalog,
/// system or temp, or an attached database (db.f(…), db.schema.f(…)).
bool IsFunctionSchema(const CatalogSearch& catalogs, const std::vector<std::string>& names);
bool IsLiteral(const Expression& e);

/// The FROM item of `scope` that has the column `e` names (with its row position in
/// `index`), or null. Throws BinderError when two items have it. `qualifier_found` says
/// whether a qualified name's table is in the scope.
const Binding* FindColumn(const ParsedExpression& e, const Binder::Scope& scope, idx_t& index,
                          bool& qualifier_found);

/// Whether the column `e` names is in `scope` or a scope around it.
bool CanResolve(const ParsedExpression& e, const Binder::Scope& scope);
/// Whether `e` ([schema.]name) names a FROM item of `scope` or a scope around it: a
/// reference to its whole row (Binder::BindWholeRow) where no column has the name.
bool CanResolveWholeRow(const ParsedExpression& e, const Binder::Scope& scope);

/// Appends the column references in `e` (not those inside its subqueries) to `out`;
/// returns false when `e` holds a subquery.
bool CollectColumnRefs(const ParsedExpression& e, std::vector<const ParsedExpression*>& out);

/// The type an untyped NULL takes in a result: SQLNULL anywhere inside becomes INTEGER.
LogicalType ResolveNull(const LogicalType& type);

/// Throws BinderError for a constant other than an integer as an ORDER BY, GROUP BY or
/// DISTINCT ON term (PostgreSQL's and DuckDB's "non-integer constant in ORDER BY"): it
/// would look like a position and sort or group by nothing (binder.cpp). `allowed`: DuckDB's
/// order_by_non_integer_literal is set, and the constant is a key of no effect; returns
/// whether `term` is such a constant.
bool RefuseNonIntegerConstant(const ParsedExpression& term, std::string_view clause,
                              bool allowed = false);
/// Whether order_by_non_integer_literal is set (DuckDB's setting; PostgreSQL refuses them).
inline bool OrderByLiteralsAllowed(const BindOptions& options) {
  return options.setting &&
         options.setting("order_by_non_integer_literal").value_or("false") == "true";
}

/// A table function's argument as a name and its value: name := value, or name = value as
/// DuckDB also writes it (a bare name on the left); an empty name for a positional one
/// (binder.cpp).
std::pair<std::string, const ParsedExpression*> NamedArgument(const ParsedExpression& argument);

/// union_value(member := value): a UNION of the one member, holding `value` (bind_struct.cpp).
ExpressionPtr UnionValue(const std::string& member, ExpressionPtr value);

/// The modifiers of a `*` (its children: EXCLUDE, REPLACE and RENAME items): which one
/// names a column, and, once every column was asked about, an error for one that named
/// none (a misspelt name is an error, as a misspelt column would be).
class StarModifiers {
 public:
  explicit StarModifiers(const ParsedExpression& star)
      : star_(star), used_(star.children.size(), false) {}
  /// The modifier of `kind` ("exclude", "replace", "rename") that names column c of
  /// `binding` (REPLACE by its AS name), or null.
  const ParsedExpression* Find(std::string_view kind, const Binding& binding, idx_t c);
  /// BinderError for the first modifier that named no column.
  void CheckAllUsed() const;
  bool Empty() const { return used_.empty(); }

 private:
  const ParsedExpression& star_;
  std::vector<bool> used_;
};

}  // namespace teal
