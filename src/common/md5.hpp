// src/common/md5.hpp — MD5 (RFC 1321), for result hashes in the sqllogictest runner
// and for the md5() SQL function. Not for security: MD5 is broken as a cryptographic hash.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace teal {

/// Incremental MD5. Feed bytes with Update (any number of times), then call Finish
/// once; after Finish the object must not be updated again. Not thread-safe.
class Md5 {
 public:
  using Digest = std::array<uint8_t, 16>;

  Md5();

  void Update(std::string_view bytes);
  /// Pads the message, returns the digest. Precondition: not called before.
  Digest Finish();

  /// The 32 lowercase hex digits of `digest`.
  static std::string ToHex(const Digest& digest);
  /// The hex digest of `bytes` in one call.
  static std::string HexOf(std::string_view bytes);

 private:
  void Transform(const uint8_t* block);

  uint32_t state_[4];
  uint64_t total_bytes_ = 0;
  uint8_t buffer_[64];  // a partial block: total_bytes_ % 64 bytes are in use
};

}  // namespace teal
