// Appender and MappedAppender: every C++ type → column type pair, flushing, subsets,
// lists, enums, and every error path, checked through SQL on the same database.
#include "teal/appender.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "teal/error.hpp"
#include "vector/data_chunk.hpp"

namespace teal {
namespace {

using namespace std::chrono;  // NOLINT: literals and time points read better unqualified

/// The one value of `sql` as text.
std::string Cell(Connection& con, const std::string& sql) {
  return con.Query(sql).GetValue(0, 0).ToString();
}
int64_t Count(Connection& con, const std::string& table) {
  return con.Query("SELECT count(*) FROM " + table).GetValue(0, 0).GetStored<int64_t>();
}
/// Every row of `sql`, rows separated by ';' and values by ','.
std::string Rows(Connection& con, const std::string& sql) {
  Result result = con.Query(sql);
  std::string out;
  for (idx_t r = 0; r < result.RowCount(); r++) {
    if (r) out += ";";
    for (idx_t c = 0; c < result.ColumnCount(); c++) {
      if (c) out += ",";
      out += result.GetValue(c, r).ToString();
    }
  }
  return out;
}

/// The message of the teal::Error `f` throws as category E; fails the test if none.
template <typename E, typename F>
std::string ErrorOf(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an exception";
  return {};
}

class AppenderTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

enum class Mood : uint8_t { kSad, kOk, kHappy };
enum Plain { kPlainA, kPlainB, kPlainC };

TEST_F(AppenderTest, AReadOnlyTransactionRefusesTheAppendersRowsAndKeepsNone) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  con_.Execute("BEGIN TRANSACTION READ ONLY");
  {
    Appender app(con_, "t");
    app.AppendRow(int32_t{1});
    EXPECT_NE(ErrorOf<TransactionError>([&] { app.Flush(); }).find("read-only transaction"),
              std::string::npos);
  }
  con_.Execute("ROLLBACK");
  EXPECT_EQ(Count(con_, "t"), 0);
  // The next transaction may write.
  {
    Appender app(con_, "t");
    app.AppendRow(int32_t{2});
  }
  EXPECT_EQ(Count(con_, "t"), 1);
}

// ---- C++ type -> column type ------------------------------------------------------------

TEST_F(AppenderTest, MissingTableThrowsCatalogError) {
  EXPECT_THROW(Appender(con_, "nope"), CatalogError);
}

TEST_F(AppenderTest, StorageTypesAreStoredAsTheyAre) {
  con_.Execute(
      "CREATE TABLE t(a TINYINT, b SMALLINT, c INTEGER, d BIGINT, e UTINYINT, f USMALLINT, "
      "g UINTEGER, h UBIGINT, i FLOAT, j DOUBLE, k BOOLEAN)");
  {
    Appender app(con_, "t");
    app.AppendRow(int8_t{-8}, int16_t{-16}, int32_t{-32}, int64_t{-64}, uint8_t{8}, uint16_t{16},
                  uint32_t{32}, uint64_t{18446744073709551615ull}, 1.5f, 2.25, true);
  }
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"),
            "-8,-16,-32,-64,8,16,32,18446744073709551615,1.5,2.25,true");
}

TEST_F(AppenderTest, IntegersWidenAndNarrowIntoOtherIntegerColumns) {
  con_.Execute("CREATE TABLE t(a BIGINT, b SMALLINT, c UTINYINT, d HUGEINT, e UBIGINT)");
  Appender app(con_, "t");
  app.AppendRow(1, int64_t{-300}, 255, int8_t{-5}, uint8_t{7});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,-300,255,-5,7");
}

TEST_F(AppenderTest, IntegerOutOfRangeNamesTableColumnRowAndTypes) {
  con_.Execute("CREATE TABLE t(a INTEGER, b TINYINT)");
  Appender app(con_, "t");
  app.AppendRow(1, 1);
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(2, 300); });
  EXPECT_NE(message.find("table \"t\", column \"b\" (TINYINT), row 2"), std::string::npos)
      << message;
  EXPECT_NE(message.find("int32_t value 300 is out of range for TINYINT"), std::string::npos)
      << message;
  app.AppendRow(3, -1);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,1;3,-1");
}

TEST_F(AppenderTest, NegativeIntoUnsignedIsAnError) {
  con_.Execute("CREATE TABLE t(a UINTEGER)");
  Appender app(con_, "t");
  EXPECT_THROW(app.AppendRow(-1), ConversionError);
}

TEST_F(AppenderTest, NumbersIntoFloatDoubleAndDecimalAreScaled) {
  con_.Execute(
      "CREATE TABLE t(a DOUBLE, b FLOAT, c DECIMAL(9,2), d DECIMAL(18,3), e DECIMAL(4,1))");
  Appender app(con_, "t");
  app.AppendRow(3, 2.5, 12, 2.5, int16_t{-7});
  app.AppendRow(2.5f, int64_t{4}, 1.005, int64_t{123456789012345}, 99.9);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"),
            "3.0,2.5,12.00,2.500,-7.0;2.5,4.0,1.01,123456789012345.000,99.9");
}

TEST_F(AppenderTest, IntegerTooWideForDecimalIsAnError) {
  con_.Execute("CREATE TABLE t(c DECIMAL(4,2))");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(100); });
  EXPECT_NE(message.find("DECIMAL(4,2)"), std::string::npos) << message;
}

TEST_F(AppenderTest, Int128IntoHugeIntAndUHugeInt) {
  con_.Execute("CREATE TABLE t(a HUGEINT, b UHUGEINT)");
  Appender app(con_, "t");
  int128 big = static_cast<int128>(1) << 100;
  uint128 bigger = static_cast<uint128>(1) << 127;
  app.AppendRow(-big, bigger);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"),
            "-1267650600228229401496703205376,170141183460469231731687303715884105728");
}

TEST_F(AppenderTest, ShortAndLongStringsIncludingMultiByteUtf8) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  const std::string twelve = "abcdefghijkl";     // 12 bytes: inline
  const std::string thirteen = "abcdefghijklm";  // 13 bytes: heap
  const std::string georgian4 = "ქართ";          // 4 letters, 12 bytes: inline
  const std::string georgian5 = "ქართუ";         // 15 bytes: heap
  {
    Appender app(con_, "t");
    app.AppendRow(twelve);
    app.AppendRow(std::string_view(thirteen));
    app.AppendRow(georgian4.c_str());
    app.AppendRow(georgian5);
    app.AppendRow("");
    app.AppendRow("a string that is certainly longer than twelve bytes");
  }
  EXPECT_EQ(Rows(con_, "SELECT s FROM t"),
            twelve + ";" + thirteen + ";" + georgian4 + ";" + georgian5 +
                ";;a string that is certainly longer than twelve bytes");
  EXPECT_EQ(Cell(con_, "SELECT count(*) FROM t WHERE s = 'ქართუ'"), "1");
}

TEST_F(AppenderTest, StringsIntoBlobKeepTheirBytes) {
  con_.Execute("CREATE TABLE t(b BLOB)");
  Appender app(con_, "t");
  app.AppendRow(std::string("A\x01z", 3));
  app.Close();
  EXPECT_EQ(Cell(con_, "SELECT b FROM t"), "A\\x01z");
}

TEST_F(AppenderTest, StringsAreParsedIntoOtherTypes) {
  con_.Execute(
      "CREATE TABLE t(d DATE, i INTEGER, f DOUBLE, u UUID, b BOOLEAN, ts TIMESTAMP, "
      "l INTEGER[])");
  Appender app(con_, "t");
  app.AppendRow("2024-02-29", "42", "1.5", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "true",
                "2024-01-02 03:04:05", "[1, 2]");
  app.Close();
  EXPECT_EQ(
      Rows(con_, "SELECT * FROM t"),
      "2024-02-29,42,1.5,a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11,true,2024-01-02 03:04:05,[1, 2]");
}

TEST_F(AppenderTest, UnparsableStringNamesTableColumnRowAndValue) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(1, "abc"); });
  EXPECT_NE(message.find("table \"t\", column \"b\" (INTEGER), row 1"), std::string::npos)
      << message;
  EXPECT_NE(message.find("'abc'"), std::string::npos) << message;
}

TEST_F(AppenderTest, SysDaysAndYearMonthDayIntoDate) {
  con_.Execute("CREATE TABLE t(a DATE, b DATE)");
  Appender app(con_, "t");
  app.AppendRow(sys_days{2024y / February / 29}, 1969y / December / 31);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "2024-02-29,1969-12-31");
}

TEST_F(AppenderTest, InvalidYearMonthDayIsAnError) {
  con_.Execute("CREATE TABLE t(a DATE)");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(2023y / February / 29); });
  EXPECT_NE(message.find("2023-02-29"), std::string::npos) << message;
}

TEST_F(AppenderTest, SysDaysIntoTimestampIsMidnight) {
  con_.Execute("CREATE TABLE t(a TIMESTAMP, b TIMESTAMP_NS)");
  Appender app(con_, "t");
  app.AppendRow(sys_days{2024y / March / 1}, sys_days{2000y / January / 1});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "2024-03-01 00:00:00,2000-01-01 00:00:00");
}

TEST_F(AppenderTest, SysTimeIntoEveryTimestampUnitByArithmetic) {
  con_.Execute(
      "CREATE TABLE t(a TIMESTAMP, b TIMESTAMP_S, c TIMESTAMP_MS, d TIMESTAMP_NS, e TIMESTAMPTZ)");
  auto tp = sys_days{2024y / February / 29} + 12h + 34min + 56s + 789123us;
  Appender app(con_, "t");
  app.AppendRow(tp, tp, tp, tp, tp);
  app.AppendRow(time_point_cast<seconds>(tp), time_point_cast<milliseconds>(tp),
                time_point_cast<nanoseconds>(tp) + 5ns, time_point_cast<seconds>(tp),
                time_point_cast<nanoseconds>(tp) + 999ns);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT a, b, c, d FROM t"),
            "2024-02-29 12:34:56.789123,2024-02-29 12:34:56,2024-02-29 12:34:56.789,"
            "2024-02-29 12:34:56.789123;"
            "2024-02-29 12:34:56,2024-02-29 12:34:56,2024-02-29 12:34:56.789,"
            "2024-02-29 12:34:56");
  EXPECT_EQ(Rows(con_, "SELECT e::VARCHAR FROM t"),
            "2024-02-29 12:34:56.789123+00;2024-02-29 12:34:56.789123+00");
}

TEST_F(AppenderTest, SysTimeBeforeTheEpochFloorsWhenLosingPrecision) {
  con_.Execute("CREATE TABLE t(a TIMESTAMP_S)");
  Appender app(con_, "t");
  app.AppendRow(sys_time<milliseconds>(-500ms));
  app.Close();
  EXPECT_EQ(Cell(con_, "SELECT a FROM t"), "1969-12-31 23:59:59");
}

TEST_F(AppenderTest, SysTimeOverflowingTimestampNsIsAnError) {
  con_.Execute("CREATE TABLE t(a TIMESTAMP_NS)");
  Appender app(con_, "t");
  std::string message =
      ErrorOf<ConversionError>([&] { app.AppendRow(sys_days{2300y / January / 1} + 0s); });
  EXPECT_NE(message.find("out of range for TIMESTAMP_NS"), std::string::npos) << message;
}

TEST_F(AppenderTest, SysTimeAtTheInfinitySentinelIsAnError) {
  con_.Execute("CREATE TABLE t(a TIMESTAMP)");
  Appender app(con_, "t");
  auto infinity = sys_time<microseconds>(microseconds(std::numeric_limits<int64_t>::max()));
  EXPECT_THROW(app.AppendRow(infinity), ConversionError);
  EXPECT_THROW(
      app.AppendRow(sys_time<microseconds>(microseconds(-std::numeric_limits<int64_t>::max()))),
      ConversionError);
  app.AppendRow(sys_time<microseconds>(microseconds(0)));
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 1);
}

TEST_F(AppenderTest, DurationsAndHhMmSsIntoTime) {
  con_.Execute("CREATE TABLE t(a TIME, b TIME, c TIME)");
  Appender app(con_, "t");
  app.AppendRow(microseconds(3723000001), hh_mm_ss<microseconds>(13h + 14min + 15s + 16us),
                seconds(60));
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "01:02:03.000001,13:14:15.000016,00:01:00");
}

TEST_F(AppenderTest, NegativeDurationIntoTimeIsAnError) {
  con_.Execute("CREATE TABLE t(a TIME)");
  Appender app(con_, "t");
  EXPECT_THROW(app.AppendRow(-1s), ConversionError);
}

TEST_F(AppenderTest, StoredTemporalTypesAreLoadsAndConvertToOthers) {
  con_.Execute("CREATE TABLE t(d DATE, ts TIMESTAMP, t TIME, i INTERVAL, d2ts TIMESTAMP)");
  Appender app(con_, "t");
  app.AppendRow(date_t{19782}, timestamp_t{1709210096000000}, dtime_t{3600000000},
                interval_t{1, 2, 3000000}, date_t{0});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"),
            "2024-02-29,2024-02-29 12:34:56,01:00:00,1 month 2 days 00:00:03,1970-01-01 00:00:00");
}

TEST_F(AppenderTest, UuidIntoUuidColumn) {
  con_.Execute("CREATE TABLE t(u UUID)");
  Appender app(con_, "t");
  app.AppendRow(Uuid::Parse("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"));
  app.AppendRow(Uuid::Parse("00000000-0000-0000-0000-000000000001"));
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT u FROM t"),
            "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11;00000000-0000-0000-0000-000000000001");
}

TEST_F(AppenderTest, CppEnumsGoIntoEnumColumnsByValue) {
  con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con_.Execute("CREATE TABLE t(a mood, b mood)");
  Appender app(con_, "t");
  app.AppendRow(Mood::kHappy, kPlainA);
  app.AppendRow(Mood::kSad, kPlainC);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "happy,sad;sad,happy");
}

TEST_F(AppenderTest, CppEnumOutOfRangeIsAnError) {
  con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con_.Execute("CREATE TABLE t(a mood)");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(static_cast<Mood>(3)); });
  EXPECT_NE(message.find("C++ enum value 3 is out of range for ENUM mood (3 labels)"),
            std::string::npos)
      << message;
}

TEST_F(AppenderTest, StringsGoIntoEnumColumnsByLabel) {
  con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con_.Execute("CREATE TABLE t(a mood)");
  Appender app(con_, "t");
  app.AppendRow("ok");
  app.AppendRow(std::string("happy"));
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "ok;happy");
}

TEST_F(AppenderTest, UnknownEnumLabelNamesLabelAndEnum) {
  con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con_.Execute("CREATE TABLE t(a mood)");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow("grumpy"); });
  EXPECT_NE(message.find("\"grumpy\" is not a label of ENUM mood"), std::string::npos) << message;
  EXPECT_NE(message.find("column \"a\""), std::string::npos) << message;
}

TEST_F(AppenderTest, EnumWithMoreThan256LabelsStoresTwoByteIndexes) {
  std::string labels;
  for (int i = 0; i < 300; i++) labels += (i ? ", 'l" : "'l") + std::to_string(i) + "'";
  con_.Execute("CREATE TYPE big AS ENUM (" + labels + ")");
  con_.Execute("CREATE TABLE t(a big)");
  enum class Big : uint16_t {};
  Appender app(con_, "t");
  app.AppendRow(static_cast<Big>(299));
  app.AppendRow("l7");
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "l299;l7");
}

TEST_F(AppenderTest, OptionalsAppendNullWhenEmpty) {
  con_.Execute("CREATE TABLE t(a INTEGER, b VARCHAR, c DATE)");
  Appender app(con_, "t");
  app.AppendRow(std::optional<int32_t>{}, std::optional<std::string>{"x"}, std::nullopt);
  app.AppendRow(std::optional<int32_t>{5}, std::optional<std::string>{},
                std::optional<sys_days>{sys_days{2000y / January / 1}});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "NULL,x,NULL;5,NULL,2000-01-01");
}

TEST_F(AppenderTest, RangesGoIntoListColumns) {
  con_.Execute("CREATE TABLE t(a INTEGER[], b DOUBLE[], c INTEGER[])");
  Appender app(con_, "t");
  std::vector<int32_t> numbers{1, 2, 3};
  std::array<double, 2> doubles{0.5, 1.5};
  app.AppendRow(numbers, doubles, std::vector<std::optional<int>>{1, std::nullopt, 3});
  app.AppendRow(std::span<const int32_t>(numbers).subspan(1), std::vector<double>{},
                std::vector<int64_t>{7});  // int64 elements into INTEGER: converted
  app.AppendRow(std::optional<std::vector<int>>{}, std::vector<float>{2.5f},
                std::vector<std::optional<int>>{});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"),
            "[1, 2, 3],[0.5, 1.5],[1, NULL, 3];[2, 3],[],[7];NULL,[2.5],[]");
}

TEST_F(AppenderTest, NestedRangesGoIntoNestedLists) {
  con_.Execute("CREATE TABLE t(a INTEGER[][])");
  Appender app(con_, "t");
  app.AppendRow(std::vector<std::vector<int>>{{1, 2}, {}, {3}});
  app.AppendRow(std::vector<std::optional<std::vector<int>>>{std::nullopt, std::vector<int>{4}});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "[[1, 2], [], [3]];[NULL, [4]]");
}

TEST_F(AppenderTest, RangesOfTheArraySizeGoIntoArrayColumns) {
  con_.Execute("CREATE TABLE t(v FLOAT[3], n INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(std::array<float, 3>{1, 2, 3}, 1);
  app.AppendRow(std::optional<std::vector<float>>{}, 2);
  // Another number of elements is refused, and the row is not half-written.
  std::string message = ErrorOf<ConversionError>([&] {
    app.AppendRow(std::vector<float>{1, 2}, 3);
  });
  EXPECT_NE(message.find("column \"v\" (FLOAT[3]), row 3: a C++ range of 2 elements goes into "
                         "an ARRAY of 3"),
            std::string::npos)
      << message;
  app.AppendRow(std::vector<double>{4, 5, 6}, 4);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "[1.0, 2.0, 3.0],1;NULL,2;[4.0, 5.0, 6.0],4");
  EXPECT_EQ(Cell(con_, "SELECT typeof(v) FROM t LIMIT 1"), "FLOAT[3]");
}

TEST_F(AppenderTest, ListsOfLongStringsKeepTheirBytes) {
  con_.Execute("CREATE TABLE t(a VARCHAR[])");
  Appender app(con_, "t");
  for (int i = 0; i < 3000; i++) {
    app.AppendRow(
        std::vector<std::string>{"short", "a string longer than twelve #" + std::to_string(i)});
  }
  app.Close();
  EXPECT_EQ(Cell(con_, "SELECT count(*) FROM t"), "3000");
  EXPECT_EQ(Rows(con_, "SELECT a FROM t LIMIT 1 OFFSET 2999"),
            "[short, a string longer than twelve #2999]");
}

TEST_F(AppenderTest, RowsCommitAtFlushAndAfterEveryHundredChunks) {
  con_.Execute("CREATE TABLE t(i INTEGER, s VARCHAR)");
  Appender app(con_, "t");
  for (int i = 0; i < 5000; i++) app.AppendRow(i, "value number " + std::to_string(i));
  // Two full chunks went to the table, in the appender's own transaction: not committed.
  EXPECT_EQ(Count(con_, "t"), 0);
  app.Flush();
  EXPECT_EQ(Count(con_, "t"), 5000);
  Result all = con_.Query("SELECT i FROM t");
  int64_t sum = 0;
  for (idx_t r = 0; r < all.RowCount(); r++) sum += all.GetValue(0, r).GetStored<int32_t>();
  EXPECT_EQ(sum, 12497500);
  EXPECT_EQ(Cell(con_, "SELECT s FROM t WHERE i = 4321"), "value number 4321");
  // The 100th full chunk since the last commit commits them all.
  const int per_commit = static_cast<int>(Appender::kChunksPerCommit * kVectorSize);
  for (int i = 0; i < per_commit - 1; i++) app.AppendRow(i, "x");
  EXPECT_EQ(Count(con_, "t"), 5000);
  app.AppendRow(0, "x");
  EXPECT_EQ(Count(con_, "t"), 5000 + per_commit);
  app.AppendRow(1, "y");
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 5001 + per_commit);
}

TEST_F(AppenderTest, AChunkTheTableRefusesLeavesTheEarlierChunksToCommit) {
  con_.Execute("CREATE TABLE t(i INTEGER PRIMARY KEY)");
  Appender app(con_, "t");
  for (int i = 0; i < 2 * static_cast<int>(kVectorSize); i++) app.AppendRow(i);
  // A duplicate key in the third chunk: the chunk is refused when it fills and is
  // handed over (by its last row's AppendRow).
  app.AppendRow(5);
  for (int i = 1; i < static_cast<int>(kVectorSize) - 1; i++) app.AppendRow(100000 + i);
  EXPECT_THROW(app.AppendRow(-1), ConstraintError);
  EXPECT_EQ(Count(con_, "t"), 0);  // the first two chunks wait for the commit
  app.AppendRow(-2);
  app.Flush();
  EXPECT_EQ(Count(con_, "t"), 2 * static_cast<int64_t>(kVectorSize) + 1);
}

TEST_F(AppenderTest, SubsetOfColumnsGetsDefaultsAndNulls) {
  con_.Execute(
      "CREATE TABLE t(a INTEGER, b VARCHAR DEFAULT 'dflt', c INTEGER, d INTEGER NOT NULL DEFAULT "
      "7)");
  Appender app(con_, "t", {"c", "a"});
  app.AppendRow(3, 1);
  app.Append(30).Append(10).EndRow();
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,dflt,3,7;10,dflt,30,7");
}

TEST_F(AppenderTest, AppendDefaultUsesTheColumnDefault) {
  con_.Execute("CREATE TABLE t(a INTEGER DEFAULT 42, b VARCHAR, c INTEGER[] DEFAULT [1, 2])");
  Appender app(con_, "t");
  app.AppendDefault().AppendDefault().AppendDefault().EndRow();
  app.Append(1).AppendNull().Append(std::vector<int>{3}).EndRow();
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "42,NULL,[1, 2];1,NULL,[3]");
}

// random() and now() are computed per row or per transaction, which the appender's values
// cannot be: it refuses, naming the column, rather than store one value for all rows.
TEST_F(AppenderTest, DefaultComputedPerRowIsRefusedNotFixed) {
  con_.Execute(
      "CREATE TABLE t(a INTEGER, r DOUBLE DEFAULT random(), n TIMESTAMP WITH TIME ZONE "
      "DEFAULT now())");
  {
    Appender app(con_, "t");
    app.Append(1);
    try {
      app.AppendDefault();
      FAIL() << "AppendDefault on a random() DEFAULT";
    } catch (const NotImplementedError& error) {
      EXPECT_NE(std::string(error.what()).find("column \"r\""), std::string::npos) << error.what();
    }
  }
  EXPECT_THROW(Appender(con_, "t", {"a"}), NotImplementedError);
  Appender all(con_, "t", {"a", "r", "n"});
  all.AppendRow(2, 0.5, "2020-01-01 00:00:00+00");
  all.Close();
  EXPECT_EQ(Rows(con_, "SELECT a, r FROM t"), "2,0.5");
}

TEST_F(AppenderTest, PerValueAppendAndEndRowMakeRows) {
  con_.Execute("CREATE TABLE t(a INTEGER, b DOUBLE, c VARCHAR)");
  Appender app(con_, "t");
  app.Append(1).Append(2.5).Append("x").EndRow();
  app.Append(2).AppendNull().Append(std::string_view("y")).EndRow();
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,2.5,x;2,NULL,y");
}

TEST_F(AppenderTest, AppendRowWithMixedTypesOfTheIssueExample) {
  con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con_.Execute("CREATE TABLE t(a INTEGER, b DOUBLE, c VARCHAR, d INTEGER, e mood, f INTEGER[])");
  Appender app(con_, "t");
  app.AppendRow(1, 2.5, "text", std::optional<int32_t>{}, Mood::kHappy, std::vector<int>{1, 2});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,2.5,text,NULL,happy,[1, 2]");
}

TEST_F(AppenderTest, AppendChunkAppendsWholeChunk) {
  con_.Execute("CREATE TABLE t(a INTEGER, b VARCHAR)");
  Appender app(con_, "t");
  app.AppendRow(0, "first");
  DataChunk chunk({LogicalType(TypeId::kInteger), LogicalType(TypeId::kVarchar)});
  for (int i = 0; i < 3; i++) {
    chunk.data[0].Values<int32_t>()[i] = i + 1;
    chunk.data[1].Values<string_t>()[i] = chunk.data[1].AddString("row " + std::to_string(i + 1));
  }
  chunk.data[1].SetNull(2);
  chunk.SetCardinality(3);
  app.AppendChunk(chunk);
  app.AppendRow(4, "last");
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "0,first;1,row 1;2,row 2;3,NULL;4,last");
}

TEST_F(AppenderTest, AppendChunkWithOtherTypesIsRejected) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender app(con_, "t");
  DataChunk chunk({LogicalType(TypeId::kBigInt)});
  chunk.SetCardinality(1);
  std::string message = ErrorOf<InvalidInputError>([&] { app.AppendChunk(chunk); });
  EXPECT_NE(
      message.find("column \"a\" of table \"t\" is INTEGER but the chunk's column 1 is BIGINT"),
      std::string::npos)
      << message;
}

TEST_F(AppenderTest, AppendChunkRefusesAnArrayValueOfAnotherSize) {
  con_.Execute("CREATE TABLE t(v INTEGER[2])");
  Appender app(con_, "t");
  const LogicalType type = LogicalType::Array(TypeId::kInteger, 2);
  DataChunk chunk({type});
  Vector& v = chunk.data[0];
  v.SetListSize(3);
  for (int k = 0; k < 3; k++) v.ListChild().Values<int32_t>()[k] = k + 1;
  v.Values<list_entry_t>()[0] = {0, 2};
  v.Values<list_entry_t>()[1] = {2, 1};  // one element where the type says two
  chunk.SetCardinality(2);
  std::string message = ErrorOf<InvalidInputError>([&] { app.AppendChunk(chunk); });
  EXPECT_NE(message.find("column \"v\" of table \"t\" (INTEGER[2]): row 2 has 1 elements, "
                         "not 2"),
            std::string::npos)
      << message;
  // Nothing of the chunk is in the table; a right one goes in.
  v.Values<list_entry_t>()[1] = {1, 2};
  app.AppendChunk(chunk);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "[1, 2];[2, 3]");
}

TEST_F(AppenderTest, AppendChunkWithNullInNotNullColumnAppendsNothingOfIt) {
  con_.Execute("CREATE TABLE t(a INTEGER NOT NULL)");
  Appender app(con_, "t");
  app.AppendRow(1);
  DataChunk chunk({LogicalType(TypeId::kInteger)});
  chunk.data[0].Values<int32_t>()[0] = 2;
  chunk.data[0].SetNull(1);
  chunk.SetCardinality(2);
  std::string message = ErrorOf<ConstraintError>([&] { app.AppendChunk(chunk); });
  EXPECT_NE(message.find("NOT NULL constraint failed: t.a (row 3 of the appender)"),
            std::string::npos)
      << message;
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1");  // the buffered row was flushed first
}

// ---- bad input ----------------------------------------------------------------------------

TEST_F(AppenderTest, TooManyValuesInAppendRowNamesTheColumnCount) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER)");
  Appender app(con_, "t");
  std::string message = ErrorOf<InvalidInputError>([&] { app.AppendRow(1, 2, 3, 4); });
  EXPECT_NE(message.find("table \"t\" has 3 columns but a value was appended for column 4"),
            std::string::npos)
      << message;
  app.AppendRow(1, 2, 3);
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 1);
}

TEST_F(AppenderTest, TooManyPerValueAppendsDiscardTheRow) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER)");
  Appender app(con_, "t");
  app.Append(1).Append(2).Append(3);
  std::string message = ErrorOf<InvalidInputError>([&] { app.Append(4); });
  EXPECT_NE(message.find("table \"t\" has 3 columns but a value was appended for column 4"),
            std::string::npos)
      << message;
  app.Append(5).Append(6).Append(7).EndRow();
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "5,6,7");
}

TEST_F(AppenderTest, TooFewValuesNamesTheMissingColumn) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER, c INTEGER)");
  Appender app(con_, "t");
  app.Append(1).Append(2);
  std::string message = ErrorOf<InvalidInputError>([&] { app.EndRow(); });
  EXPECT_NE(message.find("table \"t\" has 3 columns but the row ended after 2 values: column "
                         "\"c\" is missing (row 1"),
            std::string::npos)
      << message;
  message = ErrorOf<InvalidInputError>([&] { app.AppendRow(1); });
  EXPECT_NE(message.find("column \"b\" is missing (row 2)"), std::string::npos) << message;
  app.AppendRow(1, 2, 3);
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 1);
}

TEST_F(AppenderTest, ConversionErrorDiscardsTheWholeRowIncludingListElements) {
  con_.Execute("CREATE TABLE t(l INTEGER[], s VARCHAR[], n INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(std::vector<int>{1}, std::vector<std::string>{"a"}, 1);
  // Both lists of row 2 are written before its third value fails.
  EXPECT_THROW(app.AppendRow(std::vector<int>{9, 9, 9},
                             std::vector<std::string>{"a long string in the heap", "z"}, "bad"),
               ConversionError);
  EXPECT_THROW(
      app.AppendRow(std::vector<int>{8}, std::vector<std::string>{"x"}, std::optional<int>{}, 1),
      InvalidInputError);
  app.Append(std::vector<int>{7});
  EXPECT_THROW(app.Append(std::vector<std::string>{"ok"}).Append(uint64_t{1} << 40),
               ConversionError);
  app.AppendRow(std::vector<int>{2, 3}, std::vector<std::string>{"b", "c"}, std::optional<int>{});
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "[1],[a],1;[2, 3],[b, c],NULL");
}

TEST_F(AppenderTest, ConversionErrorInRangeElementNamesTheListColumn) {
  con_.Execute("CREATE TABLE t(l TINYINT[])");
  Appender app(con_, "t");
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(std::vector<int>{1, 1000}); });
  EXPECT_NE(message.find("column \"l\" (TINYINT[]), row 1: int32_t value 1000 is out of range for "
                         "TINYINT"),
            std::string::npos)
      << message;
}

TEST_F(AppenderTest, AppenderStaysUsableAfterAConversionError) {
  con_.Execute("CREATE TABLE t(a INTEGER, d DATE)");
  Appender app(con_, "t");
  for (int i = 0; i < 3000; i++) {
    if (i % 1000 == 500) {
      EXPECT_THROW(app.AppendRow(i, "not a date"), ConversionError);
    } else {
      app.AppendRow(i, sys_days{2024y / January / 1} + days(i % 10));
    }
  }
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 2997);
  EXPECT_EQ(Cell(con_, "SELECT count(*) FROM t WHERE a = 500 OR a = 1500 OR a = 2500"), "0");
}

TEST_F(AppenderTest, RowNumbersInMessagesCountRowsAcrossFlushes) {
  con_.Execute("CREATE TABLE t(a TINYINT)");
  Appender app(con_, "t");
  for (int i = 0; i < 2100; i++) app.AppendRow(1);
  std::string message = ErrorOf<ConversionError>([&] { app.AppendRow(1000); });
  EXPECT_NE(message.find("row 2101"), std::string::npos) << message;
}

TEST_F(AppenderTest, NullIntoNotNullColumnNamesTableColumnAndRow) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER NOT NULL)");
  Appender app(con_, "t");
  app.AppendRow(1, 1);
  std::string message = ErrorOf<ConstraintError>([&] { app.AppendRow(2, std::optional<int>{}); });
  EXPECT_NE(message.find("NOT NULL constraint failed: t.b (row 2 of the appender"),
            std::string::npos)
      << message;
  EXPECT_THROW(app.Append(3).AppendDefault(), ConstraintError);
  app.AppendRow(4, 4);
  app.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,1;4,4");
}

TEST_F(AppenderTest, SubsetLeavingOutANotNullColumnWithoutDefaultIsRejected) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER NOT NULL)");
  std::string message = ErrorOf<ConstraintError>([&] { Appender app(con_, "t", {"a"}); });
  EXPECT_NE(message.find("NOT NULL constraint failed: t.b"), std::string::npos) << message;
}

TEST_F(AppenderTest, SubsetWithUnknownOrRepeatedColumnIsRejected) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
  std::string message = ErrorOf<CatalogError>([&] { Appender app(con_, "t", {"a", "x"}); });
  EXPECT_EQ(message, "table \"t\" has no column \"x\"");
  EXPECT_THROW(Appender(con_, "t", {"a", "A"}), InvalidInputError);
}

TEST_F(AppenderTest, RowsFlushedBeforeAnErrorStay) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1);
  app.Flush();
  EXPECT_THROW(app.AppendRow("x"), ConversionError);
  EXPECT_EQ(Count(con_, "t"), 1);
}

TEST_F(AppenderTest, FlushWithARowInProgressChangesNothing) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1, 1);
  app.Append(2);
  EXPECT_THROW(app.Flush(), InvalidInputError);
  app.Append(2).EndRow();
  app.Flush();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,1;2,2");
}

TEST_F(AppenderTest, FlushAfterTheTableWasDroppedDiscardsTheBufferedRows) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1);
  app.AppendRow(2);
  con_.Execute("DROP TABLE t");
  std::string message = ErrorOf<CatalogError>([&] { app.Flush(); });
  EXPECT_NE(
      message.find("table \"t\" was dropped or altered while an appender was open (none of the 2 "
                   "buffered rows were appended; they were discarded)"),
      std::string::npos)
      << message;
  app.Flush();  // nothing left to flush: no error
}

TEST_F(AppenderTest, FlushAfterAlterTableDiscardsTheBufferedRowsAndKeepsTheTable) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1);
  app.Flush();
  app.AppendRow(2);
  con_.Execute("ALTER TABLE t ADD COLUMN b VARCHAR DEFAULT 'b'");
  std::string message = ErrorOf<CatalogError>([&] { app.Flush(); });
  EXPECT_NE(message.find("was dropped or altered while an appender was open"), std::string::npos)
      << message;
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,b");
}

TEST_F(AppenderTest, SequenceDefaultsTakeANewValuePerRow) {
  con_.Execute("CREATE SEQUENCE ids START 10");
  con_.Execute("CREATE TABLE t(id INTEGER DEFAULT nextval('ids'), v INTEGER)");
  {
    Appender subset(con_, "t", {"v"});
    subset.AppendRow(1);
    subset.AppendRow(2);
    subset.Close();
  }
  Appender all(con_, "t");
  all.AppendDefault().Append(3).EndRow();
  all.Close();
  EXPECT_EQ(Rows(con_, "SELECT * FROM t ORDER BY v"), "10,1;11,2;12,3");
}

TEST_F(AppenderTest, FlushMakesRowsVisibleToAnotherConnection) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Connection other(db_);
  Appender app(con_, "t");
  app.AppendRow(1);
  EXPECT_EQ(Count(other, "t"), 0);
  app.Flush();
  EXPECT_EQ(Count(other, "t"), 1);
}

TEST_F(AppenderTest, DestructorFlushesBufferedRows) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  {
    Appender app(con_, "t");
    app.AppendRow(1);
    app.AppendRow(2);
  }
  EXPECT_EQ(Count(con_, "t"), 2);
}

TEST_F(AppenderTest, DestructorReportsAFailedFlushOnStderr) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  testing::internal::CaptureStderr();
  {
    Appender app(con_, "t");
    app.AppendRow(1);
    app.Append(2);  // a row in progress
    con_.Execute("DROP TABLE t");
  }
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("a row in progress (1 of 1 values) was discarded"), std::string::npos) << err;
  EXPECT_NE(err.find("flushing 1 rows in the destructor failed"), std::string::npos) << err;
  EXPECT_NE(err.find("was dropped"), std::string::npos) << err;
}

TEST_F(AppenderTest, CloseFlushesAndLaterUseThrows) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1);
  app.Close();
  EXPECT_EQ(Count(con_, "t"), 1);
  std::string message = ErrorOf<InvalidInputError>([&] { app.AppendRow(2); });
  EXPECT_EQ(message, "the appender on table \"t\" is closed");
  EXPECT_THROW(app.Append(2), InvalidInputError);
  EXPECT_THROW(app.EndRow(), InvalidInputError);
  EXPECT_THROW(app.Flush(), InvalidInputError);
  app.Close();  // a second Close does nothing
}

TEST_F(AppenderTest, CloseWithARowInProgressFlushesCompleteRowsAndThrows) {
  con_.Execute("CREATE TABLE t(a INTEGER, b INTEGER)");
  Appender app(con_, "t");
  app.AppendRow(1, 1);
  app.Append(2);
  EXPECT_THROW(app.Close(), InvalidInputError);
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,1");
  EXPECT_THROW(app.AppendRow(3, 3), InvalidInputError);
}

TEST_F(AppenderTest, MovedAppenderKeepsItsRows) {
  con_.Execute("CREATE TABLE t(a INTEGER)");
  Appender first(con_, "t");
  first.AppendRow(1);
  Appender second(std::move(first));
  second.AppendRow(2);
  second.Close();
  EXPECT_EQ(Count(con_, "t"), 2);
}

TEST_F(AppenderTest, InsertStillChecksNotNullThroughTheSharedPath) {
  con_.Execute("CREATE TABLE t(a INTEGER NOT NULL, b INTEGER DEFAULT 5)");
  con_.Execute("INSERT INTO t(a) VALUES (1)");
  std::string message =
      ErrorOf<ConstraintError>([&] { con_.Execute("INSERT INTO t VALUES (2, 2), (NULL, 3)"); });
  EXPECT_EQ(message, "NOT NULL constraint failed: t.a (row 2 of the insert)");
  EXPECT_EQ(Rows(con_, "SELECT * FROM t"), "1,5");
}

// ---- MappedAppender -------------------------------------------------------------------------

struct Trade {
  int64_t id;
  sys_time<microseconds> ts;
  double price;
  std::optional<int32_t> qty;
  std::string symbol;
};

TEST(MappedAppenderTest, AppendsRecordsAndSpans) {
  Database db;
  Connection con(db);
  con.Execute(
      "CREATE TABLE trades(id BIGINT, ts TIMESTAMP, price DOUBLE, qty INTEGER, sym VARCHAR)");
  Mapping<Trade> mapping{&Trade::id, &Trade::ts, &Trade::price, &Trade::qty, &Trade::symbol};
  MappedAppender<Trade> trades(con, "trades", mapping);
  auto t0 = sys_days{2024y / January / 2} + 9h;
  trades.Append(Trade{1, t0, 10.5, 100, "TEAL"});
  std::vector<Trade> more;
  for (int i = 0; i < 3000; i++) {
    more.push_back(Trade{i + 2, t0 + seconds(i), 1.0, std::nullopt, "a longer symbol name"});
  }
  trades.Append(std::span<const Trade>(more));
  trades.Close();
  EXPECT_EQ(Cell(con, "SELECT count(*) FROM trades"), "3001");
  EXPECT_EQ(
      Rows(con, "SELECT * FROM trades WHERE id <= 2"),
      "1,2024-01-02 09:00:00,10.5,100,TEAL;2,2024-01-02 09:00:00,1.0,NULL,a longer symbol name");
}

struct Stored {
  int64_t id;
  timestamp_t ts;
  double price;
};

TEST(MappedAppenderTest, StoredTypeMembersAreLoads) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE trades(id BIGINT, ts TIMESTAMP, price DOUBLE)");
  MappedAppender<Stored> trades(con, "trades",
                                Mapping<Stored>{&Stored::id, &Stored::ts, &Stored::price});
  trades.Append(Stored{7, timestamp_t{0}, 2.5});
  trades.Close();
  EXPECT_EQ(Rows(con, "SELECT * FROM trades"), "7,1970-01-01 00:00:00,2.5");
}

TEST(MappedAppenderTest, MemberTypeMismatchIsReportedAtConstruction) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE trades(id BIGINT, ts INTEGER, price DOUBLE)");
  Mapping<Stored> mapping{&Stored::id, &Stored::ts, &Stored::price};
  std::string message =
      ErrorOf<InvalidInputError>([&] { MappedAppender<Stored> trades(con, "trades", mapping); });
  EXPECT_EQ(message,
            "member 1 of the mapping (teal::timestamp_t) cannot be appended to column \"ts\" "
            "(INTEGER) of table \"trades\"");
}

TEST(MappedAppenderTest, MemberCountMustMatchTheColumns) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE trades(id BIGINT, ts TIMESTAMP)");
  Mapping<Stored> mapping{&Stored::id, &Stored::ts, &Stored::price};
  EXPECT_THROW(MappedAppender<Stored>(con, "trades", mapping), InvalidInputError);
}

TEST(MappedAppenderTest, SubsetOfColumnsGetsDefaults) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE trades(note VARCHAR DEFAULT 'n/a', price DOUBLE, id BIGINT)");
  struct Row {
    double price;
    int64_t id;
  };
  MappedAppender<Row> rows(con, "trades", Mapping<Row>{&Row::id, &Row::price}, {"id", "price"});
  rows.Append(Row{1.5, 3});
  rows.Close();
  EXPECT_EQ(Rows(con, "SELECT * FROM trades"), "n/a,1.5,3");
}

TEST(MappedAppenderTest, FailingRecordIsDiscardedAndEarlierOnesStay) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE t(id BIGINT, small TINYINT)");
  struct Row {
    int64_t id;
    int32_t small;
  };
  MappedAppender<Row> rows(con, "t", Mapping<Row>{&Row::id, &Row::small});
  std::vector<Row> batch{{1, 1}, {2, 500}, {3, 3}};
  std::string message = ErrorOf<ConversionError>([&] { rows.Append(std::span<const Row>(batch)); });
  EXPECT_NE(message.find("table \"t\", column \"small\" (TINYINT), row 2"), std::string::npos)
      << message;
  rows.Append(Row{4, 4});
  rows.Close();
  EXPECT_EQ(Rows(con, "SELECT * FROM t"), "1,1;4,4");
}

TEST(MappedAppenderTest, AppendAfterCloseThrows) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TABLE trades(id BIGINT, ts TIMESTAMP, price DOUBLE)");
  MappedAppender<Stored> trades(con, "trades",
                                Mapping<Stored>{&Stored::id, &Stored::ts, &Stored::price});
  trades.Append(Stored{1, timestamp_t{0}, 1.0});
  trades.Close();
  EXPECT_THROW(trades.Append(Stored{2, timestamp_t{0}, 1.0}), InvalidInputError);
  EXPECT_EQ(Count(con, "trades"), 1);
}

TEST(MappedAppenderTest, EnumAndListMembers) {
  Database db;
  Connection con(db);
  con.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')");
  con.Execute("CREATE TABLE t(m mood, l INTEGER[])");
  struct Row {
    Mood mood;
    std::vector<std::optional<int32_t>> values;
  };
  MappedAppender<Row> rows(con, "t", Mapping<Row>{&Row::mood, &Row::values});
  rows.Append(Row{Mood::kOk, {1, std::nullopt}});
  rows.Close();
  EXPECT_EQ(Rows(con, "SELECT * FROM t"), "ok,[1, NULL]");
}

}  // namespace
}  // namespace teal

namespace teal {
namespace {

// ---- constraints backed by indexes --------------------------------------------------------

TEST_F(AppenderTest, PrimaryKeyViolationFailsTheFlushAndKeepsEarlierFlushes) {
  con_.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v VARCHAR)");
  Appender app(con_, "t");
  for (int i = 0; i < 3000; i++) app.AppendRow(i, "v");
  app.Flush();
  app.AppendRow(5000, "new");
  app.AppendRow(17, "dup");
  std::string message = ErrorOf<ConstraintError>([&] { app.Flush(); });
  EXPECT_NE(message.find("violates primary key constraint. t(id) already has the key 17"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("appender"), std::string::npos) << message;
  EXPECT_EQ(Count(con_, "t"), 3000);
  EXPECT_EQ(Cell(con_, "SELECT count(*) FROM t WHERE id = 5000"), "0");
  // The key index still matches the table: the failed rows' keys are free.
  con_.Execute("INSERT INTO t VALUES (5000, 'sql')");
  EXPECT_THROW(con_.Execute("INSERT INTO t VALUES (2999, 'sql')"), ConstraintError);
}

TEST_F(AppenderTest, UniqueKeysRepeatedWithinOneFlushAreFound) {
  con_.Execute("CREATE TABLE t(k VARCHAR UNIQUE)");
  Appender app(con_, "t");
  app.AppendRow("a");
  app.AppendRow(std::optional<std::string>{});
  app.AppendRow(std::optional<std::string>{});
  app.AppendRow("a");
  std::string message = ErrorOf<ConstraintError>([&] { app.Flush(); });
  EXPECT_NE(message.find("the UNIQUE t(k) gets the key 'a' twice (row 4 of the"), std::string::npos)
      << message;
  EXPECT_EQ(Count(con_, "t"), 0);
}

}  // namespace
}  // namespace teal
