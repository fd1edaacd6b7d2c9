// SHA-1 and SHA-256 as FIPS 180-4 defines them: the message padded with a 1 bit, zeros and
// its length in bits (big-endian, 64 bits) to a multiple of 64 bytes, each 64-byte block
// run through the compression function.
#include "common/sha.hpp"

#include <array>
#include <cstdint>

namespace teal {

namespace {

constexpr uint32_t Rotl(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
constexpr uint32_t Rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/// The padded message's 64-byte blocks, one at a time, to `compress`.
template <typename Compress>
void ForEachBlock(std::string_view bytes, Compress compress) {
  const uint64_t bits = static_cast<uint64_t>(bytes.size()) * 8;
  size_t offset = 0;
  for (; offset + 64 <= bytes.size(); offset += 64) {
    compress(reinterpret_cast<const uint8_t*>(bytes.data() + offset));
  }
  // The tail, the 0x80 byte, zeros, and the length: one block or two.
  std::array<uint8_t, 128> tail{};
  const size_t rest = bytes.size() - offset;
  for (size_t i = 0; i < rest; i++) tail[i] = static_cast<uint8_t>(bytes[offset + i]);
  tail[rest] = 0x80;
  const size_t length = rest + 1 + 8 <= 64 ? 64 : 128;
  for (int i = 0; i < 8; i++) tail[length - 1 - i] = static_cast<uint8_t>(bits >> (8 * i));
  compress(tail.data());
  if (length == 128) compress(tail.data() + 64);
}

uint32_t Word(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
}

template <size_t N>
std::string Hex(const std::array<uint32_t, N>& state) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (uint32_t w : state) {
    for (int shift = 28; shift >= 0; shift -= 4) out.push_back(kDigits[(w >> shift) & 0xf]);
  }
  return out;
}

}  // namespace

std::string Sha1Hex(std::string_view bytes) {
  std::array<uint32_t, 5> h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
  ForEachBlock(bytes, [&](const uint8_t* block) {
    std::array<uint32_t, 80> w;
    for (int t = 0; t < 16; t++) w[t] = Word(block + 4 * t);
    for (int t = 16; t < 80; t++) w[t] = Rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
    for (int t = 0; t < 80; t++) {
      uint32_t f, k;
      if (t < 20) {
        f = (b & c) | (~b & d);
        k = 0x5A827999;
      } else if (t < 40) {
        f = b ^ c ^ d;
        k = 0x6ED9EBA1;
      } else if (t < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8F1BBCDC;
      } else {
        f = b ^ c ^ d;
        k = 0xCA62C1D6;
      }
      const uint32_t temp = Rotl(a, 5) + f + e + k + w[t];
      e = d;
      d = c;
      c = Rotl(b, 30);
      b = a;
      a = temp;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
  });
  return Hex(h);
}

std::string Sha256Hex(std::string_view bytes) {
  static constexpr std::array<uint32_t, 64> kK = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
      0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
      0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
      0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
      0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
      0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
      0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
      0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
      0xc67178f2};
  std::array<uint32_t, 8> h = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  ForEachBlock(bytes, [&](const uint8_t* block) {
    std::array<uint32_t, 64> w;
    for (int t = 0; t < 16; t++) w[t] = Word(block + 4 * t);
    for (int t = 16; t < 64; t++) {
      const uint32_t s0 = Rotr(w[t - 15], 7) ^ Rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
      const uint32_t s1 = Rotr(w[t - 2], 17) ^ Rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    std::array<uint32_t, 8> v = h;
    for (int t = 0; t < 64; t++) {
      const uint32_t s1 = Rotr(v[4], 6) ^ Rotr(v[4], 11) ^ Rotr(v[4], 25);
      const uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
      const uint32_t t1 = v[7] + s1 + ch + kK[t] + w[t];
      const uint32_t s0 = Rotr(v[0], 2) ^ Rotr(v[0], 13) ^ Rotr(v[0], 22);
      const uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
      const uint32_t t2 = s0 + maj;
      v = {t1 + t2, v[0], v[1], v[2], v[3] + t1, v[4], v[5], v[6]};
    }
    for (int i = 0; i < 8; i++) h[i] += v[i];
  });
  return Hex(h);
}

}  // namespace teal
