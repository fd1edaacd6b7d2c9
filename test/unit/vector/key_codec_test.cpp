// Key codecs: Read gives back what Write encoded (exactly, but for the floating-point
// values Ambiguous names), and the bytes' memcmp order is the values' order.
#include "vector/key_codec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace teal {
namespace {

template <typename Codec>
void ExpectRoundTrip(const std::vector<typename Codec::T>& values) {
  for (const auto& v : values) {
    data_t bytes[Codec::kWidth];
    Codec::Write(v, bytes);
    const auto back = Codec::Read(bytes);
    EXPECT_EQ(std::memcmp(&back, &v, sizeof(v)), 0);
  }
  // memcmp order of the bytes is the values' order.
  for (size_t i = 0; i + 1 < values.size(); i++) {
    data_t a[Codec::kWidth], b[Codec::kWidth];
    Codec::Write(values[i], a);
    Codec::Write(values[i + 1], b);
    const int c = std::memcmp(a, b, Codec::kWidth);
    EXPECT_EQ(c < 0, values[i] < values[i + 1]) << i;
  }
}

TEST(KeyCodecTest, IntegersReadBackExactly) {
  std::mt19937_64 random(7);
  std::vector<int64_t> i64{INT64_MIN, -1, 0, 1, INT64_MAX};
  std::vector<int32_t> i32{INT32_MIN, -70000, -1, 0, 1, INT32_MAX};
  std::vector<int8_t> i8{-128, -1, 0, 1, 127};
  std::vector<uint64_t> u64{0, 1, UINT64_MAX - 1, UINT64_MAX};
  for (int i = 0; i < 1000; i++) {
    i64.push_back(static_cast<int64_t>(random()));
    u64.push_back(random());
  }
  ExpectRoundTrip<SignedCodec<int64_t>>(i64);
  ExpectRoundTrip<SignedCodec<int32_t>>(i32);
  ExpectRoundTrip<SignedCodec<int8_t>>(i8);
  ExpectRoundTrip<UnsignedCodec<uint64_t>>(u64);
  ExpectRoundTrip<BoolCodec>({false, true});
  std::vector<hugeint_t> huge;
  for (int i = 0; i < 200; i++) {
    hugeint_t h;
    h.upper = static_cast<int64_t>(random());
    h.lower = random();
    huge.push_back(h);
  }
  ExpectRoundTrip<HugeIntCodec>(huge);
}

TEST(KeyCodecTest, FloatsReadBackExactlyButForZeroAndNaN) {
  using Codec = FloatCodec<double, uint64_t>;
  const std::vector<double> exact{-INFINITY, -1e300, -1.5, -1e-300, 1e-300, 2.25, 1e300, INFINITY};
  ExpectRoundTrip<Codec>(exact);
  for (double v : exact) EXPECT_FALSE(Codec::Ambiguous(v));
  data_t bytes[8];
  Codec::Write(-0.0, bytes);
  const double zero = Codec::Read(bytes);
  EXPECT_EQ(zero, 0.0);
  EXPECT_TRUE(Codec::Ambiguous(zero));
  Codec::Write(std::nan("7"), bytes);
  const double nan = Codec::Read(bytes);
  EXPECT_TRUE(std::isnan(nan));
  EXPECT_TRUE(Codec::Ambiguous(nan));
  using FloatOne = FloatCodec<float, uint32_t>;
  ExpectRoundTrip<FloatOne>({-3.5f, -1e-30f, 1e-30f, 7.0f});
}

}  // namespace
}  // namespace teal
