// Opening a file database: loading its last checkpoint and replaying its write-ahead log
// into the in-memory tables.
//
// The checkpoint loads as one transaction on an internal connection: its schema's
// statements run, its rows go straight into the tables with the row ids they had
// (storage/checkpoint.hpp). Each logged transaction is replayed as a transaction of its own, on an
// internal connection: catalog records run their SQL (giving the tables they create the oids the
// log names), row records go straight to the tables (row ids mapped from the logging
// process's to the replayed rows'), sequence records put sequences where they were. The
// indexes are rebuilt from the tables at the end, as every key went in with its rows.
#include <fmt/format.h>

#include <map>
#include <unordered_map>

#include "main/client_context.hpp"
#include "main/database_instance.hpp"
#include "storage/checkpoint.hpp"
#include "storage/vector_codec.hpp"
#include "storage/wal_payload.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// A replayed table: its storage, and where the logging process's row ids landed.
struct ReplayTable {
  std::shared_ptr<DataTable> table;
  /// First logged row id of an appended run -> (first replayed row id, rows).
  std::map<int64_t, std::pair<int64_t, int64_t>> rows;
  /// Rows [0, checkpointed) came from the checkpoint with the ids they had. Some of them are
  /// rows its snapshot did not see (loaded as deleted rows) whose commit came after it:
  /// their appends are in the log too, and an appended run then names those rows.
  int64_t checkpointed = 0;

  int64_t Map(int64_t logged, const std::string& what) const {
    auto it = rows.upper_bound(logged);
    if (it != rows.begin()) {
      --it;
      if (logged < it->first + it->second.second) return it->second.first + (logged - it->first);
    }
    // Not appended by the log: a row of the checkpoint, which kept its id. (The nearest
    // appended run below may be one of the checkpoint's hidden rows, so this is asked
    // after the runs, not instead of them.)
    if (logged >= 0 && logged < checkpointed) return logged;
    throw IOError(
        fmt::format("{} is corrupt: it names row {} that no record appended", what, logged));
  }
};

class Replayer : public CheckpointLoader {
 public:
  Replayer(std::shared_ptr<DatabaseInstance> database, std::string path)
      : database_(database),
        path_(std::move(path)),
        context_(std::make_shared<ClientContext>(std::move(database))) {
    context_->SetReplaying();
  }

  void Replay(const WalTransaction& transaction) {
    context_->Query("BEGIN");
    const std::string what =
        fmt::format("write-ahead log \"{}\" (commit {})", path_, transaction.commit_id);
    for (const WalRecord& record : transaction.records) Record(record, what);
    context_->Query("COMMIT");
  }

  /// Loads the checkpoint whose chain starts at `first`.
  void Load(DatabaseFile& file, uint64_t first) {
    DatabaseFile::ChainReader reader(file, first);
    context_->Query("BEGIN");
    const CheckpointLayout layout = ReadCheckpoint(reader, *this);
    context_->Query("COMMIT");
    layout.Install(file.UsedBlocks());
    // Rows keep their ids: the log's row ids name them as they are.
    for (auto& [oid, table] : tables_) {
      table.checkpointed = static_cast<int64_t>(table.table->RowIdCount());
    }
  }

  void RowGroupSize(uint64_t rows) override {
    // The file's size, unless the open names one (DatabaseOptions::row_group_size).
    if (!size_given_) database_->Transactions().SetRowGroupSize(rows);
  }
  void SetSizeGiven() { size_given_ = true; }
  void Schema(const std::vector<std::string>& statements) override {
    for (const auto& statement : statements) context_->Query(statement).Materialize();
  }
  void Sequence(std::string_view name, std::optional<int64_t> last) override {
    if (auto sequence = context_->ReadCatalog()->FindSequence(name)) sequence->Restore(last);
  }
  DataTable& Table(std::string_view name, uint64_t oid) override {
    auto entry = context_->ReadCatalog()->GetTable(name);
    entry->storage->SetOid(oid);
    database_->Transactions().SeeOid(oid);
    tables_[oid] = ReplayTable{entry->storage, {}};
    return *entry->storage;
  }
  void Write(const std::function<void(teal::Transaction&)>& write) override {
    context_->RunWrite(write);
  }

  /// Every index, filled again from its table.
  void RebuildIndexes() {
    const teal::Transaction latest(kTransactionIdStart - 1, kTransactionIdStart - 1);
    for (const auto& table : database_->Transactions().CommittedCatalog()->Tables()) {
      for (const auto& index : table->indexes->Entries()) {
        index->art->Clear();
        TableIndexes::Build(*table, *index, latest);
      }
    }
  }

 private:
  void Record(const WalRecord& record, const std::string& what) {
    PayloadReader in(record.payload, what);
    switch (record.type) {
      case WalRecordType::kCatalog: {
        const auto new_oid = in.Get<uint64_t>();
        const auto old_oid = in.Get<uint64_t>();
        const std::string name(in.Text());
        context_->Query(in.Rest()).Materialize();
        if (new_oid == 0) return;
        auto entry = context_->ReadCatalog()->GetTable(name);
        entry->storage->SetOid(new_oid);
        database_->Transactions().SeeOid(new_oid);
        ReplayTable replayed{entry->storage, {}};
        // An ALTER's copy keeps its rows where they were.
        auto old = tables_.find(old_oid);
        if (old_oid && old != tables_.end()) {
          replayed.rows = old->second.rows;
          replayed.checkpointed = old->second.checkpointed;
        }
        tables_[new_oid] = std::move(replayed);
        return;
      }
      case WalRecordType::kAppend: {
        ReplayTable& table = Table(in.Get<uint64_t>(), what);
        const auto first = static_cast<int64_t>(in.Get<uint64_t>());
        const auto count = in.Get<uint32_t>();
        DataChunk chunk(table.table->Types(), std::max<idx_t>(count, 1));
        for (auto& column : chunk.data) DecodeVector(in.Remaining(), count, column, what);
        chunk.SetCardinality(count);
        context_->RunWrite([&](teal::Transaction& transaction) {
          DataChunk* one[] = {&chunk};
          const auto at = static_cast<int64_t>(table.table->AppendAll(transaction, one));
          table.rows[first] = {at, count};
        });
        return;
      }
      case WalRecordType::kDelete: {
        ReplayTable& table = Table(in.Get<uint64_t>(), what);
        std::vector<int64_t> ids(in.Get<uint32_t>());
        for (auto& id : ids) id = table.Map(static_cast<int64_t>(in.Get<uint64_t>()), what);
        context_->RunWrite(
            [&](teal::Transaction& transaction) { table.table->Delete(transaction, ids); });
        return;
      }
      case WalRecordType::kUpdate: {
        ReplayTable& table = Table(in.Get<uint64_t>(), what);
        const idx_t column = in.Get<uint32_t>();
        if (column >= table.table->Types().size()) {
          throw IOError(fmt::format("{} is corrupt: an update of column {}", what, column));
        }
        std::vector<int64_t> ids(in.Get<uint32_t>());
        for (auto& id : ids) id = table.Map(static_cast<int64_t>(in.Get<uint64_t>()), what);
        DataChunk values({table.table->Types()[column]}, std::max<idx_t>(ids.size(), 1));
        DecodeVector(in.Remaining(), ids.size(), values.data[0], what);
        values.SetCardinality(ids.size());
        context_->RunWrite([&](teal::Transaction& transaction) {
          table.table->Update(transaction, ids, {column}, values);
        });
        return;
      }
      case WalRecordType::kSequence: {
        const std::string name(in.Text());
        const bool has = in.Get<uint8_t>() != 0;
        const auto last = in.Get<int64_t>();
        if (auto sequence = context_->ReadCatalog()->FindSequence(name)) {
          sequence->Restore(has ? std::optional<int64_t>(last) : std::nullopt);
        }
        return;
      }
      case WalRecordType::kFlushMarker:
        return;
    }
  }

  ReplayTable& Table(uint64_t oid, const std::string& what) {
    auto it = tables_.find(oid);
    if (it == tables_.end()) {
      throw IOError(
          fmt::format("{} is corrupt: it names table {} that no record created", what, oid));
    }
    return it->second;
  }

  std::shared_ptr<DatabaseInstance> database_;
  bool size_given_ = false;  // the open named a row group size
  std::string path_;
  std::shared_ptr<ClientContext> context_;
  std::unordered_map<uint64_t, ReplayTable> tables_;
};

}  // namespace

void DatabaseInstance::Open(const std::shared_ptr<DatabaseInstance>& database, FileSystem& fs,
                            const std::string& path, const DatabaseOptions& options) {
  const bool read_only = options.read_only;
  auto handle =
      fs.Open(path, read_only ? FileOpenFlags{} : FileOpenFlags{.write = true, .create = true});
  if (read_only) {
    handle->LockShared();
  } else {
    handle->LockExclusive();
  }
  database->file_ = std::make_unique<DatabaseFile>(std::move(handle), read_only);
  database->read_only_ = read_only;
  {
    // The file's name without directory and extension, as DuckDB names a database.
    std::string name =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    if (const size_t dot = name.find('.'); dot != std::string::npos && dot > 0) name.resize(dot);
    database->GetSettings().SetDatabaseName(name);
  }
  const DatabaseHeader header = database->file_->Header();
  const std::string log_path = path + ".wal";
  Replayer replayer(database, log_path);
  database->Transactions().SetRowGroupSize(options.row_group_size);
  if (options.row_group_size != 0) replayer.SetSizeGiven();
  if (header.first_block != kNoBlock) replayer.Load(*database->file_, header.first_block);
  WalContents contents;
  if (fs.Exists(log_path)) {
    // Step 4: a log with the header's salt holds the checkpoint's commits before its offset.
    const bool continued =
        header.iteration > 0 && WriteAheadLogSalt(fs, log_path) == header.log_salt;
    contents =
        ReadWriteAheadLog(fs, log_path, options.recover_log, continued ? header.log_offset : 0);
    for (const auto& transaction : contents.transactions) replayer.Replay(transaction);
  }
  replayer.RebuildIndexes();
  if (read_only) {
    database->transactions_.SetReadOnly();
    return;
  }
  database->log_ = std::make_unique<WriteAheadLog>(fs, log_path, contents.valid_end, contents.salt);
  database->transactions_.AttachLog(database->log_.get());
}

}  // namespace teal
