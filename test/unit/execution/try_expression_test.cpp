// try(x) beyond what a sqllogictest shows: failing rows scattered over many chunks of a
// parallel scan, checked against a loop; a failure in a column the expression reads only
// in some rows; errors that are not the data's pass through.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

class TryExpressionTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(TryExpressionTest, FailingRowsAcrossChunksAreNullAndOnlyThoseOnOneAndFourThreads) {
  // s: every 7th value does not convert, every 11th is too large for INTEGER.
  con_.Execute(
      "CREATE TABLE s AS SELECT i, CASE WHEN i % 7 = 0 THEN 'x' || i WHEN i % 11 = 0 THEN "
      "'9999999999' ELSE CAST(i AS VARCHAR) END AS v FROM range(100000) r(i)");
  int64_t converted = 0, sum = 0;
  for (int64_t i = 0; i < 100000; i++) {
    if (i % 7 == 0 || i % 11 == 0) continue;
    converted++;
    sum += i;
  }
  for (const char* threads : {"1", "4"}) {
    con_.Execute(std::string("SET threads = ") + threads);
    Result r = con_.Query(
        "SELECT count(*), count(try(CAST(v AS INTEGER))), sum(try(CAST(v AS "
        "INTEGER))), count(*) FILTER (WHERE try(CAST(v AS INTEGER)) = i) FROM s");
    EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(100000)) << threads;
    EXPECT_EQ(r.GetValue(1, 0), Value::BigInt(converted)) << threads;
    EXPECT_EQ(r.GetValue(2, 0).CastAs(TypeId::kBigInt), Value::BigInt(sum)) << threads;
    EXPECT_EQ(r.GetValue(3, 0), Value::BigInt(converted)) << threads;
  }
}

TEST_F(TryExpressionTest, WithoutTryTheSameQueryIsTheConversionError) {
  con_.Execute("CREATE TABLE s AS SELECT CAST(i AS VARCHAR) || 'z' AS v FROM range(10) r(i)");
  EXPECT_THROW(con_.Query("SELECT sum(CAST(v AS INTEGER)) FROM s"), ConversionError);
  EXPECT_EQ(con_.Query("SELECT count(try(CAST(v AS INTEGER))) FROM s").GetValue(0, 0),
            Value::BigInt(0));
}

TEST_F(TryExpressionTest, ANonDeterministicExpressionIsComputedOncePerRow) {
  // Row by row from the start: the rows before the sequence runs out keep their values,
  // and no value is drawn twice.
  con_.Execute("SET threads = 1");
  con_.Execute("CREATE SEQUENCE q MAXVALUE 3");
  Result r = con_.Query("SELECT try(nextval('q')) FROM range(5)");
  ASSERT_EQ(r.RowCount(), 5u);
  EXPECT_EQ(r.GetValue(0, 0), Value::BigInt(1));
  EXPECT_EQ(r.GetValue(0, 1), Value::BigInt(2));
  EXPECT_EQ(r.GetValue(0, 2), Value::BigInt(3));
  EXPECT_TRUE(r.GetValue(0, 3).IsNull());
  EXPECT_TRUE(r.GetValue(0, 4).IsNull());
}

TEST_F(TryExpressionTest, AnErrorThatIsNotTheDatasPassesThrough) {
  EXPECT_THROW(con_.Query("SELECT try(nope) FROM range(5)"), BinderError);
}

}  // namespace
}  // namespace teal
