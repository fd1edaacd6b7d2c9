// Byte sizes as people write them in settings: '2GB', '512MiB', '1.5 gb', '1048576'.
//
// Decimal units (KB, MB, GB, TB = powers of 1000) and binary ones (KiB, MiB, GiB, TiB =
// powers of 1024), case-insensitive, with an optional space; a bare number (or B, bytes)
// is bytes. Fractions are allowed and rounded down to whole bytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace teal {

/// The number of bytes `text` stands for. Throws InvalidInputError naming `setting` and
/// the text when it is not a size, OutOfRangeError when it is negative or above 2^63 bytes.
uint64_t ParseByteSize(std::string_view text, std::string_view setting);

/// `bytes` in the largest binary unit that keeps it at least 1, one decimal: "1.5 GiB",
/// "512.0 MiB", "0 bytes".
std::string FormatByteSize(uint64_t bytes);

}  // namespace teal
