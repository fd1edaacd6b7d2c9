// OrderedAggregate: an aggregate with ORDER BY inside its call (string_agg(s, ',' ORDER BY
// t), list(x ORDER BY y DESC)): the call's rows are kept per group, with their sort keys,
// and fed to the aggregate in that order when the group is finalized.
#pragma once

#include <vector>

#include "function/function.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

/// The aggregate over `inner`'s arguments followed by the sort keys (of `key_types`),
/// feeding `inner` its rows in the order of `keys` (each key's `column` its position among
/// the keys). Not order-dependent itself: rows may arrive in any order, on any thread.
AggregateFunction OrderedAggregate(const AggregateFunction& inner,
                                   const std::vector<LogicalType>& key_types,
                                   const std::vector<OrderKey>& keys);

}  // namespace teal
