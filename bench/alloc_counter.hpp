// bench/alloc_counter.hpp — counts heap allocations, to show the hot paths make none.
//
// alloc_counter.cpp replaces the global operator new; every allocation of the process
// (Teal's included) bumps one relaxed atomic counter. Linked into the Google Benchmark
// suites only, never into the library.
#pragma once

#include <cstdint>

namespace bench {

/// Allocations through operator new since the process started.
uint64_t AllocationCount();

}  // namespace bench
