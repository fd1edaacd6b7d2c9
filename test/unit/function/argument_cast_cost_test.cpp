// ArgumentCastCost: ImplicitCastCost, and an integer literal that narrows into a smaller
// integer type only when that type holds its value.
#include <gtest/gtest.h>

#include "function/implicit_cast.hpp"

namespace teal {
namespace {

TEST(ArgumentCastCostTest, IntegerLiteralNarrowsWhenItFits) {
  const LogicalType integer(TypeId::kInteger), tinyint(TypeId::kTinyInt);
  const LogicalType utinyint(TypeId::kUTinyInt), bigint(TypeId::kBigInt);
  const Value small = Value::Integer(127), large = Value::Integer(128),
              negative = Value::Integer(-1);
  EXPECT_GE(ArgumentCastCost(integer, &small, tinyint), 0);
  EXPECT_LT(ArgumentCastCost(integer, &large, tinyint), 0);
  EXPECT_LT(ArgumentCastCost(integer, &negative, utinyint), 0);
  EXPECT_GE(ArgumentCastCost(integer, &large, utinyint), 0);
  // not written as a constant: a typed value does not narrow
  EXPECT_LT(ArgumentCastCost(integer, nullptr, tinyint), 0);
  // the exact type costs nothing, a wider one something
  EXPECT_EQ(ArgumentCastCost(integer, &small, integer), 0);
  EXPECT_GT(ArgumentCastCost(integer, nullptr, bigint), 0);
  EXPECT_EQ(ArgumentCastCost(integer, nullptr, bigint), ImplicitCastCost(integer, false, bigint));
}

TEST(ArgumentCastCostTest, NonIntegersFollowImplicitCastCost) {
  const LogicalType varchar(TypeId::kVarchar),
      list(LogicalType::List(LogicalType(TypeId::kInteger)));
  const Value text = Value::Varchar("42");
  EXPECT_GE(ArgumentCastCost(varchar, &text, LogicalType(TypeId::kInteger)), 0);  // a literal
  EXPECT_LT(ArgumentCastCost(varchar, nullptr, LogicalType(TypeId::kInteger)), 0);
  EXPECT_LT(ArgumentCastCost(list, nullptr, varchar), 0);
}

}  // namespace
}  // namespace teal
