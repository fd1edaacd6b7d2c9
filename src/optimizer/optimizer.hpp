// Optimizer: rewrites of the logical plan, one rule per file, run in order by Optimize.
#pragma once

#include "planner/logical_operator.hpp"

namespace teal {

/// Runs every rule over `plan` and the plans of its subqueries. Errors a rule finds in constant
/// expressions (a constant overflow, an invalid cast) are the user's and thrown as such.
/// With `enabled` false (PRAGMA disable_optimizer), only the rules Teal needs to plan the
/// statement run (WITH materialization, subquery and LATERAL rewrites, constant folding,
/// LIMIT 0); those that only make it faster (filter pushdown, join order, projection
/// pruning, top-N, join filters, hashed IS NOT DISTINCT FROM) do not.
void Optimize(LogicalOperator& plan, bool enabled = true);

/// Rule, first of all: each WITH query is planned into its uses or materialized for all
/// of them (cte_materialization.cpp).
void MaterializeCtes(LogicalOperator& plan);

/// Rule: replaces every deterministic expression that reads no column by its value.
void FoldConstants(LogicalOperator& plan);

/// Rule: an uncorrelated `x IN (SELECT …)` in a projection or filter becomes a mark join
/// of the operator's input with the subquery, or a semi join when it is a filter's
/// conjunct (subquery_to_mark_join.cpp).
void RewriteInSubqueriesAsMarkJoins(LogicalOperator& plan);

/// Correlated `x op ANY / ALL (SELECT …)` (and IN) to hash joins: a semi join for a
/// filter conjunct, marks elsewhere (any_to_join.cpp).
void RewriteAnyAsJoins(LogicalOperator& plan);

/// Correlated EXISTS / NOT EXISTS filter conjuncts to semi / anti joins
/// (exists_to_semi_join.cpp).
void RewriteExistsAsSemiJoins(LogicalOperator& plan);

/// Correlated scalar aggregate subqueries to left joins with the grouped subquery
/// (scalar_subquery_to_join.cpp).
void RewriteScalarSubqueriesAsJoins(LogicalOperator& plan);

/// LATERAL FROM items that read the left side only in a filter's conjuncts and in
/// projections to plain joins, unnest() of the left side's lists to an unnest over it
/// (lateral_join_to_join.cpp).
void RewriteLateralJoinsAsJoins(LogicalOperator& plan);

/// Rule: moves filter conjuncts down to the lowest operator where they are still right,
/// and conjuncts over both sides of a join into its condition (filter_pushdown.cpp).
void PushDownFilters(LogicalOperator& plan);

/// Rule: `l IS NOT DISTINCT FROM r` in a join condition as two equalities that never see
/// NULL, so the join can hash on them (not_distinct_join_keys.cpp).
void HashNotDistinctJoinKeys(LogicalOperator& plan);

/// Rule: a semi or anti join whose condition reads, of its left side, only columns of one
/// input of an inner or cross join moves down to that input where estimated to pay; left,
/// semi and anti joins build their hash table from the left side when that is the smaller
/// (semi_join_pushdown.cpp).
void PushSemiJoinsDown(LogicalOperator& plan);

/// Rule: rebuilds trees of inner joins left-deep, largest relation first, then the
/// smallest connected one at each step (join_order.cpp).
void OrderJoins(LogicalOperator& plan);

/// Rule: a filter conjunct `x IN (c1, …, cn)` with many constants becomes a semi join of
/// the filter's input with the constants, probed through a hash table
/// (in_list_to_semi_join.cpp).
void RewriteInListsAsSemiJoins(LogicalOperator& plan);

/// Rule: drops the columns no operator above reads, from scans up (projection_pruning.cpp).
void PruneColumns(LogicalOperator& plan);

/// Rule: LIMIT over ORDER BY becomes one top-N operator (top_n.cpp). Runs last: the
/// other rules do not know top-N operators.
void UseTopN(LogicalOperator& plan);

/// Rule, after all others: a hash join that drops unmatched probe rows lends its keys
/// to the scan of its probe side that holds them, which drops the rows the build side
/// cannot match (join_filter_pushdown.cpp).
void PushJoinFiltersIntoScans(LogicalOperator& plan);

/// Rule: a part of the plan that gives no rows (LIMIT 0, a filter never true, and what
/// gives none without input rows above them) becomes an empty VALUES (empty_parts.cpp).
void EmptyParts(LogicalOperator& root);

}  // namespace teal
