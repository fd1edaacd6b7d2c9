// GatedFileSystem: an in-memory file system whose syncs wait at a gate the test opens and
// closes, so that tests can hold a commit between writing its log records and their sync.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

#include "os/memory_file_system.hpp"

namespace teal {

/// A file system whose syncs wait until the test lets them go.
class GatedFileSystem : public MemoryFileSystem {
 public:
  std::unique_ptr<FileHandle> Open(const std::string& path, FileOpenFlags flags) override {
    return std::make_unique<Gated>(MemoryFileSystem::Open(path, flags), *this);
  }
  void Close() { Set(false); }
  void Open() { Set(true); }
  /// Waits until a sync is waiting at the gate.
  void AwaitSyncAtGate() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return waiting_ > 0; });
  }

 private:
  class Gated : public FileHandle {
   public:
    Gated(std::unique_ptr<FileHandle> base, GatedFileSystem& fs)
        : FileHandle(base->Path()), base_(std::move(base)), fs_(fs) {}
    void Read(void* out, idx_t bytes, idx_t offset) override { base_->Read(out, bytes, offset); }
    void Write(const void* data, idx_t bytes, idx_t offset) override {
      base_->Write(data, bytes, offset);
    }
    void Sync() override {
      fs_.Pass();
      base_->Sync();
    }
    void Truncate(idx_t size) override { base_->Truncate(size); }
    idx_t Size() override { return base_->Size(); }
    void LockExclusive() override { base_->LockExclusive(); }
    void LockShared() override { base_->LockShared(); }

   private:
    std::unique_ptr<FileHandle> base_;
    GatedFileSystem& fs_;
  };
  void Set(bool open) {
    std::lock_guard<std::mutex> guard(mutex_);
    open_ = open;
    changed_.notify_all();
  }
  void Pass() {
    std::unique_lock<std::mutex> lock(mutex_);
    waiting_++;
    changed_.notify_all();
    changed_.wait(lock, [&] { return open_; });
    waiting_--;
  }
  std::mutex mutex_;
  std::condition_variable changed_;
  bool open_ = true;
  int waiting_ = 0;
};

}  // namespace teal
