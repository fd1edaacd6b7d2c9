// Vector codec: every physical layout round-trips with its NULLs (flat and constant
// vectors, nested lists, long strings), and truncated or damaged bytes are an IOError,
// never a crash.
#include "storage/vector_codec.hpp"

#include <gtest/gtest.h>

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

void ExpectRoundTrip(const Vector& v, idx_t count) {
  std::string bytes;
  EncodeVector(v, count, bytes);
  bytes += "tail";
  std::string_view in = bytes;
  Vector back(v.Type(), std::max<idx_t>(count, 1));
  DecodeVector(in, count, back, "test");
  EXPECT_EQ(in, "tail");
  for (idx_t r = 0; r < count; r++) {
    EXPECT_EQ(back.GetValue(r).ToString(), v.GetValue(r).ToString()) << v.Type().ToString() << r;
    EXPECT_EQ(back.RowIsValid(r), v.RowIsValid(r));
  }
}

TEST(VectorCodecTest, EveryLayoutRoundTripsWithItsNulls) {
  const std::vector<std::pair<LogicalType, std::vector<std::string>>> cases = {
      {TypeId::kBoolean, {"true", "", "false"}},
      {TypeId::kTinyInt, {"-128", "127", ""}},
      {TypeId::kInteger, {"1", "", "-2147483648"}},
      {TypeId::kBigInt, {"9223372036854775807", "0", ""}},
      {TypeId::kHugeInt, {"-170141183460469231731687303715884105728", "", "5"}},
      {TypeId::kUBigInt, {"18446744073709551615", ""}},
      {TypeId::kDouble, {"1.5", "", "-0.0", "inf"}},
      {LogicalType::Decimal(18, 3), {"123456789012345.678", "", "-0.001"}},
      {TypeId::kDate, {"2026-12-02", "", "infinity"}},
      {TypeId::kTimestamp, {"2026-12-02 10:45:06.123456", ""}},
      {TypeId::kInterval, {"1 year 2 months 3 days 04:05:06", ""}},
      {TypeId::kUuid, {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", ""}},
      {TypeId::kVarchar, {"short", "", "a string well past the twelve inline bytes", ""}},
      {TypeId::kBlob, {"\\x00\\xFFbinary", ""}},
      {LogicalType::Enum("mood", {"sad", "ok", "happy"}), {"happy", "", "sad"}},
      {LogicalType::List(TypeId::kInteger), {"[1, NULL, 3]", "", "[]", "[4]"}},
      {LogicalType::List(LogicalType::List(TypeId::kVarchar)),
       {"[[a, a string well past the twelve inline bytes], NULL, []]", "", "[[b]]"}},
  };
  for (const auto& [type, texts] : cases) ExpectRoundTrip(Make(type, texts), texts.size());
}

TEST(VectorCodecTest, AConstantVectorIsWrittenRowByRow) {
  Vector constant(Value::Varchar("the same long value for every row"));
  ExpectRoundTrip(constant, 5);
  Vector null_constant{Value(LogicalType(TypeId::kInteger))};
  ExpectRoundTrip(null_constant, 3);
}

TEST(VectorCodecTest, DamagedBytesAreAnIOErrorNamingTheSource) {
  Vector v =
      Make(LogicalType::List(TypeId::kVarchar), {"[a, bb, a string past twelve bytes]", "[]"});
  std::string bytes;
  EncodeVector(v, 2, bytes);
  for (size_t cut = 0; cut < bytes.size(); cut++) {
    std::string_view in(bytes.data(), cut);
    Vector back(v.Type(), 2);
    try {
      DecodeVector(in, 2, back, "block 7 of x.teal");
      ADD_FAILURE() << "no error at cut " << cut;
    } catch (const IOError& e) {
      EXPECT_NE(std::string(e.what()).find("block 7 of x.teal is corrupt"), std::string::npos);
    }
  }
  std::string flag = bytes;
  flag[0] = 7;
  std::string_view in = flag;
  Vector back(v.Type(), 2);
  EXPECT_THROW(DecodeVector(in, 2, back, "x"), IOError);
}

}  // namespace
}  // namespace teal
