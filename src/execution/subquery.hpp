// Subqueries in expressions: (SELECT …), EXISTS (…), x IN (SELECT …), x op ANY/ALL (…).
//
// A subquery that reads nothing from the query around it runs once per execution, when
// the first row needs it (a query whose rows never reach it, and EXPLAIN, do not run it —
// so its errors come only when its value is needed, as in PostgreSQL): a scalar or EXISTS
// subquery's value, or an ANY/ALL subquery's rows (hashed for = and <>, their least and
// greatest value for <, <=, >, >=), are kept in a SubqueryRun the physical plan makes.
// It runs on the query's threads; the query's other threads that need it meanwhile help
// run it (TaskScheduler::HelpUntil) rather than wait idle. A correlated subquery runs
// by re-evaluation: for each distinct combination of the outer values it reads (per
// chunk), its plan is copied with those values as constants and run. Right for every
// query; fast only while the outer side is small — decorrelation into joins comes with
// the analytics work.
#pragma once

#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "execution/compute_once.hpp"
#include "execution/executor.hpp"
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

/// Gives the subqueries in `e` (not those inside subquery plans: their own plans do that)
/// a fresh SubqueryRun with the query's `options`, so that each uncorrelated one runs at
/// most once in this execution; with `now`, runs those right away (a statement that
/// writes: before its first change).
void PrepareSubqueries(ExpressionPtr& e, const ExecutorOptions& options, bool now);

/// Runs the plan of the kSubquery node `e` once with `outer` as its outer values, handing
/// each result chunk to `take` until it returns false or the rows run out (a LATERAL
/// FROM item's rows: PhysicalLateralJoin).
void RunSubqueryPlan(const Expression& e, const std::vector<Value>& outer,
                     const std::function<bool(const DataChunk&)>& take);

/// What one run of a subquery gives, by its kind.
struct SubqueryAnswer {
  Value value;  // kScalar
  bool exists = false;
  std::shared_ptr<const SubqueryResult> rows;  // kAny / kAll
};

/// A subquery in one execution: how its plan runs and, when it is uncorrelated, its
/// answer, computed once (ComputeOnce).
struct SubqueryRun {
  explicit SubqueryRun(const ExecutorOptions& query) : options(query), once(query.scheduler) {
    options.profiling = false;  // EXPLAIN ANALYZE profiles the query's own plan
  }
  /// The query's: an uncorrelated subquery runs on its threads, a correlated one (per
  /// outer value, on the thread that needs it) on one; both under its interrupt.
  ExecutorOptions options;
  ComputeOnce once;
  SubqueryAnswer answer;
};

/// Evaluates the kSubquery node `e` for every row of `input` into `result` (a vector of
/// e.type with room for input.size() rows).
void ExecuteSubquery(const Expression& e, const DataChunk& input, Vector& result);

}  // namespace teal
