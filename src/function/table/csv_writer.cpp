// CsvWriter: see csv_writer.hpp.
#include "function/table/csv_writer.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>

#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {
namespace {
constexpr idx_t kFlushBytes = idx_t{1} << 20;
}  // namespace

CsvWriter::CsvWriter(std::string path, const CsvOptions& options,
                     const std::vector<std::string>& names, const std::vector<LogicalType>& types)
    : path_(std::move(path)),
      temp_path_(path_ + ".tmp"),
      delimiter_(options.delimiter.value_or(options.text_format ? "\t" : ",")),
      quote_(options.quote.value_or(options.text_format ? '\0' : '"')),
      escape_(options.escape.value_or(quote_)),
      null_string_(options.Nulls()[0]),
      text_format_(options.text_format),
      types_(types) {
  ValidateCsvDialect(options);
  force_quote_.assign(names.size(), options.force_quote_all);
  for (const auto& name : options.force_quote) {
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) {
      throw BinderError(fmt::format("force_quote names column \"{}\", which the rows lack", name));
    }
    force_quote_[it - names.begin()] = true;
  }
  FileOpenFlags flags;
  flags.write = flags.create = flags.truncate = true;
  try {
    file_ = PosixFileSystem().Open(temp_path_, flags);
  } catch (const IOError& error) {
    throw IOError(fmt::format("cannot write the CSV file \"{}\": {}", path_, error.what()));
  }
  const bool gzip = options.compression == CsvOptions::Compression::kGzip ||
                    (options.compression == CsvOptions::Compression::kAuto &&
                     std::string_view(path_).ends_with(".gz"));
  if (gzip) {
    // zlib writes the file; the handle stays open to sync it when it is done.
    gz_ = gzopen(temp_path_.c_str(), "wb6");
    if (!gz_) throw IOError(fmt::format("cannot write the gzip file \"{}\"", path_));
  }
  if (options.header.value_or(false)) {
    for (size_t c = 0; c < names.size(); c++) {
      if (c > 0) buffer_ += delimiter_;
      WriteValue(names[c], false);
    }
    buffer_ += '\n';
  }
}

CsvWriter::~CsvWriter() {
  if (finished_) return;
  if (gz_) gzclose(gz_);
  file_.reset();
  try {
    PosixFileSystem().Remove(temp_path_);
  } catch (const Error&) {
    // Best effort: the statement already failed with the error that matters.
  }
}

void CsvWriter::WriteValue(std::string_view text, bool force_quote) {
  if (text_format_) {
    // PostgreSQL's text format: no quotes; what would end the field or the row, and the
    // backslash itself, written as a backslash escape.
    for (char c : text) {
      switch (c) {
        case '\\':
          buffer_ += "\\\\";
          break;
        case '\n':
          buffer_ += "\\n";
          break;
        case '\r':
          buffer_ += "\\r";
          break;
        case '\t':
          buffer_ += "\\t";
          break;
        default:
          if (c == delimiter_[0]) buffer_ += '\\';
          buffer_ += c;
      }
    }
    return;
  }
  bool quote = force_quote || (text == null_string_);
  if (!quote && quote_ != '\0') {
    quote = text.find(delimiter_) != std::string_view::npos ||
            std::any_of(text.begin(), text.end(), [&](char c) {
              return c == quote_ || c == escape_ || c == '\n' || c == '\r';
            });
  }
  if (!quote || quote_ == '\0') {
    buffer_ += text;
    return;
  }
  buffer_ += quote_;
  for (char c : text) {
    if (c == quote_ || (c == escape_ && escape_ != '\0')) buffer_ += escape_ ? escape_ : quote_;
    buffer_ += c;
  }
  buffer_ += quote_;
}

void CsvWriter::Write(const DataChunk& chunk) {
  const idx_t count = chunk.size();
  std::vector<Vector> text;
  text.reserve(chunk.ColumnCount());
  for (idx_t c = 0; c < chunk.ColumnCount(); c++) {
    text.emplace_back(LogicalType(TypeId::kVarchar), std::max<idx_t>(count, 1));
    CastVector(chunk.data[c], text.back(), count);
  }
  for (idx_t r = 0; r < count; r++) {
    for (idx_t c = 0; c < text.size(); c++) {
      if (c > 0) buffer_ += delimiter_;
      const Vector& column = text[c];
      const idx_t row = column.IsConstant() ? 0 : r;
      if (!column.RowIsValid(row)) {
        buffer_ += null_string_;
        continue;
      }
      WriteValue(column.Values<string_t>()[row].View(), force_quote_[c]);
    }
    buffer_ += '\n';
  }
  rows_ += count;
  if (buffer_.size() >= kFlushBytes) Flush();
}

void CsvWriter::Flush() {
  if (buffer_.empty()) return;
  if (gz_) {
    if (gzwrite(gz_, buffer_.data(), static_cast<unsigned>(buffer_.size())) <= 0) {
      int code = 0;
      throw IOError(fmt::format("writing gzip file \"{}\" failed: {}", path_, gzerror(gz_, &code)));
    }
    buffer_.clear();
    return;
  }
  file_->Write(buffer_.data(), buffer_.size(), offset_);
  offset_ += buffer_.size();
  buffer_.clear();
}

void CsvWriter::Finish() {
  Flush();
  if (gz_) {
    const int closed = gzclose(gz_);
    gz_ = nullptr;
    if (closed != Z_OK) throw IOError(fmt::format("writing gzip file \"{}\" failed", path_));
  }
  file_->Sync();
  file_.reset();
  PosixFileSystem().Rename(temp_path_, path_);
  finished_ = true;
}

}  // namespace teal
