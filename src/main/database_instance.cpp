// DatabaseInstance: settings pushed to the storage, and checkpoints (steps 1–3 of the
// header's protocol; open, step 4, is main/database_open.cpp).
#include "main/database_instance.hpp"

#include <fmt/format.h>

#include "common/byte_size.hpp"
#include "storage/checkpoint.hpp"
#include "teal/error.hpp"

namespace teal {

DatabaseInstance::DatabaseInstance() = default;

DatabaseInstance::~DatabaseInstance() {
  // Not after a failed Open (no log): nothing was loaded that a checkpoint could keep.
  if (!log_ || !checkpoint_on_shutdown_.load()) return;
  // A log without records holds nothing the file does not.
  if (log_->FileOffset(log_->Size()) <= kWalHeaderSize) return;
  try {
    Checkpoint();
  } catch (const std::exception&) {
    // Nothing is lost: every commit is in the log, which the next open replays.
  }
}

void DatabaseInstance::ApplySettings() {
  if (const auto threshold = settings_.Get("checkpoint_threshold")) {
    checkpoint_threshold_ = ParseByteSize(*threshold, "checkpoint_threshold");
  }
  checkpoint_on_shutdown_ =
      settings_.Get("checkpoint_on_shutdown") != std::optional<std::string>("false");
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
  std::unique_lock<std::mutex> guard(checkpoint_lock_, std::try_to_lock);
  if (!guard.owns_lock()) return;  // one is running; the next commit looks again
  try {
    CheckpointLocked();
  } catch (const std::exception&) {
    // The commit is durable in the log; the checkpoint is tried again after the next one.
  }
}

void DatabaseInstance::CheckpointLocked() {
  if (log_->Failed()) {
    throw IOError(
        fmt::format("cannot checkpoint \"{}\": its write-ahead log failed; reopen the database",
                    file_->Path()));
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
  WriteCheckpoint(*start.transaction, sequences, writer);
  const uint64_t first_block = writer.Finish();
  file_->Commit(writer, first_block, log_->Salt(), log_->FileOffset(start.log_offset));
  checkpoints_++;
  // Step 3. Kept as it is when the restart fails before its rename: the header names its
  // salt and the offset, so open replays what follows.
  log_->Restart(start.log_offset);
}

}  // namespace teal
