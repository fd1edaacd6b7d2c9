// DatabaseFile: the database file (x.teal) — its headers, its checksummed blocks, which
// blocks are free, and the chains of blocks a checkpoint writes and open reads back.
//
// File format (version 1; integers little-endian):
//   main header, 4096 bytes at offset 0 (written once, when the file is created):
//     0  8  magic "TEAL-DB" and a zero byte
//     8  4  format version (1)
//    12  4  block size (262144)
//    16  8  Checksum (storage/checksum.hpp: XXH3, 64 bits) of bytes 0..15, seed 0
//    24     zero
//   database headers, 4096 bytes each, slot 0 at offset 4096 and slot 1 at 8192:
//     0  8  iteration: checkpoint n writes slot n % 2; the valid header with the highest
//           iteration is the database's
//     8  8  first block of the checkpoint's chain (kNoBlock: nothing checkpointed)
//    16  8  how many blocks the file had when it was written
//    24  8  salt of the write-ahead log whose commits up to `log offset` it holds
//    32  8  log offset: where in that log the commits it does not hold begin
//    40  8  Checksum of bytes 0..39, seed 0
//    48     zero
//   blocks of 262144 bytes, block i at offset 12288 + i × 262144:
//     0  8  Checksum of bytes 8..262143 of the block, seed i (a block read from the wrong
//           place does not check out)
//     8  8  next block of its chain (kNoBlock: the last)
//    16  4  payload bytes used
//    20  4  zero
//    24     payload (what storage/checkpoint.hpp writes), then zeros
//
// Rules (the checkpoint's half of crash safety):
//   1. A checkpoint writes its chain into blocks the active header's chain does not use,
//      syncs, then writes the other header slot, syncs. A crash before that sync leaves the
//      active header and its chain whole: either the old or the new state.
//   2. After a header is durable the previous chain's blocks are free for the next
//      checkpoint (reused lowest first; the file grows only when none is free).
//   3. A header write whose sync failed leaves its state unknown (it may be on disk and
//      point at its chain): the file refuses further checkpoints until it is reopened.
//   4. A new file is created whole (main header, slot 0 at iteration 0) and synced; a
//      file whose bytes are a prefix of that (a crash during creation) is created again.
//
// Not thread-safe: the checkpoint lock serialises its writers; Load runs before others
// can reach the database.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "os/file_system.hpp"

namespace teal {

inline constexpr idx_t kBlockSize = 256 * 1024;
inline constexpr idx_t kBlockHeaderSize = 24;
inline constexpr idx_t kBlockPayload = kBlockSize - kBlockHeaderSize;
inline constexpr uint64_t kNoBlock = ~uint64_t(0);

struct DatabaseHeader {
  uint64_t iteration = 0;
  uint64_t first_block = kNoBlock;
  uint64_t block_count = 0;
  uint64_t log_salt = 0;
  uint64_t log_offset = 0;
};

class DatabaseFile {
 public:
  /// Takes the open file: creates the headers of an empty (or half-created, rule 4) one,
  /// reads those of an existing one and the blocks its chain uses. Throws IOError naming
  /// the file when it is not a Teal database, of another format version, or neither
  /// header checks out. `read_only`: nothing is written.
  DatabaseFile(std::unique_ptr<FileHandle> file, bool read_only);

  const DatabaseHeader& Header() const { return header_; }
  const std::string& Path() const { return file_->Path(); }
  FileHandle& File() { return *file_; }
  /// Blocks in the file (in use or free).
  uint64_t BlockCount() const { return block_count_; }
  /// The blocks the active header's chain uses, in chain order.
  const std::vector<uint64_t>& UsedBlocks() const { return used_; }

  /// Reads a chain's bytes in order, checking every block.
  class ChainReader {
   public:
    ChainReader(DatabaseFile& file, uint64_t first);
    /// Fills `bytes` bytes of `out`; IOError when the chain ends first or a block fails
    /// its checksum.
    void Read(void* out, idx_t bytes);
    bool AtEnd();
    /// Reads (and so checks) every block left of the chain without returning its bytes;
    /// returns how many.
    uint64_t CheckRest();
    std::string What() const;

   private:
    void Load(uint64_t block);

    DatabaseFile& file_;
    std::string block_;
    uint64_t current_ = kNoBlock;
    uint64_t next_ = kNoBlock;
    idx_t used_ = 0, position_ = 0;
  };

  /// Writes a new chain into free blocks (rule 1), a block at a time.
  class ChainWriter {
   public:
    explicit ChainWriter(DatabaseFile& file);
    void Write(const void* data, idx_t bytes);
    /// Writes the last block and syncs the file; returns the chain's first block.
    uint64_t Finish();
    const std::vector<uint64_t>& Blocks() const { return blocks_; }

   private:
    void Flush(uint64_t next);

    DatabaseFile& file_;
    std::string block_;
    std::vector<uint64_t> blocks_;
    uint64_t free_cursor_ = 0;
  };

  /// Rule 1's second half and rule 2: writes the header of the chain `writer` finished,
  /// holding the log's commits before `log_offset` (of the log with `log_salt`), into the
  /// inactive slot and syncs; the old chain's blocks become free.
  void Commit(const ChainWriter& writer, uint64_t first_block, uint64_t log_salt,
              uint64_t log_offset);

 private:
  friend class ChainReader;
  friend class ChainWriter;

  static std::string CreationBytes();
  /// Reads the header in `slot`; false when it does not check out.
  bool ReadHeader(int slot, DatabaseHeader* out);
  /// Follows the active chain's next pointers (block headers only) into used_.
  void FindUsedBlocks();
  /// The next block at or after `*cursor` that the active chain does not use (past the
  /// file's end when none is free); moves the cursor past it.
  uint64_t Allocate(uint64_t* cursor);

  std::unique_ptr<FileHandle> file_;
  bool read_only_;
  bool failed_ = false;  // rule 3
  DatabaseHeader header_;
  uint64_t block_count_ = 0;
  std::vector<uint64_t> used_;
  std::vector<bool> in_use_;  // by block
};

}  // namespace teal
