// DataChunk: initialisation, slicing and appending.
#include "vector/data_chunk.hpp"

#include "common/assert.hpp"

namespace teal {

void DataChunk::Initialize(const std::vector<LogicalType>& types, idx_t capacity, bool zero_fill) {
  data.clear();
  data.reserve(types.size());
  for (const auto& type : types) data.emplace_back(type, capacity, zero_fill);
  capacity_ = capacity;
  count_ = 0;
}

std::vector<LogicalType> DataChunk::Types() const {
  std::vector<LogicalType> types;
  types.reserve(data.size());
  for (const auto& v : data) types.push_back(v.Type());
  return types;
}

void DataChunk::Reset() {
  for (auto& v : data) v.Reset();
  count_ = 0;
}

void DataChunk::Reference(const DataChunk& other) {
  if (data.size() != other.data.size()) {
    data.clear();
    for (const auto& v : other.data) data.emplace_back(v.Type(), 0);
  }
  for (idx_t i = 0; i < other.data.size(); i++) data[i].Reference(other.data[i]);
  count_ = other.count_;
  capacity_ = other.capacity_;
}

void DataChunk::Slice(const SelectionVector& sel, idx_t count) {
  for (auto& v : data) {
    // Not zero-filled: CopyFrom writes every row (a NULL string too).
    const PhysicalType physical = v.Type().Physical();
    const bool nested = physical == PhysicalType::kList || physical == PhysicalType::kStruct;
    Vector sliced(v.Type(), std::max(count, capacity_), /*zero_fill=*/nested);
    if (v.IsConstant()) {
      sliced.Reference(v);
    } else {
      sliced.CopyFrom(v, sel, count, 0, 0, /*share_strings=*/true);
    }
    v = std::move(sliced);
  }
  count_ = count;
}

void DataChunk::Flatten() {
  for (auto& v : data) v.Flatten(count_);
}

void DataChunk::Append(const DataChunk& other) {
  TEAL_CHECK_EQ(data.size(), other.data.size());
  TEAL_CHECK_LE(count_ + other.count_, capacity_);
  SelectionVector none;
  for (idx_t i = 0; i < data.size(); i++) {
    data[i].CopyFrom(other.data[i], none, other.count_, 0, count_);
  }
  count_ += other.count_;
}

std::string DataChunk::ToString() const {
  std::string out;
  for (idx_t row = 0; row < count_; row++) {
    for (idx_t col = 0; col < data.size(); col++) {
      if (col) out += '\t';
      out += GetValue(col, row).ToString();
    }
    out += '\n';
  }
  return out;
}

}  // namespace teal
