// Checksum: XXH3 from the header-only build of xxHash — inlined here, and never the copy
// of older xxHash functions that another library (libpg_query) exports under the same names.
#include "storage/checksum.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <new>

namespace teal {

uint64_t Checksum(const void* data, size_t bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(data, bytes, seed);
}

ChecksumBuilder::ChecksumBuilder(uint64_t seed) : state_(XXH3_createState()) {
  if (!state_) throw std::bad_alloc();
  XXH3_64bits_reset_withSeed(static_cast<XXH3_state_t*>(state_), seed);
}

ChecksumBuilder::~ChecksumBuilder() { XXH3_freeState(static_cast<XXH3_state_t*>(state_)); }

void ChecksumBuilder::Add(const void* data, size_t bytes) {
  XXH3_64bits_update(static_cast<XXH3_state_t*>(state_), data, bytes);
}

uint64_t ChecksumBuilder::Digest() const {
  return XXH3_64bits_digest(static_cast<const XXH3_state_t*>(state_));
}

uint64_t Checksum(const void* first, size_t first_bytes, const void* second, size_t second_bytes,
                  uint64_t seed) {
  XXH3_state_t state;
  XXH3_INITSTATE(&state);
  XXH3_64bits_reset_withSeed(&state, seed);
  XXH3_64bits_update(&state, first, first_bytes);
  XXH3_64bits_update(&state, second, second_bytes);
  return XXH3_64bits_digest(&state);
}

}  // namespace teal
