// Aggregate functions driven state by state: combine must give what one state fed every
// row gives (parallel aggregation will rely on it), states must own what they keep, and
// the return types follow DuckDB's rules.
#include <gtest/gtest.h>

#include <random>

#include "aggregate_harness.hpp"
#include "function/aggregate/aggregates.hpp"
#include "teal/error.hpp"
#include "types/decimal.hpp"

namespace teal {
namespace {

using testing::AggregateState;
using testing::Resolve;

std::vector<Value> Ints(std::initializer_list<int32_t> values) {
  std::vector<Value> out;
  for (int32_t v : values) out.push_back(Value::Integer(v));
  return out;
}

/// The result of `name` over `left` and `right` fed to two states and combined
/// (right into left), after checking that combining into an empty state and an empty
/// state into it change nothing.
std::string SplitAndCombine(const std::string& name, const LogicalType& type,
                            const std::vector<Value>& left, const std::vector<Value>& right) {
  AggregateFunction f = Resolve(name, {type});
  AggregateState a(f), b(f), empty(f), whole(f);
  a.Update(left);
  b.Update(right);
  whole.Update(left);
  whole.Update(right);
  a.Combine(empty);
  a.Combine(b);
  std::string combined = a.Finalize().ToString();
  EXPECT_EQ(combined, whole.Finalize().ToString()) << name;
  AggregateState into_empty(f);
  into_empty.Combine(a);
  EXPECT_EQ(into_empty.Finalize().ToString(), combined) << name << " combined into an empty state";
  return combined;
}

TEST(AggregateCombineTest, NumericFamiliesMergePartialStates) {
  auto l = Ints({1, 2, 3, 4}), r = Ints({10, -20, 30});
  EXPECT_EQ(SplitAndCombine("sum", TypeId::kInteger, l, r), "30");
  EXPECT_EQ(SplitAndCombine("avg", TypeId::kInteger, l, r), "4.285714285714286");
  EXPECT_EQ(SplitAndCombine("min", TypeId::kInteger, l, r), "-20");
  EXPECT_EQ(SplitAndCombine("max", TypeId::kInteger, l, r), "30");
  EXPECT_EQ(SplitAndCombine("median", TypeId::kInteger, l, r), "3.0");
  EXPECT_EQ(SplitAndCombine("first", TypeId::kInteger, l, r), "1");
  EXPECT_EQ(SplitAndCombine("last", TypeId::kInteger, l, r), "30");
  EXPECT_EQ(SplitAndCombine("list", TypeId::kInteger, l, {Value(LogicalType(TypeId::kInteger))}),
            "[1, 2, 3, 4, NULL]");
  EXPECT_EQ(SplitAndCombine("sum", TypeId::kInteger, {}, {}), "NULL");
  EXPECT_EQ(SplitAndCombine("list", TypeId::kInteger, {}, {}), "NULL");
  // mode: 3 occurs twice in total but once per side; the tie with 1 goes to the earlier.
  EXPECT_EQ(SplitAndCombine("mode", TypeId::kInteger, Ints({1, 3, 1}), Ints({3, 2})), "1");
  EXPECT_EQ(SplitAndCombine("mode", TypeId::kInteger, Ints({2, 3}), Ints({3, 2})), "2");
  std::vector<Value> yes{Value::Boolean(true)}, no{Value::Boolean(false)};
  EXPECT_EQ(SplitAndCombine("bool_and", TypeId::kBoolean, yes, no), "false");
  EXPECT_EQ(SplitAndCombine("bool_or", TypeId::kBoolean, no, yes), "true");
  EXPECT_EQ(SplitAndCombine("bool_and", TypeId::kBoolean, yes, {}), "true");
}

TEST(AggregateCombineTest, StringStatesOwnTheirCopies) {
  // Longer than string_t's inline size, so a state that kept a string_t would point
  // into a chunk that is freed right after Update (ASan reports it).
  std::vector<Value> l{Value::Varchar("a string that is not inlined"), Value::Varchar("zz")};
  std::vector<Value> r{Value::Varchar("another string that is not inlined")};
  EXPECT_EQ(SplitAndCombine("min", TypeId::kVarchar, l, r), "a string that is not inlined");
  EXPECT_EQ(SplitAndCombine("max", TypeId::kVarchar, l, r), "zz");
  EXPECT_EQ(SplitAndCombine("any_value", TypeId::kVarchar, r, l),
            "another string that is not inlined");
  EXPECT_EQ(SplitAndCombine("median", TypeId::kVarchar, {}, {}), "NULL");
  EXPECT_EQ(SplitAndCombine("median", TypeId::kVarchar, l, r),
            "another string that is not inlined");
  EXPECT_EQ(SplitAndCombine("list", TypeId::kVarchar, l, r),
            "[a string that is not inlined, zz, another string that is not inlined]");
}

TEST(AggregateCombineTest, StringAggKeepsEachRowsSeparator) {
  AggregateFunction f = Resolve("string_agg", {TypeId::kVarchar, TypeId::kVarchar});
  auto row = [](const char* s, const char* sep) {
    return std::vector<Value>{Value::Varchar(s), Value::Varchar(sep)};
  };
  AggregateState a(f), b(f), empty(f);
  a.UpdateRows({row("a", "-"), row("b", "+")});
  b.UpdateRows({row("c", "*"), row("d", "/")});
  // b's first separator belongs between a's text and b's: it must survive the merge.
  empty.Combine(b);
  EXPECT_EQ(empty.Finalize().ToString(), "c/d");
  a.Combine(b);
  EXPECT_EQ(a.Finalize().ToString(), "a+b*c/d");
  // A NULL value adds nothing; a NULL separator is ''.
  AggregateState c(f);
  c.UpdateRows({row("x", ","),
                {Value(LogicalType(TypeId::kVarchar)), Value::Varchar("!")},
                {Value::Varchar("y"), Value(LogicalType(TypeId::kVarchar))}});
  EXPECT_EQ(c.Finalize().ToString(), "xy");
}

TEST(AggregateCombineTest, ArgMinKeepsValueWithItsKey) {
  AggregateFunction f = Resolve("arg_min", {TypeId::kVarchar, TypeId::kDouble});
  auto row = [](const char* s, double key) {
    return std::vector<Value>{Value::Varchar(s), Value::Double(key)};
  };
  AggregateState a(f), b(f);
  a.UpdateRows({row("three", 3), row("two", 2)});
  b.UpdateRows({row("one", 1), row("four", 4)});
  a.Combine(b);
  EXPECT_EQ(a.Finalize().ToString(), "one");
  AggregateFunction g = Resolve("arg_max", {TypeId::kInteger, TypeId::kVarchar});
  AggregateState c(g), d(g);
  c.UpdateRows({{Value::Integer(1), Value::Varchar("b")}});
  d.UpdateRows({{Value::Integer(2), Value::Varchar("a")}});
  c.Combine(d);
  EXPECT_EQ(c.Finalize().ToString(), "1");
}

TEST(AggregateCombineTest, SumOverflowIsAnErrorAlsoInCombine) {
  AggregateFunction f = Resolve("sum", {TypeId::kHugeInt});
  AggregateState a(f), b(f);
  int128 max = MaxOf<int128>();
  a.Update({Value::HugeInt(max)});
  b.Update({Value::HugeInt(1)});
  EXPECT_THROW(a.Combine(b), OutOfRangeError);
  AggregateState c(f);
  EXPECT_THROW(c.Update({Value::HugeInt(max), Value::HugeInt(max)}), OutOfRangeError);

  // DECIMAL(38, 0) holds 38 nines; one more is out of range at finalize.
  LogicalType dec = LogicalType::Decimal(38, 0);
  AggregateFunction g = Resolve("sum", {dec});
  AggregateState d(g);
  int128 nines = kPowersOfTen[38] - 1;
  d.Update({Value::Decimal(nines, 38, 0), Value::Decimal(1, 38, 0)});
  EXPECT_THROW(d.Finalize(), OutOfRangeError);
}

TEST(AggregateCombineTest, ReturnTypesFollowDuckDb) {
  EXPECT_EQ(Resolve("sum", {TypeId::kInteger}).return_type, LogicalType(TypeId::kHugeInt));
  EXPECT_EQ(Resolve("sum", {TypeId::kUBigInt}).return_type, LogicalType(TypeId::kHugeInt));
  EXPECT_EQ(Resolve("sum", {LogicalType::Decimal(10, 2)}).return_type, LogicalType::Decimal(38, 2));
  EXPECT_EQ(Resolve("sum", {TypeId::kFloat}).return_type, LogicalType(TypeId::kDouble));
  EXPECT_EQ(Resolve("avg", {LogicalType::Decimal(10, 2)}).return_type,
            LogicalType(TypeId::kDouble));
  EXPECT_EQ(Resolve("avg", {TypeId::kInterval}).return_type, LogicalType(TypeId::kInterval));
  EXPECT_EQ(Resolve("min", {TypeId::kDate}).return_type, LogicalType(TypeId::kDate));
  EXPECT_EQ(Resolve("list", {TypeId::kVarchar}).return_type, LogicalType::List(TypeId::kVarchar));
  EXPECT_EQ(Resolve("median", {TypeId::kBigInt}).return_type, LogicalType(TypeId::kDouble));
  EXPECT_EQ(Resolve("median", {TypeId::kTimestamp}).return_type, LogicalType(TypeId::kTimestamp));
  EXPECT_EQ(Resolve("stddev", {TypeId::kInteger}).return_type, LogicalType(TypeId::kDouble));
  EXPECT_THROW(Resolve("sum", {TypeId::kVarchar}), BinderError);
}

TEST(AggregateCombineTest, AverageOfLargeIntegersIsExact) {
  AggregateFunction f = Resolve("avg", {TypeId::kBigInt});
  AggregateState a(f);
  int64_t max = std::numeric_limits<int64_t>::max();
  a.Update({Value::BigInt(max), Value::BigInt(max - 2)});
  EXPECT_EQ(a.Finalize().GetStored<double>(), static_cast<double>(max - 1));
}

TEST(AggregateIntervalTest, AverageCarriesRemaindersDownward) {
  constexpr int64_t kHour = int64_t{3600} * 1000000;
  auto avg = [](int128 months, int128 days, int128 micros, int64_t n) {
    interval_t out{};
    EXPECT_TRUE(TryAverageInterval(months, days, micros, n, out));
    return out;
  };
  EXPECT_EQ(avg(1, 2, 0, 2), (interval_t{0, 16, 0}));
  EXPECT_EQ(avg(0, 3, 0, 2), (interval_t{0, 1, 12 * kHour}));
  EXPECT_EQ(avg(-1, 0, 0, 2), (interval_t{0, -15, 0}));
  EXPECT_EQ(avg(3, 0, 0, 2), (interval_t{1, 15, 0}));
  EXPECT_EQ(avg(0, 0, 3, 2), (interval_t{0, 0, 2}));  // 1.5 micros rounds away from zero
  EXPECT_EQ(avg(0, 0, -3, 2), (interval_t{0, 0, -2}));
  interval_t out{};
  EXPECT_FALSE(TryAverageInterval(int128{1} << 40, 0, 0, 1, out));
}

TEST(AggregateVarianceTest, MergeMatchesOnePass) {
  std::mt19937_64 rng(42);
  std::normal_distribution<double> dist(1e6, 3.0);
  WelfordState whole, left, right;
  for (int i = 0; i < 1000; i++) {
    double x = dist(rng);
    whole.Add(x);
    (i % 3 == 0 ? left : right).Add(x);
  }
  WelfordState empty;
  left.Merge(empty);
  left.Merge(right);
  EXPECT_EQ(left.count, whole.count);
  EXPECT_NEAR(left.mean, whole.mean, 1e-6);
  EXPECT_NEAR(left.m2 / 999, whole.m2 / 999, 1e-6 * whole.m2 / 999);
  empty.Merge(whole);
  EXPECT_EQ(empty.m2, whole.m2);

  AggregateFunction f = Resolve("var_samp", {TypeId::kDouble});
  AggregateState one(f);
  one.Update({Value::Double(5)});
  EXPECT_TRUE(one.Finalize().IsNull());  // a sample of one has no variance
  AggregateFunction g = Resolve("var_pop", {TypeId::kDouble});
  AggregateState pop(g);
  pop.Update({Value::Double(5)});
  EXPECT_EQ(pop.Finalize().GetStored<double>(), 0.0);
}

TEST(AggregateQuantileTest, DiscreteIndexMatchesPercentileDisc) {
  EXPECT_EQ(QuantileDiscIndex(0.0, 4), 0u);
  EXPECT_EQ(QuantileDiscIndex(0.25, 4), 0u);
  EXPECT_EQ(QuantileDiscIndex(0.26, 4), 1u);
  EXPECT_EQ(QuantileDiscIndex(0.5, 4), 1u);
  EXPECT_EQ(QuantileDiscIndex(1.0, 4), 3u);
  EXPECT_EQ(QuantileDiscIndex(0.5, 1), 0u);
  // 0.7 * 10 is 7.000000000000001 in doubles; still the 7th value, not the 8th.
  EXPECT_EQ(QuantileDiscIndex(0.7, 10), 6u);
}

TEST(AggregateQuantileTest, ContinuousInterpolatesAcrossCombinedStates) {
  AggregateFunction f = Resolve("quantile_cont", {TypeId::kDouble, TypeId::kDouble});
  AggregateState a(f), b(f);
  a.UpdateRows(
      {{Value::Double(10), Value::Double(0.75)}, {Value::Double(40), Value::Double(0.75)}});
  b.UpdateRows(
      {{Value::Double(20), Value::Double(0.75)}, {Value::Double(30), Value::Double(0.75)}});
  a.Combine(b);
  // position 3 * 0.75 = 2.25 between 30 and 40
  EXPECT_DOUBLE_EQ(a.Finalize().GetStored<double>(), 32.5);
}

}  // namespace
}  // namespace teal
