// Stack depth: how much of the calling thread's stack is left, a check that turns a
// recursion about to overflow into an error, and a way to run deep work on a thread of
// its own with a large stack.
//
// Parsing, binding, planning and evaluating an expression all recurse once per level of
// nesting. An application may call Teal from a worker thread with a 1 MiB stack, where a
// statement a few hundred levels deep would overflow; SQL text must never crash the
// process. So: statements that may nest deeply run on a large stack (RunOnLargeStack), and
// every recursive step checks the room left (CheckStackDepth), so that what still does not
// fit is a clean error. Thread-safe: the stack bounds are per thread.
#pragma once

#include <cstddef>
#include <exception>
#include <new>
#include <string_view>
#include <utility>

namespace teal {

/// Bytes left on the calling thread's stack (an estimate: the distance from this frame to
/// the stack's end as the thread's attributes give it).
size_t StackRemaining();

/// Throws InvalidInputError naming `what` when fewer than kStackReserve bytes of stack are
/// left: the statement nests too deeply for this thread (see max_expression_depth).
void CheckStackDepth(std::string_view what);

/// Room kept free below every check: enough for one level of the deepest recursion
/// (libpg_query's and protobuf-c's frames included) plus error handling.
inline constexpr size_t kStackReserve = 256 * 1024;

/// The stack of the threads RunOnLargeStack starts (reserved address space; pages are
/// touched only as deep as the work goes).
inline constexpr size_t kLargeStackSize = size_t{512} << 20;

namespace detail {
/// Runs `body(argument)` on a new thread with a kLargeStackSize stack and waits for it.
/// Throws InternalError when no thread can be started.
void RunOnThreadWithLargeStack(void (*body)(void*), void* argument);
}  // namespace detail

/// Runs `fn()` on a thread with a large stack and returns its result; an exception it
/// throws is rethrown here. For work whose depth the caller's stack may not hold.
template <typename Fn>
auto RunOnLargeStack(Fn&& fn) -> decltype(fn()) {
  using R = decltype(fn());
  struct Call {
    Fn* fn;
    std::exception_ptr error;
    alignas(R) unsigned char result[sizeof(R)];
    bool done = false;
  } call{&fn, nullptr, {}, false};
  detail::RunOnThreadWithLargeStack(
      [](void* p) {
        auto* c = static_cast<Call*>(p);
        try {
          new (c->result) R((*c->fn)());
          c->done = true;
        } catch (...) {
          c->error = std::current_exception();
        }
      },
      &call);
  if (call.error) std::rethrow_exception(call.error);
  R* value = std::launder(reinterpret_cast<R*>(call.result));
  R out(std::move(*value));
  value->~R();
  return out;
}

}  // namespace teal
