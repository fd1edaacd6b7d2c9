// IsDuckDBFunctionName: whether DuckDB has a built-in function of this name, which makes an
// unknown function's error "not implemented" rather than "does not exist".
#pragma once

#include <string_view>

namespace teal {

/// `lower_name` (lower case) names one of DuckDB 1.5.6's built-in functions.
bool IsDuckDBFunctionName(std::string_view lower_name);

}  // namespace teal
