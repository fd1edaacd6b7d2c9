// Roaring container: choosing, writing and reading the forms (format in the header).
#include "storage/roaring_container.hpp"

#include <fmt/format.h>

#include "storage/codec_bytes.hpp"

namespace teal {

namespace {

enum Form : uint8_t { kArray = 0, kInvertedArray = 1, kRuns = 2, kInvertedRuns = 3, kBitmap = 4 };

struct Shape {
  idx_t members = 0;  // positions in the set
  idx_t runs = 0;     // runs of the set
  idx_t gaps = 0;     // runs of its complement
};

Shape ShapeOf(const std::vector<bool>& in_set) {
  Shape shape;
  for (idx_t r = 0; r < in_set.size(); r++) {
    shape.members += in_set[r];
    if (r == 0 || in_set[r] != in_set[r - 1]) (in_set[r] ? shape.runs : shape.gaps)++;
  }
  return shape;
}

/// The smallest form and its size.
std::pair<Form, idx_t> Smallest(const std::vector<bool>& in_set) {
  const Shape shape = ShapeOf(in_set);
  const idx_t count = in_set.size();
  std::pair<Form, idx_t> best{kBitmap, 1 + (count + 7) / 8};
  const std::pair<Form, idx_t> others[] = {
      {kArray, 3 + 2 * shape.members},
      {kInvertedArray, 3 + 2 * (count - shape.members)},
      {kRuns, 3 + 4 * shape.runs},
      {kInvertedRuns, 3 + 4 * shape.gaps},
  };
  for (const auto& other : others) {
    if (other.second < best.second) best = other;
  }
  return best;
}

void PutU16(std::string& out, idx_t value) {
  PutBytesOf<uint16_t>(out, static_cast<uint16_t>(value));
}

}  // namespace

idx_t RoaringSize(const std::vector<bool>& in_set) { return Smallest(in_set).second; }

void PutRoaring(const std::vector<bool>& in_set, std::string& out) {
  const Form form = Smallest(in_set).first;
  const idx_t count = in_set.size();
  out.push_back(static_cast<char>(form));
  if (form == kBitmap) {
    std::string bitmap((count + 7) / 8, '\0');
    for (idx_t r = 0; r < count; r++) {
      if (in_set[r]) bitmap[r / 8] = static_cast<char>(bitmap[r / 8] | (1 << (r % 8)));
    }
    out += bitmap;
    return;
  }
  const bool wanted = form == kArray || form == kRuns;  // the positions listed are these
  std::string body;
  idx_t n = 0;
  for (idx_t r = 0; r < count; r++) {
    if (in_set[r] != wanted) continue;
    if (form == kArray || form == kInvertedArray) {
      PutU16(body, r);
      n++;
      continue;
    }
    idx_t end = r;
    while (end < count && in_set[end] == wanted) end++;
    PutU16(body, r);
    PutU16(body, end - r);
    n++;
    r = end - 1;
  }
  PutU16(out, n);
  out += body;
}

void ReadRoaring(std::string_view& in, idx_t count, std::string_view what,
                 std::vector<bool>& in_set) {
  const auto form = TakeValue<uint8_t>(in, what, "roaring container form");
  if (form > kBitmap) CorruptEncoding(what, fmt::format("roaring container form {}", form));
  in_set.assign(count, false);
  if (form == kBitmap) {
    std::string_view bitmap = TakeBytes(in, (count + 7) / 8, what, "roaring bitmap");
    for (idx_t r = 0; r < count; r++) {
      in_set[r] = (static_cast<uint8_t>(bitmap[r / 8]) >> (r % 8)) & 1;
    }
    return;
  }
  const bool listed = form == kArray || form == kRuns;
  if (!listed) in_set.assign(count, true);
  const auto n = TakeValue<uint16_t>(in, what, "roaring entry count");
  idx_t next = 0;  // positions below it are taken
  for (idx_t k = 0; k < n; k++) {
    const auto start = TakeValue<uint16_t>(in, what, "roaring position");
    idx_t length = 1;
    if (form == kRuns || form == kInvertedRuns) {
      length = TakeValue<uint16_t>(in, what, "roaring run length");
    }
    if (start < next || length == 0 || start + length > count) {
      CorruptEncoding(
          what, fmt::format("a roaring entry at {} of {} rows for {} rows", start, length, count));
    }
    for (idx_t r = start; r < start + length; r++) in_set[r] = listed;
    next = start + length;
  }
}

}  // namespace teal
