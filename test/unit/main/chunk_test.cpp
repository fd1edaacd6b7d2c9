// Chunk: the span view of a result's chunks — Values<T> with the storage type, the
// type check, and Validity.
#include "teal/chunk.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

class ChunkTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(ChunkTest, ValuesOfTheStorageTypeSpanTheColumn) {
  con_.Execute("CREATE TABLE t(i INTEGER, d DOUBLE)");
  con_.Execute("INSERT INTO t VALUES (1, 0.5), (2, 1.5), (3, 2.5)");
  Result result = con_.Query("SELECT i, d FROM t");
  std::vector<int32_t> ints;
  std::vector<double> doubles;
  for (const Chunk& chunk : result) {
    for (int32_t v : chunk.Values<int32_t>(0)) ints.push_back(v);
    for (double v : chunk.Values<double>(1)) doubles.push_back(v);
  }
  EXPECT_EQ(ints, (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(doubles, (std::vector<double>{0.5, 1.5, 2.5}));
}

TEST_F(ChunkTest, ValuesCoverEveryChunkOfALargeResult) {
  con_.Execute("CREATE TABLE t(i BIGINT)");
  std::string sql = "INSERT INTO t VALUES ";
  for (int i = 0; i < 5000; i++) sql += (i ? ", (" : "(") + std::to_string(i) + ")";
  con_.Execute(sql);
  Result result = con_.Query("SELECT i FROM t");
  int64_t sum = 0, rows = 0, chunks = 0;
  for (const Chunk& chunk : result) {
    EXPECT_LE(chunk.size(), kVectorSize);
    std::span<const int64_t> values = chunk.Values<int64_t>(0);
    EXPECT_EQ(values.size(), chunk.size());
    for (int64_t v : values) sum += v;
    rows += static_cast<int64_t>(values.size());
    chunks++;
  }
  EXPECT_EQ(rows, 5000);
  EXPECT_EQ(sum, 4999 * 5000 / 2);
  EXPECT_GE(chunks, 3);
}

TEST_F(ChunkTest, VarcharValuesAreStringT) {
  Result result = con_.Query("SELECT 'a string longer than twelve bytes'");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  EXPECT_EQ(chunk->Values<string_t>(0)[0].View(), "a string longer than twelve bytes");
}

TEST_F(ChunkTest, TemporalValuesAreTheirStoredStructs) {
  Result result = con_.Query("SELECT '1970-01-03'::DATE, '1970-01-01 00:00:01'::TIMESTAMP");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  EXPECT_EQ(chunk->Values<date_t>(0)[0].days, 2);
  EXPECT_EQ(chunk->Values<timestamp_t>(1)[0].value, 1'000'000);
}

TEST_F(ChunkTest, ValuesOfAnotherTypeThrowNamingBothTypes) {
  Result result = con_.Query("SELECT 1 AS i");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  try {
    (void)chunk->Values<int64_t>(0);
    FAIL() << "no exception";
  } catch (const InvalidInputError& e) {
    std::string message = e.what();
    EXPECT_NE(message.find("INTEGER"), std::string::npos) << message;
    EXPECT_NE(message.find("int64_t"), std::string::npos) << message;
  }
}

TEST_F(ChunkTest, ValuesOfATypeWithoutStorageThrow) {
  Result result = con_.Query("SELECT 1.5::DECIMAL(4,1)");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  EXPECT_THROW((void)chunk->Values<int16_t>(0), InvalidInputError);
}

TEST_F(ChunkTest, ValuesOfAMissingColumnThrow) {
  Result result = con_.Query("SELECT 1");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  EXPECT_THROW((void)chunk->Values<int32_t>(1), InvalidInputError);
}

TEST_F(ChunkTest, ValidityMarksNullRows) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1), (NULL), (3)");
  Result result = con_.Query("SELECT i FROM t");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  const ValidityView& valid = chunk->Validity(0);
  EXPECT_FALSE(valid.AllValid());
  EXPECT_TRUE(valid.IsValid(0));
  EXPECT_FALSE(valid.IsValid(1));
  EXPECT_TRUE(valid.IsValid(2));
}

TEST_F(ChunkTest, ValidityOfAColumnWithoutNullsHasNoMask) {
  con_.Execute("CREATE TABLE t(i INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1), (2)");
  Result result = con_.Query("SELECT i FROM t");
  const Chunk* chunk = result.NextChunk();
  ASSERT_NE(chunk, nullptr);
  EXPECT_TRUE(chunk->Validity(0).AllValid());
  EXPECT_EQ(chunk->Validity(0).Data(), nullptr);
  EXPECT_TRUE(chunk->Validity(0).IsValid(1));
}

}  // namespace
}  // namespace teal
