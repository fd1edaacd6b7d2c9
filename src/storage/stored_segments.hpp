// Stored segments: what the last checkpoint wrote of a row group — each column's vectors,
// the method each was compressed with (storage/segment_codec.hpp) and where its bytes lie
// in the database file — kept beside the row group for pragma_storage_info.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "storage/segment_codec.hpp"

namespace teal {

/// One column's encoding of one run of the checkpoint image (up to kVectorSize rows).
struct StoredVector {
  SegmentEncoding encoding;
  uint64_t first_row = 0;  // the run's first row id
  uint32_t rows = 0;       // the rows it holds: those of the run the checkpoint saw
  uint32_t bytes = 0;      // its encoding's size
  uint64_t offset = 0;     // where the encoding starts in the image's byte stream
};

struct StoredRowGroup {
  /// RowGroup::changes when the checkpoint read the group: the record describes the rows
  /// only while the group's count stays so and no vector of it has versions.
  uint64_t changes = 0;
  /// columns[c]: column c's vectors in row order (none when the checkpoint saw no row).
  std::vector<std::vector<StoredVector>> columns;
  /// The blocks of the image, in stream order: byte offset o of the stream lies in block
  /// chain[o / kBlockPayload] at o % kBlockPayload.
  std::shared_ptr<const std::vector<uint64_t>> chain;
};

}  // namespace teal
