// Edit distances and similarities: textbook cases, symmetry, code points (not bytes), and
// the "did you mean" choice of a close name.
#include "common/string_distance.hpp"

#include <gtest/gtest.h>

#include <string>

#include "common/utf8.hpp"

namespace teal {
namespace {

int64_t Lev(std::string_view a, std::string_view b) {
  return LevenshteinDistance(DecodeUtf8(a), DecodeUtf8(b));
}
int64_t Dam(std::string_view a, std::string_view b) {
  return DamerauLevenshteinDistance(DecodeUtf8(a), DecodeUtf8(b));
}
double Jaro(std::string_view a, std::string_view b) {
  return JaroSimilarity(DecodeUtf8(a), DecodeUtf8(b));
}
double Winkler(std::string_view a, std::string_view b) {
  return JaroWinklerSimilarity(DecodeUtf8(a), DecodeUtf8(b));
}

TEST(StringDistanceTest, LevenshteinTextbookCases) {
  EXPECT_EQ(Lev("kitten", "sitting"), 3);
  EXPECT_EQ(Lev("sitting", "kitten"), 3);
  EXPECT_EQ(Lev("", "abc"), 3);
  EXPECT_EQ(Lev("abc", ""), 3);
  EXPECT_EQ(Lev("", ""), 0);
  EXPECT_EQ(Lev("flaw", "lawn"), 2);
  EXPECT_EQ(Lev("ab", "ba"), 2);
}

TEST(StringDistanceTest, DamerauCountsASwapOnceEvenWhenEditedAround) {
  EXPECT_EQ(Dam("ab", "ba"), 1);
  EXPECT_EQ(Dam("abcdef", "badcfe"), 3);
  // The unrestricted distance: swap to "ac", then insert b (optimal alignment says 3).
  EXPECT_EQ(Dam("ca", "abc"), 2);
  EXPECT_EQ(Dam("kitten", "sitting"), 3);
  EXPECT_EQ(Dam("", "ab"), 2);
  EXPECT_EQ(Dam("ab", ""), 2);
}

TEST(StringDistanceTest, CodePointsNotBytes) {
  EXPECT_EQ(Lev("héllo", "hello"), 1);
  EXPECT_EQ(Dam("héllo", "hlélo"), 1);
  EXPECT_EQ(Lev("日本語", "日本"), 1);
  EXPECT_DOUBLE_EQ(Jaro("é", "é"), 1.0);
}

TEST(StringDistanceTest, JaroAndWinkler) {
  EXPECT_NEAR(Jaro("MARTHA", "MARHTA"), 0.944444444444, 1e-9);
  EXPECT_NEAR(Winkler("MARTHA", "MARHTA"), 0.961111111111, 1e-9);
  EXPECT_NEAR(Winkler("CRATE", "TRACE"), 0.733333333333, 1e-9);
  EXPECT_NEAR(Winkler("DwAyNE", "DuANE"), 0.84, 1e-9);
  // Three characters out of order count one transposition (half of three, rounded down).
  EXPECT_NEAR(Jaro("dca", "cabdacaac"), 2.0 / 3.0, 1e-9);
  EXPECT_EQ(Jaro("", ""), 0.0);
  EXPECT_EQ(Jaro("abc", ""), 0.0);
  EXPECT_EQ(Jaro("abc", "xyz"), 0.0);
  // No Winkler boost at or below 0.7.
  EXPECT_DOUBLE_EQ(Winkler("abcxyz", "abcuvw"), Jaro("abcxyz", "abcuvw"));
}

TEST(StringDistanceTest, ClosestNameIsATypoAwayOrNothing) {
  const std::vector<std::string> names = {"length", "lower", "customers", "t", "age"};
  EXPECT_EQ(ClosestName("lenght", names), "length");
  EXPECT_EQ(ClosestName("LENGHT", names), "length");
  EXPECT_EQ(ClosestName("customer", names), "customers");
  EXPECT_EQ(ClosestName("agee", names), "age");
  EXPECT_EQ(ClosestName("u", names), "");       // one letter: no typo to correct
  EXPECT_EQ(ClosestName("length", names), "");  // itself is no suggestion
  EXPECT_EQ(ClosestName("xyzzy", names), "");   // nothing near
  // One name beginning with the other, after every typo.
  EXPECT_EQ(ClosestName("li", {"lineitem", "orders"}), "lineitem");
  EXPECT_EQ(ClosestName("lineitem_long", {"lineitem", "orders"}), "lineitem");
  EXPECT_EQ(ClosestName("lineitm", {"lineitems", "lineitem"}), "lineitem");
  // Another schema's table: the same name there, else second to a close one here.
  EXPECT_EQ(ClosestName("my_lineitem", {"lineitem", "s1.my_lineitem"}), "s1.my_lineitem");
  EXPECT_EQ(ClosestName("m_lineitem", {"lineitem", "s1.my_lineitem"}), "lineitem");
  EXPECT_EQ(WithDidYouMean("function lenght", "lenght", names),
            "function lenght. Did you mean \"length\"?");
  EXPECT_EQ(WithDidYouMean("Type x does not exist!", "x", names), "Type x does not exist!");
}

}  // namespace
}  // namespace teal
