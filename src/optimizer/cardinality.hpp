// Cardinality estimates for the optimizer's rules that choose between plans (join order,
// semi-join pushdown): how many rows an operator makes, and how many distinct values one
// of its columns holds. Rough on purpose: a table's row count, the share of a sample of
// its rows a scan's filters keep, a fifth under any other filter, half of it after a
// GROUP BY; distinct counts sampled from the tables (DataTable::DistinctEstimate).
#pragma once

#include "planner/logical_operator.hpp"

namespace teal {

/// The first equality of `join`'s condition between a column of its left input and one of
/// its right input: false when there is none; else `left` and `right` are the columns,
/// each numbered in its own input.
bool FirstKeyColumns(const LogicalJoin& join, idx_t& left, idx_t& right);

/// About how many rows `op` makes.
double EstimateRows(const LogicalOperator& op);

/// About how many distinct values column `column` of `op` holds: the sampled estimate of
/// the table column it reads (through filters, projections and joins), else every row
/// distinct.
double EstimateDistinct(const LogicalOperator& op, idx_t column);

}  // namespace teal
