// TestVectorRows: DuckDB's test_vector_types() values, in its order, per column type.
#include "function/table/test_vector_types.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {
namespace {

TEST(TestVectorTypesTest, FlatConstantDictionaryAndSequenceRows) {
  const LogicalType small(TypeId::kSmallInt);
  const auto rows = TestVectorRows({small, LogicalType::List(small)});
  ASSERT_EQ(rows.size(), 11u);
  const std::vector<std::string> column = {"-32768", "32767", "NULL", "-32768", "-32768", "-32768",
                                           "32767",  "NULL",  "3",    "5",      "7"};
  for (size_t r = 0; r < rows.size(); r++) EXPECT_EQ(rows[r][0].ToString(), column[r]) << r;
  EXPECT_EQ(rows[0][1].ToString(), "[-32768, 32767]");
  EXPECT_EQ(rows[1][1].ToString(), "[]");
  EXPECT_EQ(rows[2][1].ToString(), "[NULL]");
  EXPECT_EQ(rows[8][1].ToString(), "[3, 5]");
  EXPECT_EQ(rows[10][1].ToString(), "[7]");
}

TEST(TestVectorTypesTest, AMapColumnHasNoSequenceRows) {
  const auto rows = TestVectorRows(
      {LogicalType(TypeId::kInteger),
       LogicalType::Map(LogicalType(TypeId::kInteger), LogicalType(TypeId::kVarchar))});
  ASSERT_EQ(rows.size(), 8u);
  EXPECT_TRUE(rows[1][1].IsNull());
  EXPECT_EQ(rows[0][1].ToString(), "{-2147483648=🦆🦆🦆🦆🦆🦆}");
}

TEST(TestVectorTypesTest, OnlyTheTypesOfTestAllTypes) {
  EXPECT_NO_THROW(TestVectorRows({LogicalType::Decimal(4, 1)}));
  EXPECT_THROW(TestVectorRows({LogicalType::Decimal(18, 6)}), NotImplementedError);
  EXPECT_EQ(TestVectorNames(3),
            (std::vector<std::string>{"test_vector", "test_vector2", "test_vector3"}));
}

}  // namespace
}  // namespace teal
