// PartitionedCsvWriter: rows grouped by their partition directory, each group appended to
// that directory's CsvWriter.
#include "function/table/partitioned_writer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

#include "teal/error.hpp"

namespace teal {

namespace fs = std::filesystem;

/// More partitions than this is most likely a column that was not meant (every row its
/// own file), and would run out of file handles: refused.
constexpr size_t kMaxPartitions = 500;

PartitionedCsvWriter::PartitionedCsvWriter(std::string directory, const CsvOptions& options,
                                           std::vector<std::string> names,
                                           std::vector<LogicalType> types,
                                           std::vector<idx_t> partition_columns,
                                           bool write_partition_columns, bool overwrite_or_ignore)
    : directory_(std::move(directory)),
      options_(options),
      names_(std::move(names)),
      types_(std::move(types)),
      partition_columns_(std::move(partition_columns)) {
  for (idx_t c = 0; c < names_.size(); c++) {
    const bool partition = std::find(partition_columns_.begin(), partition_columns_.end(), c) !=
                           partition_columns_.end();
    if (partition && !write_partition_columns) continue;
    written_columns_.push_back(c);
    written_names_.push_back(names_[c]);
    written_types_.push_back(types_[c]);
  }
  std::error_code error;
  const auto status = fs::status(directory_, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) {
      throw IOError(
          fmt::format("COPY … PARTITION_BY: \"{}\" is a file, not a directory", directory_));
    }
    if (!fs::is_empty(directory_, error) && !overwrite_or_ignore) {
      throw IOError(fmt::format(
          "Directory \"{}\" is not empty! Enable OVERWRITE_OR_IGNORE option to write into it "
          "(files of the same name are replaced)",
          directory_));
    }
  } else {
    if (!fs::create_directories(directory_, error) || error) {
      throw IOError(fmt::format("COPY … PARTITION_BY: cannot make the directory \"{}\": {}",
                                directory_, error.message()));
    }
    made_.push_back(directory_);
  }
}

PartitionedCsvWriter::~PartitionedCsvWriter() {
  if (finished_) return;
  writers_.clear();  // each removes its temporary file
  // Then the directories made for them, deepest first, if nothing else is in them.
  for (auto it = made_.rbegin(); it != made_.rend(); ++it) {
    std::error_code error;
    if (fs::is_empty(*it, error) && !error) fs::remove(*it, error);
  }
}

std::string PartitionedCsvWriter::Component(const std::string& name, const Value& value) {
  const std::string text = value.IsNull() ? std::string("NULL") : value.ToString();
  std::string out = name + "=";
  for (unsigned char c : text) {
    const bool plain =
        std::isalnum(c) || c >= 0x80 ||
        std::string_view("-_.~ :+,").find(static_cast<char>(c)) != std::string_view::npos;
    if (plain) {
      out.push_back(static_cast<char>(c));
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

CsvWriter& PartitionedCsvWriter::WriterFor(const DataChunk& chunk, idx_t row) {
  std::string relative;
  for (idx_t c : partition_columns_) {
    relative += Component(names_[c], chunk.GetValue(c, row)) + "/";
  }
  auto it = writers_.find(relative);
  if (it != writers_.end()) return *it->second;
  if (writers_.size() == kMaxPartitions) {
    throw InvalidInputError(fmt::format(
        "COPY … PARTITION_BY makes more than {} partitions (files written at once); partition "
        "by fewer distinct values",
        kMaxPartitions));
  }
  // Make the directories the partition needs, remembering those made.
  fs::path path = directory_;
  size_t begin = 0;
  while (begin < relative.size()) {
    const size_t slash = relative.find('/', begin);
    path /= relative.substr(begin, slash - begin);
    begin = slash + 1;
    std::error_code error;
    if (!fs::exists(path, error)) {
      if (!fs::create_directory(path, error) || error) {
        throw IOError(fmt::format("COPY … PARTITION_BY: cannot make the directory \"{}\": {}",
                                  path.string(), error.message()));
      }
      made_.push_back(path.string());
    }
  }
  auto writer = std::make_unique<CsvWriter>((path / "data_0.csv").string(), options_,
                                            written_names_, written_types_);
  return *writers_.emplace(relative, std::move(writer)).first->second;
}

void PartitionedCsvWriter::Write(const DataChunk& chunk) {
  // The rows of each partition, in their order.
  std::map<CsvWriter*, std::vector<idx_t>> rows;
  std::vector<CsvWriter*> order;
  for (idx_t r = 0; r < chunk.size(); r++) {
    CsvWriter* writer = &WriterFor(chunk, r);
    auto [it, added] = rows.try_emplace(writer);
    if (added) order.push_back(writer);
    it->second.push_back(r);
  }
  for (CsvWriter* writer : order) {
    const std::vector<idx_t>& selected = rows[writer];
    SelectionVector sel(selected.size());
    for (idx_t k = 0; k < selected.size(); k++) sel.Set(k, selected[k]);
    DataChunk part(written_types_, selected.size(), /*zero_fill=*/false);
    for (idx_t c = 0; c < written_columns_.size(); c++) {
      part.data[c].CopyFrom(chunk.data[written_columns_[c]], sel, selected.size(), 0, 0);
    }
    part.SetCardinality(selected.size());
    writer->Write(part);
    rows_ += selected.size();
  }
}

void PartitionedCsvWriter::Finish() {
  for (auto& [relative, writer] : writers_) writer->Finish();
  finished_ = true;
}

}  // namespace teal
