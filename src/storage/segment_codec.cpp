// Segment codec: choosing, writing and reading a compressed column segment (the format is
// in the header).
#include "storage/segment_codec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>
#include <vector>

#include "common/ascii_case.hpp"
#include "common/hash.hpp"
#include "storage/codec_bytes.hpp"
#include "storage/roaring_container.hpp"
#include "storage/vector_codec.hpp"

namespace teal {

namespace {

static_assert(kVectorSize <= UINT16_MAX, "an RLE run length is a u16");

constexpr Compression kLastCompression = Compression::kRoaring;

bool IsNested(PhysicalType type) {
  return type == PhysicalType::kList || type == PhysicalType::kStruct;
}

bool IsFixedWidth(PhysicalType type) { return !IsNested(type) && type != PhysicalType::kVarchar; }

bool IsSigned(PhysicalType type) {
  return type == PhysicalType::kInt8 || type == PhysicalType::kInt16 ||
         type == PhysicalType::kInt32 || type == PhysicalType::kInt64;
}

bool IsPackable(PhysicalType type) {
  return IsSigned(type) || type == PhysicalType::kUInt8 || type == PhysicalType::kUInt16 ||
         type == PhysicalType::kUInt32 || type == PhysicalType::kUInt64;
}

bool Fits(Compression compression, PhysicalType type) {
  switch (compression) {
    case Compression::kUncompressed:
      return true;
    case Compression::kConstant:
      return !IsNested(type);
    case Compression::kRle:
      return IsFixedWidth(type);
    case Compression::kBitPacking:
      return IsPackable(type);
    case Compression::kDictionary:
      return type == PhysicalType::kVarchar;
    case Compression::kRoaring:
      return type == PhysicalType::kBool;
  }
  return false;
}

idx_t PackedWords(idx_t count, unsigned bits) { return (count * bits + 63) / 64; }

/// Appends `count` values of `bits` bits each (values(r) for row r) as u64 words.
template <class ValueOf>
void Pack(idx_t count, unsigned bits, ValueOf values, std::string& out) {
  std::vector<uint64_t> words(PackedWords(count, bits), 0);
  if (bits > 0) {
    for (idx_t r = 0; r < count; r++) {
      const uint64_t value = values(r);
      const idx_t at = r * bits;
      const unsigned shift = at % 64;
      words[at / 64] |= value << shift;
      if (shift + bits > 64) words[at / 64 + 1] |= value >> (64 - shift);
    }
  }
  out.append(reinterpret_cast<const char*>(words.data()), words.size() * 8);
}

/// Row r's value of `bits` bits in `words` (PackedWords(count, bits) words, r < count).
inline uint64_t Unpack(const char* words, idx_t r, unsigned bits, uint64_t mask) {
  const idx_t at = r * bits;
  const unsigned shift = at % 64;
  uint64_t low;
  std::memcpy(&low, words + at / 64 * 8, 8);
  uint64_t value = low >> shift;
  if (shift + bits > 64) {
    uint64_t high;
    std::memcpy(&high, words + (at / 64 + 1) * 8, 8);
    value |= high << (64 - shift);
  }
  return value & mask;
}

uint64_t BitMask(unsigned bits) { return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

unsigned BitsFor(uint64_t largest) { return static_cast<unsigned>(64 - std::countl_zero(largest)); }

/// Writes frame + the packed value of each row into `out` as T (the low bytes of the sum).
template <class T>
void UnpackInto(const char* words, idx_t count, unsigned bits, uint64_t frame, T* out) {
  if (bits == 0) {
    std::fill(out, out + count, static_cast<T>(frame));
    return;
  }
  const uint64_t mask = BitMask(bits);
  for (idx_t r = 0; r < count; r++) out[r] = static_cast<T>(frame + Unpack(words, r, bits, mask));
}

template <class T>
void FillWith(data_ptr_t data, idx_t begin, idx_t end, const char* value) {
  T one;
  std::memcpy(&one, value, sizeof(T));
  std::fill(reinterpret_cast<T*>(data) + begin, reinterpret_cast<T*>(data) + end, one);
}

/// Rows [begin, end) of the fixed-width values at `data` set to the `width` bytes at `value`.
void FillRows(data_ptr_t data, idx_t width, idx_t begin, idx_t end, const char* value) {
  switch (width) {
    case 1:
      return FillWith<uint8_t>(data, begin, end, value);
    case 2:
      return FillWith<uint16_t>(data, begin, end, value);
    case 4:
      return FillWith<uint32_t>(data, begin, end, value);
    case 8:
      return FillWith<uint64_t>(data, begin, end, value);
    default:
      for (idx_t r = begin; r < end; r++) std::memcpy(data + r * width, value, width);
  }
}

/// What EncodeSegment learns of a vector's values before choosing.
struct Survey {
  ValidityKind validity = ValidityKind::kAllValid;
  idx_t first_valid = 0;
  idx_t runs = 0;         // RLE runs (fixed width), or 1 when every value is equal
  bool packable = false;  // bitpacking applies: frame and bits below
  bool delta = false;     // bitpacking takes fewer bytes as deltas (delta_frame, delta_bits)
  uint64_t delta_frame = 0;
  unsigned delta_bits = 0;
  uint64_t frame = 0;       // the smallest value, widened
  unsigned bits = 0;        // bits of the largest value minus the frame
  idx_t value_bytes = 0;    // VARCHAR: the valid rows' bytes
  bool dictionary = false;  // VARCHAR: entries and bits below
  std::vector<std::string_view> entries;
  std::vector<uint32_t> row_entry;  // VARCHAR dictionary: each row's entry (0 for NULL)
  std::vector<bool> valid_rows;     // kRoaring validity: the valid rows
  std::vector<bool> true_rows;      // BOOLEAN: the valid rows that are true
  idx_t validity_bytes = 0;         // the validity's bytes after the kind byte
};

/// Calls f(T{}) with T the unsigned integer of `width` bytes (1, 2, 4 or 8).
template <class F>
void WithWidth(idx_t width, F&& f) {
  switch (width) {
    case 1:
      return f(uint8_t{});
    case 2:
      return f(uint16_t{});
    case 4:
      return f(uint32_t{});
    default:
      return f(uint64_t{});
  }
}

/// kBitPacking's modes: the values minus a frame, or the differences of consecutive values
/// minus a frame (sequences, timestamps: a few bits whatever the values' range).
constexpr uint8_t kFor = 0;
constexpr uint8_t kDeltaFor = 1;

bool IsMachineWidth(idx_t width) { return width == 1 || width == 2 || width == 4 || width == 8; }

/// A value of T's width as 64 bits, sign-extended when `is_signed`: the difference of two
/// such values is their distance modulo 2^64.
template <class T>
uint64_t WidenTyped(T value, bool is_signed) {
  return is_signed ? static_cast<uint64_t>(
                         static_cast<int64_t>(static_cast<std::make_signed_t<T>>(value)))
                   : static_cast<uint64_t>(value);
}

/// Runs, and for integers the frame and bits, of values of T's width: one pass.
template <class T>
void SurveyTyped(const Vector& vector, idx_t count, bool packable, bool is_signed, Survey& survey) {
  const T* data = vector.Values<T>();
  const bool all_valid = survey.validity == ValidityKind::kAllValid;
  // Compare in the type's order: signed values biased by 2^63 compare as unsigned.
  const uint64_t bias = is_signed ? uint64_t(1) << 63 : 0;
  // Deltas compare as signed 64-bit numbers (a NULL row repeats the value before it: 0).
  constexpr uint64_t kDeltaBias = uint64_t(1) << 63;
  T current = data[survey.first_valid];
  uint64_t previous = WidenTyped(current, is_signed);
  uint64_t low = previous ^ bias, high = low;
  uint64_t delta_low = all_valid ? ~uint64_t(0) : kDeltaBias;
  uint64_t delta_high = all_valid ? 0 : kDeltaBias;
  idx_t runs = 1;
  for (idx_t r = survey.first_valid + 1; r < count; r++) {
    if (!all_valid && !vector.RowIsValid(r)) continue;
    const T value = data[r];
    runs += value != current;
    current = value;
    if (packable) {
      const uint64_t widened = WidenTyped(value, is_signed);
      low = std::min(low, widened ^ bias);
      high = std::max(high, widened ^ bias);
      const uint64_t delta = (widened - previous) ^ kDeltaBias;
      delta_low = std::min(delta_low, delta);
      delta_high = std::max(delta_high, delta);
      previous = widened;
    }
  }
  survey.runs = runs;
  if (!packable) return;
  survey.packable = true;
  survey.frame = low ^ bias;
  survey.bits = BitsFor(high - low);
  if (count < 2 || delta_low > delta_high) return;  // one value: no deltas
  survey.delta_frame = delta_low ^ kDeltaBias;
  survey.delta_bits = BitsFor(delta_high - delta_low);
  survey.delta =
      8 + 8 * PackedWords(count - 1, survey.delta_bits) < 8 * PackedWords(count, survey.bits);
}

void SurveyFixed(const Vector& vector, idx_t count, Survey& survey) {
  const PhysicalType type = vector.Type().Physical();
  const idx_t width = PhysicalTypeSize(type);
  if (IsMachineWidth(width)) {
    WithWidth(width, [&](auto zero) {
      SurveyTyped<decltype(zero)>(vector, count, IsPackable(type), IsSigned(type), survey);
    });
    return;
  }
  // 16-byte values (HUGEINT, UUID, INTERVAL): runs only.
  const_data_ptr_t data = vector.Data();
  const_data_ptr_t current = data + survey.first_valid * width;
  survey.runs = 1;
  for (idx_t r = survey.first_valid + 1; r < count; r++) {
    if (!vector.RowIsValid(r) || std::memcmp(data + r * width, current, width) == 0) continue;
    survey.runs++;
    current = data + r * width;
  }
}

/// `whole_dictionary`: build the dictionary however many strings it takes (it is forced).
void SurveyStrings(const Vector& vector, idx_t count, bool whole_dictionary, Survey& survey) {
  const auto* strings = vector.Values<string_t>();
  survey.runs = 1;
  survey.dictionary = true;
  survey.row_entry.assign(count, 0);
  // The dictionary's hash table: open addressing, entry + 1 per slot (0: empty), at most
  // half full.
  const idx_t capacity = std::bit_ceil(std::max<idx_t>(2 * count, 16));
  std::vector<uint32_t> slots(capacity, 0);
  const std::string_view first = strings[survey.first_valid].View();
  for (idx_t r = survey.first_valid; r < count; r++) {
    if (!vector.RowIsValid(r)) continue;
    const std::string_view value = strings[r].View();
    survey.value_bytes += value.size();
    if (survey.runs == 1 && value != first) survey.runs = 2;
    if (!survey.dictionary) continue;
    idx_t slot = HashBytes(value.data(), value.size()) & (capacity - 1);
    while (slots[slot] != 0 && survey.entries[slots[slot] - 1] != value) {
      slot = (slot + 1) & (capacity - 1);
    }
    if (slots[slot] == 0) {
      survey.entries.push_back(value);
      slots[slot] = static_cast<uint32_t>(survey.entries.size());
      // A dictionary of more than half the rows saves too little to be worth building.
      if (!whole_dictionary && survey.entries.size() > count / 2 + 1) survey.dictionary = false;
    }
    survey.row_entry[r] = slots[slot] - 1;
  }
  if (survey.dictionary) {
    survey.bits = survey.entries.size() <= 1 ? 0 : BitsFor(survey.entries.size() - 1);
  }
}

/// BOOLEAN: the rows that are valid and true.
std::vector<bool> TrueRows(const Vector& vector, idx_t count) {
  std::vector<bool> rows(count);
  const auto* values = vector.Values<bool>();
  for (idx_t r = 0; r < count; r++) rows[r] = vector.RowIsValid(r) && values[r];
  return rows;
}

/// Bytes each method would take (0: does not apply), by Compression.
std::array<idx_t, 6> Sizes(const Vector& vector, idx_t count, const Survey& survey) {
  const PhysicalType type = vector.Type().Physical();
  const idx_t bitmap = (count + 7) / 8;
  const idx_t head = 2 + survey.validity_bytes;
  std::array<idx_t, 6> sizes{};
  const idx_t valid_flag = 2 + (survey.validity == ValidityKind::kAllValid ? 0 : bitmap);
  if (type == PhysicalType::kVarchar) {
    sizes[0] = valid_flag + 4 * count + survey.value_bytes;
    if (survey.runs == 1) sizes[1] = head + 4 + survey.entries.front().size();
    if (survey.dictionary) {
      idx_t bytes = 0;
      for (const auto& entry : survey.entries) bytes += 4 + entry.size();
      sizes[4] = head + 4 + bytes + 1 + 8 * PackedWords(count, survey.bits);
    }
    return sizes;
  }
  const idx_t width = PhysicalTypeSize(type);
  sizes[0] = valid_flag + count * width;
  if (survey.runs == 1) sizes[1] = head + width;
  sizes[2] = head + 4 + survey.runs * (width + 2);
  if (survey.packable) {
    sizes[3] = head + 1 + width + 1 +
               (survey.delta ? 8 + 8 * PackedWords(count - 1, survey.delta_bits)
                             : 8 * PackedWords(count, survey.bits));
  }
  if (type == PhysicalType::kBool) sizes[5] = head + RoaringSize(survey.true_rows);
  return sizes;
}

void PutValidity(const Vector& vector, idx_t count, const Survey& survey, std::string& out) {
  const ValidityKind validity = survey.validity;
  out.push_back(static_cast<char>(validity));
  if (validity == ValidityKind::kRoaring) return PutRoaring(survey.valid_rows, out);
  if (validity != ValidityKind::kBitmap) return;
  std::string bitmap((count + 7) / 8, '\0');
  for (idx_t r = 0; r < count; r++) {
    if (vector.RowIsValid(r)) bitmap[r / 8] = static_cast<char>(bitmap[r / 8] | (1 << (r % 8)));
  }
  out += bitmap;
}

void PutString(std::string_view value, std::string& out) {
  PutBytesOf<uint32_t>(out, static_cast<uint32_t>(value.size()));
  out.append(value);
}

SegmentEncoding Write(const Vector& vector, idx_t count, Compression method, const Survey& survey,
                      std::string& out) {
  SegmentEncoding encoding{method, survey.validity};
  out.push_back(static_cast<char>(method));
  if (method == Compression::kUncompressed) {
    const size_t flag = out.size();
    EncodeVector(vector, count, out);
    // The vector codec's flag: its NULLs as a bitmap, or none (the survey may not have run).
    encoding.validity = out[flag] == 1 ? ValidityKind::kBitmap : ValidityKind::kAllValid;
    return encoding;
  }
  PutValidity(vector, count, survey, out);
  if (survey.validity == ValidityKind::kAllNull) return encoding;
  const PhysicalType type = vector.Type().Physical();
  const idx_t width = type == PhysicalType::kVarchar ? 0 : PhysicalTypeSize(type);
  const_data_ptr_t data = vector.Data();
  const auto value_at = [&](idx_t r) { return reinterpret_cast<const char*>(data + r * width); };
  switch (method) {
    case Compression::kUncompressed:
      break;
    case Compression::kConstant:
      if (type == PhysicalType::kVarchar) {
        PutString(vector.Values<string_t>()[survey.first_valid].View(), out);
      } else {
        out.append(value_at(survey.first_valid), width);
      }
      break;
    case Compression::kRle: {
      std::vector<uint16_t> lengths;
      std::string values;
      const bool all_valid = survey.validity == ValidityKind::kAllValid;
      // The runs: where row r starts one, the value of the row before differs.
      auto find_runs = [&](auto same) {
        idx_t start = 0, current = survey.first_valid;
        values.append(value_at(current), width);
        for (idx_t r = survey.first_valid + 1; r < count; r++) {
          if ((!all_valid && !vector.RowIsValid(r)) || same(r, current)) continue;
          lengths.push_back(static_cast<uint16_t>(r - start));
          start = current = r;
          values.append(value_at(r), width);
        }
        lengths.push_back(static_cast<uint16_t>(count - start));
      };
      if (IsMachineWidth(width)) {
        WithWidth(width, [&](auto zero) {
          const auto* typed = vector.Values<decltype(zero)>();
          find_runs([typed](idx_t a, idx_t b) { return typed[a] == typed[b]; });
        });
      } else {
        find_runs(
            [&](idx_t a, idx_t b) { return std::memcmp(value_at(a), value_at(b), width) == 0; });
      }
      PutBytesOf<uint32_t>(out, static_cast<uint32_t>(lengths.size()));
      out += values;
      out.append(reinterpret_cast<const char*>(lengths.data()), lengths.size() * 2);
      encoding.entries = static_cast<uint32_t>(lengths.size());
      break;
    }
    case Compression::kBitPacking: {
      const bool is_signed = IsSigned(type);
      const bool all_valid = survey.validity == ValidityKind::kAllValid;
      out.push_back(static_cast<char>(survey.delta ? kDeltaFor : kFor));
      if (!survey.delta) {
        out.append(reinterpret_cast<const char*>(&survey.frame), width);  // little-endian
        out.push_back(static_cast<char>(survey.bits));
        WithWidth(width, [&](auto zero) {
          const auto* values = vector.Values<decltype(zero)>();
          Pack(
              count, survey.bits,
              [&](idx_t r) -> uint64_t {
                if (!all_valid && !vector.RowIsValid(r)) return 0;
                return WidenTyped(values[r], is_signed) - survey.frame;
              },
              out);
        });
        encoding.bits = static_cast<uint8_t>(survey.bits);
        break;
      }
      // Each row's value, a NULL row's being the one before it (the first valid one for
      // leading NULLs).
      std::vector<uint64_t> widened(count);
      WithWidth(width, [&](auto zero) {
        const auto* values = vector.Values<decltype(zero)>();
        uint64_t last = WidenTyped(values[survey.first_valid], is_signed);
        for (idx_t r = 0; r < count; r++) {
          if (all_valid || vector.RowIsValid(r)) last = WidenTyped(values[r], is_signed);
          widened[r] = last;
        }
      });
      out.append(reinterpret_cast<const char*>(&widened[0]), width);
      PutBytesOf<uint64_t>(out, survey.delta_frame);
      out.push_back(static_cast<char>(survey.delta_bits));
      Pack(
          count - 1, survey.delta_bits,
          [&](idx_t r) { return widened[r + 1] - widened[r] - survey.delta_frame; }, out);
      encoding.bits = static_cast<uint8_t>(survey.delta_bits);
      encoding.delta = true;
      break;
    }
    case Compression::kRoaring:
      PutRoaring(survey.true_rows, out);
      break;
    case Compression::kDictionary: {
      PutBytesOf<uint32_t>(out, static_cast<uint32_t>(survey.entries.size()));
      for (const auto& entry : survey.entries) PutString(entry, out);
      out.push_back(static_cast<char>(survey.bits));
      Pack(
          count, survey.bits, [&](idx_t r) -> uint64_t { return survey.row_entry[r]; }, out);
      encoding.bits = static_cast<uint8_t>(survey.bits);
      encoding.entries = static_cast<uint32_t>(survey.entries.size());
      break;
    }
  }
  return encoding;
}

/// Sets the survey's mode as force_bitpacking_mode asks (kAuto: as the survey chose).
void ApplyBitPackingMode(BitPackingMode mode, idx_t count, Survey& survey) {
  const bool deltas = count >= 2;
  switch (mode) {
    case BitPackingMode::kAuto:
      break;
    case BitPackingMode::kFor:
      survey.delta = false;
      break;
    case BitPackingMode::kDeltaFor:
      survey.delta = deltas;
      break;
    case BitPackingMode::kConstant:
      if (survey.bits == 0) survey.delta = false;
      break;
    case BitPackingMode::kConstantDelta:
      if (deltas && survey.delta_bits == 0) survey.delta = true;
      break;
  }
}

SegmentEncoding EncodeFlatSegment(const Vector& vector, idx_t count,
                                  const CompressionChoice& choice, std::string& out) {
  const std::optional<Compression> forced = choice.method;
  const PhysicalType type = vector.Type().Physical();
  Survey survey;
  if (IsNested(type) || forced == Compression::kUncompressed || count == 0) {
    return Write(vector, count, Compression::kUncompressed, survey, out);
  }
  idx_t valid = count;
  if (!vector.Validity().AllValid()) {
    valid = 0;
    bool seen = false;
    for (idx_t r = 0; r < count; r++) {
      if (!vector.RowIsValid(r)) continue;
      valid++;
      if (!seen) survey.first_valid = r;
      seen = true;
    }
  }
  if (valid == 0) {
    survey.validity = ValidityKind::kAllNull;
    return Write(vector, count, Compression::kConstant, survey, out);
  }
  if (valid < count) {
    survey.valid_rows.resize(count);
    for (idx_t r = 0; r < count; r++) survey.valid_rows[r] = vector.RowIsValid(r);
    const idx_t roaring = RoaringSize(survey.valid_rows);
    const idx_t bitmap = (count + 7) / 8;
    if (forced == Compression::kRoaring || roaring < bitmap) {
      survey.validity = ValidityKind::kRoaring;
      survey.validity_bytes = roaring;
    } else {
      survey.validity = ValidityKind::kBitmap;
      survey.validity_bytes = bitmap;
    }
  }
  if (type == PhysicalType::kVarchar) {
    SurveyStrings(vector, count, forced == Compression::kDictionary, survey);
  } else {
    SurveyFixed(vector, count, survey);
    if (type == PhysicalType::kBool) survey.true_rows = TrueRows(vector, count);
  }
  if (survey.packable) ApplyBitPackingMode(choice.bitpacking, count, survey);
  const auto sizes = Sizes(vector, count, survey);
  if (forced && sizes[static_cast<size_t>(*forced)] != 0) {
    return Write(vector, count, *forced, survey, out);
  }
  // The smallest compressed encoding (on a tie the simpler method: the lower number), or
  // none when the values take fewer bytes as they are.
  size_t best = 0;
  for (size_t m = 1; m < sizes.size(); m++) {
    if (sizes[m] != 0 && (best == 0 || sizes[m] < sizes[best])) best = m;
  }
  if (best != 0 && sizes[0] < sizes[best]) best = 0;
  return Write(vector, count, static_cast<Compression>(best), survey, out);
}

}  // namespace

std::string_view CompressionName(Compression compression) {
  switch (compression) {
    case Compression::kUncompressed:
      return "Uncompressed";
    case Compression::kConstant:
      return "Constant";
    case Compression::kRle:
      return "RLE";
    case Compression::kBitPacking:
      return "BitPacking";
    case Compression::kDictionary:
      return "Dictionary";
    case Compression::kRoaring:
      return "Roaring";
  }
  return "Uncompressed";
}

std::optional<BitPackingMode> ParseBitPackingMode(std::string_view setting) {
  constexpr std::pair<std::string_view, BitPackingMode> kModes[] = {
      {"auto", BitPackingMode::kAuto},
      {"for", BitPackingMode::kFor},
      {"delta_for", BitPackingMode::kDeltaFor},
      {"constant", BitPackingMode::kConstant},
      {"constant_delta", BitPackingMode::kConstantDelta}};
  for (const auto& [name, mode] : kModes) {
    if (EqualsIgnoringAsciiCase(setting, name)) return mode;
  }
  return std::nullopt;
}

std::optional<Compression> ForcedCompression(std::string_view setting) {
  // force_compression's values are the methods' names (pragma_storage_info's).
  for (uint8_t m = 0; m <= static_cast<uint8_t>(kLastCompression); m++) {
    const auto method = static_cast<Compression>(m);
    if (EqualsIgnoringAsciiCase(setting, CompressionName(method))) return method;
  }
  return std::nullopt;
}

SegmentEncoding EncodeSegment(const Vector& vector, idx_t count, const CompressionChoice& forced,
                              std::string& out) {
  if (!vector.IsConstant()) return EncodeFlatSegment(vector, count, forced, out);
  Vector flat(vector.Type(), 0);
  flat.Reference(vector);
  flat.Flatten(count);
  return EncodeFlatSegment(flat, count, forced, out);
}

SegmentEncoding DecodeSegment(std::string_view& in, idx_t count, Vector& out,
                              std::string_view what) {
  const auto method_byte = TakeValue<uint8_t>(in, what, "compression method");
  if (method_byte > static_cast<uint8_t>(kLastCompression)) {
    CorruptEncoding(what, fmt::format("compression method {}", method_byte));
  }
  const auto method = static_cast<Compression>(method_byte);
  const PhysicalType type = out.Type().Physical();
  if (!Fits(method, type)) {
    CorruptEncoding(what, fmt::format("a {} segment of a {} column", CompressionName(method),
                                      out.Type().ToString()));
  }
  SegmentEncoding encoding{method};
  if (count == 0 && method != Compression::kUncompressed) {
    CorruptEncoding(what, fmt::format("a {} segment of no rows", CompressionName(method)));
  }
  if (method == Compression::kUncompressed) {
    if (!in.empty() && in[0] == 1) encoding.validity = ValidityKind::kBitmap;
    DecodeVector(in, count, out, what);
    return encoding;
  }
  const auto validity = TakeValue<uint8_t>(in, what, "validity kind");
  if (validity > static_cast<uint8_t>(ValidityKind::kRoaring)) {
    CorruptEncoding(what, fmt::format("validity kind {}", validity));
  }
  encoding.validity = static_cast<ValidityKind>(validity);
  if (encoding.validity == ValidityKind::kAllNull) {
    if (method != Compression::kConstant) {
      CorruptEncoding(what, fmt::format("an all-NULL {} segment", CompressionName(method)));
    }
    for (idx_t r = 0; r < count; r++) out.SetNull(r);
    return encoding;
  }
  if (encoding.validity == ValidityKind::kBitmap) {
    std::string_view bitmap = TakeBytes(in, (count + 7) / 8, what, "validity bitmap");
    for (idx_t r = 0; r < count; r++) {
      if (!((static_cast<uint8_t>(bitmap[r / 8]) >> (r % 8)) & 1)) out.SetNull(r);
    }
  }
  std::vector<bool> rows;
  if (encoding.validity == ValidityKind::kRoaring) {
    ReadRoaring(in, count, what, rows);
    for (idx_t r = 0; r < count; r++) {
      if (!rows[r]) out.SetNull(r);
    }
  }
  data_ptr_t data = out.Data();
  if (method == Compression::kRoaring) {
    ReadRoaring(in, count, what, rows);
    auto* values = out.Values<bool>();
    for (idx_t r = 0; r < count; r++) values[r] = rows[r];
    return encoding;
  }
  if (type == PhysicalType::kVarchar) {
    auto* strings = out.Values<string_t>();
    if (method == Compression::kConstant) {
      const auto size = TakeValue<uint32_t>(in, what, "constant's length");
      const string_t value = out.AddString(TakeBytes(in, size, what, "constant"));
      std::fill(strings, strings + count, value);
      return encoding;
    }
    const auto entries = TakeValue<uint32_t>(in, what, "dictionary size");
    if (entries == 0 || entries > count) {
      CorruptEncoding(what, fmt::format("a dictionary of {} strings for {} rows", entries, count));
    }
    std::vector<string_t> dictionary(entries);
    for (auto& entry : dictionary) {
      const auto size = TakeValue<uint32_t>(in, what, "dictionary string's length");
      entry = out.AddString(TakeBytes(in, size, what, "dictionary string"));
    }
    const auto bits = TakeValue<uint8_t>(in, what, "index width");
    if (bits > 32) CorruptEncoding(what, fmt::format("dictionary indexes of {} bits", bits));
    const char* words = TakeBytes(in, 8 * PackedWords(count, bits), what, "indexes").data();
    const uint64_t mask = BitMask(bits);
    for (idx_t r = 0; r < count; r++) {
      const uint64_t at = bits == 0 ? 0 : Unpack(words, r, bits, mask);
      if (at >= entries) {
        CorruptEncoding(what, fmt::format("index {} into a dictionary of {}", at, entries));
      }
      strings[r] = dictionary[at];
    }
    encoding.bits = bits;
    encoding.entries = entries;
    return encoding;
  }
  const idx_t width = PhysicalTypeSize(type);
  switch (method) {
    case Compression::kUncompressed:
    case Compression::kDictionary:
    case Compression::kRoaring:
      break;  // handled above
    case Compression::kConstant:
      FillRows(data, width, 0, count, TakeBytes(in, width, what, "constant").data());
      break;
    case Compression::kRle: {
      const auto runs = TakeValue<uint32_t>(in, what, "run count");
      if (runs == 0 || runs > count) {
        CorruptEncoding(what, fmt::format("{} runs for {} rows", runs, count));
      }
      const char* values = TakeBytes(in, runs * width, what, "run values").data();
      const char* lengths = TakeBytes(in, runs * 2, what, "run lengths").data();
      idx_t row = 0;
      for (idx_t k = 0; k < runs; k++) {
        uint16_t length;
        std::memcpy(&length, lengths + 2 * k, 2);
        if (length == 0 || row + length > count) {
          CorruptEncoding(what,
                          fmt::format("a run of {} rows from row {} of {}", length, row, count));
        }
        FillRows(data, width, row, row + length, values + k * width);
        row += length;
      }
      if (row != count) CorruptEncoding(what, fmt::format("runs of {} rows for {}", row, count));
      encoding.entries = runs;
      break;
    }
    case Compression::kBitPacking: {
      const auto mode = TakeValue<uint8_t>(in, what, "bitpacking mode");
      if (mode != kFor && mode != kDeltaFor) {
        CorruptEncoding(what, fmt::format("bitpacking mode {}", mode));
      }
      uint64_t frame = 0;
      std::memcpy(&frame, TakeBytes(in, width, what, "frame").data(), width);
      const bool delta = mode == kDeltaFor;
      const uint64_t delta_frame = delta ? TakeValue<uint64_t>(in, what, "delta frame") : 0;
      const auto bits = TakeValue<uint8_t>(in, what, "bit width");
      if (bits > (delta ? 64 : 8 * width)) {
        CorruptEncoding(what, fmt::format("{} bits for a {}-byte value", bits, width));
      }
      const idx_t packed = delta ? count - 1 : count;
      const char* words =
          TakeBytes(in, 8 * PackedWords(packed, bits), what, "packed values").data();
      WithWidth(width, [&](auto zero) {
        using T = decltype(zero);
        T* values = reinterpret_cast<T*>(data);
        if (!delta) return UnpackInto(words, count, bits, frame, values);
        const uint64_t mask = BitMask(bits);
        uint64_t value = frame;
        values[0] = static_cast<T>(value);
        for (idx_t r = 1; r < count; r++) {
          value += delta_frame + (bits == 0 ? 0 : Unpack(words, r - 1, bits, mask));
          values[r] = static_cast<T>(value);
        }
      });
      encoding.bits = bits;
      encoding.delta = delta;
      break;
    }
  }
  return encoding;
}

}  // namespace teal
