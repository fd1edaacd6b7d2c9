// DatabaseFile: headers, block checksums and the free blocks of the database file.
#include "storage/database_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "storage/checksum.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

constexpr char kMagic[8] = {'T', 'E', 'A', 'L', '-', 'D', 'B', '\0'};
constexpr uint32_t kVersion = 1;
constexpr idx_t kHeaderSize = 4096;
constexpr idx_t kFirstBlockOffset = 3 * kHeaderSize;
constexpr idx_t kHeaderFields = 40;

template <class T>
void Put(char* at, T value) {
  std::memcpy(at, &value, sizeof(T));
}
template <class T>
T Get(const char* at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

idx_t BlockOffset(uint64_t block) { return kFirstBlockOffset + block * kBlockSize; }

std::string HeaderBytes(const DatabaseHeader& header) {
  std::string bytes(kHeaderSize, '\0');
  Put<uint64_t>(&bytes[0], header.iteration);
  Put<uint64_t>(&bytes[8], header.first_block);
  Put<uint64_t>(&bytes[16], header.block_count);
  Put<uint64_t>(&bytes[24], header.log_salt);
  Put<uint64_t>(&bytes[32], header.log_offset);
  Put<uint64_t>(&bytes[kHeaderFields], Checksum(bytes.data(), kHeaderFields, 0));
  return bytes;
}

}  // namespace

std::string DatabaseFile::CreationBytes() {
  std::string bytes(kHeaderSize, '\0');
  std::memcpy(bytes.data(), kMagic, 8);
  Put<uint32_t>(&bytes[8], kVersion);
  Put<uint32_t>(&bytes[12], static_cast<uint32_t>(kBlockSize));
  Put<uint64_t>(&bytes[16], Checksum(bytes.data(), 16, 0));
  return bytes + HeaderBytes(DatabaseHeader{});
}

DatabaseFile::DatabaseFile(std::unique_ptr<FileHandle> file, bool read_only)
    : file_(std::move(file)), read_only_(read_only) {
  const std::string creation = CreationBytes();
  const idx_t size = file_->Size();
  std::string start(std::min<idx_t>(size, creation.size()), '\0');
  if (!start.empty()) file_->Read(start.data(), start.size(), 0);
  if (size <= creation.size() && creation.compare(0, start.size(), start) == 0) {
    // Rule 4: empty, or what a crash during creation left.
    if (read_only_) {
      throw IOError(fmt::format(
          "cannot open \"{}\" read-only: it is not a database yet (open it for writing once)",
          Path()));
    }
    file_->Write(creation.data(), creation.size(), 0);
    file_->Truncate(creation.size());
    file_->Sync();
    return;
  }
  if (start.size() < 24 || std::memcmp(start.data(), kMagic, 8) != 0 ||
      Get<uint64_t>(&start[16]) != Checksum(start.data(), 16, 0)) {
    throw IOError(fmt::format("\"{}\" is not a Teal database file", Path()));
  }
  if (Get<uint32_t>(&start[8]) != kVersion || Get<uint32_t>(&start[12]) != kBlockSize) {
    throw IOError(fmt::format(
        "\"{}\" is a Teal database of format version {} (block size {}); this Teal reads "
        "version {}",
        Path(), Get<uint32_t>(&start[8]), Get<uint32_t>(&start[12]), kVersion));
  }
  DatabaseHeader slots[2];
  const bool valid[2] = {ReadHeader(0, &slots[0]), ReadHeader(1, &slots[1])};
  if (!valid[0] && !valid[1]) {
    throw IOError(
        fmt::format("database file \"{}\" is corrupt: neither of its headers checks out", Path()));
  }
  header_ =
      !valid[1] || (valid[0] && slots[0].iteration > slots[1].iteration) ? slots[0] : slots[1];
  block_count_ = size > kFirstBlockOffset ? (size - kFirstBlockOffset) / kBlockSize : 0;
  FindUsedBlocks();
}

bool DatabaseFile::ReadHeader(int slot, DatabaseHeader* out) {
  const idx_t offset = kHeaderSize * (slot + 1);
  if (file_->Size() < offset + kHeaderSize) return false;
  std::string bytes(kHeaderSize, '\0');
  file_->Read(bytes.data(), kHeaderSize, offset);
  if (Get<uint64_t>(&bytes[kHeaderFields]) != Checksum(bytes.data(), kHeaderFields, 0)) {
    return false;
  }
  out->iteration = Get<uint64_t>(&bytes[0]);
  out->first_block = Get<uint64_t>(&bytes[8]);
  out->block_count = Get<uint64_t>(&bytes[16]);
  out->log_salt = Get<uint64_t>(&bytes[24]);
  out->log_offset = Get<uint64_t>(&bytes[32]);
  return true;
}

void DatabaseFile::FindUsedBlocks() {
  in_use_.assign(block_count_, false);
  for (uint64_t block = header_.first_block; block != kNoBlock;) {
    if (block >= block_count_ || in_use_[block]) {
      throw IOError(fmt::format(
          "database file \"{}\" is corrupt: its chain of blocks names block {} (of {}) {}", Path(),
          block, block_count_, block < block_count_ ? "twice" : "past its end"));
    }
    in_use_[block] = true;
    used_.push_back(block);
    char head[16];
    file_->Read(head, sizeof(head), BlockOffset(block));
    block = Get<uint64_t>(head + 8);
  }
}

uint64_t DatabaseFile::Allocate(uint64_t* cursor) {
  while (*cursor < block_count_ && in_use_[*cursor]) ++*cursor;
  return (*cursor)++;
}

// ---- ChainReader ----------------------------------------------------------------------

DatabaseFile::ChainReader::ChainReader(DatabaseFile& file, uint64_t first)
    : file_(file), block_(kBlockSize, '\0'), next_(first) {}

std::string DatabaseFile::ChainReader::What() const {
  return fmt::format("database file \"{}\" (block {})", file_.Path(), current_);
}

void DatabaseFile::ChainReader::Load(uint64_t block) {
  current_ = block;
  if (block >= file_.block_count_) {
    throw IOError(
        fmt::format("database file \"{}\" is corrupt: its chain names block {} past its end",
                    file_.Path(), block));
  }
  file_.file_->Read(block_.data(), kBlockSize, BlockOffset(block));
  if (Get<uint64_t>(block_.data()) != Checksum(block_.data() + 8, kBlockSize - 8, block)) {
    throw IOError(
        fmt::format("database file \"{}\" is corrupt: block {} (at offset {}) fails its checksum",
                    file_.Path(), block, BlockOffset(block)));
  }
  next_ = Get<uint64_t>(block_.data() + 8);
  used_ = Get<uint32_t>(block_.data() + 16);
  if (used_ > kBlockPayload) {
    throw IOError(fmt::format("database file \"{}\" is corrupt: block {} says it holds {} bytes",
                              file_.Path(), block, used_));
  }
  position_ = 0;
}

bool DatabaseFile::ChainReader::AtEnd() {
  while (position_ == used_) {
    if (next_ == kNoBlock) return true;
    Load(next_);
  }
  return false;
}

uint64_t DatabaseFile::ChainReader::CheckRest() {
  uint64_t blocks = 0;
  for (; next_ != kNoBlock; blocks++) Load(next_);
  position_ = used_;
  return blocks;
}

void DatabaseFile::ChainReader::Read(void* out, idx_t bytes) {
  auto* at = static_cast<char*>(out);
  while (bytes > 0) {
    if (AtEnd()) {
      throw IOError(
          fmt::format("database file \"{}\" is corrupt: its checkpoint ends early", file_.Path()));
    }
    const idx_t n = std::min(bytes, used_ - position_);
    std::memcpy(at, block_.data() + kBlockHeaderSize + position_, n);
    position_ += n;
    at += n;
    bytes -= n;
  }
}

// ---- ChainWriter ----------------------------------------------------------------------

DatabaseFile::ChainWriter::ChainWriter(DatabaseFile& file) : file_(file) {
  if (file_.read_only_) throw IOError(fmt::format("\"{}\" is open read-only", file_.Path()));
  if (file_.failed_) {
    throw IOError(fmt::format(
        "database file \"{}\": an earlier checkpoint failed while writing its header; reopen "
        "the database to checkpoint again (no commit is lost: the write-ahead log holds them)",
        file_.Path()));
  }
  block_.reserve(kBlockSize);
  block_.resize(kBlockHeaderSize);
  blocks_.push_back(file_.Allocate(&free_cursor_));
}

void DatabaseFile::ChainWriter::Write(const void* data, idx_t bytes) {
  const auto* at = static_cast<const char*>(data);
  while (bytes > 0) {
    if (block_.size() == kBlockSize) {
      const uint64_t next = file_.Allocate(&free_cursor_);
      Flush(next);
      blocks_.push_back(next);
    }
    const idx_t n = std::min(bytes, kBlockSize - block_.size());
    block_.append(at, n);
    at += n;
    bytes -= n;
  }
}

void DatabaseFile::ChainWriter::Flush(uint64_t next) {
  const uint64_t block = blocks_.back();
  const auto used = static_cast<uint32_t>(block_.size() - kBlockHeaderSize);
  block_.resize(kBlockSize, '\0');
  Put<uint64_t>(&block_[8], next);
  Put<uint32_t>(&block_[16], used);
  Put<uint32_t>(&block_[20], 0);
  Put<uint64_t>(&block_[0], Checksum(block_.data() + 8, kBlockSize - 8, block));
  file_.file_->Write(block_.data(), kBlockSize, BlockOffset(block));
  block_.resize(kBlockHeaderSize);
}

uint64_t DatabaseFile::ChainWriter::Finish() {
  Flush(kNoBlock);
  file_.file_->Sync();
  return blocks_.front();
}

void DatabaseFile::Commit(const ChainWriter& writer, uint64_t first_block, uint64_t log_salt,
                          uint64_t log_offset) {
  DatabaseHeader next;
  next.iteration = header_.iteration + 1;
  next.first_block = first_block;
  const auto& blocks = writer.Blocks();
  const uint64_t blocks_after =
      std::max(block_count_, *std::max_element(blocks.begin(), blocks.end()) + 1);
  next.block_count = blocks_after;
  next.log_salt = log_salt;
  next.log_offset = log_offset;
  const std::string bytes = HeaderBytes(next);
  try {
    file_->Write(bytes.data(), bytes.size(), kHeaderSize * (next.iteration % 2 + 1));
    file_->Sync();
  } catch (...) {
    failed_ = true;  // rule 3
    throw;
  }
  header_ = next;
  block_count_ = blocks_after;
  in_use_.assign(block_count_, false);
  for (uint64_t block : blocks) in_use_[block] = true;
  used_ = blocks;
}

}  // namespace teal
