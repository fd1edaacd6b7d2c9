// DistinctAggregate: an aggregate with DISTINCT inside its call where the aggregate
// operator's own DISTINCT does not serve — over a window frame (count(DISTINCT x) OVER
// (…)), with an ORDER BY inside the call (string_agg(DISTINCT s, ',' ORDER BY s)), and over
// a collated VARCHAR (count(DISTINCT s COLLATE nocase): 'a' and 'A' are one value, as `=`
// and GROUP BY have it). Each state keeps the first row of each distinct key and feeds
// those rows to the aggregate, in the order they came, when it is finalized.
#pragma once

#include <vector>

#include "function/function.hpp"

namespace teal {

/// The aggregate over `inner`'s arguments followed by one key per argument (of
/// `key_types`: the argument itself, or its collated form), feeding `inner` the arguments
/// of the first row of each distinct key. Mergeable (combine dedupes too); order-dependent
/// when `inner` is.
AggregateFunction DistinctAggregate(const AggregateFunction& inner,
                                    const std::vector<LogicalType>& key_types);

}  // namespace teal
