// Column references of bound expressions: which input columns an expression reads, and
// rewriting them when an expression moves to another operator (the optimizer's rules
// and the join planner move conditions between a join and its children).
#pragma once

#include <functional>
#include <vector>

#include "planner/expression.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// Calls `fn` with every column an expression reads (kColumnRef nodes; the inputs of a
/// subquery are its children, so they are included).
void ForEachColumn(const Expression& e, const std::function<void(idx_t)>& fn);

/// Rewrites every column reference `c` of `e` to `map(c)`.
void RemapColumns(Expression& e, const std::function<idx_t(idx_t)>& map);

/// Where an expression's columns lie relative to a split point (a join's left width).
enum class ColumnSide { kNone, kLeft, kRight, kBoth };
ColumnSide SideOf(const Expression& e, idx_t left_width);

/// True when the conjunct `c` of a join condition can be a hash join key: an equality of
/// one type between an expression over the left input (or over no column) and one over
/// the right input, in either order.
bool IsHashKey(const Expression& c, idx_t left_width);
/// True when some conjunct of `condition` (may be null) is a hash join key.
bool HasHashKey(const Expression* condition, idx_t left_width);

/// True when every function `e` calls, including those inside its subqueries' plans, is
/// deterministic (no nextval, random, …): evaluating it twice gives the same value.
bool IsDeterministic(const Expression& e);
/// The same for every expression of `plan` and its children.
bool PlanIsDeterministic(const LogicalOperator& plan);

/// True when every function in `e` is deterministic and it holds no aggregate:
/// evaluating it somewhere else, or a different number of times, gives the same rows.
bool IsMovable(const Expression& e);

/// True when `e` or an expression under it is of `kind` (subqueries' plans not looked into:
/// their inputs are children).
bool ContainsKind(const Expression& e, BoundKind kind);
/// True when an expression of `plan` or of an operator under it reads an enclosing query
/// (a kOuterRef, also among the inputs of its subqueries).
bool PlanReadsOuter(LogicalOperator& plan);

/// The table scan whose column output column `column` of `op` is, through filters, joins
/// and projections of bare column references; `column` becomes the scan's output column.
/// nullptr when the column is computed or comes from another operator.
const LogicalGet* TraceColumnToScan(const LogicalOperator& op, idx_t& column);
/// The same, but only through the operators that stream rows in one pipeline: filters,
/// projections of bare column references, and the probe side of joins (the left input,
/// or the right one of a join that builds its left side). A filter on the column applied
/// at the scan then removes rows before any of them sees them.
const LogicalGet* TraceStreamedColumn(const LogicalOperator& op, idx_t& column);

/// Appends the conjuncts of `e` (the operands of nested ANDs, or `e` itself).
void SplitConjunction(ExpressionPtr e, std::vector<ExpressionPtr>& out);

/// The AND of `conjuncts` (null when empty, the expression itself when one).
ExpressionPtr MakeConjunction(std::vector<ExpressionPtr> conjuncts);

}  // namespace teal
