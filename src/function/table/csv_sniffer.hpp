// SniffCsv: what read_csv needs to know about a CSV file before it reads it — the dialect,
// whether the first row is a header, the column names and types — taken from the options
// where they say it and, with auto_detect, found in a sample of the file.
//
// The dialect is the candidate (delimiters , | ; \t; quotes " and ') whose rows of the
// sample most often have the same number of columns, more than one if any does; ties go to
// the earlier candidate. A column's type is the first of BOOLEAN, BIGINT, DOUBLE, TIME,
// DATE, TIMESTAMP, VARCHAR (or auto_type_candidates) that every sampled value converts to;
// DATE and TIMESTAMP values that are not ISO 8601 through the first of a list of formats
// (month, day or year first; -, / or . between the parts) that reads them all.
// The first row is a header when one of its values does not convert to its column's type,
// or when every column is VARCHAR and none of its values is empty.
#pragma once

#include <string>
#include <vector>

#include "function/table/csv_options.hpp"
#include "function/table/csv_reader.hpp"

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
};

/// What a bound read_csv reads: its files (patterns expanded), in order, and how.
struct CsvScanData {
  std::vector<std::string> files;
  CsvOptions options;
  CsvSchema schema;       // of the first file; every file is read with it
  idx_t total_bytes = 0;  // of all files, for estimates and progress
};

/// Throws IOError naming `path` when it cannot be read, InvalidInputError when no dialect
/// reads it.
CsvSchema SniffCsv(const std::string& path, const CsvOptions& options);

/// Whether `text` is a value a sniffed column of `type` takes: BOOLEAN only as true/false/
/// t/f, integers without leading zeros or exponents, DATE and TIMESTAMP through the
/// formats in `options` when set, every other type as its cast from VARCHAR.
bool CsvValueFits(std::string_view text, const LogicalType& type, const CsvOptions& options);

}  // namespace teal
