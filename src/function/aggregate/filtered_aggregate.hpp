// FilteredAggregate: `f(x) FILTER (WHERE c)` for an aggregate that keeps NULL arguments
// (list, array_agg, first, …). For the others the binder writes FILTER as
// `f(CASE WHEN c THEN x END)` — a filtered-out row's NULL argument is skipped — but these
// would collect that NULL. Here the filter is one more argument, and only the rows it holds
// true for reach the aggregate.
#pragma once

#include "function/function.hpp"

namespace teal {

/// `inner` over its arguments followed by a BOOLEAN: a row whose last argument is not true
/// (false or NULL) is left out before `inner` sees it. States, combine and finalize are
/// `inner`'s (an all-filtered group finalizes as an empty one: list gives NULL).
AggregateFunction FilteredAggregate(const AggregateFunction& inner);

}  // namespace teal
