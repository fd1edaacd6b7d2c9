// test_all_types(): DuckDB's table of one column per type — three rows: each type's least
// value, its greatest, and NULL — for testing code against every type at its extremes.
// Teal's has the columns of the types Teal has, with DuckDB's names, values and order;
// DuckDB's bit, time_ns, timestamp_tz_ns and empty_struct are left out (Teal has no such
// types).
#pragma once

#include <string>
#include <vector>

#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

struct AllTypesTable {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;  // the least values, the greatest, the NULLs
};

/// The table; `large_enum`: its large_enum column has 70,000 labels (not two).
AllTypesTable TestAllTypes(bool large_enum);

}  // namespace teal
