// Expression: a bound (resolved and typed) expression, ready to evaluate.
//
// Column references point at a position in the input chunk of the operator that
// evaluates the expression. Every node knows its result type; implicit casts are
// explicit kCast nodes after binding.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/compare_op.hpp"
#include "common/subquery_kind.hpp"
#include "function/function.hpp"
#include "teal/value.hpp"

namespace teal {

enum class BoundKind {
  kConstant,   // value
  kColumnRef,  // column (index into the input chunk)
  kCast,       // children[0] cast to type
  kCompare,    // children[0] op children[1]
  kAnd,        // children... (two or more)
  kOr,
  kNot,
  kIsNull,
  kIsNotNull,
  kListValue,  // [children...]
  kFunction,   // scalar function over children (already cast to its argument types)
  kCase,       // children: condition, result pairs, then the ELSE result
  kAggregate,  // aggregate (only inside an aggregate operator's list)
  kParameter,  // prepared-statement parameter $(column + 1); replaced by its value before execution
  kSubquery,   // a subquery in an expression: see BoundSubquery; children are its inputs
  kOuterRef,   // inside a subquery's plan: outer value `column` of the enclosing subquery
  kInList,     // children[0] IN (children[1], …), all of one type; children[0] is evaluated once
  kTry,        // try(children[0]): NULL for the rows where computing it is a data error
};

struct LogicalOperator;
struct SubqueryResult;  // execution/subquery.hpp

/// A subquery bound inside an expression. The kSubquery node's first `correlated`
/// children are the outer expressions its plan reads (as kOuterRef 0, 1, …); for kAny
/// and kAll the last child is the left operand. Shared and never changed after binding,
/// so copies of an expression share it.
struct BoundSubquery {
  SubqueryKind kind = SubqueryKind::kScalar;
  CompareOp op = CompareOp::kEqual;  // kAny / kAll
  /// One column (the value, or what the left operand is compared with) for kScalar,
  /// kAny and kAll, already of the comparison's type; any columns for kExists.
  std::shared_ptr<const LogicalOperator> plan;
  idx_t correlated = 0;
  /// Prepared-statement values for parameters inside the plan (copies made for one
  /// execution carry them), empty otherwise.
  std::vector<Value> parameters;
  /// Its SQL, for messages.
  std::string text;
  /// kScalar: more than one row is an error; false (the setting
  /// scalar_subquery_error_on_multiple_rows): the first row's value.
  bool error_on_multiple_rows = true;
  /// False when the plan calls a function that is not deterministic (nextval, random):
  /// then a correlated subquery runs once per outer row, never once per distinct value.
  bool deterministic = true;
  /// How it runs in one execution and, uncorrelated, its answer, computed at its first
  /// use (so a subquery no row needs never runs, and EXPLAIN runs none). Set per
  /// physical plan.
  std::shared_ptr<struct SubqueryRun> run;
};

struct Expression {
  BoundKind kind;
  LogicalType type;
  std::string alias;  // the column name this expression gets in a result
  Value value;
  idx_t column = 0;
  CompareOp op = CompareOp::kEqual;
  std::shared_ptr<const ScalarFunction> function;      // kFunction
  std::shared_ptr<const AggregateFunction> aggregate;  // kAggregate
  bool distinct = false;                               // kAggregate: f(DISTINCT x)
  /// kConstant: its type was written (CAST(… AS VARCHAR), '…'::TEXT), so it is a typed value,
  /// not an untyped string literal that takes the type of what it meets (IsStringLiteral).
  bool typed = false;
  std::shared_ptr<const BoundSubquery> subquery;  // kSubquery
  std::vector<std::unique_ptr<Expression>> children;

  Expression(BoundKind k, LogicalType t) : kind(k), type(std::move(t)) {}

  /// True when the expression reads no column (it evaluates to one value).
  bool IsFoldable() const;
  std::unique_ptr<Expression> Copy() const;
  /// True when `other` is the same expression: same nodes, columns, values and functions
  /// (aliases aside).
  bool Equals(const Expression& other) const;
  /// A copy of this node alone, without its children.
  std::unique_ptr<Expression> CopyNode() const;
  std::string ToString() const;
};

using ExpressionPtr = std::unique_ptr<Expression>;

ExpressionPtr MakeConstant(Value value);
ExpressionPtr MakeColumnRef(idx_t column, LogicalType type, std::string alias = {});
/// `child` cast to `type`; a no-op when the types are equal, folded when `child` is constant.
ExpressionPtr MakeCast(ExpressionPtr child, const LogicalType& type);
/// `e` cast to a LIST when it is an ARRAY (for what takes lists: unnest, lambdas, list
/// aggregates); `e` itself otherwise.
ExpressionPtr ArrayAsList(ExpressionPtr e);

}  // namespace teal
