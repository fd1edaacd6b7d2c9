// Chunk: the public read view over a flat DataChunk; StorageTagOf; Uuid.
#include "teal/chunk.hpp"

#include <fmt/format.h>

#include "types/uuid.hpp"
#include "vector/data_chunk.hpp"

namespace teal {

StorageTag StorageTagOf(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kBoolean:
      return StorageTag::kBool;
    case TypeId::kTinyInt:
      return StorageTag::kInt8;
    case TypeId::kSmallInt:
      return StorageTag::kInt16;
    case TypeId::kInteger:
      return StorageTag::kInt32;
    case TypeId::kBigInt:
      return StorageTag::kInt64;
    case TypeId::kUTinyInt:
      return StorageTag::kUInt8;
    case TypeId::kUSmallInt:
      return StorageTag::kUInt16;
    case TypeId::kUInteger:
      return StorageTag::kUInt32;
    case TypeId::kUBigInt:
      return StorageTag::kUInt64;
    case TypeId::kHugeInt:
      return StorageTag::kHugeInt;
    case TypeId::kUHugeInt:
      return StorageTag::kUHugeInt;
    case TypeId::kFloat:
      return StorageTag::kFloat;
    case TypeId::kDouble:
      return StorageTag::kDouble;
    case TypeId::kVarchar:
    case TypeId::kBlob:
      return StorageTag::kString;
    case TypeId::kDate:
      return StorageTag::kDate;
    case TypeId::kTime:
      return StorageTag::kTime;
    case TypeId::kTimeTz:
      return StorageTag::kTimeTz;
    case TypeId::kTimestamp:
      return StorageTag::kTimestamp;
    case TypeId::kTimestampS:
      return StorageTag::kTimestampS;
    case TypeId::kTimestampMs:
      return StorageTag::kTimestampMs;
    case TypeId::kTimestampNs:
      return StorageTag::kTimestampNs;
    case TypeId::kTimestampTz:
      return StorageTag::kTimestampTz;
    case TypeId::kInterval:
      return StorageTag::kInterval;
    default:
      return StorageTag::kNone;
  }
}

Chunk::Chunk(const DataChunk& chunk) : chunk_(&chunk), count_(chunk.size()) {
  columns_.reserve(chunk.ColumnCount());
  for (const auto& vector : chunk.data) {
    ColumnData c;
    c.data = vector.Data();
    c.validity = ValidityView(vector.Validity().Data());
    c.tag = StorageTagOf(vector.Type());
    c.type = &vector.Type();
    columns_.push_back(c);
  }
}

Value Chunk::GetValue(idx_t column, idx_t row) const {
  At(column);
  if (row >= count_) {
    throw InvalidInputError(fmt::format("row {} is outside the chunk of {} rows", row, count_));
  }
  return chunk_->GetValue(column, row);
}

void Chunk::ThrowColumnOutOfRange(idx_t column) const {
  throw InvalidInputError(
      fmt::format("column {} does not exist: the result has {} columns", column, columns_.size()));
}

void Chunk::ThrowTypeMismatch(idx_t column, const char* cpp_type) const {
  throw InvalidInputError(fmt::format(
      "column {} is {}; its values cannot be viewed as {} (read them through a Reader to convert)",
      column, columns_[column].type->ToString(), cpp_type));
}

std::string Uuid::ToString() const {
  uint64_t upper = 0, lower = 0;
  for (int i = 0; i < 8; i++) upper = (upper << 8) | bytes[i];
  for (int i = 8; i < 16; i++) lower = (lower << 8) | bytes[i];
  hugeint_t stored;
  stored.upper = static_cast<int64_t>(upper ^ (uint64_t(1) << 63));
  stored.lower = lower;
  return UuidToString(stored);
}

Uuid Uuid::Parse(std::string_view text) {
  hugeint_t stored;
  if (!ParseUuid(text, stored)) {
    throw ConversionError(fmt::format("could not convert \"{}\" to UUID", text));
  }
  Uuid uuid;
  uint64_t upper = static_cast<uint64_t>(stored.upper) ^ (uint64_t(1) << 63);
  for (int i = 7; i >= 0; i--, upper >>= 8) uuid.bytes[i] = static_cast<uint8_t>(upper);
  uint64_t lower = stored.lower;
  for (int i = 15; i >= 8; i--, lower >>= 8) uuid.bytes[i] = static_cast<uint8_t>(lower);
  return uuid;
}

}  // namespace teal
