// What the rewrites of subqueries into joins share (exists_to_semi_join.cpp,
// scalar_subquery_to_join.cpp, subquery_to_mark_join.cpp): which correlated subqueries can
// become a join at all, moving an expression of the subquery onto the join's row, and
// hiding the columns a join added under a filter.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "planner/expression.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// Whether the kSubquery expression `e` (of `kind`) may be decorrelated: correlated,
/// deterministic, and every outer value it reads an expression of its own operator's
/// input that can be evaluated elsewhere (deterministic, no subquery, no reference
/// further out).
bool Decorrelatable(const Expression& e, SubqueryKind kind);

/// A correlated subquery's plan taken apart for a join with the query around it: the rows
/// it reads (`from`: reads nothing of the outer query; the subquery's own conjuncts are a
/// filter on it), the conjuncts of its WHERE that read outer values (over from's columns
/// and kOuterRef; deterministic, without subqueries), and for ANY/ALL the value the
/// operand is compared with (`value`, over from's columns). Qualifies: a plan of
/// projections over one filter over `from` (Decorrelatable, at least one correlated
/// conjunct); anything else is null.
struct CorrelatedParts {
  LogicalOperatorPtr from;
  std::vector<ExpressionPtr> correlated;
  ExpressionPtr value;
};
std::unique_ptr<CorrelatedParts> SplitCorrelated(const Expression& e, SubqueryKind kind);

/// `e`, an expression inside the subquery (outer values as kOuterRef i, its own columns
/// as column refs), over a join's row: kOuterRef i becomes a copy of `outer[i]` (over the
/// join's left input), column c becomes c + `column_shift`.
ExpressionPtr OntoJoinRow(const Expression& e, const std::vector<ExpressionPtr>& outer,
                          idx_t column_shift);

/// Turns a filter conjunct into a join stacked on the filter's `input`; false (nothing
/// changed) when the conjunct does not qualify.
using ConjunctToJoin = std::function<bool(const Expression& conjunct, LogicalOperatorPtr& input)>;
/// Replaces the subqueries in `e` that qualify by columns of joins stacked on `input`.
using ReplaceWithJoins = std::function<void(ExpressionPtr& e, LogicalOperatorPtr& input)>;

/// Runs a subquery-to-join rule over `plan`, bottom up: each filter's conjuncts that
/// `to_join` takes become joins below it (the filter goes when none is left), then the
/// expressions of each projection and filter go through `replace` (a filter hides the
/// columns the joins add). The root stays where it is: a projection's input may change,
/// a filter's may not.
void RewriteSubqueriesAsJoins(LogicalOperator& plan, const ConjunctToJoin& to_join,
                              const ReplaceWithJoins& replace);

/// For the filter in `slot` whose input got columns from joins stacked on it: the filter
/// passes them on, so a projection above it outputs its columns of before, `types`, again.
void DropAddedColumns(LogicalOperatorPtr& slot, const std::vector<LogicalType>& types);

}  // namespace teal
