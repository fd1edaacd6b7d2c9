// CsvWriter: rows to a CSV or text file, for COPY … TO.
//
// Values are written as their cast to VARCHAR. In PostgreSQL's text format (COPY's
// default) nothing is quoted: a backslash, a line break, a tab and the delimiter are
// written as backslash escapes, NULL as \N. In CSV a value is quoted when it holds the
// delimiter, the quote, the escape or a line break, when it is the NULL string (so that an
// empty string and NULL read back apart: NULL is written as the NULL string, by default
// nothing, and an empty string as ""), or when its column is in force_quote. A quote or
// escape inside a quoted value is preceded by the escape character.
//
// The file appears whole or not at all: the rows go to `path`.tmp, renamed to `path` by
// Finish. A writer destroyed without Finish removes its temporary file. With compression
// gzip, or auto and a name ending in .gz, the file is gzip (through zlib).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "function/table/csv_options.hpp"
#include "os/file_system.hpp"
#include "vector/data_chunk.hpp"

// zlib's file handle (zlib.h is included where it is used).
struct gzFile_s;

namespace teal {

class CsvWriter {
 public:
  /// Opens the temporary file (IOError naming it when that fails) and writes the header
  /// when options.header (PostgreSQL's default: none).
  CsvWriter(std::string path, const CsvOptions& options, const std::vector<std::string>& names,
            const std::vector<LogicalType>& types);
  ~CsvWriter();
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;

  void Write(const DataChunk& chunk);
  /// Writes what is buffered, makes it durable and puts the file in place.
  void Finish();
  idx_t Rows() const { return rows_; }

 private:
  void WriteValue(std::string_view text, bool force_quote);
  void Flush();

  std::string path_;
  std::string temp_path_;
  std::unique_ptr<FileHandle> file_;  // a plain file
  ::gzFile_s* gz_ = nullptr;          // or a gzip one
  std::string delimiter_;
  char quote_;
  char escape_;
  std::string null_string_;
  bool text_format_;
  std::vector<bool> force_quote_;
  std::vector<LogicalType> types_;
  std::string buffer_;
  idx_t offset_ = 0;
  idx_t rows_ = 0;
  bool finished_ = false;
};

}  // namespace teal
