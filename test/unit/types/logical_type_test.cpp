// LogicalType: physical layouts and names.
#include "teal/logical_type.hpp"

#include <gtest/gtest.h>

namespace teal {

TEST(LogicalTypeTest, DecimalPhysicalTypeFollowsWidth) {
  EXPECT_EQ(LogicalType::Decimal(4, 1).Physical(), PhysicalType::kInt16);
  EXPECT_EQ(LogicalType::Decimal(9, 2).Physical(), PhysicalType::kInt32);
  EXPECT_EQ(LogicalType::Decimal(18, 3).Physical(), PhysicalType::kInt64);
  EXPECT_EQ(LogicalType::Decimal(38, 10).Physical(), PhysicalType::kInt128);
}

TEST(LogicalTypeTest, EnumIndexWidthFollowsDictionarySize) {
  EXPECT_EQ(LogicalType::Enum("e", {"a", "b"}).Physical(), PhysicalType::kUInt8);
  std::vector<std::string> many;
  for (int i = 0; i < 300; i++) {
    // Appended rather than "l" + to_string(i): g++ 12 -O3 reports a false -Wrestrict there.
    std::string label = "l";
    label += std::to_string(i);
    many.push_back(std::move(label));
  }
  EXPECT_EQ(LogicalType::Enum("e", many).Physical(), PhysicalType::kUInt16);
}

TEST(LogicalTypeTest, NamesAreSqlSpellings) {
  EXPECT_EQ(LogicalType(TypeId::kInteger).ToString(), "INTEGER");
  EXPECT_EQ(LogicalType::Decimal(18, 3).ToString(), "DECIMAL(18,3)");
  EXPECT_EQ(LogicalType::List(LogicalType::List(TypeId::kVarchar)).ToString(), "VARCHAR[][]");
}

}  // namespace teal
