// FileSystem: the one seam all of Teal's file I/O goes through (DESIGN.md, "Files and
// faults"), so that the same storage, WAL and temporary-file code runs on disk, in memory,
// and under injected faults (os/fault_file_system.hpp).
//
// Contract of every implementation:
//   1. Read fills exactly `bytes` bytes from `offset` or throws IOError (a short read,
//      past the end, is an error naming the file and the offset).
//   2. Write writes exactly `bytes` bytes at `offset` (extending the file, zero-filling a
//      gap) or throws IOError; nothing written is durable before a Sync of the handle.
//   3. Sync makes everything written (and truncated) through the handle durable, or
//      throws IOError; after a failed Sync nothing about durability is known.
//   4. Errors are IOError with a message that names the path and the operation.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "teal/basic_types.hpp"

namespace teal {

struct FileOpenFlags {
  bool write = false;     // open for writing as well as reading
  bool create = false;    // create the file when it does not exist (implies write)
  bool truncate = false;  // empty an existing file (implies write)
};

/// An open file. Not thread-safe, but for one thing: a Write, a Sync and a Read of bytes
/// written before may run at the same time on different threads (the WAL's group commit
/// and its restart at a checkpoint); each implementation allows it.
class FileHandle {
 public:
  explicit FileHandle(std::string path) : path_(std::move(path)) {}
  virtual ~FileHandle() = default;
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;

  virtual void Read(void* out, idx_t bytes, idx_t offset) = 0;
  virtual void Write(const void* data, idx_t bytes, idx_t offset) = 0;
  /// Writes `pieces` one after another from `offset`, as one write (contract 2); the
  /// default copies them into one buffer.
  virtual void WriteV(std::span<const std::string_view> pieces, idx_t offset);
  virtual void Sync() = 0;
  virtual void Truncate(idx_t size) = 0;
  virtual idx_t Size() = 0;
  /// Locks the file for this handle alone, until the handle closes: throws IOError, naming
  /// the holder's process id where the system tells it, when another handle (in this
  /// process or another) holds the lock.
  virtual void LockExclusive() = 0;
  /// Locks the file shared with other shared holders (readers), until the handle closes:
  /// throws IOError, naming the holder's process id where the system tells it, while
  /// another handle holds it exclusively.
  virtual void LockShared() = 0;

  const std::string& Path() const { return path_; }

 private:
  std::string path_;
};

class FileSystem {
 public:
  virtual ~FileSystem() = default;

  /// Opens `path`; throws IOError when it does not exist (without `create`) or cannot be
  /// opened as asked.
  virtual std::unique_ptr<FileHandle> Open(const std::string& path, FileOpenFlags flags) = 0;
  virtual bool Exists(const std::string& path) = 0;
  /// Removes `path`; a missing file is not an error.
  virtual void Remove(const std::string& path) = 0;
  /// Replaces `to` by `from` in one step (`to` need not exist), durably: when it returns,
  /// a power loss leaves the new name. Handles open on either file stay valid.
  virtual void Rename(const std::string& from, const std::string& to) = 0;
};

inline void FileHandle::WriteV(std::span<const std::string_view> pieces, idx_t offset) {
  std::string joined;
  for (std::string_view piece : pieces) joined.append(piece);
  Write(joined.data(), joined.size(), offset);
}

/// The operating system's files (POSIX: pread, pwrite, fdatasync; rename then fsync of the
/// directory). One instance for the
/// process.
FileSystem& PosixFileSystem();

}  // namespace teal
