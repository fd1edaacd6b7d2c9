// UpdateStates: feeds a chunk of arguments to an aggregate's states, one state per row —
// what GROUP BY, DISTINCT aggregates and WITH RECURSIVE … USING KEY do with their groups.
#pragma once

#include <vector>

#include "function/function.hpp"
#include "vector/data_chunk.hpp"
#include "vector/selection_vector.hpp"

namespace teal {

/// Adds rows [0, count) of `arguments` (flat vectors) to `function`'s states, row i's at
/// rows[i] + offset, leaving out the rows with a NULL argument when the function ignores
/// NULLs (`arguments` is then sliced). `sel` and `states` are scratch space.
void UpdateStates(const AggregateFunction& function, DataChunk& arguments, const data_ptr_t* rows,
                  idx_t offset, idx_t count, SelectionVector& sel, std::vector<data_ptr_t>& states);

}  // namespace teal
