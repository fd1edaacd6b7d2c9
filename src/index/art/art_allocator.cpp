// ArtAllocator: size-classed slab memory for one ART (see art_allocator.hpp).
#include "index/art/art_allocator.hpp"

#include "common/assert.hpp"
#include "common/block_allocator.hpp"

// In AddressSanitizer builds free blocks and the unused slab tail are poisoned, so a use
// of a freed node is reported even though its memory stays in the slab.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEAL_ART_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TEAL_ART_ASAN 1
#endif
#ifdef TEAL_ART_ASAN
#include <sanitizer/asan_interface.h>
#define TEAL_ART_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define TEAL_ART_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define TEAL_ART_POISON(p, n) ((void)(p), (void)(n))
#define TEAL_ART_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace teal::art {

void* ArtAllocator::Allocate(size_t bytes) {
  TEAL_ASSERT(bytes > 0);
  if (bytes > kMaxSmallSize) return AllocateLarge(bytes);
  size_t rounded = RoundUp(bytes);
  live_bytes_ += rounded;
  FreeBlock*& head = free_lists_[rounded / kAlignment];
  if (head) {
    FreeBlock* block = head;
    TEAL_ART_UNPOISON(block, rounded);
    head = block->next;
    return block;
  }
  return BumpAllocate(rounded);
}

void* ArtAllocator::BumpAllocate(size_t rounded) {
  if (static_cast<size_t>(bump_end_ - bump_) < rounded) {
    // The slab's unused tail (less than one block) is given up; at most kMaxSmallSize
    // bytes of each 64 KiB slab, under 3 %.
    char* slab = static_cast<char*>(BlockAllocator::Instance().Allocate(kSlabSize));
    slabs_.push_back(slab);
    TEAL_ART_POISON(slab, kSlabSize);
    bump_ = slab;
    bump_end_ = slab + kSlabSize;
  }
  void* block = bump_;
  bump_ += rounded;
  TEAL_ART_UNPOISON(block, rounded);
  return block;
}

void ArtAllocator::Free(void* block, size_t bytes) {
  if (!block) return;
  if (bytes > kMaxSmallSize) return FreeLarge(block);
  size_t rounded = RoundUp(bytes);
  TEAL_ASSERT(live_bytes_ >= rounded);
  live_bytes_ -= rounded;
  FreeBlock*& head = free_lists_[rounded / kAlignment];
  auto* freed = static_cast<FreeBlock*>(block);
  freed->next = head;
  head = freed;
  TEAL_ART_POISON(block, rounded);
}

void* ArtAllocator::AllocateLarge(size_t bytes) {
  auto* header =
      static_cast<LargeHeader*>(BlockAllocator::Instance().Allocate(sizeof(LargeHeader) + bytes));
  header->prev = nullptr;
  header->next = large_;
  header->bytes = bytes;
  if (large_) large_->prev = header;
  large_ = header;
  large_bytes_ += bytes;
  live_bytes_ += bytes;
  return header + 1;
}

void ArtAllocator::FreeLarge(void* block) {
  LargeHeader* header = static_cast<LargeHeader*>(block) - 1;
  if (header->prev) {
    header->prev->next = header->next;
  } else {
    large_ = header->next;
  }
  if (header->next) header->next->prev = header->prev;
  large_bytes_ -= header->bytes;
  live_bytes_ -= header->bytes;
  BlockAllocator::Instance().Free(header, sizeof(LargeHeader) + header->bytes);
}

void ArtAllocator::Clear() {
  for (char* slab : slabs_) {
    TEAL_ART_UNPOISON(slab, kSlabSize);
    BlockAllocator::Instance().Free(slab, kSlabSize);
  }
  slabs_.clear();
  while (large_) {
    LargeHeader* next = large_->next;
    BlockAllocator::Instance().Free(large_, sizeof(LargeHeader) + large_->bytes);
    large_ = next;
  }
  free_lists_.fill(nullptr);
  bump_ = bump_end_ = nullptr;
  large_bytes_ = 0;
  live_bytes_ = 0;
}

}  // namespace teal::art
