// The C++ API's one error regime at the points where control returns to the user.
//
// Everything below the API throws teal::Error subclasses on purpose, but the C++ library
// underneath can still fail on its own terms: std::bad_alloc when the system has no
// memory for an allocation the memory_limit does not cover (a std::vector growing, a
// std::string of an aggregate state), std::length_error for a container asked to exceed
// its maximum size, and anything else only through a bug. AtApiBoundary runs an API
// call and turns those into OutOfMemoryError (the first two) or InternalError (the
// rest), naming the call, so that a user only ever catches teal::Error.
#pragma once

#include <fmt/format.h>

#include <exception>
#include <new>
#include <stdexcept>
#include <string_view>

#include "teal/error.hpp"

namespace teal {

/// Runs `body` and returns its result; rethrows a teal::Error unchanged and converts any
/// other std::exception as described above. `call` names the API call ("Connection::Query").
template <typename F>
decltype(auto) AtApiBoundary(std::string_view call, F&& body) {
  try {
    return body();
  } catch (const Error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw OutOfMemoryError(
        fmt::format("{}: out of memory: the system could not provide an allocation (lower the "
                    "memory_limit setting so that Teal stops before the system does)",
                    call));
  } catch (const std::length_error& error) {
    throw OutOfMemoryError(fmt::format(
        "{}: out of memory: a buffer would exceed its maximum size ({})", call, error.what()));
  } catch (const std::exception& error) {
    throw InternalError(fmt::format("{}: unexpected C++ exception: {}", call, error.what()));
  }
}

}  // namespace teal
