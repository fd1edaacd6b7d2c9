// Roaring container: a set of row positions below 65,536 — a vector's valid rows, or a
// BOOLEAN vector's true rows — in the smallest of Roaring's container forms (Chambi,
// Lemire et al., "Better bitmap performance with Roaring bitmaps"): an array of the
// positions in the set or of those outside it, runs of the set or of its complement, or a
// plain bitmap. One container covers a whole vector (kVectorSize ≤ 65,536 rows).
//
// Encoding (little-endian), for `count` rows known to the reader:
//   u8 form, then
//     0 kArray         u16 n, n × u16 positions in the set (ascending)
//     1 kInvertedArray u16 n, n × u16 positions not in the set (ascending)
//     2 kRuns          u16 n, n × (u16 start, u16 length) runs of the set (ascending,
//                      apart, length ≥ 1)
//     3 kInvertedRuns  the same, of positions not in the set
//     4 kBitmap        ceil(count / 8) bytes: bit r % 8 of byte r / 8 set = r in the set
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"

namespace teal {

/// Bytes the smallest form of the set takes: `in_set[r]` for r < count (count ≤ 65,535).
idx_t RoaringSize(const std::vector<bool>& in_set);

/// Appends the smallest form of the set.
void PutRoaring(const std::vector<bool>& in_set, std::string& out);

/// Reads a container of `count` rows from the front of `in` (advancing it) into `in_set`.
/// Throws IOError naming `what` when the bytes do not check out.
void ReadRoaring(std::string_view& in, idx_t count, std::string_view what,
                 std::vector<bool>& in_set);

}  // namespace teal
