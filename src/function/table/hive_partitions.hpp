// Hive partitioning: files laid out in key=value directories (sales/year=2024/month=3/
// part.csv) carry a column per key, whose value in a file's rows is its directory's.
// read_csv adds them after the file's columns: when told (hive_partitioning = true), or
// when every file has key=value directories with the same keys and it is not told otherwise.
#pragma once

#include <string>
#include <vector>

#include "function/table/csv_options.hpp"
#include "teal/value.hpp"

namespace teal {

struct HivePartitions {
  std::vector<std::string> names;  // the keys, in name order (DuckDB's)
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> values;  // per file, per key, of the key's type
};

/// The partitions of `files`: each directory of a file's path that reads key=value, its
/// value URL-decoded ('%20' is a space), "NULL" and the empty value NULL. Every file must
/// have the same keys (InvalidInputError "Hive partition mismatch …" otherwise). A key's
/// type is the one `options.hive_types` gives it, else (hive_types_autocast) BIGINT, DATE
/// or TIMESTAMP when every value is written as one, else VARCHAR; a value that does not
/// convert to a given type is a ConversionError naming its file.
/// Whether every one of `files` has key=value directories, with the same keys: when the
/// reader is not told, it reads them as partitions then (DuckDB's detection).
bool HasHivePartitions(const std::vector<std::string>& files);

HivePartitions ReadHivePartitions(const std::vector<std::string>& files, const CsvOptions& options);

}  // namespace teal
