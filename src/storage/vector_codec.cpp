// Vector codec: the byte layout of column values in the WAL and in data blocks.
#include "storage/vector_codec.hpp"

#include <fmt/format.h>

#include <cstring>

#include "storage/codec_bytes.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

void EncodeFlat(const Vector& vector, idx_t offset, idx_t count, std::string& out) {
  bool has_nulls = false;
  if (!vector.Validity().AllValid()) {
    for (idx_t r = 0; r < count && !has_nulls; r++) has_nulls = !vector.RowIsValid(offset + r);
  }
  out.push_back(has_nulls ? 1 : 0);
  if (has_nulls) {
    std::string bitmap((count + 7) / 8, '\0');
    for (idx_t r = 0; r < count; r++) {
      if (vector.RowIsValid(offset + r)) {
        bitmap[r / 8] = static_cast<char>(bitmap[r / 8] | (1 << (r % 8)));
      }
    }
    out += bitmap;
  }
  const PhysicalType physical = vector.Type().Physical();
  if (physical == PhysicalType::kVarchar) {
    const auto* strings = vector.Values<string_t>() + offset;
    for (idx_t r = 0; r < count; r++) {
      PutBytesOf<uint32_t>(out, vector.RowIsValid(offset + r) ? strings[r].size() : 0);
    }
    for (idx_t r = 0; r < count; r++) {
      if (vector.RowIsValid(offset + r)) out.append(strings[r].View());
    }
    return;
  }
  if (physical == PhysicalType::kList) {
    const auto* entries = vector.Values<list_entry_t>() + offset;
    uint64_t total = 0;
    for (idx_t r = 0; r < count; r++) {
      const uint64_t length = vector.RowIsValid(offset + r) ? entries[r].length : 0;
      PutBytesOf<uint64_t>(out, length);
      total += length;
    }
    if (total == 0) return;
    // The elements in row order, as one flat child.
    Vector child(vector.Type().ListChild(), std::max<uint64_t>(total, 1));
    idx_t at = 0;
    for (idx_t r = 0; r < count; r++) {
      if (!vector.RowIsValid(offset + r) || entries[r].length == 0) continue;
      child.CopyFrom(vector.ListChild(), SelectionVector(), entries[r].length, entries[r].offset,
                     at);
      at += entries[r].length;
    }
    EncodeFlat(child, 0, total, out);
    return;
  }
  if (physical == PhysicalType::kStruct) {
    // Each field as its own column, NULL where the struct is (CopyFrom makes them so).
    Vector copy(vector.Type(), std::max<idx_t>(count, 1));
    copy.CopyFrom(vector, SelectionVector(), count, offset, 0);
    for (idx_t f = 0; f < vector.Type().StructFields().size(); f++) {
      EncodeFlat(copy.StructChild(f), 0, count, out);
    }
    return;
  }
  const idx_t width = PhysicalTypeSize(physical);
  const size_t start = out.size();
  out.append(reinterpret_cast<const char*>(vector.Data() + offset * width), count * width);
  if (has_nulls) {
    for (idx_t r = 0; r < count; r++) {
      if (!vector.RowIsValid(offset + r)) std::memset(out.data() + start + r * width, 0, width);
    }
  }
}

}  // namespace

void EncodeVector(const Vector& vector, idx_t count, std::string& out, idx_t offset) {
  if (!vector.IsConstant()) {
    EncodeFlat(vector, offset, count, out);
    return;
  }
  Vector flat(vector.Type(), 0);
  flat.Reference(vector);
  flat.Flatten(count);
  EncodeFlat(flat, 0, count, out);
}

std::string_view EncodeVectorInPlace(const Vector& vector, idx_t count, std::string& out,
                                     idx_t offset) {
  const PhysicalType physical = vector.Type().Physical();
  bool in_place = !vector.IsConstant() && count > 0 && physical != PhysicalType::kVarchar &&
                  physical != PhysicalType::kList && physical != PhysicalType::kStruct;
  if (in_place && !vector.Validity().AllValid()) {
    for (idx_t r = 0; r < count && in_place; r++) in_place = vector.RowIsValid(offset + r);
  }
  if (!in_place) {
    EncodeVector(vector, count, out, offset);
    return {};
  }
  out.push_back(0);  // no row is NULL
  const idx_t width = PhysicalTypeSize(physical);
  return std::string_view(reinterpret_cast<const char*>(vector.Data() + offset * width),
                          count * width);
}

void DecodeVector(std::string_view& in, idx_t count, Vector& out, std::string_view what) {
  const auto flag = TakeValue<uint8_t>(in, what, "validity flag");
  if (flag > 1) CorruptEncoding(what, fmt::format("validity flag {}", flag));
  if (flag == 1) {
    std::string_view bitmap = TakeBytes(in, (count + 7) / 8, what, "validity bitmap");
    for (idx_t r = 0; r < count; r++) {
      if (!((static_cast<uint8_t>(bitmap[r / 8]) >> (r % 8)) & 1)) out.SetNull(r);
    }
  }
  const PhysicalType physical = out.Type().Physical();
  if (physical == PhysicalType::kVarchar) {
    std::vector<uint32_t> lengths(count);
    for (idx_t r = 0; r < count; r++) lengths[r] = TakeValue<uint32_t>(in, what, "string lengths");
    auto* strings = out.Values<string_t>();
    for (idx_t r = 0; r < count; r++) {
      strings[r] = out.AddString(TakeBytes(in, lengths[r], what, "string bytes"));
    }
    return;
  }
  if (physical == PhysicalType::kList) {
    auto* entries = out.Values<list_entry_t>();
    uint64_t total = 0;
    for (idx_t r = 0; r < count; r++) {
      const auto length = TakeValue<uint64_t>(in, what, "list lengths");
      // Each element takes at least one byte of the child's encoding, so a length past
      // the bytes left cannot be right (and must not size an allocation).
      if (length > in.size()) CorruptEncoding(what, fmt::format("a list length of {}", length));
      entries[r] = list_entry_t{total, length};
      total += length;
    }
    if (total > in.size()) CorruptEncoding(what, fmt::format("lists of {} elements in all", total));
    out.SetListSize(total);
    if (total > 0) DecodeVector(in, total, out.ListChild(), what);
    return;
  }
  if (physical == PhysicalType::kStruct) {
    for (idx_t f = 0; f < out.Type().StructFields().size(); f++) {
      DecodeVector(in, count, out.StructChild(f), what);
    }
    return;
  }
  const idx_t width = PhysicalTypeSize(physical);
  std::string_view values = TakeBytes(in, count * width, what, "values");
  std::memcpy(out.Data(), values.data(), values.size());
}

}  // namespace teal
