// ParsedExpression: Teal's own expression tree, produced by the transformer from the
// PostgreSQL parse tree and consumed by the binder. Names are unresolved here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/subquery_kind.hpp"
#include "teal/value.hpp"

namespace teal {

/// A type as written in SQL: `integer`, `decimal(10,2)`, `mood`, `int[]`.
struct TypeName {
  std::string name;  // lower-case, without a "pg_catalog." qualifier
  /// A user type's schema as written: "s", "db.s" or "db" (an attached database's); empty:
  /// none (the search path's, then main's).
  std::string schema;
  std::vector<int64_t> modifiers;  // DECIMAL(10,2) -> {10, 2}
  /// One entry per [] after the name, innermost first: -1 for a LIST (INTEGER[]), the size
  /// for an ARRAY (INTEGER[3]). INTEGER[3][] -> {3, -1}: a LIST of INTEGER[3].
  std::vector<int64_t> array_bounds;
  /// STRUCT(a INTEGER, …): the fields' names and types (name is then "struct"). Two
  /// vectors: a std::pair of this still incomplete type is not allowed.
  std::vector<std::string> field_names;
  std::vector<TypeName> field_types;
  /// ENUM('a', 'b'): an ENUM of these labels, of no name (name is then "enum").
  std::vector<std::string> labels;
  /// COLLATE of a column's type, as written (parts joined by '.'); empty: none.
  std::string collation;
  std::string ToString() const;
};

/// The name of the kCase that x op ANY / ALL (list) becomes (named as the ANY / ALL).
inline constexpr const char* kOverListCase = "x op ANY/ALL (list)";

enum class ExprKind {
  kColumnRef,  // names = {table?, column}
  kConstant,   // value
  kCast,       // children[0] AS cast_type
  kOperator,   // name is the operator: "=", "<>", "AND", "OR", "NOT", "IS NULL", "IN", "BETWEEN"...
  kFunction,   // name(children...), star for count(*), distinct
  kStar,       // * or t.* (names = {t})
  kParameter,  // $n / ?
  kDefault,    // DEFAULT in an INSERT's VALUES
  kList,       // [a, b, c] / ARRAY[a, b, c]
  kCase,      // CASE WHEN c1 THEN r1 … [ELSE e] END: children c1, r1, c2, r2, …, then e if star
              // (name "simple": CASE x WHEN …; kOverListCase: x op ANY / ALL (list))
  kSubquery,  // (SELECT …), EXISTS (…), x IN (SELECT …), x op ANY/ALL (…): see subquery_kind
  /// DuckDB's #n (parameter_index = n): the n-th column of the FROM clause; in ORDER BY,
  /// the n-th output column.
  kPositional,
};

struct SelectStatement;
struct WindowSpec;
struct OrderTerm;

struct ParsedExpression {
  ExprKind kind;
  std::string name;
  std::vector<std::string> names;
  Value value;
  TypeName cast_type;
  bool star = false;
  bool distinct = false;
  int64_t parameter_index = 0;
  std::vector<std::unique_ptr<ParsedExpression>> children;
  std::string alias;
  int location = -1;
  SubqueryKind subquery_kind = SubqueryKind::kScalar;  // kSubquery
  std::shared_ptr<SelectStatement> subquery;           // kSubquery
  std::string subquery_text;                           // kSubquery: its SQL, for names
  /// kFunction called OVER (…): a window function (parser/window_spec.hpp).
  std::shared_ptr<const WindowSpec> window;
  /// kFunction: ORDER BY inside an aggregate's parentheses (string_agg(s, ',' ORDER BY t)).
  std::shared_ptr<const std::vector<OrderTerm>> order_by;
  /// kFunction: FILTER (WHERE …) of an aggregate.
  std::unique_ptr<ParsedExpression> filter;
  /// kFunction: IGNORE NULLS of a window function (lag, first_value, …).
  bool ignore_nulls = false;
  /// An argument of a call written `name := value` (a macro's named argument).
  std::string argument_name;
  /// kCast: TRY_CAST, NULL where the value does not convert.
  bool try_cast = false;
  /// kFunction: an aggregate whose FILTER the binder turned into CASE arguments, which is
  /// right only for an aggregate that skips NULL arguments.
  bool filter_as_case = false;
  /// kFunction: a call Teal wrote in place of other syntax (not the user's): the built-in
  /// function even where a macro has its name.
  bool builtin = false;

  explicit ParsedExpression(ExprKind k) : kind(k) {}
  /// A deep copy (a subquery's statement and a window's specification are shared: nothing
  /// changes them after parsing).
  std::unique_ptr<ParsedExpression> Copy() const;
  /// SQL text of the expression, used to name result columns: `42`, `(i = 1)`, `count_star()`.
  std::string ToString() const;
};

using ParsedExpressionPtr = std::unique_ptr<ParsedExpression>;

}  // namespace teal
