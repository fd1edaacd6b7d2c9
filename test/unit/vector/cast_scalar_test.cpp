// The scalar cast family (numbers, BOOLEAN, DECIMAL, VARCHAR, BLOB, UUID, ENUM),
// through Value (one-row constant vectors) and through whole flat vectors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "teal/error.hpp"
#include "teal/value.hpp"
#include "vector/vector.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
const LogicalType kBool(TypeId::kBoolean);
const LogicalType kTinyInt(TypeId::kTinyInt);
const LogicalType kSmallInt(TypeId::kSmallInt);
const LogicalType kInteger(TypeId::kInteger);
const LogicalType kBigInt(TypeId::kBigInt);
const LogicalType kUTinyInt(TypeId::kUTinyInt);
const LogicalType kUInteger(TypeId::kUInteger);
const LogicalType kUBigInt(TypeId::kUBigInt);
const LogicalType kHugeInt(TypeId::kHugeInt);
const LogicalType kUHugeInt(TypeId::kUHugeInt);
const LogicalType kFloat(TypeId::kFloat);
const LogicalType kDouble(TypeId::kDouble);
const LogicalType kVarchar(TypeId::kVarchar);
const LogicalType kBlob(TypeId::kBlob);
const LogicalType kUuid(TypeId::kUuid);
const LogicalType kDate(TypeId::kDate);

std::string CastText(std::string_view text, const LogicalType& to) {
  return Value::Varchar(text).CastAs(to).ToString();
}
std::string CastError(const Value& v, const LogicalType& to) {
  Value out;
  std::string error;
  EXPECT_FALSE(v.TryCastAs(to, out, &error)) << v.ToString() << " to " << to.ToString();
  return error;
}
LogicalType Mood() { return LogicalType::Enum("mood", {"sad", "ok", "happy"}); }
}  // namespace

// --- integers -------------------------------------------------------------------

TEST(CastScalarTest, IntegerNarrowingOutOfRangeNamesValueAndTypes) {
  EXPECT_EQ(CastError(Value::Integer(300), kTinyInt),
            "Type INT32 with value 300 can't be cast because the value is out of range for the "
            "destination type INT8");
}

TEST(CastScalarTest, IntegerCastsKeepValuesThatFit) {
  EXPECT_EQ(Value::Integer(-128).CastAs(kTinyInt), Value::TinyInt(-128));
  EXPECT_EQ(Value::UBigInt(UINT64_MAX).CastAs(kHugeInt), Value::HugeInt(int128(UINT64_MAX)));
  EXPECT_EQ(Value::TinyInt(-1).CastAs(kBigInt), Value::BigInt(-1));
  EXPECT_EQ(Value::HugeInt(int128(42)).CastAs(kUTinyInt), Value::UTinyInt(42));
}

TEST(CastScalarTest, NegativeToUnsignedIsOutOfRange) {
  EXPECT_EQ(CastError(Value::SmallInt(-1), kUInteger),
            "Type INT16 with value -1 can't be cast because the value is out of range for the "
            "destination type UINT32");
  EXPECT_EQ(CastError(Value::HugeInt(int128(-1)), kUHugeInt),
            "Type INT128 with value -1 can't be cast because the value is out of range for the "
            "destination type UINT128");
}

TEST(CastScalarTest, HugeintLimitsConvertOnlyWhereTheyFit) {
  int128 max = static_cast<int128>((~uint128(0)) >> 1);
  EXPECT_EQ(Value::HugeInt(max).CastAs(kUHugeInt), Value::UHugeInt(uint128(max)));
  EXPECT_EQ(CastError(Value::UHugeInt(~uint128(0)), kHugeInt),
            "Type UINT128 with value 340282366920938463463374607431768211455 can't be cast because "
            "the value is out of range for the destination type INT128");
  CastError(Value::HugeInt(-max - 1), kBigInt);
}

// --- BOOLEAN --------------------------------------------------------------------

TEST(CastScalarTest, BooleanToIntegerIsZeroOrOne) {
  EXPECT_EQ(Value::Boolean(true).CastAs(kInteger), Value::Integer(1));
  EXPECT_EQ(Value::Boolean(false).CastAs(kHugeInt), Value::HugeInt(int128(0)));
}

TEST(CastScalarTest, NonZeroIntegerIsTrue) {
  EXPECT_EQ(Value::Integer(2).CastAs(kBool), Value::Boolean(true));
  EXPECT_EQ(Value::BigInt(0).CastAs(kBool), Value::Boolean(false));
  EXPECT_EQ(Value::HugeInt(int128(-1) << 100).CastAs(kBool), Value::Boolean(true));
}

TEST(CastScalarTest, BooleanRendersAsTrueFalseAndParsesTheUsualWords) {
  EXPECT_EQ(Value::Boolean(true).ToString(), "true");
  EXPECT_EQ(Value::Boolean(false).ToString(), "false");
  EXPECT_EQ(CastText(" Yes ", kBool), "true");
  EXPECT_EQ(CastText("OFF", kBool), "false");
  EXPECT_EQ(CastError(Value::Varchar("maybe"), kBool), "Could not convert string 'maybe' to BOOL");
}

// --- FLOAT / DOUBLE -------------------------------------------------------------

TEST(CastScalarTest, FloatToIntegerRoundsHalfToEven) {
  EXPECT_EQ(Value::Double(2.5).CastAs(kInteger), Value::Integer(2));
  EXPECT_EQ(Value::Double(3.5).CastAs(kInteger), Value::Integer(4));
  EXPECT_EQ(Value::Float(-2.5f).CastAs(kInteger), Value::Integer(-2));
  EXPECT_EQ(Value::Double(2.6).CastAs(kUTinyInt), Value::UTinyInt(3));
}

TEST(CastScalarTest, FloatToIntegerChecksTheRange) {
  EXPECT_EQ(Value::Double(127.4).CastAs(kTinyInt), Value::TinyInt(127));
  EXPECT_EQ(CastError(Value::Double(127.5), kTinyInt),
            "Type DOUBLE with value 127.5 can't be cast because the value is out of range for the "
            "destination type INT8");
  EXPECT_EQ(Value::Double(-9223372036854775808.0).CastAs(kBigInt),
            Value::BigInt(std::numeric_limits<int64_t>::min()));
  CastError(Value::Double(9223372036854775808.0), kBigInt);
  CastError(Value::Double(-1.0), kUBigInt);
  EXPECT_EQ(Value::Double(1e38).CastAs(kHugeInt).ToString(),
            "99999999999999997748809823456034029568");
}

TEST(CastScalarTest, NanAndInfinityDoNotConvertToIntegers) {
  EXPECT_EQ(CastError(Value::Double(std::nan("")), kInteger),
            "Type DOUBLE with value nan can't be cast because the value is out of range for the "
            "destination type INT32");
  CastError(Value::Float(std::numeric_limits<float>::infinity()), kHugeInt);
  CastError(Value::Double(-std::numeric_limits<double>::infinity()), kBigInt);
}

TEST(CastScalarTest, IntegerToFloatingIsTheNearestValue) {
  EXPECT_EQ(Value::BigInt(3).CastAs(kDouble), Value::Double(3.0));
  EXPECT_EQ(Value::HugeInt(int128(1) << 100).CastAs(kDouble), Value::Double(std::ldexp(1.0, 100)));
  EXPECT_EQ(Value::UBigInt(UINT64_MAX).CastAs(kFloat), Value::Float(18446744073709551616.0f));
}

TEST(CastScalarTest, DoubleToFloatOverflowIsAnErrorButInfinityIsKept) {
  EXPECT_EQ(Value::Double(0.5).CastAs(kFloat), Value::Float(0.5f));
  EXPECT_EQ(CastError(Value::Double(1e300), kFloat),
            "Type DOUBLE with value 1e+300 can't be cast because the value is out of range for the "
            "destination type FLOAT");
  EXPECT_TRUE(std::isinf(
      Value::Double(std::numeric_limits<double>::infinity()).CastAs(kFloat).GetStored<float>()));
  EXPECT_EQ(Value::Float(0.1f).CastAs(kDouble), Value::Double(static_cast<double>(0.1f)));
}

TEST(CastScalarTest, FloatingRendersLikeDuckDb) {
  EXPECT_EQ(Value::Double(1.0).ToString(), "1.0");
  EXPECT_EQ(Value::Double(-0.0).ToString(), "-0.0");
  EXPECT_EQ(Value::Double(1e20).ToString(), "1e+20");
  EXPECT_EQ(Value::Double(0.1 + 0.2).ToString(), "0.30000000000000004");
  EXPECT_EQ(Value::Float(0.1f).ToString(), "0.1");
  EXPECT_EQ(Value::Double(-std::numeric_limits<double>::infinity()).ToString(), "-inf");
}

TEST(CastScalarTest, VarcharToFloatingAcceptsSpecials) {
  EXPECT_EQ(CastText("  inf", kDouble), "inf");
  EXPECT_EQ(CastText("-Infinity", kFloat), "-inf");
  EXPECT_EQ(CastText("NAN", kDouble), "nan");
  EXPECT_EQ(CastText("+1.25e2", kDouble), "125.0");
  EXPECT_EQ(CastError(Value::Varchar("1.2.3"), kDouble),
            "Could not convert string '1.2.3' to DOUBLE");
  EXPECT_EQ(CastError(Value::Varchar("1e999"), kDouble),
            "Could not convert string '1e999' to DOUBLE: out of range");
}

// --- integers and VARCHAR -------------------------------------------------------

TEST(CastScalarTest, VarcharToIntegerAllowsWhitespacePlusFractionAndExponent) {
  EXPECT_EQ(CastText(" +42 ", kInteger), "42");
  EXPECT_EQ(CastText("1.5", kInteger), "2");
  EXPECT_EQ(CastText("-1.5", kInteger), "-2");
  EXPECT_EQ(CastText("1e3", kSmallInt), "1000");
}

TEST(CastScalarTest, VarcharToIntegerGarbageAndOverflowAreErrors) {
  EXPECT_EQ(CastError(Value::Varchar("abc"), kInteger), "Could not convert string 'abc' to INT32");
  EXPECT_EQ(CastError(Value::Varchar("300"), kTinyInt),
            "Could not convert string '300' to INT8: out of range");
  CastError(Value::Varchar(""), kBigInt);
  CastError(Value::Varchar("12 34"), kBigInt);
}

TEST(CastScalarTest, HugeintTextCoversTheFullRange) {
  EXPECT_EQ(CastText("-170141183460469231731687303715884105728", kHugeInt),
            "-170141183460469231731687303715884105728");
  EXPECT_EQ(CastText("340282366920938463463374607431768211455", kUHugeInt),
            "340282366920938463463374607431768211455");
  CastError(Value::Varchar("170141183460469231731687303715884105728"), kHugeInt);
  CastError(Value::Varchar("340282366920938463463374607431768211456"), kUHugeInt);
}

// --- DECIMAL --------------------------------------------------------------------

TEST(CastScalarTest, DecimalRendersExactlyScaleDigits) {
  EXPECT_EQ(Value::Decimal(150, 5, 2).ToString(), "1.50");
  EXPECT_EQ(Value::Decimal(-50, 5, 2).ToString(), "-0.50");
  EXPECT_EQ(Value::Decimal(12, 4, 0).ToString(), "12");
  EXPECT_EQ(Value::Decimal(-123456789012345678, 18, 4).ToString(), "-12345678901234.5678");
  int128 big = static_cast<int128>(-99999999999999999) * 1000000000000000000 - 1;
  EXPECT_EQ(Value::Decimal(big, 38, 10).ToString(), "-9999999999999999900000000.0000000001");
}

TEST(CastScalarTest, VarcharToDecimalRoundsAndChecksTheWidth) {
  LogicalType d52 = LogicalType::Decimal(5, 2);
  EXPECT_EQ(CastText("1.5", d52), "1.50");
  EXPECT_EQ(CastText(" -3.14159 ", d52), "-3.14");
  EXPECT_EQ(CastText("0.005", d52), "0.01");
  EXPECT_EQ(CastError(Value::Varchar("1000"), d52),
            "Could not convert string \"1000\" to DECIMAL(5,2): out of range");
  EXPECT_EQ(CastError(Value::Varchar("1,5"), d52),
            "Could not convert string \"1,5\" to DECIMAL(5,2)");
}

TEST(CastScalarTest, DecimalRescaleRoundsHalfAwayFromZero) {
  EXPECT_EQ(Value::Decimal(125, 5, 2).CastAs(LogicalType::Decimal(4, 1)).ToString(), "1.3");
  EXPECT_EQ(Value::Decimal(-125, 5, 2).CastAs(LogicalType::Decimal(4, 1)).ToString(), "-1.3");
  EXPECT_EQ(Value::Decimal(15, 2, 1).CastAs(LogicalType::Decimal(38, 20)).ToString(),
            "1.50000000000000000000");
  EXPECT_EQ(Value::Decimal(int128(1) << 100, 38, 10).CastAs(LogicalType::Decimal(38, 0)).ToString(),
            "126765060022822940150");
}

TEST(CastScalarTest, DecimalRescaleOverflowIsOutOfRange) {
  EXPECT_EQ(CastError(Value::Decimal(99999, 5, 2), LogicalType::Decimal(4, 2)),
            "Casting value \"999.99\" to type DECIMAL(4,2) failed: value is out of range!");
  CastError(Value::Decimal(99999, 5, 0), LogicalType::Decimal(38, 35));
}

TEST(CastScalarTest, DecimalToIntegerRoundsHalfAwayFromZero) {
  EXPECT_EQ(Value::Decimal(25, 2, 1).CastAs(kInteger), Value::Integer(3));
  EXPECT_EQ(Value::Decimal(-25, 2, 1).CastAs(kInteger), Value::Integer(-3));
  EXPECT_EQ(Value::Decimal(24, 2, 1).CastAs(kTinyInt), Value::TinyInt(2));
  EXPECT_EQ(CastError(Value::Decimal(30000, 9, 2), kTinyInt),
            "Failed to cast decimal value 300.00 to type TINYINT: out of range");
}

TEST(CastScalarTest, IntegerToDecimalMustFitTheWidth) {
  EXPECT_EQ(Value::Integer(42).CastAs(LogicalType::Decimal(4, 2)).ToString(), "42.00");
  EXPECT_EQ(CastError(Value::Integer(100), LogicalType::Decimal(4, 2)),
            "Could not cast value 100 to DECIMAL(4,2): out of range");
  EXPECT_EQ(Value::UBigInt(UINT64_MAX).CastAs(LogicalType::Decimal(38, 0)).ToString(),
            "18446744073709551615");
  CastError(Value::UHugeInt(~uint128(0)), LogicalType::Decimal(38, 0));
}

TEST(CastScalarTest, DecimalAndFloatingConvertBothWays) {
  EXPECT_EQ(Value::Decimal(150, 5, 2).CastAs(kDouble), Value::Double(1.5));
  EXPECT_EQ(Value::Decimal(-1, 3, 1).CastAs(kFloat), Value::Float(-0.1f));
  EXPECT_EQ(Value::Double(1.005).CastAs(LogicalType::Decimal(5, 2)).ToString(), "1.01");
  EXPECT_EQ(Value::Float(2.5f).CastAs(LogicalType::Decimal(2, 0)).ToString(), "3");
  CastError(Value::Double(std::nan("")), LogicalType::Decimal(5, 2));
  EXPECT_EQ(CastError(Value::Double(1000.0), LogicalType::Decimal(5, 2)),
            "Could not cast value 1000.0 to DECIMAL(5,2): out of range");
}

// --- BLOB, UUID, ENUM -----------------------------------------------------------

TEST(CastScalarTest, BlobRendersEscapedAndParsesBack) {
  Value blob = Value::Blob(std::string_view("a\0\xff\\", 4));
  EXPECT_EQ(blob.ToString(), "a\\x00\\xFF\\x5C");
  EXPECT_EQ(Value::Varchar(blob.ToString()).CastAs(kBlob), blob);
}

TEST(CastScalarTest, MalformedBlobEscapeIsAnError) {
  EXPECT_EQ(
      CastError(Value::Varchar("\\x4"), kBlob),
      "Could not convert string '\\x4' to BLOB: malformed escape, expected \\x and two hex digits");
}

TEST(CastScalarTest, UuidRendersLowerCaseHyphenated) {
  EXPECT_EQ(CastText("{A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11}", kUuid),
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
  EXPECT_EQ(CastText("a0eebc999c0b4ef8bb6d6bb9bd380a11", kUuid),
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
  EXPECT_EQ(CastError(Value::Varchar("not-a-uuid"), kUuid),
            "Could not convert string 'not-a-uuid' to UUID");
}

TEST(CastScalarTest, UuidOrderIsTextOrder) {
  Value low = Value::Varchar("00000000-0000-0000-0000-000000000001").CastAs(kUuid);
  Value high = Value::Varchar("ffffffff-0000-0000-0000-000000000000").CastAs(kUuid);
  EXPECT_LT(low.GetStored<hugeint_t>(), high.GetStored<hugeint_t>());
}

TEST(CastScalarTest, EnumConvertsToAndFromItsLabels) {
  EXPECT_EQ(Value::Enum(Mood(), 2).ToString(), "happy");
  EXPECT_EQ(Value::Varchar("ok").CastAs(Mood()), Value::Enum(Mood(), 1));
}

TEST(CastScalarTest, UnknownEnumLabelNamesLabelAndType) {
  EXPECT_EQ(CastError(Value::Varchar("angry"), Mood()),
            "Could not convert string 'angry' to mood: not a label of ENUM mood: out of range for "
            "the destination type");
}

TEST(CastScalarTest, EnumToEnumMapsByLabel) {
  LogicalType other = LogicalType::Enum("feeling", {"happy", "sad"});
  EXPECT_EQ(Value::Enum(Mood(), 2).CastAs(other), Value::Enum(other, 0));
  EXPECT_EQ(CastError(Value::Enum(Mood(), 1), other),
            "could not convert mood value \"ok\" to feeling: not a label of ENUM feeling: out of "
            "range for the destination type");
}

// --- which casts exist ----------------------------------------------------------

TEST(CastScalarTest, CastExistsForImplementedPairsOnly) {
  EXPECT_TRUE(CastExists(kInteger, kHugeInt));
  EXPECT_TRUE(CastExists(kBool, kUTinyInt));
  EXPECT_TRUE(CastExists(kDouble, LogicalType::Decimal(9, 2)));
  EXPECT_TRUE(CastExists(kUuid, kVarchar));
  EXPECT_TRUE(CastExists(kVarchar, Mood()));
  EXPECT_TRUE(CastExists(Mood(), LogicalType::Enum("e", {"x"})));
  EXPECT_FALSE(CastExists(kBool, kDouble));
  EXPECT_FALSE(CastExists(kBool, LogicalType::Decimal(4, 1)));
  EXPECT_FALSE(CastExists(kUuid, kBlob));
  EXPECT_FALSE(CastExists(kBlob, kInteger));
  EXPECT_FALSE(CastExists(Mood(), kInteger));
  EXPECT_FALSE(CastExists(kHugeInt, kUuid));
}

TEST(CastScalarTest, MissingCastThrowsNoCastExists) {
  Vector source(kUuid, 1);
  Vector result(kBlob, 1);
  try {
    CastVector(source, result, 1);
    FAIL() << "expected ConversionError";
  } catch (const ConversionError& e) {
    EXPECT_STREQ(e.what(), "Unimplemented type for cast (UUID -> BLOB)");
  }
}

// --- whole vectors --------------------------------------------------------------

TEST(CastScalarTest, NullRowsStayNullAcrossAVector) {
  Vector source(kVarchar, 4);
  source.SetValue(0, Value::Varchar("1"));
  source.SetNull(1);
  source.SetValue(2, Value::Varchar("3"));
  source.SetNull(3);
  Vector result(kBigInt, 4);
  CastVector(source, result, 4);
  EXPECT_EQ(result.GetValue(0), Value::BigInt(1));
  EXPECT_TRUE(result.GetValue(1).IsNull());
  EXPECT_EQ(result.GetValue(2), Value::BigInt(3));
  EXPECT_TRUE(result.GetValue(3).IsNull());
}

TEST(CastScalarTest, NullRowsAreNotParsed) {
  // The bytes behind a NULL row are garbage and must not produce an error.
  Vector source(kVarchar, 2);
  source.SetValue(0, Value::Varchar("oops"));
  source.SetNull(0);
  source.SetValue(1, Value::Varchar("7"));
  Vector result(kInteger, 2);
  CastVector(source, result, 2);
  EXPECT_TRUE(result.GetValue(0).IsNull());
  EXPECT_EQ(result.GetValue(1), Value::Integer(7));
}

TEST(CastScalarTest, FirstFailingRowIsReported) {
  Vector source(kInteger, 3);
  source.SetValue(0, Value::Integer(1));
  source.SetValue(1, Value::Integer(1000));
  source.SetValue(2, Value::Integer(2000));
  Vector result(kTinyInt, 3);
  std::string error;
  EXPECT_FALSE(TryCastVector(source, result, 3, &error));
  EXPECT_EQ(error,
            "Type INT32 with value 1000 can't be cast because the value is out of range for the "
            "destination type INT8");
}

TEST(CastScalarTest, LongRenderingsGoToTheResultHeap) {
  const idx_t n = kVectorSize;
  Vector source(kHugeInt, n);
  for (idx_t i = 0; i < n; i++) {
    source.SetValue(i, Value::HugeInt(-static_cast<int128>(i) * 1000000000000000000));
  }
  Vector result(kVarchar, n);
  CastVector(source, result, n);
  EXPECT_EQ(result.GetValue(0).ToString(), "0");
  EXPECT_EQ(result.GetValue(n - 1).ToString(), "-2047000000000000000000");
  Vector back(kHugeInt, n);
  CastVector(result, back, n);
  for (idx_t i = 0; i < n; i++) ASSERT_EQ(back.GetValue(i), source.GetValue(i)) << i;
}

TEST(CastScalarTest, ConstantVectorStaysConstant) {
  Vector source(Value::Integer(5));
  Vector result(kDouble, kVectorSize);
  CastVector(source, result, kVectorSize);
  EXPECT_TRUE(result.IsConstant());
  EXPECT_EQ(result.GetValue(100), Value::Double(5.0));
}

TEST(CastScalarTest, SqlNullCastsToAnyType) {
  EXPECT_TRUE(Value().CastAs(kUuid).IsNull());
  EXPECT_EQ(Value().CastAs(kUuid).Type(), kUuid);
}

}  // namespace teal
