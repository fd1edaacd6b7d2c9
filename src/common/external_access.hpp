// The error of a file access that enable_external_access = false forbids.
#pragma once

#include <string_view>

#include "teal/error.hpp"

namespace teal {

/// Throws PermissionError: `what` (e.g. `read_csv("x.csv")`) reads or writes a file, and
/// the database's configuration forbids it.
[[noreturn]] inline void RefuseExternalAccess(std::string_view what) {
  throw PermissionError(std::string(what) +
                        ": file system operations are disabled by configuration "
                        "(enable_external_access = false)");
}

}  // namespace teal
