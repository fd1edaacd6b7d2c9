// CsvRowReader: the row splitter described in csv_reader.hpp.
#include "function/table/csv_reader.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>

#include "teal/error.hpp"

namespace teal {

void CsvUnescape(const CsvField& field, const CsvDialect& dialect, std::string& out) {
  out.clear();
  const char* p = field.data;
  const char* end = field.data + field.size;
  if (dialect.text_format) {
    // PostgreSQL's text format: \b \f \n \r \t \v, octal \123, hex \x41; any other
    // escaped byte stands for itself.
    auto digit = [](char c, int base) {
      const int v = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : 99;
      return v < base ? v : -1;
    };
    while (p < end) {
      if (*p != '\\' || p + 1 == end) {
        out += *p++;
        continue;
      }
      const char c = p[1];
      p += 2;
      switch (c) {
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'v':
          out += '\v';
          break;
        case 'x':
          if (p < end && digit(*p, 16) >= 0) {
            int v = digit(*p++, 16);
            if (p < end && digit(*p, 16) >= 0) v = v * 16 + digit(*p++, 16);
            out += static_cast<char>(v);
          } else {
            out += 'x';
          }
          break;
        default:
          if (digit(c, 8) >= 0) {
            int v = digit(c, 8);
            for (int k = 0; k < 2 && p < end && digit(*p, 8) >= 0; k++) v = v * 8 + digit(*p++, 8);
            out += static_cast<char>(v);
          } else {
            out += c;
          }
      }
    }
    return;
  }
  while (p < end) {
    // Inside a quoted field an escape (or, doubled, the quote) makes the next byte literal.
    if ((*p == dialect.escape || *p == dialect.quote) && p + 1 < end) {
      out += p[1];
      p += 2;
    } else {
      out += *p++;
    }
  }
}

CsvRowReader::CsvRowReader(const std::string& path, CsvDialect dialect, idx_t buffer_size,
                           idx_t max_line_size, bool strict, std::optional<bool> gzip)
    : path_(path), dialect_(std::move(dialect)), max_line_size_(max_line_size), strict_(strict) {
  file_ = PosixFileSystem().Open(path, FileOpenFlags{});
  file_size_ = file_->Size();
  if (!gzip) {
    unsigned char magic[2] = {0, 0};
    if (file_size_ >= 2) file_->Read(magic, 2, 0);
    gzip = magic[0] == 0x1f && magic[1] == 0x8b;
  }
  if (*gzip) {
    file_.reset();
    gz_ = gzopen(path.c_str(), "rb");
    if (!gz_) throw IOError(fmt::format("opening \"{}\" as gzip failed", path));
    gzbuffer(gz_, 256 * 1024);
  }
  buffer_.resize(buffer_size == 0 ? kDefaultBufferSize : std::max<idx_t>(buffer_size, 64));
  special_[static_cast<unsigned char>('\n')] = true;
  special_[static_cast<unsigned char>('\r')] = true;
  if (!dialect_.delimiter.empty()) {
    special_[static_cast<unsigned char>(dialect_.delimiter[0])] = true;
  }
  if (dialect_.comment != '\0') special_[static_cast<unsigned char>(dialect_.comment)] = true;
  if (dialect_.text_format) special_[static_cast<unsigned char>('\\')] = true;
}

CsvRowReader::~CsvRowReader() {
  if (gz_) gzclose(gz_);
}

idx_t CsvRowReader::BytesRead() const {
  if (gz_) return static_cast<idx_t>(std::max<z_off_t>(0, gzoffset(gz_)));
  return file_offset_ - (end_ - begin_);
}

void CsvRowReader::Fail(idx_t line, const std::string& what) const {
  throw InvalidInputError(fmt::format("CSV file \"{}\", line {}: {}", path_, line, what));
}

void CsvRowReader::FailLineTooLong(idx_t length) const {
  Fail(line_, fmt::format("Maximum line size of {} bytes exceeded: the row is {} bytes. "
                          "Possible Solution: Change the maximum length size, e.g., "
                          "max_line_size={}",
                          max_line_size_, length, length + 1));
}

idx_t CsvRowReader::LineLengthAtBegin() {
  auto line_break = [](char c) { return c == '\n' || c == '\r'; };
  for (idx_t p = begin_; p < end_; p++) {
    if (line_break(buffer_[p])) return p - begin_;
  }
  idx_t length = end_ - begin_;
  std::vector<char> chunk(idx_t{1} << 20);
  while (!eof_) {
    idx_t got = 0;
    if (gz_) {
      const int read = gzread(gz_, chunk.data(), static_cast<unsigned>(chunk.size()));
      if (read <= 0) break;
      got = static_cast<idx_t>(read);
    } else {
      got = std::min<idx_t>(chunk.size(), file_size_ - file_offset_);
      if (got == 0) break;
      file_->Read(chunk.data(), got, file_offset_);
      file_offset_ += got;
    }
    for (idx_t i = 0; i < got; i++) {
      if (line_break(chunk[i])) return length + i;
    }
    length += got;
  }
  return length;
}

bool CsvRowReader::Refill() {
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == buffer_.size()) buffer_.resize(buffer_.size() * 2);
  if (eof_) return false;
  const idx_t room = std::min<idx_t>(buffer_.size() - end_, idx_t{1} << 30);
  idx_t bytes;
  if (gz_) {
    const int got = gzread(gz_, buffer_.data() + end_, static_cast<unsigned>(room));
    if (got < 0) {
      int code = 0;
      throw IOError(fmt::format("reading gzip file \"{}\" failed: {}", path_, gzerror(gz_, &code)));
    }
    bytes = static_cast<idx_t>(got);
    // gzread gives fewer bytes than asked only at the end of the data.
    if (bytes < room) eof_ = true;
  } else {
    bytes = std::min<idx_t>(room, file_size_ - file_offset_);
    if (bytes > 0) file_->Read(buffer_.data() + end_, bytes, file_offset_);
    file_offset_ += bytes;
    eof_ = file_offset_ == file_size_;
  }
  end_ += bytes;
  // A UTF-8 byte order mark is not part of the first field.
  if (!started_ && end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) begin_ = 3;
  started_ = started_ || bytes > 0;
  return bytes > 0;
}

void CsvRowReader::SkipLines(idx_t lines) {
  while (lines > 0) {
    idx_t pos = begin_;
    while (pos < end_ && buffer_[pos] != '\n' && buffer_[pos] != '\r') pos++;
    const bool at_eof = eof_;
    if (pos == end_ || (buffer_[pos] == '\r' && pos + 1 == end_ && !at_eof)) {
      if (at_eof) {
        begin_ = end_;
        return;
      }
      Refill();
      continue;
    }
    pos += buffer_[pos] == '\r' && pos + 1 < end_ && buffer_[pos + 1] == '\n' ? 2 : 1;
    begin_ = pos;
    line_++;
    lines--;
  }
}

idx_t CsvRowReader::ReadRows(idx_t max_rows, CsvRows& rows, bool single_column) {
  rows.Clear();
  while (rows.Count() < max_rows) {
    if (begin_ == end_) {
      // Refilling moves the buffer: only with no row of this batch pointing into it.
      if (rows.Count() > 0 || !Refill()) break;
      continue;
    }
    const Parse parsed = ParseRow(rows, single_column);
    if (parsed != Parse::kNeedMore) continue;
    if (rows.Count() > 0) break;
    if (end_ - begin_ > max_line_size_) FailLineTooLong(LineLengthAtBegin());
    Refill();
  }
  return rows.Count();
}

CsvRowReader::Parse CsvRowReader::ParseRow(CsvRows& rows, bool single_column) {
  const char* buf = buffer_.data();
  const idx_t end = end_;
  const bool at_eof = eof_;
  const std::string& delim = dialect_.delimiter;
  const char quote = dialect_.quote;
  const char escape = dialect_.escape;
  const char comment = dialect_.comment;
  const size_t first_field = rows.fields.size();
  auto need_more = [&] {
    rows.fields.resize(first_field);
    return Parse::kNeedMore;
  };
  // Where the line after the break at or after `from` starts, or false when the buffer
  // ends first.
  auto line_end = [&](idx_t from, idx_t& next) {
    idx_t p = from;
    while (p < end && buf[p] != '\n' && buf[p] != '\r') p++;
    if (p == end) {
      if (!at_eof) return false;
      next = p;
      return true;
    }
    if (buf[p] == '\r' && p + 1 == end && !at_eof) return false;
    next = p + (buf[p] == '\r' && p + 1 < end && buf[p + 1] == '\n' ? 2 : 1);
    return true;
  };
  // 1: a delimiter at p, 0: not, -1: the buffer ends inside what may be one.
  auto delimiter_at = [&](idx_t p) {
    if (delim.empty() || buf[p] != delim[0]) return 0;  // empty: none, a row is one field
    if (delim.size() == 1) return 1;
    if (p + delim.size() > end) return at_eof ? 0 : -1;
    return std::memcmp(buf + p, delim.data(), delim.size()) == 0 ? 1 : 0;
  };

  idx_t pos = begin_;
  if (comment != '\0') {
    idx_t p = pos;
    while (p < end && buf[p] == ' ') p++;
    if (p == end && !at_eof) return need_more();
    if (p < end && buf[p] == comment) {
      idx_t next;
      if (!line_end(p, next)) return need_more();
      begin_ = next;
      line_++;
      return Parse::kSkipped;
    }
  }
  if (!single_column && (buf[pos] == '\n' || buf[pos] == '\r')) {
    idx_t next;
    if (!line_end(pos, next)) return need_more();
    begin_ = next;
    line_++;
    return Parse::kSkipped;
  }

  idx_t newlines_inside = 0;
  idx_t row_end = 0, next_row = 0;
  while (true) {
    CsvField field{};
    const idx_t field_start = pos;
    bool unquoted = true;
    if (quote != '\0' && dialect_.spaces_around_quotes && pos < end && buf[pos] == ' ') {
      idx_t p = pos;
      while (p < end && buf[p] == ' ') p++;
      if (p == end && !at_eof) return need_more();
      if (p < end && buf[p] == quote) pos = p;
    }
    if (quote != '\0' && pos < end && buf[pos] == quote) {
      idx_t p = pos + 1;
      bool escaped = false;
      while (true) {
        if (p >= end) {
          if (!at_eof) return need_more();
          Fail(line_, "a quoted field is not closed before the end of the file");
        }
        const char c = buf[p];
        if (c == escape && escape != quote) {
          if (p + 1 >= end) {
            if (!at_eof) return need_more();
            Fail(line_, "the file ends after an escape character");
          }
          if (buf[p + 1] == '\n') newlines_inside++;
          escaped = true;
          p += 2;
          continue;
        }
        if (c == quote) {
          if (escape == quote) {
            if (p + 1 >= end && !at_eof) return need_more();
            if (p + 1 < end && buf[p + 1] == quote) {
              escaped = true;
              p += 2;
              continue;
            }
          }
          break;
        }
        if (c == '\n') newlines_inside++;
        p++;
      }
      field = CsvField{buf + pos + 1, static_cast<uint32_t>(p - pos - 1), true, escaped};
      pos = p + 1;
      unquoted = false;
      if (dialect_.spaces_around_quotes) {
        while (pos < end && buf[pos] == ' ') pos++;
      }
      if (pos < end && buf[pos] != '\n' && buf[pos] != '\r' &&
          !(comment != '\0' && buf[pos] == comment)) {
        const int d = delimiter_at(pos);
        if (d < 0) return need_more();
        if (d == 0) {
          if (strict_) {
            Fail(line_,
                 "text follows a closing quote before the delimiter (strict_mode = false "
                 "keeps it)");
          }
          // Not strict: the field is read as it stands, quotes and all, to the delimiter.
          pos = field_start;
          unquoted = true;
        }
      } else if (pos == end && !at_eof) {
        return need_more();
      }
    }
    if (unquoted) {
      idx_t p = pos;
      bool escaped = false;
      while (true) {
        while (p < end && !special_[static_cast<unsigned char>(buf[p])]) p++;
        if (p == end) {
          if (!at_eof) return need_more();
          break;
        }
        if (dialect_.text_format && buf[p] == '\\') {
          // PostgreSQL's text format: the next byte is data (\t, \n, a delimiter, …).
          if (p + 1 >= end) {
            if (!at_eof) return need_more();
            p++;
            continue;
          }
          if (buf[p + 1] == '\n') newlines_inside++;
          escaped = true;
          p += 2;
          continue;
        }
        if (!delim.empty() && buf[p] == delim[0] && !(comment != '\0' && buf[p] == comment)) {
          const int d = delimiter_at(p);
          if (d < 0) return need_more();
          if (d == 0) {
            p++;
            continue;
          }
        }
        break;
      }
      field = CsvField{buf + field_start, static_cast<uint32_t>(p - field_start), false, escaped};
      pos = p;
    }
    rows.fields.push_back(field);
    if (pos >= end) {
      if (!at_eof) return need_more();
      row_end = next_row = pos;
      break;
    }
    const char c = buf[pos];
    if (c == '\n' || c == '\r' || (comment != '\0' && c == comment)) {
      if (!line_end(pos, next_row)) return need_more();
      row_end = pos;
      break;
    }
    pos += delim.size();  // a delimiter: another field follows, maybe an empty one
  }
  const idx_t length = row_end - begin_;
  if (length > max_line_size_) {
    FailLineTooLong(length);
  }
  rows.row_start.push_back(static_cast<uint32_t>(rows.fields.size()));
  rows.line.push_back(line_);
  rows.raw.emplace_back(buf + begin_, length);
  line_ += 1 + newlines_inside;
  begin_ = next_row;
  return Parse::kRow;
}

}  // namespace teal
