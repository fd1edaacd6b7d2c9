// TryStrptime: text to a TIMESTAMP through a strptime format (the specifiers listed in
// date_format.cpp), for strptime() and for the CSV reader's dateformat / timestampformat.
#pragma once

#include <string_view>

#include "types/timestamp.hpp"

namespace teal {

/// True and `result` set when all of `s` matches `format`; false otherwise (never throws).
bool TryStrptime(std::string_view s, std::string_view format, timestamp_t& result);

}  // namespace teal
