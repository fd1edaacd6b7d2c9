// PartitionedCsvWriter: COPY … TO 'directory' (PARTITION_BY (a, b)): the rows in a file per
// distinct value of the partition columns, under key=value directories as hive
// partitioning reads them back (function/table/hive_partitions.hpp):
// directory/a=1/b=x/data_0.csv. The partition columns are left out of the files (their
// directories hold them) unless write_partition_columns.
//
// Each file appears whole or not at all (CsvWriter); a writer destroyed without Finish
// leaves no file behind and removes the directories it made. A directory that is not
// empty is refused unless overwrite_or_ignore, which writes into it (a file of the same
// name is replaced).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "function/table/csv_writer.hpp"

namespace teal {

class PartitionedCsvWriter {
 public:
  /// Partitions the rows of `names` / `types` by the columns `partition_columns` (at least
  /// one; not every column). Throws IOError when `directory` is a file, or is not empty
  /// and not `overwrite_or_ignore`.
  PartitionedCsvWriter(std::string directory, const CsvOptions& options,
                       std::vector<std::string> names, std::vector<LogicalType> types,
                       std::vector<idx_t> partition_columns, bool write_partition_columns,
                       bool overwrite_or_ignore);
  ~PartitionedCsvWriter();
  PartitionedCsvWriter(const PartitionedCsvWriter&) = delete;
  PartitionedCsvWriter& operator=(const PartitionedCsvWriter&) = delete;

  void Write(const DataChunk& chunk);
  /// Finishes every partition's file.
  void Finish();
  idx_t Rows() const { return rows_; }

  /// The directory name of a partition value: `name=value`, NULL as NULL, and the bytes that
  /// would end or split a path component (/, \, =, %, control characters…) percent-encoded.
  static std::string Component(const std::string& name, const Value& value);

 private:
  CsvWriter& WriterFor(const DataChunk& chunk, idx_t row);

  std::string directory_;
  CsvOptions options_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<idx_t> partition_columns_;
  std::vector<idx_t> written_columns_;  // of the rows, the ones that go into the files
  std::vector<std::string> written_names_;
  std::vector<LogicalType> written_types_;
  std::map<std::string, std::unique_ptr<CsvWriter>> writers_;  // by partition directory
  std::vector<std::string> made_;  // directories this writer made, in the order made
  bool finished_ = false;
  idx_t rows_ = 0;
};

}  // namespace teal
