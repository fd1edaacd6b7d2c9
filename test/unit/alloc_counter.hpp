// Counts the heap allocations a piece of code makes. alloc_counter.cpp replaces the global
// operator new/delete of the whole teal-unit binary with versions that count while
// counting is on (inside AllocationsOf) and are plain malloc/free otherwise; every thread's
// allocations count. Under AddressSanitizer the replacement works too (ASan intercepts
// the malloc and free these call). Not in the ThreadSanitizer build, whose runtime
// defines operator new itself: test files that count are left out of it.
#pragma once

namespace teal::counting {

void Start();
/// The allocations since Start().
long Stop();

/// Allocations made while `f` runs.
template <typename F>
long AllocationsOf(F&& f) {
  Start();
  f();
  return Stop();
}

}  // namespace teal::counting
