// PosixFileSystem: files through open/pread/pwrite/fdatasync/ftruncate, errors as IOError
// with the path, the operation and strerror.
#include <errno.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "os/file_system.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

[[noreturn]] void ThrowErrno(const std::string& what, const std::string& path) {
  throw IOError(fmt::format("{} \"{}\" failed: {}", what, path, std::strerror(errno)));
}

/// Files this process has locked (dev, inode) and how: a POSIX record lock does not
/// conflict with another lock of the same process, so the process keeps its own list as
/// well. A count above 0 is that many shared holders; -1 is an exclusive one.
std::mutex locked_mutex;
std::map<std::pair<dev_t, ino_t>, int> locked_files;

class PosixFileHandle : public FileHandle {
 public:
  PosixFileHandle(std::string path, int fd) : FileHandle(std::move(path)), fd_(fd) {}
  ~PosixFileHandle() override {
    if (locked_) {
      std::lock_guard<std::mutex> guard(locked_mutex);
      auto it = locked_files.find(*locked_);
      if (it->second > 1) {
        it->second--;
      } else {
        locked_files.erase(it);
      }
    }
    ::close(fd_);
  }

  void LockExclusive() override { Lock(true); }
  void LockShared() override { Lock(false); }

  void Read(void* out, idx_t bytes, idx_t offset) override {
    auto* at = static_cast<char*>(out);
    idx_t done = 0;
    while (done < bytes) {
      const ssize_t n = ::pread(fd_, at + done, bytes - done, static_cast<off_t>(offset + done));
      if (n < 0) {
        if (errno == EINTR) continue;
        ThrowErrno(fmt::format("reading {} bytes at offset {} of", bytes, offset), Path());
      }
      if (n == 0) {
        throw IOError(fmt::format("reading {} bytes at offset {} of \"{}\": the file ends at {}",
                                  bytes, offset, Path(), offset + done));
      }
      done += static_cast<idx_t>(n);
    }
  }

  void Write(const void* data, idx_t bytes, idx_t offset) override {
    const auto* at = static_cast<const char*>(data);
    idx_t done = 0;
    while (done < bytes) {
      const ssize_t n = ::pwrite(fd_, at + done, bytes - done, static_cast<off_t>(offset + done));
      if (n < 0) {
        if (errno == EINTR) continue;
        ThrowErrno(fmt::format("writing {} bytes at offset {} of", bytes, offset), Path());
      }
      if (n == 0) {
        throw IOError(fmt::format("writing {} bytes at offset {} of \"{}\" failed: nothing written",
                                  bytes, offset, Path()));
      }
      done += static_cast<idx_t>(n);
    }
  }

  void WriteV(std::span<const std::string_view> pieces, idx_t offset) override {
    std::vector<iovec> vectors;
    idx_t total = 0;
    for (std::string_view piece : pieces) {
      if (piece.empty()) continue;
      vectors.push_back({const_cast<char*>(piece.data()), piece.size()});
      total += piece.size();
    }
    size_t first = 0;  // the iovec the next call starts at
    idx_t done = 0;
    while (first < vectors.size()) {
      const int n = static_cast<int>(std::min<size_t>(vectors.size() - first, IOV_MAX));
      const ssize_t written =
          ::pwritev(fd_, vectors.data() + first, n, static_cast<off_t>(offset + done));
      if (written < 0) {
        if (errno == EINTR) continue;
        ThrowErrno(fmt::format("writing {} bytes at offset {} of", total, offset), Path());
      }
      if (written == 0) {
        throw IOError(fmt::format("writing {} bytes at offset {} of \"{}\" failed: nothing written",
                                  total, offset, Path()));
      }
      done += static_cast<idx_t>(written);
      // Skip what was written: whole iovecs, then part of the next.
      auto left = static_cast<size_t>(written);
      while (first < vectors.size() && left >= vectors[first].iov_len) {
        left -= vectors[first].iov_len;
        first++;
      }
      if (left > 0) {
        vectors[first].iov_base = static_cast<char*>(vectors[first].iov_base) + left;
        vectors[first].iov_len -= left;
      }
    }
  }

  void Sync() override {
    if (::fdatasync(fd_) != 0) ThrowErrno("syncing", Path());
  }

  void Truncate(idx_t size) override {
    if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) {
      ThrowErrno(fmt::format("truncating to {} bytes", size), Path());
    }
  }

  idx_t Size() override {
    struct stat st;
    if (::fstat(fd_, &st) != 0) ThrowErrno("reading the size of", Path());
    return static_cast<idx_t>(st.st_size);
  }

 private:
  void Lock(bool exclusive) {
    if (locked_) return;
    struct stat info {};
    if (::fstat(fd_, &info) != 0) ThrowErrno("locking", Path());
    const std::pair<dev_t, ino_t> id{info.st_dev, info.st_ino};
    std::lock_guard<std::mutex> guard(locked_mutex);
    auto held = locked_files.find(id);
    if (held != locked_files.end() && (exclusive || held->second < 0)) {
      throw IOError(fmt::format("\"{}\" is in use: this process has it open already{}", Path(),
                                held->second < 0 ? "" : " (read-only)"));
    }
    if (held == locked_files.end()) {
      struct flock lock {};
      lock.l_type = exclusive ? F_WRLCK : F_RDLCK;
      lock.l_whence = SEEK_SET;
      if (::fcntl(fd_, F_SETLK, &lock) != 0) {
        if (errno != EACCES && errno != EAGAIN) ThrowErrno("locking", Path());
        struct flock holder {};
        holder.l_type = exclusive ? F_WRLCK : F_RDLCK;
        holder.l_whence = SEEK_SET;
        if (::fcntl(fd_, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK) {
          throw IOError(fmt::format("\"{}\" is in use by process {}", Path(), holder.l_pid));
        }
        throw IOError(fmt::format("\"{}\" is in use by another process", Path()));
      }
      held = locked_files.emplace(id, 0).first;
    }
    held->second = exclusive ? -1 : held->second + 1;
    locked_ = id;
  }

  int fd_;
  std::optional<std::pair<dev_t, ino_t>> locked_;
};

class Posix : public FileSystem {
 public:
  std::unique_ptr<FileHandle> Open(const std::string& path, FileOpenFlags flags) override {
    const bool write = flags.write || flags.create || flags.truncate;
    int mode = write ? O_RDWR : O_RDONLY;
    if (flags.create) mode |= O_CREAT;
    if (flags.truncate) mode |= O_TRUNC;
    const int fd = ::open(path.c_str(), mode | O_CLOEXEC, 0644);
    if (fd < 0) ThrowErrno("opening", path);
    return std::make_unique<PosixFileHandle>(path, fd);
  }

  bool Exists(const std::string& path) override {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0;
  }

  void Remove(const std::string& path) override {
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) ThrowErrno("removing", path);
  }

  void Rename(const std::string& from, const std::string& to) override {
    if (::rename(from.c_str(), to.c_str()) != 0) {
      ThrowErrno(fmt::format("renaming \"{}\" to", from), to);
    }
    // The new name is durable only once the directory is.
    const auto slash = to.rfind('/');
    const std::string directory = slash == std::string::npos ? "." : to.substr(0, slash + 1);
    const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) ThrowErrno("opening the directory", directory);
    const int synced = ::fsync(fd);
    ::close(fd);
    if (synced != 0) ThrowErrno("syncing the directory", directory);
  }
};

}  // namespace

FileSystem& PosixFileSystem() {
  static Posix posix;
  return posix;
}

}  // namespace teal
