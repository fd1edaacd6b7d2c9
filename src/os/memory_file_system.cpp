// MemoryFileSystem: in-memory files with their durable state and unsynced operations.
#include "os/memory_file_system.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "teal/error.hpp"

namespace teal {

struct MemoryFileSystem::File {
  /// A write (bytes at offset) or, with `truncate`, a truncation to `offset`.
  struct Operation {
    bool truncate = false;
    idx_t offset = 0;
    std::string bytes;
  };

  std::mutex lock;
  int locked = 0;       // shared holders (LockShared), or -1: one exclusive holder
  std::string data;     // what reads see
  std::string durable;  // what survives a power loss
  std::vector<Operation> unsynced;

  static void Apply(std::string& to, const Operation& op) {
    if (op.truncate) {
      to.resize(op.offset);
      return;
    }
    if (to.size() < op.offset + op.bytes.size()) to.resize(op.offset + op.bytes.size());
    std::memcpy(to.data() + op.offset, op.bytes.data(), op.bytes.size());
  }
};

namespace {

class MemoryFileHandle : public FileHandle {
 public:
  MemoryFileHandle(std::string path, std::shared_ptr<MemoryFileSystem::File> file, bool writable)
      : FileHandle(std::move(path)), file_(std::move(file)), writable_(writable) {}
  ~MemoryFileHandle() override {
    if (!holds_lock_) return;
    std::lock_guard<std::mutex> guard(file_->lock);
    file_->locked = file_->locked > 1 ? file_->locked - 1 : 0;
  }

  void LockExclusive() override { Lock(true); }
  void LockShared() override { Lock(false); }

  void Read(void* out, idx_t bytes, idx_t offset) override {
    std::lock_guard<std::mutex> guard(file_->lock);
    if (offset + bytes > file_->data.size()) {
      throw IOError(fmt::format("reading {} bytes at offset {} of \"{}\": the file ends at {}",
                                bytes, offset, Path(), file_->data.size()));
    }
    std::memcpy(out, file_->data.data() + offset, bytes);
  }

  void Write(const void* data, idx_t bytes, idx_t offset) override {
    CheckWritable("writing");
    std::lock_guard<std::mutex> guard(file_->lock);
    MemoryFileSystem::File::Operation op;
    op.offset = offset;
    op.bytes.assign(static_cast<const char*>(data), bytes);
    MemoryFileSystem::File::Apply(file_->data, op);
    file_->unsynced.push_back(std::move(op));
  }

  void Sync() override {
    CheckWritable("syncing");
    std::lock_guard<std::mutex> guard(file_->lock);
    file_->durable = file_->data;
    file_->unsynced.clear();
  }

  void Truncate(idx_t size) override {
    CheckWritable("truncating");
    std::lock_guard<std::mutex> guard(file_->lock);
    MemoryFileSystem::File::Operation op;
    op.truncate = true;
    op.offset = size;
    MemoryFileSystem::File::Apply(file_->data, op);
    file_->unsynced.push_back(std::move(op));
  }

  idx_t Size() override {
    std::lock_guard<std::mutex> guard(file_->lock);
    return file_->data.size();
  }

 private:
  void Lock(bool exclusive) {
    std::lock_guard<std::mutex> guard(file_->lock);
    if (holds_lock_) return;
    if (file_->locked < 0 || (exclusive && file_->locked > 0)) {
      throw IOError(fmt::format("\"{}\" is locked by another handle of this process", Path()));
    }
    file_->locked = exclusive ? -1 : file_->locked + 1;
    holds_lock_ = true;
  }

  /// As POSIX refuses (EBADF) what a read-only descriptor may not do.
  void CheckWritable(const char* what) const {
    if (!writable_) {
      throw IOError(fmt::format("{} \"{}\" failed: opened for reading only", what, Path()));
    }
  }

  std::shared_ptr<MemoryFileSystem::File> file_;
  bool writable_;
  bool holds_lock_ = false;
};

}  // namespace

std::unique_ptr<FileHandle> MemoryFileSystem::Open(const std::string& path, FileOpenFlags flags) {
  std::shared_ptr<File> file;
  {
    std::lock_guard<std::mutex> guard(lock_);
    auto it = files_.find(path);
    if (it == files_.end()) {
      if (!flags.create) throw IOError(fmt::format("opening \"{}\" failed: no such file", path));
      it = files_.emplace(path, std::make_shared<File>()).first;
    }
    file = it->second;
  }
  const bool writable = flags.write || flags.create || flags.truncate;
  auto handle = std::make_unique<MemoryFileHandle>(path, file, writable);
  if (flags.truncate) handle->Truncate(0);
  return handle;
}

bool MemoryFileSystem::Exists(const std::string& path) {
  std::lock_guard<std::mutex> guard(lock_);
  return files_.count(path) > 0;
}

void MemoryFileSystem::Remove(const std::string& path) {
  std::lock_guard<std::mutex> guard(lock_);
  files_.erase(path);
}

void MemoryFileSystem::Rename(const std::string& from, const std::string& to) {
  std::lock_guard<std::mutex> guard(lock_);
  auto it = files_.find(from);
  if (it == files_.end()) {
    throw IOError(fmt::format("renaming \"{}\" to \"{}\" failed: no such file", from, to));
  }
  auto file = std::move(it->second);
  files_.erase(it);
  files_[to] = std::move(file);
}

void MemoryFileSystem::LosePower(PowerLoss loss, uint64_t cut) {
  std::lock_guard<std::mutex> guard(lock_);
  uint64_t salt = 0;
  for (auto& [path, file] : files_) {
    std::lock_guard<std::mutex> file_guard(file->lock);
    std::string survived = file->durable;
    if (loss == PowerLoss::kTear && !file->unsynced.empty()) {
      // How many operations land whole, and how much of the next one (a split write):
      // a function of `cut` and the file's place, so a test can replay it.
      const uint64_t mixed = (cut + 0x9E3779B97F4A7C15ull * ++salt) * 0xBF58476D1CE4E5B9ull;
      const idx_t whole = static_cast<idx_t>(mixed % (file->unsynced.size() + 1));
      for (idx_t i = 0; i < whole; i++) File::Apply(survived, file->unsynced[i]);
      if (whole < file->unsynced.size() && !file->unsynced[whole].truncate) {
        File::Operation part = file->unsynced[whole];
        part.bytes.resize(static_cast<size_t>((mixed >> 32) % (part.bytes.size() + 1)));
        File::Apply(survived, part);
      }
    }
    file->data = survived;
    file->durable = std::move(survived);
    file->unsynced.clear();
  }
}

}  // namespace teal
