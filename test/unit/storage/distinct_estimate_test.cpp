// DataTable::DistinctEstimate: sampled distinct counts are close enough for join order —
// keys, clustered keys, few values, many repeated values, NULLs, strings — and cached.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "storage/data_table.hpp"
#include "transaction/transaction.hpp"

namespace teal {
namespace {

/// A table of `rows` rows: (key, key / 4 (each value in 4 consecutive rows), key % 25,
/// a value in 1 of 200,000 spread by a hash, NULL or key % 1000, 'name' || key % 5000).
std::shared_ptr<DataTable> MakeTable(idx_t rows) {
  std::vector<LogicalType> types = {TypeId::kBigInt,  TypeId::kBigInt,  TypeId::kInteger,
                                    TypeId::kInteger, TypeId::kInteger, TypeId::kVarchar};
  auto table = std::make_shared<DataTable>(types);
  DataChunk chunk(types);
  // Uncommitted rows are sampled as well: the estimate reads the stored vectors.
  Transaction writer(0, kTransactionIdStart);
  for (idx_t done = 0; done < rows;) {
    chunk.Reset();
    const idx_t n = std::min(kVectorSize, rows - done);
    for (idx_t i = 0; i < n; i++) {
      const auto key = static_cast<int64_t>(done + i);
      chunk.data[0].Values<int64_t>()[i] = key;
      chunk.data[1].Values<int64_t>()[i] = key / 4;
      chunk.data[2].Values<int32_t>()[i] = static_cast<int32_t>(key % 25);
      chunk.data[3].Values<int32_t>()[i] =
          static_cast<int32_t>((static_cast<uint64_t>(key) * 0x9E3779B97F4A7C15ULL >> 32) % 200000);
      if (key % 3 == 0) {
        chunk.data[4].SetNull(i);
      } else {
        chunk.data[4].Values<int32_t>()[i] = static_cast<int32_t>(key % 1000);
      }
      chunk.data[5].Values<string_t>()[i] =
          chunk.data[5].AddString("name" + std::to_string(key % 5000));
    }
    chunk.SetCardinality(n);
    table->Append(writer, chunk);
    done += n;
  }
  return table;
}

void ExpectNear(idx_t estimate, double truth, const char* what) {
  EXPECT_GE(static_cast<double>(estimate), truth / 2) << what;
  EXPECT_LE(static_cast<double>(estimate), truth * 2) << what;
}

TEST(DistinctEstimateTest, SampledEstimatesAreWithinAFactorOfTwo) {
  const idx_t rows = 2'000'000;
  auto table = MakeTable(rows);
  ExpectNear(table->DistinctEstimate(0), rows, "a key");
  ExpectNear(table->DistinctEstimate(1), rows / 4.0, "a clustered column, 4 rows a value");
  EXPECT_EQ(table->DistinctEstimate(2), 25u);
  ExpectNear(table->DistinctEstimate(3), 200000 * (1 - std::exp(-10.0)), "200,000 values");
  EXPECT_EQ(table->DistinctEstimate(4), 1000u - 0);  // NULLs are not a value
  ExpectNear(table->DistinctEstimate(5), 5000, "strings");
}

TEST(DistinctEstimateTest, SmallTablesAreCountedExactlyAndTheCacheFollowsGrowth) {
  auto table = MakeTable(10000);
  EXPECT_EQ(table->DistinctEstimate(0), 10000u);
  EXPECT_EQ(table->DistinctEstimate(2), 25u);
  EXPECT_EQ(table->DistinctEstimate(4), 1000u);
  // Grown by far more than a fifth: estimated again.
  DataChunk chunk(table->Types());
  Transaction writer(0, kTransactionIdStart);
  for (int round = 0; round < 10; round++) {
    chunk.Reset();
    for (idx_t i = 0; i < kVectorSize; i++) {
      const auto key = static_cast<int64_t>(10000 + round * kVectorSize + i);
      chunk.data[0].Values<int64_t>()[i] = key;
      for (idx_t c = 1; c < 5; c++) chunk.data[c].SetNull(i);
      chunk.data[5].SetNull(i);
    }
    chunk.SetCardinality(kVectorSize);
    table->Append(writer, chunk);
  }
  EXPECT_EQ(table->DistinctEstimate(0), 10000u + 10 * kVectorSize);
  EXPECT_EQ(table->DistinctEstimate(2), 25u);
}

}  // namespace
}  // namespace teal
