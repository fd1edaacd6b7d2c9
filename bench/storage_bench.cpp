// bench/storage_bench.cpp — Google Benchmark suite for the checkpoint's column codecs and
// the checkpoint itself.
//
// SegmentCodec/Encode/<shape> and /Decode/<shape>: one vector (2,048 rows) of a column
// shape, encoded with the method the codec chooses for it (storage/segment_codec.hpp) and
// decoded back; VectorCodec/*: the same vectors with the uncompressed vector codec that
// images before version 3 used. bytes_per_second counts the values' in-memory bytes.
// Checkpoint/Write and /Load: CHECKPOINT of kCheckpointRows rows of teal-compare's fact
// table on an in-memory file system, and opening the database again (the load), with
// force_compression = 'uncompressed' (argument 0) or the automatic choice (1); the
// image_bytes counter is the checkpoint's size. Wall-clock numbers drift on a shared
// machine: compare runs made back to back, or count instructions with callgrind.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>

#include "data.hpp"
#include "main/database_instance.hpp"
#include "os/memory_file_system.hpp"
#include "storage/segment_codec.hpp"
#include "storage/vector_codec.hpp"
#include "teal/teal.hpp"

namespace {

using teal::idx_t;
using teal::LogicalType;
using teal::TypeId;
using teal::Vector;

constexpr idx_t kRows = teal::kVectorSize;
constexpr size_t kCheckpointRows = 2'000'000;

enum Shape { kNarrowInts, kRuns, kStrings, kRandom };

/// A vector of the shape: BIGINTs in a 1,000-wide range (bitpacking), BIGINT runs of 64
/// (RLE), 16 distinct VARCHARs (dictionary), random BIGINTs (uncompressed).
const Vector& Input(Shape shape) {
  static std::unique_ptr<Vector> vectors[4];
  auto& v = vectors[shape];
  if (v) return *v;
  std::mt19937_64 random(7);
  v = std::make_unique<Vector>(LogicalType(shape == kStrings ? TypeId::kVarchar : TypeId::kBigInt),
                               kRows);
  for (idx_t r = 0; r < kRows; r++) {
    switch (shape) {
      case kNarrowInts:
        v->Values<int64_t>()[r] = 1'000'000 + static_cast<int64_t>(random() % 1000);
        break;
      case kRuns:
        v->Values<int64_t>()[r] = static_cast<int64_t>(r / 64);
        break;
      case kStrings:
        v->Values<teal::string_t>()[r] =
            v->AddString("category number " + std::to_string(random() % 16));
        break;
      case kRandom:
        v->Values<int64_t>()[r] = static_cast<int64_t>(random());
        break;
    }
  }
  return *v;
}

int64_t ValueBytes(Shape shape) {
  return static_cast<int64_t>(kRows * (shape == kStrings ? 16 + 18 : 8));
}

void Encode(benchmark::State& state, Shape shape, bool compressed) {
  const Vector& input = Input(shape);
  std::string out;
  for (auto _ : state) {
    out.clear();
    if (compressed) {
      teal::EncodeSegment(input, kRows, std::nullopt, out);
    } else {
      teal::EncodeVector(input, kRows, out);
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * ValueBytes(shape));
  state.counters["encoded_bytes"] = static_cast<double>(out.size());
}

void Decode(benchmark::State& state, Shape shape, bool compressed) {
  const Vector& input = Input(shape);
  std::string bytes;
  if (compressed) {
    teal::EncodeSegment(input, kRows, std::nullopt, bytes);
  } else {
    teal::EncodeVector(input, kRows, bytes);
  }
  Vector out(input.Type(), kRows);
  for (auto _ : state) {
    out.Reset();
    std::string_view in = bytes;
    if (compressed) {
      teal::DecodeSegment(in, kRows, out, "bench");
    } else {
      teal::DecodeVector(in, kRows, out, "bench");
    }
    benchmark::DoNotOptimize(out.Data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * ValueBytes(shape));
}

struct ShapeName {
  Shape shape;
  const char* name;
};
constexpr ShapeName kShapes[] = {
    {kNarrowInts, "NarrowInts"}, {kRuns, "Runs"}, {kStrings, "Strings"}, {kRandom, "Random"}};

std::unique_ptr<teal::Database> Open(teal::MemoryFileSystem& fs) {
  auto instance = std::make_shared<teal::DatabaseInstance>();
  teal::DatabaseInstance::Open(instance, fs, "bench.teal", {});
  instance->GetSettings().Set("checkpoint_on_shutdown", "false");
  instance->ApplySettings();
  return std::make_unique<teal::Database>(instance);
}

/// A file database holding the fact table's first kCheckpointRows rows, checkpointed with
/// the method `compressed` says.
void Fill(teal::MemoryFileSystem& fs, bool compressed) {
  auto db = Open(fs);
  teal::Connection con(*db);
  con.Execute(std::string("SET force_compression = '") + (compressed ? "auto" : "uncompressed") +
              "'");
  con.Execute("CREATE TABLE fact (id BIGINT, k1000 INTEGER, k1m INTEGER, x DOUBLE, small INTEGER)");
  teal::Appender appender(con, "fact");
  for (size_t i = 0; i < kCheckpointRows; i++) {
    const bench::FactRow r = bench::FactAt(i);
    appender.AppendRow(r.id, r.k1000, r.k1m, r.x, r.small);
  }
  appender.Close();
  con.Execute("CHECKPOINT");
}

void CheckpointWrite(benchmark::State& state) {
  teal::MemoryFileSystem fs;
  Fill(fs, state.range(0) == 1);
  auto db = Open(fs);
  teal::Connection con(*db);
  for (auto _ : state) con.Execute("CHECKPOINT");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kCheckpointRows));
  state.counters["image_bytes"] =
      static_cast<double>(db->Instance().File()->UsedBlocks().size() * teal::kBlockSize);
}

void CheckpointLoad(benchmark::State& state) {
  teal::MemoryFileSystem fs;
  Fill(fs, state.range(0) == 1);
  for (auto _ : state) {
    auto db = Open(fs);
    benchmark::DoNotOptimize(db.get());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kCheckpointRows));
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& [shape, name] : kShapes) {
    const Shape s = shape;
    benchmark::RegisterBenchmark((std::string("SegmentCodec/Encode/") + name).c_str(),
                                 [s](benchmark::State& st) { Encode(st, s, true); });
    benchmark::RegisterBenchmark((std::string("SegmentCodec/Decode/") + name).c_str(),
                                 [s](benchmark::State& st) { Decode(st, s, true); });
    benchmark::RegisterBenchmark((std::string("VectorCodec/Encode/") + name).c_str(),
                                 [s](benchmark::State& st) { Encode(st, s, false); });
    benchmark::RegisterBenchmark((std::string("VectorCodec/Decode/") + name).c_str(),
                                 [s](benchmark::State& st) { Decode(st, s, false); });
  }
  benchmark::RegisterBenchmark("Checkpoint/Write", CheckpointWrite)
      ->Arg(0)
      ->Arg(1)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("Checkpoint/Load", CheckpointLoad)
      ->Arg(0)
      ->Arg(1)
      ->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
