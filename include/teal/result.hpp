// include/teal/result.hpp — the result of one statement: a stream of chunks.
//
// A result streams by default: iterating it (or NextChunk) produces each chunk as the
// engine computes it, and a chunk is gone once the next one is fetched. Calling
// Materialize — or any of the whole-result accessors RowCount, GetValue, Chunks —
// pulls the remaining rows into memory first; after that the rows can be read in any
// order and iterated again. A result that was partly consumed as a stream cannot be
// materialised any more (InvalidInputError). Not thread-safe.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/chunk.hpp"
#include "teal/logical_type.hpp"
#include "teal/statement_type.hpp"
#include "teal/value.hpp"

namespace teal {

class DataChunk;

/// Where a streaming result gets its chunks from (the executor). Engine-internal.
class ResultStream {
 public:
  virtual ~ResultStream() = default;
  /// The next chunk (flat vectors), or nullptr at the end.
  virtual std::unique_ptr<DataChunk> Next() = 0;
};

class Result {
 public:
  /// A materialised result.
  Result(StatementType type, std::vector<std::string> names, std::vector<LogicalType> types,
         std::vector<std::unique_ptr<DataChunk>> chunks);
  /// A streaming result.
  Result(StatementType type, std::vector<std::string> names, std::vector<LogicalType> types,
         std::unique_ptr<ResultStream> stream);
  Result(Result&&) noexcept;
  Result& operator=(Result&&) noexcept;
  ~Result();

  /// The kind of statement that produced this result.
  StatementType Type() const { return type_; }
  /// True for statements whose rows are their answer (SELECT, PRAGMA, EXPLAIN …);
  /// false for INSERT and DDL, whose result is a row count or nothing.
  bool ReturnsRows() const;
  /// Engine-internal: marks the result of an INSERT, UPDATE or DELETE … RETURNING, whose
  /// rows are its answer (ReturnsRows() is then true).
  void SetReturning() { returning_ = true; }

  idx_t ColumnCount() const { return types_.size(); }
  /// The name and type of `column` (0-based). Throw InvalidInputError when out of range.
  const std::string& ColumnName(idx_t column) const;
  const LogicalType& ColumnType(idx_t column) const;
  const std::vector<std::string>& ColumnNames() const { return names_; }
  const std::vector<LogicalType>& ColumnTypes() const { return types_; }

  // ---- streaming ----------------------------------------------------------------------

  /// The next chunk, or nullptr when there are no more. The previous chunk becomes
  /// invalid. On a materialised result this walks the stored chunks. A streaming result
  /// computes the chunk now, so this throws what the statement throws (e.g.
  /// OutOfMemoryError); the stream ends after an error.
  const Chunk* NextChunk();
  /// Starts iterating a materialised result from its first chunk again.
  void Rewind();

  class Iterator {
   public:
    using value_type = Chunk;
    using difference_type = std::ptrdiff_t;
    Iterator() = default;
    explicit Iterator(Result* result) : result_(result), chunk_(result->NextChunk()) {}
    const Chunk& operator*() const { return *chunk_; }
    const Chunk* operator->() const { return chunk_; }
    Iterator& operator++() {
      chunk_ = result_->NextChunk();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.chunk_ == b.chunk_; }

   private:
    Result* result_ = nullptr;
    const Chunk* chunk_ = nullptr;
  };
  /// Iterates the chunks (streaming: each chunk is fetched as the loop advances).
  Iterator begin() {
    Rewind();
    return Iterator(this);
  }
  Iterator end() { return Iterator(); }

  // ---- materialised access -----------------------------------------------------------

  /// Pulls every remaining row into memory. Throws InvalidInputError when the stream
  /// was already partly consumed.
  void Materialize() const;
  idx_t RowCount() const;
  /// The value at (column, row). Throws InvalidInputError when out of range.
  Value GetValue(idx_t column, idx_t row) const;
  /// The chunks holding the rows, in order.
  const std::vector<std::unique_ptr<DataChunk>>& Chunks() const;

 private:
  /// The stream's next non-empty chunk, or nullptr at its end. A failure is remembered
  /// and thrown again by every later read, so a failed result never looks complete.
  std::unique_ptr<DataChunk> NextFromStream(std::string_view call) const;

  StatementType type_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  mutable std::vector<std::unique_ptr<DataChunk>> chunks_;
  mutable std::vector<idx_t> chunk_starts_;  // first row of each chunk
  mutable idx_t row_count_ = 0;
  mutable std::unique_ptr<ResultStream> stream_;
  mutable bool consumed_ = false;       // some streamed chunk was handed out and dropped
  mutable std::exception_ptr failure_;  // what ended the stream early, if anything
  std::unique_ptr<DataChunk> current_;  // the streamed chunk being read
  Chunk view_;
  idx_t next_chunk_ = 0;  // for iterating a materialised result
  bool returning_ = false;
};

}  // namespace teal
