// WriteAheadLog: framing, group-committed syncs, and reading the log back.
#include "storage/write_ahead_log.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cstring>
#include <random>
#include <thread>

#include "storage/checksum.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {
constexpr char kMagic[8] = {'T', 'E', 'A', 'L', '-', 'W', 'A', 'L'};
constexpr uint32_t kVersion = 2;

void Put32(std::string& out, uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
void Put64(std::string& out, uint64_t v) { out.append(reinterpret_cast<const char*>(&v), 8); }
uint32_t Get32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
uint64_t Get64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

/// The checksum of a frame: its first 8 bytes, then the payload's pieces.
uint64_t FrameChecksum(const char* head, std::span<const std::string_view> payload, uint64_t salt) {
  return Checksum(std::string_view(head, 8), payload, salt);
}

/// The 16-byte header of a frame whose payload is `pieces`, appended to `out`.
void AppendFrameHeader(std::string& out, WalRecordType type,
                       std::span<const std::string_view> pieces, uint64_t salt) {
  idx_t length = 0;
  for (std::string_view piece : pieces) length += piece.size();
  const size_t start = out.size();
  Put32(out, static_cast<uint32_t>(length));
  out.push_back(static_cast<char>(type));
  out.append(3, '\0');
  Put64(out, FrameChecksum(out.data() + start, pieces, salt));
}

void AppendFrame(std::string& out, WalRecordType type, std::string_view payload, uint64_t salt) {
  const std::string_view pieces[] = {payload};
  AppendFrameHeader(out, type, pieces, salt);
  out.append(payload);
}

bool ValidType(uint8_t type) {
  return type >= static_cast<uint8_t>(WalRecordType::kFlushMarker) &&
         type <= static_cast<uint8_t>(WalRecordType::kSequence);
}

/// The record at `offset` of `bytes`, if it is whole and checks out.
struct Parsed {
  bool ok = false;
  bool fits = false;  // its length stays inside the file
  idx_t next = 0;
  WalRecordType type{};
  std::string_view payload;
};

Parsed ParseAt(std::string_view bytes, idx_t offset, uint64_t salt) {
  Parsed parsed;
  if (offset + kWalFrameSize > bytes.size()) return parsed;
  const char* head = bytes.data() + offset;
  const uint32_t length = Get32(head);
  if (offset + kWalFrameSize + length > bytes.size()) return parsed;
  parsed.fits = true;
  parsed.next = offset + kWalFrameSize + length;
  const auto type = static_cast<uint8_t>(head[4]);
  if (!ValidType(type) || head[5] || head[6] || head[7]) return parsed;
  const std::string_view payload[] = {std::string_view(head + kWalFrameSize, length)};
  if (Get64(head + 8) != FrameChecksum(head, payload, salt)) return parsed;
  parsed.ok = true;
  parsed.type = static_cast<WalRecordType>(type);
  parsed.payload = std::string_view(head + kWalFrameSize, length);
  return parsed;
}

bool HeaderValid(std::string_view bytes) {
  if (bytes.size() < kWalHeaderSize) return false;
  if (std::memcmp(bytes.data(), kMagic, 8) != 0) return false;
  if (Get32(bytes.data() + 8) != kVersion) return false;
  return Get64(bytes.data() + 24) == Checksum(bytes.data(), 24, 0);
}
}  // namespace

uint64_t WriteAheadLogSalt(FileSystem& fs, const std::string& path) {
  auto file = fs.Open(path, FileOpenFlags{});
  if (file->Size() < kWalHeaderSize) return 0;
  std::string bytes(kWalHeaderSize, '\0');
  file->Read(bytes.data(), kWalHeaderSize, 0);
  return HeaderValid(bytes) ? Get64(bytes.data() + 16) : 0;
}

std::vector<std::string_view> WalRecord::Pieces() const {
  std::vector<std::string_view> pieces;
  const std::string_view bytes = payload;
  idx_t at = 0;
  for (const auto& [offset, insert] : inserts) {
    if (offset > at) pieces.push_back(bytes.substr(at, offset - at));
    pieces.push_back(insert);
    at = offset;
  }
  if (at < bytes.size()) pieces.push_back(bytes.substr(at));
  return pieces;
}

idx_t WalRecord::Size() const {
  idx_t size = payload.size();
  for (const auto& insert : inserts) size += insert.second.size();
  return size;
}

WalContents ReadWriteAheadLog(FileSystem& fs, const std::string& path, bool recover, idx_t from) {
  auto file = fs.Open(path, FileOpenFlags{});
  const idx_t size = file->Size();
  std::string bytes(size, '\0');
  if (size) file->Read(bytes.data(), size, 0);
  WalContents out;
  if (bytes.size() >= kWalHeaderSize && std::memcmp(bytes.data(), kMagic, 8) == 0 &&
      Get32(bytes.data() + 8) != kVersion) {
    throw IOError(fmt::format(
        "write-ahead log \"{}\" is of format version {}; this Teal reads version {} (open it "
        "with the Teal that wrote it and CHECKPOINT, or remove the log to drop its commits)",
        path, Get32(bytes.data() + 8), kVersion));
  }
  if (!HeaderValid(bytes)) {
    // A crash while the log was created leaves at most its header's bytes, unsynced.
    if (size > kWalHeaderSize && !recover) {
      throw IOError(fmt::format(
          "write-ahead log \"{}\" is corrupt at offset 0: its header does not check out", path));
    }
    out.had_tail = size > 0;
    return out;
  }
  out.salt = Get64(bytes.data() + 16);
  if (from > size) {
    throw IOError(fmt::format(
        "write-ahead log \"{}\" is corrupt: it ends at offset {}, before offset {} where the "
        "database file's last checkpoint says its commits go on",
        path, size, from));
  }
  idx_t offset = std::max(kWalHeaderSize, from);
  idx_t last_marker_end = offset;
  WalTransaction pending;
  while (offset < size) {
    Parsed record = ParseAt(bytes, offset, out.salt);
    if (!record.ok) {
      const bool middle = record.fits && ParseAt(bytes, record.next, out.salt).ok;
      if (middle && !recover) {
        throw IOError(fmt::format(
            "write-ahead log \"{}\" is corrupt at offset {}: a record there fails its checksum "
            "and intact records follow it",
            path, offset));
      }
      break;
    }
    if (record.type == WalRecordType::kFlushMarker) {
      pending.commit_id = record.payload.size() == 8 ? Get64(record.payload.data()) : 0;
      out.transactions.push_back(std::move(pending));
      pending = WalTransaction();
      last_marker_end = record.next;
    } else {
      pending.records.push_back({record.type, std::string(record.payload)});
    }
    offset = record.next;
  }
  out.valid_end = last_marker_end;
  out.had_tail = last_marker_end < size;
  return out;
}

WriteAheadLog::WriteAheadLog(FileSystem& fs, std::string path, idx_t valid_end, uint64_t salt)
    : fs_(fs), path_(std::move(path)) {
  if (!fs_.Exists(path_) || valid_end < kWalHeaderSize) {
    file_ = fs_.Open(path_, FileOpenFlags{.write = true, .create = true, .truncate = true});
    salt_ = NewSalt();
    const std::string header = Header(salt_);
    file_->Write(header.data(), header.size(), 0);
    file_->Sync();
    end_ = kWalHeaderSize;
  } else {
    file_ = fs_.Open(path_, FileOpenFlags{.write = true});
    salt_ = salt;
    if (file_->Size() > valid_end) {
      file_->Truncate(valid_end);
      file_->Sync();
    }
    end_ = valid_end;
  }
  durable_ = end_;
}

WriteAheadLog::~WriteAheadLog() = default;

namespace {
/// Sleeps until `deadline`, the last stretch spinning: a timer wakes late by tens of
/// microseconds, too much for a simulated 1 ms sync.
void SleepUntil(std::chrono::steady_clock::time_point deadline) {
  constexpr auto kSpin = std::chrono::microseconds(200);
  if (std::chrono::steady_clock::now() + kSpin < deadline) {
    std::this_thread::sleep_until(deadline - kSpin);
  }
  while (std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
}
}  // namespace

void WriteAheadLog::Gather() {
  if (!writers_) return;
  // Everyone still writing, and as many commits as the last sync covered: the writers
  // that sync released may not have begun their next transaction yet.
  auto gathered = [&] {
    return writers_->load() <= 0 && appended_commits_.load() - synced_commits_ >= last_batch_;
  };
  if (gathered()) return;
  const auto window =
      std::chrono::nanoseconds(std::min<int64_t>(last_sync_ns_.load() / 2, 5'000'000));
  std::unique_lock<std::mutex> lock(gather_lock_);
  gathered_.wait_until(lock, std::chrono::steady_clock::now() + window, gathered);
}

void WriteAheadLog::Gathered() {
  { std::lock_guard<std::mutex> guard(gather_lock_); }
  gathered_.notify_all();
}

uint64_t WriteAheadLog::NewSalt() {
  return (uint64_t(std::random_device()()) << 32) ^ std::random_device()() ^
         uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
}

std::string WriteAheadLog::Header(uint64_t salt) {
  std::string header(kMagic, 8);
  Put32(header, kVersion);
  Put32(header, 0);
  Put64(header, salt);
  Put64(header, Checksum(header.data(), 24, 0));
  return header;
}

void WriteAheadLog::Reframe(idx_t from, idx_t to, uint64_t salt, std::string& out) {
  std::string bytes(to - from, '\0');
  if (to > from) file_->Read(bytes.data(), to - from, from - shift_);
  idx_t offset = 0;
  while (offset < bytes.size()) {
    const Parsed record = ParseAt(bytes, offset, salt_);
    if (!record.ok) {
      throw IOError(
          fmt::format("write-ahead log \"{}\": the record at offset {} it wrote does "
                      "not read back",
                      path_, from - shift_ + offset));
    }
    AppendFrame(out, record.type, record.payload, salt);
    offset = record.next;
  }
}

bool WriteAheadLog::Restart(idx_t from) {
  const uint64_t salt = NewSalt();
  std::string bytes = Header(salt);
  idx_t copied;
  uint64_t rewinds;
  {
    std::lock_guard<std::mutex> guard(write_lock_);
    if (failed_ || from < shift_ + kWalHeaderSize || from > end_) return false;
    copied = end_;
    rewinds = rewinds_;
  }
  // Step 4. What lies before `copied` stays as written unless a Rewind cuts it (checked
  // under the lock below); only this caller replaces file_.
  const std::string temp = path_ + ".tmp";
  std::unique_ptr<FileHandle> next;
  try {
    Reframe(from, copied, salt, bytes);
    next = fs_.Open(temp, FileOpenFlags{.write = true, .create = true, .truncate = true});
    next->Write(bytes.data(), bytes.size(), 0);
  } catch (const Error&) {
    return false;
  }
  {
    std::unique_lock<std::mutex> lock(sync_lock_);
    synced_.wait(lock, [&] { return !syncing_; });
    syncing_ = true;
  }
  auto release = [&](bool durable) {
    std::lock_guard<std::mutex> guard(sync_lock_);
    if (durable) durable_ = end_;
    syncing_ = false;
    synced_.notify_all();
  };
  std::lock_guard<std::mutex> guard(write_lock_);
  try {
    if (failed_ || rewinds_ != rewinds) throw IOError("the log changed");
    std::string rest;
    Reframe(copied, end_, salt, rest);
    next->Write(rest.data(), rest.size(), bytes.size());
    next->Sync();
  } catch (const Error&) {
    release(false);
    return false;
  }
  // Step 5.
  try {
    fs_.Rename(temp, path_);
  } catch (...) {
    failed_ = true;
    release(false);
    throw;
  }
  file_ = std::move(next);
  shift_ = from - kWalHeaderSize;
  salt_ = salt;
  release(true);
  return true;
}

void WriteAheadLog::ThrowFailed() const {
  throw IOError(fmt::format(
      "write-ahead log \"{}\": an earlier sync failed, so nothing more can be committed "
      "safely; reopen the database (every commit that returned is recovered)",
      path_));
}

idx_t WriteAheadLog::Append(std::span<const WalRecord> records, uint64_t commit_id) {
  std::lock_guard<std::mutex> guard(write_lock_);
  if (failed_) ThrowFailed();
  // The frame headers go in buffer_ (its room reserved first, so views into it stay
  // valid); payloads are written from where they lie — a bulk append's column values
  // are not copied again — in one vectored write per commit. A failed write leaves at
  // most a torn record after end_: the next Append writes over it, and replay stops
  // before it.
  buffer_.clear();
  buffer_.reserve((records.size() + 1) * kWalFrameSize + sizeof(uint64_t));
  std::vector<std::string_view> pieces;
  idx_t bytes = 0;
  for (const WalRecord& record : records) {
    std::vector<std::string_view> parts = record.Pieces();
    const size_t head = buffer_.size();
    AppendFrameHeader(buffer_, record.type, parts, salt_);
    pieces.push_back(std::string_view(buffer_).substr(head, kWalFrameSize));
    pieces.insert(pieces.end(), parts.begin(), parts.end());
    bytes += kWalFrameSize + record.Size();
  }
  std::string marker;
  Put64(marker, commit_id);
  const size_t head = buffer_.size();
  AppendFrame(buffer_, WalRecordType::kFlushMarker, marker, salt_);
  pieces.push_back(std::string_view(buffer_).substr(head));
  bytes += buffer_.size() - head;
  file_->WriteV(pieces, end_ - shift_);
  end_ += bytes;
  appended_commits_++;
  return end_;
}

void WriteAheadLog::SyncUpTo(idx_t offset) {
  std::unique_lock<std::mutex> lock(sync_lock_);
  while (true) {
    if (failed_) ThrowFailed();
    if (durable_ >= offset) return;
    if (syncing_) {
      synced_.wait(lock);
      continue;
    }
    syncing_ = true;
    lock.unlock();
    idx_t target = 0;
    try {
      Gather();
      {
        std::lock_guard<std::mutex> guard(write_lock_);
        target = end_;
        last_batch_ = appended_commits_.load() - synced_commits_;
        synced_commits_ = appended_commits_.load();
      }
      const auto start = std::chrono::steady_clock::now();
      if (fail_next_sync_.exchange(false)) {
        throw IOError(fmt::format(
            "write-ahead log \"{}\": sync failed (debug_force_wal_fsync_failure)", path_));
      }
      file_->Sync();
      if (int delay = sync_delay_ms_.load()) {
        SleepUntil(start + std::chrono::milliseconds(delay));
      }
      last_sync_ns_ = std::chrono::duration_cast<std::chrono::nanoseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
    } catch (...) {
      lock.lock();
      failed_ = true;
      syncing_ = false;
      synced_.notify_all();
      throw;
    }
    syncs_++;
    lock.lock();
    durable_ = std::max(durable_, target);
    syncing_ = false;
    synced_.notify_all();
  }
}

bool WriteAheadLog::Rewind(idx_t to, idx_t expected_end) {
  std::lock_guard<std::mutex> guard(write_lock_);
  if (end_ != expected_end || to < shift_ + kWalHeaderSize || to > end_) return false;
  {
    // Only the one commit that is not durable yet: another one in the failed sync may or
    // may not have reached the disk.
    std::lock_guard<std::mutex> sync_guard(sync_lock_);
    if (durable_ != to) return false;
  }
  try {
    rewinds_++;
    file_->Truncate(to - shift_);
    file_->Sync();
  } catch (const Error&) {
    return false;
  }
  end_ = to;
  std::lock_guard<std::mutex> sync_guard(sync_lock_);
  durable_ = std::min(durable_, to);
  failed_ = false;
  return true;
}

idx_t WriteAheadLog::Size() const {
  std::lock_guard<std::mutex> guard(write_lock_);
  return end_;
}

uint64_t WriteAheadLog::Salt() const {
  std::lock_guard<std::mutex> guard(write_lock_);
  return salt_;
}

idx_t WriteAheadLog::FileOffset(idx_t offset) const {
  std::lock_guard<std::mutex> guard(write_lock_);
  return offset - shift_;
}

idx_t WriteAheadLog::DurableOffset() const {
  std::lock_guard<std::mutex> guard(sync_lock_);
  return durable_;
}

}  // namespace teal
