// ART key encoding: memcmp order of encoded keys equals Teal's SQL order of the values,
// per type and for compound keys; vector (batch) encoding equals value encoding.
#include "index/art/art_key.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "teal/error.hpp"
#include "vector/vector.hpp"
#include "vector/vector_compare.hpp"  // CompareValues: Teal's own SQL order

namespace teal::art {
namespace {

constexpr int128 kInt128Max = static_cast<int128>(~uint128(0) >> 1);

int Sign(int c) { return c < 0 ? -1 : (c > 0 ? 1 : 0); }

std::string KeyOf(const Value& v) { return EncodeValueKey(std::span<const Value>(&v, 1)); }

/// Every pair of `values` compares by key as CompareValues does; NULL above all.
void ExpectKeyOrderMatchesSqlOrder(const std::vector<Value>& values) {
  ASSERT_FALSE(values.empty());
  for (const Value& a : values) {
    std::string ka = KeyOf(a);
    for (const Value& b : values) {
      std::string kb = KeyOf(b);
      EXPECT_EQ(Sign(CompareKeys(ArtKey(ka), ArtKey(kb))), Sign(CompareValues(a, b)))
          << a.Type().ToString() << ": " << a.ToString() << " vs " << b.ToString();
    }
    std::string null_key = KeyOf(Value(a.Type()));
    EXPECT_GT(CompareKeys(ArtKey(null_key), ArtKey(ka)), 0) << "NULL sorts last: " << a.ToString();
  }
}

template <typename T, typename Make>
std::vector<Value> IntegerValues(Make make, uint64_t seed) {
  using L = std::numeric_limits<T>;
  std::vector<T> raw = {L::min(), static_cast<T>(L::min() + 1), 0, 1,
                        L::max(), static_cast<T>(L::max() - 1)};
  if constexpr (std::is_signed_v<T>) raw.insert(raw.end(), {-1, -2, static_cast<T>(-100)});
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 20; i++) raw.push_back(static_cast<T>(rng()));
  std::vector<Value> values;
  for (T v : raw) values.push_back(make(v));
  return values;
}

TEST(ArtKeyTest, IntegersOrderAsSql) {
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<int8_t>(Value::TinyInt, 1));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<int16_t>(Value::SmallInt, 2));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<int32_t>(Value::Integer, 3));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<int64_t>(Value::BigInt, 4));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<uint8_t>(Value::UTinyInt, 5));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<uint16_t>(Value::USmallInt, 6));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<uint32_t>(Value::UInteger, 7));
  ExpectKeyOrderMatchesSqlOrder(IntegerValues<uint64_t>(Value::UBigInt, 8));
}

TEST(ArtKeyTest, BooleansOrderFalseBeforeTrue) {
  ExpectKeyOrderMatchesSqlOrder({Value::Boolean(true), Value::Boolean(false)});
}

TEST(ArtKeyTest, HugeIntsOrderAsSql) {
  const int128 max = kInt128Max;
  const int128 min = -max - 1;
  std::vector<int128> raw = {min,
                             min + 1,
                             -1,
                             0,
                             1,
                             max,
                             max - 1,
                             int128(1) << 64,
                             -(int128(1) << 64),
                             (int128(1) << 64) - 1,
                             -(int128(1) << 63)};
  std::vector<Value> values, unsigned_values;
  std::mt19937_64 rng(9);
  for (int i = 0; i < 20; i++) raw.push_back((int128(rng()) << 64) | rng());
  for (int128 v : raw) {
    values.push_back(Value::HugeInt(v));
    unsigned_values.push_back(Value::UHugeInt(static_cast<uint128>(v)));
  }
  ExpectKeyOrderMatchesSqlOrder(values);
  ExpectKeyOrderMatchesSqlOrder(unsigned_values);
}

template <typename F>
std::vector<F> FloatSpecials() {
  using L = std::numeric_limits<F>;
  return {-L::infinity(),   -L::max(),      F(-1.5),         -L::min(),
          -L::denorm_min(), F(-0.0),        F(0.0),          L::denorm_min(),
          L::min(),         F(1),           F(1.5),          L::max(),
          L::infinity(),    L::quiet_NaN(), -L::quiet_NaN(), L::signaling_NaN()};
}

TEST(ArtKeyTest, FloatsOrderWithZeroesEqualAndNanGreatest) {
  std::vector<Value> floats, doubles;
  for (float f : FloatSpecials<float>()) floats.push_back(Value::Float(f));
  for (double d : FloatSpecials<double>()) doubles.push_back(Value::Double(d));
  ExpectKeyOrderMatchesSqlOrder(floats);
  ExpectKeyOrderMatchesSqlOrder(doubles);
  EXPECT_EQ(KeyOf(Value::Double(-0.0)), KeyOf(Value::Double(0.0)));
  EXPECT_EQ(KeyOf(Value::Double(-std::nan(""))), KeyOf(Value::Double(std::nan("1"))));
  EXPECT_LT(KeyOf(Value::Double(std::numeric_limits<double>::infinity())),
            KeyOf(Value::Double(std::nan(""))));
}

TEST(ArtKeyTest, DecimalsOrderByUnscaledValueForEveryWidth) {
  for (uint8_t width : {4, 9, 18, 38}) {
    int128 max = 1;
    for (int i = 0; i < width; i++) max *= 10;
    max -= 1;
    std::vector<Value> values;
    for (int128 v : {-max, -max + 1, int128(-1), int128(0), int128(1), int128(250), max - 1, max}) {
      values.push_back(Value::Decimal(v, width, 2));
    }
    ExpectKeyOrderMatchesSqlOrder(values);
  }
}

std::vector<std::string> TrickyStrings() {
  using namespace std::string_literals;
  return {""s,   "\0"s,   "\0\0"s, "\0\1"s, "\1"s,     "\1\0"s,     "\1\1"s,
          "\2"s, "a"s,    "a\0"s,  "a\0b"s, "a\1"s,    "ab"s,       "abc"s,
          "b"s,  "\x7f"s, "\x80"s, "\xff"s, "\xff\0"s, "\xff\xff"s, "hello world, a long string"s};
}

TEST(ArtKeyTest, StringsAndBlobsOrderBytewiseWithEmbeddedZeroes) {
  std::vector<Value> strings, blobs;
  for (const std::string& s : TrickyStrings()) {
    strings.push_back(Value::Varchar(s));
    blobs.push_back(Value::Blob(s));
  }
  ExpectKeyOrderMatchesSqlOrder(strings);
  ExpectKeyOrderMatchesSqlOrder(blobs);
}

TEST(ArtKeyTest, NoStringKeyIsAPrefixOfAnother) {
  std::vector<std::string> keys;
  for (const std::string& s : TrickyStrings()) keys.push_back(KeyOf(Value::Varchar(s)));
  for (const std::string& a : keys) {
    for (const std::string& b : keys) {
      if (a != b) {
        EXPECT_FALSE(b.starts_with(a)) << "prefix of another key";
      }
    }
  }
}

TEST(ArtKeyTest, TemporalTypesOrderAsSql) {
  ExpectKeyOrderMatchesSqlOrder({Value::Date(date_t::NegativeInfinity()), Value::Date({-719528}),
                                 Value::Date({-1}), Value::Date({0}), Value::Date({19000}),
                                 Value::Date(date_t::Infinity())});
  ExpectKeyOrderMatchesSqlOrder(
      {Value::Time({0}), Value::Time({1}), Value::Time({43200000000}), Value::Time({86400000000})});
  std::vector<Value> ts;
  for (int64_t v : {-timestamp_t::kInfinity, int64_t{-1000000}, int64_t{-1}, int64_t{0}, int64_t{1},
                    int64_t{1700000000000000}, timestamp_t::kInfinity}) {
    ts.push_back(Value::Timestamp({v}));
  }
  ExpectKeyOrderMatchesSqlOrder(ts);
  ExpectKeyOrderMatchesSqlOrder({Value::TimestampS({-5}), Value::TimestampS({7})});
  ExpectKeyOrderMatchesSqlOrder({Value::TimestampMs({-5}), Value::TimestampMs({7})});
  ExpectKeyOrderMatchesSqlOrder({Value::TimestampNs({-5}), Value::TimestampNs({7})});
  ExpectKeyOrderMatchesSqlOrder({Value::TimestampTz({-5}), Value::TimestampTz({7})});
}

TEST(ArtKeyTest, TimeTzOrdersByInstantThenOffset) {
  auto make = [](int64_t local_micros, int32_t offset_seconds) {
    uint64_t bits = (static_cast<uint64_t>(local_micros) << 24) |
                    static_cast<uint64_t>(dtime_tz_t::kMaxOffsetSeconds - offset_seconds);
    return Value::TimeTz({bits});
  };
  std::vector<Value> values;
  for (int64_t hours : {0, 1, 5, 12, 23}) {
    for (int32_t offset :
         {-dtime_tz_t::kMaxOffsetSeconds, -3600, 0, 3600, 7200, dtime_tz_t::kMaxOffsetSeconds}) {
      values.push_back(make(hours * 3600000000, offset));
    }
  }
  ExpectKeyOrderMatchesSqlOrder(values);
}

TEST(ArtKeyTest, IntervalsOrderByLengthAndEqualLengthsShareAKey) {
  std::vector<Value> values;
  for (int32_t months : {-12, -1, 0, 1, 12}) {
    for (int32_t days : {-30, 0, 1, 30}) {
      for (int64_t micros : {int64_t{-86400000000}, int64_t{0}, int64_t{1}}) {
        values.push_back(Value::Interval({months, days, micros}));
      }
    }
  }
  ExpectKeyOrderMatchesSqlOrder(values);
  EXPECT_EQ(KeyOf(Value::Interval({1, 0, 0})), KeyOf(Value::Interval({0, 30, 0})));
}

TEST(ArtKeyTest, UuidsOrderAsTheirText) {
  std::vector<Value> values;
  for (int128 v : {kInt128Max, int128(-1), int128(0), int128(1), -kInt128Max - 1}) {
    values.push_back(Value::Uuid(v));
  }
  ExpectKeyOrderMatchesSqlOrder(values);
}

TEST(ArtKeyTest, EnumsOrderByLabelIndex) {
  LogicalType mood = LogicalType::Enum("mood", {"sad", "ok", "happy"});
  ExpectKeyOrderMatchesSqlOrder({Value::Enum(mood, 2), Value::Enum(mood, 0), Value::Enum(mood, 1)});
}

TEST(ArtKeyTest, CompoundKeysOrderColumnByColumn) {
  std::vector<std::vector<Value>> rows;
  for (const std::string& s : TrickyStrings()) {
    for (int32_t i : {std::numeric_limits<int32_t>::min(), -1, 0, 7}) {
      rows.push_back({Value::Varchar(s), Value::Integer(i)});
    }
    rows.push_back({Value::Varchar(s), Value(LogicalType(TypeId::kInteger))});
  }
  auto sql_order = [](const std::vector<Value>& a, const std::vector<Value>& b) {
    for (size_t c = 0; c < a.size(); c++) {
      if (a[c].IsNull() || b[c].IsNull()) {
        if (a[c].IsNull() != b[c].IsNull()) return a[c].IsNull() ? 1 : -1;
        continue;
      }
      int cmp = CompareValues(a[c], b[c]);
      if (cmp != 0) return Sign(cmp);
    }
    return 0;
  };
  for (const auto& a : rows) {
    std::string ka = EncodeValueKey(a);
    for (const auto& b : rows) {
      std::string kb = EncodeValueKey(b);
      EXPECT_EQ(Sign(CompareKeys(ArtKey(ka), ArtKey(kb))), sql_order(a, b))
          << a[0].ToString() << "," << a[1].ToString() << " vs " << b[0].ToString() << ","
          << b[1].ToString();
    }
  }
}

TEST(ArtKeyTest, BuilderEncodesVectorsLikeValues) {
  const idx_t n = 100;
  std::mt19937_64 rng(42);
  Vector ints(LogicalType(TypeId::kBigInt), n);
  Vector strings(LogicalType(TypeId::kVarchar), n);
  Vector doubles(LogicalType(TypeId::kDouble), n);
  Vector constant(Value::Integer(-7));
  std::vector<std::string> tricky = TrickyStrings();
  for (idx_t i = 0; i < n; i++) {
    ints.SetValue(i, i % 7 == 0 ? Value(LogicalType(TypeId::kBigInt))
                                : Value::BigInt(static_cast<int64_t>(rng())));
    strings.SetValue(i, i % 11 == 0 ? Value(LogicalType(TypeId::kVarchar))
                                    : Value::Varchar(tricky[rng() % tricky.size()]));
    doubles.SetValue(i, Value::Double(FloatSpecials<double>()[rng() % 16]));
  }
  std::vector<const Vector*> columns = {&ints, &strings, &doubles, &constant};
  ArtKeyBuilder builder;
  const idx_t offset = 3, count = 90;
  builder.Build(columns, offset, count);
  ASSERT_EQ(builder.Count(), count);
  for (idx_t i = 0; i < count; i++) {
    std::vector<Value> row;
    for (const Vector* column : columns) row.push_back(column->GetValue(offset + i));
    EXPECT_EQ(builder.Key(i).View(), EncodeValueKey(row)) << "row " << offset + i;
    EXPECT_EQ(builder.HasNull(i), row[0].IsNull() || row[1].IsNull()) << "row " << offset + i;
  }
  builder.Build(std::span<const Vector* const>(columns.data(), 1), 0, 2);  // reuse
  EXPECT_EQ(builder.Count(), 2u);
  EXPECT_EQ(builder.Key(1).View(), KeyOf(ints.GetValue(1)));
}

TEST(ArtKeyTest, ListsCannotBeIndexedAndTheErrorNamesTheType) {
  LogicalType list = LogicalType::List(TypeId::kInteger);
  EXPECT_FALSE(IsIndexableType(list));
  EXPECT_TRUE(IsIndexableType(TypeId::kVarchar));
  Value value = Value::List(TypeId::kInteger, {Value::Integer(1)});
  try {
    KeyOf(value);
    FAIL() << "expected NotImplementedError";
  } catch (const NotImplementedError& e) {
    EXPECT_NE(std::string(e.what()).find("INTEGER[]"), std::string::npos) << e.what();
  }
  Vector v(list, 4);
  const Vector* columns[] = {&v};
  ArtKeyBuilder builder;
  EXPECT_THROW(builder.Build(columns, 0, 4), NotImplementedError);
}

}  // namespace
}  // namespace teal::art
