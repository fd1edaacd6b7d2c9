// The answers of statements that return no rows: a count of the rows changed (COPY,
// CREATE TABLE AS: one BIGINT column "Count", as an INSERT's), or nothing at all (DDL).
#pragma once

#include <memory>
#include <vector>

#include "teal/result.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

/// No columns, no rows: the answer of a CREATE, DROP, ATTACH, … .
inline Result EmptyResult(StatementType type) {
  return Result(type, {}, {}, std::vector<std::unique_ptr<DataChunk>>{});
}

inline Result CountResult(StatementType type, idx_t rows) {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  chunks.push_back(std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kBigInt}, 1));
  chunks[0]->data[0].SetValue(0, Value::BigInt(static_cast<int64_t>(rows)));
  chunks[0]->SetCardinality(1);
  return Result(type, {"Count"}, {LogicalType(TypeId::kBigInt)}, std::move(chunks));
}

}  // namespace teal
