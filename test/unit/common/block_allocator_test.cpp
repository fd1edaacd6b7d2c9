// BlockAllocator: size classes, reuse, slab caching and release, large blocks, threads.
#include "common/block_allocator.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <thread>
#include <vector>

#include "teal/error.hpp"

namespace teal {
namespace {

BlockAllocator& Alloc() { return BlockAllocator::Instance(); }

TEST(BlockAllocatorTest, PooledBlocksAreAlignedToTheirRoundedSizeAndCounted) {
  size_t before = Alloc().GetStats().bytes_in_use;
  std::vector<std::pair<void*, size_t>> blocks;
  for (size_t size :
       {size_t{2048}, size_t{3000}, size_t{4096}, size_t{32768}, size_t{65536}, size_t{1} << 20}) {
    void* p = Alloc().Allocate(size);
    size_t rounded = std::bit_ceil(size);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % rounded, 0u) << size;
    std::memset(p, 0xAB, size);  // the whole requested size is writable
    blocks.emplace_back(p, size);
  }
  EXPECT_EQ(Alloc().GetStats().bytes_in_use,
            before + 2048 + 4096 + 4096 + 32768 + 65536 + (size_t{1} << 20));
  for (auto [p, size] : blocks) Alloc().Free(p, size);
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
}

TEST(BlockAllocatorTest, SmallRequestsBypassThePool) {
  size_t before = Alloc().GetStats().bytes_in_use;
  void* p = Alloc().Allocate(100);
  std::memset(p, 1, 100);
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
  Alloc().Free(p, 100);
  void* zero = Alloc().Allocate(0);
  EXPECT_NE(zero, nullptr);
  Alloc().Free(zero, 0);
  Alloc().Free(nullptr, 4096);  // a no-op, like delete of nullptr
}

TEST(BlockAllocatorTest, AFreedBlockIsHandedOutAgainBeforeFreshOnes) {
  void* keep = Alloc().Allocate(16384);  // holds the slab open
  void* a = Alloc().Allocate(16384);
  void* b = Alloc().Allocate(16384);
  Alloc().Free(a, 16384);
  void* c = Alloc().Allocate(16384);
  EXPECT_EQ(c, a);
  Alloc().Free(b, 16384);  // the most recent block
  void* d = Alloc().Allocate(16384);
  EXPECT_EQ(d, b);
  for (void* p : {keep, c, d}) Alloc().Free(p, 16384);
}

TEST(BlockAllocatorTest, EmptySlabsAreCachedUpToTheLimitAndServeAnyClass) {
  // Fill more slabs than the cache keeps as they are, with 1 MiB blocks (two per slab).
  const size_t slabs = BlockAllocator::kCachedSlabLimit + 8;
  std::vector<void*> blocks;
  for (size_t i = 0; i < 2 * slabs; i++) blocks.push_back(Alloc().Allocate(size_t{1} << 20));
  BlockAllocator::Stats full = Alloc().GetStats();
  for (void* p : blocks) Alloc().Free(p, size_t{1} << 20);
  BlockAllocator::Stats freed = Alloc().GetStats();
  EXPECT_EQ(freed.cached_slabs, BlockAllocator::kCachedSlabLimit);
  EXPECT_GE(freed.cold_slabs, 8u);  // the rest: kept, their pages left to the kernel
  EXPECT_EQ(freed.slabs, full.slabs);
  // A cached slab now serves another size class without mapping a new one.
  void* small = Alloc().Allocate(8192);
  BlockAllocator::Stats after = Alloc().GetStats();
  EXPECT_EQ(after.slabs, freed.slabs);
  EXPECT_EQ(after.cached_slabs, freed.cached_slabs - 1);
  Alloc().Free(small, 8192);
  // Cold slabs are used again too: still no new mapping.
  blocks.clear();
  for (size_t i = 0; i < 2 * slabs; i++) blocks.push_back(Alloc().Allocate(size_t{1} << 20));
  EXPECT_EQ(Alloc().GetStats().slabs, freed.slabs);
  for (void* p : blocks) Alloc().Free(p, size_t{1} << 20);
}

TEST(BlockAllocatorTest, RequestsAboveTheLargestClassAreCountedToo) {
  size_t before = Alloc().GetStats().bytes_in_use;
  for (size_t size : {(size_t{1} << 20) + 1, size_t{5} << 20, (size_t{2} << 20) + 12345}) {
    auto* p = static_cast<unsigned char*>(Alloc().Allocate(size));
    p[0] = 1;
    p[size - 1] = 2;
    EXPECT_EQ(p[0] + p[size - 1], 3);
    EXPECT_GE(Alloc().GetStats().bytes_in_use, before + size);
    Alloc().Free(p, size);
    EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
  }
}

TEST(BlockAllocatorTest, HugeRequestsGetAMappingOfTheirOwnKeptForTheNext) {
  size_t before = Alloc().GetStats().bytes_in_use;
  {
    // Freed, a huge block serves the next request of about its size.
    void* first = Alloc().Allocate(BlockAllocator::kHugeMapSize + 100);
    Alloc().Free(first, BlockAllocator::kHugeMapSize + 100);
    void* again = Alloc().Allocate(BlockAllocator::kHugeMapSize);
    EXPECT_EQ(again, first);
    Alloc().Free(again, BlockAllocator::kHugeMapSize);
    // Also past 1 MiB only (a hash table's slots): repeated queries reuse the pages.
    void* slots = Alloc().Allocate(size_t{5} << 20);
    Alloc().Free(slots, size_t{5} << 20);
    EXPECT_EQ(Alloc().Allocate(size_t{5} << 20), slots);
    Alloc().Free(slots, size_t{5} << 20);
  }
  for (size_t size : {BlockAllocator::kHugeMapSize, (size_t{40} << 20) + 123}) {
    auto* p = static_cast<unsigned char*>(Alloc().Allocate(size));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % BlockAllocator::kSlabSize, 0u);
    std::memset(p, 7, size);  // every byte is there
    EXPECT_EQ(p[0] + p[size - 1], 14);
    EXPECT_EQ(Alloc().GetStats().bytes_in_use, before + size);
    Alloc().Free(p, size);
    EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
  }
  size_t saved = Alloc().Limit();
  Alloc().SetLimit(before + (size_t{16} << 20));
  EXPECT_THROW(Alloc().Allocate(size_t{32} << 20), OutOfMemoryError);
  Alloc().SetLimit(saved);
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
}

TEST(BlockAllocatorTest, SharedBufferReturnsItsBlockWithTheLastOwner) {
  size_t before = Alloc().GetStats().bytes_in_use;
  std::shared_ptr<data_t[]> a = AllocateSharedBuffer(32768);
  std::shared_ptr<data_t[]> b = a;
  a.reset();
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before + 32768);
  b.reset();
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
}

TEST(BlockAllocatorTest, OwnedBlockMovesOwnership) {
  size_t before = Alloc().GetStats().bytes_in_use;
  {
    OwnedBlock a(65536);
    char* data = a.get();
    OwnedBlock b(std::move(a));
    EXPECT_EQ(b.get(), data);
    EXPECT_EQ(b.size(), 65536u);
    OwnedBlock c(4096);
    c = std::move(b);
    EXPECT_EQ(c.get(), data);
    EXPECT_EQ(Alloc().GetStats().bytes_in_use, before + 65536);
  }
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
}

TEST(BlockAllocatorTest, ThreadsAllocateAndFreeConcurrently) {
  size_t before = Alloc().GetStats().bytes_in_use;
  auto work = [](unsigned char tag) {
    std::vector<unsigned char*> mine;
    for (int round = 0; round < 50; round++) {
      for (int i = 0; i < 40; i++) {
        auto* p = static_cast<unsigned char*>(Alloc().Allocate(4096 << (i % 4)));
        std::memset(p, tag, 4096);
        mine.push_back(p);
      }
      for (size_t i = 0; i < mine.size(); i++) {
        ASSERT_EQ(mine[i][0], tag);
        ASSERT_EQ(mine[i][4095], tag);
        Alloc().Free(mine[i], 4096 << (i % 4));
      }
      mine.clear();
    }
  };
  std::thread t1(work, 1), t2(work, 2);
  t1.join();
  t2.join();
  EXPECT_EQ(Alloc().GetStats().bytes_in_use, before);
}

}  // namespace
}  // namespace teal

namespace teal {

TEST(BlockAllocatorLimitTest, AllocationsPastTheLimitFailAndChangeNothing) {
  BlockAllocator& alloc = BlockAllocator::Instance();
  size_t saved = alloc.Limit();
  size_t in_use = alloc.GetStats().bytes_in_use;
  alloc.SetLimit(in_use + 64 * 1024);
  void* fits = alloc.Allocate(64 * 1024);
  EXPECT_THROW(alloc.Allocate(2048), OutOfMemoryError);
  EXPECT_THROW(alloc.Allocate(4u << 20), OutOfMemoryError);  // above the largest class
  EXPECT_EQ(alloc.GetStats().bytes_in_use, in_use + 64 * 1024);
  void* small = alloc.Allocate(100);  // below the pooled sizes: not counted
  alloc.Free(small, 100);
  alloc.Free(fits, 64 * 1024);
  void* again = alloc.Allocate(32 * 1024);  // room again once freed
  alloc.Free(again, 32 * 1024);
  alloc.SetLimit(saved);
  EXPECT_EQ(alloc.GetStats().bytes_in_use, in_use);
}

TEST(BlockAllocatorLimitTest, TheSystemRunningOutIsOutOfMemoryErrorNotBadAlloc) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reports an impossible allocation instead of failing it";
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer reports an impossible allocation instead of failing it";
#endif
#endif
  BlockAllocator& alloc = BlockAllocator::Instance();
  size_t saved = alloc.Limit();
  size_t in_use = alloc.GetStats().bytes_in_use;
  alloc.SetLimit(0);  // no limit: only the system can refuse
  // Far more than any machine has (and than the address space allows).
  constexpr size_t kHuge = size_t{1} << 62;
  try {
    void* p = alloc.Allocate(kHuge);
    alloc.Free(p, kHuge);
    ADD_FAILURE() << "an allocation of 4 EiB succeeded";
  } catch (const OutOfMemoryError& error) {
    EXPECT_NE(std::string(error.what()).find("the system could not provide"), std::string::npos)
        << error.what();
  }
  alloc.SetLimit(saved);
  EXPECT_EQ(alloc.GetStats().bytes_in_use, in_use);  // the reservation was given back
}

}  // namespace teal
