// DatabaseInstance: settings pushed to the storage, and checkpoints (steps 1–3 of the
// header's protocol; open, step 4, is main/database_open.cpp).
#include "main/database_instance.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

#include "common/byte_size.hpp"
#include "storage/checkpoint.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
/// debug_checkpoint_abort's values (DuckDB's names), by CheckpointAbort number.
constexpr std::string_view kCheckpointAborts[] = {"none",
                                                  "before_header",
                                                  "before_header_non_fatal",
                                                  "after_free_list_write",
                                                  "before_truncate",
                                                  "before_wal_finish"};
}  // namespace

DatabaseInstance::DatabaseInstance() = default;

DatabaseInstance::~DatabaseInstance() {
  {
    std::lock_guard<std::mutex> guard(wake_lock_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (checkpointer_.joinable()) checkpointer_.join();
  // Not after a failed Open (no log): nothing was loaded that a checkpoint could keep.
  if (!log_ || !checkpoint_on_shutdown_.load() || checkpoint_aborted_.load()) return;
  // A log without records holds nothing the file does not.
  if (log_->FileOffset(log_->Size()) <= kWalHeaderSize) return;
  try {
    Checkpoint();
  } catch (const std::exception&) {
    // Nothing is lost: every commit is in the log, which the next open replays.
  }
}

void DatabaseInstance::ApplyStorageSettings(const Settings& from) {
  if (const auto threshold = from.Get("checkpoint_threshold")) {
    checkpoint_threshold_ = ParseByteSize(*threshold, "checkpoint_threshold");
  }
  checkpoint_on_shutdown_ =
      from.Get("checkpoint_on_shutdown") != std::optional<std::string>("false");
  const auto forced = ForcedCompression(from.Get("force_compression").value_or("auto"));
  forced_compression_ = forced ? static_cast<int>(*forced) : -1;
  forced_bitpacking_ =
      static_cast<int>(ParseBitPackingMode(from.Get("force_bitpacking_mode").value_or("auto"))
                           .value_or(BitPackingMode::kAuto));
  const std::string abort = from.Get("debug_checkpoint_abort").value_or("none");
  checkpoint_abort_ = 0;
  for (size_t k = 0; k < std::size(kCheckpointAborts); k++) {
    if (abort == kCheckpointAborts[k]) checkpoint_abort_ = static_cast<int>(k);
  }
}

void DatabaseInstance::MaybeAbortCheckpoint(std::initializer_list<std::string_view> points,
                                            bool fatal, std::string_view where) {
  const std::string_view set = kCheckpointAborts[checkpoint_abort_.load()];
  if (std::find(points.begin(), points.end(), set) == points.end()) return;
  // DuckDB's words, which its tests match.
  const std::string message = fmt::format(
      "Checkpoint failed for database \"{}\": Checkpoint aborted {} because of PRAGMA "
      "checkpoint_abort flag (debug_checkpoint_abort = '{}')",
      Name(), where, set);
  if (!fatal) throw IOError(message);
  // As a crash there would leave the file: the next open reads the header that is on disk
  // and replays the log from where it says. Until then nothing commits, here or in the
  // databases attached to this one (a write to them may follow from one here that failed).
  const std::string invalid = fmt::format(
      "Database \"{}\" has been invalidated because checkpointing failed: the database has "
      "been invalidated because of a previous fatal error ({}); reopen it (every commit that "
      "returned is kept)",
      Name(), message);
  checkpoint_aborted_ = true;
  transactions_.Invalidate(invalid);
  databases_.ForEach([&](const DatabaseManager::Entry& attached) {
    attached.database->checkpoint_aborted_ = true;
    attached.database->transactions_.Invalidate(invalid);
  });
  throw IOError(message + ": the database is invalidated; reopen it");
}

void DatabaseInstance::ApplySettings() {
  ApplyStorageSettings(settings_);
  // Settings are the first database's; the attached ones follow them.
  databases_.ForEach([&](const DatabaseManager::Entry& attached) {
    attached.database->ApplyStorageSettings(settings_);
  });
  if (!log_) return;
  const auto sleep = settings_.Get("debug_wal_fsync_sleep_ms");
  log_->SetSyncDelay(sleep ? std::stoi(*sleep) : 0);
  if (settings_.Get("debug_force_wal_fsync_failure") == std::optional<std::string>("true")) {
    log_->FailNextSync();
    settings_.Reset("debug_force_wal_fsync_failure");
  }
}

void DatabaseInstance::Checkpoint() {
  if (!file_) return;
  if (read_only_) {
    throw InvalidInputError("cannot CHECKPOINT: the database is open read-only");
  }
  if (!log_) return;  // Open did not finish
  std::lock_guard<std::mutex> guard(checkpoint_lock_);
  CheckpointLocked();
}

void DatabaseInstance::AfterCommit() noexcept {
  if (!log_ || log_->FileOffset(log_->Size()) < checkpoint_threshold_.load()) return;
  std::lock_guard<std::mutex> guard(wake_lock_);
  if (stopping_) return;
  wanted_ = true;
  try {
    if (!checkpointer_.joinable()) checkpointer_ = std::thread([this] { CheckpointLoop(); });
  } catch (const std::exception&) {
    return;  // no thread now: a later commit asks again (the log keeps every commit)
  }
  wake_.notify_one();
}

void DatabaseInstance::BulkWriterEnded() {
  bulk_writers_--;
  { std::lock_guard<std::mutex> guard(wake_lock_); }
  wake_.notify_all();
}

bool DatabaseInstance::CheckpointDue() const {
  return bulk_writers_.load() == 0 ||
         log_->FileOffset(log_->Size()) >= 4 * checkpoint_threshold_.load();
}

void DatabaseInstance::CheckpointLoop() {
  std::unique_lock<std::mutex> lock(wake_lock_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || (wanted_ && CheckpointDue()); });
    if (stopping_) return;
    wanted_ = false;
    lock.unlock();
    {
      std::lock_guard<std::mutex> guard(checkpoint_lock_);
      // Another checkpoint (CHECKPOINT) may have restarted the log meanwhile.
      if (log_->FileOffset(log_->Size()) >= checkpoint_threshold_.load()) {
        try {
          CheckpointLocked();
        } catch (const std::exception&) {
          // Every commit is in the log; a later commit asks again.
        }
      }
    }
    lock.lock();
  }
}

void DatabaseInstance::WaitForCheckpoints(uint64_t count) {
  std::unique_lock<std::mutex> lock(wake_lock_);
  checkpointed_.wait(lock, [&] { return checkpoints_.load() >= count; });
}

void DatabaseInstance::CheckpointLocked() {
  if (log_->Failed() || checkpoint_aborted_.load()) {
    throw IOError(
        fmt::format("cannot checkpoint \"{}\": {} failed; reopen the database", file_->Path(),
                    checkpoint_aborted_.load() ? "an earlier checkpoint" : "its write-ahead log"));
  }
  // Step 1.
  TransactionManager::CheckpointStart start = transactions_.BeginCheckpoint();
  struct End {
    TransactionManager& manager;
    std::shared_ptr<Transaction> transaction;
    ~End() { manager.Rollback(transaction); }
  } end{transactions_, start.transaction};
  std::vector<SequencePosition> sequences;
  for (auto& [name, last] : start.sequences) sequences.push_back({name, last});
  // Step 2.
  DatabaseFile::ChainWriter writer(*file_);
  const int forced = forced_compression_.load();
  const CheckpointLayout layout = WriteCheckpoint(
      *start.transaction, sequences,
      CompressionChoice(
          forced < 0 ? std::nullopt : std::optional<Compression>(static_cast<Compression>(forced)),
          static_cast<BitPackingMode>(forced_bitpacking_.load())),
      writer);
  const uint64_t first_block = writer.Finish();
  // The image's blocks are written and synced, the header that would make it the file's
  // is not: the file still holds the earlier checkpoint (its blocks are free again).
  MaybeAbortCheckpoint({"before_header", "after_free_list_write"}, true, "before header write");
  MaybeAbortCheckpoint({"before_header_non_fatal"}, false, "before header write (non-fatal)");
  file_->Commit(writer, first_block, log_->Salt(), log_->FileOffset(start.log_offset));
  layout.Install(writer.Blocks());
  // The header names the new image and the log offset it holds; the log is not restarted.
  MaybeAbortCheckpoint({"before_truncate", "before_wal_finish"}, true, "before truncate");
  {
    std::lock_guard<std::mutex> guard(wake_lock_);
    checkpoints_++;
  }
  checkpointed_.notify_all();
  // Step 3. Kept as it is when the restart fails before its rename: the header names its
  // salt and the offset, so open replays what follows.
  log_->Restart(start.log_offset);
}

}  // namespace teal
