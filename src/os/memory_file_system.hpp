// MemoryFileSystem: files held in memory, with what a power loss would leave of them.
//
// Each file keeps its current bytes and its durable bytes (as of its last Sync), and the
// writes and truncations since then in order. LosePower turns every file back into what
// the disk may hold after a power cut: its durable bytes (kDrop), or its durable bytes
// with the operations since the last sync applied up to a point, the last one of them
// partly (kTear; `cut` chooses the point deterministically). Files created and never
// synced survive empty. Thread-safe; handles to one file share it.
#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "os/file_system.hpp"

namespace teal {

class MemoryFileSystem : public FileSystem {
 public:
  enum class PowerLoss { kDrop, kTear };

  std::unique_ptr<FileHandle> Open(const std::string& path, FileOpenFlags flags) override;
  bool Exists(const std::string& path) override;
  void Remove(const std::string& path) override;
  /// Durable at once (the in-memory directory is never lost).
  void Rename(const std::string& from, const std::string& to) override;

  /// What a power cut leaves of every file (see the file comment). `cut` picks, for kTear,
  /// how much of each file's unsynced operations lands: the same cut, the same result.
  void LosePower(PowerLoss loss, uint64_t cut = 0);

  struct File;

 private:
  std::mutex lock_;
  std::map<std::string, std::shared_ptr<File>> files_;
};

}  // namespace teal
