// Hashing for hash tables: a 64-bit mix of fixed-width values and a hash of byte strings.
//
// Both spread every input bit over the whole result, so a table may use the low bits
// for its slot and the high bits as a salt or a partition number.
#pragma once

#include <cstdint>
#include <cstring>

namespace teal {

/// MurmurHash3's 64-bit finaliser: a bijection, so distinct inputs never collide.
inline uint64_t MixHash(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

/// Folds `next` into the running hash `seed` of several values.
inline uint64_t CombineHash(uint64_t seed, uint64_t next) {
  return MixHash(seed ^ (next + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

/// A hash of `size` bytes, eight at a time.
inline uint64_t HashBytes(const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t h = 0x2545f4914f6cdd1dULL ^ (size * 0x9e3779b97f4a7c15ULL);
  while (size >= 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    h = CombineHash(h, word);
    p += 8;
    size -= 8;
  }
  if (size > 0) {
    uint64_t word = 0;
    std::memcpy(&word, p, size);
    h = CombineHash(h, word);
  }
  return h;
}

}  // namespace teal
