// ReadsRecursiveTable: whether a plan reads a recursive WITH query's own rows — what makes
// its second half a recursive part rather than a plain UNION.
#pragma once

#include "planner/logical_operator.hpp"

namespace teal {

/// Whether `plan` scans the working table of `definition` (or its recurring table), in its
/// operators or in the subqueries of their expressions.
bool ReadsRecursiveTable(const LogicalOperator& plan, const RecursiveCteDefinition& definition);

/// Whether `plan` scans `table` (a working or recurring table) likewise.
bool ReadsTable(const LogicalOperator& plan, const RecursiveCteDefinition* table);

}  // namespace teal
