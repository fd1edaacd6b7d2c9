// SortKeys: the order of normalized-key sorting equals a stable sort comparing the values
// (Teal's ORDER BY semantics), on one thread and on several.
#include "execution/sort_key.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <set>

#include "execution/task_scheduler.hpp"
#include "vector/vector_compare.hpp"

namespace teal {
namespace {

/// The reference: a stable sort of row numbers comparing Values.
std::vector<uint32_t> ReferenceOrder(const DataChunk& rows, const std::vector<OrderKey>& keys) {
  std::vector<uint32_t> order(rows.size());
  for (idx_t i = 0; i < rows.size(); i++) order[i] = static_cast<uint32_t>(i);
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    for (const auto& k : keys) {
      Value x = rows.GetValue(k.column, a), y = rows.GetValue(k.column, b);
      if (x.IsNull() || y.IsNull()) {
        if (x.IsNull() == y.IsNull()) continue;
        return x.IsNull() ? k.nulls_first : !k.nulls_first;
      }
      int c = CompareValues(x, y);
      if (c != 0) return k.descending ? c > 0 : c < 0;
    }
    return false;
  });
  return order;
}

/// Random rows of (INTEGER, VARCHAR, DOUBLE, BIGINT); with `nulls`, the first two columns
/// have NULLs.
DataChunk RandomRows(idx_t n, uint64_t seed, bool nulls = true) {
  std::vector<LogicalType> types{TypeId::kInteger, TypeId::kVarchar, TypeId::kDouble,
                                 TypeId::kBigInt};
  DataChunk rows(types, n);
  std::mt19937_64 random(seed);
  const std::string prefix = "the same sixteen";
  for (idx_t i = 0; i < n; i++) {
    rows.data[0].SetValue(
        i, nulls && random() % 10 == 0 ? Value() : Value::Integer(int32_t(random() % 50) - 25));
    std::string s =
        random() % 2 ? prefix + std::to_string(random() % 30) : std::to_string(random() % 30);
    if (random() % 9 == 0) s += std::string(1, '\0');
    rows.data[1].SetValue(i, nulls && random() % 12 == 0 ? Value() : Value::Varchar(s));
    double d = static_cast<double>(static_cast<int>(random() % 21) - 10) / 4;
    if (random() % 15 == 0) d = -0.0;
    if (random() % 40 == 0) d = std::nan("");
    rows.data[2].SetValue(i, Value::Double(d));
    rows.data[3].SetValue(i, Value::BigInt(static_cast<int64_t>(random() % 5)));
  }
  rows.SetCardinality(n);
  return rows;
}

void ExpectSameOrder(const DataChunk& rows, const std::vector<OrderKey>& keys,
                     TaskScheduler* scheduler, idx_t threads) {
  AccountedVector<uint32_t> got;
  SortKeys(rows.Types(), keys).Sort(rows, got, scheduler, threads);
  std::vector<uint32_t> want = ReferenceOrder(rows, keys);
  ASSERT_EQ(got.size(), want.size());
  for (idx_t i = 0; i < got.size(); i++) ASSERT_EQ(got[i], want[i]) << "position " << i;
}

TEST(SortKeysTest, MatchesAStableValueSortForEveryKeyKindAndDirection) {
  DataChunk rows = RandomRows(3000, 11);
  ExpectSameOrder(rows, {{0, false, false}}, nullptr, 1);
  ExpectSameOrder(rows, {{1, false, false}, {0, true, true}}, nullptr, 1);
  ExpectSameOrder(rows, {{2, true, false}, {1, true, true}}, nullptr, 1);
  ExpectSameOrder(rows, {{3, false, true}, {2, false, true}, {1, false, false}}, nullptr, 1);
}

// One thread's order is the reference's (above); several threads must give exactly it.
TEST(SortKeysTest, SeveralThreadsGiveTheSameOrderAsOne) {
  DataChunk rows = RandomRows(150000, 12);
  TaskScheduler scheduler;
  scheduler.SetWorkers(3);
  for (const auto& keys : std::vector<std::vector<OrderKey>>{
           {{3, false, false}, {0, true, false}}, {{1, false, false}}, {{2, true, true}}}) {
    AccountedVector<uint32_t> one, several;
    SortKeys sort_keys(rows.Types(), keys);
    sort_keys.Sort(rows, one, nullptr, 1);
    for (idx_t threads : {2, 3, 4}) {
      sort_keys.Sort(rows, several, &scheduler, threads);
      ASSERT_EQ(several, one) << threads << " threads";
    }
  }
}

// Keys declared without NULLs have no NULL byte in the records; the order is the same.
TEST(SortKeysTest, KeysWithoutNullsLeaveOutTheNullByte) {
  DataChunk rows = RandomRows(3000, 13, /*nulls=*/false);
  const std::vector<std::vector<OrderKey>> key_sets = {
      {{0, false, false}, {2, true, true}, {3, false, false}},
      {{1, true, true}, {0, false, false}},
      {{1, false, false}}};
  for (const auto& keys : key_sets) {
    SortKeys with_bytes(rows.Types(), keys);
    SortKeys without(rows.Types(), keys, std::vector<bool>(keys.size(), true));
    EXPECT_EQ(without.KeyWidth() + keys.size(), with_bytes.KeyWidth());
    AccountedVector<uint32_t> got;
    without.Sort(rows, got, nullptr, 1);
    std::vector<uint32_t> want = ReferenceOrder(rows, keys);
    ASSERT_EQ(std::vector<uint32_t>(got.begin(), got.end()), want);
  }
  // Three keys of 4 + 8 + 8 value bytes and a 4-byte row number fit three words only
  // without their NULL bytes.
  EXPECT_EQ(SortKeys(rows.Types(), key_sets[0], {true, true, true}).RecordWidth(), 24);
  EXPECT_EQ(SortKeys(rows.Types(), key_sets[0]).RecordWidth(), 32);
}

// A NULL in a key declared without NULLs is an internal error, never a wrong order.
TEST(SortKeysTest, ANullInAKeyDeclaredWithoutNullsIsAnError) {
  DataChunk rows = RandomRows(100, 14);
  rows.data[0].SetValue(5, Value());
  AccountedVector<uint32_t> order;
  EXPECT_THROW(SortKeys(rows.Types(), {{0, false, false}}, {true}).Sort(rows, order, nullptr, 1),
               InternalError);
}

// SortChunks orders the rows of several chunks as Sort orders the same rows in one chunk:
// numbers (chunk << kChunkBits | row), ties in chunk order, on one thread and several.
TEST(SortKeysTest, SortChunksMatchesOneChunk) {
  DataChunk all = RandomRows(120000, 15);
  std::vector<std::unique_ptr<DataChunk>> chunks;
  std::vector<idx_t> starts;
  for (idx_t first = 0, k = 0; first < all.size(); k++) {
    // Chunks of varying sizes up to 2^kChunkBits rows, some of them empty.
    const idx_t size = std::min<idx_t>(all.size() - first, (k * 7919) % 2049);
    auto chunk = std::make_unique<DataChunk>(all.Types(), std::max<idx_t>(size, 1));
    SelectionVector none;
    for (idx_t c = 0; c < all.ColumnCount(); c++) {
      chunk->data[c].CopyFrom(all.data[c], none, size, first, 0);
    }
    chunk->SetCardinality(size);
    starts.push_back(first);
    chunks.push_back(std::move(chunk));
    first += size;
  }
  std::vector<const DataChunk*> pointers;
  for (const auto& chunk : chunks) pointers.push_back(chunk.get());
  TaskScheduler scheduler;
  scheduler.SetWorkers(3);
  for (const auto& keys : std::vector<std::vector<OrderKey>>{
           {{3, false, false}, {0, true, false}}, {{1, false, false}}, {{2, true, true}}}) {
    SortKeys sort_keys(all.Types(), keys);
    AccountedVector<uint32_t> want;
    sort_keys.Sort(all, want, nullptr, 1);
    for (idx_t threads : {1, 3}) {
      AccountedVector<uint32_t> got;
      sort_keys.SortChunks(pointers, got, &scheduler, threads);
      ASSERT_EQ(got.size(), want.size());
      for (idx_t i = 0; i < got.size(); i++) {
        const uint32_t chunk = got[i] >> SortKeys::kChunkBits;
        const uint32_t row = got[i] & ((1u << SortKeys::kChunkBits) - 1);
        ASSERT_EQ(starts[chunk] + row, want[i]) << "position " << i << ", " << threads;
      }
    }
  }
}

// ReadKey gives back each readable key's value of the row in that place of the order (a
// double's zero or NaN is left to the caller, as ambiguous).
TEST(SortKeysTest, ReadKeyGivesTheSortedRowsKeyValues) {
  DataChunk all = RandomRows(5000, 16);
  std::vector<std::unique_ptr<DataChunk>> chunks;
  std::vector<const DataChunk*> pointers;
  for (idx_t first = 0; first < all.size(); first += 1000) {
    auto chunk = std::make_unique<DataChunk>(all.Types(), 1000);
    SelectionVector none;
    for (idx_t c = 0; c < all.ColumnCount(); c++) {
      chunk->data[c].CopyFrom(all.data[c], none, 1000, first, 0);
    }
    chunk->SetCardinality(1000);
    pointers.push_back(chunk.get());
    chunks.push_back(std::move(chunk));
  }
  const std::vector<OrderKey> keys{{0, true, true}, {2, false, false}, {3, true, false}};
  SortKeys sort_keys(all.Types(), keys, {false, true, true});
  EXPECT_TRUE(sort_keys.Readable(0) && sort_keys.Readable(1) && sort_keys.Readable(2));
  EXPECT_FALSE(SortKeys(all.Types(), {{1, false, false}}).Readable(0));  // a string
  AccountedVector<uint32_t> order;
  std::optional<OwnedBlock> records;
  sort_keys.SortChunks(pointers, order, nullptr, 1, &records);
  ASSERT_TRUE(records.has_value());
  for (idx_t k = 0; k < keys.size(); k++) {
    Vector read(all.Types()[keys[k].column], all.size());
    std::vector<sel_t> ambiguous;
    sort_keys.ReadKey(k, reinterpret_cast<const data_t*>(records->get()), all.size(), read,
                      ambiguous);
    std::set<sel_t> unsure(ambiguous.begin(), ambiguous.end());
    for (idx_t i = 0; i < all.size(); i++) {
      const uint32_t number = order[i];
      const Value want = pointers[number >> SortKeys::kChunkBits]->GetValue(
          keys[k].column, number & ((1u << SortKeys::kChunkBits) - 1));
      if (unsure.count(static_cast<sel_t>(i))) {
        const double d = want.GetStored<double>();
        EXPECT_TRUE(d == 0 || std::isnan(d)) << i;
        continue;
      }
      ASSERT_EQ(read.GetValue(i).ToString(), want.ToString()) << "key " << k << ", position " << i;
    }
  }
}

}  // namespace
}  // namespace teal
