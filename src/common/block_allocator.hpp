// BlockAllocator: where the large buffers of vectors and string heaps come from.
//
// Why not plain operator new: every fresh 4 KiB page costs a page fault on first touch,
// and on the VMs Teal is measured on a fault costs ~10 µs — touching 128 MiB of fresh
// 4 KiB pages takes ~380 ms, the same memory as 2 MiB transparent huge pages ~11 ms. And
// glibc hands large freed blocks back to the OS at once, so appending, dropping and
// appending again pays every fault again. So blocks of 2 KiB .. 1 MiB (rounded up to a
// power of two) are carved from 2 MiB-aligned slabs advised as huge pages
// (MADV_HUGEPAGE; a no-op where THP is off). A slab serves one size class at a time; a
// freed block goes back to its slab, and a slab with no block in use is kept for any
// size class: up to kCachedSlabLimit slabs as they are, up to kColdSlabLimit more
// advised MADV_FREE (the kernel may take their pages under memory pressure, else reusing
// them costs nothing — mapping a fresh slab instead means zeroing 2 MiB), and beyond that
// it goes back to the OS. Requests above 1 MiB get a mapping of their own (whole 2 MiB
// pages); freed, up to kHugeCacheLimit of them are kept for the next such request (a
// fresh page costs a fault and the kernel's zeroing), the rest unmapped. Those below
// 2 KiB go to operator new.
//
// The blocks handed out count against a limit (the memory_limit setting; 80 % of the
// machine's memory by default) — one limit for the whole process, since the blocks of
// every database come from here. Memory below 2 KiB (operator new) is not counted.
//
// Thread-safe: one mutex, taken per block (callers allocate per vector, not per row).
// In AddressSanitizer builds a free block is poisoned, so a use after free is reported.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "teal/basic_types.hpp"

namespace teal {

class BlockAllocator {
 public:
  static constexpr size_t kMinBlockSize = size_t{2} << 10;
  static constexpr size_t kMaxBlockSize = size_t{1} << 20;
  static constexpr size_t kSlabSize = size_t{2} << 20;
  static constexpr size_t kHugeMapSize = kMaxBlockSize + 1;  // and up: a mapping of its own
  /// Freed huge blocks kept for reuse, at most (and at most a quarter of the limit).
  static constexpr size_t kHugeCacheLimit = size_t{1} << 30;
  static constexpr size_t kCachedSlabLimit = 32;  // 64 MiB kept as they are
  static constexpr size_t kColdSlabLimit = 2048;  // 4 GiB of address space, pages reclaimable

  /// The process's allocator (never destroyed, so static objects may free into it).
  static BlockAllocator& Instance();

  /// At least `size` bytes, aligned to 16 bytes (to the block size for pooled sizes).
  /// Throws OutOfMemoryError when the block would take the bytes in use past the limit,
  /// and also when the OS has no memory (never std::bad_alloc).
  void* Allocate(size_t size);
  /// Returns a block from Allocate(size), with the same size.
  void Free(void* block, size_t size) noexcept;

  struct Stats {
    size_t bytes_in_use = 0;  // pooled and own-mapping blocks handed out, at their rounded size
    size_t slabs = 0;         // slabs mapped, cached ones included
    size_t cached_slabs = 0;  // slabs with no block in use, kept for reuse as they are
    size_t cold_slabs = 0;    // slabs with no block in use whose pages the kernel may take
  };
  Stats GetStats() const;

  /// The most bytes the blocks in use may take; 0 means no limit.
  void SetLimit(size_t bytes);
  size_t Limit() const;
  /// 80 % of the machine's physical memory (the default limit).
  static size_t DefaultLimit();

  BlockAllocator(const BlockAllocator&) = delete;
  BlockAllocator& operator=(const BlockAllocator&) = delete;

 private:
  struct Slab;
  static constexpr int kClassCount = 10;  // 2 KiB, 4 KiB, ..., 1 MiB

  BlockAllocator();
  Slab* SlabWithRoom(int size_class);
  void Link(Slab* slab);
  void Unlink(Slab* slab);
  void Retire(Slab* slab);

  mutable std::mutex lock_;
  Slab* with_room_[kClassCount] = {};  // per class: slabs that have a free block
  std::vector<Slab*> cached_;          // slabs with no block in use
  std::vector<Slab*> cold_;            // the same, advised MADV_FREE
  std::unordered_map<uintptr_t, std::unique_ptr<Slab>> slabs_;  // by base address
  size_t bytes_in_use_ = 0;
  size_t limit_ = 0;
  /// Throws OutOfMemoryError unless `bytes` more fit under the limit. Lock held.
  void CheckLimit(size_t bytes) const;
  /// A cached huge block of at least `need` bytes (null: none fits). Lock held.
  char* TakeCachedHuge(size_t need);
  size_t HugeCacheBudget() const;  // lock held

  std::unordered_map<uintptr_t, size_t> huge_spans_;  // huge blocks in use: their span
  std::vector<std::pair<char*, size_t>> huge_cache_;  // freed huge blocks kept
  size_t huge_cached_ = 0;                            // their bytes
};

/// A shared buffer of `size` bytes from the block allocator, returned to it when the last
/// owner lets go. Uninitialised.
std::shared_ptr<data_t[]> AllocateSharedBuffer(size_t size);

/// One block owned by one object (a string heap's arena block); movable, not copyable.
class OwnedBlock {
 public:
  explicit OwnedBlock(size_t size)
      : data_(static_cast<char*>(BlockAllocator::Instance().Allocate(size))), size_(size) {}
  OwnedBlock(OwnedBlock&& other) noexcept : data_(other.data_), size_(other.size_) {
    other.data_ = nullptr;
  }
  OwnedBlock& operator=(OwnedBlock&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = other.data_;
      size_ = other.size_;
      other.data_ = nullptr;
    }
    return *this;
  }
  ~OwnedBlock() { Release(); }

  char* get() const { return data_; }
  size_t size() const { return size_; }

 private:
  void Release() noexcept {
    if (data_) BlockAllocator::Instance().Free(data_, size_);
    data_ = nullptr;
  }
  char* data_;
  size_t size_;
};

}  // namespace teal
