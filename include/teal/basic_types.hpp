// include/teal/basic_types.hpp — index types and the vector size shared by every layer.
#pragma once

#include <cstdint>

namespace teal {

/// Row and column positions and counts.
using idx_t = uint64_t;
/// An entry of a selection vector: a row position inside one vector.
using sel_t = uint32_t;
using data_t = uint8_t;
using data_ptr_t = data_t*;
using const_data_ptr_t = const data_t*;

/// Rows in a full DataChunk / Vector.
inline constexpr idx_t kVectorSize = 2048;
inline constexpr idx_t kInvalidIndex = ~idx_t(0);

}  // namespace teal
