// BlockAllocator: slabs of huge pages carved into power-of-two blocks.
#include "common/block_allocator.hpp"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <new>

#include "common/assert.hpp"
#include "common/byte_size.hpp"
#include "teal/error.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEAL_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TEAL_ASAN 1
#endif
#ifdef TEAL_ASAN
#include <sanitizer/asan_interface.h>
#define TEAL_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define TEAL_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define TEAL_POISON(p, n) ((void)(p), (void)(n))
#define TEAL_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace teal {

struct BlockAllocator::Slab {
  char* base = nullptr;
  int size_class = -1;
  size_t block_size = 0;
  uint32_t capacity = 0;           // blocks in the slab
  uint32_t carved = 0;             // blocks [0, carved) have been handed out at least once
  uint32_t live = 0;               // blocks in use
  std::vector<uint32_t> returned;  // freed blocks below `carved`, reused first
  Slab* prev = nullptr;            // the list of slabs with room in this class
  Slab* next = nullptr;
  bool linked = false;
};

namespace {

/// What Allocate throws when the system (not the memory_limit) has no memory left.
[[noreturn]] void ThrowSystemOutOfMemory(size_t bytes) {
  throw OutOfMemoryError(fmt::format(
      "the system could not provide {} (below the memory_limit: lower the limit so that Teal "
      "stops before the system does)",
      FormatByteSize(bytes)));
}

int SizeClass(size_t size) {
  size_t rounded = std::bit_ceil(std::max(size, BlockAllocator::kMinBlockSize));
  return std::countr_zero(rounded) - std::countr_zero(BlockAllocator::kMinBlockSize);
}

/// `size` bytes of fresh memory aligned to `alignment` (a power of two ≥ the page size).
char* MapAligned(size_t size, size_t alignment) {
  size_t span = size + alignment;
  void* p = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) ThrowSystemOutOfMemory(size);
  auto start = reinterpret_cast<uintptr_t>(p);
  uintptr_t aligned = (start + alignment - 1) & ~(alignment - 1);
  if (aligned > start) munmap(p, aligned - start);
  uintptr_t end = start + span, used_end = aligned + size;
  if (end > used_end) munmap(reinterpret_cast<void*>(used_end), end - used_end);
  auto* base = reinterpret_cast<char*>(aligned);
  // Slabs only: a huge block advised as huge pages took seconds on its first touch here
  // (fresh 2 MiB pages come from memory the VM's host had not backed yet), 4 KiB pages
  // a tenth of that.
  if (size == BlockAllocator::kSlabSize) madvise(base, size, MADV_HUGEPAGE);
  return base;
}

/// The bytes mapped for a huge block: whole 2 MiB pages.
size_t HugeMapSpan(size_t size) {
  return (size + BlockAllocator::kSlabSize - 1) & ~(BlockAllocator::kSlabSize - 1);
}

}  // namespace

BlockAllocator::BlockAllocator() : limit_(DefaultLimit()) {
  cached_.reserve(kCachedSlabLimit);
  cold_.reserve(kColdSlabLimit);
}

size_t BlockAllocator::DefaultLimit() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<size_t>(static_cast<double>(pages) * static_cast<double>(page_size) * 0.8);
}

void BlockAllocator::SetLimit(size_t bytes) {
  std::lock_guard<std::mutex> guard(lock_);
  limit_ = bytes;
}

size_t BlockAllocator::Limit() const {
  std::lock_guard<std::mutex> guard(lock_);
  return limit_;
}

void BlockAllocator::CheckLimit(size_t bytes) const {
  if (limit_ == 0 || bytes_in_use_ + bytes <= limit_) return;
  throw OutOfMemoryError(fmt::format(
      "the memory_limit of {} is reached ({} in use, {} more needed); raise it with SET "
      "memory_limit = '…'",
      FormatByteSize(limit_), FormatByteSize(bytes_in_use_), FormatByteSize(bytes)));
}

BlockAllocator& BlockAllocator::Instance() {
  static BlockAllocator* instance = new BlockAllocator();
  return *instance;
}

void BlockAllocator::Link(Slab* slab) {
  TEAL_ASSERT(!slab->linked);
  Slab*& head = with_room_[slab->size_class];
  slab->prev = nullptr;
  slab->next = head;
  if (head) head->prev = slab;
  head = slab;
  slab->linked = true;
}

void BlockAllocator::Unlink(Slab* slab) {
  TEAL_ASSERT(slab->linked);
  if (slab->prev) {
    slab->prev->next = slab->next;
  } else {
    with_room_[slab->size_class] = slab->next;
  }
  if (slab->next) slab->next->prev = slab->prev;
  slab->prev = slab->next = nullptr;
  slab->linked = false;
}

BlockAllocator::Slab* BlockAllocator::SlabWithRoom(int size_class) {
  if (Slab* slab = with_room_[size_class]) return slab;
  Slab* slab;
  if (!cached_.empty()) {
    slab = cached_.back();
    cached_.pop_back();
  } else if (!cold_.empty()) {
    slab = cold_.back();
    cold_.pop_back();
  } else {
    char* base = MapAligned(kSlabSize, kSlabSize);
    std::unique_ptr<Slab> owned;
    try {
      owned = std::make_unique<Slab>();
      // Room for every block of the smallest class, so Free never allocates.
      owned->returned.reserve(kSlabSize / kMinBlockSize);
    } catch (const std::bad_alloc&) {
      munmap(base, kSlabSize);
      ThrowSystemOutOfMemory(sizeof(Slab));
    }
    owned->base = base;
    slab = owned.get();
    try {
      slabs_.emplace(reinterpret_cast<uintptr_t>(base), std::move(owned));
    } catch (const std::bad_alloc&) {
      munmap(base, kSlabSize);
      ThrowSystemOutOfMemory(sizeof(Slab));
    }
    TEAL_POISON(base, kSlabSize);
  }
  slab->size_class = size_class;
  slab->block_size = kMinBlockSize << size_class;
  slab->capacity = static_cast<uint32_t>(kSlabSize / slab->block_size);
  slab->carved = 0;
  slab->live = 0;
  slab->returned.clear();
  Link(slab);
  return slab;
}

void BlockAllocator::Retire(Slab* slab) {
  Unlink(slab);
  // Neither push_back reallocates: both lists are reserved in the constructor.
  if (cached_.size() < kCachedSlabLimit) {
    cached_.push_back(slab);
    return;
  }
  if (cold_.size() < kColdSlabLimit) {
    madvise(slab->base, kSlabSize, MADV_FREE);
    cold_.push_back(slab);
    return;
  }
  char* base = slab->base;
  slabs_.erase(reinterpret_cast<uintptr_t>(base));
  TEAL_UNPOISON(base, kSlabSize);
  munmap(base, kSlabSize);
}

void* BlockAllocator::Allocate(size_t size) {
  if (size < kMinBlockSize) {
    void* small = ::operator new(std::max<size_t>(size, 1), std::nothrow);
    if (!small) ThrowSystemOutOfMemory(size);
    return small;
  }
  if (size > kMaxBlockSize) {
    {
      std::lock_guard<std::mutex> guard(lock_);
      CheckLimit(size);
      bytes_in_use_ += size;  // reserved first, so threads cannot overshoot together
    }
    // Large blocks (a sort's records, a hash table's slots, a join's build side) get a
    // mapping of their own, and a freed one is kept for the next (see Free): glibc maps
    // the larger ones too and unmaps them when freed, and faulting fresh pages in and
    // zeroing them again took over half of a repeated 10M-row sort, and 40 % of a
    // repeated GROUP BY into 1M groups (its tables' slot arrays of 1-16 MiB).
    const size_t need = HugeMapSpan(size);
    {
      std::lock_guard<std::mutex> guard(lock_);
      if (char* reused = TakeCachedHuge(need)) return reused;
    }
    char* fresh;
    try {
      fresh = MapAligned(need, kSlabSize);
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock_);
      bytes_in_use_ -= size;
      throw;
    }
    std::lock_guard<std::mutex> guard(lock_);
    huge_spans_[reinterpret_cast<uintptr_t>(fresh)] = need;
    return fresh;
  }
  std::lock_guard<std::mutex> guard(lock_);
  CheckLimit(kMinBlockSize << SizeClass(size));
  Slab* slab = SlabWithRoom(SizeClass(size));
  uint32_t index;
  if (!slab->returned.empty()) {
    index = slab->returned.back();
    slab->returned.pop_back();
  } else {
    index = slab->carved++;
  }
  slab->live++;
  if (slab->live == slab->capacity) Unlink(slab);
  bytes_in_use_ += slab->block_size;
  char* block = slab->base + size_t{index} * slab->block_size;
  TEAL_UNPOISON(block, slab->block_size);
  return block;
}

size_t BlockAllocator::HugeCacheBudget() const {
  return limit_ == 0 ? kHugeCacheLimit : std::min(kHugeCacheLimit, limit_ / 4);
}

char* BlockAllocator::TakeCachedHuge(size_t need) {
  // The smallest cached block that fits and wastes at most half of itself.
  size_t best = huge_cache_.size();
  for (size_t i = 0; i < huge_cache_.size(); i++) {
    const size_t span = huge_cache_[i].second;
    if (span >= need && span <= 2 * need &&
        (best == huge_cache_.size() || span < huge_cache_[best].second)) {
      best = i;
    }
  }
  if (best == huge_cache_.size()) return nullptr;
  auto [block, span] = huge_cache_[best];
  huge_cache_.erase(huge_cache_.begin() + static_cast<std::ptrdiff_t>(best));
  huge_cached_ -= span;
  huge_spans_[reinterpret_cast<uintptr_t>(block)] = span;
  return block;
}

void BlockAllocator::Free(void* block, size_t size) noexcept {
  if (!block) return;
  if (size < kMinBlockSize) {
    ::operator delete(block);
    return;
  }
  if (size >= kHugeMapSize) {
    std::lock_guard<std::mutex> guard(lock_);
    bytes_in_use_ -= size;
    auto it = huge_spans_.find(reinterpret_cast<uintptr_t>(block));
    TEAL_ASSERT(it != huge_spans_.end());
    const size_t span = it->second;
    huge_spans_.erase(it);
    if (huge_cached_ + span <= HugeCacheBudget()) {
      huge_cache_.push_back({static_cast<char*>(block), span});
      huge_cached_ += span;
    } else {
      munmap(block, span);
    }
    return;
  }
  std::lock_guard<std::mutex> guard(lock_);
  auto address = reinterpret_cast<uintptr_t>(block);
  auto it = slabs_.find(address & ~(kSlabSize - 1));
  TEAL_ASSERT(it != slabs_.end());
  Slab* slab = it->second.get();
  TEAL_ASSERT(slab->size_class == SizeClass(size));
  auto index = static_cast<uint32_t>((address & (kSlabSize - 1)) / slab->block_size);
  TEAL_POISON(block, slab->block_size);
  bytes_in_use_ -= slab->block_size;
  slab->live--;
  if (slab->live == 0) {
    if (!slab->linked) Link(slab);
    Retire(slab);
    return;
  }
  if (index + 1 == slab->carved) {
    slab->carved--;  // the most recent block: no bookkeeping needed
  } else {
    slab->returned.push_back(index);  // never reallocates: reserved for the smallest class
  }
  if (!slab->linked) Link(slab);
}

BlockAllocator::Stats BlockAllocator::GetStats() const {
  std::lock_guard<std::mutex> guard(lock_);
  return {bytes_in_use_, slabs_.size(), cached_.size(), cold_.size()};
}

std::shared_ptr<data_t[]> AllocateSharedBuffer(size_t size) {
  auto* p = static_cast<data_t*>(BlockAllocator::Instance().Allocate(size));
  try {
    return std::shared_ptr<data_t[]>(
        p, [size](data_t* q) { BlockAllocator::Instance().Free(q, size); });
  } catch (...) {
    BlockAllocator::Instance().Free(p, size);
    throw;
  }
}

}  // namespace teal
