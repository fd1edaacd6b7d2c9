// AccountedAllocator: an STL allocator over the BlockAllocator, for containers that grow
// with the data (an aggregate's list or quantile state, a sort's row order): their
// buffers of 2 KiB and more count against memory_limit — reaching it is an
// OutOfMemoryError at the growth that crossed it — and large ones are kept for reuse when
// freed (no page faults again for the next query's).
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <limits>
#include <vector>

#include "common/block_allocator.hpp"
#include "teal/error.hpp"

namespace teal {

template <typename T>
struct AccountedAllocator {
  using value_type = T;
  AccountedAllocator() = default;
  template <typename U>
  AccountedAllocator(const AccountedAllocator<U>&) noexcept {}  // NOLINT: rebinding
  T* allocate(size_t n) {
    if (n > std::numeric_limits<size_t>::max() / sizeof(T)) {
      throw OutOfMemoryError(fmt::format("a buffer of {} elements does not fit in memory", n));
    }
    return static_cast<T*>(BlockAllocator::Instance().Allocate(n * sizeof(T)));
  }
  void deallocate(T* p, size_t n) noexcept { BlockAllocator::Instance().Free(p, n * sizeof(T)); }
  friend bool operator==(const AccountedAllocator&, const AccountedAllocator&) { return true; }
};

/// A std::vector in accounted memory.
template <typename T>
using AccountedVector = std::vector<T, AccountedAllocator<T>>;

}  // namespace teal
