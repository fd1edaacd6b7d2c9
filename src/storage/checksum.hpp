// Checksum: the one checksum of Teal's persistent formats (write-ahead log frames and
// headers, database file headers and blocks): XXH3's 64-bit hash with a seed (xxHash's
// fastest; the formats that use it name it in their specifications).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace teal {

/// XXH3_64bits_withSeed of `bytes` bytes at `data`.
uint64_t Checksum(const void* data, size_t bytes, uint64_t seed);
/// The checksum of `first`, then `rest` one after another, as if they were one run of
/// bytes (a log frame: its header's first bytes, then its payload's pieces).
uint64_t Checksum(std::string_view first, std::span<const std::string_view> rest, uint64_t seed);

}  // namespace teal
