// Vector codec: how the values of a vector are written to the write-ahead log and to data
// blocks, and read back.
//
// Encoding (version 1; integers little-endian). The reader knows the logical type (from
// the schema) and the row count (from the record or block that holds the encoding):
//   1 byte   0 = no row is NULL; 1 = a validity bitmap follows
//   bitmap   ceil(count / 8) bytes when flagged: bit r % 8 of byte r / 8 set = row r valid
//   values, by physical type:
//     fixed width (BOOLEAN … INTERVAL, HUGEINT, UUID): count × width bytes as stored in a
//       vector; NULL rows are zero
//     VARCHAR, BLOB: a 4-byte length per row (0 for NULL), then every row's bytes
//     LIST: an 8-byte length per row (0 for NULL), then the child vector's encoding of
//       (sum of the lengths) rows
// Reading checks every length against the bytes left: input that does not check out is
// an IOError naming `what` (the file and offset the bytes came from), never a crash.
#pragma once

#include <string>
#include <string_view>

#include "vector/vector.hpp"

namespace teal {

/// Appends the encoding of rows [offset, offset + count) of `vector` (flat or constant)
/// to `out`.
void EncodeVector(const Vector& vector, idx_t count, std::string& out, idx_t offset = 0);

/// EncodeVector for a writer that can send bytes from where they lie (the write-ahead log's
/// WalRecord::inserts): when the rows are fixed-width values without NULLs, appends only
/// the validity flag to `out` and returns the values' bytes in `vector` (the rest of the
/// encoding, unchanged); otherwise appends the whole encoding and returns an empty view.
std::string_view EncodeVectorInPlace(const Vector& vector, idx_t count, std::string& out,
                                     idx_t offset);

/// Reads `count` rows encoded by EncodeVector from the front of `in` (advancing it) into
/// rows [0, count) of `out`, a flat vector of the encoded type with room for `count`
/// rows. Throws IOError naming `what` when the bytes do not check out.
void DecodeVector(std::string_view& in, idx_t count, Vector& out, std::string_view what);

}  // namespace teal
