// SniffCsv: what read_csv needs to know about a CSV file before it reads it — the dialect,
// whether the first row is a header, the column names and types — taken from the options
// where they say it and, with auto_detect, found in a sample of the file.
//
// The dialect is the candidate (delimiters , | ; \t; quotes " and ') that reads the sample to
// the most rows of one number of columns, more than one if any does; ties go to the earlier
// candidate. That number is the widest row's, as DuckDB's sniffer takes it: rows above the
// first row that wide are notes, skipped; a candidate whose later rows are narrower needs
// null_padding (no candidate reads the file: "Error when sniffing file"). A column's type is the
// first of BOOLEAN, BIGINT, DOUBLE, TIME, DATE, TIMESTAMP, VARCHAR (or auto_type_candidates) that
// every sampled value converts to; DATE and TIMESTAMP values that are not ISO 8601 through the
// first of a list of formats (month, day or year first; -, / or . between the parts) that reads
// them all. The first row is a header when one of its values does not convert to its column's type,
// or when every column is VARCHAR and none of its values is empty.
#pragma once

#include <string>
#include <vector>

#include "function/table/csv_options.hpp"
#include "function/table/csv_reader.hpp"
#include "function/table/hive_partitions.hpp"

namespace teal {

struct CsvSchema {
  CsvDialect dialect;
  bool header = false;
  idx_t skip = 0;  // lines before the header (or the first row)
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  /// Per column (empty: none has one), the strptime format of a sniffed DATE or TIMESTAMP
  /// column whose values are not ISO 8601 (12/31/2024, 31.12.2024 13:05:00); read with it
  /// rather than with dateformat / timestampformat.
  std::vector<std::string> formats;
  /// The sniffer saw no row of values (the file is its header alone): the types are
  /// VARCHAR for want of anything else.
  bool untyped = false;
};

/// What a bound read_csv reads: its files (patterns expanded), in order, and how.
struct CsvScanData {
  std::vector<std::string> files;
  CsvOptions options;
  /// Of the first file, every file read with it; with union_by_name, the union of the
  /// files' columns by name (in the order they first appear), each of the type all its
  /// files' values fit.
  CsvSchema schema;
  idx_t total_bytes = 0;  // of all files, for estimates and progress
  /// union_by_name: each file's own schema, and for each column of `schema` the file's
  /// column that holds it (kInvalidIndex: the file has none; its rows are NULL there).
  /// Empty otherwise.
  std::vector<CsvSchema> file_schemas;
  std::vector<std::vector<idx_t>> file_columns;
  /// hive_partitioning: the files' partition columns, after the files' own (and filename).
  HivePartitions hive;

  /// The schema file `file` is read with.
  const CsvSchema& SchemaOf(idx_t file) const {
    return file_schemas.empty() ? schema : file_schemas[file];
  }
  /// The column of file `file` that holds column `column` of `schema`, or kInvalidIndex.
  idx_t ColumnOf(idx_t file, idx_t column) const {
    return file_columns.empty() ? column : file_columns[file][column];
  }
};

/// Sniffs every file of `data` and makes `data.schema` the union of their columns by name
/// (union_by_name): a column whose files sniff it differently is of their common type
/// (BIGINT and DOUBLE: DOUBLE), VARCHAR when there is none.
void UnionCsvSchemasByName(CsvScanData& data);

/// Throws IOError naming `path` when it cannot be read, InvalidInputError when no dialect
/// reads it.
CsvSchema SniffCsv(const std::string& path, const CsvOptions& options);

/// Whether `text` is a value a sniffed column of `type` takes: BOOLEAN only as true/false/
/// t/f, integers without leading zeros or exponents, DATE and TIMESTAMP through the
/// formats in `options` when set, every other type as its cast from VARCHAR.
bool CsvValueFits(std::string_view text, const LogicalType& type, const CsvOptions& options);

}  // namespace teal
