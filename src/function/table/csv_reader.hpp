// CsvRowReader: splits a CSV file into rows of fields, a batch at a time, for the sniffer
// (function/table/csv_sniffer.hpp) and the scan (execution/csv_scan.hpp).
//
// The grammar (RFC 4180, widened the way files in the wild need):
//   - A row ends at \n, \r\n or \r outside quotes; a field ends at the delimiter (1 to 4
//     bytes; none when empty: a row is one field). Both may appear inside a quoted field.
//   - A field that starts with the quote character is quoted: it runs to the next quote
//     not escaped; inside it the escape character (by default the quote itself, doubled)
//     makes the next character literal. Text after the closing quote and before the
//     delimiter is an error in strict mode, and is kept (unquoted) otherwise.
//   - With a comment character, a line that starts with it is skipped, and an unquoted
//     comment character ends the row's data (the rest of the line is skipped).
//   - A line with no bytes is skipped when the file has more than one column (it would
//     be one NULL in a one-column file, so it is a row there).
//
// Fields are views into the reader's buffer, valid until the next ReadRows; a field with
// escapes is returned raw (`escaped`) and decoded by CsvUnescape. A gzip file (found by
// its first two bytes, or as the caller says) is read through zlib. Not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "os/file_system.hpp"
#include "teal/basic_types.hpp"

// zlib's file handle (zlib.h is included where it is used).
struct gzFile_s;

namespace teal {

struct CsvDialect {
  std::string delimiter = ",";
  char quote = '"';   // '\0': no quoting
  char escape = '"';  // '\0': none; == quote: a doubled quote
  char comment = '\0';
  /// PostgreSQL's text format: no quoting; a backslash escapes the next byte in any field
  /// (decoded by CsvUnescape: \t, \n, octal, …).
  bool text_format = false;
  /// DuckDB's reading: spaces before an opening quote and after a closing one belong to no
  /// value (`1970, "Hi, Mom!"`). Set for sniffed files (auto_detect); COPY … FROM reads a
  /// quote only at a field's start, as PostgreSQL does.
  bool spaces_around_quotes = false;
};

struct CsvField {
  const char* data;  // for a quoted field, the text between the quotes
  uint32_t size;
  bool quoted;
  bool escaped;  // has escape sequences: decode with CsvUnescape
};

/// A batch of rows: row r's fields are fields[row_start[r] … row_start[r + 1]).
struct CsvRows {
  std::vector<CsvField> fields;
  std::vector<uint32_t> row_start{0};
  std::vector<idx_t> line;            // each row's first line, from 1
  std::vector<std::string_view> raw;  // each row's text, without its line break
  idx_t Count() const { return row_start.size() - 1; }
  idx_t Width(idx_t row) const { return row_start[row + 1] - row_start[row]; }
  const CsvField& Field(idx_t row, idx_t column) const { return fields[row_start[row] + column]; }
  /// Whether row `row` is `columns` fields and one more, empty and unquoted: a delimiter
  /// ends the row (TPC-H's .tbl files).
  bool EndsInDelimiter(idx_t row, idx_t columns) const {
    return Width(row) == columns + 1 && Field(row, columns).size == 0 &&
           !Field(row, columns).quoted;
  }
  void Clear() {
    fields.clear();
    row_start.assign(1, 0);
    line.clear();
    raw.clear();
  }
};

/// Whether `field` reads as NULL: its text as written is one of `nulls` (a quoted field
/// only when `allow_quoted_nulls`).
inline bool CsvFieldIsNull(const CsvField& field, const std::vector<std::string>& nulls,
                           bool allow_quoted_nulls) {
  if (field.quoted && !allow_quoted_nulls) return false;
  const std::string_view raw(field.data, field.size);
  for (const auto& null_string : nulls) {
    if (raw == null_string) return true;
  }
  return false;
}

/// The text of a quoted field with its escape sequences decoded, into `out`.
void CsvUnescape(const CsvField& field, const CsvDialect& dialect, std::string& out);

class CsvRowReader {
 public:
  /// The bytes read at a time when buffer_size does not say.
  static constexpr idx_t kDefaultBufferSize = idx_t{1} << 20;

  /// Opens `path` (IOError naming it when it cannot be read). `buffer_size` 0 takes the
  /// default; a row longer than `max_line_size` bytes is an error. `gzip`: true reads the
  /// file as gzip, false as it is, unset by its first bytes.
  CsvRowReader(const std::string& path, CsvDialect dialect, idx_t buffer_size, idx_t max_line_size,
               bool strict, std::optional<bool> gzip = std::nullopt);
  ~CsvRowReader();
  CsvRowReader(const CsvRowReader&) = delete;
  CsvRowReader& operator=(const CsvRowReader&) = delete;

  /// Skips `lines` physical lines (quotes are not looked at), as skip= does.
  void SkipLines(idx_t lines);
  /// Reads up to `max_rows` more rows into `rows` (cleared first); 0 rows: the end. A
  /// malformed row (an unterminated quote, text after a closing quote in strict mode)
  /// throws InvalidInputError naming the file and the line. `single_column` keeps empty
  /// lines as rows.
  idx_t ReadRows(idx_t max_rows, CsvRows& rows, bool single_column = false);
  const std::string& Path() const { return path_; }
  const CsvDialect& Dialect() const { return dialect_; }
  /// Bytes of the file (compressed, for gzip) consumed so far, for progress.
  idx_t BytesRead() const;
  idx_t FileSize() const { return file_size_; }

 private:
  enum class Parse { kRow, kSkipped, kNeedMore };
  /// Parses one row at begin_; kNeedMore when the buffer ends inside it (not at the end
  /// of the file).
  Parse ParseRow(CsvRows& rows, bool single_column);
  /// Moves the unread bytes to the front and reads more; false at the end of the file.
  bool Refill();
  [[noreturn]] void Fail(idx_t line, const std::string& what) const;
  /// Fail for the row at begin_, of `length` bytes, longer than max_line_size.
  [[noreturn]] void FailLineTooLong(idx_t length) const;
  /// The length of the line at begin_, to its line break or the end of the file, read past
  /// the buffer without keeping the bytes (the reader is done after it: for FailLineTooLong).
  idx_t LineLengthAtBegin();

  std::string path_;
  CsvDialect dialect_;
  idx_t max_line_size_;
  bool strict_;
  std::unique_ptr<FileHandle> file_;  // a plain file
  ::gzFile_s* gz_ = nullptr;          // or a gzip one
  idx_t file_size_ = 0;
  idx_t file_offset_ = 0;  // bytes of the (plain) file read into the buffer so far
  bool eof_ = false;       // every byte of the file is in the buffer
  bool started_ = false;   // the first bytes were read (a byte order mark is skipped)
  std::vector<char> buffer_;
  idx_t begin_ = 0;  // the unread bytes are buffer_[begin_, end_)
  idx_t end_ = 0;
  idx_t line_ = 1;  // the line at begin_
  bool special_[256] = {};
};

}  // namespace teal
