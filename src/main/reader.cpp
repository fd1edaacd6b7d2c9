// Reader: the row cursor over a Result — chunk refresh, the per-column conversion caches,
// and the error paths of Get<T>. The hot path (Get<T>, Next) is inline in reader.hpp.
//
// A cache ("slot") is built the first time a column is read as a conversion kind within a
// chunk:
//   1. ENUM columns read as an integer (the label's index) or as text (the label) go
//      through dedicated loops: the cast rules would treat an ENUM as its label.
//   2. DECIMAL read as teal::Decimal: the unscaled values widened to int128.
//   3. Otherwise the column is cast (CastVector) to the SQL type that stores the kind, or
//      read in place when it already is that type. If the cast fails for some row, the
//      chunk is cast again row by row, and the rows that fail are recorded with their
//      messages, so that only reading such a row throws.
// Slot buffers are kept per column and reused across chunks, so a steady read allocates
// nothing per chunk once the first chunk has been converted.
#include "teal/reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "teal/error.hpp"
#include "types/decimal.hpp"
#include "types/timestamp.hpp"
#include "vector/data_chunk.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

using reader_detail::ReadKind;

double Decimal::ToDouble() const { return DecimalToDouble(unscaled, scale); }

std::string Decimal::ToString() const { return DecimalToString(unscaled, scale); }

namespace {

/// The SQL type whose stored form a kind's cache holds.
LogicalType SqlTypeOf(ReadKind kind) {
  switch (kind) {
    case ReadKind::kBool:
      return TypeId::kBoolean;
    case ReadKind::kInt8:
      return TypeId::kTinyInt;
    case ReadKind::kInt16:
      return TypeId::kSmallInt;
    case ReadKind::kInt32:
      return TypeId::kInteger;
    case ReadKind::kInt64:
      return TypeId::kBigInt;
    case ReadKind::kUInt8:
      return TypeId::kUTinyInt;
    case ReadKind::kUInt16:
      return TypeId::kUSmallInt;
    case ReadKind::kUInt32:
      return TypeId::kUInteger;
    case ReadKind::kUInt64:
      return TypeId::kUBigInt;
    case ReadKind::kHugeInt:
      return TypeId::kHugeInt;
    case ReadKind::kUHugeInt:
      return TypeId::kUHugeInt;
    case ReadKind::kFloat:
      return TypeId::kFloat;
    case ReadKind::kDouble:
      return TypeId::kDouble;
    case ReadKind::kText:
      return TypeId::kVarchar;
    case ReadKind::kDate:
      return TypeId::kDate;
    case ReadKind::kTime:
      return TypeId::kTime;
    case ReadKind::kTimeTz:
      return TypeId::kTimeTz;
    case ReadKind::kTimestamp:
      return TypeId::kTimestamp;
    case ReadKind::kTimestampS:
      return TypeId::kTimestampS;
    case ReadKind::kTimestampMs:
      return TypeId::kTimestampMs;
    case ReadKind::kTimestampNs:
      return TypeId::kTimestampNs;
    case ReadKind::kTimestampTz:
      return TypeId::kTimestampTz;
    case ReadKind::kInterval:
      return TypeId::kInterval;
    case ReadKind::kUuid:
      return TypeId::kUuid;
    case ReadKind::kDecimal:
      return TypeId::kHugeInt;
    case ReadKind::kNone:
      break;
  }
  return TypeId::kInvalid;
}

/// True when `column`'s vector already holds the numbers a cache of `target` would:
/// TIMESTAMP and TIMESTAMPTZ are both micros since the epoch (the session zone is UTC).
bool StoresSameNumbers(const LogicalType& column, const LogicalType& target) {
  if (column == target) return true;
  auto micros = [](TypeId id) { return id == TypeId::kTimestamp || id == TypeId::kTimestampTz; };
  return micros(column.Id()) && micros(target.Id());
}

/// Calls f.operator()<Stored>() with the stored type of an integer kind; false otherwise.
template <typename F>
bool DispatchIntegerKind(ReadKind kind, F&& f) {
  switch (kind) {
    case ReadKind::kInt8:
      f.template operator()<int8_t>();
      return true;
    case ReadKind::kInt16:
      f.template operator()<int16_t>();
      return true;
    case ReadKind::kInt32:
      f.template operator()<int32_t>();
      return true;
    case ReadKind::kInt64:
      f.template operator()<int64_t>();
      return true;
    case ReadKind::kUInt8:
      f.template operator()<uint8_t>();
      return true;
    case ReadKind::kUInt16:
      f.template operator()<uint16_t>();
      return true;
    case ReadKind::kUInt32:
      f.template operator()<uint32_t>();
      return true;
    case ReadKind::kUInt64:
      f.template operator()<uint64_t>();
      return true;
    case ReadKind::kHugeInt:
      f.template operator()<hugeint_t>();
      return true;
    case ReadKind::kUHugeInt:
      f.template operator()<uhugeint_t>();
      return true;
    default:
      return false;
  }
}

/// Calls f(const Index*) with an ENUM vector's indexes in their stored width.
template <typename F>
void WithEnumIndexes(const Vector& vector, F&& f) {
  switch (vector.Type().Physical()) {
    case PhysicalType::kUInt8:
      f(vector.Values<uint8_t>());
      break;
    case PhysicalType::kUInt16:
      f(vector.Values<uint16_t>());
      break;
    default:
      f(vector.Values<uint32_t>());
      break;
  }
}

}  // namespace

// The buffers behind a column's slots, and the chunk being read.
struct Reader::Impl {
  struct Buffer {
    std::unique_ptr<Vector> vector;   // the converted values, reused across chunks
    std::vector<uint64_t> converted;  // empty when every row converted
    std::vector<std::pair<idx_t, std::string>> messages;  // (row in chunk, why), by row

    /// `vector` emptied for writing `count` rows of `type`.
    Vector& Target(const LogicalType& type, idx_t count) {
      if (vector && vector->Type() == type && vector->Capacity() >= count) {
        vector->Reset();
      } else {
        vector = std::make_unique<Vector>(type, std::max(count, kVectorSize));
      }
      return *vector;
    }
    void MarkFailed(idx_t row, idx_t count, std::string message) {
      if (converted.empty()) converted.assign(ValidityMask::EntryCount(count), ~uint64_t(0));
      converted[row >> 6] &= ~(uint64_t(1) << (row & 63));
      messages.emplace_back(row, std::move(message));
    }
  };

  std::vector<std::array<Buffer, kSlots>> buffers;  // per column
  const DataChunk* chunk = nullptr;
  std::unique_ptr<DataChunk> flat;  // a flat copy when the result hands out constant vectors
};

Reader::Reader(Result& result)
    : result_(&result), column_count_(result.ColumnCount()), impl_(std::make_unique<Impl>()) {
  result.Rewind();
  columns_.resize(column_count_);
  impl_->buffers.resize(column_count_);
  for (idx_t c = 0; c < column_count_; c++) {
    const LogicalType& type = result.ColumnType(c);
    Column& col = columns_[c];
    col.tag = StorageTagOf(type);
    if (type.Id() == TypeId::kList || type.Id() == TypeId::kArray) {
      col.child_tag = StorageTagOf(type.ListChild());
    }
    for (size_t s = 0; s < kSlots; s++) col.slots[s].storage = static_cast<uint8_t>(s);
  }
}

Reader::~Reader() = default;
Reader::Reader(Reader&& other) noexcept { *this = std::move(other); }

Reader& Reader::operator=(Reader&& other) noexcept {
  if (this == &other) return *this;
  result_ = other.result_;
  columns_ = std::move(other.columns_);
  column_count_ = other.column_count_;
  bound_ = other.bound_;
  row_ = other.row_;
  chunk_size_ = other.chunk_size_;
  chunk_start_ = other.chunk_start_;
  done_ = other.done_;
  impl_ = std::move(other.impl_);
  // The moved-from reader has no columns and no rows: Next() throws, Get throws.
  other.result_ = nullptr;
  other.column_count_ = other.bound_ = other.row_ = other.chunk_size_ = 0;
  other.done_ = true;
  return *this;
}

const std::string& Reader::ColumnName(idx_t column) const {
  if (column >= column_count_) ThrowBadColumn(column);
  return result_->ColumnName(column);
}

const LogicalType& Reader::ColumnType(idx_t column) const {
  if (column >= column_count_) ThrowBadColumn(column);
  return result_->ColumnType(column);
}

bool Reader::NextChunk() {
  if (!impl_) [[unlikely]] {
    throw InvalidInputError("the Reader was moved from; use the object it was moved to");
  }
  bound_ = 0;
  chunk_start_ += chunk_size_;
  chunk_size_ = 0;
  row_ = 0;
  const Chunk* chunk = nullptr;
  while (!done_) {
    chunk = result_->NextChunk();
    if (chunk == nullptr) {
      done_ = true;
    } else if (chunk->size() > 0) {
      break;
    }
  }
  if (done_) {
    impl_->chunk = nullptr;
    impl_->flat.reset();
    return false;
  }

  const DataChunk* data = chunk->Internal();
  bool constant = std::any_of(data->data.begin(), data->data.end(),
                              [](const Vector& v) { return v.IsConstant(); });
  if (constant) {
    // Results are flat as handed out today; a constant vector would break the one-load
    // read, so flatten a view of it once per chunk rather than branch per value.
    impl_->flat = std::make_unique<DataChunk>();
    impl_->flat->Reference(*data);
    impl_->flat->SetCardinality(data->size());
    impl_->flat->Flatten();
    data = impl_->flat.get();
  }
  impl_->chunk = data;

  for (idx_t c = 0; c < column_count_; c++) {
    const Vector& vector = data->data[c];
    Column& col = columns_[c];
    col.data = vector.Data();
    col.validity = vector.Validity().Data();
    if (vector.Type().Id() == TypeId::kList || vector.Type().Id() == TypeId::kArray) {
      const Vector& child = vector.ListChild();
      col.child_data = child.Data();
      col.child_validity = child.Validity().Data();
    }
    for (Slot& slot : col.slots) {
      slot.kind = ReadKind::kNone;
      slot.values = nullptr;
      slot.converted = nullptr;
    }
  }
  chunk_size_ = data->size();
  bound_ = column_count_;
  return true;
}

const Reader::Slot& Reader::SelectSlot(idx_t column, ReadKind kind, const char* cpp_type) {
  auto& slots = columns_[column].slots;
  for (size_t i = 1; i < kSlots; i++) {
    if (slots[i].kind == kind) {
      std::rotate(slots.begin(), slots.begin() + i, slots.begin() + i + 1);
      return slots[0];
    }
  }
  // An empty slot, else the least recently used one that is not text: string_views
  // handed out from the text cache must stay valid for the whole chunk (there is only
  // one text kind, so some other slot always exists).
  size_t victim = kSlots;
  for (size_t i = 0; i < kSlots && victim == kSlots; i++) {
    if (slots[i].kind == ReadKind::kNone) victim = i;
  }
  for (size_t i = kSlots; i-- > 0 && victim == kSlots;) {
    if (slots[i].kind != ReadKind::kText) victim = i;
  }
  Slot& slot = slots[victim];
  slot.kind = ReadKind::kNone;
  slot.values = nullptr;
  slot.converted = nullptr;

  const LogicalType& type = result_->ColumnType(column);
  const Vector& source = impl_->chunk->data[column];
  Impl::Buffer& buffer = impl_->buffers[column][slot.storage];
  buffer.converted.clear();
  buffer.messages.clear();
  const idx_t count = chunk_size_;
  const uint64_t* validity = source.Validity().Data();

  bool built = false;
  if (type.Id() == TypeId::kEnum && kind == ReadKind::kText) {
    // The label itself, pointing into the type's dictionary (kept alive by the result).
    const std::vector<std::string>& labels = type.Enum().labels;
    Vector& out = buffer.Target(TypeId::kVarchar, count);
    string_t* values = out.Values<string_t>();
    WithEnumIndexes(source, [&](const auto* indexes) {
      for (idx_t i = 0; i < count; i++) {
        if (!reader_detail::RowValid(validity, i)) continue;
        const std::string& label = labels[indexes[i]];
        values[i] = string_t(label.data(), static_cast<uint32_t>(label.size()));
      }
    });
    slot.values = out.Data();
    built = true;
  } else if (type.Id() == TypeId::kEnum) {
    // An integer is the label's index, range-checked against the target integer.
    built = DispatchIntegerKind(kind, [&]<typename Target>() {
      Vector& out = buffer.Target(SqlTypeOf(kind), count);
      Target* values = out.Values<Target>();
      WithEnumIndexes(source, [&](const auto* indexes) {
        for (idx_t i = 0; i < count; i++) {
          if (!reader_detail::RowValid(validity, i)) continue;
          uint32_t index = indexes[i];
          if constexpr (sizeof(Target) < sizeof(uint32_t)) {
            if (index > static_cast<uint32_t>(std::numeric_limits<Target>::max())) {
              buffer.MarkFailed(i, count,
                                fmt::format("ENUM label \"{}\" has index {}, which {} cannot hold",
                                            type.Enum().labels[index], index, cpp_type));
              continue;
            }
          }
          if constexpr (std::is_same_v<Target, hugeint_t>) {
            values[i] = hugeint_t(int128{index});
          } else if constexpr (std::is_same_v<Target, uhugeint_t>) {
            values[i] = uhugeint_t(uint128{index});
          } else {
            values[i] = static_cast<Target>(index);
          }
        }
      });
      slot.values = out.Data();
    });
  } else if (kind == ReadKind::kDecimal) {
    if (type.Id() != TypeId::kDecimal) ThrowUnsupported(column, cpp_type);
    // The unscaled integers widened to int128; a DECIMAL(w > 18) already is one.
    auto widen = [&](const auto* unscaled) {
      Vector& out = buffer.Target(TypeId::kHugeInt, count);
      hugeint_t* values = out.Values<hugeint_t>();
      for (idx_t i = 0; i < count; i++) values[i] = hugeint_t(int128{unscaled[i]});
      slot.values = out.Data();
    };
    switch (type.Physical()) {
      case PhysicalType::kInt16:
        widen(source.Values<int16_t>());
        break;
      case PhysicalType::kInt32:
        widen(source.Values<int32_t>());
        break;
      case PhysicalType::kInt64:
        widen(source.Values<int64_t>());
        break;
      default:
        slot.values = source.Data();
        break;
    }
    slot.width = type.DecimalWidth();
    slot.scale = type.DecimalScale();
    built = true;
  }
  if (!built) {
    LogicalType target = SqlTypeOf(kind);
    const int64_t from_unit = TimestampUnitsPerSecond(type.Id());
    const int64_t to_unit = TimestampUnitsPerSecond(target.Id());
    if (from_unit != 0 && to_unit != 0 && from_unit > to_unit) {
      // A timestamp read at a coarser unit floors (the reader's contract, as
      // std::chrono::floor), where the SQL cast rounds.
      Vector& out = buffer.Target(target, count);
      const int64_t* in = source.Values<int64_t>();
      int64_t* values = out.Values<int64_t>();
      const int64_t factor = from_unit / to_unit;
      for (idx_t i = 0; i < count; i++) {
        const int64_t v = in[i];
        if (v == timestamp_t::kInfinity || v == -timestamp_t::kInfinity) {
          values[i] = v;
          continue;
        }
        values[i] = v / factor - (v % factor < 0 ? 1 : 0);
      }
      slot.values = out.Data();
    } else if (StoresSameNumbers(type, target)) {
      slot.values = source.Data();
    } else {
      if (!CastExists(type, target)) ThrowUnsupported(column, cpp_type);
      Vector& out = buffer.Target(target, count);
      if (!TryCastVector(source, out, count, nullptr)) {
        // Some row does not convert: cast row by row so that only those rows fail.
        out.Reset();
        Vector one_in(type, 1);
        Vector one_out(target, 1);
        SelectionVector none;
        for (idx_t i = 0; i < count; i++) {
          if (!reader_detail::RowValid(validity, i)) {
            out.SetNull(i);
            continue;
          }
          one_in.Reset();
          one_out.Reset();
          one_in.CopyFrom(source, none, 1, i, 0);
          std::string message;
          if (TryCastVector(one_in, one_out, 1, &message)) {
            out.CopyFrom(one_out, none, 1, 0, i);
          } else {
            out.SetNull(i);
            buffer.MarkFailed(i, count, std::move(message));
          }
        }
      }
      slot.values = out.Data();
    }
  }

  if (!buffer.converted.empty()) slot.converted = buffer.converted.data();
  slot.kind = kind;
  std::rotate(slots.begin(), slots.begin() + victim, slots.begin() + victim + 1);
  return slots[0];
}

namespace {
std::string Describe(const Result& result, idx_t column) {
  return fmt::format("column {} (\"{}\", {})", column, result.ColumnName(column),
                     result.ColumnType(column).ToString());
}
}  // namespace

void Reader::ThrowBadColumn(idx_t column) const {
  if (column < column_count_) {
    throw InvalidInputError(
        "the reader has no current row: read values only after Next() returned true");
  }
  throw InvalidInputError(
      fmt::format("column {} does not exist: the result has {} columns", column, column_count_));
}

void Reader::ThrowNull(idx_t column, const char* cpp_type) const {
  throw InvalidInputError(
      fmt::format("cannot read {} row {} as {}: the value is NULL (read it as std::optional<{}>)",
                  Describe(*result_, column), RowNumber(), cpp_type, cpp_type));
}

void Reader::ThrowUnsupported(idx_t column, const char* cpp_type) const {
  throw ConversionError(fmt::format("cannot read {} as {}: no conversion from {} to {}",
                                    Describe(*result_, column), cpp_type,
                                    result_->ColumnType(column).ToString(), cpp_type));
}

void Reader::ThrowFailedRow(idx_t column, const Slot& slot, const char* cpp_type) const {
  const auto& messages = impl_->buffers[column][slot.storage].messages;
  auto it = std::lower_bound(messages.begin(), messages.end(), row_,
                             [](const auto& entry, idx_t row) { return entry.first < row; });
  std::string_view reason = "the value does not convert";
  if (it != messages.end() && it->first == row_) reason = it->second;
  throw ConversionError(fmt::format("cannot read {} row {} as {}: {}", Describe(*result_, column),
                                    RowNumber(), cpp_type, reason));
}

void Reader::ThrowInfinite(idx_t column, const char* cpp_type, bool positive) const {
  throw ConversionError(fmt::format("cannot read {} row {} as {}: value {} is out of range",
                                    Describe(*result_, column), RowNumber(), cpp_type,
                                    positive ? "infinity" : "-infinity"));
}

}  // namespace teal
