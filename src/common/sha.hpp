// src/common/sha.hpp — SHA-1 and SHA-256 (FIPS 180-4), for the sha1() and sha256() SQL
// functions. SHA-1 is broken for collision resistance; it is here because SQL users ask
// for it by name, as for md5().
#pragma once

#include <string>
#include <string_view>

namespace teal {

/// The 40 lowercase hex digits of the SHA-1 digest of `bytes`.
std::string Sha1Hex(std::string_view bytes);
/// The 64 lowercase hex digits of the SHA-256 digest of `bytes`.
std::string Sha256Hex(std::string_view bytes);

}  // namespace teal
