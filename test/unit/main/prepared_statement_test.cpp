// PreparedStatement and parameterised Query: metadata before execution, binding,
// re-execution, and the errors of each.
#include "teal/prepared_statement.hpp"

#include <gtest/gtest.h>

#include "teal/connection.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
class PreparedStatementTest : public ::testing::Test {
 protected:
  void SetUp() override {
    con.Execute("CREATE TABLE t(i INTEGER, s VARCHAR, d DATE)");
    con.Execute(
        "INSERT INTO t VALUES (1, 'one', '2024-01-01'), (2, 'two', '2024-02-29'), (3, NULL, NULL)");
  }
  int64_t CountWhere(const std::string& where) {
    return con.Query("SELECT count(*) FROM t WHERE " + where).GetValue(0, 0).GetStored<int64_t>();
  }
  Database db;
  Connection con{db};
};
}  // namespace

TEST_F(PreparedStatementTest, MetadataIsKnownBeforeExecution) {
  auto prepared = con.Prepare("SELECT s, d FROM t WHERE i = $1 AND d > $2");
  EXPECT_EQ(prepared.Type(), StatementType::kSelect);
  EXPECT_EQ(prepared.ParameterCount(), 2u);
  EXPECT_EQ(prepared.ParameterType(1).Id(), TypeId::kInteger);
  EXPECT_EQ(prepared.ParameterType(2).Id(), TypeId::kDate);
  ASSERT_EQ(prepared.ColumnCount(), 2u);
  EXPECT_EQ(prepared.ColumnName(0), "s");
  EXPECT_EQ(prepared.ColumnType(1).Id(), TypeId::kDate);
}

TEST_F(PreparedStatementTest, ExecutesAgainWithNewValues) {
  auto prepared = con.Prepare("SELECT s FROM t WHERE i = ?");
  EXPECT_EQ(prepared.Execute(1).GetValue(0, 0).GetString(), "one");
  EXPECT_EQ(prepared.Execute(2).GetValue(0, 0).GetString(), "two");
  EXPECT_EQ(prepared.Execute(9).RowCount(), 0u);
}

// Parameters that nothing types: compared as text (PostgreSQL), or, in arithmetic, typed by
// each execution's values. They were BOOLEAN / BIGINT guesses: 3 = 4 was true, 2.5 + 1.5 was 5.
TEST_F(PreparedStatementTest, ParametersOnlyTypedByEachOtherAreNotGuessed) {
  auto equal = con.Prepare("SELECT $1 = $2, $1 < $2");
  EXPECT_EQ(equal.ParameterType(1).Id(), TypeId::kVarchar);
  Result r = equal.Execute(3, 4);
  EXPECT_EQ(r.GetValue(0, 0), Value::Boolean(false));
  EXPECT_EQ(r.GetValue(1, 0), Value::Boolean(true));
  auto sum = con.Prepare("SELECT $1 + $2");
  EXPECT_EQ(sum.Execute(3, 4).GetValue(0, 0).CastAs(TypeId::kBigInt), Value::BigInt(7));
  EXPECT_EQ(sum.Execute(2.5, 1.5).GetValue(0, 0).CastAs(TypeId::kDouble), Value::Double(4.0));
  auto filter = con.Prepare("SELECT count(*) FROM t WHERE $1 = $2");
  EXPECT_EQ(filter.Execute(1, 2).GetValue(0, 0), Value::BigInt(0));
  EXPECT_EQ(filter.Execute(2, 2).GetValue(0, 0), Value::BigInt(3));
}

// A WITH query used twice is materialized once per execution, with that execution's
// parameter values.
TEST_F(PreparedStatementTest, MaterializedWithQueryTakesEachExecutionsValues) {
  auto prepared =
      con.Prepare("WITH c AS (SELECT i FROM t WHERE i >= $1) SELECT count(*) FROM c, c AS c2");
  EXPECT_EQ(prepared.Execute(1).GetValue(0, 0), Value::BigInt(9));
  EXPECT_EQ(prepared.Execute(3).GetValue(0, 0), Value::BigInt(1));
  EXPECT_EQ(prepared.Execute(4).GetValue(0, 0), Value::BigInt(0));
  EXPECT_EQ(prepared.Execute(2).GetValue(0, 0), Value::BigInt(4));
}

TEST_F(PreparedStatementTest, InsertReturningRunsAgainWithNewValues) {
  auto insert = con.Prepare("INSERT INTO t(i, s) VALUES ($1, $2) RETURNING i * 2, s");
  ASSERT_EQ(insert.ColumnCount(), 2u);
  Result first = insert.Execute(7, "seven");
  EXPECT_TRUE(first.ReturnsRows());
  EXPECT_EQ(first.GetValue(0, 0).GetStored<int32_t>(), 14);
  Result second = insert.Execute(8, "eight");
  EXPECT_EQ(second.GetValue(1, 0).GetString(), "eight");
  EXPECT_EQ(CountWhere("i >= 7"), 2);
}

TEST_F(PreparedStatementTest, OnConflictDoUpdateTakesParametersInSetAndWhere) {
  con.Execute("CREATE TABLE kv(k INTEGER PRIMARY KEY, v VARCHAR)");
  auto upsert = con.Prepare(
      "INSERT INTO kv VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = $2 || '!' "
      "WHERE kv.v <> $3");
  upsert.Execute(1, "a", "-");
  upsert.Execute(1, "b", "-");   // updates: 'a' <> '-'
  upsert.Execute(1, "c", "b!");  // WHERE rejects: the row stays
  upsert.Execute(2, "d", "-");
  Result rows = con.Query("SELECT k, v FROM kv ORDER BY k");
  ASSERT_EQ(rows.RowCount(), 2u);
  EXPECT_EQ(rows.GetValue(1, 0).GetString(), "b!");
  EXPECT_EQ(rows.GetValue(1, 1).GetString(), "d");
}

TEST_F(PreparedStatementTest, AlterTableIsSeenByTheNextExecution) {
  auto star = con.Prepare("SELECT * FROM t WHERE i = ?");
  auto by_name = con.Prepare("SELECT s FROM t WHERE i = ?");
  EXPECT_EQ(star.Execute(1).ColumnCount(), 3u);
  con.Execute("ALTER TABLE t ADD COLUMN extra INTEGER DEFAULT 42");
  Result wide = star.Execute(1);
  ASSERT_EQ(wide.ColumnCount(), 4u);
  EXPECT_EQ(wide.ColumnName(3), "extra");
  EXPECT_EQ(wide.GetValue(3, 0).GetStored<int32_t>(), 42);
  con.Execute("ALTER TABLE t RENAME COLUMN s TO name");
  EXPECT_THROW(by_name.Execute(1), BinderError);
  con.Execute("ALTER TABLE t DROP COLUMN d");
  Result narrow = star.Execute(2);
  ASSERT_EQ(narrow.ColumnCount(), 3u);
  EXPECT_EQ(narrow.GetValue(1, 0).GetString(), "two");
}

TEST_F(PreparedStatementTest, ListParameterElementsAreCastToTheListType) {
  con.Execute("CREATE TABLE l(v INTEGER[])");
  auto insert = con.Prepare("INSERT INTO l VALUES ($1)");
  insert.Execute(
      Value::List(LogicalType(TypeId::kInteger), {Value::Varchar("1"), Value::BigInt(2)}));
  EXPECT_EQ(con.Query("SELECT v[1] + v[2] FROM l").GetValue(0, 0).GetStored<int32_t>(), 3);
  EXPECT_THROW(Value::List(LogicalType(TypeId::kInteger), {Value::Varchar("x")}), ConversionError);
}

TEST_F(PreparedStatementTest, NamedParametersBindByName) {
  auto prepared =
      con.Prepare("SELECT count(*) FROM t WHERE i >= $low AND i <= $high AND i <> $low");
  EXPECT_EQ(prepared.ParameterCount(), 2u);
  EXPECT_EQ(prepared.ParameterName(1), "low");
  EXPECT_EQ(prepared.ParameterIndex("high"), 2u);
  prepared.Bind("low", 1).Bind("high", 3);
  EXPECT_EQ(prepared.Execute().GetValue(0, 0).GetStored<int64_t>(), 2);
}

TEST_F(PreparedStatementTest, InsertConvertsValuesToColumnTypes) {
  auto insert = con.Prepare("INSERT INTO t VALUES ($1, $2, $3)");
  EXPECT_EQ(insert.ParameterType(3).Id(), TypeId::kDate);
  insert.Execute(int64_t{4}, std::string("four"), "2023-12-31");
  insert.Execute(5, "five", std::chrono::sys_days{std::chrono::year{2000} / 1 / 1});
  EXPECT_EQ(CountWhere("i >= 4"), 2);
  EXPECT_EQ(con.Query("SELECT d FROM t WHERE i = 5").GetValue(0, 0).ToString(), "2000-01-01");
}

TEST_F(PreparedStatementTest, ValueThatDoesNotFitIsAConversionErrorAndInsertsNothing) {
  auto insert = con.Prepare("INSERT INTO t(i) VALUES ($1)");
  EXPECT_THROW(insert.Execute(int64_t{1} << 40), ConversionError);
  EXPECT_THROW(insert.Execute("not a number"), ConversionError);
  EXPECT_EQ(CountWhere("true"), 3);
}

TEST_F(PreparedStatementTest, NullBindsAsSqlNull) {
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE s IS NOT DISTINCT FROM $1",
                      std::optional<std::string>{})
                .GetValue(0, 0)
                .GetStored<int64_t>(),
            1);
}

TEST_F(PreparedStatementTest, UntypedParameterTakesTheTypeOfItsValue) {
  auto prepared = con.Prepare("SELECT $1");
  EXPECT_EQ(prepared.ParameterType(1).Id(), TypeId::kSqlNull);
  Result text = prepared.Execute("hello");
  EXPECT_EQ(text.ColumnType(0).Id(), TypeId::kVarchar);
  EXPECT_EQ(text.GetValue(0, 0).GetString(), "hello");
  EXPECT_EQ(prepared.Execute(7.5).GetValue(0, 0).ToString(), "7.5");
}

TEST_F(PreparedStatementTest, ParameterInLimitIsBoundWithItsValue) {
  auto prepared = con.Prepare("SELECT i FROM t LIMIT $1");
  EXPECT_EQ(prepared.Execute(2).RowCount(), 2u);
  EXPECT_EQ(prepared.Execute(1).RowCount(), 1u);
}

TEST_F(PreparedStatementTest, MissingValuesAndBadIndexesAreErrors) {
  auto prepared = con.Prepare("SELECT s FROM t WHERE i = $1 OR i = $2");
  prepared.Bind(1, 1);
  EXPECT_THROW(prepared.Execute(), InvalidInputError);
  EXPECT_THROW(prepared.Bind(3, 1), InvalidInputError);
  EXPECT_THROW(prepared.Bind(0, 1), InvalidInputError);
  EXPECT_THROW(prepared.Bind("nope", 1), InvalidInputError);
  EXPECT_THROW(prepared.Execute(1), InvalidInputError);  // one value for two parameters
}

TEST_F(PreparedStatementTest, ErrorsBeforeExecutionSurfaceAtPrepare) {
  EXPECT_THROW(con.Prepare("SELECT nope FROM t WHERE i = $1"), BinderError);
  EXPECT_THROW(con.Prepare("SELECT 1; SELECT 2"), InvalidInputError);
  EXPECT_THROW(con.Prepare("SELECT ? + $1"), ParserError);
}

TEST_F(PreparedStatementTest, PlanFollowsTheTableAfterItIsRecreated) {
  auto prepared = con.Prepare("SELECT count(*) FROM t WHERE i > $1");
  EXPECT_EQ(prepared.Execute(0).GetValue(0, 0).GetStored<int64_t>(), 3);
  con.Execute(
      "DROP TABLE t; CREATE TABLE t(i INTEGER, s VARCHAR, d DATE); INSERT INTO t(i) VALUES (10)");
  EXPECT_EQ(prepared.Execute(0).GetValue(0, 0).GetStored<int64_t>(), 1);
}

TEST_F(PreparedStatementTest, QueryWithParametersRunsOneStatement) {
  Result result = con.Query("SELECT s FROM t WHERE i = $1", 2);
  EXPECT_EQ(result.GetValue(0, 0).GetString(), "two");
}

TEST_F(PreparedStatementTest, QuestionMarksInsideStringsAreText) {
  EXPECT_EQ(con.Query("SELECT '?', $1", 1).GetValue(0, 0).GetString(), "?");
}

}  // namespace teal

namespace teal {

TEST_F(PreparedStatementTest, ParametersInsideSubqueriesTakeEachExecutionsValues) {
  auto uncorrelated =
      con.Prepare("SELECT count(*) FROM t WHERE i IN (SELECT i FROM t WHERE i > $1)");
  EXPECT_EQ(uncorrelated.ParameterCount(), 1u);
  EXPECT_EQ(uncorrelated.Execute(0).GetValue(0, 0).GetStored<int64_t>(), 3);
  EXPECT_EQ(uncorrelated.Execute(2).GetValue(0, 0).GetStored<int64_t>(), 1);
  auto correlated = con.Prepare(
      "SELECT i, (SELECT count(*) FROM t AS u WHERE u.i < t.i AND u.i >= $1) FROM t ORDER BY i");
  auto rows = correlated.Execute(2);
  ASSERT_EQ(rows.RowCount(), 3u);
  EXPECT_EQ(rows.GetValue(1, 0).GetStored<int64_t>(), 0);
  EXPECT_EQ(rows.GetValue(1, 2).GetStored<int64_t>(), 1);
  rows = correlated.Execute(1);
  EXPECT_EQ(rows.GetValue(1, 2).GetStored<int64_t>(), 2);
  auto scalar = con.Prepare("SELECT (SELECT s FROM t WHERE i = $1)");
  EXPECT_EQ(scalar.Execute(2).GetValue(0, 0).GetString(), "two");
  EXPECT_TRUE(scalar.Execute(7).GetValue(0, 0).IsNull());
  // The subquery runs when its value is first needed: the error comes as the rows are read.
  EXPECT_THROW(con.Query("SELECT (SELECT i FROM t WHERE i > $1)", 1).RowCount(), InvalidInputError);
}

}  // namespace teal

namespace teal {

TEST_F(PreparedStatementTest, UpdateAndDeleteTakeParameters) {
  auto update = con.Prepare("UPDATE t SET s = $1 WHERE i = $2");
  EXPECT_EQ(update.Type(), StatementType::kUpdate);
  EXPECT_EQ(update.ParameterType(1).Id(), TypeId::kVarchar);
  EXPECT_EQ(update.ParameterType(2).Id(), TypeId::kInteger);
  EXPECT_EQ(update.Execute("uno", 1).GetValue(0, 0).GetStored<int64_t>(), 1);
  EXPECT_EQ(update.Execute("nine", 9).GetValue(0, 0).GetStored<int64_t>(), 0);
  EXPECT_EQ(CountWhere("s = 'uno'"), 1);
  auto del = con.Prepare("DELETE FROM t WHERE i >= ?");
  EXPECT_EQ(del.Type(), StatementType::kDelete);
  EXPECT_EQ(del.Execute(3).GetValue(0, 0).GetStored<int64_t>(), 1);
  EXPECT_EQ(del.Execute(3).GetValue(0, 0).GetStored<int64_t>(), 0);
  EXPECT_EQ(CountWhere("true"), 2);
}

}  // namespace teal

namespace teal {

TEST_F(PreparedStatementTest, TableFunctionArgumentsCanBeParameters) {
  auto prepared = con.Prepare("SELECT count(*), max(range) FROM range($1, $2)");
  auto first = prepared.Execute(0, 10);
  EXPECT_EQ(first.GetValue(0, 0).GetStored<int64_t>(), 10);
  auto second = prepared.Execute(5, 7);
  EXPECT_EQ(second.GetValue(0, 0).GetStored<int64_t>(), 2);
  EXPECT_EQ(second.GetValue(1, 0).GetStored<int64_t>(), 6);
}

}  // namespace teal

namespace teal {

TEST_F(PreparedStatementTest, UnnestOfAParameterTakesTheElementTypeOfItsValue) {
  auto prepared = con.Prepare("SELECT unnest($1)");
  Result ints =
      prepared.Execute(Value::List(TypeId::kInteger, {Value::Integer(4), Value::Integer(5)}));
  ASSERT_EQ(ints.RowCount(), 2u);
  EXPECT_EQ(ints.GetValue(0, 1).GetStored<int32_t>(), 5);
  Result strings = prepared.Execute(Value::List(TypeId::kVarchar, {Value::Varchar("x")}));
  ASSERT_EQ(strings.RowCount(), 1u);
  EXPECT_EQ(strings.GetValue(0, 0).GetString(), "x");
}

}  // namespace teal
