// FaultInjectingFileSystem: handles that ask before each write and sync.
#include "os/fault_file_system.hpp"

#include <fmt/format.h>

#include <thread>

#include "teal/error.hpp"

namespace teal {

namespace {

class FaultInjectingHandle : public FileHandle {
 public:
  FaultInjectingHandle(FaultInjectingFileSystem& fs, std::unique_ptr<FileHandle> base)
      : FileHandle(base->Path()), fs_(fs), base_(std::move(base)) {}

  void Read(void* out, idx_t bytes, idx_t offset) override { base_->Read(out, bytes, offset); }
  void Write(const void* data, idx_t bytes, idx_t offset) override {
    fs_.BeforeWrite(Path(), bytes, offset, base_->Size());
    base_->Write(data, bytes, offset);
  }
  void WriteV(std::span<const std::string_view> pieces, idx_t offset) override {
    idx_t bytes = 0;
    for (std::string_view piece : pieces) bytes += piece.size();
    fs_.BeforeWrite(Path(), bytes, offset, base_->Size());  // one write, as the caller's
    base_->WriteV(pieces, offset);
  }
  void Sync() override {
    fs_.BeforeSync(Path());
    base_->Sync();
  }
  void Truncate(idx_t size) override {
    fs_.BeforeTruncate(Path());
    base_->Truncate(size);
  }
  idx_t Size() override { return base_->Size(); }
  void LockExclusive() override { base_->LockExclusive(); }
  void LockShared() override { base_->LockShared(); }

 private:
  FaultInjectingFileSystem& fs_;
  std::unique_ptr<FileHandle> base_;
};

}  // namespace

std::unique_ptr<FileHandle> FaultInjectingFileSystem::Open(const std::string& path,
                                                           FileOpenFlags flags) {
  return std::make_unique<FaultInjectingHandle>(*this, base_.Open(path, flags));
}

void FaultInjectingFileSystem::FailWrite(idx_t nth, bool persistent) {
  std::lock_guard<std::mutex> guard(lock_);
  write_failure_ = {writes_.load() + nth, persistent};
}

void FaultInjectingFileSystem::FailSync(idx_t nth, bool persistent) {
  std::lock_guard<std::mutex> guard(lock_);
  sync_failure_ = {syncs_.load() + nth, persistent};
}

void FaultInjectingFileSystem::FailOperation(idx_t nth, bool persistent) {
  std::lock_guard<std::mutex> guard(lock_);
  operation_failure_ = {operations_.load() + nth, persistent};
}

void FaultInjectingFileSystem::Operation(const char* what, const std::string& path) {
  const idx_t count = ++operations_;
  if (Fires(operation_failure_, count)) {
    throw IOError(
        fmt::format("{} \"{}\" failed: injected fault (I/O operation {})", what, path, count));
  }
}

void FaultInjectingFileSystem::BeforeTruncate(const std::string& path) {
  std::lock_guard<std::mutex> guard(lock_);
  Operation("truncating", path);
}

void FaultInjectingFileSystem::SetSpaceLeft(idx_t bytes) {
  std::lock_guard<std::mutex> guard(lock_);
  space_limited_ = true;
  space_left_ = bytes;
}

void FaultInjectingFileSystem::SetSyncDelay(std::chrono::milliseconds delay) {
  std::lock_guard<std::mutex> guard(lock_);
  sync_delay_ = delay;
}

void FaultInjectingFileSystem::Clear() {
  std::lock_guard<std::mutex> guard(lock_);
  write_failure_ = {};
  sync_failure_ = {};
  operation_failure_ = {};
  space_limited_ = false;
  sync_delay_ = std::chrono::milliseconds(0);
}

void FaultInjectingFileSystem::BeforeWrite(const std::string& path, idx_t bytes, idx_t offset,
                                           idx_t size_before) {
  std::lock_guard<std::mutex> guard(lock_);
  Operation("writing", path);
  const idx_t count = ++writes_;
  if (Fires(write_failure_, count)) {
    throw IOError(
        fmt::format("writing {} bytes at offset {} of \"{}\" failed: injected fault "
                    "(write {})",
                    bytes, offset, path, count));
  }
  if (space_limited_) {
    const idx_t grows = offset + bytes > size_before ? offset + bytes - size_before : 0;
    if (grows > space_left_) {
      throw IOError(
          fmt::format("writing {} bytes at offset {} of \"{}\" failed: No space left "
                      "on device (ENOSPC, injected)",
                      bytes, offset, path));
    }
    space_left_ -= grows;
  }
}

void FaultInjectingFileSystem::BeforeSync(const std::string& path) {
  std::chrono::milliseconds delay;
  {
    std::lock_guard<std::mutex> guard(lock_);
    Operation("syncing", path);
    const idx_t count = ++syncs_;
    if (Fires(sync_failure_, count)) {
      throw IOError(fmt::format("syncing \"{}\" failed: injected fault (sync {})", path, count));
    }
    delay = sync_delay_;
  }
  if (delay.count() > 0) std::this_thread::sleep_for(delay);
}

}  // namespace teal
