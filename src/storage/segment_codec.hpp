// Segment codec: how a checkpoint compresses one column's vector of rows — the best of
// constant, run-length (RLE), frame-of-reference bitpacking and dictionary, chosen from
// the values (DESIGN.md, "Storage") — and reads it back.
//
// Encoding (integers little-endian). The reader knows the logical type (from the schema)
// and the row count (from the run that holds the encoding):
//   u8 method (Compression), then
//   kUncompressed: the vector codec's encoding (storage/vector_codec.hpp)
//   any other method: u8 validity (0: no row is NULL; 1: a bitmap of ceil(count / 8) bytes
//     follows, bit r % 8 of byte r / 8 set = row r valid; 2: every row is NULL; 3: a
//     roaring container of the valid rows follows, storage/roaring_container.hpp), then
//     kConstant    the one value (fixed width: its bytes as in a vector; VARCHAR: u32 n and
//                  n bytes); nothing when every row is NULL
//     kRle         u32 runs, runs × value, runs × u16 length (fixed width, not nested).
//                  A NULL row belongs to the run before it (the first run for leading ones)
//     kBitPacking  integer types of up to 64 bits (INTEGER, BIGINT, DATE, TIMESTAMP,
//                  DECIMAL(≤18), ENUM, …); u8 mode, then
//                  FOR (0): the frame (the smallest valid value, as in a vector), u8 bits,
//                    ceil(count × bits / 64) u64 words: bits [r × bits, r × bits + bits)
//                    hold row r's value minus the frame (0 for NULL rows)
//                  DELTA_FOR (1): row 0's value (as in a vector), u64 the delta frame (the
//                    smallest difference of a row's value and the one before, as a 64-bit
//                    two's complement), u8 bits, then count - 1 differences minus the frame
//                    packed as FOR packs values. A NULL row repeats the value before it
//                    (leading NULLs the first valid one), a difference of 0
//     kDictionary  u32 n, n strings (u32 length, bytes), u8 bits, then the rows' indexes into
//                  them packed as kBitPacking packs values (VARCHAR, BLOB)
//     kRoaring     a roaring container of the true rows (BOOLEAN; NULL rows are not in it)
// A vector with some NULLs keeps them as a bitmap or, when smaller (or force_compression
// is roaring), as a roaring container.
// LIST and STRUCT columns are always kUncompressed. Reading checks the method against
// the type and every count, width and index against its bounds: bytes that do not check
// out are an IOError naming `what`, never a crash.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "vector/vector.hpp"

namespace teal {

enum class Compression : uint8_t {
  kUncompressed = 0,
  kConstant = 1,
  kRle = 2,
  kBitPacking = 3,
  kDictionary = 4,
  kRoaring = 5,
};

/// How a segment's NULLs are kept.
enum class ValidityKind : uint8_t { kAllValid = 0, kBitmap = 1, kAllNull = 2, kRoaring = 3 };

/// DuckDB's name of the method (pragma_storage_info's compression column): Uncompressed,
/// Constant, RLE, BitPacking, Dictionary, Roaring.
std::string_view CompressionName(Compression compression);

/// The method the force_compression setting names (case-insensitive), or nullopt for
/// 'auto' and for the names of DuckDB's methods Teal does not have (fsst, alp, chimp, …):
/// those choose as auto does, as DuckDB does when a forced method does not fit a column.
std::optional<Compression> ForcedCompression(std::string_view setting);

/// force_bitpacking_mode: which kBitPacking mode a vector takes. kConstant and
/// kConstantDelta are FOR and DELTA_FOR where those need no bits (every value, or every
/// difference, the same), and the smaller mode where they do not.
enum class BitPackingMode : uint8_t { kAuto, kFor, kDeltaFor, kConstant, kConstantDelta };

/// The mode force_bitpacking_mode names (auto, for, delta_for, constant, constant_delta;
/// case-insensitive), or nullopt for another name.
std::optional<BitPackingMode> ParseBitPackingMode(std::string_view setting);

/// What a checkpoint asks of EncodeSegment: a method where it fits (nullopt: the smallest)
/// and a bitpacking mode.
struct CompressionChoice {
  CompressionChoice() = default;
  CompressionChoice(std::nullopt_t) {}                       // NOLINT: the automatic choice
  CompressionChoice(Compression forced) : method(forced) {}  // NOLINT
  CompressionChoice(std::optional<Compression> forced, BitPackingMode mode = BitPackingMode::kAuto)
      : method(forced), bitpacking(mode) {}  // NOLINT

  std::optional<Compression> method;
  BitPackingMode bitpacking = BitPackingMode::kAuto;
};

/// What an encoding chose: its method, how its NULLs are kept, and the method's size
/// parameter (bits per row for kBitPacking and kDictionary; runs for kRle; entries for
/// kDictionary's dictionary; whether kBitPacking packed differences).
struct SegmentEncoding {
  Compression compression = Compression::kUncompressed;
  ValidityKind validity = ValidityKind::kAllValid;
  uint8_t bits = 0;
  uint32_t entries = 0;
  bool delta = false;
};

/// Appends the encoding of rows [0, count) of `vector` (flat or constant; count at most
/// 65,535) to `out`: `forced.method` when it applies to the values (kConstant needs one value,
/// kRle fixed-width values, kBitPacking integers, kDictionary strings, kRoaring booleans
/// — and keeps the NULLs of any type), else the method that takes the fewest bytes.
SegmentEncoding EncodeSegment(const Vector& vector, idx_t count, const CompressionChoice& forced,
                              std::string& out);

/// Reads `count` rows encoded by EncodeSegment from the front of `in` (advancing it) into
/// rows [0, count) of `out`, a flat vector of the encoded type with room for `count` rows
/// and all rows valid. Throws IOError naming `what` when the bytes do not check out.
SegmentEncoding DecodeSegment(std::string_view& in, idx_t count, Vector& out,
                              std::string_view what);

}  // namespace teal
