// The rule every MAP value keeps: no NULL key, no key twice. Checked wherever a map is
// made from parts (map(), map_from_entries, casts, MAP {…}), so that lookups can stop at
// the first match.
#pragma once

#include <string>

#include "vector/vector.hpp"

namespace teal {

/// For the valid rows [0, count) of `map` (a MAP vector): empty when every row keeps the
/// rule, else DuckDB's words for the first break ("Map keys can not be NULL", "Map keys
/// must be unique").
std::string MapKeyProblem(const Vector& map, idx_t count);

}  // namespace teal
