// Checkpoint image: writing a snapshot of the database into a chain of blocks, and
// loading it back.
#include "storage/checkpoint.hpp"

#include <fmt/format.h>

#include <bit>
#include <unordered_map>

#include "catalog/catalog.hpp"
#include "storage/data_table.hpp"
#include "storage/segment_codec.hpp"
#include "storage/vector_codec.hpp"
#include "teal/error.hpp"
#include "transaction/transaction.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

namespace {

constexpr uint32_t kImageVersion = 3;

class ImageWriter {
 public:
  explicit ImageWriter(DatabaseFile::ChainWriter& out) : out_(out) {}
  template <class T>
  void Put(T value) {
    out_.Write(&value, sizeof(T));
    offset_ += sizeof(T);
  }
  void PutBytes(std::string_view bytes) {
    out_.Write(bytes.data(), bytes.size());
    offset_ += bytes.size();
  }
  /// Bytes written so far: the stream offset of the next byte.
  uint64_t Offset() const { return offset_; }
  void PutText(std::string_view text) {
    Put<uint32_t>(static_cast<uint32_t>(text.size()));
    PutBytes(text);
  }

 private:
  DatabaseFile::ChainWriter& out_;
  uint64_t offset_ = 0;
};

class ImageReader {
 public:
  explicit ImageReader(DatabaseFile::ChainReader& in) : in_(in) {}
  template <class T>
  T Get() {
    T value;
    Read(&value, sizeof(T));
    return value;
  }
  std::string Text(idx_t limit = kBlockPayload * 64) {
    const auto size = Get<uint32_t>();
    if (size > limit) Corrupt(fmt::format("a text of {} bytes", size));
    std::string text(size, '\0');
    Read(text.data(), size);
    return text;
  }
  void Read(void* out, idx_t bytes) {
    in_.Read(out, bytes);
    offset_ += bytes;
  }
  /// Bytes read so far: the stream offset of the next byte.
  uint64_t Offset() const { return offset_; }
  [[noreturn]] void Corrupt(const std::string& what) const {
    throw IOError(fmt::format("{} is corrupt: its checkpoint holds {}", in_.What(), what));
  }
  std::string What() const { return in_.What(); }

 private:
  DatabaseFile::ChainReader& in_;
  uint64_t offset_ = 0;
};

/// Adds to `group` (its record of each column) the encodings of a run written at
/// `payload_offset` of the stream: `ends[c]` is where column c's encoding ends in it.
void RecordRun(StoredRowGroup& group, const std::vector<SegmentEncoding>& encodings,
               const std::vector<idx_t>& ends, uint64_t first_row, idx_t rows,
               uint64_t payload_offset) {
  idx_t begin = 0;
  for (idx_t c = 0; c < encodings.size(); c++) {
    group.columns[c].push_back({encodings[c], first_row, static_cast<uint32_t>(rows),
                                static_cast<uint32_t>(ends[c] - begin), payload_offset + begin});
    begin = ends[c];
  }
}

CheckpointLayout::Table WriteTable(const Transaction& transaction, const TableEntry& table,
                                   const CompressionChoice& forced, ImageWriter& out) {
  DataTable& storage = *table.storage;
  CheckpointLayout::Table layout{table.storage, {}};
  const idx_t group_rows = storage.RowGroupSize();
  // Stamped before the scan: a change after it makes the record stale, never wrong.
  const auto stamps = storage.SettledRowGroups();
  // A row group unchanged since the last checkpoint keeps the methods (and bitpacking
  // modes) it was written with, as DuckDB leaves such data as it is: by its vectors' first
  // rows, each column's.
  std::unordered_map<uint64_t, std::vector<CompressionChoice>> kept;
  for (const RowGroupStorage& group : storage.StorageInfo()) {
    if (!group.stored) continue;
    for (idx_t c = 0; c < group.stored->columns.size(); c++) {
      for (const StoredVector& v : group.stored->columns[c]) {
        auto& methods = kept[v.first_row];
        methods.resize(table.columns.size());
        methods[c] =
            CompressionChoice(v.encoding.compression,
                              v.encoding.delta ? BitPackingMode::kDeltaFor : BitPackingMode::kFor);
      }
    }
  }
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
  for (idx_t g = 0; g < stamps.size(); g++) {
    layout.groups.emplace_back();
    if (!stamps[g]) continue;
    layout.groups.back() = std::make_shared<StoredRowGroup>();
    layout.groups.back()->changes = *stamps[g];
    layout.groups.back()->columns.resize(columns);
  }
  // A column's USING COMPRESSION, else the setting's choice.
  std::vector<CompressionChoice> chosen(columns, forced);
  for (idx_t c = 0; c < columns; c++) {
    if (auto method = ForcedCompression(table.columns[c].compression)) chosen[c].method = method;
  }
  std::string payload;
  std::vector<uint64_t> visible;
  std::vector<SegmentEncoding> encodings(columns);
  std::vector<idx_t> ends(columns);
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
    const auto before = kept.find(first);
    for (idx_t c = 0; c < columns; c++) {
      encodings[c] = EncodeSegment(chunk.data[c], count,
                                   before == kept.end() ? chosen[c] : before->second[c], payload);
      ends[c] = payload.size();
    }
    out.Put<uint32_t>(slots);
    out.Put<uint64_t>(first);
    for (uint64_t word : visible) out.Put<uint64_t>(word);
    out.Put<uint32_t>(static_cast<uint32_t>(payload.size()));
    const idx_t g = first / group_rows;
    if (g < layout.groups.size() && layout.groups[g]) {
      RecordRun(*layout.groups[g], encodings, ends, first, count, out.Offset());
    }
    out.PutBytes(payload);
  }
  out.Put<uint32_t>(0);
  return layout;
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

CheckpointLayout::Table ReadTable(ImageReader& in, uint32_t version, CheckpointLoader& loader) {
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
  CheckpointLayout::Table layout{table.shared_from_this(), {}};
  const idx_t group_rows = table.RowGroupSize();
  std::vector<SegmentEncoding> encodings(columns);
  std::vector<idx_t> ends(columns);
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
      const uint64_t payload_offset = in.Offset();
      in.Read(payload.data(), payload.size());
      AppendHidden(table, transaction, first - loaded, &loaded, hidden);
      DataChunk values(types, std::max<idx_t>(count, 1));
      std::string_view rest = payload;
      const std::string what = in.What();
      for (idx_t c = 0; c < columns; c++) {
        if (version >= 3) {
          encodings[c] = DecodeSegment(rest, count, values.data[c], what);
        } else {
          DecodeVector(rest, count, values.data[c], what);
        }
        ends[c] = payload.size() - rest.size();
      }
      if (!rest.empty()) in.Corrupt(fmt::format("a run of table \"{}\" with bytes to spare", name));
      const idx_t g = first / group_rows;
      if (layout.groups.size() <= g) layout.groups.resize(g + 1);
      if (!layout.groups[g]) {
        layout.groups[g] = std::make_shared<StoredRowGroup>();
        layout.groups[g]->columns.resize(columns);
      }
      RecordRun(*layout.groups[g], encodings, ends, first, count, payload_offset);
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
  // Groups the image has no run of: every row of them hidden (still listed, without data).
  const idx_t groups = (rows + group_rows - 1) / group_rows;
  if (layout.groups.size() < groups) layout.groups.resize(groups);
  for (auto& group : layout.groups) {
    if (group) continue;
    group = std::make_shared<StoredRowGroup>();
    group->columns.resize(columns);
  }
  return layout;
}

}  // namespace

void CheckpointLayout::Install(const std::vector<uint64_t>& chain) const {
  const auto blocks = std::make_shared<const std::vector<uint64_t>>(chain);
  for (const auto& table : tables) {
    const auto stamps = table.table->SettledRowGroups();
    for (idx_t g = 0; g < table.groups.size(); g++) {
      if (!table.groups[g]) continue;
      table.groups[g]->chain = blocks;
      if (stamp_at_install) {
        if (g >= stamps.size() || !stamps[g]) continue;
        table.groups[g]->changes = *stamps[g];
      }
      table.table->SetStored(g, table.groups[g]);
    }
  }
}

CheckpointLayout WriteCheckpoint(const Transaction& transaction,
                                 const std::vector<SequencePosition>& sequences,
                                 const CompressionChoice& forced, DatabaseFile::ChainWriter& out) {
  CheckpointLayout layout;
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
  for (const auto& table : tables) {
    layout.tables.push_back(WriteTable(transaction, *table, forced, image));
  }
  return layout;
}

CheckpointLayout ReadCheckpoint(DatabaseFile::ChainReader& in, CheckpointLoader& loader) {
  CheckpointLayout layout;
  layout.stamp_at_install = true;
  ImageReader image(in);
  const auto version = image.Get<uint32_t>();
  if (version < 1 || version > kImageVersion) {
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
  for (auto n = image.Get<uint32_t>(); n > 0; n--) {
    layout.tables.push_back(ReadTable(image, version, loader));
  }
  if (!in.AtEnd()) image.Corrupt("bytes after its last table");
  return layout;
}

}  // namespace teal
