// The answer of a statement that changes rows without returning them (COPY, CREATE TABLE
// AS): one BIGINT column "Count" with the number of rows, as an INSERT's.
#pragma once

#include <memory>
#include <vector>

#include "teal/result.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

inline Result CountResult(StatementType type, idx_t rows) {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  chunks.push_back(std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kBigInt}, 1));
  chunks[0]->data[0].SetValue(0, Value::BigInt(static_cast<int64_t>(rows)));
  chunks[0]->SetCardinality(1);
  return Result(type, {"Count"}, {LogicalType(TypeId::kBigInt)}, std::move(chunks));
}

}  // namespace teal
