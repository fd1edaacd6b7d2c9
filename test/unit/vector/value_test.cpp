// Value: construction, rendering (ToString) and CastAs over the scalar and LIST types,
// and strings through a Vector.
#include "teal/value.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"
#include "vector/vector.hpp"

namespace teal {

namespace {
constexpr int128 kHugeMax = static_cast<int128>((~uint128(0)) >> 1);
constexpr int128 kHugeMin = -kHugeMax - 1;
}  // namespace

TEST(ValueTest, DecimalRendersWithItsScale) {
  EXPECT_EQ(Value::Decimal(150, 5, 2).ToString(), "1.50");
  EXPECT_EQ(Value::Decimal(-5, 3, 1).ToString(), "-0.5");
}

TEST(ValueTest, HugeintLimitsRender) {
  EXPECT_EQ(Value::HugeInt(kHugeMin).ToString(), "-170141183460469231731687303715884105728");
  EXPECT_EQ(Value::HugeInt(kHugeMax).ToString(), "170141183460469231731687303715884105727");
  EXPECT_EQ(Value::UHugeInt(~uint128(0)).ToString(), "340282366920938463463374607431768211455");
}

TEST(ValueTest, HugeintLimitsParseBack) {
  Value min = Value::Varchar("-170141183460469231731687303715884105728")
                  .CastAs(LogicalType(TypeId::kHugeInt));
  EXPECT_EQ(min, Value::HugeInt(kHugeMin));
}

TEST(ValueTest, IntegersRenderTheirExtremes) {
  EXPECT_EQ(Value::TinyInt(-128).ToString(), "-128");
  EXPECT_EQ(Value::BigInt(INT64_MIN).ToString(), "-9223372036854775808");
  EXPECT_EQ(Value::UBigInt(UINT64_MAX).ToString(), "18446744073709551615");
}

TEST(ValueTest, OutOfRangeCastThrowsConversionError) {
  EXPECT_THROW(Value::Varchar("300").CastAs(LogicalType(TypeId::kTinyInt)), ConversionError);
}

TEST(ValueTest, TryCastAsReportsTheMessageInsteadOfThrowing) {
  Value out;
  std::string error;
  EXPECT_FALSE(Value::Varchar("300").TryCastAs(LogicalType(TypeId::kTinyInt), out, &error));
  EXPECT_EQ(error, "Could not convert string '300' to INT8: out of range");
}

TEST(ValueTest, TryCastAsReportsAMissingCast) {
  Value out;
  std::string error;
  EXPECT_FALSE(Value::Uuid(hugeint_t(0)).TryCastAs(LogicalType(TypeId::kBlob), out, &error));
  EXPECT_EQ(error, "Unimplemented type for cast (UUID -> BLOB)");
}

TEST(ValueTest, NullRendersAsNullAndCastsToATypedNull) {
  EXPECT_EQ(Value(LogicalType(TypeId::kInteger)).ToString(), "NULL");
  Value cast = Value(LogicalType(TypeId::kVarchar)).CastAs(LogicalType(TypeId::kDouble));
  EXPECT_TRUE(cast.IsNull());
  EXPECT_EQ(cast.Type(), LogicalType(TypeId::kDouble));
}

TEST(ValueTest, ScalarTypesRenderAsText) {
  EXPECT_EQ(Value::Boolean(true).ToString(), "true");
  EXPECT_EQ(Value::Double(2.0).ToString(), "2.0");
  EXPECT_EQ(Value::Float(1.5f).ToString(), "1.5");
  EXPECT_EQ(Value::Blob("\x01z").ToString(), "\\x01z");
  EXPECT_EQ(Value::Varchar("héllo").ToString(), "héllo");
}

TEST(ValueTest, UuidRoundTripsThroughText) {
  Value uuid =
      Value::Varchar("0189F7B4-D5A1-7C3E-9C5B-000000000001").CastAs(LogicalType(TypeId::kUuid));
  EXPECT_EQ(uuid.ToString(), "0189f7b4-d5a1-7c3e-9c5b-000000000001");
}

TEST(ValueTest, CastAsToTheSameTypeIsTheIdentity) {
  Value v = Value::Decimal(12345, 9, 3);
  EXPECT_EQ(v.CastAs(LogicalType::Decimal(9, 3)), v);
}

TEST(ValueTest, ListRendersAndParses) {
  Value list = Value::List(LogicalType(TypeId::kVarchar),
                           {Value::Varchar("a b"), Value(LogicalType(TypeId::kVarchar))});
  EXPECT_EQ(list.ToString(), "[a b, NULL]");
  EXPECT_EQ(Value::Varchar("[a b, NULL]").CastAs(list.Type()), list);
}

TEST(ValueTest, ArrayHasItsSizeOfElementsAndCastsThroughAVector) {
  const LogicalType type = LogicalType::Array(TypeId::kInteger, 2);
  Value array = Value::Array(type, {Value::Integer(1), Value(LogicalType(TypeId::kInteger))});
  EXPECT_EQ(array.Type(), type);
  EXPECT_EQ(array.ToString(), "[1, NULL]");
  EXPECT_THROW(Value::Array(type, {Value::Integer(1)}), InvalidInputError);
  // A vector gives the value back as the array it holds.
  Vector v(type, 1);
  v.SetValue(0, array);
  EXPECT_EQ(v.GetValue(0), array);
  EXPECT_EQ(v.GetValue(0).Type(), type);
  // To and from LIST and VARCHAR; another length does not convert.
  const LogicalType list = LogicalType::List(TypeId::kInteger);
  EXPECT_EQ(array.CastAs(list).Type(), list);
  EXPECT_EQ(array.CastAs(list).CastAs(type), array);
  EXPECT_EQ(Value::Varchar("[1, NULL]").CastAs(type), array);
  EXPECT_THROW(Value::List(LogicalType(TypeId::kInteger), {Value::Integer(1)}).CastAs(type),
               ConversionError);
  EXPECT_THROW(array.CastAs(LogicalType::Array(TypeId::kInteger, 3)), ConversionError);
}

// string_t keeps up to 12 bytes inline and longer strings in the vector's heap.
TEST(ValueTest, TwelveByteUtf8StringStaysInlineInAVector) {
  std::string twelve = "aé€bcdefg";  // 1 + 2 + 3 + 6 = 12 bytes
  ASSERT_EQ(twelve.size(), 12u);
  Vector v(LogicalType(TypeId::kVarchar), 1);
  v.SetValue(0, Value::Varchar(twelve));
  EXPECT_TRUE(v.Values<string_t>()[0].IsInlined());
  EXPECT_EQ(v.GetValue(0).GetString(), twelve);
}

TEST(ValueTest, ThirteenByteUtf8StringGoesToTheHeapInAVector) {
  std::string thirteen = "aé€bcdefgh";  // 13 bytes
  ASSERT_EQ(thirteen.size(), 13u);
  Vector v(LogicalType(TypeId::kVarchar), 1);
  v.SetValue(0, Value::Varchar(thirteen));
  EXPECT_FALSE(v.Values<string_t>()[0].IsInlined());
  EXPECT_EQ(v.GetValue(0).GetString(), thirteen);
}

TEST(ValueTest, MultiByteCharactersSurviveCastsThroughVarchar) {
  std::string text = "日本語 🦆";
  Value blob = Value::Varchar(text).CastAs(LogicalType(TypeId::kBlob));
  EXPECT_EQ(blob.GetString(), text);  // the UTF-8 bytes as they are
  EXPECT_EQ(blob.ToString(), "\\xE6\\x97\\xA5\\xE6\\x9C\\xAC\\xE8\\xAA\\x9E \\xF0\\x9F\\xA6\\x86");
  EXPECT_EQ(Value::Varchar(blob.ToString()).CastAs(LogicalType(TypeId::kBlob)), blob);
  LogicalType labels = LogicalType::Enum("lang", {"日本語", "english"});
  EXPECT_EQ(Value::Varchar("日本語").CastAs(labels).ToString(), "日本語");
}

TEST(ValueTest, MapKeepsTheKeyRuleAndRendersKeyEqualsValue) {
  LogicalType map = LogicalType::Map(TypeId::kVarchar, TypeId::kInteger);
  auto entry = [&](Value key, Value value) {
    return Value::Struct(map.ListChild(), {std::move(key), std::move(value)});
  };
  Value m = Value::Map(map, {entry(Value::Varchar("a"), Value::Integer(1)),
                             entry(Value::Varchar("b"), Value(LogicalType(TypeId::kInteger)))});
  EXPECT_EQ(m.Type(), map);
  EXPECT_EQ(m.ToString(), "{a=1, b=NULL}");
  EXPECT_EQ(Value::Varchar("{a=1, b=NULL}").CastAs(map), m);
  EXPECT_THROW(Value::Map(map, {entry(Value::Varchar("a"), Value::Integer(1)),
                                entry(Value::Varchar("a"), Value::Integer(2))}),
               InvalidInputError);
  EXPECT_THROW(Value::Map(map, {entry(Value(LogicalType(TypeId::kVarchar)), Value::Integer(1))}),
               InvalidInputError);
  // Through a vector and back.
  Vector v(map);
  v.SetValue(0, m);
  EXPECT_EQ(v.GetValue(0), m);
}

}  // namespace teal
