// Checksum: the one checksum of Teal's persistent formats (write-ahead log frames and
// headers, database file headers and blocks): XXH3's 64-bit hash with a seed (xxHash's
// fastest; the formats that use it name it in their specifications).
#pragma once

#include <cstddef>
#include <cstdint>

namespace teal {

/// XXH3_64bits_withSeed of `bytes` bytes at `data`.
uint64_t Checksum(const void* data, size_t bytes, uint64_t seed);
/// The checksum of `first` then `second` (as if they were one run of bytes).
uint64_t Checksum(const void* first, size_t first_bytes, const void* second, size_t second_bytes,
                  uint64_t seed);

/// The checksum of bytes that come in pieces: Add each, then Digest (the same value as
/// Checksum of them as one run).
class ChecksumBuilder {
 public:
  explicit ChecksumBuilder(uint64_t seed);
  ~ChecksumBuilder();
  ChecksumBuilder(const ChecksumBuilder&) = delete;
  ChecksumBuilder& operator=(const ChecksumBuilder&) = delete;
  void Add(const void* data, size_t bytes);
  uint64_t Digest() const;

 private:
  void* state_;  // an XXH3_state_t
};

}  // namespace teal
