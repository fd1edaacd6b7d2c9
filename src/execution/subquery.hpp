// Subqueries in expressions: (SELECT …), EXISTS (…), x IN (SELECT …), x op ANY/ALL (…).
//
// A subquery that reads nothing from the query around it runs once, when the physical
// plan is made: a scalar or EXISTS subquery becomes a constant, an ANY/ALL subquery
// keeps its rows (hashed for = and <>, their least and greatest value for <, <=, >, >=)
// next to the expression. A correlated subquery runs
// by re-evaluation: for each distinct combination of the outer values it reads (per
// chunk), its plan is copied with those values as constants and run. Right for every
// query; fast only while the outer side is small — decorrelation into joins comes with
// the analytics work.
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "planner/expression.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

/// The rows of a kAny / kAll subquery (its one column), ready to compare with.
struct SubqueryResult {
  idx_t count = 0;                       // rows, NULLs included
  bool has_null = false;                 // whether one of them is NULL
  std::unordered_set<std::string> keys;  // EncodeKey of the non-NULL ones (for = and <>)
  Value min, max;                        // of the non-NULL ones (for <, <=, >, >=)
};

/// Runs the uncorrelated subqueries in `e` (not those inside subquery plans: they run
/// when their own plan is made) and puts their results in their place.
void RunUncorrelatedSubqueries(ExpressionPtr& e);

/// Evaluates the kSubquery node `e` for every row of `input` into `result` (a vector of
/// e.type with room for input.size() rows).
void ExecuteSubquery(const Expression& e, const DataChunk& input, Vector& result);

}  // namespace teal
