// Internal invariant checks. TEAL_ASSERT is active in debug and sanitizer builds;
// TEAL_CHECK_* stay on everywhere and print both operands. Neither may be reachable
// from user input: user errors are teal::Error subclasses thrown on purpose.
#pragma once

#include <fmt/format.h>

#include "teal/error.hpp"

namespace teal::detail {
[[noreturn]] inline void AssertionFailed(const char* cond, const char* file, int line) {
  throw InternalError(fmt::format("assertion failed: {} ({}:{})", cond, file, line));
}
template <typename A, typename B>
[[noreturn]] void CheckFailed(const char* expr, const A& a, const B& b, const char* file,
                              int line) {
  throw InternalError(fmt::format("check failed: {} ({} vs {}) ({}:{})", expr, a, b, file, line));
}
}  // namespace teal::detail

#if defined(TEAL_DEBUG_ASSERTS)
#define TEAL_ASSERT(cond) \
  ((cond) ? (void)0 : ::teal::detail::AssertionFailed(#cond, __FILE__, __LINE__))
#else
#define TEAL_ASSERT(cond) ((void)0)
#endif

#define TEAL_CHECK_OP(a, b, op)                                                             \
  do {                                                                                      \
    const auto& teal_a_ = (a);                                                              \
    const auto& teal_b_ = (b);                                                              \
    if (!(teal_a_ op teal_b_))                                                              \
      ::teal::detail::CheckFailed(#a " " #op " " #b, teal_a_, teal_b_, __FILE__, __LINE__); \
  } while (0)
#define TEAL_CHECK_EQ(a, b) TEAL_CHECK_OP(a, b, ==)
#define TEAL_CHECK_NE(a, b) TEAL_CHECK_OP(a, b, !=)
#define TEAL_CHECK_LT(a, b) TEAL_CHECK_OP(a, b, <)
#define TEAL_CHECK_LE(a, b) TEAL_CHECK_OP(a, b, <=)
#define TEAL_CHECK_GT(a, b) TEAL_CHECK_OP(a, b, >)
#define TEAL_CHECK_GE(a, b) TEAL_CHECK_OP(a, b, >=)
