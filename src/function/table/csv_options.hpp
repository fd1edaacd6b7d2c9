// The options of read_csv() and COPY … FROM / TO a CSV file: the dialect (delimiter,
// quote, escape, comment), the header, NULL strings, types and names, and how strict the
// reader is. One struct for reading and writing, so COPY and read_csv spell every option
// the same way (DuckDB's names, with its aliases: sep = delim, dtypes = types = column_types).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

struct CsvOptions {
  // The dialect. An unset field is sniffed from the file (reading) or takes the default
  // (writing: ',' '"' '"').
  std::optional<std::string> delimiter;  // 1 to 4 bytes; empty: none (reading)
  std::optional<char> quote;             // '\0': no quoting
  std::optional<char> escape;            // '\0': none; equal to quote: quotes doubled
  std::optional<char> comment;           // '\0': none
  std::optional<bool> header;
  /// PostgreSQL's text format (COPY's default): tab-separated, no quoting, backslash
  /// escapes, NULL as \N.
  bool text_format = false;
  /// Text read as NULL (several for reading), compared with the field as written; empty:
  /// the format's default (Nulls()). Quoted fields too when allow_quoted_nulls.
  std::vector<std::string> null_strings;
  bool allow_quoted_nulls = true;
  /// Rows skipped before the header (or the first row).
  std::optional<idx_t> skip;
  bool auto_detect = true;
  idx_t sample_size = 20480;  // rows the sniffer reads
  bool all_varchar = false;
  bool ignore_errors = false;
  bool null_padding = false;  // a short row gets NULLs, not an error
  bool strict_mode = true;    // text after a closing quote is an error, not kept
  bool normalize_names = false;
  bool filename = false;  // add a "filename" column
  /// A column per key of the files' key=value directories (function/table/hive_partitions.hpp).
  bool hive_partitioning = false;
  /// hive_partitioning (or hive_types) was given; without, the files' paths decide.
  bool hive_partitioning_given = false;
  /// The partition columns' types from their values (BIGINT, DATE, TIMESTAMP), else VARCHAR.
  bool hive_types_autocast = true;
  /// Types given to partition columns (hive_types = {'key': 'TYPE'}); implies partitioning.
  std::vector<std::pair<std::string, LogicalType>> hive_types;
  /// Several files' columns matched by name (case-insensitive), not by position: each
  /// file is sniffed, and a column a file lacks is NULL in its rows.
  bool union_by_name = false;
  idx_t max_line_size = 2000000;
  idx_t buffer_size = 0;  // bytes read at a time; 0: the reader's default
  /// gzip: auto reads a gzip file by its first bytes and writes one for a name ending in
  /// .gz; gzip and none say so whatever the name.
  enum class Compression { kAuto, kNone, kGzip } compression = Compression::kAuto;
  std::string date_format;
  std::string timestamp_format;
  char decimal_separator = '.';
  /// Every column's name and type (columns = {'a': 'INTEGER', …}); no sniffing of types.
  std::vector<std::string> column_names;
  std::vector<LogicalType> column_types;
  /// Names (names = [...]) or types (types = [...] or {'col': 'TYPE'}) of some columns,
  /// overriding what the sniffer finds.
  std::vector<std::string> names;
  std::vector<LogicalType> types_by_position;
  std::vector<std::pair<std::string, LogicalType>> types_by_name;
  /// The types the sniffer may choose from, most specific first.
  std::vector<LogicalType> auto_type_candidates;
  /// Columns whose empty or NULL-string values are read as themselves, never NULL.
  std::vector<std::string> force_not_null;

  // Writing only.
  std::vector<std::string> force_quote;  // always quote these columns ("*" : all)
  bool force_quote_all = false;

  /// For CsvRowReader: read as gzip (true), as it is (false), or by the file's first bytes.
  std::optional<bool> GzipInput() const {
    if (compression == Compression::kAuto) return std::nullopt;
    return compression == Compression::kGzip;
  }

  /// The NULL strings in effect: null_strings, or "" for CSV and \N for text.
  std::vector<std::string> Nulls() const {
    if (!null_strings.empty()) return null_strings;
    return {text_format ? "\\N" : ""};
  }
};

/// Resolves a type written as text ('INTEGER', 'VARCHAR[]', an ENUM's name): the binder's.
using CsvTypeResolver = std::function<LogicalType(const std::string&)>;

/// Applies one option `name` (lower case) = `value` to `options`; `reading` says whether
/// it is for reading (read_csv, COPY … FROM) or writing (COPY … TO). Throws BinderError
/// naming the option for an unknown option, a value of the wrong kind or an option that
/// does not apply, and NotImplementedError for one Teal does not support.
void SetCsvOption(CsvOptions& options, const std::string& name, const Value& value, bool reading,
                  const CsvTypeResolver& resolve_type);

/// Checks that the dialect's characters can work together (a delimiter that is not the
/// quote, …); throws BinderError naming the clash.
void ValidateCsvDialect(const CsvOptions& options);

}  // namespace teal
