// test_vector_types(v1 [, v2 …] [, all_flat := bool]): DuckDB's table for testing code
// against each way a vector holds its values, one column per argument's type. Teal's
// vectors have other layouts, so its rows are DuckDB's values in DuckDB's order — what the
// queries over it compute — 11 rows for most types:
//   3 "flat":       the type's least value, its greatest, NULL (test_all_types());
//                   a LIST [least, greatest], [], [NULL]; a MAP {least}, NULL, {greatest};
//                   a STRUCT field by field
//   3 "constant":   the first of those, three times
//   2 "dictionary": the second and third
//   3 "sequence":   3, 5, 7 for the integers up to 64 bits (lists and structs of them
//                   built from those as above), the flat values otherwise; none at all
//                   when a column is a MAP
#pragma once

#include <string>
#include <vector>

#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

/// The rows for columns of `types`; NotImplementedError for a type test_all_types() has no
/// values of (DuckDB's rule: the same type, not only the same kind — DECIMAL(4, 1) is one).
std::vector<std::vector<Value>> TestVectorRows(const std::vector<LogicalType>& types);

/// The columns' names: test_vector, test_vector2, …
std::vector<std::string> TestVectorNames(size_t count);

}  // namespace teal
