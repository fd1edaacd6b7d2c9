// uuid: text forms and the order-preserving stored form.
#include "types/uuid.hpp"

#include <gtest/gtest.h>

namespace teal {
namespace {
hugeint_t ParseOk(std::string_view text) {
  hugeint_t stored;
  EXPECT_TRUE(ParseUuid(text, stored)) << text;
  return stored;
}
constexpr std::string_view kCanonical = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11";
}  // namespace

TEST(UuidTest, CanonicalTextRoundTrips) {
  EXPECT_EQ(UuidToString(ParseOk(kCanonical)), kCanonical);
}

TEST(UuidTest, ParseAcceptsUpperCaseBareAndBracedForms) {
  hugeint_t expected = ParseOk(kCanonical);
  EXPECT_EQ(ParseOk("A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"), expected);
  EXPECT_EQ(ParseOk("a0eebc999c0b4ef8bb6d6bb9bd380a11"), expected);
  EXPECT_EQ(ParseOk("{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}"), expected);
  EXPECT_EQ(ParseOk("{a0eebc999c0b4ef8bb6d6bb9bd380a11}"), expected);
}

TEST(UuidTest, ParseRejectsMalformedText) {
  hugeint_t stored;
  for (std::string_view bad :
       {"", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
        "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc999-c0b-4ef8-bb6d-6bb9bd380a11",
        "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", " a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"}) {
    EXPECT_FALSE(ParseUuid(bad, stored)) << bad;
  }
}

TEST(UuidTest, StoredFormFlipsTheTopBit) {
  hugeint_t zero = ParseOk("00000000-0000-0000-0000-000000000000");
  EXPECT_EQ(zero.upper, INT64_MIN);
  EXPECT_EQ(zero.lower, 0u);
  hugeint_t top = ParseOk("80000000-0000-0000-0000-000000000001");
  EXPECT_EQ(top.upper, 0);
  EXPECT_EQ(top.lower, 1u);
}

TEST(UuidTest, StoredOrderIsTextOrder) {
  std::string_view ordered[] = {
      "00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001",
      "7fffffff-ffff-ffff-ffff-ffffffffffff", "80000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-fffffffffffe", "ffffffff-ffff-ffff-ffff-ffffffffffff"};
  for (size_t i = 1; i < std::size(ordered); i++) {
    EXPECT_LT(ParseOk(ordered[i - 1]), ParseOk(ordered[i])) << ordered[i];
  }
}

}  // namespace teal
