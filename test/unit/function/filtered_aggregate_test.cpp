// FilteredAggregate (function/aggregate/filtered_aggregate.hpp): the rows whose last
// argument is true reach the inner aggregate, NULL values of kept rows included; a false or
// NULL filter leaves a row out; states still combine as the inner aggregate's.
#include "function/aggregate/filtered_aggregate.hpp"

#include <gtest/gtest.h>

#include "function/aggregate_harness.hpp"

namespace teal {
namespace {

using testing::AggregateState;
using testing::Resolve;

TEST(FilteredAggregateTest, KeepsTheRowsTheFilterHoldsForWithTheirNulls) {
  const AggregateFunction list = Resolve("list", {LogicalType(TypeId::kInteger)});
  const AggregateFunction filtered = FilteredAggregate(list);
  ASSERT_EQ(filtered.arguments.size(), 2u);
  EXPECT_EQ(filtered.arguments[1].Id(), TypeId::kBoolean);
  EXPECT_FALSE(filtered.ignores_nulls);
  AggregateState state(filtered);
  state.UpdateRows({{Value::Integer(1), Value::Boolean(true)},
                    {Value::Integer(2), Value::Boolean(false)},
                    {Value(), Value::Boolean(true)},
                    {Value::Integer(4), Value()},
                    {Value::Integer(5), Value::Boolean(true)}});
  EXPECT_EQ(state.Finalize().ToString(), "[1, NULL, 5]");
}

TEST(FilteredAggregateTest, AStateNoRowReachedIsTheInnerAggregatesEmptyOneAndCombines) {
  const AggregateFunction filtered =
      FilteredAggregate(Resolve("first", {LogicalType(TypeId::kVarchar)}));
  AggregateState none(filtered);
  none.UpdateRows({{Value::Varchar("a"), Value::Boolean(false)}});
  EXPECT_TRUE(none.Finalize().IsNull());
  AggregateState some(filtered);
  some.UpdateRows(
      {{Value::Varchar("b"), Value::Boolean(false)}, {Value::Varchar("c"), Value::Boolean(true)}});
  none.Combine(some);
  EXPECT_EQ(none.Finalize(), Value::Varchar("c"));
}

}  // namespace
}  // namespace teal
