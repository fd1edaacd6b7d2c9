// Segment codec: each method round-trips its values with their NULLs and bit patterns,
// the choice takes the fewest bytes (or the forced method where it fits), and damaged
// bytes are an IOError, never a crash.
#include "storage/segment_codec.hpp"

#include <gtest/gtest.h>

#include <random>

#include "storage/roaring_container.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

/// A vector of `type` from text values (NULL where the text is empty).
Vector Make(const LogicalType& type, const std::vector<std::string>& texts) {
  Vector v(type, std::max<idx_t>(texts.size(), 1));
  for (idx_t r = 0; r < texts.size(); r++) {
    v.SetValue(r, texts[r].empty() ? Value(type) : Value::Varchar(texts[r]).CastAs(type));
  }
  return v;
}

/// Encodes rows [0, count) of `v`, checks they decode to the same values and NULLs, and
/// returns what the encoding chose.
SegmentEncoding RoundTrip(const Vector& v, idx_t count,
                          std::optional<Compression> forced = std::nullopt) {
  std::string bytes;
  const SegmentEncoding chosen = EncodeSegment(v, count, forced, bytes);
  bytes += "tail";
  std::string_view in = bytes;
  Vector back(v.Type(), std::max<idx_t>(count, 1));
  const SegmentEncoding read = DecodeSegment(in, count, back, "test");
  EXPECT_EQ(in, "tail");
  EXPECT_EQ(read.compression, chosen.compression);
  EXPECT_EQ(read.validity, chosen.validity);
  for (idx_t r = 0; r < count; r++) {
    EXPECT_EQ(back.RowIsValid(r), v.RowIsValid(r)) << v.Type().ToString() << " row " << r;
    EXPECT_EQ(back.GetValue(r).ToString(), v.GetValue(r).ToString())
        << v.Type().ToString() << " row " << r;
  }
  return chosen;
}

TEST(SegmentCodecTest, ConstantValuesAreOneValue) {
  Vector v = Make(TypeId::kInteger, std::vector<std::string>(2048, "7"));
  const auto chosen = RoundTrip(v, 2048);
  EXPECT_EQ(chosen.compression, Compression::kConstant);
  EXPECT_EQ(chosen.validity, ValidityKind::kAllValid);
  Vector nulls = Make(TypeId::kVarchar, std::vector<std::string>(100, ""));
  EXPECT_EQ(RoundTrip(nulls, 100).validity, ValidityKind::kAllNull);
  Vector strings = Make(TypeId::kVarchar, {"a string well past the inline bytes", "",
                                           "a string well past the inline bytes"});
  const auto text = RoundTrip(strings, 3);
  EXPECT_EQ(text.compression, Compression::kConstant);
  EXPECT_EQ(text.validity, ValidityKind::kBitmap);
}

TEST(SegmentCodecTest, RunsOfRepeatedValuesAreRle) {
  std::vector<std::string> texts;
  for (int run = 0; run < 8; run++) {
    for (int i = 0; i < 256; i++) texts.push_back(i == 5 ? "" : std::to_string(run * 1.5));
  }
  const auto chosen = RoundTrip(Make(TypeId::kDouble, texts), texts.size());
  EXPECT_EQ(chosen.compression, Compression::kRle);
  EXPECT_EQ(chosen.entries, 8u);
}

TEST(SegmentCodecTest, NarrowIntegersAreBitPackedFromTheirSmallestValue) {
  std::vector<std::string> texts;
  for (int i = 0; i < 2048; i++)
    texts.push_back(i % 100 == 0 ? "" : std::to_string(1000000 + i % 13));
  const auto chosen = RoundTrip(Make(TypeId::kBigInt, texts), texts.size());
  EXPECT_EQ(chosen.compression, Compression::kBitPacking);
  EXPECT_FALSE(chosen.delta);
  EXPECT_EQ(chosen.bits, 4);
  // The widest ranges: every bit of the type, signed and unsigned.
  EXPECT_EQ(RoundTrip(Make(TypeId::kBigInt, {"-9223372036854775808", "9223372036854775807", "0"}),
                      3, Compression::kBitPacking)
                .bits,
            64);
  EXPECT_EQ(
      RoundTrip(Make(TypeId::kTinyInt, {"-128", "127", ""}), 3, Compression::kBitPacking).bits, 8);
  // Two values pack smaller as one difference (of 0 bits: the only one is the frame).
  const auto two =
      RoundTrip(Make(TypeId::kUBigInt, {"18446744073709551615", "1"}), 2, Compression::kBitPacking);
  EXPECT_TRUE(two.delta);
  EXPECT_EQ(two.bits, 0);
  RoundTrip(Make(TypeId::kDate, {"2026-12-07", "infinity", "-infinity", ""}), 4,
            Compression::kBitPacking);
  RoundTrip(Make(LogicalType::Decimal(18, 3), {"-123456789012345.678", "0.001"}), 2,
            Compression::kBitPacking);
}

TEST(SegmentCodecTest, SequencesArePackedAsDifferences) {
  Vector ids(TypeId::kBigInt, 2048);
  Vector walk(TypeId::kInteger, 2048);
  Vector extremes(TypeId::kBigInt, 2048);
  std::mt19937_64 random(5);
  int32_t position = 0;
  for (idx_t r = 0; r < 2048; r++) {
    ids.Values<int64_t>()[r] = 5'000'000'000 + static_cast<int64_t>(r) * 3;
    position += static_cast<int32_t>(random() % 7) - 3;
    walk.Values<int32_t>()[r] = position;
    extremes.Values<int64_t>()[r] = r % 2 ? INT64_MIN : INT64_MAX;
    if (r % 300 == 1) walk.SetNull(r);
  }
  walk.SetNull(0);  // a leading NULL repeats the first valid value
  const auto sequence = RoundTrip(ids, 2048);
  EXPECT_EQ(sequence.compression, Compression::kBitPacking);
  EXPECT_TRUE(sequence.delta);
  EXPECT_EQ(sequence.bits, 0);
  const auto steps = RoundTrip(walk, 2048);
  EXPECT_TRUE(steps.delta);
  EXPECT_EQ(steps.bits, 3);
  // Differences that wrap around 64 bits still add back up.
  RoundTrip(extremes, 2048, Compression::kBitPacking);
  RoundTrip(Make(TypeId::kTinyInt, {"127", "-128", "127", "", "-128"}), 5,
            Compression::kBitPacking);
}

TEST(SegmentCodecTest, RandomIntegersRoundTripAtEveryWidth) {
  std::mt19937_64 random(12);
  for (unsigned bits = 1; bits <= 63; bits++) {
    Vector v(TypeId::kBigInt, 2048);
    auto* values = v.Values<int64_t>();
    for (idx_t r = 0; r < 2048; r++) {
      values[r] = static_cast<int64_t>(random() >> (64 - bits)) - 5;
      if (r % 97 == 3) v.SetNull(r);
    }
    RoundTrip(v, 2048, Compression::kBitPacking);
    RoundTrip(v, 1000);
  }
}

TEST(SegmentCodecTest, FewDistinctStringsAreADictionary) {
  std::vector<std::string> texts;
  const std::vector<std::string> words = {"red", "green", "a colour well past twelve bytes", ""};
  for (int i = 0; i < 2048; i++) texts.push_back(words[i * 7 % 4]);
  const auto chosen = RoundTrip(Make(TypeId::kVarchar, texts), texts.size());
  EXPECT_EQ(chosen.compression, Compression::kDictionary);
  EXPECT_EQ(chosen.entries, 3u);
  EXPECT_EQ(chosen.bits, 2);
}

TEST(SegmentCodecTest, DistinctValuesStayUncompressed) {
  std::vector<std::string> texts;
  for (int i = 0; i < 300; i++) texts.push_back("value " + std::to_string(i * 7919));
  EXPECT_EQ(RoundTrip(Make(TypeId::kVarchar, texts), texts.size()).compression,
            Compression::kUncompressed);
  Vector doubles(TypeId::kDouble, 100);
  for (idx_t r = 0; r < 100; r++) doubles.Values<double>()[r] = 1.0 / static_cast<double>(r + 1);
  EXPECT_EQ(RoundTrip(doubles, 100).compression, Compression::kUncompressed);
}

TEST(SegmentCodecTest, FloatBitPatternsAreKept) {
  // -0.0 and 0.0 compare equal but are different values to keep; so are NaNs' payloads.
  Vector v = Make(TypeId::kDouble, {"0.0", "-0.0", "0.0", "nan", "-0.0"});
  RoundTrip(v, 5, Compression::kRle);
  RoundTrip(v, 5);
  std::string bytes;
  EXPECT_NE(EncodeSegment(v, 5, Compression::kConstant, bytes).compression, Compression::kConstant);
}

TEST(SegmentCodecTest, AForcedMethodThatDoesNotFitChoosesAsAutoDoes) {
  std::string bytes;
  std::vector<std::string> texts;
  for (int i = 0; i < 300; i++) texts.push_back(i % 3 ? "abcd" : "efgh");
  Vector strings = Make(TypeId::kVarchar, texts);
  EXPECT_EQ(EncodeSegment(strings, 300, Compression::kBitPacking, bytes).compression,
            Compression::kDictionary);
  Vector numbers = Make(TypeId::kInteger, {"1", "2", "3"});
  EXPECT_EQ(EncodeSegment(numbers, 3, Compression::kRle, bytes).compression, Compression::kRle);
  EXPECT_EQ(EncodeSegment(numbers, 3, Compression::kUncompressed, bytes).compression,
            Compression::kUncompressed);
  Vector lists = Make(LogicalType::List(TypeId::kInteger), {"[1]", "[1]"});
  EXPECT_EQ(RoundTrip(lists, 2, Compression::kConstant).compression, Compression::kUncompressed);
  EXPECT_EQ(ForcedCompression("RLE"), Compression::kRle);
  EXPECT_EQ(ForcedCompression("alp"), std::nullopt);
  EXPECT_EQ(ForcedCompression("auto"), std::nullopt);
}

TEST(SegmentCodecTest, RoaringTakesTheSmallestContainerForm) {
  // The form byte: array, inverted array, runs, inverted runs, bitmap.
  auto form_of = [](const std::vector<bool>& set) {
    std::string bytes;
    PutRoaring(set, bytes);
    EXPECT_EQ(bytes.size(), RoaringSize(set));
    std::string_view in = bytes;
    std::vector<bool> back;
    ReadRoaring(in, set.size(), "test", back);
    EXPECT_TRUE(in.empty());
    EXPECT_EQ(back, set);
    return static_cast<int>(bytes[0]);
  };
  std::vector<bool> sparse(2048, false), dense(2048, true), runs(2048, false), gaps(2048, true),
      noise(2048, false);
  std::mt19937_64 random(3);
  for (idx_t r = 0; r < 2048; r++) {
    if (r % 100 == 7) sparse[r] = true;
    if (r % 100 == 7) dense[r] = false;
    if (r % 512 < 300) runs[r] = true;
    if (r % 512 > 40 && r % 512 < 300) gaps[r] = false;
    noise[r] = random() & 1;
  }
  EXPECT_EQ(form_of(sparse), 0);
  EXPECT_EQ(form_of(dense), 1);
  EXPECT_EQ(form_of(runs), 2);
  EXPECT_EQ(form_of(noise), 4);
  form_of(gaps);
  form_of(std::vector<bool>(5, false));
  form_of(std::vector<bool>(2048, true));
}

TEST(SegmentCodecTest, BooleansAndNullsAreRoaringContainers) {
  std::vector<std::string> flags, numbers;
  for (int i = 0; i < 2048; i++) {
    flags.push_back(i % 512 < 350 ? "false" : (i % 97 == 0 ? "" : "true"));
    numbers.push_back(i % 25 == 0 ? "1337" : "");
  }
  const auto booleans = RoundTrip(Make(TypeId::kBoolean, flags), 2048, Compression::kRoaring);
  EXPECT_EQ(booleans.compression, Compression::kRoaring);
  EXPECT_EQ(booleans.validity, ValidityKind::kRoaring);
  // Sparse valid rows: their positions take fewer bytes than a bitmap, forced or not.
  const auto sparse = RoundTrip(Make(TypeId::kInteger, numbers), 2048);
  EXPECT_EQ(sparse.compression, Compression::kConstant);
  EXPECT_EQ(sparse.validity, ValidityKind::kRoaring);
  EXPECT_EQ(ForcedCompression("Roaring"), Compression::kRoaring);
}

TEST(SegmentCodecTest, DamagedBytesAreAnIoErrorNeverACrash) {
  std::vector<std::string> texts;
  std::vector<std::string> flags;
  for (int i = 0; i < 600; i++) {
    texts.push_back(i % 9 == 0 ? "" : std::to_string(i % 5));
    flags.push_back(i % 9 == 0 ? "" : (i % 5 > 2 ? "true" : "false"));
  }
  const std::vector<std::pair<LogicalType, std::optional<Compression>>> cases = {
      {TypeId::kInteger, Compression::kRle},        {TypeId::kInteger, Compression::kBitPacking},
      {TypeId::kVarchar, Compression::kDictionary}, {TypeId::kVarchar, Compression::kConstant},
      {TypeId::kBoolean, Compression::kRoaring},
  };
  idx_t refused = 0;
  for (const auto& [type, method] : cases) {
    Vector v = Make(type, type.Id() == TypeId::kBoolean ? flags : texts);
    std::string bytes;
    EncodeSegment(v, texts.size(), method, bytes);
    // Every prefix is too short; every single-byte change either decodes or is refused.
    for (idx_t cut = 0; cut < bytes.size(); cut++) {
      std::string_view in(bytes.data(), cut);
      Vector back(type, texts.size());
      EXPECT_THROW(DecodeSegment(in, texts.size(), back, "test"), IOError) << cut;
    }
    for (idx_t at = 0; at < std::min<idx_t>(bytes.size(), 200); at++) {
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x5a);
      std::string_view in = damaged;
      Vector back(type, texts.size());
      try {
        DecodeSegment(in, texts.size(), back, "test");
      } catch (const IOError&) {
        refused++;
      }
    }
  }
  EXPECT_GT(refused, 0u);
  std::string wrong_type;
  EncodeSegment(Make(TypeId::kVarchar, {"a", "a", "b"}), 3, Compression::kDictionary, wrong_type);
  std::string_view in = wrong_type;
  Vector numbers(TypeId::kInteger, 3);
  EXPECT_THROW(DecodeSegment(in, 3, numbers, "test"), IOError);
}

}  // namespace
}  // namespace teal
