// QueryProfile: what `enable_profiling` writes after each query (DuckDB's setting): the
// query, its total time and its plan with each operator's rows and time — as text
// (query_tree, the default) or JSON — to the file `profiling_output` names (rewritten by
// each query), or to standard error when it names none (no_output: nowhere).
// `profiling_mode = detailed` adds the optimizer's time.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "execution/explain.hpp"

namespace teal {

class Settings;

/// A query being profiled: what its profile needs besides the operators' figures.
struct QueryProfileRequest {
  std::string sql;
  std::string format;  // query_tree or json
  std::string output;  // the file, or empty: standard error
  PlanDetails details;
  std::chrono::steady_clock::time_point start;
  std::optional<double> optimizer_seconds;  // detailed mode
};

/// The request for a query about to run under `settings`, or nullopt when profiling is
/// off (or its output goes nowhere).
std::optional<QueryProfileRequest> ProfileRequested(const Settings& settings, std::string sql);

/// Whether `settings` ask for the optimizer's time (profiling_mode = detailed).
bool ProfileIsDetailed(const Settings& settings);

/// The profile's text in the request's format.
std::string RenderQueryProfile(const QueryProfileRequest& request, const ProfiledOperator& plan,
                               double total_seconds);

/// Renders the profile of the finished query and writes it where the request says; an
/// output file that cannot be written is an IOError.
void EmitQueryProfile(const QueryProfileRequest& request, const PhysicalOperator& plan,
                      const QueryContext& query);

}  // namespace teal
