// Misuse of the public C++ API: wrong indexes, wrong types, NULLs read as values, objects
// used after what made them is gone or after being moved from. Each must be a teal::Error
// of the right category whose message names the call and the problem — never a
// std::out_of_range, std::bad_variant_access or a crash.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "teal/appender.hpp"
#include "teal/connection.hpp"
#include "teal/error.hpp"
#include "teal/reader.hpp"

namespace teal {

namespace {

/// Runs `call` and returns the teal::Error it throws; fails the test when it throws
/// nothing, or anything that is not a teal::Error.
template <typename F>
std::optional<Error> CaughtError(F&& call) {
  try {
    call();
  } catch (const Error& error) {
    return error;
  } catch (const std::exception& other) {
    ADD_FAILURE() << "not a teal::Error: " << other.what();
    return std::nullopt;
  }
  ADD_FAILURE() << "nothing was thrown";
  return std::nullopt;
}

/// Expects `call` to throw InvalidInputError whose message contains each of `parts`.
template <typename F>
void ExpectInvalidInput(F&& call, std::initializer_list<std::string_view> parts) {
  std::optional<Error> error = CaughtError(std::forward<F>(call));
  if (!error) return;
  EXPECT_EQ(error->Category(), ErrorCategory::kInvalidInput) << error->what();
  for (std::string_view part : parts) {
    EXPECT_NE(std::string(error->what()).find(part), std::string::npos)
        << "\"" << part << "\" is not in: " << error->what();
  }
}

}  // namespace

TEST(ApiMisuseTest, ResultColumnOutOfRangeIsInvalidInputNamingTheCall) {
  Database db;
  Connection con(db);
  Result result = con.Query("SELECT 1 AS a, 'x' AS b");
  EXPECT_EQ(result.ColumnName(1), "b");
  ExpectInvalidInput([&] { (void)result.ColumnName(5); },
                     {"Result::ColumnName", "column 5", "2 columns"});
  ExpectInvalidInput([&] { (void)result.ColumnType(2); }, {"Result::ColumnType", "column 2"});
}

TEST(ApiMisuseTest, ValueGetStoredOfTheWrongTypeNamesBothTypes) {
  Value v = Value::Integer(7);
  EXPECT_EQ(v.GetStored<int32_t>(), 7);
  ExpectInvalidInput([&] { (void)v.GetStored<int64_t>(); },
                     {"Value::GetStored", "INTEGER", "int32_t", "int64_t"});
}

TEST(ApiMisuseTest, ValueGetStoredOnNullSaysItIsNull) {
  Value v{LogicalType(TypeId::kInteger)};
  ExpectInvalidInput([&] { (void)v.GetStored<int32_t>(); },
                     {"Value::GetStored", "NULL", "INTEGER"});
  ExpectInvalidInput([&] { (void)Value().GetStored<int32_t>(); }, {"NULL"});
}

TEST(ApiMisuseTest, ValueGetStringOfAnIntegerPointsToToString) {
  Value v = Value::Integer(7);
  ExpectInvalidInput([&] { (void)v.GetString(); }, {"Value::GetString", "INTEGER", "ToString"});
  ExpectInvalidInput([&] { (void)Value(LogicalType(TypeId::kVarchar)).GetString(); },
                     {"Value::GetString", "NULL"});
  EXPECT_EQ(Value::Varchar("abc").GetString(), "abc");
}

TEST(ApiMisuseTest, ValueGetListOfANonListOrNullIsInvalidInput) {
  ExpectInvalidInput([&] { (void)Value::Varchar("[1]").GetList(); },
                     {"Value::GetList", "VARCHAR", "not a LIST"});
  ExpectInvalidInput([&] { (void)Value(LogicalType::List(TypeId::kInteger)).GetList(); },
                     {"Value::GetList", "NULL"});
  Value list = Value::List(TypeId::kInteger, {Value::Integer(1)});
  EXPECT_EQ(list.GetList().size(), 1u);
}

TEST(ApiMisuseTest, ValueFromStoredRefusesALayoutThatIsNotTheTypes) {
  ExpectInvalidInput([] { (void)Value::FromStored(LogicalType(TypeId::kBigInt), int32_t{1}); },
                     {"Value::FromStored", "BIGINT", "int64_t", "int32_t"});
  ExpectInvalidInput(
      [] { (void)Value::FromStored(LogicalType(TypeId::kInteger), std::string_view("1")); },
      {"Value::FromStored", "INTEGER"});
  ExpectInvalidInput(
      [] { (void)Value::FromStored(LogicalType::List(TypeId::kInteger), int32_t{1}); },
      {"Value::FromStored", "Value::List"});
  // The right layout still works, and the value reads back (this used to be unchecked,
  // and a mismatch surfaced later as std::bad_variant_access from ToString).
  Value date = Value::FromStored(LogicalType(TypeId::kDate), int32_t{0});
  EXPECT_EQ(date.ToString(), "1970-01-01");
}

TEST(ApiMisuseTest, PreparedStatementOutlivesItsConnection) {
  Database db;
  std::optional<PreparedStatement> prepared;
  {
    Connection con(db);
    con.Execute("CREATE TABLE t(i INTEGER)");
    con.Execute("INSERT INTO t VALUES (1), (2), (3)");
    prepared.emplace(con.Prepare("SELECT sum(i) FROM t WHERE i >= $1"));
  }
  EXPECT_EQ(prepared->Execute(2).GetValue(0, 0), Value::HugeInt(hugeint_t(5)));
  EXPECT_EQ(prepared->ColumnCount(), 1u);
}

TEST(ApiMisuseTest, PreparedStatementOutlivesConnectionAndDatabase) {
  std::optional<PreparedStatement> prepared;
  {
    Database db;
    Connection con(db);
    con.Execute("CREATE TABLE t(s VARCHAR)");
    con.Execute("INSERT INTO t VALUES ('a'), ('b')");
    prepared.emplace(con.Prepare("SELECT count(*) FROM t WHERE s <> ?"));
  }
  EXPECT_EQ(prepared->Execute("a").GetValue(0, 0), Value::BigInt(1));
}

TEST(ApiMisuseTest, MovedFromPreparedStatementThrowsInvalidInput) {
  Database db;
  Connection con(db);
  PreparedStatement first = con.Prepare("SELECT $1::INTEGER + 1");
  PreparedStatement second = std::move(first);
  EXPECT_EQ(second.Execute(1).GetValue(0, 0), Value::Integer(2));
  ExpectInvalidInput([&] { (void)first.Execute(1); }, {"PreparedStatement", "moved from"});
  ExpectInvalidInput([&] { (void)first.ParameterCount(); }, {"moved from"});
  ExpectInvalidInput([&] { first.ClearBindings(); }, {"moved from"});
  ExpectInvalidInput([&] { (void)first.ColumnName(0); }, {"moved from"});
}

TEST(ApiMisuseTest, PreparedStatementIndexesAreChecked) {
  Database db;
  Connection con(db);
  PreparedStatement prepared = con.Prepare("SELECT $1::INTEGER AS x");
  ExpectInvalidInput([&] { (void)prepared.ColumnName(1); },
                     {"PreparedStatement::ColumnName", "column 1"});
  ExpectInvalidInput([&] { (void)prepared.ColumnType(9); }, {"PreparedStatement::ColumnType"});
  ExpectInvalidInput([&] { (void)prepared.ParameterName(0); }, {"$0"});
  ExpectInvalidInput([&] { (void)prepared.ParameterType(2); }, {"$2"});
  ExpectInvalidInput([&] { prepared.Bind(2, 5); }, {"$2"});
  ExpectInvalidInput([&] { (void)prepared.Bind("nope", 5); }, {"$nope"});
  ExpectInvalidInput([&] { (void)prepared.Execute(); }, {"$1 has no value"});
  ExpectInvalidInput([&] { (void)prepared.Execute(1, 2); }, {"1 parameters", "2 values"});
}

TEST(ApiMisuseTest, ResultAndAppenderOutliveTheirConnection) {
  Database db;
  std::optional<Result> result;
  std::optional<Appender> appender;
  {
    Connection con(db);
    con.Execute("CREATE TABLE t(i INTEGER)");
    con.Execute("INSERT INTO t VALUES (1), (2)");
    result.emplace(con.Query("SELECT i FROM t ORDER BY i"));
    appender.emplace(con, "t");
  }
  appender->AppendRow(3);
  appender->Close();
  EXPECT_EQ(result->RowCount(), 2u);
  Connection again(db);
  EXPECT_EQ(again.Query("SELECT count(*) FROM t").GetValue(0, 0), Value::BigInt(3));
}

TEST(ApiMisuseTest, ChunkAndReaderIndexesAreChecked) {
  Database db;
  Connection con(db);
  Result result = con.Query("SELECT 1::INTEGER AS a");
  result.Materialize();
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  ExpectInvalidInput([&] { (void)chunk->Values<int32_t>(1); }, {"column 1"});
  ExpectInvalidInput([&] { (void)chunk->Values<int64_t>(0); }, {"INTEGER", "int64_t"});
  ExpectInvalidInput([&] { (void)chunk->GetValue(0, 1); }, {"row 1"});
  ExpectInvalidInput([&] { (void)chunk->ColumnType(3); }, {"column 3"});
  result.Rewind();
  Reader reader(result);
  ExpectInvalidInput([&] { (void)reader.Get<int32_t>(0); }, {});  // no current row yet
  ASSERT_TRUE(reader.Next());
  ExpectInvalidInput([&] { (void)reader.Get<int32_t>(1); }, {});
  ExpectInvalidInput([&] { (void)reader.ColumnName(1); }, {});
}

TEST(ApiMisuseTest, AFailedStreamKeepsFailingInsteadOfLookingComplete) {
  Database db;
  Connection con(db);
  // The error comes from the second chunk, after the first was handed out.
  Result result = con.Query("SELECT (range * 1000000)::INTEGER FROM range(5000)");
  ASSERT_NE(result.NextChunk(), nullptr);
  std::optional<Error> first = CaughtError([&] { (void)result.NextChunk(); });
  ASSERT_TRUE(first.has_value());
  std::optional<Error> again = CaughtError([&] { (void)result.NextChunk(); });
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(std::string(again->what()), std::string(first->what()));
}

TEST(ApiMisuseTest, LogicalTypesThatCannotExistAreRefused) {
  // Before, kList and kEnum made a type without its child or dictionary: its first use
  // dereferenced null.
  ExpectInvalidInput([] { LogicalType t(TypeId::kList); }, {"LogicalType::List"});
  ExpectInvalidInput([] { LogicalType t(TypeId::kEnum); }, {"LogicalType::Enum"});
  ExpectInvalidInput([] { (void)LogicalType::Decimal(40, 2); }, {"LogicalType::Decimal(40, 2)"});
  ExpectInvalidInput([] { (void)LogicalType::Decimal(4, 5); }, {"LogicalType::Decimal(4, 5)"});
  ExpectInvalidInput([] { (void)LogicalType(TypeId::kInteger).ListChild(); },
                     {"ListChild", "INTEGER"});
  ExpectInvalidInput([] { (void)LogicalType(TypeId::kVarchar).Enum(); }, {"Enum", "VARCHAR"});
  EXPECT_EQ(LogicalType::Decimal(38, 38).ToString(), "DECIMAL(38,38)");
}

TEST(ApiMisuseTest, ValueFactoriesCheckTheirArguments) {
  LogicalType mood = LogicalType::Enum("mood", {"sad", "happy"});
  EXPECT_EQ(Value::Enum(mood, 1).ToString(), "happy");
  ExpectInvalidInput([&] { (void)Value::Enum(mood, 2); }, {"Value::Enum", "2 labels", "index 2"});
  ExpectInvalidInput([] { (void)Value::Enum(LogicalType(TypeId::kInteger), 0); }, {"ENUM"});
  // 12345 has five digits: DECIMAL(4,1) cannot hold it (it used to be cut to int16_t).
  ExpectInvalidInput([] { (void)Value::Decimal(12345, 4, 1); }, {"Value::Decimal", "4 digits"});
  EXPECT_EQ(Value::Decimal(-9999, 4, 1).ToString(), "-999.9");
}

TEST(ApiMisuseTest, MovedFromReaderThrowsInvalidInput) {
  Database db;
  Connection con(db);
  Result result = con.Query("SELECT 1::INTEGER AS a UNION ALL SELECT 2");
  Reader first(result);
  ASSERT_TRUE(first.Next());
  Reader second = std::move(first);
  EXPECT_EQ(second.Get<int32_t>(0), 1);
  ExpectInvalidInput([&] { (void)first.Get<int32_t>(0); }, {"column 0"});
  ExpectInvalidInput([&] { (void)first.Next(); }, {"Reader", "moved from"});
  ASSERT_TRUE(second.Next());
  EXPECT_EQ(second.Get<int32_t>(0), 2);
  EXPECT_FALSE(second.Next());
}

}  // namespace teal
