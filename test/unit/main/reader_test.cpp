// Reader: typed row-by-row reads of results through the public API — loads of the
// storage type, every conversion pair, the per-chunk caches, and every error path.
#include "teal/reader.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/error.hpp"
#include "vector/data_chunk.hpp"

namespace teal {
namespace {

using namespace std::chrono_literals;
namespace chr = std::chrono;

enum class Mood : uint8_t { kSad, kOk, kHappy };
enum Plain { kZero, kOne, kTwo };

/// The message of the E that f throws, or a note saying what happened instead.
template <typename E, typename F>
std::string MessageOf(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("unexpected exception: ") + e.what();
  }
  return "no exception";
}

bool Contains(const std::string& text, std::string_view part) {
  return text.find(part) != std::string::npos;
}

/// "INSERT INTO <table> VALUES (f(0)), (f(1)) …" for n rows.
template <typename F>
std::string InsertRows(const std::string& table, int n, F&& row) {
  std::string sql = "INSERT INTO " + table + " VALUES ";
  for (int i = 0; i < n; i++) {
    if (i > 0) sql += ", ";
    sql += "(" + row(i) + ")";
  }
  return sql;
}

class ReaderTest : public ::testing::Test {
 protected:
  /// Column `column` of the first row of `sql`, read as T. T must not view the result.
  template <typename T>
  T First(const std::string& sql, idx_t column = 0) {
    Result result = con_.Query(sql);
    Reader reader(result);
    if (!reader.Next()) throw std::runtime_error("no rows: " + sql);
    return reader.Get<T>(column);
  }
  /// All rows of column 0 of `sql` read as T.
  template <typename T>
  std::vector<T> All(const std::string& sql) {
    Result result = con_.Query(sql);
    Reader reader(result);
    std::vector<T> values;
    while (reader.Next()) values.push_back(reader.Get<T>(0));
    return values;
  }

  Database db_;
  Connection con_{db_};
};

// ---- cursor ---------------------------------------------------------------------------

TEST_F(ReaderTest, NextVisitsEveryRowInInsertionOrder) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (3), (1), (2)");
  EXPECT_EQ(All<int32_t>("SELECT i FROM t"), (std::vector<int32_t>{3, 1, 2}));
}

TEST_F(ReaderTest, NextReturnsFalseAfterTheLastRowAndKeepsReturningFalse) {
  Result result = con_.Query("SELECT 1");
  Reader reader(result);
  EXPECT_TRUE(reader.Next());
  EXPECT_FALSE(reader.Next());
  EXPECT_FALSE(reader.Next());
}

TEST_F(ReaderTest, EmptyResultHasNoRows) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  EXPECT_FALSE(reader.Next());
}

TEST_F(ReaderTest, RowNumberCountsFromZeroAcrossChunks) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 5000, [](int i) { return std::to_string(i); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  idx_t expected = 0;
  while (reader.Next()) {
    ASSERT_EQ(reader.RowNumber(), expected);
    ASSERT_EQ(reader.Get<int32_t>(0), static_cast<int32_t>(expected));
    expected++;
  }
  EXPECT_EQ(expected, 5000u);
}

TEST_F(ReaderTest, ReadsAMaterialisedResultFromItsFirstRow) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 3000, [](int i) { return std::to_string(i); }));
  Result result = con_.Query("SELECT i FROM t");
  ASSERT_EQ(result.RowCount(), 3000u);  // materialises
  for (int pass = 0; pass < 2; pass++) {
    Reader reader(result);
    int64_t sum = 0, rows = 0;
    while (reader.Next()) {
      sum += reader.Get<int32_t>(0);
      rows++;
    }
    EXPECT_EQ(rows, 3000);
    EXPECT_EQ(sum, 2999 * 3000 / 2);
  }
}

TEST_F(ReaderTest, ReadsAConstantVectorAsEveryRowsValue) {
  std::vector<std::unique_ptr<DataChunk>> chunks;
  auto chunk =
      std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kInteger, TypeId::kBigInt});
  chunk->data[0] = Vector(Value::Integer(7));
  for (int64_t i = 0; i < 3; i++) chunk->data[1].SetValue(i, Value::BigInt(i));
  chunk->SetCardinality(3);
  chunks.push_back(std::move(chunk));
  Result result(StatementType::kSelect, {"c", "i"}, {TypeId::kInteger, TypeId::kBigInt},
                std::move(chunks));
  Reader reader(result);
  int64_t rows = 0;
  while (reader.Next()) {
    EXPECT_EQ(reader.Get<int32_t>(0), 7);
    EXPECT_EQ(reader.Get<double>(0), 7.0);
    EXPECT_EQ(reader.Get<int64_t>(1), rows++);
  }
  EXPECT_EQ(rows, 3);
}

TEST_F(ReaderTest, ExposesColumnNamesTypesAndCount) {
  Result result = con_.Query("SELECT 1 AS a, 'x' AS b");
  Reader reader(result);
  EXPECT_EQ(reader.ColumnCount(), 2u);
  EXPECT_EQ(reader.ColumnName(1), "b");
  EXPECT_EQ(reader.ColumnType(0).Id(), TypeId::kInteger);
}

TEST_F(ReaderTest, AMovedReaderContinuesWhereItWas) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1), (2)");
  Result result = con_.Query("SELECT i FROM t");
  Reader first(result);
  ASSERT_TRUE(first.Next());
  Reader second(std::move(first));
  EXPECT_EQ(second.Get<int32_t>(0), 1);
  ASSERT_TRUE(second.Next());
  EXPECT_EQ(second.Get<double>(0), 2.0);
}

// ---- NULLs ----------------------------------------------------------------------------

TEST_F(ReaderTest, OptionalIsNulloptForNullAndTheValueOtherwise) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1), (NULL)");
  EXPECT_EQ(All<std::optional<int32_t>>("SELECT i FROM t"),
            (std::vector<std::optional<int32_t>>{1, std::nullopt}));
}

TEST_F(ReaderTest, OptionalOfAConvertedTypeIsNulloptForNull) {
  con_.Execute("CREATE TABLE t(d DATE)");
  con_.Execute("INSERT INTO t VALUES (NULL), ('2024-02-29')");
  auto values = All<std::optional<chr::sys_days>>("SELECT d FROM t");
  ASSERT_EQ(values.size(), 2u);
  EXPECT_FALSE(values[0].has_value());
  EXPECT_EQ(values[1], chr::sys_days(chr::year(2024) / 2 / 29));
}

TEST_F(ReaderTest, IsNullReportsTheCurrentRow) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  con_.Execute("INSERT INTO t VALUES ('a'), (NULL)");
  Result result = con_.Query("SELECT s FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_FALSE(reader.IsNull(0));
  ASSERT_TRUE(reader.Next());
  EXPECT_TRUE(reader.IsNull(0));
}

TEST_F(ReaderTest, NullReadAsANonOptionalTypeThrowsNamingColumnRowAndType) {
  con_.Execute("CREATE TABLE t(i INTEGER, s VARCHAR)");
  con_.Execute("INSERT INTO t VALUES (1, 'a'), (2, NULL)");
  Result result = con_.Query("SELECT i, s FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(MessageOf<InvalidInputError>([&] { reader.Get<std::string_view>(1); }),
            "cannot read column 1 (\"s\", VARCHAR) row 1 as std::string_view: the value is NULL "
            "(read it as std::optional<std::string_view>)");
}

TEST_F(ReaderTest, NullReadAsAConvertedNonOptionalTypeThrows) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (NULL)");
  EXPECT_TRUE(Contains(MessageOf<InvalidInputError>([&] { First<double>("SELECT i FROM t"); }),
                       "as double: the value is NULL"));
}

// ---- columns and rows out of range ------------------------------------------------------

TEST_F(ReaderTest, ColumnOutOfRangeThrowsNamingTheColumnCount) {
  Result result = con_.Query("SELECT 1, 2");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(MessageOf<InvalidInputError>([&] { reader.Get<int32_t>(2); }),
            "column 2 does not exist: the result has 2 columns");
  EXPECT_EQ(MessageOf<InvalidInputError>([&] { reader.IsNull(7); }),
            "column 7 does not exist: the result has 2 columns");
}

TEST_F(ReaderTest, GetBeforeNextThrows) {
  Result result = con_.Query("SELECT 1");
  Reader reader(result);
  EXPECT_TRUE(
      Contains(MessageOf<InvalidInputError>([&] { reader.Get<int32_t>(0); }), "no current row"));
}

TEST_F(ReaderTest, GetAfterTheLastRowThrows) {
  Result result = con_.Query("SELECT 1");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  ASSERT_FALSE(reader.Next());
  EXPECT_TRUE(
      Contains(MessageOf<InvalidInputError>([&] { reader.Get<int32_t>(0); }), "no current row"));
}

// ---- loads of the storage type ------------------------------------------------------------

TEST_F(ReaderTest, BooleanLoadsAsBool) {
  con_.Execute("CREATE TABLE t(b BOOLEAN)");
  con_.Execute("INSERT INTO t VALUES (true), (false)");
  EXPECT_EQ(All<bool>("SELECT b FROM t"), (std::vector<bool>{true, false}));
}

TEST_F(ReaderTest, SignedIntegersLoadAsTheirStorageType) {
  con_.Execute("CREATE TABLE t(a TINYINT, b SMALLINT, c INTEGER, d BIGINT)");
  con_.Execute("INSERT INTO t VALUES (-128, -32768, -2147483648, -9223372036854775808)");
  Result result = con_.Query("SELECT * FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int8_t>(0), INT8_MIN);
  EXPECT_EQ(reader.Get<int16_t>(1), INT16_MIN);
  EXPECT_EQ(reader.Get<int32_t>(2), INT32_MIN);
  EXPECT_EQ(reader.Get<int64_t>(3), INT64_MIN);
  EXPECT_EQ(reader.Get<long long>(3), INT64_MIN);
}

TEST_F(ReaderTest, UnsignedIntegersLoadAsTheirStorageType) {
  con_.Execute("CREATE TABLE t(a UTINYINT, b USMALLINT, c UINTEGER, d UBIGINT)");
  con_.Execute("INSERT INTO t VALUES (255, 65535, 4294967295, 18446744073709551615)");
  Result result = con_.Query("SELECT * FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<uint8_t>(0), UINT8_MAX);
  EXPECT_EQ(reader.Get<uint16_t>(1), UINT16_MAX);
  EXPECT_EQ(reader.Get<uint32_t>(2), UINT32_MAX);
  EXPECT_EQ(reader.Get<uint64_t>(3), UINT64_MAX);
}

TEST_F(ReaderTest, FloatAndDoubleLoadAsThemselves) {
  con_.Execute("CREATE TABLE t(f FLOAT, d DOUBLE)");
  con_.Execute("INSERT INTO t VALUES (1.5, -2.25)");
  EXPECT_EQ(First<float>("SELECT f FROM t"), 1.5f);
  EXPECT_EQ(First<double>("SELECT d FROM t"), -2.25);
}

TEST_F(ReaderTest, HugeIntLoadsAsInt128AndHugeintT) {
  con_.Execute("CREATE TABLE t(h HUGEINT)");
  con_.Execute("INSERT INTO t VALUES (-170141183460469231731687303715884105728)");
  int128 min = static_cast<int128>(static_cast<uint128>(1) << 127);
  EXPECT_TRUE(First<int128>("SELECT h FROM t") == min);
  EXPECT_EQ(First<hugeint_t>("SELECT h FROM t"), hugeint_t(min));
}

TEST_F(ReaderTest, UHugeIntLoadsAsUnsignedInt128AndUhugeintT) {
  con_.Execute("CREATE TABLE t(h UHUGEINT)");
  con_.Execute("INSERT INTO t VALUES ('340282366920938463463374607431768211455'::UHUGEINT)");
  uint128 max = ~static_cast<uint128>(0);
  EXPECT_TRUE(First<uint128>("SELECT h FROM t") == max);
  EXPECT_EQ(First<uhugeint_t>("SELECT h FROM t"), uhugeint_t(max));
}

TEST_F(ReaderTest, VarcharLoadsAsStringViewAndString) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  con_.Execute("INSERT INTO t VALUES ('short'), ('a string longer than twelve bytes'), ('')");
  Result result = con_.Query("SELECT s FROM t");
  Reader reader(result);
  std::vector<std::string> seen;
  while (reader.Next()) {
    std::string_view view = reader.Get<std::string_view>(0);
    EXPECT_EQ(reader.Get<std::string>(0), view);
    seen.emplace_back(view);
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"short", "a string longer than twelve bytes", ""}));
}

TEST_F(ReaderTest, BlobLoadsItsRawBytesAsStringView) {
  EXPECT_EQ(First<std::string>("SELECT '\\x00\\xFFab'::BLOB"), std::string("\0\xff"
                                                                           "ab",
                                                                           4));
}

TEST_F(ReaderTest, TemporalStorageTypesLoad) {
  Result result = con_.Query(
      "SELECT '2024-02-29'::DATE, '13:45:00.5'::TIME, '13:45:00+01'::TIMETZ, "
      "'2024-02-29 01:02:03.000004'::TIMESTAMP, '1970-01-01 00:00:01'::TIMESTAMP_S, "
      "'1970-01-01 00:00:00.002'::TIMESTAMP_MS, '1970-01-01 00:00:00.000000003'::TIMESTAMP_NS, "
      "'1970-01-01 00:00:00.000005+00'::TIMESTAMPTZ, INTERVAL '1 month 2 days 3 seconds'");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<date_t>(0).days, 19782);
  EXPECT_EQ(reader.Get<dtime_t>(1).micros, (13 * 3600 + 45 * 60) * 1'000'000LL + 500'000);
  dtime_tz_t tz = reader.Get<dtime_tz_t>(2);
  EXPECT_EQ(tz.bits >> 24, static_cast<uint64_t>((13 * 3600 + 45 * 60) * 1'000'000LL));
  EXPECT_EQ(dtime_tz_t::kMaxOffsetSeconds - static_cast<int32_t>(tz.bits & 0xFFFFFF), 3600);
  EXPECT_EQ(reader.Get<timestamp_t>(3).value, 19782LL * 86400'000'000 + 3'723'000'004);
  EXPECT_EQ(reader.Get<timestamp_sec_t>(4).value, 1);
  EXPECT_EQ(reader.Get<timestamp_ms_t>(5).value, 2);
  EXPECT_EQ(reader.Get<timestamp_ns_t>(6).value, 3);
  EXPECT_EQ(reader.Get<timestamp_tz_t>(7).value, 5);
  EXPECT_EQ(reader.Get<interval_t>(8), (interval_t{1, 2, 3'000'000}));
}

// ---- integer conversions --------------------------------------------------------------------

TEST_F(ReaderTest, IntegersWidenExactly) {
  con_.Execute("CREATE TABLE t(a TINYINT, b INTEGER, c UINTEGER)");
  con_.Execute("INSERT INTO t VALUES (-5, -2147483648, 4294967295)");
  Result result = con_.Query("SELECT * FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int16_t>(0), -5);
  EXPECT_EQ(reader.Get<int32_t>(0), -5);
  EXPECT_EQ(reader.Get<int64_t>(0), -5);
  EXPECT_EQ(reader.Get<int64_t>(1), INT32_MIN);
  EXPECT_TRUE(reader.Get<int128>(1) == INT32_MIN);
  EXPECT_EQ(reader.Get<uint64_t>(2), UINT32_MAX);
  EXPECT_EQ(reader.Get<int64_t>(2), UINT32_MAX);
  EXPECT_TRUE(reader.Get<uint128>(2) == UINT32_MAX);
}

TEST_F(ReaderTest, NarrowingThatFitsConverts) {
  con_.Execute("CREATE TABLE t(b BIGINT)");
  con_.Execute("INSERT INTO t VALUES (127), (-128)");
  EXPECT_EQ(All<int8_t>("SELECT b FROM t"), (std::vector<int8_t>{127, -128}));
}

TEST_F(ReaderTest, NarrowingThatOverflowsThrowsNamingColumnRowAndTypes) {
  con_.Execute("CREATE TABLE t(big BIGINT)");
  con_.Execute("INSERT INTO t VALUES (1), (2), (3000000000)");
  Result result = con_.Query("SELECT big FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  ASSERT_TRUE(reader.Next());
  ASSERT_TRUE(reader.Next());
  std::string message = MessageOf<ConversionError>([&] { reader.Get<int32_t>(0); });
  EXPECT_TRUE(Contains(message, "cannot read column 0 (\"big\", BIGINT) row 2 as int32_t: "))
      << message;
  EXPECT_TRUE(Contains(message, "3000000000")) << message;
  EXPECT_TRUE(Contains(message, "INT32")) << message;
}

TEST_F(ReaderTest, ANegativeValueReadAsUnsignedThrows) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (-1)");
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { First<uint32_t>("SELECT i FROM t"); }),
                       "row 0 as uint32_t"));
}

TEST_F(ReaderTest, HugeIntNarrowsToInt64WhenItFitsAndThrowsWhenNot) {
  con_.Execute("CREATE TABLE t(h HUGEINT)");
  con_.Execute("INSERT INTO t VALUES (-42), (9223372036854775808)");
  Result result = con_.Query("SELECT h FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int64_t>(0), -42);
  ASSERT_TRUE(reader.Next());
  EXPECT_TRUE(
      Contains(MessageOf<ConversionError>([&] { reader.Get<int64_t>(0); }), "row 1 as int64_t"));
}

TEST_F(ReaderTest, ConversionFailureThrowsOnlyOnTheBadRow) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1), (300), (NULL), (-7)");
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int8_t>(0), 1);
  ASSERT_TRUE(reader.Next());
  EXPECT_TRUE(
      Contains(MessageOf<ConversionError>([&] { reader.Get<int8_t>(0); }), "row 1 as int8_t"));
  EXPECT_EQ(reader.Get<int16_t>(0), 300);  // another type of the same row is fine
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<std::optional<int8_t>>(0), std::nullopt);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int8_t>(0), -7);
}

TEST_F(ReaderTest, VarcharIsParsedAsAnIntegerAndBadTextFailsOnItsRowOnly) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  con_.Execute("INSERT INTO t VALUES ('12'), ('abc'), ('-3')");
  Result result = con_.Query("SELECT s FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int32_t>(0), 12);
  ASSERT_TRUE(reader.Next());
  std::string message = MessageOf<ConversionError>([&] { reader.Get<int32_t>(0); });
  EXPECT_TRUE(Contains(message, "cannot read column 0 (\"s\", VARCHAR) row 1 as int32_t: "))
      << message;
  EXPECT_TRUE(Contains(message, "abc")) << message;
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<int32_t>(0), -3);
}

TEST_F(ReaderTest, IntegerReadsAsDoubleAndFloat) {
  con_.Execute("CREATE TABLE t(i INTEGER, b BIGINT)");
  con_.Execute("INSERT INTO t VALUES (-3, 9007199254740992)");
  Result result = con_.Query("SELECT i, b FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<double>(0), -3.0);
  EXPECT_EQ(reader.Get<float>(0), -3.0f);
  EXPECT_EQ(reader.Get<double>(1), 9007199254740992.0);
}

TEST_F(ReaderTest, IntegerReadsAsBoolean) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (0), (5)");
  EXPECT_EQ(All<bool>("SELECT i FROM t"), (std::vector<bool>{false, true}));
}

TEST_F(ReaderTest, CppEnumReadsFromAnIntegerColumnByValue) {
  con_.Execute("CREATE TABLE t(i INTEGER, u UTINYINT)");
  con_.Execute("INSERT INTO t VALUES (2, 1)");
  EXPECT_EQ(First<Plain>("SELECT i FROM t"), kTwo);
  EXPECT_EQ(First<Mood>("SELECT u FROM t"), Mood::kOk);
}

// ---- DECIMAL --------------------------------------------------------------------------------

TEST_F(ReaderTest, DecimalReadsAsDouble) {
  con_.Execute("CREATE TABLE t(a DECIMAL(4,2), b DECIMAL(18,3), c DECIMAL(38,10))");
  con_.Execute("INSERT INTO t VALUES (-12.25, 123456789012345.125, 1.5)");
  Result result = con_.Query("SELECT * FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<double>(0), -12.25);
  EXPECT_EQ(reader.Get<double>(1), 123456789012345.125);
  EXPECT_EQ(reader.Get<double>(2), 1.5);
}

TEST_F(ReaderTest, DecimalOfEveryWidthReadsAsTealDecimal) {
  con_.Execute("CREATE TABLE t(a DECIMAL(4,2), b DECIMAL(9,1), c DECIMAL(18,3), d DECIMAL(38,5))");
  con_.Execute(
      "INSERT INTO t VALUES (-12.25, 12345678.9, -123456789012345.125, "
      "123456789012345678901234567890.12345)");
  Result result = con_.Query("SELECT * FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<Decimal>(0), (Decimal{-1225, 4, 2}));
  EXPECT_EQ(reader.Get<Decimal>(1), (Decimal{123456789, 9, 1}));
  EXPECT_EQ(reader.Get<Decimal>(2), (Decimal{-123456789012345125, 18, 3}));
  Decimal wide = reader.Get<Decimal>(3);
  EXPECT_EQ(wide.ToString(), "123456789012345678901234567890.12345");
  EXPECT_EQ(wide.width, 38);
  EXPECT_EQ(wide.scale, 5);
}

TEST_F(ReaderTest, TealDecimalRendersAndConvertsToDouble) {
  Decimal d = First<Decimal>("SELECT '-1.50'::DECIMAL(5,2)");
  EXPECT_EQ(d.ToString(), "-1.50");
  EXPECT_EQ(d.ToDouble(), -1.5);
}

TEST_F(ReaderTest, DecimalReadsAsAnIntegerRounded) {
  EXPECT_EQ(First<int32_t>("SELECT 2.5::DECIMAL(4,1)"), 3);
}

TEST_F(ReaderTest, TealDecimalFromANonDecimalColumnIsUnsupported) {
  EXPECT_EQ(MessageOf<ConversionError>([&] { First<Decimal>("SELECT 1.5::DOUBLE AS x"); }),
            "cannot read column 0 (\"x\", DOUBLE) as teal::Decimal: no conversion from DOUBLE to "
            "teal::Decimal");
}

// ---- text -----------------------------------------------------------------------------------

TEST_F(ReaderTest, AnyColumnReadsAsItsText) {
  Result result = con_.Query(
      "SELECT 42, 1.5::DECIMAL(3,1), '2024-02-29'::DATE, true, "
      "'2024-02-29 01:02:03'::TIMESTAMP");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<std::string>(0), "42");
  EXPECT_EQ(reader.Get<std::string_view>(1), "1.5");
  EXPECT_EQ(reader.Get<std::string>(2), "2024-02-29");
  EXPECT_EQ(reader.Get<std::string>(3), "true");
  EXPECT_EQ(reader.Get<std::string>(4), "2024-02-29 01:02:03");
}

TEST_F(ReaderTest, StringViewsOfAVarcharColumnStayValidWithinTheChunk) {
  con_.Execute("CREATE TABLE t(s VARCHAR)");
  con_.Execute(InsertRows("t", 1000, [](int i) {
    return "'value number " + std::to_string(i) + " is longer than twelve'";
  }));
  Result result = con_.Query("SELECT s FROM t");
  Reader reader(result);
  std::vector<std::string_view> views;
  while (reader.Next()) views.push_back(reader.Get<std::string_view>(0));
  ASSERT_EQ(views.size(), 1000u);  // one chunk: every view is still valid
  for (int i = 0; i < 1000; i++) {
    ASSERT_EQ(views[i], "value number " + std::to_string(i) + " is longer than twelve");
  }
}

TEST_F(ReaderTest, ConvertedTextStaysValidWithinTheChunkWhileOtherTypesAreRead) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 100, [](int i) { return std::to_string(i * 1000003); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  std::vector<std::string_view> views;
  while (reader.Next()) {
    views.push_back(reader.Get<std::string_view>(0));
    // Several other conversions of the same column in between must not evict the text.
    (void)reader.Get<double>(0);
    (void)reader.Get<int64_t>(0);
    (void)reader.Get<float>(0);
    (void)reader.Get<int128>(0);
    (void)reader.Get<uint64_t>(0);
  }
  for (int i = 0; i < 100; i++) ASSERT_EQ(views[i], std::to_string(i * 1000003));
}

// ---- DATE ----------------------------------------------------------------------------------

TEST_F(ReaderTest, DateReadsAsSysDays) {
  EXPECT_EQ(First<chr::sys_days>("SELECT '2024-02-29'::DATE"),
            chr::sys_days(chr::year(2024) / 2 / 29));
  EXPECT_EQ(First<chr::sys_days>("SELECT '1969-12-31'::DATE").time_since_epoch(), chr::days(-1));
}

TEST_F(ReaderTest, DateReadsAsYearMonthDay) {
  EXPECT_EQ(First<chr::year_month_day>("SELECT '2024-02-29'::DATE"),
            chr::year(2024) / chr::February / 29);
  EXPECT_EQ(First<chr::year_month_day>("SELECT '0001-01-01'::DATE"), chr::year(1) / 1 / 1);
}

TEST_F(ReaderTest, InfiniteDateLoadsAsDateT) {
  EXPECT_EQ(First<date_t>("SELECT 'infinity'::DATE"), date_t::Infinity());
  EXPECT_EQ(First<std::string>("SELECT '-infinity'::DATE"), "-infinity");
}

TEST_F(ReaderTest, InfiniteDateReadAsSysDaysThrowsNamingColumnRowAndTypes) {
  con_.Execute("CREATE TABLE t(d DATE)");
  con_.Execute("INSERT INTO t VALUES ('2024-01-01'), ('-infinity')");
  Result result = con_.Query("SELECT d FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(MessageOf<ConversionError>([&] { reader.Get<chr::sys_days>(0); }),
            "cannot read column 0 (\"d\", DATE) row 1 as std::chrono::sys_days: value -infinity "
            "is out of range");
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { reader.Get<chr::year_month_day>(0); }),
                       "as std::chrono::year_month_day: value -infinity is out of range"));
}

TEST_F(ReaderTest, VarcharReadsAsSysDaysThroughTheCast) {
  EXPECT_EQ(First<chr::sys_days>("SELECT '2000-01-01' AS s"),
            chr::sys_days(chr::year(2000) / 1 / 1));
}

// ---- TIMESTAMP -----------------------------------------------------------------------------

TEST_F(ReaderTest, TimestampReadsAsSysTimeOfMicroseconds) {
  auto tp =
      First<chr::sys_time<chr::microseconds>>("SELECT '2024-02-29 01:02:03.000004'::TIMESTAMP");
  EXPECT_EQ(tp, chr::sys_days(chr::year(2024) / 2 / 29) + 1h + 2min + 3s + 4us);
}

TEST_F(ReaderTest, TimestampReadsAsCoarserSysTimeFlooring) {
  Result result = con_.Query("SELECT '1969-12-31 23:59:59.999999'::TIMESTAMP");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<chr::sys_time<chr::milliseconds>>(0).time_since_epoch(), -1ms);
  EXPECT_EQ(reader.Get<chr::sys_seconds>(0).time_since_epoch(), -1s);
}

TEST_F(ReaderTest, TimestampReadsAsSysTimeOfNanosecondsExactly) {
  EXPECT_EQ(First<chr::sys_time<chr::nanoseconds>>("SELECT '1970-01-01 00:00:01.5'::TIMESTAMP")
                .time_since_epoch(),
            1500ms);
}

TEST_F(ReaderTest, TimestampNsReadsAsMicrosecondsTruncatingTowardNegativeInfinity) {
  Result result = con_.Query(
      "SELECT '1969-12-31 23:59:59.999999999'::TIMESTAMP_NS, "
      "'2024-01-01 00:00:00.123456789'::TIMESTAMP_NS");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<chr::sys_time<chr::microseconds>>(0).time_since_epoch(), -1us);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::microseconds>>(1),
            chr::sys_days(chr::year(2024) / 1 / 1) + 123456us);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::nanoseconds>>(1),
            chr::sys_days(chr::year(2024) / 1 / 1) + 123456789ns);
}

TEST_F(ReaderTest, TimestampSAndMsReadAsEveryPrecision) {
  Result result = con_.Query(
      "SELECT '2024-01-01 00:00:01'::TIMESTAMP_S, '2024-01-01 00:00:00.250'::TIMESTAMP_MS");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  auto day = chr::sys_days(chr::year(2024) / 1 / 1);
  EXPECT_EQ(reader.Get<chr::sys_seconds>(0), day + 1s);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::milliseconds>>(0), day + 1000ms);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::microseconds>>(0), day + 1'000'000us);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::nanoseconds>>(0), day + 1'000'000'000ns);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::milliseconds>>(1), day + 250ms);
  EXPECT_EQ(reader.Get<chr::sys_seconds>(1), day);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::nanoseconds>>(1), day + 250ms);
}

TEST_F(ReaderTest, EveryTimestampTypeReadsAsEverySysTimePrecisionFlooring) {
  con_.Execute("CREATE TABLE t(x VARCHAR)");
  con_.Execute("INSERT INTO t VALUES ('1969-12-31 23:59:58.5'), ('2024-01-01 00:00:01.5')");
  Result result = con_.Query(
      "SELECT x::TIMESTAMP_S, x::TIMESTAMP_MS, x::TIMESTAMP, x::TIMESTAMP_NS, x::TIMESTAMPTZ "
      "FROM t");
  Reader reader(result);
  const chr::sys_time<chr::nanoseconds> instants[] = {
      chr::sys_days(chr::year(1970) / 1 / 1) - 1500ms,
      chr::sys_days(chr::year(2024) / 1 / 1) + 1500ms};
  for (auto instant : instants) {
    ASSERT_TRUE(reader.Next());
    for (idx_t c = 0; c < 5; c++) {
      // TIMESTAMP_S stored the instant rounded (half up) to seconds; the others hold it
      // exactly. Reading it as a coarser sys_time floors.
      auto stored = c == 0 ? chr::floor<chr::seconds>(instant + 500ms) : instant;
      EXPECT_EQ(reader.Get<chr::sys_seconds>(c), chr::floor<chr::seconds>(stored)) << c;
      EXPECT_EQ(reader.Get<chr::sys_time<chr::milliseconds>>(c),
                chr::floor<chr::milliseconds>(stored))
          << c;
      EXPECT_EQ(reader.Get<chr::sys_time<chr::microseconds>>(c),
                chr::floor<chr::microseconds>(stored))
          << c;
      EXPECT_EQ(reader.Get<chr::sys_time<chr::nanoseconds>>(c), stored) << c;
    }
  }
}

TEST_F(ReaderTest, TimestampTzReadsAsSysTime) {
  Result result = con_.Query("SELECT '2024-01-01 01:00:00+01'::TIMESTAMPTZ");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  auto midnight = chr::sys_days(chr::year(2024) / 1 / 1);
  EXPECT_EQ(reader.Get<chr::sys_time<chr::microseconds>>(0), midnight);
  EXPECT_EQ(reader.Get<chr::sys_seconds>(0), midnight);
}

TEST_F(ReaderTest, InfiniteTimestampReadAsSysTimeThrowsNamingColumnRowAndTypes) {
  con_.Execute("CREATE TABLE t(i INTEGER, ts TIMESTAMP)");
  con_.Execute(InsertRows("t", 8, [](int i) {
    return std::to_string(i) + (i == 7 ? ", 'infinity'" : ", '2024-01-01'");
  }));
  Result result = con_.Query("SELECT i, ts FROM t");
  Reader reader(result);
  for (int i = 0; i < 8; i++) ASSERT_TRUE(reader.Next());
  EXPECT_EQ(MessageOf<ConversionError>([&] { reader.Get<chr::sys_time<chr::microseconds>>(1); }),
            "cannot read column 1 (\"ts\", TIMESTAMP) row 7 as "
            "std::chrono::sys_time<microseconds>: value infinity is out of range");
  // Through a unit conversion too: infinity stays infinity in the cast, then fails.
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { reader.Get<chr::sys_seconds>(1); }),
                       "row 7 as std::chrono::sys_time<seconds>: value infinity"));
  EXPECT_EQ(reader.Get<timestamp_t>(1), timestamp_t::Infinity());
}

TEST_F(ReaderTest, TimestampOutsideTheNanosecondRangeThrowsWhenReadAsNanoseconds) {
  con_.Execute("CREATE TABLE t(ts TIMESTAMP)");
  con_.Execute("INSERT INTO t VALUES ('2000-01-01'), ('3000-01-01')");
  Result result = con_.Query("SELECT ts FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<chr::sys_time<chr::nanoseconds>>(0), chr::sys_days(chr::year(2000) / 1 / 1));
  ASSERT_TRUE(reader.Next());
  std::string message =
      MessageOf<ConversionError>([&] { reader.Get<chr::sys_time<chr::nanoseconds>>(0); });
  EXPECT_TRUE(Contains(message,
                       "cannot read column 0 (\"ts\", TIMESTAMP) row 1 as "
                       "std::chrono::sys_time<nanoseconds>: "))
      << message;
}

TEST_F(ReaderTest, DateReadsAsSysTimeAtMidnight) {
  EXPECT_EQ(First<chr::sys_seconds>("SELECT '2024-02-29'::DATE"),
            chr::sys_days(chr::year(2024) / 2 / 29));
}

// ---- TIME, TIMETZ, INTERVAL -------------------------------------------------------------------

TEST_F(ReaderTest, TimeReadsAsMicrosecondsAndHhMmSs) {
  Result result = con_.Query("SELECT '13:45:06.000007'::TIME");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<chr::microseconds>(0), 13h + 45min + 6s + 7us);
  auto hms = reader.Get<chr::hh_mm_ss<chr::microseconds>>(0);
  EXPECT_EQ(hms.hours(), 13h);
  EXPECT_EQ(hms.minutes(), 45min);
  EXPECT_EQ(hms.seconds(), 6s);
  EXPECT_EQ(hms.subseconds(), 7us);
}

TEST_F(ReaderTest, TimestampReadsAsTimeOfDay) {
  EXPECT_EQ(First<chr::microseconds>("SELECT '2024-01-01 12:00:00'::TIMESTAMP"), 12h);
}

TEST_F(ReaderTest, TimeTzReadsAsItsTextWithTheOffset) {
  EXPECT_EQ(First<std::string>("SELECT '13:45:00+01'::TIMETZ"), "13:45:00+01");
}

TEST_F(ReaderTest, IntervalReadsAsItsText) {
  EXPECT_EQ(First<std::string>("SELECT INTERVAL '1 month 2 days'"), "1 month 2 days");
}

// ---- UUID ----------------------------------------------------------------------------------

TEST_F(ReaderTest, UuidReadsAsTealUuidBytesInTextOrder) {
  Uuid u = First<Uuid>("SELECT '00112233-4455-6677-8899-aabbccddeeff'::UUID");
  std::array<uint8_t, 16> expected{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  EXPECT_EQ(u.bytes, expected);
  EXPECT_EQ(u.ToString(), "00112233-4455-6677-8899-aabbccddeeff");
}

TEST_F(ReaderTest, UuidReadsAsItsText) {
  EXPECT_EQ(First<std::string>("SELECT 'FFFFFFFF-0000-0000-0000-000000000001'::UUID"),
            "ffffffff-0000-0000-0000-000000000001");
}

TEST_F(ReaderTest, VarcharReadsAsUuidThroughTheCast) {
  EXPECT_EQ(First<Uuid>("SELECT '80000000-0000-0000-0000-000000000000'").ToString(),
            "80000000-0000-0000-0000-000000000000");
}

TEST_F(ReaderTest, HugeIntColumnIsNotReadAsUuid) {
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { First<Uuid>("SELECT 1::HUGEINT"); }),
                       "no conversion from HUGEINT to teal::Uuid"));
}

// ---- ENUM ----------------------------------------------------------------------------------

class ReaderEnumTest : public ReaderTest {
 protected:
  void SetUp() override {
    con_.Execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'a happy label over twelve bytes')");
    con_.Execute("CREATE TABLE t(m mood)");
    con_.Execute("INSERT INTO t VALUES ('ok'), ('a happy label over twelve bytes'), (NULL)");
  }
};

TEST_F(ReaderEnumTest, EnumReadsAsItsLabel) {
  EXPECT_EQ(All<std::optional<std::string>>("SELECT m FROM t"),
            (std::vector<std::optional<std::string>>{"ok", "a happy label over twelve bytes",
                                                     std::nullopt}));
}

TEST_F(ReaderEnumTest, EnumLabelViewPointsIntoTheDictionary) {
  Result result = con_.Query("SELECT m FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  ASSERT_TRUE(reader.Next());
  std::string_view label = reader.Get<std::string_view>(0);
  const std::string& stored = result.ColumnType(0).Enum().labels[2];
  EXPECT_EQ(label.data(), stored.data());  // no copy
}

TEST_F(ReaderEnumTest, EnumReadsAsItsIndex) {
  Result result = con_.Query("SELECT m FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<uint8_t>(0), 1);
  EXPECT_EQ(reader.Get<uint32_t>(0), 1u);
  EXPECT_EQ(reader.Get<uint64_t>(0), 1u);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<uint16_t>(0), 2);
}

TEST_F(ReaderEnumTest, EnumReadsAsACppEnum) {
  EXPECT_EQ(All<std::optional<Mood>>("SELECT m FROM t"),
            (std::vector<std::optional<Mood>>{Mood::kOk, Mood::kHappy, std::nullopt}));
  EXPECT_EQ(First<Plain>("SELECT m FROM t"), kOne);
}

TEST_F(ReaderTest, EnumIndexTooLargeForTheIntegerThrowsOnThatRow) {
  std::string labels;
  for (int i = 0; i < 300; i++) labels += (i ? ", 'l" : "'l") + std::to_string(i) + "'";
  con_.Execute("CREATE TYPE big AS ENUM (" + labels + ")");
  con_.Execute("CREATE TABLE t(e big)");
  con_.Execute("INSERT INTO t VALUES ('l3'), ('l299')");
  Result result = con_.Query("SELECT e FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(reader.Get<uint8_t>(0), 3);
  ASSERT_TRUE(reader.Next());
  EXPECT_EQ(MessageOf<ConversionError>([&] { reader.Get<uint8_t>(0); }),
            "cannot read column 0 (\"e\", big) row 1 as uint8_t: ENUM label \"l299\" has index "
            "299, which uint8_t cannot hold");
  EXPECT_EQ(reader.Get<uint16_t>(0), 299);
  EXPECT_EQ(reader.Get<std::string_view>(0), "l299");
}

// ---- LIST ----------------------------------------------------------------------------------

TEST_F(ReaderTest, ListReadsAsAViewOfItsElements) {
  con_.Execute("CREATE TABLE t(l INTEGER[])");
  con_.Execute("INSERT INTO t VALUES ([1, NULL, 3]), ([]), (NULL), ([4])");
  Result result = con_.Query("SELECT l FROM t");
  Reader reader(result);

  ASSERT_TRUE(reader.Next());
  ListView<int32_t> list = reader.Get<ListView<int32_t>>(0);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], 1);
  EXPECT_TRUE(list.IsValid(0));
  EXPECT_FALSE(list.IsValid(1));
  EXPECT_EQ(list.Get(1), std::nullopt);
  EXPECT_EQ(list[2], 3);

  ASSERT_TRUE(reader.Next());
  EXPECT_TRUE(reader.Get<ListView<int32_t>>(0).empty());
  ASSERT_TRUE(reader.Next());
  EXPECT_FALSE(reader.Get<std::optional<ListView<int32_t>>>(0).has_value());
  ASSERT_TRUE(reader.Next());
  std::vector<int32_t> elements;
  for (int32_t v : reader.Get<ListView<int32_t>>(0)) elements.push_back(v);
  EXPECT_EQ(elements, std::vector<int32_t>{4});
}

TEST_F(ReaderTest, ArrayReadsAsAViewOfItsElementsToo) {
  con_.Execute("CREATE TABLE t(v FLOAT[3])");
  con_.Execute("INSERT INTO t VALUES ([1, 2, 3]), (NULL), ([4, NULL, 6])");
  Result result = con_.Query("SELECT v FROM t");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  std::vector<float> elements;
  for (float v : reader.Get<ListView<float>>(0)) elements.push_back(v);
  EXPECT_EQ(elements, (std::vector<float>{1, 2, 3}));
  ASSERT_TRUE(reader.Next());
  EXPECT_FALSE(reader.Get<std::optional<ListView<float>>>(0).has_value());
  ASSERT_TRUE(reader.Next());
  ListView<float> last = reader.Get<ListView<float>>(0);
  ASSERT_EQ(last.size(), 3u);
  EXPECT_EQ(last[0], 4.0f);
  EXPECT_FALSE(last.IsValid(1));
  EXPECT_EQ(last[2], 6.0f);
}

TEST_F(ReaderTest, ListOfVarcharReadsAsAViewOfStringViews) {
  Result result = con_.Query("SELECT ['a', 'a string longer than twelve', NULL]");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  auto list = reader.Get<ListView<std::string_view>>(0);
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], "a");
  EXPECT_EQ(list[1], "a string longer than twelve");
  EXPECT_FALSE(list.IsValid(2));
}

TEST_F(ReaderTest, ListViewOfTheWrongChildTypeThrowsNamingBothTypes) {
  EXPECT_EQ(MessageOf<ConversionError>([&] { First<ListView<int64_t>>("SELECT [1, 2] AS l"); }),
            "cannot read column 0 (\"l\", INTEGER[]) as teal::ListView<int64_t>: no conversion "
            "from INTEGER[] to teal::ListView<int64_t>");
}

TEST_F(ReaderTest, ListViewOfANonListColumnThrows) {
  EXPECT_TRUE(
      Contains(MessageOf<ConversionError>([&] { First<ListView<int32_t>>("SELECT 1 AS x"); }),
               "no conversion from INTEGER to teal::ListView<int32_t>"));
}

TEST_F(ReaderTest, ListReadsAsItsText) {
  EXPECT_EQ(First<std::string>("SELECT [1, 2, NULL]"), "[1, 2, NULL]");
}

TEST_F(ReaderTest, ListViewsStayValidWithinTheChunk) {
  con_.Execute("CREATE TABLE t(l BIGINT[])");
  con_.Execute(InsertRows(
      "t", 500, [](int i) { return "[" + std::to_string(i) + ", " + std::to_string(-i) + "]"; }));
  Result result = con_.Query("SELECT l FROM t");
  Reader reader(result);
  std::vector<ListView<int64_t>> lists;
  while (reader.Next()) lists.push_back(reader.Get<ListView<int64_t>>(0));
  ASSERT_EQ(lists.size(), 500u);
  for (int i = 0; i < 500; i++) {
    ASSERT_EQ(lists[i].size(), 2u);
    ASSERT_EQ(lists[i][0], i);
    ASSERT_EQ(lists[i][1], -i);
  }
}

// ---- unsupported pairs -------------------------------------------------------------------------

TEST_F(ReaderTest, UnsupportedTypeThrowsNamingBothTypes) {
  EXPECT_EQ(MessageOf<ConversionError>([&] { First<Uuid>("SELECT 7 AS n"); }),
            "cannot read column 0 (\"n\", INTEGER) as teal::Uuid: no conversion from INTEGER to "
            "teal::Uuid");
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { First<chr::sys_days>("SELECT 7 AS n"); }),
                       "no conversion from INTEGER to std::chrono::sys_days"));
  EXPECT_TRUE(Contains(MessageOf<ConversionError>([&] { First<dtime_t>("SELECT 1.5::DOUBLE"); }),
                       "no conversion from DOUBLE to teal::dtime_t"));
}

TEST_F(ReaderTest, AnUnsupportedReadLeavesTheReaderUsable) {
  Result result = con_.Query("SELECT 7 AS n");
  Reader reader(result);
  ASSERT_TRUE(reader.Next());
  EXPECT_THROW(reader.Get<Uuid>(0), ConversionError);
  EXPECT_EQ(reader.Get<int32_t>(0), 7);
  EXPECT_EQ(reader.Get<double>(0), 7.0);
}

// ---- caches across chunks ---------------------------------------------------------------------

TEST_F(ReaderTest, ConversionsAreCorrectInEveryChunk) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 5000, [](int i) { return std::to_string(i * 3 - 7000); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  int i = 0;
  while (reader.Next()) {
    int32_t expected = i * 3 - 7000;
    ASSERT_EQ(reader.Get<double>(0), expected) << "row " << i;
    ASSERT_EQ(reader.Get<int64_t>(0), expected) << "row " << i;
    i++;
  }
  EXPECT_EQ(i, 5000);
}

TEST_F(ReaderTest, AlternatingTypesOnOneColumnReadCorrectlyAcrossChunks) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 4500, [](int i) { return std::to_string(i); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  int i = 0;
  while (reader.Next()) {
    switch (i % 3) {
      case 0:
        ASSERT_EQ(reader.Get<std::string>(0), std::to_string(i));
        break;
      case 1:
        ASSERT_EQ(reader.Get<float>(0), static_cast<float>(i));
        break;
      default:
        ASSERT_EQ(reader.Get<uint16_t>(0), i);
        break;
    }
    ASSERT_EQ(reader.Get<int64_t>(0), i);
    i++;
  }
  EXPECT_EQ(i, 4500);
}

TEST_F(ReaderTest, AFailureInOneChunkDoesNotLeakIntoTheNext) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  // Row 100 (first chunk) overflows SMALLINT; every row of the later chunks fits.
  con_.Execute(InsertRows("t", 5000, [](int i) { return std::to_string(i == 100 ? 70000 : i); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  int failures = 0, rows = 0;
  while (reader.Next()) {
    try {
      ASSERT_EQ(reader.Get<int16_t>(0), rows);
    } catch (const ConversionError& e) {
      EXPECT_TRUE(Contains(e.what(), "row 100 as int16_t")) << e.what();
      failures++;
    }
    rows++;
  }
  EXPECT_EQ(failures, 1);
  EXPECT_EQ(rows, 5000);
}

TEST_F(ReaderTest, AFailureInALaterChunkNamesItsRowInTheWholeResult) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute(InsertRows("t", 5000, [](int i) { return std::to_string(i == 4321 ? 70000 : 1); }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  std::string message;
  while (reader.Next()) {
    try {
      (void)reader.Get<int16_t>(0);
    } catch (const ConversionError& e) {
      message = e.what();
    }
  }
  EXPECT_TRUE(Contains(message, "row 4321 as int16_t")) << message;
}

TEST_F(ReaderTest, NullsAreSeenPerChunk) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  // NULLs only in the second chunk: the first has no mask, the second has one.
  con_.Execute(InsertRows("t", 4096, [](int i) {
    return i >= 2048 && i % 2 == 0 ? std::string("NULL") : std::to_string(i);
  }));
  Result result = con_.Query("SELECT i FROM t");
  Reader reader(result);
  int nulls = 0, rows = 0;
  while (reader.Next()) {
    std::optional<int32_t> v = reader.Get<std::optional<int32_t>>(0);
    std::optional<double> d = reader.Get<std::optional<double>>(0);
    ASSERT_EQ(v.has_value(), d.has_value());
    if (!v) {
      nulls++;
    } else {
      ASSERT_EQ(*v, rows);
    }
    rows++;
  }
  EXPECT_EQ(nulls, 1024);
}

}  // namespace
}  // namespace teal
