// Stack bounds per thread (pthread_getattr_np) and the large-stack thread.
#include "common/stack.hpp"

#include <fmt/format.h>
#include <pthread.h>

#include <cstdint>

#include "teal/error.hpp"

namespace teal {

namespace {
/// The lowest usable address of the calling thread's stack (stacks grow down here), found
/// once per thread.
uintptr_t StackLimit() {
  thread_local uintptr_t limit = [] {
    pthread_attr_t attr;
    void* address = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstack(&attr, &address, &size);
      pthread_attr_destroy(&attr);
    }
    // The guard page(s) at the bottom are part of the reported range on some systems.
    return reinterpret_cast<uintptr_t>(address) + 64 * 1024;
  }();
  return limit;
}
}  // namespace

size_t StackRemaining() {
  char here;
  auto address = reinterpret_cast<uintptr_t>(&here);
  uintptr_t limit = StackLimit();
  return address > limit ? address - limit : 0;
}

void CheckStackDepth(std::string_view what) {
  if (StackRemaining() >= kStackReserve) [[likely]] {
    return;
  }
  throw InvalidInputError(fmt::format(
      "{} nests too deeply for this thread's stack: simplify the statement (or call Teal from "
      "a thread with a larger stack)",
      what));
}

namespace detail {
void RunOnThreadWithLargeStack(void (*body)(void*), void* argument) {
  struct Start {
    void (*body)(void*);
    void* argument;
  } start{body, argument};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) throw InternalError("pthread_attr_init failed");
  pthread_attr_setstacksize(&attr, kLargeStackSize);
  pthread_t thread;
  int rc = pthread_create(
      &thread, &attr,
      [](void* p) -> void* {
        auto* s = static_cast<Start*>(p);
        s->body(s->argument);
        return nullptr;
      },
      &start);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    throw InternalError(
        fmt::format("cannot start a thread for a deeply nested statement ({})", rc));
  }
  pthread_join(thread, nullptr);
}
}  // namespace detail

}  // namespace teal
