// src/common/md5.cpp — MD5 as specified by RFC 1321.
//
// The message is processed in 64-byte blocks; each block runs four rounds of sixteen
// steps over the state words A, B, C, D. Words are little-endian, both when the block
// is read and when the digest is written. Padding is one 0x80 byte, zeros up to 56
// bytes mod 64, then the message length in bits as a little-endian 64-bit number.
#include "common/md5.hpp"

#include <algorithm>
#include <cstring>

namespace teal {

namespace {

// T[i] = floor(abs(sin(i + 1)) * 2^32), the RFC's table (section 3.4).
constexpr uint32_t kSine[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

// Left-rotation amounts per round, four per round, repeating (section 3.4).
constexpr int kShift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

inline uint32_t RotateLeft(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

}  // namespace

Md5::Md5() : state_{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476}, buffer_{} {}

void Md5::Transform(const uint8_t* block) {
  uint32_t x[16];
  for (int i = 0; i < 16; i++) {
    x[i] = uint32_t(block[i * 4]) | (uint32_t(block[i * 4 + 1]) << 8) |
           (uint32_t(block[i * 4 + 2]) << 16) | (uint32_t(block[i * 4 + 3]) << 24);
  }
  uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
  for (int i = 0; i < 64; i++) {
    int round = i / 16;
    uint32_t f;
    int k;  // which message word this step mixes in
    switch (round) {
      case 0:
        f = (b & c) | (~b & d);
        k = i;
        break;
      case 1:
        f = (b & d) | (c & ~d);
        k = (1 + 5 * i) % 16;
        break;
      case 2:
        f = b ^ c ^ d;
        k = (5 + 3 * i) % 16;
        break;
      default:
        f = c ^ (b | ~d);
        k = (7 * i) % 16;
        break;
    }
    uint32_t rotated = RotateLeft(a + f + x[k] + kSine[i], kShift[round][i % 4]);
    a = d;
    d = c;
    c = b;
    b = b + rotated;
  }
  state_[0] += a;
  state_[1] += b;
  state_[2] += c;
  state_[3] += d;
}

void Md5::Update(std::string_view bytes) {
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  size_t size = bytes.size();
  size_t used = total_bytes_ % 64;
  total_bytes_ += size;
  if (used > 0) {
    size_t take = std::min(size, 64 - used);
    std::memcpy(buffer_ + used, data, take);
    data += take;
    size -= take;
    if (used + take < 64) return;
    Transform(buffer_);
  }
  for (; size >= 64; data += 64, size -= 64) Transform(data);
  if (size > 0) std::memcpy(buffer_, data, size);
}

Md5::Digest Md5::Finish() {
  uint64_t bit_length = total_bytes_ * 8;
  size_t used = total_bytes_ % 64;
  size_t pad = used < 56 ? 56 - used : 120 - used;
  uint8_t padding[72] = {0x80};
  for (int i = 0; i < 8; i++) padding[pad + i] = uint8_t(bit_length >> (8 * i));
  Update(std::string_view(reinterpret_cast<const char*>(padding), pad + 8));
  Digest digest;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) digest[i * 4 + j] = uint8_t(state_[i] >> (8 * j));
  }
  return digest;
}

std::string Md5::ToHex(const Digest& digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(32);
  for (uint8_t byte : digest) {
    out += kHex[byte >> 4];
    out += kHex[byte & 15];
  }
  return out;
}

std::string Md5::HexOf(std::string_view bytes) {
  Md5 md5;
  md5.Update(bytes);
  return ToHex(md5.Finish());
}

}  // namespace teal
