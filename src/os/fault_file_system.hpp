// FaultInjectingFileSystem: wraps another FileSystem (usually a MemoryFileSystem) and
// makes its writes and syncs fail on demand, for the crash and fault tests.
//
//   - FailWrite(n) / FailSync(n): the n-th write (sync) from now, counting from 1, throws
//     IOError instead of reaching the wrapped file system; with `persistent`, every one
//     after it fails too. A failed write writes nothing.
//   - SetSpaceLeft(bytes): writes that would take the files past that many more bytes
//     fail as a full disk (ENOSPC) — nothing of the write lands.
//   - SetSyncDelay(ms): every sync sleeps first (latency for group-commit benchmarks;
//     never a means of synchronization).
//   - FailOperation(n): the n-th write, sync or truncation from now fails; with
//     `persistent` every one after it too, as if the machine stopped there (then LosePower
//     of the wrapped MemoryFileSystem shows what the disk kept).
//   - Writes() / Syncs() / Operations(): how many have been attempted, to loop a failure
//     point over all of a workload's I/O.
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <mutex>

#include "os/file_system.hpp"

namespace teal {

class FaultInjectingFileSystem : public FileSystem {
 public:
  explicit FaultInjectingFileSystem(FileSystem& base) : base_(base) {}

  std::unique_ptr<FileHandle> Open(const std::string& path, FileOpenFlags flags) override;
  bool Exists(const std::string& path) override { return base_.Exists(path); }
  void Remove(const std::string& path) override { base_.Remove(path); }
  /// Counts as a sync (it is one of the directory): FailSync can fail it.
  void Rename(const std::string& from, const std::string& to) override {
    BeforeSync(to);
    base_.Rename(from, to);
  }

  void FailWrite(idx_t nth, bool persistent = false);
  void FailSync(idx_t nth, bool persistent = false);
  void FailOperation(idx_t nth, bool persistent = false);
  void SetSpaceLeft(idx_t bytes);
  void SetSyncDelay(std::chrono::milliseconds delay);
  /// Disarms every fault (counters keep counting).
  void Clear();

  idx_t Writes() const { return writes_.load(); }
  idx_t Syncs() const { return syncs_.load(); }
  idx_t Operations() const { return operations_.load(); }

  /// Called by the handles: throw when the operation is to fail.
  void BeforeWrite(const std::string& path, idx_t bytes, idx_t offset, idx_t size_before);
  void BeforeSync(const std::string& path);
  void BeforeTruncate(const std::string& path);

 private:
  /// A failure armed for the n-th operation of a kind (0: none).
  struct Trigger {
    idx_t at = 0;  // the operation count at which it fires
    bool persistent = false;
  };
  static bool Fires(const Trigger& trigger, idx_t count) {
    return trigger.at != 0 && (count == trigger.at || (trigger.persistent && count > trigger.at));
  }

  FileSystem& base_;
  std::mutex lock_;
  /// Counts one write, sync or truncation; throws when FailOperation's point is reached.
  /// Lock held.
  void Operation(const char* what, const std::string& path);

  std::atomic<idx_t> writes_{0}, syncs_{0}, operations_{0};
  Trigger operation_failure_;
  Trigger write_failure_, sync_failure_;
  bool space_limited_ = false;
  idx_t space_left_ = 0;
  std::chrono::milliseconds sync_delay_{0};
};

}  // namespace teal
