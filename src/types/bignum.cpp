// BIGNUM arithmetic and conversions (bignum.hpp). Schoolbook algorithms on 32-bit limbs:
// text conversion is quadratic in the number of digits, which only the largest values
// (millions of digits) notice.
#include "types/bignum.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "teal/error.hpp"

namespace teal {

namespace {

constexpr uint32_t kDecimalChunk = 1000000000;  // 10^9: the digits one limb step carries
constexpr size_t kHeaderBytes = 3;

/// limbs = limbs * factor + addend, in place.
void MultiplyAdd(std::vector<uint32_t>& limbs, uint32_t factor, uint32_t addend) {
  uint64_t carry = addend;
  for (uint32_t& limb : limbs) {
    const uint64_t product = uint64_t{limb} * factor + carry;
    limb = static_cast<uint32_t>(product);
    carry = product >> 32;
  }
  if (carry != 0) limbs.push_back(static_cast<uint32_t>(carry));
}

/// limbs = limbs / divisor, in place (then trimmed); returns the remainder.
uint32_t DivideSmall(std::vector<uint32_t>& limbs, uint32_t divisor) {
  uint64_t remainder = 0;
  for (size_t i = limbs.size(); i-- > 0;) {
    const uint64_t current = (remainder << 32) | limbs[i];
    limbs[i] = static_cast<uint32_t>(current / divisor);
    remainder = current % divisor;
  }
  while (!limbs.empty() && limbs.back() == 0) limbs.pop_back();
  return static_cast<uint32_t>(remainder);
}

/// -1, 0 or 1 as magnitude a is below, equal to or above b (both trimmed).
int CompareMagnitudes(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b) {
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

std::vector<uint32_t> AddMagnitudes(const std::vector<uint32_t>& a,
                                    const std::vector<uint32_t>& b) {
  const std::vector<uint32_t>& longer = a.size() >= b.size() ? a : b;
  const std::vector<uint32_t>& shorter = a.size() >= b.size() ? b : a;
  std::vector<uint32_t> sum(longer.size());
  uint64_t carry = 0;
  for (size_t i = 0; i < longer.size(); i++) {
    const uint64_t s = uint64_t{longer[i]} + (i < shorter.size() ? shorter[i] : 0) + carry;
    sum[i] = static_cast<uint32_t>(s);
    carry = s >> 32;
  }
  if (carry != 0) sum.push_back(static_cast<uint32_t>(carry));
  return sum;
}

/// a - b for magnitudes a >= b.
std::vector<uint32_t> SubtractMagnitudes(const std::vector<uint32_t>& a,
                                         const std::vector<uint32_t>& b) {
  std::vector<uint32_t> difference(a.size());
  int64_t borrow = 0;
  for (size_t i = 0; i < a.size(); i++) {
    int64_t d = int64_t{a[i]} - (i < b.size() ? b[i] : 0) - borrow;
    borrow = d < 0 ? 1 : 0;
    if (d < 0) d += int64_t{1} << 32;
    difference[i] = static_cast<uint32_t>(d);
  }
  return difference;
}

std::vector<uint32_t> LimbsOf(uint128 value) {
  std::vector<uint32_t> limbs;
  while (value != 0) {
    limbs.push_back(static_cast<uint32_t>(value));
    value >>= 32;
  }
  return limbs;
}

}  // namespace

void BigInteger::Trim() {
  while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  if (limbs_.empty()) negative_ = false;
}

BigInteger BigInteger::FromInt128(int128 value) {
  BigInteger out;
  out.negative_ = value < 0;
  // Negating in unsigned arithmetic keeps the minimum's magnitude.
  const uint128 magnitude =
      value < 0 ? uint128{0} - static_cast<uint128>(value) : static_cast<uint128>(value);
  out.limbs_ = LimbsOf(magnitude);
  return out;
}

BigInteger BigInteger::FromUInt128(uint128 value) {
  BigInteger out;
  out.limbs_ = LimbsOf(value);
  return out;
}

BigInteger BigInteger::FromDouble(double value) {
  BigInteger out;
  const double whole = std::trunc(value);
  if (whole == 0) return out;
  int exponent = 0;
  const double fraction = std::frexp(std::fabs(whole), &exponent);  // in [0.5, 1)
  // whole = mantissa * 2^(exponent - 53) exactly: a DOUBLE has 53 significant bits.
  const auto mantissa = static_cast<uint64_t>(std::ldexp(fraction, 53));
  const int shift = exponent - 53;
  if (shift <= 0) {
    out.limbs_ = LimbsOf(mantissa >> -shift);  // the bits shifted out are zero: whole is whole
  } else {
    out.limbs_.assign(static_cast<size_t>(shift / 32), 0);
    const std::vector<uint32_t> low = LimbsOf(uint128{mantissa} << (shift % 32));
    out.limbs_.insert(out.limbs_.end(), low.begin(), low.end());
  }
  out.negative_ = whole < 0;
  out.Trim();
  return out;
}

BigInteger BigInteger::FromStored(std::string_view stored) {
  BigInteger out;
  if (stored.size() <= kHeaderBytes) return out;
  const bool negative = (static_cast<unsigned char>(stored[0]) & 0x80) == 0;
  const std::string_view magnitude = stored.substr(kHeaderBytes);
  const unsigned char flip = negative ? 0xFF : 0x00;
  out.limbs_.assign((magnitude.size() + 3) / 4, 0);
  for (size_t i = 0; i < magnitude.size(); i++) {
    const size_t from_end = magnitude.size() - 1 - i;  // byte significance
    const auto byte = static_cast<uint32_t>(static_cast<unsigned char>(magnitude[i]) ^ flip);
    out.limbs_[from_end / 4] |= byte << (8 * (from_end % 4));
  }
  out.negative_ = negative;
  out.Trim();
  return out;
}

bool BigInteger::Parse(std::string_view text, BigInteger& out) {
  size_t pos = 0;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '-' || text[pos] == '+')) {
    negative = text[pos] == '-';
    pos++;
  }
  bool skipped_zero = false;
  while (pos < text.size() && text[pos] == '0') {
    skipped_zero = true;
    pos++;
  }
  const size_t digits_begin = pos;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') pos++;
  const std::string_view digits = text.substr(digits_begin, pos - digits_begin);
  bool round_up = false;
  bool fraction_digits = false;
  if (pos < text.size() && text[pos] == '.') {
    pos++;
    if (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') round_up = text[pos] >= '5';
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      fraction_digits = true;
      pos++;
    }
  }
  if (pos != text.size()) return false;
  if (digits.empty() && !skipped_zero && !fraction_digits) return false;

  BigInteger value;
  // The first chunk takes the odd digits, so every later one is exactly nine.
  size_t chunk = digits.size() % 9 == 0 ? 9 : digits.size() % 9;
  for (size_t at = 0; at < digits.size(); at += chunk, chunk = 9) {
    uint32_t part = 0;
    for (size_t k = at; k < at + chunk; k++)
      part = part * 10 + static_cast<uint32_t>(digits[k] - '0');
    MultiplyAdd(value.limbs_, kDecimalChunk, part);
  }
  if (round_up) {
    value.limbs_ = AddMagnitudes(value.limbs_, {1});
  }
  value.negative_ = negative;
  value.Trim();
  out = std::move(value);
  return true;
}

size_t BigInteger::MagnitudeBytes() const {
  if (limbs_.empty()) return 1;
  const uint32_t top = limbs_.back();
  size_t top_bytes = top > 0xFFFFFF ? 4 : top > 0xFFFF ? 3 : top > 0xFF ? 2 : 1;
  return (limbs_.size() - 1) * 4 + top_bytes;
}

std::string BigInteger::ToStored() const {
  const size_t n = MagnitudeBytes();
  if (n > kMaxBignumBytes) {
    throw OutOfRangeError(fmt::format(
        "{} in Bignum Operation. A Bignum can hold max {} data bytes. Current bignum has {} bytes.",
        negative_ ? "Underflow" : "Overflow", kMaxBignumBytes, n));
  }
  std::string stored(kHeaderBytes + n, '\0');
  const uint32_t header = 0x800000u | static_cast<uint32_t>(n);
  stored[0] = static_cast<char>(header >> 16);
  stored[1] = static_cast<char>(header >> 8);
  stored[2] = static_cast<char>(header);
  for (size_t i = 0; i < n; i++) {
    const size_t from_end = n - 1 - i;
    const uint32_t limb = from_end / 4 < limbs_.size() ? limbs_[from_end / 4] : 0;
    stored[kHeaderBytes + i] = static_cast<char>(limb >> (8 * (from_end % 4)));
  }
  if (negative_) {
    for (char& c : stored) c = static_cast<char>(~c);
  }
  return stored;
}

std::string BigInteger::ToString() const {
  if (limbs_.empty()) return "0";
  std::vector<uint32_t> rest = limbs_;
  std::vector<uint32_t> chunks;  // base 10^9, least significant first
  while (!rest.empty()) chunks.push_back(DivideSmall(rest, kDecimalChunk));
  std::string text = negative_ ? "-" : "";
  text += std::to_string(chunks.back());
  for (size_t i = chunks.size() - 1; i-- > 0;) text += fmt::format("{:09}", chunks[i]);
  return text;
}

bool BigInteger::MagnitudeAsUInt128(uint128& out) const {
  if (limbs_.size() > 4) return false;
  out = 0;
  for (size_t i = limbs_.size(); i-- > 0;) out = (out << 32) | limbs_[i];
  return true;
}

bool BigInteger::ToInt128(int128 min, int128 max, int128& out) const {
  uint128 magnitude = 0;
  if (!MagnitudeAsUInt128(magnitude)) return false;
  if (negative_) {
    if (magnitude > uint128{0} - static_cast<uint128>(min)) return false;
    out = static_cast<int128>(uint128{0} - magnitude);
    return true;
  }
  if (magnitude > static_cast<uint128>(max)) return false;
  out = static_cast<int128>(magnitude);
  return true;
}

bool BigInteger::ToUInt128(uint128 max, uint128& out) const {
  if (negative_) return false;
  uint128 magnitude = 0;
  if (!MagnitudeAsUInt128(magnitude) || magnitude > max) return false;
  out = magnitude;
  return true;
}

bool BigInteger::ToDouble(double& out) const {
  if (limbs_.empty()) {
    out = 0;
    return true;
  }
  // The top 64 bits, the lowest of them also set when any bit below is: it lies far below
  // DOUBLE's 53 bits, so converting rounds exactly as the whole number would.
  const size_t bits = 32 * limbs_.size() - static_cast<size_t>(__builtin_clz(limbs_.back()));
  uint64_t top = 0;
  bool sticky = false;
  int shift = 0;
  if (bits <= 64) {
    for (size_t i = limbs_.size(); i-- > 0;) top = (top << 32) | limbs_[i];
  } else {
    shift = static_cast<int>(bits - 64);
    for (int b = 63; b >= 0; b--) {
      const size_t bit = static_cast<size_t>(shift + b);
      if ((limbs_[bit / 32] >> (bit % 32)) & 1u) top |= uint64_t{1} << b;
    }
    const size_t whole_limbs = static_cast<size_t>(shift) / 32;
    for (size_t i = 0; i < whole_limbs && !sticky; i++) sticky = limbs_[i] != 0;
    const uint32_t partial = (uint32_t{1} << (shift % 32)) - 1;
    sticky = sticky || (limbs_[whole_limbs] & partial) != 0;
    if (sticky) top |= 1;
  }
  const double value = std::ldexp(static_cast<double>(top), shift);
  if (std::isinf(value)) return false;
  out = negative_ ? -value : value;
  return true;
}

BigInteger BigInteger::operator-() const {
  BigInteger out = *this;
  if (!out.limbs_.empty()) out.negative_ = !negative_;
  return out;
}

BigInteger operator+(const BigInteger& a, const BigInteger& b) {
  BigInteger out;
  if (a.negative_ == b.negative_) {
    out.limbs_ = AddMagnitudes(a.limbs_, b.limbs_);
    out.negative_ = a.negative_;
  } else if (CompareMagnitudes(a.limbs_, b.limbs_) >= 0) {
    out.limbs_ = SubtractMagnitudes(a.limbs_, b.limbs_);
    out.negative_ = a.negative_;
  } else {
    out.limbs_ = SubtractMagnitudes(b.limbs_, a.limbs_);
    out.negative_ = b.negative_;
  }
  out.Trim();
  return out;
}

}  // namespace teal
