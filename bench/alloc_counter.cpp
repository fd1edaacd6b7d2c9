// bench/alloc_counter.cpp — a counting replacement of the global operator new/delete.
//
// Replacing the four basic forms is enough: the sized, nothrow and array forms fall back
// to them by the standard's rules. The aligned forms are left alone (the code measured
// does not use them); their allocations are not counted.
#include "alloc_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace bench {
namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace

uint64_t AllocationCount() { return g_allocations.load(std::memory_order_relaxed); }

}  // namespace bench

void* operator new(std::size_t size) {
  bench::g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
