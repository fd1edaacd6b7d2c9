// WriteAheadLog: the log file next to a database (<db>.wal) — record framing, the group
// commit of its syncs, and reading it back for replay.
//
// File format (version 2; integers little-endian; version 1 checksummed with XXH64):
//   header, 32 bytes at offset 0:
//     0  8  magic "TEAL-WAL"
//     8  4  format version (2)
//    12  4  zero
//    16  8  salt: a number chosen when the log is created (records of an older log that
//           a reused file still holds cannot pass for records of this one)
//    24  8  Checksum (storage/checksum.hpp: XXH3, 64 bits) of bytes 0..23, seed 0
//   then records, back to back:
//     0  4  payload length N
//     4  1  type (WalRecordType)
//     5  3  zero
//     8  8  Checksum of bytes 0..7 of this frame and the N payload bytes, seed = salt
//    16  N  payload
// A transaction's records end with a kFlushMarker record whose payload is its commit id
// (8 bytes). Replay applies the records of a transaction only when its marker is intact.
//
// Reading (ReadWriteAheadLog) stops at the first record that does not check out:
//   1. If it or what follows it cannot be a whole record (the length runs past the end of
//      the file, or the bytes after it are not a valid record), it is a torn tail — what
//      a crash during a write leaves — and the log is valid up to the last intact marker.
//   2. If a valid record follows it, the damage is in the middle of an intact log: an
//      IOError naming the file and the offset, unless `recover` is set — then the log is
//      valid up to the last intact marker before the damage, as for a torn tail (opening
//      a database offers it as the open option wal_recovery = 'truncate').
//
// Offsets: Append, SyncUpTo, Size and Rewind speak of logical offsets, which only grow
// for the life of the WriteAheadLog object; the file's own offsets are logical ones less
// Shift(). A checkpoint's Restart(from) replaces the file (steps 4–6 below) and moves the
// shift, so a commit that waits in SyncUpTo across it waits for the same bytes.
//
// Group commit protocol (numbered so the commit path can name its steps):
//   1. Append(records, commit id) frames the records and the marker and writes them at the
//      end of the file under the log's lock, and returns the end offset.
//   2. SyncUpTo(offset) runs without that lock. If the durable offset already covers
//      `offset` it returns at once; otherwise one caller syncs everything written so far
//      while the others wait for it, and all whose offsets that covers return.
//   2a. Before it syncs, the syncing caller gathers: while other transactions are still
//      writing (a count the transaction manager keeps: open transactions whose commit is
//      not yet in the log), or fewer commits wait than the last sync covered (the writers
//      it released may not have begun their next transaction yet), it waits for commits
//      to be appended — until that holds or half the duration of the last sync has passed
//      — so that one sync covers them (PostgreSQL's commit_delay, with an end as soon as
//      nobody is left to wait for).
//      Without this, commits released by one sync start their next ones while the next
//      sync already runs, and the writers split into cohorts that alternate syncs.
//   3. A failed sync leaves the log failed: that SyncUpTo and every later Append and
//      SyncUpTo throw IOError (the database must be reopened; replay then recovers every
//      commit whose SyncUpTo returned).
//
// Restart protocol (after a checkpoint holds every commit logged before `from`):
//   4. The records from `from` to the end are framed again under a new salt into
//      <log>.tmp (most of them before the log's lock is taken; the rest, and the sync of
//      the new file, with appends held and the syncing role taken, so no other sync runs).
//   5. <log>.tmp replaces the log by a durable rename. A crash before the rename leaves
//      the old log, whose salt the checkpoint's header names with `from`: open replays it
//      from `from`. A crash after leaves the new log under a salt the header does not
//      name: open replays it whole.
//   6. A failure before the rename leaves the old log in use (Restart returns false); a
//      failed rename leaves the log failed (rule 3), as nobody knows which file the
//      directory keeps.
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "os/file_system.hpp"

namespace teal {

enum class WalRecordType : uint8_t {
  kFlushMarker = 1,  // ends a transaction; payload: its commit id
  kCatalog = 2,      // a catalog change
  kAppend = 3,       // rows appended to a table
  kDelete = 4,       // rows deleted
  kUpdate = 5,       // values of rows changed
  kSequence = 6,     // a sequence's position
};

struct WalRecord {
  WalRecord(WalRecordType record_type, std::string bytes = {})
      : type(record_type), payload(std::move(bytes)) {}

  WalRecordType type;
  std::string payload;
  /// Bulk bytes referenced where they lie instead of copied into `payload` (a bulk
  /// append's column values): the record's bytes are `payload` with each of these put in
  /// at its offset into it (offsets in order). Empty for most records.
  std::vector<std::pair<idx_t, std::string_view>> inserts;
  /// Owners of the memory `inserts` view, held by the record: a stored vector can be
  /// replaced (an UPDATE by another transaction copies it) and freed while a commit logs.
  std::vector<std::shared_ptr<const void>> keep_alive;

  /// The record's bytes as pieces, in order.
  std::vector<std::string_view> Pieces() const;
  idx_t Size() const;
};

/// One committed transaction read back from a log.
struct WalTransaction {
  uint64_t commit_id = 0;
  std::vector<WalRecord> records;
};

struct WalContents {
  std::vector<WalTransaction> transactions;
  /// Where the intact log ends (after the last intact marker); replay truncates the file
  /// here before appending.
  idx_t valid_end = 0;
  /// Whether bytes followed the intact part (a torn tail, or recovered damage).
  bool had_tail = false;
  uint64_t salt = 0;
};

inline constexpr idx_t kWalHeaderSize = 32;
inline constexpr idx_t kWalFrameSize = 16;

/// Reads the log at `path` (which must exist) from file offset `from` (a record's start;
/// 0 is the first record). A file shorter than its header, or whose header does not check
/// out, holds no transaction (a crash while it was created).
WalContents ReadWriteAheadLog(FileSystem& fs, const std::string& path, bool recover = false,
                              idx_t from = 0);
/// The salt in the header of the log at `path`, or 0 when it has no valid header.
uint64_t WriteAheadLogSalt(FileSystem& fs, const std::string& path);

class WriteAheadLog {
 public:
  /// Opens the log at `path`, creating it (with its header, synced) when it does not
  /// exist or holds no valid header; otherwise it continues after `valid_end` (from
  /// ReadWriteAheadLog), cutting off whatever follows.
  WriteAheadLog(FileSystem& fs, std::string path, idx_t valid_end = 0, uint64_t salt = 0);
  ~WriteAheadLog();

  /// Step 1: writes `records` and a marker for `commit_id`; returns the end offset.
  idx_t Append(std::span<const WalRecord> records, uint64_t commit_id);
  /// Step 2: returns once everything up to `offset` is durable.
  void SyncUpTo(idx_t offset);

  /// After a failed sync that covered one commit alone — everything before `to` (its
  /// start) is durable and the log still ends at `expected_end` (its end) — cuts the log
  /// back to `to`, syncs, and clears the failed state, so the commit can roll back without
  /// coming back at replay. False, changing nothing, otherwise or when the cut fails (then
  /// the log stays failed).
  bool Rewind(idx_t to, idx_t expected_end);

  /// Steps 4–6: makes the log hold only the records from logical offset `from` on.
  /// True when it did; false when it kept the old file (an I/O error before the rename).
  /// Throws IOError, leaving the log failed, when the rename failed. One caller at a time
  /// (the checkpoint's).
  bool Restart(idx_t from);

  idx_t Size() const;
  idx_t DurableOffset() const;
  uint64_t Salt() const;
  /// The offset in the file of logical offset `offset` (Restart moves it).
  idx_t FileOffset(idx_t offset) const;
  bool Failed() const { return failed_.load(); }
  /// How many syncs it has done (each covers every commit written before it).
  uint64_t Syncs() const { return syncs_.load(); }

  /// Step 2a: `writers` counts the transactions still writing (the log outlives neither
  /// it nor its owner); Gathered() is called when it drops.
  void SetWriters(const std::atomic<int64_t>* writers) { writers_ = writers; }
  void Gathered();

  /// Testing settings: each sync takes at least this long (a slow disk), and failing the
  /// next sync.
  void SetSyncDelay(int milliseconds) { sync_delay_ms_ = milliseconds; }
  void FailNextSync() { fail_next_sync_ = true; }

 private:
  /// The log's header under `salt`.
  static std::string Header(uint64_t salt);
  static uint64_t NewSalt();
  /// Reads logical [from, to) of the current file and appends its records, framed under
  /// `salt`, to `out`. write_lock_ held, or the bytes already written and not rewound.
  void Reframe(idx_t from, idx_t to, uint64_t salt, std::string& out);
  [[noreturn]] void ThrowFailed() const;
  /// Step 2a, by the syncing caller.
  void Gather();

  FileSystem& fs_;
  std::string path_;
  std::unique_ptr<FileHandle> file_;  // write_lock_ and the syncing role to replace it
  uint64_t salt_ = 0;                 // write_lock_

  mutable std::mutex write_lock_;  // Append, Rewind, Restart
  idx_t end_ = 0;                  // write_lock_; logical
  idx_t shift_ = 0;                // write_lock_: logical less file offset
  uint64_t rewinds_ = 0;           // write_lock_: Rewind calls that cut the log
  std::string buffer_;             // write_lock_: the frames being written

  mutable std::mutex sync_lock_;
  std::condition_variable synced_;
  idx_t durable_ = 0;     // sync_lock_
  bool syncing_ = false;  // sync_lock_
  std::atomic<bool> failed_{false};
  std::atomic<uint64_t> syncs_{0};
  std::atomic<int> sync_delay_ms_{0};
  const std::atomic<int64_t>* writers_ = nullptr;
  std::mutex gather_lock_;
  std::condition_variable gathered_;
  std::atomic<int64_t> last_sync_ns_{0};
  std::atomic<uint64_t> appended_commits_{0};  // Append calls (written under write_lock_)
  uint64_t synced_commits_ = 0;  // appended_commits_ when the last sync took its target
  uint64_t last_batch_ = 0;      // how many commits the last sync covered
  std::atomic<bool> fail_next_sync_{false};
};

}  // namespace teal
