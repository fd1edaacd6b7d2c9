// Result: streaming and materialised access to a statement's rows.
#include "teal/result.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "main/api_boundary.hpp"
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

Result::Result(StatementType type, std::vector<std::string> names, std::vector<LogicalType> types,
               std::unique_ptr<ResultStream> stream)
    : type_(type), names_(std::move(names)), types_(std::move(types)), stream_(std::move(stream)) {}

Result::Result(Result&&) noexcept = default;
Result& Result::operator=(Result&&) noexcept = default;
Result::~Result() = default;

bool Result::ReturnsRows() const {
  if (returning_) return true;
  switch (type_) {
    case StatementType::kSelect:
    case StatementType::kPragma:
    case StatementType::kExplain:
      return true;
    default:
      return false;
  }
}

namespace {
void CheckColumn(std::string_view call, idx_t column, idx_t count) {
  if (column >= count) {
    throw InvalidInputError(fmt::format(
        "Result::{}: column {} does not exist: the result has {} columns (numbered from 0)", call,
        column, count));
  }
}
}  // namespace

const std::string& Result::ColumnName(idx_t column) const {
  CheckColumn("ColumnName", column, names_.size());
  return names_[column];
}

const LogicalType& Result::ColumnType(idx_t column) const {
  CheckColumn("ColumnType", column, types_.size());
  return types_[column];
}

std::unique_ptr<DataChunk> Result::NextFromStream(std::string_view call) const {
  if (failure_) std::rethrow_exception(failure_);
  try {
    return AtApiBoundary(call, [&] {
      std::unique_ptr<DataChunk> next;
      while ((next = stream_->Next()) && next->size() == 0) {
      }
      return next;
    });
  } catch (...) {
    // The executor's state is unknown after a failure: end the stream.
    failure_ = std::current_exception();
    stream_.reset();
    consumed_ = true;
    throw;
  }
}

const Chunk* Result::NextChunk() {
  if (failure_) std::rethrow_exception(failure_);
  if (stream_) {
    std::unique_ptr<DataChunk> next = NextFromStream("Result::NextChunk");
    if (!next) {
      stream_.reset();
      current_.reset();
      consumed_ = true;
      return nullptr;
    }
    AtApiBoundary("Result::NextChunk", [&] { next->Flatten(); });
    current_ = std::move(next);
    consumed_ = true;
    view_ = Chunk(*current_);
    return &view_;
  }
  if (consumed_ || next_chunk_ >= chunks_.size()) return nullptr;
  view_ = Chunk(*chunks_[next_chunk_++]);
  return &view_;
}

void Result::Rewind() {
  if (!stream_ && !consumed_) next_chunk_ = 0;
}

void Result::Materialize() const {
  if (failure_) std::rethrow_exception(failure_);
  if (!stream_) {
    if (consumed_) {
      throw InvalidInputError("the result was read as a stream; its rows are no longer available");
    }
    return;
  }
  if (consumed_) {
    throw InvalidInputError("the result was partly read as a stream and cannot be materialised");
  }
  try {
    while (auto chunk = NextFromStream("Result::Materialize")) {
      AtApiBoundary("Result::Materialize", [&] {
        // Copy: a streamed chunk may reference table storage that later writes change.
        auto owned = std::make_unique<DataChunk>(types_, std::max<idx_t>(chunk->size(), 1));
        owned->Append(*chunk);
        chunk_starts_.push_back(row_count_);
        chunks_.push_back(std::move(owned));
      });
      row_count_ += chunks_.back()->size();
    }
  } catch (...) {
    // A row may be lost: never let a later read see a result that looks complete.
    failure_ = std::current_exception();
    stream_.reset();
    throw;
  }
  stream_.reset();
}

idx_t Result::RowCount() const {
  Materialize();
  return row_count_;
}

const std::vector<std::unique_ptr<DataChunk>>& Result::Chunks() const {
  Materialize();
  return chunks_;
}

Value Result::GetValue(idx_t column, idx_t row) const {
  Materialize();
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
    case StatementType::kInvalid:
      return "INVALID";
    case StatementType::kSelect:
      return "SELECT";
    case StatementType::kInsert:
      return "INSERT";
    case StatementType::kUpdate:
      return "UPDATE";
    case StatementType::kDelete:
      return "DELETE";
    case StatementType::kCreate:
      return "CREATE";
    case StatementType::kDrop:
      return "DROP";
    case StatementType::kAlter:
      return "ALTER";
    case StatementType::kPragma:
      return "PRAGMA";
    case StatementType::kSet:
      return "SET";
    case StatementType::kExplain:
      return "EXPLAIN";
    case StatementType::kTransaction:
      return "TRANSACTION";
    case StatementType::kPrepare:
      return "PREPARE";
    case StatementType::kExecute:
      return "EXECUTE";
    case StatementType::kDeallocate:
      return "DEALLOCATE";
    case StatementType::kCopy:
      return "COPY";
    case StatementType::kAttach:
      return "ATTACH";
    case StatementType::kDetach:
      return "DETACH";
    case StatementType::kUse:
      return "USE";
    case StatementType::kMerge:
      return "MERGE";
    case StatementType::kExport:
      return "EXPORT";
    case StatementType::kImport:
      return "IMPORT";
    case StatementType::kVacuum:
      return "VACUUM";
  }
  return "INVALID";
}

}  // namespace teal
