// Art: randomized differential tests against std::map, node growth and shrinking through
// every kind, long shared prefixes, prefix-free violations, limits, unique inserts and
// batch lookups.
#include "index/art/art.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

namespace teal::art {
namespace {

using Oracle = std::map<std::string, std::set<row_t>>;

/// 8 bytes big-endian: fixed length, so any set of them is prefix-free.
std::string FixedKey(uint64_t v) {
  std::string key(8, '\0');
  for (int i = 0; i < 8; i++) key[i] = static_cast<char>(v >> (56 - 8 * i));
  return key;
}

std::string VarcharKey(const std::string& s) {
  Value v = Value::Varchar(s);
  return EncodeValueKey(std::span<const Value>(&v, 1));
}

/// Strings over {0x00, 0x01, 'a', 'b', 0xFF}: embedded zeroes, escapes, and many strings
/// that are prefixes of others.
std::string RandomTrickyString(std::mt19937_64& rng) {
  static const char kAlphabet[] = {'\0', '\1', 'a', 'b', '\xff'};
  std::string s(rng() % 9, '\0');
  for (char& c : s) c = kAlphabet[rng() % 5];
  return s;
}

enum class KeyShape { kDenseInts, kSparseInts, kStrings, kCompound };

std::vector<std::string> KeyPool(KeyShape shape, size_t n, std::mt19937_64& rng) {
  std::set<std::string> pool;
  while (pool.size() < n) {
    switch (shape) {
      case KeyShape::kDenseInts:
        pool.insert(FixedKey(rng() % (4 * n)));
        break;
      case KeyShape::kSparseInts:
        pool.insert(FixedKey(rng()));
        break;
      case KeyShape::kStrings:
        pool.insert(VarcharKey(RandomTrickyString(rng)));
        break;
      case KeyShape::kCompound: {
        std::vector<Value> row = {Value::Varchar(RandomTrickyString(rng)),
                                  Value::BigInt(static_cast<int64_t>(rng() % 5) - 2)};
        if (rng() % 10 == 0) row[1] = Value(LogicalType(TypeId::kBigInt));
        pool.insert(EncodeValueKey(row));
        break;
      }
    }
  }
  return {pool.begin(), pool.end()};
}

struct OwnedBound {
  std::string key;
  bool inclusive = true;
  bool match_prefix = false;
};

bool SatisfiesLower(const std::string& key, const OwnedBound& b) {
  if (b.match_prefix && key.starts_with(b.key)) return b.inclusive;
  int c = key.compare(b.key);
  return c > 0 || (c == 0 && b.inclusive);
}

bool SatisfiesUpper(const std::string& key, const OwnedBound& b) {
  if (b.match_prefix && key.starts_with(b.key)) return b.inclusive;
  int c = key.compare(b.key);
  return c < 0 || (c == 0 && b.inclusive);
}

std::vector<row_t> OracleScan(const Oracle& oracle, const std::optional<OwnedBound>& lower,
                              const std::optional<OwnedBound>& upper) {
  std::vector<row_t> rows;
  for (const auto& [key, set] : oracle) {
    if (lower && !SatisfiesLower(key, *lower)) continue;
    if (upper && !SatisfiesUpper(key, *upper)) continue;
    rows.insert(rows.end(), set.begin(), set.end());
  }
  return rows;
}

std::optional<ArtBound> View(const std::optional<OwnedBound>& b) {
  if (!b) return std::nullopt;
  return ArtBound{ArtKey(b->key), b->inclusive, b->match_prefix};
}

/// A bound from the pool, sometimes cut short (a prefix, often with match_prefix), or none.
std::optional<OwnedBound> RandomBound(const std::vector<std::string>& pool, std::mt19937_64& rng) {
  if (rng() % 5 == 0) return std::nullopt;
  OwnedBound b{pool[rng() % pool.size()], rng() % 2 == 0, false};
  if (rng() % 3 == 0) {
    b.key.resize(rng() % (b.key.size() + 1));
    b.match_prefix = rng() % 2 == 0;
  }
  return b;
}

ArtKey K(const std::string& key) { return ArtKey(key); }

class ArtDifferentialTest : public ::testing::TestWithParam<std::tuple<KeyShape, uint64_t>> {};

void ExpectSameContents(const Art& art, const Oracle& oracle) {
  art.Verify();
  std::vector<row_t> rows;
  ASSERT_TRUE(art.Scan(ArtRange{}, rows, ~idx_t(0)));
  EXPECT_EQ(rows, OracleScan(oracle, std::nullopt, std::nullopt));
  EXPECT_EQ(art.KeyCount(), oracle.size());
}

TEST_P(ArtDifferentialTest, MatchesStdMapOverRandomOperations) {
  auto [shape, seed] = GetParam();
  std::mt19937_64 rng(seed);
  std::vector<std::string> pool = KeyPool(shape, 3000, rng);
  Art art;
  Oracle oracle;
  idx_t pairs = 0;
  for (int op = 0; op < 30000; op++) {
    const std::string& key = pool[rng() % pool.size()];
    unsigned dice = rng() % 100;
    if (dice < 45) {  // insert, sometimes a pair already there
      row_t row = static_cast<row_t>(rng() % 64) - 8;
      bool fresh = oracle[key].insert(row).second;
      pairs += fresh;
      ASSERT_EQ(art.Insert(K(key), row), fresh) << "op " << op;
    } else if (dice < 75) {  // erase a present pair, or an absent one
      auto it = oracle.find(key);
      row_t row = static_cast<row_t>(rng() % 64) - 8;
      if (it != oracle.end() && rng() % 4 != 0) {
        row = *std::next(it->second.begin(), static_cast<long>(rng() % it->second.size()));
      }
      bool present = it != oracle.end() && it->second.erase(row) == 1;
      if (present && it->second.empty()) oracle.erase(it);
      pairs -= present;
      ASSERT_EQ(art.Erase(K(key), row), present) << "op " << op;
    } else if (dice < 85) {  // point lookup with a limit
      auto it = oracle.find(key);
      std::vector<row_t> expected;
      if (it != oracle.end()) expected.assign(it->second.begin(), it->second.end());
      idx_t limit = rng() % 8;
      std::vector<row_t> rows = {12345};
      bool ok = art.Lookup(K(key), rows, limit);
      ASSERT_EQ(ok, expected.size() <= limit) << "op " << op;
      if (ok) expected.insert(expected.begin(), 12345);
      EXPECT_EQ(rows, ok ? expected : std::vector<row_t>{12345}) << "op " << op;
    } else if (dice < 95) {  // range scan with a limit
      auto lower = RandomBound(pool, rng), upper = RandomBound(pool, rng);
      std::vector<row_t> expected = OracleScan(oracle, lower, upper);
      idx_t limit = rng() % 2 ? ~idx_t(0) : rng() % (expected.size() + 2);
      std::vector<row_t> rows;
      bool ok = art.Scan(ArtRange{View(lower), View(upper)}, rows, limit);
      ASSERT_EQ(ok, expected.size() <= limit) << "op " << op;
      EXPECT_EQ(rows, ok ? expected : std::vector<row_t>{}) << "op " << op;
    } else {  // batch lookup
      std::vector<std::string> probe_keys(rng() % 20);
      for (auto& p : probe_keys) p = pool[rng() % pool.size()];
      std::vector<ArtKey> probes;
      for (const auto& p : probe_keys) probes.push_back(K(p));
      std::vector<row_t> rows, expected;
      std::vector<idx_t> offsets, expected_offsets = {0};
      for (const auto& p : probe_keys) {
        auto it = oracle.find(p);
        if (it != oracle.end())
          expected.insert(expected.end(), it->second.begin(), it->second.end());
        expected_offsets.push_back(expected.size());
      }
      ASSERT_TRUE(art.LookupBatch(probes, ~idx_t(0), rows, offsets)) << "op " << op;
      EXPECT_EQ(rows, expected) << "op " << op;
      EXPECT_EQ(offsets, expected_offsets) << "op " << op;
    }
    ASSERT_EQ(art.RowCount(), pairs);
    if (op % 2000 == 0) ExpectSameContents(art, oracle);
  }
  ExpectSameContents(art, oracle);
  // Erase everything: the tree ends empty with no block left in use.
  for (const auto& [key, rows] : oracle) {
    for (row_t row : rows) ASSERT_TRUE(art.Erase(K(key), row));
  }
  art.Verify();
  EXPECT_TRUE(art.Empty());
  EXPECT_EQ(art.RowCount(), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Seeds, ArtDifferentialTest,
    ::testing::Combine(::testing::Values(KeyShape::kDenseInts, KeyShape::kSparseInts,
                                         KeyShape::kStrings, KeyShape::kCompound),
                       ::testing::Values(1, 2, 3)));

NodeKind InnerKind(const Art& art) {
  ArtNodeCounts c = art.CountNodes();
  EXPECT_LE(c.node4 + c.node16 + c.node48 + c.node256, 1u);
  if (c.node4) return NodeKind::kNode4;
  if (c.node16) return NodeKind::kNode16;
  if (c.node48) return NodeKind::kNode48;
  if (c.node256) return NodeKind::kNode256;
  return NodeKind::kEmpty;
}

NodeKind KindWhenGrowing(int children) {
  if (children < 2) return NodeKind::kEmpty;
  if (children <= 4) return NodeKind::kNode4;
  if (children <= 16) return NodeKind::kNode16;
  if (children <= 48) return NodeKind::kNode48;
  return NodeKind::kNode256;
}

NodeKind KindWhenShrinking(int children) {
  if (children < 2) return NodeKind::kEmpty;
  if (children <= Node16::kShrinkAt) return NodeKind::kNode4;
  if (children <= Node48::kShrinkAt) return NodeKind::kNode16;
  if (children <= Node256::kShrinkAt) return NodeKind::kNode48;
  return NodeKind::kNode256;
}

TEST(ArtTest, NodesGrowThroughEveryKindAndShrinkBackWithALag) {
  Art art;
  std::vector<std::string> keys;
  for (int b = 0; b < 256; b++) keys.push_back(std::string{'\x42', static_cast<char>(b)});
  for (int b = 0; b < 256; b++) {
    ASSERT_TRUE(art.Insert(K(keys[b]), b));
    art.Verify();
    EXPECT_EQ(InnerKind(art), KindWhenGrowing(b + 1)) << b + 1 << " children";
  }
  for (int b = 0; b < 255; b++) {
    ASSERT_TRUE(art.Erase(K(keys[b]), b));
    art.Verify();
    int left = 255 - b;
    EXPECT_EQ(InnerKind(art), KindWhenShrinking(left)) << left << " children";
    std::vector<row_t> rows;
    ASSERT_TRUE(art.Lookup(K(keys[255]), rows, 1));
    EXPECT_EQ(rows, std::vector<row_t>{255});
  }
  // One key left: a single prefix of both bytes in front of the leaf.
  ArtNodeCounts c = art.CountNodes();
  EXPECT_EQ(c.prefixes, 1u);
  EXPECT_EQ(c.inline_leaves, 1u);
}

TEST(ArtTest, LongSharedPrefixesSplitAndMergeBack) {
  const std::string common(1000, 'p');
  std::string a = common + "a", b = common + "b";
  std::string c = common.substr(0, 500) + "q" + common.substr(0, 499) + "c";
  ASSERT_EQ(a.size(), c.size());
  Art art;
  art.Insert(K(a), 1);
  art.Insert(K(b), 2);
  EXPECT_EQ(art.CountNodes().prefixes, 1u);
  art.Insert(K(c), 3);  // splits the 1000-byte prefix at byte 500
  art.Verify();
  EXPECT_EQ(art.CountNodes().prefixes, 3u);
  EXPECT_EQ(art.CountNodes().node4, 2u);
  std::vector<row_t> rows;
  ASSERT_TRUE(art.Scan(ArtRange{}, rows, 10));
  EXPECT_EQ(rows, (std::vector<row_t>{1, 2, 3}));  // 'a' < 'b' < 'q' at bytes 1000/500
  ASSERT_TRUE(art.Erase(K(c), 3));  // the Node4 at 500 collapses; prefixes merge again
  art.Verify();
  EXPECT_EQ(art.CountNodes().prefixes, 1u);
  EXPECT_EQ(art.CountNodes().node4, 1u);
  rows.clear();
  ASSERT_TRUE(art.Lookup(K(b), rows, 1));
  EXPECT_EQ(rows, std::vector<row_t>{2});
  rows.clear();
  ASSERT_TRUE(art.Lookup(K(c), rows, 1));
  EXPECT_TRUE(rows.empty());
}

TEST(ArtTest, KeysThatArePrefixesOfOthersAreRejectedWithoutChange) {
  Art art;
  art.Insert(K("abc"), 1);
  EXPECT_THROW(art.Insert(K("ab"), 2), InternalError);    // ends inside a prefix
  EXPECT_THROW(art.Insert(K("abcd"), 2), InternalError);  // runs past a leaf
  art.Insert(K("abd"), 3);
  EXPECT_THROW(art.Insert(K("ab"), 2), InternalError);  // ends at an inner node
  art.Verify();
  EXPECT_EQ(art.KeyCount(), 2u);
  std::vector<row_t> rows;
  ASSERT_TRUE(art.Lookup(K("ab"), rows, 10));
  ASSERT_TRUE(art.Lookup(K("abcd"), rows, 10));
  EXPECT_TRUE(rows.empty());
  EXPECT_FALSE(art.Erase(K("ab"), 2));
  EXPECT_FALSE(art.Erase(K("abcd"), 1));
}

TEST(ArtTest, InsertUniqueReportsTheExistingRowAndChangesNothing) {
  Art art;
  std::string k = FixedKey(7);
  EXPECT_TRUE(art.InsertUnique(K(k), 5).inserted);
  UniqueInsertResult conflict = art.InsertUnique(K(k), 6);
  EXPECT_FALSE(conflict.inserted);
  EXPECT_EQ(conflict.existing_row, 5);
  EXPECT_EQ(art.RowCount(), 1u);
  art.Insert(K(k), 3);
  EXPECT_EQ(art.InsertUnique(K(k), 9).existing_row, 3);  // the smallest
  EXPECT_TRUE(art.InsertUnique(K(FixedKey(8)), 9).inserted);
  art.Verify();
  EXPECT_EQ(art.RowCount(), 3u);
}

TEST(ArtTest, UniqueBatchIsAllOrNothing) {
  Art art;
  std::vector<std::string> keys = {FixedKey(1), FixedKey(2), FixedKey(3), FixedKey(2)};
  std::vector<ArtKey> views;
  for (const auto& k : keys) views.push_back(K(k));
  std::vector<row_t> rows = {10, 20, 30, 40};
  // The batch conflicts with itself at index 3 (key 2 holds row 20): nothing stays.
  UniqueBatchResult dup = art.InsertUniqueBatch(views, rows);
  EXPECT_EQ(dup.index, 3u);
  EXPECT_EQ(dup.existing_row, 20);
  EXPECT_TRUE(art.Empty());
  art.Verify();
  // Without the duplicate it goes in; a second batch conflicting at its first key fails.
  EXPECT_TRUE(
      art.InsertUniqueBatch(std::span(views).first(3), std::span(rows).first(3)).AllInserted());
  EXPECT_EQ(art.KeyCount(), 3u);
  std::string k4 = FixedKey(4);
  std::vector<ArtKey> second = {K(k4), views[0]};
  std::vector<row_t> second_rows = {50, 60};
  UniqueBatchResult conflict = art.InsertUniqueBatch(second, second_rows);
  EXPECT_EQ(conflict.index, 1u);
  EXPECT_EQ(conflict.existing_row, 10);
  EXPECT_EQ(art.KeyCount(), 3u);  // key 4 was taken out again
  art.Verify();
}

TEST(ArtTest, BatchInsertCountsNewPairsAndUndoesOnlyItsOwnOnError) {
  Art art;
  std::string a = FixedKey(1), b = FixedKey(2), nine = FixedKey(9);
  art.Insert(K(a), 1);
  std::vector<ArtKey> keys = {K(a), K(a), K(nine)};
  std::vector<row_t> rows = {1, 2, 3};
  EXPECT_EQ(art.InsertBatch(keys, rows), 2u);  // (a, 1) was there already
  // The second key is a prefix of a stored key, so its insert throws after (b, 7) went in.
  std::string prefix_of_a = a.substr(0, 4);
  std::vector<ArtKey> failing = {K(b), K(prefix_of_a)};
  std::vector<row_t> failing_rows = {7, 8};
  EXPECT_THROW(art.InsertBatch(failing, failing_rows), InternalError);
  art.Verify();
  EXPECT_EQ(art.RowCount(), 3u);  // (b, 7) undone; (a, 1), (a, 2), (9, 3) stay
  std::vector<row_t> found;
  ASSERT_TRUE(art.Lookup(K(a), found, 10));
  EXPECT_EQ(found, (std::vector<row_t>{1, 2}));
}

TEST(ArtTest, ExtremeAndNegativeRowIdsRoundTrip) {
  Art art;
  std::vector<row_t> ids = {NodeRef::kMinInlineRow, -1, 0, 1, NodeRef::kMaxInlineRow};
  for (row_t id : ids) art.Insert(K(FixedKey(static_cast<uint64_t>(id))), id);
  for (row_t id : ids) art.Insert(K(FixedKey(1000)), id);
  std::vector<row_t> rows;
  for (row_t id : ids) {
    rows.clear();
    ASSERT_TRUE(art.Lookup(K(FixedKey(static_cast<uint64_t>(id))), rows, 1));
    EXPECT_EQ(rows, std::vector<row_t>{id});
  }
  rows.clear();
  ASSERT_TRUE(art.Lookup(K(FixedKey(1000)), rows, 5));
  EXPECT_EQ(rows, ids);
  EXPECT_THROW(art.Insert(K(FixedKey(1)), NodeRef::kMaxInlineRow + 1), InternalError);
}

TEST(ArtTest, ScansGiveUpPastTheLimitAndLeaveTheOutputAlone) {
  Art art;
  for (row_t r = 0; r < 100; r++) art.Insert(K(FixedKey(1)), 99 - r);  // leaf grows to 128
  for (row_t r = 0; r < 10; r++) art.Insert(K(FixedKey(2 + r)), 1000 + r);
  art.Verify();
  std::vector<row_t> rows = {-5};
  EXPECT_FALSE(art.Lookup(K(FixedKey(1)), rows, 99));
  EXPECT_EQ(rows, std::vector<row_t>{-5});
  EXPECT_TRUE(art.Lookup(K(FixedKey(1)), rows, 100));
  EXPECT_EQ(rows.size(), 101u);
  EXPECT_TRUE(std::is_sorted(rows.begin() + 1, rows.end()));

  rows = {-5};
  EXPECT_FALSE(art.Scan(ArtRange{}, rows, 109));
  EXPECT_EQ(rows, std::vector<row_t>{-5});
  EXPECT_TRUE(art.Scan(ArtRange{}, rows, 110));
  EXPECT_EQ(rows.size(), 111u);

  std::string lo = FixedKey(2);
  rows.clear();
  EXPECT_TRUE(art.Scan(ArtRange{ArtBound{K(lo), true}, std::nullopt}, rows, 10));
  EXPECT_EQ(rows.size(), 10u);
  std::vector<ArtKey> probes = {K(lo), K(lo)};
  std::vector<idx_t> offsets;
  EXPECT_FALSE(art.LookupBatch(probes, 1, rows, offsets));
  EXPECT_TRUE(rows.empty() && offsets.empty());
}

TEST(ArtTest, BatchLookupHandlesDuplicatesMissesAndAnyProbeOrder) {
  Art art;
  std::mt19937_64 rng(77);
  for (int i = 0; i < 5000; i++) art.Insert(K(FixedKey(rng() % 3000)), i);
  std::vector<std::string> keys;
  for (int i = 0; i < 1000; i++) keys.push_back(FixedKey(rng() % 4000));  // ~25 % misses
  keys.push_back(keys[0]);
  keys.push_back(keys[0]);
  std::vector<ArtKey> probes;
  for (const auto& k : keys) probes.push_back(K(k));
  std::vector<row_t> rows;
  std::vector<idx_t> offsets;
  ASSERT_TRUE(art.LookupBatch(probes, ~idx_t(0), rows, offsets));
  ASSERT_EQ(offsets.size(), keys.size() + 1);
  for (size_t i = 0; i < keys.size(); i++) {
    std::vector<row_t> expected;
    ASSERT_TRUE(art.Lookup(K(keys[i]), expected, ~idx_t(0)));
    std::vector<row_t> got(rows.begin() + offsets[i], rows.begin() + offsets[i + 1]);
    EXPECT_EQ(got, expected) << "probe " << i;
  }
  EXPECT_FALSE(art.LookupBatch(probes, rows.size() - 1, rows, offsets));
}

TEST(ArtTest, ClearFreesEverythingAndTheTreeIsReusable) {
  Art art;
  for (uint64_t i = 0; i < 20000; i++) art.Insert(K(FixedKey(i * 7919)), static_cast<row_t>(i));
  EXPECT_GT(art.MemoryBytes(), 0u);
  art.Clear();
  EXPECT_TRUE(art.Empty());
  EXPECT_EQ(art.MemoryBytes(), 0u);
  EXPECT_EQ(art.KeyCount(), 0u);
  art.Insert(K(FixedKey(1)), 1);
  art.Verify();
  EXPECT_EQ(art.KeyCount(), 1u);
}

TEST(ArtTest, RandomBigIntKeysTakeUnder64BytesEach) {
  Art art;
  std::mt19937_64 rng(5);
  const int n = 100000;
  for (int i = 0; i < n; i++) {
    Value v = Value::BigInt(static_cast<int64_t>(rng()));
    art.Insert(K(EncodeValueKey(std::span<const Value>(&v, 1))), i);
  }
  art.Verify();
  EXPECT_LT(art.MemoryBytes() / n, 64u) << art.MemoryBytes() << " bytes";
}

}  // namespace
}  // namespace teal::art
