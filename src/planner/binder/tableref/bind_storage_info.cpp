// Binder: pragma_storage_info('table') — the table's row groups and, per column, its
// segments: runs of a row group's vectors that the last checkpoint wrote with one method
// into one block of the file (storage/stored_segments.hpp; a vector's bytes may go on into
// the next blocks: additional_block_ids), and, beside each, the segment of the column's NULLs
// (segment_type VALIDITY). A row group whose rows changed since the last checkpoint (or
// that none wrote) is listed as one uncompressed segment per column, not persistent.
// DuckDB's columns in DuckDB's order; stats is not kept (NULL).
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/catalog_listing.hpp"
#include "storage/data_table.hpp"
#include "storage/database_file.hpp"
#include "storage/stored_segments.hpp"

namespace teal {

namespace {

using T = TypeId;
using namespace listing;  // NOLINT

/// A segment: vectors [begin, end) of one column's stored vectors.
struct SegmentSpan {
  idx_t begin;
  idx_t end;
};

/// Splits `vectors` into runs that `same` says belong together.
template <class Same>
std::vector<SegmentSpan> Spans(const std::vector<StoredVector>& vectors, Same same) {
  std::vector<SegmentSpan> spans;
  for (idx_t v = 0; v < vectors.size(); v++) {
    if (spans.empty() || !same(vectors[spans.back().begin], vectors[v])) spans.push_back({v, v});
    spans.back().end = v + 1;
  }
  return spans;
}

/// How a vector's NULLs were kept, by DuckDB's names for its validity segments.
std::string_view ValidityMethod(const StoredVector& v) {
  switch (v.encoding.validity) {
    case ValidityKind::kAllValid:
    case ValidityKind::kAllNull:
      return "Constant";
    case ValidityKind::kRoaring:
      return "Roaring";
    case ValidityKind::kBitmap:
      break;
  }
  return "Uncompressed";
}

std::string SegmentInfo(const std::vector<StoredVector>& vectors, SegmentSpan span) {
  const Compression method = vectors[span.begin].encoding.compression;
  // Per vector: the least and the most of each parameter.
  auto range = [&](auto of) {
    uint64_t low = UINT64_MAX, high = 0;
    for (idx_t v = span.begin; v < span.end; v++) {
      low = std::min<uint64_t>(low, of(vectors[v].encoding));
      high = std::max<uint64_t>(high, of(vectors[v].encoding));
    }
    return low == high ? std::to_string(low) : fmt::format("{} to {}", low, high);
  };
  const std::string bits = range([](const SegmentEncoding& e) { return e.bits; });
  const std::string entries = range([](const SegmentEncoding& e) { return e.entries; });
  const std::string head = fmt::format("Vectors: {}", span.end - span.begin);
  switch (method) {
    case Compression::kRle:
      return fmt::format("{}, Runs per Vector: {}", head, entries);
    case Compression::kBitPacking: {
      idx_t deltas = 0;
      for (idx_t v = span.begin; v < span.end; v++) deltas += vectors[v].encoding.delta;
      return fmt::format("{}, Bit Width: {}, FOR: {}, DELTA_FOR: {}", head, bits,
                         span.end - span.begin - deltas, deltas);
    }
    case Compression::kDictionary:
      return fmt::format("{}, Dictionary Entries: {}, Index Bit Width: {}", head, entries, bits);
    default:
      return head;
  }
}

}  // namespace

LogicalOperatorPtr Binder::BindStorageInfo(const ParsedExpression& function,
                                           std::vector<std::string>& names,
                                           std::vector<LogicalType>& types) {
  const ParsedExpression* target = nullptr;
  bool include_segment_info = false;
  for (const auto& child : function.children) {
    const auto [name, argument] = NamedArgument(*child);
    if (name.empty()) {
      if (target) throw BinderError("pragma_storage_info takes the name of one table");
      target = argument;
      continue;
    }
    if (name != "include_segment_info" && name != "loaded_segments_only") {
      throw BinderError(fmt::format("pragma_storage_info takes no argument named {}: {}", name,
                                    function.ToString()));
    }
    const Value flag = BindConstant(*argument, LogicalType(T::kBoolean), name);
    // Every segment of a Teal table is in memory: loaded_segments_only lists them all.
    if (name == "include_segment_info")
      include_segment_info = !flag.IsNull() && flag.GetStored<bool>();
  }
  if (!target) throw BinderError("pragma_storage_info takes the name of a table");
  const Value table_name = BindConstant(*target, "pragma_storage_info");
  if (table_name.IsNull() || table_name.Type().Id() != T::kVarchar) {
    throw BinderError("pragma_storage_info takes the name of a table, as a string");
  }
  const std::string& text = table_name.GetString();
  const size_t dot = text.find('.');
  const CatalogSearch::Place place =
      dot == std::string::npos ? catalogs_.Relation("", text)
                               : catalogs_.Relation(text.substr(0, dot), text.substr(dot + 1));
  const auto table = place.catalog->GetTable(place.name);

  Listing out;
  out.Column("row_group_id", T::kBigInt);
  out.Column("column_name", T::kVarchar);
  out.Column("column_id", T::kBigInt);
  out.Column("column_path", T::kVarchar);
  out.Column("segment_id", T::kBigInt);
  out.Column("segment_type", T::kVarchar);
  out.Column("start", T::kBigInt);
  out.Column("count", T::kBigInt);
  out.Column("compression", T::kVarchar);
  out.Column("stats", T::kVarchar);
  out.Column("has_updates", T::kBoolean);
  out.Column("persistent", T::kBoolean);
  out.Column("block_id", T::kBigInt);
  out.Column("block_offset", T::kBigInt);
  if (include_segment_info) out.Column("segment_info", T::kVarchar);
  out.Column("additional_block_ids", LogicalType::List(T::kBigInt));

  const auto groups = table->storage->StorageInfo();
  for (idx_t g = 0; g < groups.size(); g++) {
    const RowGroupStorage& group = groups[g];
    if (group.stored) {
      bool any = false;
      for (const auto& column : group.stored->columns) any = any || !column.empty();
      if (!any) continue;  // the checkpoint saw no row of it: it holds no data
    } else if (group.count == 0) {
      continue;
    }
    for (idx_t c = 0; c < table->columns.size(); c++) {
      const std::string& column = table->columns[c].name;
      const std::string type = table->columns[c].type.ToString();
      idx_t segment_id = 0;
      auto add = [&](const std::string& path, const std::string& segment_type, idx_t start,
                     idx_t count, std::string_view compression, bool persistent,
                     std::optional<uint64_t> offset, uint64_t end_offset, const std::string& info) {
        std::vector<Value> row = {Value::BigInt(static_cast<int64_t>(g)),
                                  Text(column),
                                  Value::BigInt(static_cast<int64_t>(c)),
                                  Text(path),
                                  Value::BigInt(static_cast<int64_t>(segment_id++)),
                                  Text(segment_type),
                                  Value::BigInt(static_cast<int64_t>(start)),
                                  Value::BigInt(static_cast<int64_t>(count)),
                                  Text(std::string(compression)),
                                  NullText(),
                                  Value::Boolean(false),
                                  Value::Boolean(persistent)};
        std::vector<Value> more;
        if (offset) {
          const auto& chain = *group.stored->chain;
          const idx_t first = *offset / kBlockPayload;
          const idx_t last = std::max(end_offset, *offset + 1) - 1;
          row.push_back(Value::BigInt(static_cast<int64_t>(chain.at(first))));
          row.push_back(Value::BigInt(static_cast<int64_t>(*offset % kBlockPayload)));
          for (idx_t b = first + 1; b <= last / kBlockPayload; b++) {
            more.push_back(Value::BigInt(static_cast<int64_t>(chain.at(b))));
          }
        } else {
          row.push_back(NullBigInt());
          row.push_back(NullBigInt());
        }
        if (include_segment_info) row.push_back(info.empty() ? NullText() : Text(info));
        row.push_back(Value::List(LogicalType(T::kBigInt), std::move(more)));
        out.rows.push_back(std::move(row));
      };
      const std::string path = fmt::format("[{}]", c);
      const std::string validity_path = fmt::format("[{}, 0]", c);
      if (!group.stored) {
        add(path, type, group.start, group.count, "Uncompressed", false, std::nullopt, 0, "");
        segment_id = 0;
        add(validity_path, "VALIDITY", group.start, group.count, "Uncompressed", false,
            std::nullopt, 0, "");
        continue;
      }
      const auto& vectors = group.stored->columns[c];
      auto emit = [&](const std::string& segment_path, const std::string& segment_type,
                      SegmentSpan span, std::string_view compression, const std::string& info) {
        idx_t rows = 0;
        for (idx_t v = span.begin; v < span.end; v++) rows += vectors[v].rows;
        const StoredVector& last = vectors[span.end - 1];
        add(segment_path, segment_type, vectors[span.begin].first_row, rows, compression, true,
            vectors[span.begin].offset, last.offset + last.bytes, info);
      };
      const auto same_block = [](const StoredVector& a, const StoredVector& b) {
        return a.offset / kBlockPayload == b.offset / kBlockPayload;
      };
      for (const SegmentSpan span : Spans(vectors, [&](const auto&a, const auto&b) {
             return a.encoding.compression == b.encoding.compression && same_block(a, b);
           })) {
        emit(path, type, span, CompressionName(vectors[span.begin].encoding.compression),
             SegmentInfo(vectors, span));
      }
      segment_id = 0;
      for (const SegmentSpan span : Spans(vectors, [&](const auto&a, const auto&b) {
             return ValidityMethod(a) == ValidityMethod(b) && same_block(a, b);
           })) {
        emit(validity_path, "VALIDITY", span, ValidityMethod(vectors[span.begin]), "");
      }
    }
  }
  names = out.names;
  types = out.types;
  return ConstantTable(out.types, std::move(out.rows));
}

}  // namespace teal
