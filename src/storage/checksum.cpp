// Checksum: XXH3 from the header-only build of xxHash — inlined here, and never the copy
// of older xxHash functions that another library (libpg_query) exports under the same names.
#include "storage/checksum.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace teal {

uint64_t Checksum(const void* data, size_t bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(data, bytes, seed);
}

uint64_t Checksum(std::string_view first, std::span<const std::string_view> rest, uint64_t seed) {
  XXH3_state_t state;  // on the stack: a commit checksums every frame it writes
  XXH3_INITSTATE(&state);
  XXH3_64bits_reset_withSeed(&state, seed);
  XXH3_64bits_update(&state, first.data(), first.size());
  for (std::string_view piece : rest) XXH3_64bits_update(&state, piece.data(), piece.size());
  return XXH3_64bits_digest(&state);
}

}  // namespace teal
