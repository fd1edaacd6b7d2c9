// Appender: setup, the out-of-line conversions, list and row bookkeeping, and flushing.
//
// The buffer is one DataChunk with the appender's columns (a subset of the table's, in
// the appender's order). Its vectors are never Reset, so the raw pointers the inline
// path caches stay valid for the appender's life; instead, after a flush, validity
// words are set back to all-valid, string heaps cleared and list children emptied (their
// capacity kept, so a warmed-up appender allocates nothing per row). Flushing goes
// through TableAppend (src/catalog/table_append.hpp), INSERT's path: it adds the
// DEFAULTs of the columns left out, checks NOT NULL and appends as one unit.
//
// Conversions of a value that is not the column's storage type happen here, one call
// per value: integers, floating point, std::chrono and UUIDs by arithmetic, ENUM labels
// by a dictionary lookup, and everything else (text into DATE, INTEGER, LIST …) by the
// engine's cast rules on a one-row scratch vector, so the rules live in one place.
#include "teal/appender.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include "catalog/table_append.hpp"
#include "common/throw_error.hpp"
#include "common/utf8.hpp"
#include "main/api_boundary.hpp"
#include "main/client_context.hpp"
#include "main/database_instance.hpp"
#include "teal/error.hpp"
#include "types/date.hpp"
#include "types/decimal.hpp"
#include "types/hugeint_ops.hpp"
#include "types/time.hpp"
#include "types/timestamp.hpp"
#include "vector/data_chunk.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

// ---- state ------------------------------------------------------------------------------

struct Appender::Impl {
  Impl(std::shared_ptr<ClientContext> connection, std::shared_ptr<TableEntry> table,
       std::vector<idx_t> column_map, std::shared_ptr<const ForeignKeyChecks> foreign_keys,
       std::span<const Catalog* const> catalogs)
      : context(std::move(connection)),
        database(context->Database()),
        append(std::move(table), std::move(column_map), std::move(foreign_keys), catalogs) {
    database->BulkWriterStarted();
  }
  ~Impl() { EndBulk(); }
  /// Tells the database the appender is done (its automatic checkpoint may run); once.
  void EndBulk() {
    if (bulk) database->BulkWriterEnded();
    bulk = false;
  }
  bool bulk = true;

  /// The connection's engine side: flushes join its transaction (ClientContext::RunWrite).
  std::shared_ptr<ClientContext> context;
  std::shared_ptr<DatabaseInstance> database;
  TableAppend append;
  std::vector<idx_t> table_columns;  // appender column -> table column
  std::vector<appender_detail::AppendColumn> columns;
  std::unique_ptr<DataChunk> buffer;
  /// Rows started before the buffer's first row (ended, flushed or discarded): row
  /// numbers in messages are rows_before + buffer row + 1.
  idx_t rows_before = 0;
  bool closed = false;
  /// Outside BEGIN: the transaction the flushed chunks went into since the last commit
  /// (null when none), how many chunks and rows.
  std::shared_ptr<Transaction> own;
  idx_t own_chunks = 0, own_rows = 0;
  /// One-row vectors for conversions through the cast rules, one per type met.
  std::vector<std::unique_ptr<Vector>> scratch;

  const TableEntry& Table() const { return append.Table(); }
  /// Throws CatalogError when the table the appender writes is not the one `transaction`
  /// sees under its name (dropped or altered since the appender was made).
  void CheckTable(const Transaction& transaction) const {
    const Catalog* catalog =
        Table().storage->Temporary() ? transaction.TempCatalog() : &transaction.GetCatalog();
    if (!catalog || catalog->FindTable(Table().CatalogName()) != append.SharedTable()) {
      throw CatalogError(fmt::format(
          "table \"{}\" was dropped or altered while an appender was open", Table().name));
    }
  }
  const ColumnDefinition& Column(idx_t c) const { return Table().columns[table_columns[c]]; }

  Vector& Scratch(const LogicalType& type) {
    for (auto& v : scratch) {
      if (v->Type() == type) {
        v->Reset();
        return *v;
      }
    }
    scratch.push_back(std::make_unique<Vector>(type, 1));
    return *scratch.back();
  }
};

namespace {

appender_detail::AppendColumn ColumnFor(Vector& vector, bool not_null) {
  appender_detail::AppendColumn col;
  vector.Validity().EnsureWritable();
  // A list child that is there already (a fresh buffer shaped like the last one) gets its
  // mask now, not at the first row that appends elements.
  if (vector.Type().Physical() == PhysicalType::kList && vector.HasListChild()) {
    vector.ListChild().Validity().EnsureWritable();
  }
  col.data = vector.Data();
  col.validity = vector.Validity().Data();
  col.vector = &vector;
  col.tag = StorageTagOf(vector.Type());
  col.not_null = not_null;
  col.utf8 = vector.Type().Id() == TypeId::kVarchar;
  switch (vector.Type().Id()) {
    case TypeId::kEnum:
      col.kind = appender_detail::ColumnKind::kEnum;
      col.enum_width = static_cast<uint8_t>(PhysicalTypeSize(vector.Type().Physical()));
      col.enum_size = static_cast<uint32_t>(vector.Type().Enum().labels.size());
      break;
    case TypeId::kList:
    case TypeId::kArray:
      col.kind = appender_detail::ColumnKind::kList;
      break;
    default:
      col.kind = appender_detail::ColumnKind::kPlain;
      break;
  }
  return col;
}

/// The first row of `vector` (of `count`), at any depth, that is an ARRAY value without
/// its type's number of elements, as "row R has N elements, not S"; empty when none is.
/// A chunk built by hand can hold such a value; the table must not.
std::string ArraySizeProblem(const Vector& vector, idx_t count) {
  const LogicalType& type = vector.Type();
  if (type.Physical() == PhysicalType::kList) {
    const auto* entries = vector.Values<list_entry_t>();
    const idx_t rows = vector.IsConstant() ? std::min<idx_t>(count, 1) : count;
    if (type.Id() == TypeId::kArray) {
      for (idx_t i = 0; i < rows; i++) {
        if (vector.RowIsValid(i) && entries[i].length != type.ArraySize()) {
          return fmt::format("row {} has {} elements, not {}", i + 1, entries[i].length,
                             type.ArraySize());
        }
      }
    }
    return vector.HasListChild() ? ArraySizeProblem(vector.ListChild(), vector.ListSize())
                                 : std::string();
  }
  if (type.Physical() == PhysicalType::kStruct) {
    for (idx_t f = 0; f < type.StructFields().size(); f++) {
      std::string problem = ArraySizeProblem(vector.StructChild(f), count);
      if (!problem.empty()) return problem;
    }
  }
  return {};
}

/// Sets validity bits [from, to) back to valid (the "rows not yet ended" invariant).
void MarkValid(Vector& vector, idx_t from, idx_t to) {
  uint64_t* bits = vector.Validity().Data();
  if (!bits) return;
  for (idx_t row = from; row < to; row++) bits[row / 64] |= uint64_t{1} << (row % 64);
}

/// Cuts a LIST vector's child (recursively) back to the elements of its first `rows`
/// rows, whose entries must be set (NULL rows have {size, 0}).
void TruncateList(Vector& list, idx_t rows) {
  idx_t old_size = list.ListSize();
  if (old_size == 0) return;
  const auto* entries = list.Values<list_entry_t>();
  idx_t new_size = rows == 0 ? 0 : entries[rows - 1].offset + entries[rows - 1].length;
  if (new_size >= old_size) return;
  Vector& child = list.ListChild();
  MarkValid(child, new_size, old_size);
  if (child.Type().Physical() == PhysicalType::kList) TruncateList(child, new_size);
  list.SetListSize(new_size);
}

/// Makes a vector's first `rows` rows writable again without freeing its buffers.
void ClearForReuse(Vector& vector, idx_t rows) {
  MarkValid(vector, 0, rows);
  switch (vector.Type().Physical()) {
    case PhysicalType::kVarchar:
      vector.Heap().Clear();
      break;
    case PhysicalType::kList: {
      idx_t size = vector.ListSize();
      if (size) {
        ClearForReuse(vector.ListChild(), size);
        vector.SetListSize(0);
      }
      break;
    }
    default:
      break;
  }
}

// ---- conversions --------------------------------------------------------------------------

/// The logical type whose vectors store a value of `tag`.
LogicalType TypeOfTag(StorageTag tag) {
  switch (tag) {
    case StorageTag::kBool:
      return TypeId::kBoolean;
    case StorageTag::kInt8:
      return TypeId::kTinyInt;
    case StorageTag::kInt16:
      return TypeId::kSmallInt;
    case StorageTag::kInt32:
      return TypeId::kInteger;
    case StorageTag::kInt64:
      return TypeId::kBigInt;
    case StorageTag::kUInt8:
      return TypeId::kUTinyInt;
    case StorageTag::kUInt16:
      return TypeId::kUSmallInt;
    case StorageTag::kUInt32:
      return TypeId::kUInteger;
    case StorageTag::kUInt64:
      return TypeId::kUBigInt;
    case StorageTag::kHugeInt:
      return TypeId::kHugeInt;
    case StorageTag::kUHugeInt:
      return TypeId::kUHugeInt;
    case StorageTag::kFloat:
      return TypeId::kFloat;
    case StorageTag::kDouble:
      return TypeId::kDouble;
    case StorageTag::kString:
      return TypeId::kVarchar;
    case StorageTag::kDate:
      return TypeId::kDate;
    case StorageTag::kTime:
      return TypeId::kTime;
    case StorageTag::kTimeTz:
      return TypeId::kTimeTz;
    case StorageTag::kTimestamp:
      return TypeId::kTimestamp;
    case StorageTag::kTimestampS:
      return TypeId::kTimestampS;
    case StorageTag::kTimestampMs:
      return TypeId::kTimestampMs;
    case StorageTag::kTimestampNs:
      return TypeId::kTimestampNs;
    case StorageTag::kTimestampTz:
      return TypeId::kTimestampTz;
    case StorageTag::kInterval:
      return TypeId::kInterval;
    case StorageTag::kNone:
      break;
  }
  return TypeId::kInvalid;
}

/// n units (per_second a second) in `to` units a second, floored; false when the result
/// leaves the finite timestamp range (it would overflow or hit the infinity sentinels).
bool Rescale(int64_t n, int64_t per_second, int64_t to, int64_t& out) {
  if (to >= per_second) {
    int64_t factor = to / per_second;
    int64_t limit = static_cast<int64_t>(appender_detail::kMaxFiniteTimestamp) / factor;
    if (!appender_detail::InSymmetricRange(n, static_cast<uint64_t>(limit))) return false;
    out = n * factor;
    return true;
  }
  int64_t factor = per_second / to;
  int64_t q = n / factor;
  if (n % factor < 0) q--;
  out = q;
  return appender_detail::InSymmetricRange(out, appender_detail::kMaxFiniteTimestamp);
}

bool StoreInteger(Vector& target, idx_t row, int128 v, bool huge_unsigned, uint128 uv) {
  auto fits = [&](int128 lo, int128 hi) { return !huge_unsigned && v >= lo && v <= hi; };
  auto store = [&](auto typed) {
    target.Values<decltype(typed)>()[row] = typed;
    return true;
  };
  switch (target.Type().Id()) {
    case TypeId::kTinyInt:
      return fits(INT8_MIN, INT8_MAX) && store(static_cast<int8_t>(v));
    case TypeId::kSmallInt:
      return fits(INT16_MIN, INT16_MAX) && store(static_cast<int16_t>(v));
    case TypeId::kInteger:
      return fits(INT32_MIN, INT32_MAX) && store(static_cast<int32_t>(v));
    case TypeId::kBigInt:
      return fits(INT64_MIN, INT64_MAX) && store(static_cast<int64_t>(v));
    case TypeId::kUTinyInt:
      return fits(0, UINT8_MAX) && store(static_cast<uint8_t>(v));
    case TypeId::kUSmallInt:
      return fits(0, UINT16_MAX) && store(static_cast<uint16_t>(v));
    case TypeId::kUInteger:
      return fits(0, UINT32_MAX) && store(static_cast<uint32_t>(v));
    case TypeId::kUBigInt:
      return fits(0, UINT64_MAX) && store(static_cast<uint64_t>(v));
    case TypeId::kHugeInt:
      return !huge_unsigned && store(hugeint_t(v));
    case TypeId::kUHugeInt:
      if (huge_unsigned) return store(uhugeint_t(uv));
      return v >= 0 && store(uhugeint_t(static_cast<uint128>(v)));
    case TypeId::kFloat:
      return store(huge_unsigned ? static_cast<float>(uv) : static_cast<float>(v));
    case TypeId::kDouble:
      return store(huge_unsigned ? static_cast<double>(uv) : static_cast<double>(v));
    case TypeId::kDecimal: {
      uint8_t width = target.Type().DecimalWidth(), scale = target.Type().DecimalScale();
      // |v| < 10^(width - scale) keeps v * 10^scale inside the width without overflow.
      if (huge_unsigned || !DecimalFitsWidth(v, static_cast<uint8_t>(width - scale))) return false;
      int128 unscaled = v * kPowersOfTen[scale];
      switch (target.Type().Physical()) {
        case PhysicalType::kInt16:
          return store(static_cast<int16_t>(unscaled));
        case PhysicalType::kInt32:
          return store(static_cast<int32_t>(unscaled));
        case PhysicalType::kInt64:
          return store(static_cast<int64_t>(unscaled));
        default:
          return store(hugeint_t(unscaled));
      }
    }
    default:
      return false;
  }
}

bool IsIntegerOrFloatTarget(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
    case TypeId::kSmallInt:
    case TypeId::kInteger:
    case TypeId::kBigInt:
    case TypeId::kUTinyInt:
    case TypeId::kUSmallInt:
    case TypeId::kUInteger:
    case TypeId::kUBigInt:
    case TypeId::kHugeInt:
    case TypeId::kUHugeInt:
    case TypeId::kFloat:
    case TypeId::kDouble:
    case TypeId::kDecimal:
      return true;
    default:
      return false;
  }
}

std::string IntegerText(const appender_detail::Source& s) {
  switch (s.kind) {
    case appender_detail::SourceKind::kInt:
      return std::to_string(s.i);
    case appender_detail::SourceKind::kUInt:
      return std::to_string(s.u);
    case appender_detail::SourceKind::kInt128:
      return Int128ToString(s.i128);
    default:
      return UInt128ToString(s.u128);
  }
}

hugeint_t UuidStored(const unsigned char (&bytes)[16]) {
  uint64_t upper = 0, lower = 0;
  for (int i = 0; i < 8; i++) upper = (upper << 8) | bytes[i];
  for (int i = 8; i < 16; i++) lower = (lower << 8) | bytes[i];
  hugeint_t stored;
  stored.upper = static_cast<int64_t>(upper ^ (uint64_t{1} << 63));
  stored.lower = lower;
  return stored;
}

/// Casts the one-row `source` into row `row` of `target` with the engine's cast rules.
/// `result` is a scratch vector of target's type.
bool CastInto(const Vector& source, Vector& result, Vector& target, idx_t row, std::string& error) {
  if (!CastExists(source.Type(), target.Type())) {
    error = fmt::format("there is no conversion from {} to {}", source.Type().ToString(),
                        target.Type().ToString());
    return false;
  }
  if (!TryCastVector(source, result, 1, &error)) return false;
  SelectionVector none;
  target.CopyFrom(result, none, 1, 0, row);
  return true;
}

/// The appender writes values, not expressions: a DEFAULT such as random() or now() is left
/// to INSERT, which binds it for each statement.
std::string PerRowDefault(const TableEntry& table, const ColumnDefinition& column) {
  return fmt::format(
      "the appender filling column \"{}\" of table \"{}\" from its DEFAULT {}, which is "
      "computed per row or per transaction (INSERT computes it)",
      column.name, table.name, column.default_text);
}

}  // namespace

// ---- construction and teardown ----------------------------------------------------------

Appender::Appender(Connection& connection, std::string_view table)
    : Appender(connection, table, nullptr) {}

Appender::Appender(Connection& connection, std::string_view table, std::vector<std::string> columns)
    : Appender(connection, table, &columns) {}

Appender::Appender(Connection& connection, std::string_view table,
                   const std::vector<std::string>* columns) {
  const ClientContext& context = ConnectionContext(connection);
  const std::shared_ptr<Catalog> catalog = context.ReadCatalog();
  const std::shared_ptr<Catalog> temp = context.ReadTempCatalog();
  const CatalogSearch::Place place =
      CatalogSearch(*catalog, temp.get()).Find(table, [](const Catalog& c, std::string_view name) {
        return c.FindTable(name) != nullptr;
      });
  std::shared_ptr<TableEntry> entry = place.catalog->GetTable(place.name);
  // The appender writes rows straight into the table; a trigger would not see them.
  if (!place.catalog->TriggersOn(entry->CatalogName()).empty()) {
    throw NotImplementedError(fmt::format(
        "an appender on table \"{}\", which has triggers (an appender does not fire them: "
        "use INSERT)",
        entry->name));
  }
  const idx_t table_width = entry->columns.size();
  std::vector<idx_t> table_columns;
  if (!columns) {
    for (idx_t c = 0; c < table_width; c++) table_columns.push_back(c);
  } else {
    if (columns->empty()) {
      throw InvalidInputError(
          fmt::format("an appender on table \"{}\" needs at least one column", entry->name));
    }
    for (const auto& name : *columns) {
      idx_t index = entry->ColumnIndex(name);
      if (index == kInvalidIndex) {
        throw CatalogError(fmt::format("table \"{}\" has no column \"{}\"", entry->name, name));
      }
      for (idx_t seen : table_columns) {
        if (seen == index) {
          throw InvalidInputError(fmt::format("column \"{}\" of table \"{}\" is listed twice",
                                              entry->columns[index].name, entry->name));
        }
      }
      table_columns.push_back(index);
    }
  }
  std::vector<idx_t> column_map(table_width, kInvalidIndex);
  for (idx_t i = 0; i < table_columns.size(); i++) column_map[table_columns[i]] = i;
  for (idx_t c = 0; c < table_width; c++) {
    const ColumnDefinition& column = entry->columns[c];
    if (column_map[c] == kInvalidIndex && column.default_expression) {
      throw NotImplementedError(PerRowDefault(*entry, column));
    }
    bool null_default = !column.default_value || column.default_value->IsNull();
    if (column_map[c] == kInvalidIndex && column.not_null && null_default) {
      throw ConstraintError(fmt::format(
          "NOT NULL constraint failed: {}.{} (the appender leaves it out and it has no DEFAULT)",
          entry->name, column.name));
    }
  }

  // A DEFAULT's sequence as the table's catalog has it now, else the database's (a temporary
  // table's DEFAULT may draw from one of the database's sequences).
  const std::shared_ptr<Catalog> main = ConnectionContext(connection).ReadCatalog();
  const Catalog* catalogs[] = {place.catalog, main.get()};
  impl_ = std::make_unique<Impl>(ConnectionContext(connection).shared_from_this(), entry,
                                 std::move(column_map),
                                 ForeignKeyChecks::For(*place.catalog, entry), catalogs);
  impl_->table_columns = std::move(table_columns);
  std::vector<LogicalType> types;
  for (idx_t c : impl_->table_columns) types.push_back(entry->columns[c].type);
  impl_->buffer = std::make_unique<DataChunk>(types);
  for (idx_t i = 0; i < types.size(); i++) {
    impl_->columns.push_back(
        ColumnFor(impl_->buffer->data[i], entry->columns[impl_->table_columns[i]].not_null));
  }
  columns_ = impl_->columns.data();
  column_count_ = impl_->columns.size();
}

Appender::Appender(Appender&& other) noexcept
    : columns_(other.columns_),
      column_count_(other.column_count_),
      column_(other.column_),
      row_(other.row_),
      impl_(std::move(other.impl_)) {
  other.columns_ = nullptr;
  other.column_count_ = 0;
  other.column_ = 0;
  other.row_ = 0;
}

Appender::~Appender() {
  if (!impl_ || impl_->closed) return;
  const std::string& table = impl_->Table().name;
  if (column_ != 0) {
    std::fprintf(stderr,
                 "teal::Appender on table \"%s\": a row in progress (%llu of %llu values) was "
                 "discarded when the appender was destroyed\n",
                 table.c_str(), static_cast<unsigned long long>(column_),
                 static_cast<unsigned long long>(column_count_));
    // Reset only what DiscardRow would, without throwing.
    for (idx_t c = 0; c < column_count_; c++) {
      MarkValid(impl_->buffer->data[c], row_, row_ + 1);
      if (columns_[c].kind == appender_detail::ColumnKind::kList)
        TruncateList(impl_->buffer->data[c], row_);
    }
    column_ = 0;
  }
  idx_t rows = row_;
  try {
    FlushBuffer();
  } catch (const std::exception& e) {
    std::fprintf(stderr,
                 "teal::Appender on table \"%s\": flushing %llu rows in the destructor failed, "
                 "they were not appended: %s\n",
                 table.c_str(), static_cast<unsigned long long>(rows), e.what());
  }
  try {
    CommitOwn();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "teal::Appender on table \"%s\": its last commit failed: %s\n",
                 table.c_str(), e.what());
  }
}

// ---- row bookkeeping ----------------------------------------------------------------------

std::string Appender::Where(idx_t c) const {
  const ColumnDefinition& column = impl_->Column(c);
  return fmt::format("table \"{}\", column \"{}\" ({}), row {}", impl_->Table().name, column.name,
                     column.type.ToString(), impl_->rows_before + row_ + 1);
}

void Appender::DiscardRow() {
  for (idx_t c = 0; c < column_count_; c++) {
    Vector& vector = impl_->buffer->data[c];
    MarkValid(vector, row_, row_ + 1);
    if (columns_[c].kind == appender_detail::ColumnKind::kList) TruncateList(vector, row_);
  }
  column_ = 0;
  impl_->rows_before++;
}

void Appender::ThrowIfClosed() const {
  if (!impl_ || impl_->closed) {
    throw InvalidInputError(
        impl_ ? fmt::format("the appender on table \"{}\" is closed", impl_->Table().name)
              : std::string("the appender was moved from"));
  }
}

void Appender::ThrowTooManyValues() {
  ThrowIfClosed();
  idx_t attempted = column_ + 1;
  std::string where = fmt::format("row {}", impl_->rows_before + row_ + 1);
  DiscardRow();
  throw InvalidInputError(
      fmt::format("table \"{}\" has {} columns but a value was appended for "
                  "column {} ({}; the row was discarded)",
                  impl_->Table().name, column_count_, attempted, where));
}

void Appender::ThrowRowArity(size_t values) {
  ThrowIfClosed();
  if (column_ != 0) {
    idx_t had = column_;
    DiscardRow();
    throw InvalidInputError(fmt::format(
        "table \"{}\": AppendRow called while a row begun with Append had {} of {} values "
        "(that row was discarded)",
        impl_->Table().name, had, column_count_));
  }
  std::string where = fmt::format("row {}", impl_->rows_before + row_ + 1);
  impl_->rows_before++;  // the row was started (and nothing of it written)
  if (values > column_count_) {
    throw InvalidInputError(
        fmt::format("table \"{}\" has {} columns but a value was appended for column {} ({})",
                    impl_->Table().name, column_count_, column_count_ + 1, where));
  }
  throw InvalidInputError(fmt::format(
      "table \"{}\" has {} columns but the row ended after {} values: column \"{}\" is missing "
      "({})",
      impl_->Table().name, column_count_, values, impl_->Column(values).name, where));
}

void Appender::ThrowEndRow() {
  ThrowIfClosed();
  idx_t values = column_;
  std::string where = fmt::format("row {}", impl_->rows_before + row_ + 1);
  DiscardRow();
  throw InvalidInputError(fmt::format(
      "table \"{}\" has {} columns but the row ended after {} values: column \"{}\" is missing "
      "({}; the row was discarded)",
      impl_->Table().name, column_count_, values, impl_->Column(values).name, where));
}

void Appender::ThrowNotNull(idx_t c) {
  const ColumnDefinition& column = impl_->Column(c);
  std::string message = fmt::format(
      "NOT NULL constraint failed: {}.{} (row {} of the appender; the row was "
      "discarded)",
      impl_->Table().name, column.name, impl_->rows_before + row_ + 1);
  DiscardRow();
  throw ConstraintError(std::move(message));
}

const LogicalType& Appender::ColumnType(idx_t index) const {
  ThrowIfClosed();
  if (index >= column_count_) {
    throw InvalidInputError(fmt::format("the appender on table \"{}\" has {} columns, not {}",
                                        impl_->Table().name, column_count_, index + 1));
  }
  return impl_->Column(index).type;
}

Appender& Appender::AppendDefault() {
  idx_t c = column_;
  if (c >= column_count_) ThrowTooManyValues();
  if (impl_->Column(c).default_sequence) {
    impl_->append.FillFromSequence(impl_->table_columns[c], impl_->buffer->data[c], row_, 1);
    column_ = c + 1;
    return *this;
  }
  if (impl_->Column(c).default_expression) {
    throw NotImplementedError(PerRowDefault(impl_->Table(), impl_->Column(c)));
  }
  const Vector& value = impl_->append.DefaultVector(impl_->table_columns[c]);
  if (!value.RowIsValid(0)) {
    PutNull(columns_[c], c, row_);
  } else {
    SelectionVector none;
    impl_->buffer->data[c].CopyFrom(value, none, 1, 0, row_);
  }
  column_ = c + 1;
  return *this;
}

// ---- strings and lists --------------------------------------------------------------------

void Appender::PutLongString(const appender_detail::AppendColumn& col, idx_t c, idx_t row,
                             std::string_view text) {
  if (text.size() > std::numeric_limits<uint32_t>::max()) {
    ThrowConversion(
        c, fmt::format("a string of {} bytes is longer than the 4 GiB a value holds", text.size()));
  }
  string_t stored = col.vector->AddString(text);
  // The copy is checked, not the source: it was just written, so it is in cache, where
  // the source (typically one of many rows streaming in) would be read from memory twice.
  // A rejected string leaves its bytes in the heap until the next flush.
  if (col.utf8) CheckUtf8(c, stored.View());
  Store(col, row, stored);
}

void Appender::CheckUtf8(idx_t c, std::string_view text) {
  // Most text is ASCII: one branch-free pass over the words decides it.
  if (IsAscii(text.data(), text.size())) [[likely]]
    return;
  size_t bad = FindInvalidUtf8(text);
  if (bad != text.size()) [[unlikely]] {
    ThrowConversion(c, "invalid UTF-8: " + DescribeInvalidUtf8(text, bad));
  }
}

appender_detail::ListSlot Appender::ReserveList(const appender_detail::AppendColumn& col, idx_t c,
                                                idx_t row, uint64_t count) {
  if (col.kind != appender_detail::ColumnKind::kList) {
    ThrowConversion(c, fmt::format("a C++ range goes into a LIST column, not {}",
                                   col.vector->Type().ToString()));
  }
  Vector& list = *col.vector;
  if (list.Type().Id() == TypeId::kArray && count != list.Type().ArraySize()) {
    ThrowConversion(c, fmt::format("a C++ range of {} elements goes into an ARRAY of {}", count,
                                   list.Type().ArraySize()));
  }
  uint64_t start = list.ListSize();
  list.SetListSize(start + count);
  reinterpret_cast<list_entry_t*>(col.data)[row] = {start, count};
  return {ColumnFor(list.ListChild(), false), start};
}

void Appender::SetEmptyList(const appender_detail::AppendColumn& col, idx_t row) {
  reinterpret_cast<list_entry_t*>(col.data)[row] = {col.vector->ListSize(), 0};
}

// ---- conversions ------------------------------------------------------------------------

void Appender::ThrowConversion(idx_t c, const std::string& reason) {
  std::string message = fmt::format("{}: {}", Where(c), reason);
  DiscardRow();
  throw ConversionError(std::move(message));
}

void Appender::Convert(const appender_detail::AppendColumn& col, idx_t c, idx_t row,
                       const appender_detail::Source& s) {
  using appender_detail::SourceKind;
  Vector& target = *col.vector;
  const LogicalType& type = target.Type();
  const TypeId id = type.Id();
  std::string error;
  auto cannot = [&]() {
    return fmt::format("cannot append {} to a column of type {}", s.cpp_name, type.ToString());
  };
  // Stores through the cast rules from a one-row vector of `from` holding `fill`'s value.
  auto cast_from = [&](const LogicalType& from, auto&& fill) {
    Vector& source = impl_->Scratch(from);
    fill(source);
    if (!CastInto(source, impl_->Scratch(target.Type()), target, row, error)) {
      ThrowConversion(c, error);
    }
  };

  switch (s.kind) {
    case SourceKind::kInt:
    case SourceKind::kUInt:
    case SourceKind::kInt128:
    case SourceKind::kUInt128: {
      bool huge_unsigned = s.kind == SourceKind::kUInt128 &&
                           s.u128 > static_cast<uint128>(std::numeric_limits<int128>::max());
      int128 v = s.kind == SourceKind::kInt      ? int128{s.i}
                 : s.kind == SourceKind::kUInt   ? int128{s.u}
                 : s.kind == SourceKind::kInt128 ? s.i128
                                                 : static_cast<int128>(huge_unsigned ? 0 : s.u128);
      if (IsIntegerOrFloatTarget(id)) {
        if (!StoreInteger(target, row, v, huge_unsigned, s.u128)) {
          ThrowConversion(c, fmt::format("{} value {} is out of range for {}", s.cpp_name,
                                         IntegerText(s), type.ToString()));
        }
        return;
      }
      LogicalType from = s.kind == SourceKind::kInt      ? LogicalType(TypeId::kBigInt)
                         : s.kind == SourceKind::kUInt   ? LogicalType(TypeId::kUBigInt)
                         : s.kind == SourceKind::kInt128 ? LogicalType(TypeId::kHugeInt)
                                                         : LogicalType(TypeId::kUHugeInt);
      cast_from(from, [&](Vector& v_) {
        std::memcpy(v_.Data(), &s.u128, PhysicalTypeSize(from.Physical()));
      });
      return;
    }
    case SourceKind::kFloat:
    case SourceKind::kDouble: {
      double d = s.kind == SourceKind::kFloat ? double{s.f} : s.d;
      if (id == TypeId::kDouble) {
        target.Values<double>()[row] = d;
        return;
      }
      if (id == TypeId::kFloat) {
        if (std::isfinite(d) && std::fabs(d) > double{std::numeric_limits<float>::max()}) {
          ThrowConversion(c, fmt::format("{} value {} is out of range for FLOAT", s.cpp_name, d));
        }
        target.Values<float>()[row] = static_cast<float>(d);
        return;
      }
      if (s.kind == SourceKind::kFloat) {
        cast_from(TypeId::kFloat, [&](Vector& v_) { v_.Values<float>()[0] = s.f; });
      } else {
        cast_from(TypeId::kDouble, [&](Vector& v_) { v_.Values<double>()[0] = s.d; });
      }
      return;
    }
    case SourceKind::kString: {
      std::string_view text(s.str.data, s.str.size);
      if (id == TypeId::kEnum) {
        int64_t index = type.Enum().Find(text);
        if (index < 0) {
          ThrowConversion(c,
                          fmt::format("\"{}\" is not a label of ENUM {}", text, type.ToString()));
        }
        StoreEnumIndex(col, row, static_cast<uint64_t>(index));
        return;
      }
      if (col.tag == StorageTag::kString) {  // a long string that reached the slow path
        PutLongString(col, c, row, text);
        return;
      }
      if (text.size() > std::numeric_limits<uint32_t>::max()) ThrowConversion(c, cannot());
      CheckUtf8(c, text);  // parsed as a VARCHAR value: its text may land in a VARCHAR child
      cast_from(TypeId::kVarchar, [&](Vector& v_) {
        v_.Values<string_t>()[0] = string_t(text.data(), static_cast<uint32_t>(text.size()));
      });
      return;
    }
    case SourceKind::kStored: {
      LogicalType from = TypeOfTag(s.stored);
      cast_from(from, [&](Vector& v_) {
        std::memcpy(v_.Data(), s.bytes, PhysicalTypeSize(from.Physical()));
      });
      return;
    }
    case SourceKind::kSysDays:
    case SourceKind::kCivil: {
      int64_t days;
      std::string value_text;
      if (s.kind == SourceKind::kCivil) {
        date_t date;
        std::string reason;
        if (!Date::TryFromCivil(s.civil.year, static_cast<int32_t>(s.civil.month),
                                static_cast<int32_t>(s.civil.day), date, &reason)) {
          ThrowConversion(c, fmt::format("{} {}-{:02}-{:02} is not a DATE: {}", s.cpp_name,
                                         s.civil.year, s.civil.month, s.civil.day, reason));
        }
        days = date.days;
        value_text = fmt::format("{}-{:02}-{:02}", s.civil.year, s.civil.month, s.civil.day);
      } else {
        days = s.i;
        value_text = fmt::format("{} days", s.i);
      }
      if (id == TypeId::kDate) {
        if (!appender_detail::InSymmetricRange(days, appender_detail::kMaxFiniteDays)) {
          ThrowConversion(
              c, fmt::format("{} value {} is out of range for DATE", s.cpp_name, value_text));
        }
        target.Values<date_t>()[row] = date_t{static_cast<int32_t>(days)};
        return;
      }
      if (int64_t units = TimestampUnitsPerSecond(id)) {
        int64_t value;
        // Days are whole multiples of seconds: rescale from "seconds" after checking the
        // day count itself cannot overflow the multiplication by 86400.
        constexpr int64_t kMaxDays = std::numeric_limits<int64_t>::max() / 86400;
        if (days > kMaxDays || days < -kMaxDays || !Rescale(days * 86400, 1, units, value)) {
          ThrowConversion(c, fmt::format("{} value {} is out of range for {}", s.cpp_name,
                                         value_text, type.ToString()));
        }
        target.Values<int64_t>()[row] = value;
        return;
      }
      ThrowConversion(c, cannot());
    }
    case SourceKind::kSysTime: {
      int64_t units = TimestampUnitsPerSecond(id);
      if (!units) ThrowConversion(c, cannot());
      int64_t value;
      if (!Rescale(s.i, s.per_second, units, value)) {
        ThrowConversion(c, fmt::format("{} value {} ({} per second since 1970-01-01) is out of "
                                       "range for {}",
                                       s.cpp_name, s.i, s.per_second, type.ToString()));
      }
      target.Values<int64_t>()[row] = value;
      return;
    }
    case SourceKind::kDuration: {
      int64_t micros;
      if (s.per_second <= 1000000) {
        int64_t factor = 1000000 / s.per_second;
        if (s.i > std::numeric_limits<int64_t>::max() / factor ||
            s.i < std::numeric_limits<int64_t>::min() / factor) {
          ThrowConversion(c, fmt::format("{} of {} units is out of range for {}", s.cpp_name, s.i,
                                         type.ToString()));
        }
        micros = s.i * factor;
      } else {
        micros = s.i / (s.per_second / 1000000);  // nanoseconds: whole microseconds
      }
      if (id == TypeId::kTime) {
        if (micros < 0 || micros > Time::kMicrosPerDay) {
          ThrowConversion(c, fmt::format("{} of {} microseconds is not a time of day (0 to 24h)",
                                         s.cpp_name, micros));
        }
        target.Values<dtime_t>()[row] = dtime_t{micros};
        return;
      }
      if (id == TypeId::kInterval) {
        target.Values<interval_t>()[row] = interval_t{0, 0, micros};
        return;
      }
      ThrowConversion(c, cannot());
    }
    case SourceKind::kUuid: {
      hugeint_t stored = UuidStored(s.bytes);
      if (id == TypeId::kUuid) {
        target.Values<hugeint_t>()[row] = stored;
        return;
      }
      cast_from(TypeId::kUuid, [&](Vector& v_) { v_.Values<hugeint_t>()[0] = stored; });
      return;
    }
    case SourceKind::kCppEnum: {
      if (id == TypeId::kEnum) {
        std::string value_text = s.is_unsigned ? std::to_string(s.u) : std::to_string(s.i);
        ThrowConversion(c, fmt::format("C++ enum value {} is out of range for ENUM {} ({} labels)",
                                       value_text, type.ToString(), col.enum_size));
      }
      if (IsIntegerOrFloatTarget(id)) {
        appender_detail::Source integer = s;
        integer.kind = s.is_unsigned ? SourceKind::kUInt : SourceKind::kInt;
        Convert(col, c, row, integer);
        return;
      }
      ThrowConversion(c, cannot());
    }
  }
  ThrowConversion(c, cannot());
}

void Appender::StoreEnumIndex(const appender_detail::AppendColumn& col, idx_t row, uint64_t index) {
  if (col.enum_width == 1) {
    Store(col, row, static_cast<uint8_t>(index));
  } else if (col.enum_width == 2) {
    Store(col, row, static_cast<uint16_t>(index));
  } else {
    Store(col, row, static_cast<uint32_t>(index));
  }
}

// ---- mapped appender checks -------------------------------------------------------------

namespace {
bool CanAppend(const appender_detail::CppTypeInfo& info, const LogicalType& type) {
  using appender_detail::CppCategory;
  const TypeId id = type.Id();
  switch (info.category) {
    case CppCategory::kStored:
      return StorageTagOf(type) == info.tag || CastExists(TypeOfTag(info.tag), type);
    case CppCategory::kInteger:
    case CppCategory::kFloating:
      return IsIntegerOrFloatTarget(id) || CastExists(TypeOfTag(info.tag), type);
    case CppCategory::kString:
      return id == TypeId::kVarchar || id == TypeId::kBlob || id == TypeId::kEnum ||
             CastExists(TypeId::kVarchar, type);
    case CppCategory::kCppEnum:
      return id == TypeId::kEnum || IsIntegerOrFloatTarget(id);
    case CppCategory::kSysDays:
    case CppCategory::kCivil:
      return id == TypeId::kDate || TimestampUnitsPerSecond(id) != 0;
    case CppCategory::kSysTime:
      return TimestampUnitsPerSecond(id) != 0;
    case CppCategory::kDuration:
      return id == TypeId::kTime || id == TypeId::kInterval;
    case CppCategory::kUuid:
      return id == TypeId::kUuid || id == TypeId::kVarchar;
    case CppCategory::kList:
      return (id == TypeId::kList || id == TypeId::kArray) &&
             CanAppend(*info.element, type.ListChild());
    case CppCategory::kUnsupported:
      return false;
  }
  return false;
}
}  // namespace

void Appender::CheckMapping(const appender_detail::CppTypeInfo* const* members,
                            size_t count) const {
  ThrowIfClosed();
  if (count != column_count_) {
    throw InvalidInputError(
        fmt::format("the mapping has {} members but the appender on table \"{}\" has {} columns",
                    count, impl_->Table().name, column_count_));
  }
  for (idx_t i = 0; i < count; i++) {
    const ColumnDefinition& column = impl_->Column(i);
    if (!CanAppend(*members[i], column.type)) {
      throw InvalidInputError(fmt::format(
          "member {} of the mapping ({}) cannot be appended to column \"{}\" ({}) of table "
          "\"{}\"",
          i, members[i]->name, column.name, column.type.ToString(), impl_->Table().name));
    }
  }
}

// ---- flushing ---------------------------------------------------------------------------

void Appender::ResetBuffer() {
  for (idx_t c = 0; c < column_count_; c++) {
    Vector& vector = impl_->buffer->data[c];
    // Whole words: rows past row_ are valid already, and discarded rows were reset.
    ClearForReuse(vector, row_);
    // The table may have taken the vector and left a fresh one: point at what is there now.
    impl_->columns[c] = ColumnFor(vector, impl_->columns[c].not_null);
  }
  impl_->rows_before += row_;
  row_ = 0;
  column_ = 0;
}

void Appender::FlushBuffer() {
  if (row_ == 0) return;
  const TableEntry& table = impl_->Table();
  idx_t rows = row_;
  try {
    impl_->buffer->SetCardinality(rows);
    // The table may take the buffer's vectors (no copy); ResetBuffer re-points the columns.
    impl_->context->RunWriteBatched(impl_->own, [&](Transaction& transaction) {
      impl_->CheckTable(transaction);
      impl_->append.AppendGiving(transaction, *impl_->buffer, impl_->rows_before, "appender");
    });
  } catch (const Error& e) {
    ResetBuffer();
    ThrowErrorOf(e.Category(), fmt::format("{} (none of the {} buffered rows were appended; they "
                                           "were discarded)",
                                           e.what(), rows));
  } catch (const std::bad_alloc&) {
    ResetBuffer();
    throw OutOfMemoryError(
        fmt::format("table \"{}\": out of memory while appending {} buffered rows (none were "
                    "appended; they were discarded)",
                    table.name, rows));
  } catch (...) {
    ResetBuffer();
    throw;
  }
  ResetBuffer();
  if (impl_->own) {
    impl_->own_rows += rows;
    impl_->own_chunks++;
  }
}

void Appender::CommitOwn() {
  if (!impl_->own) return;
  const idx_t rows = impl_->own_rows;
  impl_->own_chunks = impl_->own_rows = 0;
  try {
    impl_->context->CommitOwn(impl_->own);
  } catch (const Error& e) {
    ThrowErrorOf(e.Category(),
                 fmt::format("{} (the {} rows appended since the appender's last commit were "
                             "not kept)",
                             e.what(), rows));
  }
}

void Appender::FlushFull() {
  FlushBuffer();
  if (impl_->own_chunks >= kChunksPerCommit) CommitOwn();
}

void Appender::Flush() {
  ThrowIfClosed();
  if (column_ != 0) {
    throw InvalidInputError(fmt::format(
        "table \"{}\": Flush called while a row has {} of {} values; finish it with EndRow first",
        impl_->Table().name, column_, column_count_));
  }
  // Rows flushed before a chunk the table refuses are kept: they commit all the same.
  std::exception_ptr error;
  try {
    FlushBuffer();
  } catch (...) {
    error = std::current_exception();
  }
  CommitOwn();
  if (error) std::rethrow_exception(error);
}

void Appender::AppendChunk(const DataChunk& chunk) {
  Flush();
  const TableEntry& table = impl_->Table();
  if (chunk.ColumnCount() != column_count_) {
    throw InvalidInputError(
        fmt::format("AppendChunk: table \"{}\" has {} appended columns but "
                    "the chunk has {}",
                    table.name, column_count_, chunk.ColumnCount()));
  }
  for (idx_t c = 0; c < column_count_; c++) {
    const LogicalType& expected = impl_->Column(c).type;
    if (chunk.data[c].Type() != expected) {
      throw InvalidInputError(fmt::format(
          "AppendChunk: column \"{}\" of table \"{}\" is {} but the chunk's column {} is {}",
          impl_->Column(c).name, table.name, expected.ToString(), c + 1,
          chunk.data[c].Type().ToString()));
    }
    const std::string problem = ArraySizeProblem(chunk.data[c], chunk.size());
    if (!problem.empty()) {
      throw InvalidInputError(fmt::format("AppendChunk: column \"{}\" of table \"{}\" ({}): {}",
                                          impl_->Column(c).name, table.name, expected.ToString(),
                                          problem));
    }
  }
  idx_t first = impl_->rows_before;
  AtApiBoundary("Appender::AppendChunk", [&] {
    impl_->context->RunWrite([&](Transaction& transaction) {
      impl_->CheckTable(transaction);
      impl_->append.Append(transaction, chunk, first, "appender");
    });
  });
  impl_->rows_before += chunk.size();
}

void Appender::Close() {
  if (!impl_ || impl_->closed) return;
  std::exception_ptr error;
  if (column_ != 0) {
    try {
      ThrowEndRow();
    } catch (...) {
      error = std::current_exception();
    }
  }
  try {
    FlushBuffer();
  } catch (...) {
    error = std::current_exception();
  }
  try {
    CommitOwn();
  } catch (...) {
    if (!error) error = std::current_exception();
  }
  impl_->closed = true;
  impl_->EndBulk();
  impl_->buffer.reset();
  impl_->scratch.clear();
  columns_ = nullptr;
  column_count_ = 0;
  column_ = 0;
  row_ = 0;
  if (error) std::rethrow_exception(error);
}

}  // namespace teal
