// The payloads of the write-ahead log's records (storage/write_ahead_log.hpp frames them).
//
// Version 1; integers little-endian. A table is named by its oid (DataTable::Oid), which
// its creating record gives it; row ids are the table's row ids in the writing process,
// which replay maps to the row ids the replayed rows get.
//   kCatalog   u64 oid of the table the statement creates or leaves (0: none)
//              u64 oid of the table it replaces or drops (0: none)
//              u32 n, n bytes: the table's name after the statement (empty: none)
//              the rest: the statement's SQL text
//   kAppend    u64 oid, u64 row id of the first row, u32 count, then every column's
//              EncodeVector (storage/vector_codec.hpp) of the rows
//   kDelete    u64 oid, u32 n, n × u64 row ids
//   kUpdate    u64 oid, u32 column, u32 n, n × u64 row ids, EncodeVector of the n values
//   kSequence  u32 n, n bytes: the sequence's name, u8 1 when it has handed out a value,
//              i64 the last value it handed out
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "teal/error.hpp"

namespace teal {

class PayloadWriter {
 public:
  explicit PayloadWriter(std::string& out) : out_(out) {}
  template <class T>
  void Put(T value) {
    out_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  void PutText(std::string_view text) {
    Put<uint32_t>(static_cast<uint32_t>(text.size()));
    out_.append(text);
  }
  void PutRest(std::string_view bytes) { out_.append(bytes); }
  std::string& Out() { return out_; }

 private:
  std::string& out_;
};

/// Reads a payload; bytes that run out are an IOError naming `what`.
class PayloadReader {
 public:
  PayloadReader(std::string_view in, std::string what) : in_(in), what_(std::move(what)) {}
  template <class T>
  T Get() {
    T value;
    std::memcpy(&value, Take(sizeof(T)).data(), sizeof(T));
    return value;
  }
  std::string_view Text() { return Take(Get<uint32_t>()); }
  std::string_view Rest() {
    std::string_view rest = in_;
    in_ = {};
    return rest;
  }
  std::string_view Take(size_t bytes) {
    if (bytes > in_.size()) {
      throw IOError(
          fmt::format("{} is corrupt: a record ends {} bytes early", what_, bytes - in_.size()));
    }
    std::string_view taken = in_.substr(0, bytes);
    in_.remove_prefix(bytes);
    return taken;
  }
  std::string_view& Remaining() { return in_; }
  const std::string& What() const { return what_; }

 private:
  std::string_view in_;
  std::string what_;
};

}  // namespace teal
