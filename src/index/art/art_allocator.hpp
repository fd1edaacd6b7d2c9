// ArtAllocator: the memory of one ART's nodes, prefixes and leaves.
//
// Why not operator new per node: a tree of a million keys holds a million small
// objects (16..40 bytes), and malloc's per-block header and scattered placement cost
// both memory and cache misses. So blocks up to kMaxSmallSize bytes are cut from
// kSlabSize slabs with a bump pointer, in size classes of 8 bytes; a freed block goes on
// its class's free list and is reused by the next request of that class. Slabs are kept
// until Clear() or destruction, which free everything at once without walking the tree.
// Larger blocks (long prefixes, leaves of many row ids) are allocated one by one, linked
// into a list so that Clear() frees them too. Slabs and large blocks come from the
// process's BlockAllocator: they count against the memory_limit (Allocate throws
// OutOfMemoryError past it), and a dropped index's slabs are reused without page faults.
//
// Every block is 8-byte aligned, so a NodeRef can keep its kind in the low three bits.
// The caller passes the block's size to Free (nodes know their size), so small blocks
// carry no header. Not thread-safe: the tree's owner serialises access.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace teal::art {

class ArtAllocator {
 public:
  static constexpr size_t kAlignment = 8;
  static constexpr size_t kMaxSmallSize = 2064;  // a Node256 (2056 bytes) fits
  static constexpr size_t kSlabSize = size_t{64} << 10;

  ArtAllocator() = default;
  ArtAllocator(const ArtAllocator&) = delete;
  ArtAllocator& operator=(const ArtAllocator&) = delete;
  ~ArtAllocator() { Clear(); }

  /// An 8-byte aligned block of at least `bytes` bytes (uninitialised).
  void* Allocate(size_t bytes);
  /// Returns a block; `bytes` must be the size it was allocated with.
  void Free(void* block, size_t bytes);
  /// Frees every block at once. Blocks handed out before are invalid afterwards.
  void Clear();

  /// Bytes held from the system: whole slabs plus large blocks.
  size_t MemoryBytes() const { return slabs_.size() * kSlabSize + large_bytes_; }
  /// Bytes in blocks currently handed out (rounded to their size class).
  size_t LiveBytes() const { return live_bytes_; }

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  struct LargeHeader {
    LargeHeader* prev;
    LargeHeader* next;
    size_t bytes;
    size_t padding;  // keeps the block after the header 16-byte aligned
  };
  static constexpr size_t kClassCount = kMaxSmallSize / kAlignment + 1;
  static size_t RoundUp(size_t bytes) { return (bytes + kAlignment - 1) & ~(kAlignment - 1); }

  void* AllocateLarge(size_t bytes);
  void FreeLarge(void* block);
  void* BumpAllocate(size_t rounded);

  std::array<FreeBlock*, kClassCount> free_lists_{};
  std::vector<char*> slabs_;
  char* bump_ = nullptr;
  char* bump_end_ = nullptr;
  LargeHeader* large_ = nullptr;
  size_t large_bytes_ = 0;
  size_t live_bytes_ = 0;
};

}  // namespace teal::art
