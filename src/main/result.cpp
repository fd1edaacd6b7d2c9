// Result: a materialised statement result.
#include "teal/result.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "teal/error.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

Result::Result(StatementType type, std::vector<std::string> names, std::vector<LogicalType> types,
               std::vector<std::unique_ptr<DataChunk>> chunks)
    : type_(type), names_(std::move(names)), types_(std::move(types)), chunks_(std::move(chunks)) {
  for (const auto& chunk : chunks_) {
    chunk_starts_.push_back(row_count_);
    row_count_ += chunk->size();
  }
}

Result::Result(Result&&) noexcept = default;
Result& Result::operator=(Result&&) noexcept = default;
Result::~Result() = default;

bool Result::ReturnsRows() const {
  switch (type_) {
    case StatementType::kSelect:
    case StatementType::kPragma:
    case StatementType::kExplain: return true;
    default: return false;
  }
}

Value Result::GetValue(idx_t column, idx_t row) const {
  if (column >= types_.size() || row >= row_count_) {
    throw InvalidInputError(fmt::format("result has {} columns and {} rows; ({}, {}) is outside",
                                        types_.size(), row_count_, column, row));
  }
  auto it = std::upper_bound(chunk_starts_.begin(), chunk_starts_.end(), row);
  idx_t chunk = static_cast<idx_t>(it - chunk_starts_.begin()) - 1;
  return chunks_[chunk]->GetValue(column, row - chunk_starts_[chunk]);
}

std::string_view StatementTypeName(StatementType type) {
  switch (type) {
    case StatementType::kInvalid: return "INVALID";
    case StatementType::kSelect: return "SELECT";
    case StatementType::kInsert: return "INSERT";
    case StatementType::kUpdate: return "UPDATE";
    case StatementType::kDelete: return "DELETE";
    case StatementType::kCreate: return "CREATE";
    case StatementType::kDrop: return "DROP";
    case StatementType::kAlter: return "ALTER";
    case StatementType::kPragma: return "PRAGMA";
    case StatementType::kSet: return "SET";
    case StatementType::kExplain: return "EXPLAIN";
    case StatementType::kTransaction: return "TRANSACTION";
  }
  return "INVALID";
}

}  // namespace teal
