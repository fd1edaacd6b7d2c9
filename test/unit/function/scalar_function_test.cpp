// Unit tests of the scalar function library's subtle parts: the LIKE matcher (escapes,
// code points, backtracking), the UTF-8 helpers, and DECIMAL operator typing through
// overload resolution.
#include <gtest/gtest.h>

#include "function/function.hpp"
#include "function/scalar/string_util.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

using scalar::LikeMatches;

TEST(LikeTest, PercentMatchesAnyRunIncludingEmpty) {
  EXPECT_TRUE(LikeMatches("", "%"));
  EXPECT_TRUE(LikeMatches("abc", "%"));
  EXPECT_TRUE(LikeMatches("abc", "a%c"));
  EXPECT_TRUE(LikeMatches("ac", "a%c"));
  EXPECT_FALSE(LikeMatches("abd", "a%c"));
  EXPECT_TRUE(LikeMatches("abcabc", "%bc"));
}

TEST(LikeTest, UnderscoreMatchesExactlyOneCodePoint) {
  EXPECT_TRUE(LikeMatches("é", "_"));
  EXPECT_FALSE(LikeMatches("é", "__"));  // two bytes, one character
  EXPECT_TRUE(LikeMatches("a😀b", "a_b"));
  EXPECT_FALSE(LikeMatches("", "_"));
}

TEST(LikeTest, BackslashEscapesWildcardsAndItself) {
  EXPECT_TRUE(LikeMatches("50%", "50\\%"));
  EXPECT_FALSE(LikeMatches("500", "50\\%"));
  EXPECT_TRUE(LikeMatches("a_b", "a\\_b"));
  EXPECT_FALSE(LikeMatches("axb", "a\\_b"));
  EXPECT_TRUE(LikeMatches("a\\b", "a\\\\b"));
  EXPECT_THROW(LikeMatches("a", "a\\"), InvalidInputError);
}

TEST(LikeTest, BacktrackingStaysPolynomialOnAdversarialPatterns) {
  std::string text(5000, 'a');
  std::string pattern;
  for (int i = 0; i < 50; i++) pattern += "%a";
  pattern += "%b";
  EXPECT_FALSE(LikeMatches(text, pattern));
  EXPECT_TRUE(LikeMatches(text + "b", pattern));
}

TEST(Utf8Test, CaseConversionCoversEveryScript) {
  EXPECT_EQ(scalar::ConvertCase("ÀÉÎõü", false), "àéîõü");
  EXPECT_EQ(scalar::ConvertCase("àéîõü", true), "ÀÉÎÕÜ");
  EXPECT_EQ(scalar::ConvertCase("αβγ", true), "ΑΒΓ");
  EXPECT_EQ(scalar::ConvertCase("ίς", true), "ΊΣ");  // accented Greek, final sigma
  EXPECT_EQ(scalar::ConvertCase("ЁЖИК", false), "ёжик");
  EXPECT_EQ(scalar::ConvertCase("ÿāǆ", true), "ŸĀǄ");  // Latin Extended
  EXPECT_EQ(scalar::ConvertCase("Ꭰ", false), "ꭰ");   // Cherokee
  EXPECT_EQ(scalar::ConvertCase("×÷ß", true), "×÷ß");  // not letters; ß has no one-letter capital
}

TEST(Utf8Test, CountsAndOffsetsAreInCodePoints) {
  EXPECT_EQ(scalar::CodePointCount("héllo😀"), 6);
  EXPECT_EQ(scalar::ByteOffset("héllo", 2), 3u);
  EXPECT_EQ(scalar::ByteOffset("hé", 10), 3u);
}

ScalarFunction Resolve(const char* name, std::vector<LogicalType> types) {
  const ScalarFunctionSet* set = FunctionCatalog::Builtins().FindScalar(name);
  EXPECT_NE(set, nullptr);
  return ResolveScalar(*set, types, std::vector<bool>(types.size(), false));
}

TEST(DecimalOperatorTest, AdditionTakesTheLargerScaleAndOneMoreDigit) {
  auto f = Resolve("+", {LogicalType::Decimal(5, 2), LogicalType::Decimal(10, 4)});
  EXPECT_EQ(f.return_type, LogicalType::Decimal(11, 4));
  // Both operands arrive at the result scale.
  EXPECT_EQ(f.arguments[0].DecimalScale(), 4);
  EXPECT_EQ(f.arguments[1].DecimalScale(), 4);
}

TEST(DecimalOperatorTest, IntegerOperandCountsAsDecimalWithScaleZero) {
  auto f = Resolve("-", {TypeId::kInteger, LogicalType::Decimal(4, 1)});
  EXPECT_EQ(f.return_type, LogicalType::Decimal(12, 1));
}

TEST(DecimalOperatorTest, MultiplicationAddsScalesAndCapsWidth) {
  auto f = Resolve("*", {LogicalType::Decimal(30, 2), LogicalType::Decimal(20, 3)});
  EXPECT_EQ(f.return_type, LogicalType::Decimal(38, 5));
  EXPECT_THROW(Resolve("*", {LogicalType::Decimal(38, 20), LogicalType::Decimal(38, 20)}),
               OutOfRangeError);
}

TEST(DecimalOperatorTest, DivisionIsDouble) {
  auto f = Resolve("/", {LogicalType::Decimal(5, 2), LogicalType::Decimal(5, 2)});
  EXPECT_EQ(f.return_type, LogicalType(TypeId::kDouble));
}

TEST(OperatorResolutionTest, IntegerOperandsWidenToTheCommonType) {
  EXPECT_EQ(Resolve("+", {TypeId::kSmallInt, TypeId::kInteger}).return_type,
            LogicalType(TypeId::kInteger));
  // An unsigned and a signed type meet at the narrowest signed type that holds both
  // (DuckDB's rule); UBIGINT used to fall through to DOUBLE and lose digits.
  EXPECT_EQ(Resolve("*", {TypeId::kUTinyInt, TypeId::kTinyInt}).return_type,
            LogicalType(TypeId::kSmallInt));
  EXPECT_EQ(Resolve("+", {TypeId::kUInteger, TypeId::kInteger}).return_type,
            LogicalType(TypeId::kBigInt));
  EXPECT_EQ(Resolve("-", {TypeId::kUBigInt, TypeId::kInteger}).return_type,
            LogicalType(TypeId::kHugeInt));
  EXPECT_EQ(Resolve("+", {TypeId::kUHugeInt, TypeId::kTinyInt}).return_type,
            LogicalType(TypeId::kHugeInt));
  EXPECT_EQ(Resolve("+", {TypeId::kSqlNull, TypeId::kBigInt}).return_type,
            LogicalType(TypeId::kBigInt));
}

}  // namespace
}  // namespace teal
