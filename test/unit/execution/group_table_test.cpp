// GroupTable: which rows share a group (typed, normalised keys), the values kept for each
// group, merging by partitions, and running out of memory cleanly.
#include "execution/group_table.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "../function/aggregate_harness.hpp"
#include "common/block_allocator.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

/// A vector of `type` holding `values` (NULL for a null Value).
Vector MakeVector(const LogicalType& type, const std::vector<Value>& values) {
  Vector v(type, std::max<idx_t>(values.size(), 1));
  for (idx_t i = 0; i < values.size(); i++) v.SetValue(i, values[i]);
  return v;
}

/// The group number (creation order) of each row of one key column.
std::vector<idx_t> GroupsOf(GroupTable& table, const Vector& keys, idx_t count) {
  std::vector<data_ptr_t> rows(count);
  table.FindOrCreate({&keys}, count, rows.data());
  std::map<data_ptr_t, idx_t> numbers;
  for (idx_t g = 0; g < table.Count(); g++) numbers[table.Row(g)] = g;
  std::vector<idx_t> out;
  for (auto* row : rows) out.push_back(numbers.at(row));
  return out;
}

std::shared_ptr<GroupLayout> KeysOnly(std::vector<LogicalType> types) {
  return std::make_shared<GroupLayout>(std::move(types), std::vector<const AggregateFunction*>{});
}

TEST(GroupTableTest, EqualValuesShareAGroupAndNullIsAGroupOfItsOwn) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kInteger)}));
  Vector keys = MakeVector(TypeId::kInteger, {Value::Integer(5), Value(), Value::Integer(0),
                                              Value::Integer(5), Value(), Value::Integer(0)});
  EXPECT_EQ(GroupsOf(table, keys, 6), (std::vector<idx_t>{0, 1, 2, 0, 1, 2}));
  // A NULL and a zero are not the same key although both are stored as zero bytes.
  EXPECT_EQ(table.Count(), 3u);
}

TEST(GroupTableTest, MinusZeroAndZeroAndEveryNaNAreOneKeyEach) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kDouble)}));
  double nan1 = std::nan("1"), nan2 = -std::nan("2");
  Vector keys = MakeVector(TypeId::kDouble, {Value::Double(0.0), Value::Double(-0.0),
                                             Value::Double(nan1), Value::Double(nan2)});
  EXPECT_EQ(GroupsOf(table, keys, 4), (std::vector<idx_t>{0, 0, 1, 1}));
  // The first value seen is the group's value.
  DataChunk out(std::vector<LogicalType>{TypeId::kDouble});
  table.ScanKeys(0, 2, out);
  EXPECT_FALSE(std::signbit(out.data[0].Values<double>()[0]));
}

TEST(GroupTableTest, IntervalsOfEqualLengthAreOneKeyAndKeepTheirFirstSpelling) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kInterval)}));
  Vector keys = MakeVector(
      TypeId::kInterval,
      {Value::Interval({0, 30, 0}), Value::Interval({1, 0, 0}), Value::Interval({0, 31, 0})});
  EXPECT_EQ(GroupsOf(table, keys, 3), (std::vector<idx_t>{0, 0, 1}));
  DataChunk out(std::vector<LogicalType>{TypeId::kInterval});
  table.ScanKeys(0, 2, out);
  EXPECT_EQ(out.data[0].Values<interval_t>()[0].days, 30);
}

TEST(GroupTableTest, LongStringsAreComparedByTheirBytesNotTheirAddress) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kVarchar)}));
  std::string longer = "a string well past the twelve inline bytes";
  idx_t first_group;
  {
    Vector keys = MakeVector(TypeId::kVarchar, {Value::Varchar(longer), Value::Varchar("short")});
    first_group = GroupsOf(table, keys, 2)[0];
  }
  // Another vector, another heap: the same bytes find the same group.
  Vector again = MakeVector(TypeId::kVarchar, {Value::Varchar("short"), Value::Varchar(longer),
                                               Value::Varchar(longer + "!")});
  EXPECT_EQ(GroupsOf(table, again, 3), (std::vector<idx_t>{1, first_group, 2}));
  DataChunk out(std::vector<LogicalType>{TypeId::kVarchar});
  table.ScanKeys(0, 3, out);
  EXPECT_EQ(out.data[0].GetValue(0), Value::Varchar(longer));
  EXPECT_EQ(out.data[0].GetValue(2), Value::Varchar(longer + "!"));
}

TEST(GroupTableTest, ListKeysGroupByValue) {
  LogicalType list = LogicalType::List(LogicalType(TypeId::kInteger));
  GroupTable table(KeysOnly({list}));
  Value a = Value::List(LogicalType(TypeId::kInteger), {Value::Integer(1), Value()});
  Value b = Value::List(LogicalType(TypeId::kInteger), {Value::Integer(1)});
  Vector keys = MakeVector(list, {a, b, a, Value()});
  EXPECT_EQ(GroupsOf(table, keys, 4), (std::vector<idx_t>{0, 1, 0, 2}));
}

TEST(GroupTableTest, RandomKeysAgreeWithAStdMapAcrossGrowth) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)}));
  std::mt19937_64 random(7);
  std::map<std::pair<int64_t, std::string>, idx_t> expected;
  for (int chunk = 0; chunk < 60; chunk++) {
    std::vector<Value> ints, strings;
    std::vector<std::pair<int64_t, std::string>> keys;
    for (idx_t i = 0; i < kVectorSize; i++) {
      int64_t k = static_cast<int64_t>(random() % 30000);
      std::string s = (k % 3 == 0) ? "short" : "a long string number " + std::to_string(k % 7);
      ints.push_back(Value::BigInt(k));
      strings.push_back(Value::Varchar(s));
      keys.emplace_back(k, s);
    }
    Vector a = MakeVector(TypeId::kBigInt, ints), b = MakeVector(TypeId::kVarchar, strings);
    std::vector<data_ptr_t> rows(kVectorSize);
    table.FindOrCreate({&a, &b}, kVectorSize, rows.data());
    std::map<data_ptr_t, idx_t> numbers;
    for (idx_t g = 0; g < table.Count(); g++) numbers[table.Row(g)] = g;
    for (idx_t i = 0; i < kVectorSize; i++) {
      auto [it, fresh] = expected.try_emplace(keys[i], expected.size());
      ASSERT_EQ(numbers.at(rows[i]), it->second) << "chunk " << chunk << " row " << i;
    }
  }
  EXPECT_EQ(table.Count(), expected.size());
}

/// Feeds `chunks` of one INTEGER key column (std::nullopt: NULL) to a table and checks
/// every row's group against first-seen numbering; returns the group count.
idx_t CheckIntegerGroups(const std::vector<std::vector<std::optional<int32_t>>>& chunks) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kInteger)}));
  std::map<std::optional<int32_t>, idx_t> expected;
  for (size_t c = 0; c < chunks.size(); c++) {
    std::vector<Value> values;
    for (const auto& k : chunks[c]) values.push_back(k ? Value::Integer(*k) : Value());
    Vector keys = MakeVector(TypeId::kInteger, values);
    std::vector<data_ptr_t> rows(chunks[c].size());
    table.FindOrCreate({&keys}, chunks[c].size(), rows.data());
    std::map<data_ptr_t, idx_t> numbers;
    for (idx_t g = 0; g < table.Count(); g++) numbers[table.Row(g)] = g;
    for (size_t i = 0; i < chunks[c].size(); i++) {
      auto [it, fresh] = expected.try_emplace(chunks[c][i], expected.size());
      EXPECT_EQ(numbers.at(rows[i]), it->second) << "chunk " << c << " row " << i;
    }
  }
  EXPECT_EQ(table.Count(), expected.size());
  return table.Count();
}

TEST(GroupTableTest, IntegerKeysInAndOutOfTheDirectWindowAgreeWithFirstSeenOrder) {
  // The window starts at the first chunk's smallest key (-5); later keys fall below it,
  // past it, and on it; NULLs come in a chunk of their own and mixed with values.
  std::mt19937 random(3);
  std::vector<std::vector<std::optional<int32_t>>> chunks;
  // (The index starts at a chunk of 1,024 rows or more: smaller ones come first.)
  chunks.push_back({3, 9, 3});
  chunks.push_back({-5, 7, 7, 100, -5});
  for (int i = 0; i < 1100; i++) chunks.back().push_back(i % 300);
  for (int c = 0; c < 20; c++) {
    std::vector<std::optional<int32_t>> chunk;
    for (int i = 0; i < 1500; i++) {
      int r = static_cast<int>(random() % 100);
      if (r < 60) {
        chunk.push_back(static_cast<int32_t>(random() % 20000) - 5);  // mostly in the window
      } else if (r < 80) {
        chunk.push_back(-static_cast<int32_t>(random() % 1000) - 6);  // below it
      } else if (r < 95) {
        chunk.push_back(static_cast<int32_t>(random() % 1000000));  // far past it
      } else if (c % 4 == 1) {
        chunk.push_back(std::nullopt);
      } else {
        chunk.push_back(std::numeric_limits<int32_t>::min());
      }
    }
    chunks.push_back(chunk);
  }
  chunks.push_back({std::nullopt, std::nullopt, 7});
  CheckIntegerGroups(chunks);
}

TEST(GroupTableTest, IntegerKeysMostlyOutsideTheWindowStillGroupRight) {
  // Keys spread a million apart: the direct index is dropped after its trial.
  std::vector<std::vector<std::optional<int32_t>>> chunks;
  for (int c = 0; c < 12; c++) {
    std::vector<std::optional<int32_t>> chunk;
    for (int i = 0; i < 1100; i++) chunk.push_back(((c * 1100 + i) % 1000) * 1000000 - 5);
    chunks.push_back(chunk);
  }
  EXPECT_EQ(CheckIntegerGroups(chunks), 1000u);
}

TEST(GroupTableTest, FindWithTheFilterFindsExactlyWhatFindWithoutItFinds) {
  GroupTable table(KeysOnly({LogicalType(TypeId::kBigInt)}));
  std::vector<Value> present;
  for (int64_t k = 0; k < 2000; k++) present.push_back(Value::BigInt(k * 37));
  Vector keys = MakeVector(TypeId::kBigInt, present);
  std::vector<data_ptr_t> created(present.size());
  table.FindOrCreate({&keys}, present.size(), created.data());
  std::vector<Value> probes;
  for (int64_t k = 0; k < 2048; k++) probes.push_back(k % 5 == 0 ? Value() : Value::BigInt(k * 13));
  Vector probe = MakeVector(TypeId::kBigInt, probes);
  KeyScratch scratch;
  std::vector<data_ptr_t> before(probes.size()), after(probes.size());
  table.Find({&probe}, probes.size(), before.data(), scratch);
  table.BuildFilter();
  table.Find({&probe}, probes.size(), after.data(), scratch);
  idx_t found = 0;
  for (idx_t i = 0; i < probes.size(); i++) {
    EXPECT_EQ(before[i], after[i]) << i;
    bool expected = !probes[i].IsNull() && (i * 13) % 37 == 0 && i * 13 / 37 < 2000;
    EXPECT_EQ(after[i] != nullptr, expected) << i;
    found += after[i] != nullptr;
  }
  EXPECT_GT(found, 10u);
}

// The filtered Find hashes fixed-width keys from the values and normalises only the rows
// the filter lets through: it must find what the unfiltered Find finds, with two key
// columns, NULL keys (a group of their own in the table), and a constant key vector.
TEST(GroupTableTest, FindHashingFirstFindsWhatBuildingKeysFinds) {
  const std::vector<LogicalType> types{TypeId::kInteger, TypeId::kBigInt};
  GroupTable table(KeysOnly(types));
  std::vector<Value> a, b;
  for (int64_t k = 0; k < 1500; k++) {
    a.push_back(k % 50 == 0 ? Value() : Value::Integer(static_cast<int32_t>(k % 7)));
    b.push_back(Value::BigInt(k * 11));
  }
  Vector built_a = MakeVector(types[0], a), built_b = MakeVector(types[1], b);
  std::vector<data_ptr_t> created(a.size());
  table.FindOrCreate({&built_a, &built_b}, a.size(), created.data());
  std::vector<Value> pa, pb;
  for (int64_t k = 0; k < 2048; k++) {
    pa.push_back(k % 50 == 0 ? Value() : Value::Integer(static_cast<int32_t>(k % 7)));
    pb.push_back(k % 3 == 0 ? Value() : Value::BigInt(k * (k % 2 ? 11 : 13)));
  }
  Vector probe_a = MakeVector(types[0], pa), probe_b = MakeVector(types[1], pb);
  Vector constant(Value::Integer(3));
  const idx_t n = pa.size();
  const std::vector<const Vector*> firsts{&probe_a, &constant};
  std::vector<std::vector<data_ptr_t>> before(2, std::vector<data_ptr_t>(n));
  std::vector<std::vector<uint8_t>> null_before(2);
  for (idx_t f = 0; f < 2; f++) {
    KeyScratch plain;
    table.Find({firsts[f], &probe_b}, n, before[f].data(), plain);
    null_before[f] = plain.has_null;
  }
  table.BuildFilter();
  for (idx_t f = 0; f < 2; f++) {
    KeyScratch filtered;
    std::vector<data_ptr_t> after(n);
    table.Find({firsts[f], &probe_b}, n, after.data(), filtered);
    idx_t found = 0;
    for (idx_t i = 0; i < n; i++) {
      ASSERT_EQ(before[f][i], after[i]) << f << ", row " << i;
      ASSERT_EQ(null_before[f][i], filtered.has_null[i]) << f << ", row " << i;
      found += after[i] != nullptr;
    }
    EXPECT_GT(found, 20u) << f;
  }
}

TEST(GroupTableTest, MergingEveryPartitionTakesEachGroupOnceAndCombinesStates) {
  AggregateFunction count = testing::Resolve("count", {LogicalType(TypeId::kBigInt)});
  auto layout = std::make_shared<GroupLayout>(std::vector<LogicalType>{TypeId::kBigInt},
                                              std::vector<const AggregateFunction*>{&count});
  // Two "threads" saw overlapping keys: 0..2999 and 2000..4999, each key once.
  GroupTable left(layout), right(layout);
  auto fill = [&](GroupTable& table, int64_t from, int64_t to) {
    for (int64_t start = from; start < to; start += kVectorSize) {
      idx_t n = static_cast<idx_t>(std::min<int64_t>(kVectorSize, to - start));
      std::vector<Value> values;
      for (idx_t i = 0; i < n; i++)
        values.push_back(Value::BigInt(start + static_cast<int64_t>(i)));
      Vector keys = MakeVector(TypeId::kBigInt, values);
      std::vector<data_ptr_t> rows(n);
      table.FindOrCreate({&keys}, n, rows.data());
      DataChunk args;
      args.data.push_back(MakeVector(TypeId::kBigInt, values));
      args.SetCardinality(n);
      for (auto& r : rows) r += layout->states_offset + layout->state_offsets[0];
      count.update(args, rows.data(), n);
    }
  };
  fill(left, 0, 3000);
  fill(right, 2000, 5000);
  constexpr idx_t kPartitions = 5;
  idx_t total = 0;
  std::map<int64_t, int64_t> counts;
  for (idx_t p = 0; p < kPartitions; p++) {
    GroupTable merged(layout);
    merged.Merge(left, p, kPartitions);
    merged.Merge(right, p, kPartitions);
    total += merged.Count();
    DataChunk out(std::vector<LogicalType>{TypeId::kBigInt, TypeId::kBigInt});
    for (idx_t first = 0; first < merged.Count(); first += kVectorSize) {
      idx_t n = std::min(kVectorSize, merged.Count() - first);
      out.Reset();
      merged.ScanKeys(first, n, out);
      std::vector<data_ptr_t> states(n);
      for (idx_t i = 0; i < n; i++) {
        states[i] = merged.Row(first + i) + layout->states_offset + layout->state_offsets[0];
      }
      count.finalize(states.data(), n, out.data[1], 0);
      for (idx_t i = 0; i < n; i++) {
        counts[out.data[0].Values<int64_t>()[i]] += out.data[1].Values<int64_t>()[i];
      }
    }
  }
  EXPECT_EQ(total, 5000u);
  ASSERT_EQ(counts.size(), 5000u);
  for (const auto& [key, c] : counts) EXPECT_EQ(c, key >= 2000 && key < 3000 ? 2 : 1) << key;
}

TEST(GroupTableTest, RunningOutOfMemoryThrowsAndLeavesADestructibleTable) {
  BlockAllocator& alloc = BlockAllocator::Instance();
  size_t saved = alloc.Limit();
  auto table = std::make_unique<GroupTable>(KeysOnly({LogicalType(TypeId::kBigInt)}));
  alloc.SetLimit(alloc.GetStats().bytes_in_use + 4 * 1024 * 1024);
  bool failed = false;
  try {
    for (int64_t start = 0;; start += kVectorSize) {
      std::vector<Value> values;
      for (idx_t i = 0; i < kVectorSize; i++)
        values.push_back(Value::BigInt(start + static_cast<int64_t>(i)));
      Vector keys = MakeVector(TypeId::kBigInt, values);
      std::vector<data_ptr_t> rows(kVectorSize);
      table->FindOrCreate({&keys}, kVectorSize, rows.data());
      ASSERT_LT(start, int64_t{10000000}) << "the limit was never reached";
    }
  } catch (const OutOfMemoryError&) {
    failed = true;
  }
  alloc.SetLimit(saved);
  EXPECT_TRUE(failed);
  EXPECT_GT(table->Count(), 0u);
  table.reset();
}

}  // namespace
}  // namespace teal
