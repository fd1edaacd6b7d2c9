// UUID text and stored form.
//
// Stored form (DESIGN.md: "hugeint with the top bit flipped"): read the 16 bytes of the
// UUID in text order (the 32 hex digits left to right) as one big-endian unsigned
// 128-bit number U. The stored hugeint_t is U with bit 127 flipped, taken as signed:
//   upper = int64(first 8 bytes, big-endian, XOR 0x8000000000000000)
//   lower = uint64(last 8 bytes, big-endian)
// Flipping the top bit maps unsigned order onto signed order, so comparing stored
// values as HUGEINT orders UUIDs exactly as their (lower-case) text does:
// 00000000-0000-0000-0000-000000000000 is the smallest, ffffffff-…-ffffffffffff the
// largest.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "teal/hugeint.hpp"

namespace teal {

/// Length of the canonical text, 8-4-4-4-12 hex digits with hyphens.
inline constexpr size_t kUuidTextLength = 36;

/// Accepts 32 hex digits in either case, either bare or hyphenated 8-4-4-4-12, and
/// either form wrapped in braces. No surrounding whitespace.
bool ParseUuid(std::string_view text, hugeint_t& stored);

/// The canonical lower-case hyphenated text of a stored UUID.
void FormatUuid(hugeint_t stored, char (&buffer)[kUuidTextLength]);
std::string UuidToString(hugeint_t stored);

}  // namespace teal
