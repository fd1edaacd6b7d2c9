// Vector: allocation, references, copies and boxed access.
#include "vector/vector.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "common/assert.hpp"
#include "common/block_allocator.hpp"
#include "teal/error.hpp"
#include "vector/physical_dispatch.hpp"

namespace teal {

Vector::Vector(LogicalType type, idx_t capacity, bool zero_fill)
    : type_(std::move(type)), capacity_(capacity), validity_(capacity) {
  idx_t width = PhysicalTypeSize(type_.Physical());
  if (width > 0 && capacity > 0) {
    buffer_ = AllocateSharedBuffer(width * capacity);
    data_ = buffer_.get();
    // Zeroed so that string_t padding and list entries are defined even in NULL rows.
    if (zero_fill) std::memset(data_, 0, width * capacity);
  }
}

Vector::Vector(const Value& value) : Vector(value.Type(), 1) {
  SetValue(0, value);
  kind_ = VectorKind::kConstant;
}

Vector::Auxiliary& Vector::Aux() {
  if (!aux_) aux_ = std::make_shared<Auxiliary>();
  return *aux_;
}

void Vector::KeepAlive(const Vector& other) {
  if (!other.aux_ || other.aux_ == aux_) return;
  Aux().kept_alive.push_back(other.aux_);
}

Vector& Vector::ListChild() {
  TEAL_ASSERT(type_.Physical() == PhysicalType::kList);
  auto& aux = Aux();
  if (!aux.list_child) aux.list_child = std::make_unique<Vector>(type_.ListChild(), kVectorSize);
  return *aux.list_child;
}

Vector& Vector::ReserveListChild(idx_t capacity) {
  TEAL_ASSERT(type_.Physical() == PhysicalType::kList);
  auto& aux = Aux();
  if (!aux.list_child) {
    aux.list_child =
        std::make_unique<Vector>(type_.ListChild(), std::max(capacity, kVectorSize), false);
  }
  return *aux.list_child;
}

const Vector& Vector::ListChild() const { return const_cast<Vector*>(this)->ListChild(); }

Vector& Vector::StructChild(idx_t i) {
  TEAL_ASSERT(type_.Physical() == PhysicalType::kStruct);
  auto& aux = Aux();
  if (aux.struct_children.empty()) {
    for (const auto& field : type_.StructFields()) {
      aux.struct_children.push_back(
          std::make_unique<Vector>(field.second, std::max<idx_t>(capacity_, 1)));
    }
  }
  return *aux.struct_children.at(i);
}

const Vector& Vector::StructChild(idx_t i) const {
  return const_cast<Vector*>(this)->StructChild(i);
}

idx_t Vector::ListSize() const { return aux_ ? aux_->list_size : 0; }

void Vector::SetListSize(idx_t size) {
  // Past this the child's byte size could wrap around: refused long before memory runs out.
  constexpr idx_t kMaxListChildRows = idx_t{1} << 40;
  if (size > kMaxListChildRows) [[unlikely]] {
    throw OutOfRangeError(fmt::format(
        "Cannot hold {} list elements in one vector: exceeds the maximum allowed vector size",
        size));
  }
  Vector& child = ListChild();
  if (size > child.Capacity()) {
    idx_t capacity = child.Capacity();
    while (capacity < size) capacity *= 2;
    child.Resize(capacity, aux_->list_size);
  }
  aux_->list_size = size;
}

bool Vector::SharesNothing() const {
  if (buffer_.use_count() > 1 || data_ != buffer_.get() || validity_.Shared()) return false;
  if (!aux_) return true;
  if (aux_.use_count() > 1) return false;
  for (const auto& child : aux_->struct_children) {
    if (!child->SharesNothing()) return false;
  }
  return !aux_->list_child || aux_->list_child->SharesNothing();
}

void Vector::Reference(const Vector& other) {
  type_ = other.type_;
  kind_ = other.kind_;
  capacity_ = other.capacity_;
  data_ = other.data_;
  buffer_ = other.buffer_;
  validity_ = other.validity_;
  aux_ = other.aux_;
}

void Vector::Resize(idx_t capacity, idx_t keep) {
  if (capacity <= capacity_) return;
  if (aux_) {
    for (auto& child : aux_->struct_children) child->Resize(capacity, keep);
  }
  idx_t width = PhysicalTypeSize(type_.Physical());
  if (width > 0) {  // a STRUCT has no values of its own
    std::shared_ptr<data_t[]> grown = AllocateSharedBuffer(width * capacity);
    if (data_ && keep) std::memcpy(grown.get(), data_, width * keep);
    std::memset(grown.get() + width * keep, 0, width * (capacity - keep));
    buffer_ = std::move(grown);
    data_ = buffer_.get();
  }
  validity_.Resize(capacity);
  capacity_ = capacity;
}

void Vector::Flatten(idx_t count) {
  if (!IsConstant()) return;
  // Rows [0, count) are all written below; zeroing the rest of a vector's worth cost a
  // one-row query's result (SELECT 42) more than the rest of its execution.
  Vector flat(type_, std::max<idx_t>(count, kVectorSize), /*zero_fill=*/false);
  SelectionVector zeros(std::max<idx_t>(count, 1));
  for (idx_t i = 0; i < count; i++) zeros.Set(i, 0);
  kind_ = VectorKind::kFlat;  // CopyFrom reads row 0 through the selection
  flat.CopyFrom(*this, zeros, count, 0, 0);
  *this = std::move(flat);
}

void Vector::Reset() {
  kind_ = VectorKind::kFlat;
  validity_.Reset();
  if (aux_) {
    if (aux_.use_count() == 1) {
      aux_->heap.Clear();
      aux_->kept_alive.clear();
      aux_->list_size = 0;
      for (auto& child : aux_->struct_children) child->Reset();
    } else {
      aux_.reset();
    }
  }
  if (buffer_.use_count() > 1 || data_ != buffer_.get()) {
    // Someone else still reads the old buffer: write into a new one.
    *this = Vector(type_, capacity_);
  }
}

void Vector::Recycle(idx_t count) {
  if (capacity_ < count || (!buffer_ && PhysicalTypeSize(type_.Physical()) > 0)) {
    *this = Vector(type_, std::max(count, kVectorSize));
    return;
  }
  Reset();
}

void Vector::Release() {
  kind_ = VectorKind::kFlat;
  capacity_ = 0;
  data_ = nullptr;
  buffer_.reset();
  validity_ = ValidityMask();
  aux_.reset();
}

void Vector::CopyFrom(const Vector& source, const SelectionVector& sel, idx_t count,
                      idx_t source_offset, idx_t target_offset, bool share_strings) {
  TEAL_ASSERT(source.Type() == type_ || source.Type().Physical() == type_.Physical());
  TEAL_CHECK_LE(target_offset + count, capacity_);
  auto source_row = [&](idx_t i) -> idx_t {
    if (source.IsConstant()) return 0;
    return sel.IsSet() ? sel.Get(i) : source_offset + i;
  };
  const PhysicalType physical = type_.Physical();
  if (!source.validity_.AllValid()) {
    for (idx_t i = 0; i < count; i++) {
      validity_.Set(target_offset + i, source.validity_.RowIsValid(source_row(i)));
    }
  } else if (!validity_.AllValid()) {
    for (idx_t i = 0; i < count; i++) validity_.SetValid(target_offset + i);
  }
  switch (physical) {
    case PhysicalType::kVarchar: {
      auto* dst = Values<string_t>();
      auto* src = source.Values<string_t>();
      // A source without a heap of its own has no long string this vector could keep alive
      // (or keeps them somewhere it cannot see): the bytes are copied.
      if (share_strings && source.aux_) {
        KeepAlive(source);
        for (idx_t i = 0; i < count; i++) {
          const idx_t row = source_row(i);
          const string_t& s = src[row];
          // A NULL row's bytes are unspecified: never keep its pointer.
          dst[target_offset + i] =
              s.IsInlined() || source.validity_.RowIsValid(row) ? s : string_t();
        }
        return;
      }
      for (idx_t i = 0; i < count; i++) {
        idx_t row = source_row(i);
        const string_t& s = src[row];
        // A NULL row's bytes are unspecified: never follow its pointer.
        if (!s.IsInlined() && !source.validity_.RowIsValid(row)) {
          dst[target_offset + i] = string_t();
          continue;
        }
        dst[target_offset + i] = s.IsInlined() ? s : AddString(s.View());
      }
      return;
    }
    case PhysicalType::kList: {
      auto* dst = Values<list_entry_t>();
      auto* src = source.Values<list_entry_t>();
      const Vector& source_child = source.ListChild();
      // Grow the child once for the whole batch rather than row by row.
      idx_t total = 0;
      for (idx_t i = 0; i < count; i++) {
        idx_t row = source_row(i);
        if (source.RowIsValid(row)) total += src[row].length;
      }
      if (total) {
        idx_t start = ListSize();
        SetListSize(start + total);
        SetListSize(start);
      }
      for (idx_t i = 0; i < count; i++) {
        idx_t row = source_row(i);
        if (!source.RowIsValid(row)) {
          dst[target_offset + i] = {ListSize(), 0};
          continue;
        }
        list_entry_t entry = src[row];
        idx_t start = ListSize();
        SetListSize(start + entry.length);
        SelectionVector none;
        ListChild().CopyFrom(source_child, none, entry.length, entry.offset, start);
        dst[target_offset + i] = {start, entry.length};
      }
      return;
    }
    case PhysicalType::kStruct: {
      // Field rows are copied only where the struct is not NULL (elsewhere they are not
      // defined: a string there may point nowhere) and are NULL where it is.
      const idx_t fields = type_.StructFields().size();
      SelectionVector rows(std::max<idx_t>(count, 1));
      for (idx_t f = 0; f < fields; f++) {
        Vector& target = StructChild(f);
        const Vector& field = source.StructChild(f);
        idx_t i = 0;
        while (i < count) {
          if (!source.RowIsValid(source_row(i))) {
            target.SetNull(target_offset + i++);
            continue;
          }
          idx_t run = 0;
          while (i + run < count && source.RowIsValid(source_row(i + run))) {
            rows.Set(run, source_row(i + run));
            run++;
          }
          target.CopyFrom(field, rows, run, 0, target_offset + i);
          i += run;
        }
      }
      return;
    }
    default: {
      idx_t width = PhysicalTypeSize(physical);
      if (!sel.IsSet() && !source.IsConstant()) {
        std::memcpy(data_ + target_offset * width, source.data_ + source_offset * width,
                    count * width);
        return;
      }
      // A gather of values of the width's size: a memcpy call per value costs more than
      // the copy.
      auto gather = [&]<typename W>() {
        W* dst = reinterpret_cast<W*>(data_) + target_offset;
        const W* src = reinterpret_cast<const W*>(source.data_);
        if (source.IsConstant()) {
          std::fill(dst, dst + count, src[0]);
        } else {
          for (idx_t i = 0; i < count; i++) dst[i] = src[sel.Get(i)];
        }
      };
      switch (width) {
        case 1:
          return gather.template operator()<uint8_t>();
        case 2:
          return gather.template operator()<uint16_t>();
        case 4:
          return gather.template operator()<uint32_t>();
        case 8:
          return gather.template operator()<uint64_t>();
        case 16:
          return gather.template operator()<std::array<uint64_t, 2>>();
        default:
          for (idx_t i = 0; i < count; i++) {
            std::memcpy(data_ + (target_offset + i) * width, source.data_ + source_row(i) * width,
                        width);
          }
          return;
      }
    }
  }
}

Value Vector::GetValue(idx_t row) const {
  if (IsConstant()) row = 0;
  if (!validity_.RowIsValid(row)) return Value(type_);
  switch (type_.Physical()) {
    case PhysicalType::kVarchar: {
      auto s = Values<string_t>()[row].View();
      // (A VARCHAR's value drops its collation, as it always has.)
      return type_.Id() == TypeId::kVarchar ? Value::Varchar(s)
                                            : Value::FromStored(type_, std::string(s));
    }
    case PhysicalType::kList: {
      list_entry_t entry = Values<list_entry_t>()[row];
      std::vector<Value> elements;
      elements.reserve(entry.length);
      const Vector& child = ListChild();
      for (idx_t i = 0; i < entry.length; i++) elements.push_back(child.GetValue(entry.offset + i));
      if (type_.Id() == TypeId::kMap) return Value::Map(type_, std::move(elements));
      if (type_.Id() == TypeId::kArray) return Value::Array(type_, std::move(elements));
      return Value::List(type_.ListChild(), std::move(elements));
    }
    case PhysicalType::kStruct: {
      std::vector<Value> fields;
      for (idx_t f = 0; f < type_.StructFields().size(); f++) {
        fields.push_back(StructChild(f).GetValue(row));
      }
      return Value::Struct(type_, std::move(fields));
    }
    default:
      return DispatchFixedWidth(type_.Physical(), [&]<typename T>() {
        return Value::FromStored<T>(type_, Values<T>()[row]);
      });
  }
}

void Vector::SetValue(idx_t row, const Value& value) {
  if (value.IsNull()) {
    SetNull(row);
    if (type_.Physical() == PhysicalType::kList) {
      Values<list_entry_t>()[row] = {ListSize(), 0};
    }
    if (type_.Physical() == PhysicalType::kStruct) {
      for (idx_t f = 0; f < type_.StructFields().size(); f++) StructChild(f).SetNull(row);
    }
    return;
  }
  TEAL_ASSERT(value.Type().Physical() == type_.Physical());
  validity_.SetValid(row);
  switch (type_.Physical()) {
    case PhysicalType::kVarchar:
      Values<string_t>()[row] = AddString(value.GetString());
      return;
    case PhysicalType::kList: {
      const auto& elements = value.GetList();
      idx_t start = ListSize();
      SetListSize(start + elements.size());
      Vector& child = ListChild();
      for (idx_t i = 0; i < elements.size(); i++) child.SetValue(start + i, elements[i]);
      Values<list_entry_t>()[row] = {start, elements.size()};
      return;
    }
    case PhysicalType::kStruct: {
      const auto& fields = value.GetStruct();
      for (idx_t f = 0; f < fields.size(); f++) StructChild(f).SetValue(row, fields[f]);
      return;
    }
    default:
      DispatchFixedWidth(type_.Physical(), [&]<typename T>() {
        Values<T>()[row] = value.GetStored<T>();
        return 0;
      });
  }
}

}  // namespace teal
