// Appender: no heap allocation per row once warmed up.
//
// The allocations are counted by alloc_counter.hpp. Each test warms the
// appender up (one full chunk flushed, so buffers, validity masks, list children and
// scratch state exist at their steady size), then appends rows that stay within one
// chunk (a flush hands rows to storage, which allocates its own vectors — once per 2048
// rows, not per row) and expects zero allocations.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "alloc_counter.hpp"
#include "teal/appender.hpp"

namespace teal {
namespace {

using counting::AllocationsOf;
using namespace std::chrono;  // NOLINT

constexpr int kWarmUpRows = static_cast<int>(kVectorSize) + 10;  // one flush
constexpr int kMeasuredRows = 2000;                              // stays in one chunk

class AppenderAllocTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(AppenderAllocTest, CounterSeesAllocations) {
  std::unique_ptr<std::string> kept;
  EXPECT_GE(AllocationsOf([&] { kept = std::make_unique<std::string>(100, 'x'); }), 2);
}

TEST_F(AppenderAllocTest, NumericRowsAllocateNothing) {
  con_.Execute(
      "CREATE TABLE t(a TINYINT, b SMALLINT, c INTEGER, d BIGINT, e UTINYINT, f USMALLINT, "
      "g FLOAT, h DOUBLE, i BIGINT)");
  Appender app(con_, "t");
  auto row = [&](int i) {
    app.AppendRow(static_cast<int8_t>(i), static_cast<int16_t>(i), i, int64_t{i},
                  static_cast<uint8_t>(i), static_cast<uint16_t>(i), 0.5f * static_cast<float>(i),
                  1.5 * i, i /* int into BIGINT: converted */);
  };
  for (int i = 0; i < kWarmUpRows; i++) row(i);
  EXPECT_EQ(AllocationsOf([&] {
              for (int i = 0; i < kMeasuredRows; i++) row(i);
            }),
            0);
}

TEST_F(AppenderAllocTest, DateAndTimestampRowsAllocateNothing) {
  con_.Execute(
      "CREATE TABLE t(d DATE, ts TIMESTAMP, tz TIMESTAMPTZ, ns TIMESTAMP_NS, s TIMESTAMP_S, "
      "raw TIMESTAMP)");
  Appender app(con_, "t");
  const sys_days day = sys_days{2024y / January / 1};
  auto row = [&](int i) {
    auto tp = day + microseconds(int64_t{i} * 1000003);
    app.AppendRow(day + days(i % 1000), tp, tp, tp, tp, timestamp_t{tp.time_since_epoch().count()});
  };
  for (int i = 0; i < kWarmUpRows; i++) row(i);
  EXPECT_EQ(AllocationsOf([&] {
              for (int i = 0; i < kMeasuredRows; i++) row(i);
            }),
            0);
}

TEST_F(AppenderAllocTest, OptionalRowsWithNullsAllocateNothing) {
  con_.Execute("CREATE TABLE t(a INTEGER, b DOUBLE, c VARCHAR)");
  Appender app(con_, "t");
  auto row = [&](int i) {
    std::optional<int32_t> a = i % 3 ? std::optional<int32_t>(i) : std::nullopt;
    std::optional<double> b = i % 5 ? std::optional<double>(i) : std::nullopt;
    std::optional<std::string_view> c =
        i % 2 ? std::optional<std::string_view>("short") : std::nullopt;
    app.AppendRow(a, b, c);
  };
  for (int i = 0; i < kWarmUpRows; i++) row(i);
  EXPECT_EQ(AllocationsOf([&] {
              for (int i = 0; i < kMeasuredRows; i++) row(i);
            }),
            0);
}

enum class Color : uint8_t { kRed, kGreen, kBlue };

TEST_F(AppenderAllocTest, EnumRowsAllocateNothing) {
  con_.Execute("CREATE TYPE color AS ENUM ('red', 'green', 'blue')");
  con_.Execute("CREATE TABLE t(a color, b color)");
  Appender app(con_, "t");
  const char* labels[] = {"red", "green", "blue"};
  auto row = [&](int i) { app.AppendRow(static_cast<Color>(i % 3), labels[(i + 1) % 3]); };
  for (int i = 0; i < kWarmUpRows; i++) row(i);
  EXPECT_EQ(AllocationsOf([&] {
              for (int i = 0; i < kMeasuredRows; i++) row(i);
            }),
            0);
}

TEST_F(AppenderAllocTest, ListRowsAllocateNothing) {
  con_.Execute("CREATE TABLE t(a INTEGER[], b INTEGER[])");
  Appender app(con_, "t");
  std::vector<int32_t> plain{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  std::vector<std::optional<int32_t>> with_nulls{1, std::nullopt, 3, 4, 5, 6, 7, 8,
                                                 9, std::nullopt};
  auto row = [&](int) { app.AppendRow(plain, with_nulls); };
  for (int i = 0; i < kWarmUpRows; i++) row(i);
  EXPECT_EQ(AllocationsOf([&] {
              for (int i = 0; i < kMeasuredRows; i++) row(i);
            }),
            0);
}

struct Record {
  int64_t id;
  sys_time<microseconds> ts;
  std::optional<int32_t> a;
  std::optional<double> b;
};

TEST_F(AppenderAllocTest, MappedRecordsAllocateNothing) {
  con_.Execute("CREATE TABLE t(id BIGINT, ts TIMESTAMP, a INTEGER, b DOUBLE)");
  MappedAppender<Record> app(con_, "t",
                             Mapping<Record>{&Record::id, &Record::ts, &Record::a, &Record::b});
  std::vector<Record> records;
  for (int i = 0; i < kMeasuredRows; i++) {
    records.push_back(Record{i, sys_days{2024y / January / 1} + seconds(i),
                             i % 2 ? std::optional<int32_t>(i) : std::nullopt, 0.5 * i});
  }
  for (int i = 0; i < kWarmUpRows; i++)
    app.Append(records[static_cast<size_t>(i) % records.size()]);
  EXPECT_EQ(AllocationsOf([&] { app.Append(std::span<const Record>(records)); }), 0);
}

}  // namespace
}  // namespace teal
