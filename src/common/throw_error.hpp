// ThrowErrorOf: throws a fresh teal::Error of a given category — to pass an error on
// as its own category with a new message (the Appender), or from one thread to another
// without sharing the exception object (the TaskScheduler).
#pragma once

#include <string>

#include "teal/error.hpp"

namespace teal {

[[noreturn]] void ThrowErrorOf(ErrorCategory category, std::string message);

}  // namespace teal
