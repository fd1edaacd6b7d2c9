// Subqueries in expressions: (SELECT …), EXISTS (…), x IN (SELECT …), x op ANY/ALL (…).
//
// A subquery that reads nothing from the query around it runs once per execution, when
// the first row needs it (a query whose rows never reach it, and EXPLAIN, do not run it —
// so its errors come only when its value is needed, as in PostgreSQL): a scalar or EXISTS
// subquery's value, or an ANY/ALL subquery's rows (hashed for = and <>, their least and
// greatest value for <, <=, >, >=), are kept in a SubqueryCache the physical plan makes.
// A correlated subquery runs
// by re-evaluation: for each distinct combination of the outer values it reads (per
// chunk), its plan is copied with those values as constants and run. Right for every
// query; fast only while the outer side is small — decorrelation into joins comes with
// the analytics work.
#pragma once

#include <mutex>
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

/// Gives the uncorrelated subqueries in `e` (not those inside subquery plans: their own
/// plans do that) a fresh SubqueryCache, so each runs at most once in this execution;
/// with `now`, runs them right away (a statement that writes: before its first change).
void RunUncorrelatedSubqueries(ExpressionPtr& e, bool now);

/// What one run of a subquery gives, by its kind.
struct SubqueryAnswer {
  Value value;  // kScalar
  bool exists = false;
  std::shared_ptr<const SubqueryResult> rows;  // kAny / kAll
};

/// The answer of an uncorrelated subquery in one execution, computed on first use.
struct SubqueryCache {
  std::mutex lock;
  bool done = false;
  SubqueryAnswer answer;
};

/// Evaluates the kSubquery node `e` for every row of `input` into `result` (a vector of
/// e.type with room for input.size() rows).
void ExecuteSubquery(const Expression& e, const DataChunk& input, Vector& result);

}  // namespace teal
