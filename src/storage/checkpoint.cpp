// Checkpoint image: writing a snapshot of the database into a chain of blocks, and
// loading it back.
#include "storage/checkpoint.hpp"

#include <fmt/format.h>

#include <bit>

#include "catalog/catalog.hpp"
#include "storage/data_table.hpp"
#include "storage/vector_codec.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

namespace {

constexpr uint32_t kImageVersion = 2;

class ImageWriter {
 public:
  explicit ImageWriter(DatabaseFile::ChainWriter& out) : out_(out) {}
  template <class T>
  void Put(T value) {
    out_.Write(&value, sizeof(T));
  }
  void PutBytes(std::string_view bytes) { out_.Write(bytes.data(), bytes.size()); }
  void PutText(std::string_view text) {
    Put<uint32_t>(static_cast<uint32_t>(text.size()));
    PutBytes(text);
  }

 private:
  DatabaseFile::ChainWriter& out_;
};

class ImageReader {
 public:
  explicit ImageReader(DatabaseFile::ChainReader& in) : in_(in) {}
  template <class T>
  T Get() {
    T value;
    in_.Read(&value, sizeof(T));
    return value;
  }
  std::string Text(idx_t limit = kBlockPayload * 64) {
    const auto size = Get<uint32_t>();
    if (size > limit) Corrupt(fmt::format("a text of {} bytes", size));
    std::string text(size, '\0');
    in_.Read(text.data(), size);
    return text;
  }
  void Read(void* out, idx_t bytes) { in_.Read(out, bytes); }
  [[noreturn]] void Corrupt(const std::string& what) const {
    throw IOError(fmt::format("{} is corrupt: its checkpoint holds {}", in_.What(), what));
  }
  std::string What() const { return in_.What(); }

 private:
  DatabaseFile::ChainReader& in_;
};

void WriteTable(const Transaction& transaction, const TableEntry& table, ImageWriter& out) {
  const DataTable& storage = *table.storage;
  const idx_t columns = table.columns.size();
  out.PutText(table.CatalogName());
  out.Put<uint64_t>(storage.Oid());
  out.Put<uint64_t>(storage.RowIdCount());
  out.Put<uint32_t>(static_cast<uint32_t>(columns));
  std::vector<idx_t> column_ids;
  for (idx_t c = 0; c < columns; c++) column_ids.push_back(c);
  column_ids.push_back(kRowIdColumn);
  std::vector<LogicalType> types = storage.Types();
  types.push_back(LogicalType(TypeId::kBigInt));
  DataChunk chunk(types);
  TableScanState state;
  std::string payload;
  std::vector<uint64_t> visible;
  while (true) {
    chunk.Reset();
    if (!storage.Scan(transaction, state, column_ids, chunk)) break;
    const idx_t count = chunk.size();
    const auto* ids = chunk.data[columns].Values<int64_t>();
    const auto first = static_cast<uint64_t>(ids[0]) / kVectorSize * kVectorSize;
    const auto slots = static_cast<uint32_t>(static_cast<uint64_t>(ids[count - 1]) - first + 1);
    visible.assign((slots + 63) / 64, 0);
    for (idx_t i = 0; i < count; i++) {
      const uint64_t slot = static_cast<uint64_t>(ids[i]) - first;
      visible[slot / 64] |= uint64_t(1) << (slot % 64);
    }
    payload.clear();
    for (idx_t c = 0; c < columns; c++) EncodeVector(chunk.data[c], count, payload);
    out.Put<uint32_t>(slots);
    out.Put<uint64_t>(first);
    for (uint64_t word : visible) out.Put<uint64_t>(word);
    out.Put<uint32_t>(static_cast<uint32_t>(payload.size()));
    out.PutBytes(payload);
  }
  out.Put<uint32_t>(0);
}

/// Appends `count` rows no snapshot sees (NULLs, deleted once loaded) from row `*loaded`.
void AppendHidden(DataTable& table, Transaction& transaction, idx_t count, idx_t* loaded,
                  std::vector<int64_t>& hidden) {
  const auto& types = table.Types();
  std::vector<Vector> nulls;
  for (const auto& type : types) {
    nulls.emplace_back(type, 1);
    nulls.back().SetValue(0, Value());
    nulls.back().SetConstant();
  }
  const SelectionVector none;
  while (count > 0) {
    const idx_t n = std::min(count, kVectorSize);
    DataChunk chunk(types, n);
    for (idx_t c = 0; c < types.size(); c++) chunk.data[c].CopyFrom(nulls[c], none, n, 0, 0);
    chunk.SetCardinality(n);
    DataChunk* one[] = {&chunk};
    table.AppendAll(transaction, one);
    for (idx_t i = 0; i < n; i++) hidden.push_back(static_cast<int64_t>(*loaded + i));
    *loaded += n;
    count -= n;
  }
}

void ReadTable(ImageReader& in, CheckpointLoader& loader) {
  const std::string name = in.Text();
  const auto oid = in.Get<uint64_t>();
  const auto rows = in.Get<uint64_t>();
  const auto columns = in.Get<uint32_t>();
  DataTable& table = loader.Table(name, oid);
  const std::vector<LogicalType> types = table.Types();
  if (columns != types.size()) {
    in.Corrupt(fmt::format("{} columns of table \"{}\", whose schema has {}", columns, name,
                           types.size()));
  }
  if (table.RowIdCount() != 0) in.Corrupt(fmt::format("table \"{}\" twice", name));
  loader.Write([&](Transaction& transaction) {
    std::vector<int64_t> hidden;
    idx_t loaded = 0;
    std::string payload;
    std::vector<uint64_t> visible;
    const SelectionVector none;
    while (const auto slots = in.Get<uint32_t>()) {
      const auto first = in.Get<uint64_t>();
      if (slots > kVectorSize || first % kVectorSize != 0 || first < loaded ||
          first + slots > rows) {
        in.Corrupt(fmt::format("a run of {} rows from row {} of table \"{}\" ({} rows)", slots,
                               first, name, rows));
      }
      visible.resize((slots + 63) / 64);
      idx_t count = 0;
      for (auto& word : visible) {
        word = in.Get<uint64_t>();
        count += static_cast<idx_t>(std::popcount(word));
      }
      if (slots % 64 && visible.back() >> (slots % 64)) {
        in.Corrupt(fmt::format("rows past a run's end in table \"{}\"", name));
      }
      payload.resize(in.Get<uint32_t>());
      in.Read(payload.data(), payload.size());
      AppendHidden(table, transaction, first - loaded, &loaded, hidden);
      DataChunk values(types, std::max<idx_t>(count, 1));
      std::string_view rest = payload;
      const std::string what = in.What();
      for (auto& column : values.data) DecodeVector(rest, count, column, what);
      if (!rest.empty()) in.Corrupt(fmt::format("a run of table \"{}\" with bytes to spare", name));
      DataChunk chunk(types, slots);
      auto bit = [&](idx_t r) { return (visible[r / 64] >> (r % 64)) & 1; };
      idx_t taken = 0;
      for (idx_t r = 0; r < slots;) {
        idx_t end = r;
        while (end < slots && bit(end) == bit(r)) end++;
        if (bit(r)) {
          for (idx_t c = 0; c < types.size(); c++) {
            chunk.data[c].CopyFrom(values.data[c], none, end - r, taken, r);
          }
          taken += end - r;
        } else {
          for (idx_t c = 0; c < types.size(); c++) {
            Vector null(types[c], 1);
            null.SetValue(0, Value());
            null.SetConstant();
            chunk.data[c].CopyFrom(null, none, end - r, 0, r);
          }
          for (idx_t k = r; k < end; k++) hidden.push_back(static_cast<int64_t>(first + k));
        }
        r = end;
      }
      chunk.SetCardinality(slots);
      DataChunk* one[] = {&chunk};
      table.AppendAll(transaction, one);
      loaded = first + slots;
    }
    AppendHidden(table, transaction, rows - loaded, &loaded, hidden);
    if (!hidden.empty()) table.Delete(transaction, hidden);
  });
}

}  // namespace

void WriteCheckpoint(const Transaction& transaction, const std::vector<SequencePosition>& sequences,
                     DatabaseFile::ChainWriter& out) {
  ImageWriter image(out);
  image.Put<uint32_t>(kImageVersion);
  image.Put<uint64_t>(transaction.Manager().RowGroupSize());
  const Catalog& catalog = transaction.GetCatalog();
  const std::vector<std::string> schema = catalog.SchemaStatements();
  image.Put<uint32_t>(static_cast<uint32_t>(schema.size()));
  for (const auto& statement : schema) image.PutText(statement);
  image.Put<uint32_t>(static_cast<uint32_t>(sequences.size()));
  for (const auto& sequence : sequences) {
    image.PutText(sequence.name);
    image.Put<uint8_t>(sequence.last ? 1 : 0);
    image.Put<int64_t>(sequence.last.value_or(0));
  }
  const auto tables = catalog.Tables();
  image.Put<uint32_t>(static_cast<uint32_t>(tables.size()));
  for (const auto& table : tables) WriteTable(transaction, *table, image);
}

void ReadCheckpoint(DatabaseFile::ChainReader& in, CheckpointLoader& loader) {
  ImageReader image(in);
  const auto version = image.Get<uint32_t>();
  if (version != 1 && version != kImageVersion) {
    image.Corrupt(
        fmt::format("an image of version {} (this Teal reads 1 to {})", version, kImageVersion));
  }
  if (version >= 2) {
    const auto rows = image.Get<uint64_t>();
    if (rows == 0 || rows % kVectorSize != 0 || rows > (uint64_t(1) << 30)) {
      image.Corrupt(fmt::format("a row group size of {} rows", rows));
    }
    loader.RowGroupSize(rows);
  }
  std::vector<std::string> schema(image.Get<uint32_t>());
  for (auto& statement : schema) statement = image.Text();
  loader.Schema(schema);
  for (auto n = image.Get<uint32_t>(); n > 0; n--) {
    const std::string name = image.Text();
    const bool has = image.Get<uint8_t>() != 0;
    const auto last = image.Get<int64_t>();
    loader.Sequence(name, has ? std::optional<int64_t>(last) : std::nullopt);
  }
  for (auto n = image.Get<uint32_t>(); n > 0; n--) ReadTable(image, loader);
  if (!in.AtEnd()) image.Corrupt("bytes after its last table");
}

}  // namespace teal
