// bench/art_bench.cpp — Google Benchmark suite for the ART index (src/index/art).
//
// Keys are encoded outside the timed loops (except in BM_EncodeBigIntKeys), so the
// figures are the tree's own. items_per_second counts keys inserted or probed, or row ids
// returned by a range scan; bytes_per_key is the tree's memory over its keys. A std::map
// baseline runs the same point lookups, for a ratio measured side by side.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "index/art/art.hpp"
#include "vector/vector.hpp"

namespace {

using teal::Value;
using teal::Vector;
using teal::art::Art;
using teal::art::ArtKey;
using teal::art::ArtKeyBuilder;
using teal::art::row_t;

constexpr size_t kKeys = 1'000'000;

/// Keys of `values` (one BIGINT or VARCHAR column), encoded in vector-sized batches.
class EncodedKeys {
 public:
  explicit EncodedKeys(const std::vector<Value>& values) {
    for (size_t start = 0; start < values.size(); start += teal::kVectorSize) {
      size_t count = std::min<size_t>(teal::kVectorSize, values.size() - start);
      Vector column(values[0].Type(), count);
      for (size_t i = 0; i < count; i++) column.SetValue(i, values[start + i]);
      const Vector* columns[] = {&column};
      ArtKeyBuilder builder;
      builder.Build(columns, 0, count);
      for (size_t i = 0; i < count; i++) bytes_.emplace_back(builder.Key(i).View());
    }
  }
  size_t size() const { return bytes_.size(); }
  ArtKey operator[](size_t i) const { return ArtKey(bytes_[i]); }

 private:
  std::vector<std::string> bytes_;
};

std::vector<Value> RandomBigInts(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Value> values;
  values.reserve(n);
  for (size_t i = 0; i < n; i++) values.push_back(Value::BigInt(static_cast<int64_t>(rng())));
  return values;
}

std::vector<Value> SequentialBigInts(size_t n) {
  std::vector<Value> values;
  values.reserve(n);
  for (size_t i = 0; i < n; i++) values.push_back(Value::BigInt(static_cast<int64_t>(i)));
  return values;
}

/// Strings like "customer#000123456" (18 bytes) in random order.
std::vector<Value> RandomVarchars(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Value> values;
  values.reserve(n);
  char text[32];
  for (size_t i = 0; i < n; i++) {
    snprintf(text, sizeof(text), "customer#%09llu",
             static_cast<unsigned long long>(rng() % 1'000'000'000));
    values.push_back(Value::Varchar(text));
  }
  return values;
}

const EncodedKeys& RandomBigIntKeys() {
  static const EncodedKeys keys(RandomBigInts(kKeys, 1));
  return keys;
}
const EncodedKeys& MissingBigIntKeys() {
  static const EncodedKeys keys(RandomBigInts(kKeys, 2));
  return keys;
}
const EncodedKeys& SequentialBigIntKeys() {
  static const EncodedKeys keys(SequentialBigInts(kKeys));
  return keys;
}
const EncodedKeys& VarcharKeys() {
  static const EncodedKeys keys(RandomVarchars(kKeys, 3));
  return keys;
}

std::unique_ptr<Art> BuildTree(const EncodedKeys& keys) {
  auto art = std::make_unique<Art>();
  for (size_t i = 0; i < keys.size(); i++) art->Insert(keys[i], static_cast<row_t>(i));
  return art;
}

const Art& RandomTree() {
  static const std::unique_ptr<Art> art = BuildTree(RandomBigIntKeys());
  return *art;
}
const Art& SequentialTree() {
  static const std::unique_ptr<Art> art = BuildTree(SequentialBigIntKeys());
  return *art;
}
const Art& VarcharTree() {
  static const std::unique_ptr<Art> art = BuildTree(VarcharKeys());
  return *art;
}

void InsertAll(benchmark::State& state, const EncodedKeys& keys) {
  size_t memory = 0, used = 0;
  for (auto _ : state) {
    Art art;
    for (size_t i = 0; i < keys.size(); i++) art.Insert(keys[i], static_cast<row_t>(i));
    memory = art.MemoryBytes();
    used = art.UsedBytes();
    benchmark::DoNotOptimize(art.KeyCount());
    state.PauseTiming();  // freeing is not inserting
    art.Clear();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * keys.size()));
  state.counters["bytes_per_key"] = static_cast<double>(memory) / static_cast<double>(keys.size());
  state.counters["used_bytes_per_key"] =
      static_cast<double>(used) / static_cast<double>(keys.size());
}

void BM_InsertRandomBigInt(benchmark::State& state) { InsertAll(state, RandomBigIntKeys()); }
BENCHMARK(BM_InsertRandomBigInt)->Unit(benchmark::kMillisecond);

void BM_InsertSequentialBigInt(benchmark::State& state) {
  InsertAll(state, SequentialBigIntKeys());
}
BENCHMARK(BM_InsertSequentialBigInt)->Unit(benchmark::kMillisecond);

void BM_InsertRandomVarchar(benchmark::State& state) { InsertAll(state, VarcharKeys()); }
BENCHMARK(BM_InsertRandomVarchar)->Unit(benchmark::kMillisecond);

void BM_InsertUniqueRandomBigInt(benchmark::State& state) {
  const EncodedKeys& keys = RandomBigIntKeys();
  for (auto _ : state) {
    Art art;
    for (size_t i = 0; i < keys.size(); i++) art.InsertUnique(keys[i], static_cast<row_t>(i));
    benchmark::DoNotOptimize(art.KeyCount());
    state.PauseTiming();
    art.Clear();
    state.ResumeTiming();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * keys.size()));
}
BENCHMARK(BM_InsertUniqueRandomBigInt)->Unit(benchmark::kMillisecond);

void BM_EraseRandomBigInt(benchmark::State& state) {
  const EncodedKeys& keys = RandomBigIntKeys();
  for (auto _ : state) {
    state.PauseTiming();
    std::unique_ptr<Art> art = BuildTree(keys);
    state.ResumeTiming();
    for (size_t i = 0; i < keys.size(); i++) art->Erase(keys[i], static_cast<row_t>(i));
    benchmark::DoNotOptimize(art->KeyCount());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * keys.size()));
}
BENCHMARK(BM_EraseRandomBigInt)->Unit(benchmark::kMillisecond)->Iterations(3);

/// Point lookups of keys[i] for i in a shuffled order, one per benchmark iteration.
void PointLookups(benchmark::State& state, const Art& art, const EncodedKeys& keys) {
  std::vector<uint32_t> order(keys.size());
  for (uint32_t i = 0; i < order.size(); i++) order[i] = i;
  std::shuffle(order.begin(), order.end(), std::mt19937(7));
  std::vector<row_t> rows;
  size_t i = 0, found = 0;
  for (auto _ : state) {
    rows.clear();
    art.Lookup(keys[order[i]], rows, 16);
    found += rows.size();
    if (++i == order.size()) i = 0;
  }
  benchmark::DoNotOptimize(found);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}

void BM_LookupRandomBigIntHit(benchmark::State& state) {
  PointLookups(state, RandomTree(), RandomBigIntKeys());
}
BENCHMARK(BM_LookupRandomBigIntHit);

void BM_LookupRandomBigIntMiss(benchmark::State& state) {
  PointLookups(state, RandomTree(), MissingBigIntKeys());
}
BENCHMARK(BM_LookupRandomBigIntMiss);

void BM_LookupSequentialBigIntHit(benchmark::State& state) {
  PointLookups(state, SequentialTree(), SequentialBigIntKeys());
}
BENCHMARK(BM_LookupSequentialBigIntHit);

void BM_LookupRandomVarcharHit(benchmark::State& state) {
  PointLookups(state, VarcharTree(), VarcharKeys());
}
BENCHMARK(BM_LookupRandomVarcharHit);

/// Baseline: the same random BIGINT hits in a std::map<int64_t, int64_t>.
void BM_StdMapLookupRandomBigIntHit(benchmark::State& state) {
  static const std::map<int64_t, int64_t> map = [] {
    std::map<int64_t, int64_t> m;
    std::vector<Value> values = RandomBigInts(kKeys, 1);
    for (size_t i = 0; i < values.size(); i++) m.emplace(values[i].GetStored<int64_t>(), i);
    return m;
  }();
  std::vector<Value> values = RandomBigInts(kKeys, 1);
  std::shuffle(values.begin(), values.end(), std::mt19937(7));
  size_t i = 0, found = 0;
  for (auto _ : state) {
    found += map.count(values[i].GetStored<int64_t>());
    if (++i == values.size()) i = 0;
  }
  benchmark::DoNotOptimize(found);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()));
}
BENCHMARK(BM_StdMapLookupRandomBigIntHit);

/// 1000 probes per iteration (half present, half missing), as one batch or one by one.
std::vector<ArtKey> Probes(size_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<ArtKey> probes;
  for (size_t i = 0; i < n; i++) {
    const EncodedKeys& keys = i % 2 ? RandomBigIntKeys() : MissingBigIntKeys();
    probes.push_back(keys[rng() % keys.size()]);
  }
  return probes;
}

void BM_LookupBatch1000(benchmark::State& state) {
  const Art& art = RandomTree();
  std::vector<row_t> rows;
  std::vector<teal::idx_t> offsets;
  uint64_t seed = 0;
  std::vector<std::vector<ArtKey>> batches;
  for (int b = 0; b < 64; b++) batches.push_back(Probes(1000, ++seed));
  size_t b = 0;
  for (auto _ : state) {
    art.LookupBatch(batches[b], ~teal::idx_t(0), rows, offsets);
    benchmark::DoNotOptimize(rows.size());
    b = (b + 1) % batches.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 1000));
}
BENCHMARK(BM_LookupBatch1000)->Unit(benchmark::kMicrosecond);

void BM_LookupOneByOne1000(benchmark::State& state) {
  const Art& art = RandomTree();
  std::vector<row_t> rows;
  uint64_t seed = 0;
  std::vector<std::vector<ArtKey>> batches;
  for (int b = 0; b < 64; b++) batches.push_back(Probes(1000, ++seed));
  size_t b = 0;
  for (auto _ : state) {
    rows.clear();
    for (ArtKey probe : batches[b]) art.Lookup(probe, rows, ~teal::idx_t(0));
    benchmark::DoNotOptimize(rows.size());
    b = (b + 1) % batches.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * 1000));
}
BENCHMARK(BM_LookupOneByOne1000)->Unit(benchmark::kMicrosecond);

/// Range scans over the sequential tree returning state.range(0) row ids each.
void BM_RangeScanSequentialBigInt(benchmark::State& state) {
  const Art& art = SequentialTree();
  const EncodedKeys& keys = SequentialBigIntKeys();
  const size_t width = static_cast<size_t>(state.range(0));
  std::mt19937_64 rng(11);
  std::vector<row_t> rows;
  for (auto _ : state) {
    size_t start = rng() % (keys.size() - width);
    teal::art::ArtRange range{teal::art::ArtBound{keys[start], true},
                              teal::art::ArtBound{keys[start + width], false}};
    rows.clear();
    art.Scan(range, rows, ~teal::idx_t(0));
    benchmark::DoNotOptimize(rows.size());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * width));
}
BENCHMARK(BM_RangeScanSequentialBigInt)->Arg(10)->Arg(1000)->Arg(100000);

/// Encoding: one vector of BIGINTs into keys.
void BM_EncodeBigIntKeys(benchmark::State& state) {
  std::vector<Value> values = RandomBigInts(teal::kVectorSize, 5);
  Vector column(values[0].Type(), values.size());
  for (size_t i = 0; i < values.size(); i++) column.SetValue(i, values[i]);
  const Vector* columns[] = {&column};
  ArtKeyBuilder builder;
  for (auto _ : state) {
    builder.Build(columns, 0, values.size());
    benchmark::DoNotOptimize(builder.Key(0).data);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * values.size()));
}
BENCHMARK(BM_EncodeBigIntKeys)->Unit(benchmark::kMicrosecond);

void BM_EncodeVarcharKeys(benchmark::State& state) {
  std::vector<Value> values = RandomVarchars(teal::kVectorSize, 6);
  Vector column(values[0].Type(), values.size());
  for (size_t i = 0; i < values.size(); i++) column.SetValue(i, values[i]);
  const Vector* columns[] = {&column};
  ArtKeyBuilder builder;
  for (auto _ : state) {
    builder.Build(columns, 0, values.size());
    benchmark::DoNotOptimize(builder.Key(0).data);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * values.size()));
}
BENCHMARK(BM_EncodeVarcharKeys)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
