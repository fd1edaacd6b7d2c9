// PhysicalCsvScan: see csv_scan.hpp.
#include "execution/csv_scan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>

#include "common/utf8.hpp"
#include "execution/execution_context.hpp"
#include "function/scalar/strptime.hpp"
#include "teal/error.hpp"
#include "vector/vector_cast.hpp"

namespace teal {
namespace {

const std::string kNoFormat;  // a column read by its type's cast

struct CsvScanGlobal : GlobalSourceState {
  std::mutex lock;
  idx_t file = 0;  // the file being read (or next to open)
  std::unique_ptr<CsvRowReader> reader;
  CsvRows rows;
  std::string scratch;
  std::vector<std::string> nulls;  // the NULL strings in effect
  std::vector<bool> not_null;      // per column: force_not_null
};

[[noreturn]] void RowError(const CsvRows& rows, idx_t r, const std::string& path,
                           const std::string& what) {
  throw ConversionError(fmt::format("CSV Error on Line: {}\nOriginal Line: {}\n{}\n\n  file = {}",
                                    rows.line[r], rows.raw[r], what, path));
}

}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalCsvScan::GetGlobalSourceState(
    ExecutionContext& context) const {
  context.query.Control().progress_total += data_->total_bytes;
  auto global = std::make_unique<CsvScanGlobal>();
  const CsvSchema& schema = data_->schema;
  global->nulls = data_->options.Nulls();
  global->not_null.assign(schema.types.size(), false);
  for (const auto& name : data_->options.force_not_null) {
    auto it = std::find(schema.names.begin(), schema.names.end(), name);
    if (it != schema.names.end()) global->not_null[it - schema.names.begin()] = true;
  }
  return global;
}

void PhysicalCsvScan::GetData(ExecutionContext& context, DataChunk& chunk,
                              GlobalSourceState& global_state, LocalSourceState&) const {
  auto& global = static_cast<CsvScanGlobal&>(global_state);
  std::lock_guard<std::mutex> guard(global.lock);
  const CsvOptions& options = data_->options;
  // The columns read (every file's, or with union_by_name the union of theirs), and how
  // the file being read lays them out.
  const idx_t outputs = data_->schema.types.size();

  while (true) {
    if (!global.reader && global.file == data_->files.size()) {
      chunk.SetCardinality(0);
      return;
    }
    const CsvSchema& schema = data_->SchemaOf(global.file);
    const idx_t columns = schema.types.size();
    if (!global.reader) {
      global.reader = std::make_unique<CsvRowReader>(data_->files[global.file], schema.dialect,
                                                     options.buffer_size, options.max_line_size,
                                                     options.strict_mode, options.GzipInput());
      global.reader->SkipLines(schema.skip);
      if (schema.header) {
        // The header is a row (it may span lines inside quotes): read and drop it.
        global.reader->ReadRows(1, global.rows, columns == 1);
      }
    }
    CsvRowReader& reader = *global.reader;
    const std::string& path = reader.Path();
    const idx_t before = reader.BytesRead();
    const idx_t count = reader.ReadRows(chunk.Capacity(), global.rows, columns == 1);
    context.query.Control().progress_done += reader.BytesRead() - before;
    if (count == 0) {
      global.reader.reset();
      global.file++;
      continue;
    }
    const CsvRows& rows = global.rows;

    // Rows of the wrong width: padded, dropped or an error.
    std::vector<bool> keep(count, true);
    idx_t kept = count;
    for (idx_t r = 0; r < count; r++) {
      const idx_t width = rows.Width(r);
      if (width == columns || (width < columns && options.null_padding)) continue;
      // A delimiter ending the row (TPC-H's .tbl files) or, not strict, fields past the
      // last column: the columns are all there, the rest is left out.
      if (width > columns && (!options.strict_mode || rows.EndsInDelimiter(r, columns))) continue;
      if (options.ignore_errors) {
        keep[r] = false;
        kept--;
        continue;
      }
      RowError(rows, r, path,
               fmt::format(
                   "Expected Number of Columns: {} Found: {}{}", columns, width,
                   width < columns ? " (null_padding = true reads the missing ones as NULL)" : ""));
    }

    for (idx_t o = 0; o < outputs; o++) {
      Vector& out = chunk.data[o];
      const LogicalType& type = data_->schema.types[o];
      const idx_t c = data_->ColumnOf(global.file, o);  // the file's column
      if (c == kInvalidIndex) {
        Vector none{Value(type)};
        out.Reference(none);
        continue;
      }
      const bool varchar = type.Id() == TypeId::kVarchar;
      // VARCHAR columns get their own copies; other types are parsed from views.
      Vector text_vector(LogicalType(TypeId::kVarchar), varchar ? 0 : count);
      Vector& text = varchar ? out : text_vector;
      auto* strings = text.Values<string_t>();
      const bool comma_decimal = options.decimal_separator == ',' && type.IsNumeric();
      const std::string& format = c < schema.formats.size() && !schema.formats[c].empty()
                                      ? schema.formats[c]
                                  : type.Id() == TypeId::kDate      ? options.date_format
                                  : type.Id() == TypeId::kTimestamp ? options.timestamp_format
                                                                    : kNoFormat;
      std::vector<bool> dotted;  // rows whose value has a '.' where ',' separates decimals
      for (idx_t r = 0; r < count; r++) {
        if (!keep[r] || c >= rows.Width(r)) {
          text.SetNull(r);
          continue;
        }
        const CsvField& field = rows.Field(r, c);
        if (!global.not_null[o] &&
            CsvFieldIsNull(field, global.nulls, options.allow_quoted_nulls)) {
          text.SetNull(r);
          continue;
        }
        std::string_view value(field.data, field.size);
        if (field.escaped) {
          CsvUnescape(field, schema.dialect, global.scratch);
          value = global.scratch;
        }
        text.SetNull(r, false);
        if (varchar) {
          if (!IsValidUtf8(value)) {
            RowError(rows, r, path,
                     fmt::format("Invalid unicode (byte sequence mismatch) detected in column "
                                 "\"{}\"",
                                 schema.names[c]));
          }
          strings[r] = out.AddString(value);
        } else if (comma_decimal && value.find('.') != std::string_view::npos) {
          // With ',' before the decimals, '.' is no decimal point (most often it groups
          // thousands): the value does not convert, as in DuckDB. (Swapping ',' alone read
          // 5.555 as 5.555.)
          if (dotted.empty()) dotted.assign(count, false);
          dotted[r] = true;
          strings[r] = text.AddString(value);
        } else if (comma_decimal) {
          std::string swapped(value);
          std::replace(swapped.begin(), swapped.end(), ',', '.');
          strings[r] = text.AddString(swapped);
        } else if (field.escaped) {
          strings[r] = text.AddString(value);
        } else {
          strings[r] = string_t(value.data(), static_cast<uint32_t>(value.size()));
        }
      }
      if (varchar) continue;

      auto convert_row = [&](idx_t r, Value& result) {
        if (!dotted.empty() && dotted[r]) return false;
        if (!format.empty()) {
          timestamp_t ts;
          const auto s = strings[r];
          if (!TryStrptime(s.View(), format, ts)) return false;
          return Value::Timestamp(ts).TryCastAs(type, result);
        }
        return text.GetValue(r).TryCastAs(type, result);
      };
      bool converted = false;
      if (format.empty() && dotted.empty()) {
        converted = TryCastVector(text, out, count, nullptr);
      }
      if (converted) continue;
      // Row by row: the first bad value is an error, or every bad row is dropped.
      for (idx_t r = 0; r < count; r++) {
        if (!text.RowIsValid(r)) {
          out.SetNull(r);
          continue;
        }
        Value result;
        if (convert_row(r, result)) {
          out.SetValue(r, result);
          continue;
        }
        if (!options.ignore_errors) {
          const auto s = strings[r];
          RowError(rows, r, path,
                   fmt::format("Error when converting column \"{}\". Could not convert string "
                               "\"{}\" to '{}'",
                               schema.names[c], s.View(), type.ToString()));
        }
        out.SetNull(r);
        if (keep[r]) {
          keep[r] = false;
          kept--;
        }
      }
    }
    idx_t extra = outputs;
    if (options.filename) {
      Vector name(Value::Varchar(path));
      chunk.data[extra++].Reference(name);
    }
    if (options.hive_partitioning) {
      for (const Value& value : data_->hive.values[global.file]) {
        Vector partition(value);
        chunk.data[extra++].Reference(partition);
      }
    }
    chunk.SetCardinality(count);
    if (kept == count) return;
    if (kept == 0) continue;
    SelectionVector sel(kept);
    idx_t k = 0;
    for (idx_t r = 0; r < count; r++) {
      if (keep[r]) sel.Set(k++, r);
    }
    chunk.Slice(sel, kept);
    return;
  }
}

}  // namespace teal
