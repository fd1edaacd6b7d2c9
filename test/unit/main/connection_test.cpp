// Connection: statements end to end through the public API.
#include "teal/connection.hpp"

#include <gtest/gtest.h>

#include "teal/error.hpp"

namespace teal {

namespace {
int64_t Count(Connection& con, const std::string& table) {
  return con.Query("SELECT count(*) FROM " + table).GetValue(0, 0).GetStored<int64_t>();
}
}  // namespace

TEST(ConnectionTest, SelectLiteralReturnsOneTypedRow) {
  Database db;
  Connection con(db);
  Result result = con.Query("SELECT 42 AS answer, 'x'");
  ASSERT_EQ(result.RowCount(), 1u);
  EXPECT_EQ(result.ColumnName(0), "answer");
  EXPECT_EQ(result.ColumnType(0).Id(), TypeId::kInteger);
  EXPECT_EQ(result.GetValue(0, 0).GetStored<int32_t>(), 42);
  EXPECT_EQ(result.ColumnType(1).Id(), TypeId::kVarchar);
}

TEST(ConnectionTest, DuckdbConnectionCountFollowsConnectionsOpenedAndClosed) {
  Database db;
  Connection con(db);
  auto count = [&] {
    return con.Query("SELECT count FROM duckdb_connection_count()").GetValue(0, 0).ToString();
  };
  EXPECT_EQ(count(), "1");
  {
    Connection second(db);
    Connection third(db);
    EXPECT_EQ(count(), "3");
  }
  EXPECT_EQ(count(), "1");
  // Another database's connections are its own.
  Database other;
  Connection elsewhere(other);
  EXPECT_EQ(count(), "1");
}

TEST(ConnectionTest, MultipleStatementsReturnTheLastResult) {
  Database db;
  Connection con(db);
  Result result =
      con.Query("CREATE TABLE t(i INTEGER); INSERT INTO t VALUES (1), (2); SELECT count(*) FROM t");
  EXPECT_EQ(result.GetValue(0, 0).GetStored<int64_t>(), 2);
}

TEST(ConnectionTest, SemicolonInsideAnEscapeStringDoesNotEndTheStatement) {
  Database db;
  Connection con(db);
  // E'…' takes \' as a quote inside the string, so the `;` after it is part of the string.
  Result result = con.Query("SELECT 1; SELECT E'it\\'s; one string' AS s");
  ASSERT_EQ(result.RowCount(), 1u);
  EXPECT_EQ(result.GetValue(0, 0).GetString(), "it's; one string");
}

TEST(ConnectionTest, SemicolonsInsideNestedCommentsDoNotEndTheStatement) {
  Database db;
  Connection con(db);
  // The comment ends at the second */ (comments nest, as in PostgreSQL): the first INSERT is
  // commented out and its `;` splits nothing.
  Result result = con.Query(
      "CREATE TABLE t(i INTEGER); /* a /* b; */ INSERT INTO t VALUES (1); */ "
      "INSERT INTO t VALUES (2); SELECT count(*), min(i) FROM t");
  EXPECT_EQ(result.GetValue(0, 0).GetStored<int64_t>(), 1);
  EXPECT_EQ(result.GetValue(1, 0).GetStored<int32_t>(), 2);
}

TEST(ConnectionTest, InsertReportsRowCount) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  Result result = con.Query("INSERT INTO t VALUES (1), (2), (3)");
  EXPECT_EQ(result.Type(), StatementType::kInsert);
  EXPECT_FALSE(result.ReturnsRows());
  EXPECT_EQ(result.GetValue(0, 0).GetStored<int64_t>(), 3);
}

TEST(ConnectionTest, InsertReturningGivesTheInsertedRows) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER, s VARCHAR DEFAULT 'x')");
  Result result = con.Query("INSERT INTO t(i) VALUES (1), (2) RETURNING s, i + 1 AS next");
  EXPECT_EQ(result.Type(), StatementType::kInsert);
  EXPECT_TRUE(result.ReturnsRows());
  ASSERT_EQ(result.ColumnCount(), 2u);
  EXPECT_EQ(result.ColumnName(1), "next");
  ASSERT_EQ(result.RowCount(), 2u);
  EXPECT_EQ(result.GetValue(0, 1).GetString(), "x");
  EXPECT_EQ(result.GetValue(1, 1).GetStored<int32_t>(), 3);
}

TEST(ConnectionTest, NotNullViolationInALaterRowInsertsNothing) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER NOT NULL, s VARCHAR)");
  con.Execute("INSERT INTO t VALUES (1, 'kept')");
  EXPECT_THROW(con.Execute("INSERT INTO t VALUES (2, 'a'), (NULL, 'b')"), ConstraintError);
  EXPECT_EQ(Count(con, "t"), 1);
}

TEST(ConnectionTest, ValueThatDoesNotFitNamesTheColumn) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(small TINYINT, other INTEGER)");
  try {
    con.Execute("INSERT INTO t(small) VALUES (300)");
    FAIL() << "expected a ConversionError";
  } catch (const ConversionError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("small"), std::string::npos) << message;
    EXPECT_NE(message.find("300"), std::string::npos) << message;
  }
  EXPECT_EQ(Count(con, "t"), 0);
}

TEST(ConnectionTest, DefaultsFillOmittedColumns) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER, s VARCHAR DEFAULT 'none', n INTEGER)");
  con.Execute("INSERT INTO t(i) VALUES (1)");
  con.Execute("INSERT INTO t VALUES (2, DEFAULT, 5)");
  Result result = con.Query("SELECT s, n FROM t WHERE i = 2");
  EXPECT_EQ(result.GetValue(0, 0).GetString(), "none");
  EXPECT_EQ(result.GetValue(1, 0).GetStored<int32_t>(), 5);
  EXPECT_TRUE(con.Query("SELECT n FROM t WHERE i = 1").GetValue(0, 0).IsNull());
}

TEST(ConnectionTest, FailedStatementKeepsEarlierStatementsOfTheSameString) {
  Database db;
  Connection con(db);
  EXPECT_THROW(
      con.Execute("CREATE TABLE t(i INTEGER); INSERT INTO t VALUES (1); SELECT * FROM missing"),
      CatalogError);
  EXPECT_EQ(Count(con, "t"), 1);
}

TEST(ConnectionTest, WhereFollowsThreeValuedLogic) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  con.Execute("INSERT INTO t VALUES (1), (2), (NULL)");
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE i <> 1").GetValue(0, 0).GetStored<int64_t>(),
            1);
  EXPECT_EQ(
      con.Query("SELECT count(*) FROM t WHERE NOT (i = 1)").GetValue(0, 0).GetStored<int64_t>(), 1);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE i = 1 OR i IS NULL")
                .GetValue(0, 0)
                .GetStored<int64_t>(),
            2);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE i NOT IN (1, NULL)")
                .GetValue(0, 0)
                .GetStored<int64_t>(),
            0);
  EXPECT_EQ(con.Query("SELECT count(*) FROM t WHERE i IS DISTINCT FROM 1")
                .GetValue(0, 0)
                .GetStored<int64_t>(),
            2);
}

TEST(ConnectionTest, LimitAndOffsetSpanChunkBoundaries) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(i INTEGER)");
  std::string values = "INSERT INTO t VALUES (0)";
  for (int i = 1; i < 5000; i++) values += ", (" + std::to_string(i) + ")";
  con.Execute(values);
  Result result = con.Query("SELECT i FROM t LIMIT 3 OFFSET 2047");
  ASSERT_EQ(result.RowCount(), 3u);
  EXPECT_EQ(result.GetValue(0, 0).GetStored<int32_t>(), 2047);
  EXPECT_EQ(result.GetValue(0, 2).GetStored<int32_t>(), 2049);
  EXPECT_EQ(con.Query("SELECT i FROM t OFFSET 4998").RowCount(), 2u);
}

TEST(ConnectionTest, DroppedTableIsGoneAndTypeInUseCannotBeDropped) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TYPE mood AS ENUM ('sad', 'happy'); CREATE TABLE t(m mood)");
  EXPECT_THROW(con.Execute("DROP TYPE mood"), CatalogError);
  con.Execute("DROP TABLE t; DROP TYPE mood");
  EXPECT_THROW(con.Execute("SELECT * FROM t"), CatalogError);
  EXPECT_THROW(con.Execute("CREATE TABLE u(m mood)"), CatalogError);
}

}  // namespace teal
