// include/teal/appender.hpp — bulk loading into one table: Appender and MappedAppender.
//
// How a value travels (DESIGN.md, "Moving data in and out"):
//   Append(v) fetches the writer of the next column with one bounds check, compares the
//   column's storage tag with kStorageOf<T> (a compile-time constant on the C++ side, so
//   one predictable compare), and stores v into the buffer chunk's vector at the current
//   row. Anything else — a narrower integer, a string parsed into a DATE, a C++ enum, a
//   std::chrono time in another unit — takes one out-of-line call that converts by
//   arithmetic (or by the engine's cast rules for text) and stores; still no teal::Value,
//   no virtual call, no allocation (long strings go to the chunk's string heap, list
//   elements to its child vector, both reused after warm-up). A full chunk (2048 rows) is
//   handed to the table in one call, through the same table-append path as INSERT.
//
// Rows and errors:
//   * A row is the values of one AppendRow, or the Append/AppendNull/AppendDefault calls
//     before an EndRow. A row that fails — a value that does not convert, too many or
//     too few values, NULL for a NOT NULL column, an unknown ENUM label — is discarded
//     completely (its values, validity bits and list elements) and the call throws a
//     teal::Error naming table, column, row number and types. The appender stays usable:
//     the next Append starts a new row. Rows flushed earlier stay in the table; rows
//     buffered earlier stay buffered.
//   * Row numbers in messages count every row this appender started, from 1.
//   * A flush (Flush(), Close(), or a full chunk handed over inside EndRow/AppendRow)
//     writes in the connection's transaction: between BEGIN and COMMIT the rows become
//     visible to other connections at COMMIT (and ROLLBACK takes them out). Otherwise
//     the appender commits on its own at Flush(), at Close() and after every
//     kChunksPerCommit full chunks (204,800 rows, as DuckDB's appender): the rows are
//     visible and durable once that returns (a commit per 2,048-row chunk would sync a
//     file database's log that often). A chunk the table refuses loses its own rows; a
//     commit that fails loses the rows since the last one (the error says how many).
//     Until it commits, the appender's open transaction counts as another transaction's
//     changes to the table (ALTER or DROP of it waits for a Flush).
//
// Not thread-safe: use one appender per thread. The Connection and its Database must
// outlive the appender.
#pragma once

#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "teal/connection.hpp"
#include "teal/cpp_type.hpp"

namespace teal {

class DataChunk;
class Vector;
class Appender;
template <typename T>
class Mapping;
template <typename T>
class MappedAppender;

static_assert(std::endian::native == std::endian::little,
              "the appender stores __int128 as hugeint_t {lower, upper} by memcpy");

namespace appender_detail {

/// What the appender must know about a column beyond its storage tag.
enum class ColumnKind : uint8_t { kPlain, kEnum, kList };

/// One column as the inline hot path sees it: raw pointers into the buffer chunk's
/// vector. Invariant: every validity bit of rows not yet ended is set (valid), so
/// storing a value never touches the validity mask; only NULLs clear a bit.
struct AppendColumn {
  uint8_t* data = nullptr;
  uint64_t* validity = nullptr;
  Vector* vector = nullptr;
  StorageTag tag = StorageTag::kNone;
  ColumnKind kind = ColumnKind::kPlain;
  uint8_t enum_width = 0;  // bytes of an ENUM index: 1, 2 or 4
  bool not_null = false;   // a NOT NULL table column (never set for list elements)
  bool utf8 = false;       // VARCHAR: text must be valid UTF-8 (a BLOB takes any bytes)
  uint32_t enum_size = 0;  // labels of an ENUM
};

/// True when the inline bytes of a string of at most string_t::kInlineLength bytes are all
/// ASCII (so valid UTF-8): bytes 4..15 of the string_t, zero-padded, in two loads.
inline bool InlineIsAscii(const string_t& s) {
  static_assert(sizeof(string_t) == 16);
  uint64_t words[2];
  std::memcpy(words, &s, 16);
  return (((words[0] >> 32) | words[1]) & 0x8080808080808080ull) == 0;
}

/// The elements of one LIST row: `child` is written at rows [offset, offset + count).
struct ListSlot {
  AppendColumn child;
  uint64_t offset = 0;
};

/// A C++ value that is not the column's storage type, on its way to a conversion.
enum class SourceKind : uint8_t {
  kInt,   // any signed integer, widened
  kUInt,  // any unsigned integer, widened
  kInt128,
  kUInt128,
  kFloat,
  kDouble,
  kString,    // text (or bytes, for BLOB)
  kStored,    // another stored type (date_t, timestamp_t, string_t…): `stored` says which
  kSysDays,   // days since 1970-01-01 (i)
  kSysTime,   // units since 1970-01-01 (i), `per_second` units a second
  kDuration,  // a time of day / span: units (i), `per_second` units a second
  kCivil,     // year_month_day
  kUuid,      // 16 bytes in text order
  kCppEnum,   // a C++ enum's underlying value (i or u)
};

struct Source {
  SourceKind kind = SourceKind::kInt;
  StorageTag stored = StorageTag::kNone;
  bool is_unsigned = false;  // kCppEnum: the value is in u
  int64_t per_second = 0;
  const char* cpp_name = "";
  union {
    int64_t i;
    uint64_t u;
    int128 i128;
    uint128 u128;
    float f;
    double d;
    struct {
      const char* data;
      size_t size;
    } str;
    struct {
      int32_t year;
      uint32_t month;
      uint32_t day;
    } civil;
    unsigned char bytes[16];
  };
  Source() : u128(0) {}
};

/// What a C++ type is, for checking a MappedAppender's members against columns once.
enum class CppCategory : uint8_t {
  kStored,
  kInteger,
  kFloating,
  kString,
  kCppEnum,
  kSysDays,
  kSysTime,
  kDuration,
  kCivil,
  kUuid,
  kList,
  kUnsupported,
};
struct CppTypeInfo {
  CppCategory category;
  StorageTag tag;
  const char* name;
  const CppTypeInfo* element;  // kList
};

template <typename T>
struct IsOptional : std::false_type {};
template <typename T>
struct IsOptional<std::optional<T>> : std::true_type {};

template <typename T>
struct SysTimeTraits : std::false_type {};
template <typename D>
struct SysTimeTraits<std::chrono::time_point<std::chrono::system_clock, D>> : std::true_type {
  using Duration = D;
};

template <typename T>
struct DurationTraits : std::false_type {};
template <typename R, typename P>
struct DurationTraits<std::chrono::duration<R, P>> : std::true_type {};

template <typename T>
struct HhMmSsTraits : std::false_type {};
template <typename D>
struct HhMmSsTraits<std::chrono::hh_mm_ss<D>> : std::true_type {};

/// Units per second of a std::chrono duration the appender converts by arithmetic:
/// seconds, milliseconds, microseconds or nanoseconds with an integer count.
template <typename D>
constexpr int64_t kPerSecond = [] {
  using P = typename D::period;
  static_assert(std::is_integral_v<typename D::rep> && P::num == 1 &&
                    (P::den == 1 || P::den == 1000 || P::den == 1000000 || P::den == 1000000000),
                "the appender takes std::chrono durations and time points in seconds, "
                "milliseconds, microseconds or nanoseconds (duration_cast others first)");
  return static_cast<int64_t>(P::den);
}();

template <typename T>
concept StringLike = std::is_convertible_v<const T&, std::string_view> && kStorageOf<T>
== StorageTag::kNone;

template <typename T>
concept ListLike = std::ranges::sized_range<const T> && !StringLike<T>;

/// The one-comparison range check of a stored date or timestamp: v within
/// [-limit, limit], i.e. finite and not the infinity sentinels.
constexpr bool InSymmetricRange(int64_t v, uint64_t limit) {
  return static_cast<uint64_t>(v) + limit <= 2 * limit;
}
inline constexpr uint64_t kMaxFiniteDays = (uint64_t{1} << 31) - 2;       // INT32_MAX - 1
inline constexpr uint64_t kMaxFiniteTimestamp = (uint64_t{1} << 63) - 2;  // INT64_MAX - 1

template <typename T>
constexpr CppTypeInfo TypeInfoOf();
template <typename T>
inline constexpr CppTypeInfo kTypeInfo = TypeInfoOf<T>();

template <typename T>
constexpr CppTypeInfo TypeInfoOf() {
  using U = std::remove_cvref_t<T>;
  if constexpr (IsOptional<U>::value) {
    return TypeInfoOf<typename U::value_type>();
  } else if constexpr (std::is_same_v<U, bool>) {
    return {CppCategory::kStored, StorageTag::kBool, "bool", nullptr};
  } else if constexpr (std::is_integral_v<U> && kStorageOf<U> != StorageTag::kNone) {
    return {CppCategory::kInteger, kStorageOf<U>, CppTypeName<U>(), nullptr};
  } else if constexpr (std::is_same_v<U, int128> || std::is_same_v<U, uint128>) {
    return {CppCategory::kInteger, kStorageOf<U>, CppTypeName<U>(), nullptr};
  } else if constexpr (std::is_floating_point_v<U> && kStorageOf<U> != StorageTag::kNone) {
    return {CppCategory::kFloating, kStorageOf<U>, CppTypeName<U>(), nullptr};
  } else if constexpr (kStorageOf<U> != StorageTag::kNone) {
    return {CppCategory::kStored, kStorageOf<U>, CppTypeName<U>(), nullptr};
  } else if constexpr (StringLike<U>) {
    return {CppCategory::kString, StorageTag::kString,
            std::is_same_v<U, std::string> ? "std::string" : "std::string_view", nullptr};
  } else if constexpr (std::is_enum_v<U>) {
    return {CppCategory::kCppEnum, StorageTag::kNone, "a C++ enum", nullptr};
  } else if constexpr (std::is_same_v<U, std::chrono::sys_days>) {
    return {CppCategory::kSysDays, StorageTag::kNone, "std::chrono::sys_days", nullptr};
  } else if constexpr (SysTimeTraits<U>::value) {
    return {CppCategory::kSysTime, StorageTag::kNone, "std::chrono::sys_time", nullptr};
  } else if constexpr (DurationTraits<U>::value || HhMmSsTraits<U>::value) {
    return {CppCategory::kDuration, StorageTag::kNone, "std::chrono duration", nullptr};
  } else if constexpr (std::is_same_v<U, std::chrono::year_month_day>) {
    return {CppCategory::kCivil, StorageTag::kNone, "std::chrono::year_month_day", nullptr};
  } else if constexpr (std::is_same_v<U, Uuid>) {
    return {CppCategory::kUuid, StorageTag::kNone, "teal::Uuid", nullptr};
  } else if constexpr (ListLike<U>) {
    return {CppCategory::kList, StorageTag::kNone, "a range",
            &kTypeInfo<std::ranges::range_value_t<const U>>};
  } else {
    return {CppCategory::kUnsupported, StorageTag::kNone, "an unsupported C++ type", nullptr};
  }
}

}  // namespace appender_detail

/// Appends rows to one table, a chunk at a time. See the top of this file for the
/// row and error rules.
class Appender {
 public:
  /// An appender of every column of `table`, in table order. Throws CatalogError if the
  /// table does not exist.
  Appender(Connection& connection, std::string_view table);
  /// An appender of `columns` only, in the given order (names are case-insensitive).
  /// Every other column gets its DEFAULT, or NULL when it has none. Throws CatalogError
  /// for an unknown column, InvalidInputError for an empty or repeated one, and
  /// ConstraintError when a column left out is NOT NULL without a DEFAULT (every row
  /// would fail).
  Appender(Connection& connection, std::string_view table, std::vector<std::string> columns);

  /// Flushes the buffered rows. Never throws: when the flush fails, or when a row is
  /// still in progress (it is discarded), the destructor writes the error to stderr,
  /// naming the table and how many rows were lost. Call Close() to get errors as
  /// exceptions instead.
  ~Appender();
  /// Takes over `other`'s buffered rows; `other` behaves as closed afterwards.
  Appender(Appender&& other) noexcept;
  Appender(const Appender&) = delete;
  Appender& operator=(const Appender&) = delete;
  Appender& operator=(Appender&&) = delete;

  /// Columns this appender writes per row.
  idx_t ColumnCount() const { return column_count_; }
  /// The type of appended column `index` (0-based). Throws InvalidInputError when out
  /// of range or closed.
  const LogicalType& ColumnType(idx_t index) const;

  /// Appends one whole row. Throws InvalidInputError, appending nothing, if the number
  /// of values differs from ColumnCount() or a row begun with Append is in progress;
  /// throws as described at the top of the file (discarding the row) when a value does
  /// not convert. A full buffer is flushed, which may throw as Flush does.
  template <typename... Values>
  void AppendRow(const Values&... values) {
    static_assert(sizeof...(Values) > 0, "a row has at least one value");
    if (sizeof...(Values) != column_count_ || column_ != 0) [[unlikely]] {
      ThrowRowArity(sizeof...(Values));
    }
    PutRow(std::index_sequence_for<Values...>{}, values...);
    FinishRow();
  }

  /// Appends `value` to the next column of the current row. Supported C++ types: every
  /// stored type of cpp_type.hpp (a plain store into a column of that type), other
  /// integers and floating types (range-checked), bool, __int128, std::string /
  /// std::string_view / const char*, std::chrono::sys_days / year_month_day /
  /// sys_time<s|ms|us|ns> / durations / hh_mm_ss, teal::Uuid, C++ enums (into ENUM by
  /// index), std::optional<T> (nullopt is NULL), std::nullopt, and sized ranges of any
  /// of these (into LIST; nested ranges into nested lists). Throws InvalidInputError
  /// when the row already has a value for every column, ConversionError when the value
  /// does not convert, ConstraintError for NULL into a NOT NULL column — discarding the
  /// row each time.
  template <typename T>
  Appender& Append(const T& value) {
    idx_t c = column_;
    if (c >= column_count_) [[unlikely]]
      ThrowTooManyValues();
    Put(columns_[c], c, row_, value);
    column_ = c + 1;
    return *this;
  }
  /// Appends NULL to the next column. Throws as Append.
  Appender& AppendNull() {
    idx_t c = column_;
    if (c >= column_count_) [[unlikely]]
      ThrowTooManyValues();
    PutNull(columns_[c], c, row_);
    column_ = c + 1;
    return *this;
  }
  /// Appends the next column's DEFAULT (NULL when it has none). Throws as Append.
  Appender& AppendDefault();
  /// Ends the current row. Throws InvalidInputError naming the first missing column
  /// when the row has fewer values than columns (the row is discarded). A full buffer
  /// is flushed, which may throw as Flush does.
  void EndRow() {
    if (column_ != column_count_ || column_ == 0) [[unlikely]]
      ThrowEndRow();
    FinishRow();
  }

  /// Flushes the buffered rows, then appends every row of `chunk` as one unit: all or
  /// none. The chunk must have this appender's columns (count and types, in order).
  /// Throws InvalidInputError for a mismatched chunk or a row in progress, and
  /// ConstraintError (naming table, column, row) for NULL in a NOT NULL column.
  void AppendChunk(const DataChunk& chunk);

  /// Outside BEGIN, the appender commits after this many full chunks (and at Flush, Close).
  static constexpr uint64_t kChunksPerCommit = 100;

  /// Hands the buffered rows to the table as one unit and (outside BEGIN) commits every
  /// row appended since the last commit; they become visible. Throws InvalidInputError,
  /// changing nothing, while a row is in progress (finish it with EndRow first). If the
  /// append itself fails (the table was dropped, a constraint), none of the buffered rows
  /// are appended, they are discarded, the error says how many, and the appender stays
  /// usable; rows flushed before stay.
  void Flush();
  /// Flushes, then releases the buffer. Any later use throws InvalidInputError; a
  /// second Close() does nothing. When the flush throws, the appender is closed anyway.
  void Close();

 private:
  template <typename T>
  friend class Mapping;
  template <typename T>
  friend class MappedAppender;
  struct Impl;

  // ---- the inline hot path ---------------------------------------------------------
  template <size_t... I, typename... Values>
  void PutRow(std::index_sequence<I...>, const Values&... values) {
    (Put(columns_[I], I, row_, values), ...);
  }
  template <typename Record, typename Members, size_t... I>
  void PutRecord(const Record& record, const Members& members, std::index_sequence<I...>) {
    // The member count was checked against the columns at construction; this catches
    // a closed appender (column_count_ is 0 then).
    if (column_count_ == 0) [[unlikely]]
      ThrowTooManyValues();
    (Put(columns_[I], I, row_, record.*std::get<I>(members)), ...);
    FinishRow();
  }

  void FinishRow() {
    column_ = 0;
    if (++row_ == kVectorSize) [[unlikely]]
      FlushFull();
  }

  static void SetNullBit(const appender_detail::AppendColumn& col, idx_t row) {
    col.validity[row / 64] &= ~(uint64_t{1} << (row % 64));
  }
  void PutNull(const appender_detail::AppendColumn& col, idx_t c, idx_t row) {
    if (col.not_null) [[unlikely]]
      ThrowNotNull(c);
    if (col.kind == appender_detail::ColumnKind::kList) [[unlikely]]
      SetEmptyList(col, row);
    SetNullBit(col, row);
  }

  template <typename S>
  static void Store(const appender_detail::AppendColumn& col, idx_t row, const S& value) {
    std::memcpy(col.data + row * sizeof(S), &value, sizeof(S));
  }

  template <typename T>
  void Put(const appender_detail::AppendColumn& col, idx_t c, idx_t row, const T& value) {
    using U = std::remove_cvref_t<T>;
    if constexpr (appender_detail::IsOptional<U>::value) {
      if (value.has_value()) {
        Put(col, c, row, *value);
      } else {
        PutNull(col, c, row);
      }
    } else if constexpr (std::is_same_v<U, std::nullopt_t> || std::is_same_v<U, std::nullptr_t>) {
      PutNull(col, c, row);
    } else if constexpr (kStorageOf<U> != StorageTag::kNone) {
      if (col.tag == kStorageOf<U>) [[likely]] {
        if constexpr (std::is_same_v<U, string_t>) {
          // A long string_t points at the caller's bytes: copy them into the chunk's heap.
          if (!value.IsInlined()) {
            PutLongString(col, c, row, value.View());
            return;
          }
          if (col.utf8 && !appender_detail::InlineIsAscii(value)) CheckUtf8(c, value.View());
        }
        Store(col, row, value);
      } else {
        Convert(col, c, row, MakeSource(value));
      }
    } else if constexpr (appender_detail::StringLike<U>) {
      std::string_view text(value);
      if (col.tag == StorageTag::kString) [[likely]] {
        if (text.size() <= string_t::kInlineLength) {
          string_t s(text.data(), static_cast<uint32_t>(text.size()));
          if (col.utf8 && !appender_detail::InlineIsAscii(s)) [[unlikely]] {
            CheckUtf8(c, text);
          }
          Store(col, row, s);
        } else {
          PutLongString(col, c, row, text);
        }
      } else {
        appender_detail::Source source;
        source.kind = appender_detail::SourceKind::kString;
        source.cpp_name = appender_detail::kTypeInfo<U>.name;
        source.str = {text.data(), text.size()};
        Convert(col, c, row, source);
      }
    } else if constexpr (std::is_enum_v<U>) {
      using Underlying = std::underlying_type_t<U>;
      auto index = static_cast<Underlying>(value);
      bool in_range;
      if constexpr (std::is_signed_v<Underlying>) {
        in_range = index >= 0 && static_cast<uint64_t>(index) < col.enum_size;
      } else {
        in_range = static_cast<uint64_t>(index) < col.enum_size;
      }
      if (col.kind == appender_detail::ColumnKind::kEnum && in_range) [[likely]] {
        if (col.enum_width == 1) {
          Store(col, row, static_cast<uint8_t>(index));
        } else if (col.enum_width == 2) {
          Store(col, row, static_cast<uint16_t>(index));
        } else {
          Store(col, row, static_cast<uint32_t>(index));
        }
      } else {
        appender_detail::Source source;
        source.kind = appender_detail::SourceKind::kCppEnum;
        source.cpp_name = "a C++ enum";
        source.is_unsigned = !std::is_signed_v<Underlying>;
        if constexpr (std::is_signed_v<Underlying>) {
          source.i = static_cast<int64_t>(index);
        } else {
          source.u = static_cast<uint64_t>(index);
        }
        Convert(col, c, row, source);
      }
    } else if constexpr (std::is_same_v<U, std::chrono::sys_days>) {
      int64_t days = value.time_since_epoch().count();
      if (col.tag == StorageTag::kDate &&
          appender_detail::InSymmetricRange(days, appender_detail::kMaxFiniteDays)) [[likely]] {
        Store(col, row, date_t{static_cast<int32_t>(days)});
      } else {
        appender_detail::Source source;
        source.kind = appender_detail::SourceKind::kSysDays;
        source.cpp_name = "std::chrono::sys_days";
        source.i = days;
        Convert(col, c, row, source);
      }
    } else if constexpr (appender_detail::SysTimeTraits<U>::value) {
      using D = typename appender_detail::SysTimeTraits<U>::Duration;
      constexpr int64_t kUnits = appender_detail::kPerSecond<D>;
      constexpr StorageTag kSameUnit = kUnits == 1         ? StorageTag::kTimestampS
                                       : kUnits == 1000    ? StorageTag::kTimestampMs
                                       : kUnits == 1000000 ? StorageTag::kTimestamp
                                                           : StorageTag::kTimestampNs;
      int64_t n = static_cast<int64_t>(value.time_since_epoch().count());
      bool same_unit =
          col.tag == kSameUnit || (kUnits == 1000000 && col.tag == StorageTag::kTimestampTz);
      if (same_unit && appender_detail::InSymmetricRange(n, appender_detail::kMaxFiniteTimestamp))
          [[likely]] {
        Store(col, row, n);
      } else {
        appender_detail::Source source;
        source.kind = appender_detail::SourceKind::kSysTime;
        source.cpp_name = "std::chrono::sys_time";
        source.per_second = kUnits;
        source.i = n;
        Convert(col, c, row, source);
      }
    } else if constexpr (appender_detail::DurationTraits<U>::value) {
      appender_detail::Source source;
      source.kind = appender_detail::SourceKind::kDuration;
      source.cpp_name = "std::chrono::duration";
      source.per_second = appender_detail::kPerSecond<U>;
      source.i = static_cast<int64_t>(value.count());
      Convert(col, c, row, source);
    } else if constexpr (appender_detail::HhMmSsTraits<U>::value) {
      Put(col, c, row, value.to_duration());
    } else if constexpr (std::is_same_v<U, std::chrono::year_month_day>) {
      appender_detail::Source source;
      source.kind = appender_detail::SourceKind::kCivil;
      source.cpp_name = "std::chrono::year_month_day";
      source.civil = {static_cast<int32_t>(value.year()), static_cast<unsigned>(value.month()),
                      static_cast<unsigned>(value.day())};
      Convert(col, c, row, source);
    } else if constexpr (std::is_same_v<U, Uuid>) {
      appender_detail::Source source;
      source.kind = appender_detail::SourceKind::kUuid;
      source.cpp_name = "teal::Uuid";
      std::memcpy(source.bytes, value.bytes.data(), 16);
      Convert(col, c, row, source);
    } else if constexpr (appender_detail::ListLike<U>) {
      PutList(col, c, row, value);
    } else {
      static_assert(sizeof(U) == 0, "teal::Appender cannot append this C++ type");
    }
  }

  template <typename R>
  void PutList(const appender_detail::AppendColumn& col, idx_t c, idx_t row, const R& range) {
    using E = std::remove_cvref_t<std::ranges::range_value_t<const R>>;
    const auto count = static_cast<uint64_t>(std::ranges::size(range));
    appender_detail::ListSlot slot = ReserveList(col, c, row, count);
    if constexpr (std::ranges::contiguous_range<const R> && kStorageOf<E> != StorageTag::kNone) {
      if (slot.child.tag == kStorageOf<E>) {
        if (count) {
          std::memcpy(slot.child.data + slot.offset * sizeof(E), std::ranges::data(range),
                      count * sizeof(E));
        }
        return;
      }
    }
    uint64_t r = slot.offset;
    for (const auto& element : range) Put(slot.child, c, r++, static_cast<const E&>(element));
  }

  template <typename T>
  static appender_detail::Source MakeSource(const T& value) {
    appender_detail::Source source;
    source.cpp_name = CppTypeName<T>();
    if constexpr (std::is_same_v<T, bool>) {
      source.kind = appender_detail::SourceKind::kStored;  // through the cast rules: 'true', not 1
      source.stored = StorageTag::kBool;
      source.bytes[0] = value ? 1 : 0;
    } else if constexpr (std::is_same_v<T, int128> || std::is_same_v<T, hugeint_t>) {
      source.kind = appender_detail::SourceKind::kInt128;
      if constexpr (std::is_same_v<T, hugeint_t>) {
        source.i128 = value.Get();
      } else {
        source.i128 = value;
      }
    } else if constexpr (std::is_same_v<T, uint128> || std::is_same_v<T, uhugeint_t>) {
      source.kind = appender_detail::SourceKind::kUInt128;
      if constexpr (std::is_same_v<T, uhugeint_t>) {
        source.u128 = value.Get();
      } else {
        source.u128 = value;
      }
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      source.kind = appender_detail::SourceKind::kInt;
      source.i = value;
    } else if constexpr (std::is_integral_v<T>) {
      source.kind = appender_detail::SourceKind::kUInt;
      source.u = value;
    } else if constexpr (std::is_same_v<T, float>) {
      source.kind = appender_detail::SourceKind::kFloat;
      source.f = value;
    } else if constexpr (std::is_same_v<T, double>) {
      source.kind = appender_detail::SourceKind::kDouble;
      source.d = value;
    } else {
      static_assert(sizeof(T) <= 16 && std::is_trivially_copyable_v<T>);
      source.kind = appender_detail::SourceKind::kStored;
      source.stored = kStorageOf<T>;
      std::memcpy(source.bytes, &value, sizeof(T));
    }
    return source;
  }

  // ---- out of line (appender.cpp) --------------------------------------------------
  Appender(Connection& connection, std::string_view table, const std::vector<std::string>* columns);
  /// Converts and stores `source` at `row` of `col`, or discards the row and throws.
  void Convert(const appender_detail::AppendColumn& col, idx_t c, idx_t row,
               const appender_detail::Source& source);
  /// Stores a string longer than string_t::kInlineLength; checks UTF-8 for VARCHAR.
  void PutLongString(const appender_detail::AppendColumn& col, idx_t c, idx_t row,
                     std::string_view text);
  /// Discards the row and throws ConversionError unless `text`, appended to VARCHAR column
  /// c, is valid UTF-8 (src/common/utf8.hpp).
  void CheckUtf8(idx_t c, std::string_view text);
  static void StoreEnumIndex(const appender_detail::AppendColumn& col, idx_t row, uint64_t index);
  appender_detail::ListSlot ReserveList(const appender_detail::AppendColumn& col, idx_t c,
                                        idx_t row, uint64_t count);
  void SetEmptyList(const appender_detail::AppendColumn& col, idx_t row);
  void FlushFull();
  /// Commits the appender's own transaction (outside BEGIN), if it has one open.
  void CommitOwn();
  /// "table "t", column "c" (TYPE), row N" for messages about appended column c.
  std::string Where(idx_t c) const;
  /// Forgets the current row: its validity bits and list elements; counts it as started.
  void DiscardRow();
  /// Hands the complete buffered rows to the table and empties the buffer.
  void FlushBuffer();
  void ResetBuffer();
  void ThrowIfClosed() const;
  /// Discards the current row and throws ConversionError "<Where(c)>: <reason>".
  [[noreturn]] void ThrowConversion(idx_t c, const std::string& reason);
  [[noreturn]] void ThrowTooManyValues();
  [[noreturn]] void ThrowRowArity(size_t values);
  [[noreturn]] void ThrowEndRow();
  [[noreturn]] void ThrowNotNull(idx_t c);
  /// Throws InvalidInputError when member types of a mapping do not fit the columns.
  void CheckMapping(const appender_detail::CppTypeInfo* const* members, size_t count) const;

  // Hot state first: what Append touches per value.
  appender_detail::AppendColumn* columns_ = nullptr;  // column_count_ entries, owned by impl_
  idx_t column_count_ = 0;                            // 0 once closed, so every Append fails
  idx_t column_ = 0;                                  // next column of the current row
  idx_t row_ = 0;                                     // current row in the buffer chunk
  std::unique_ptr<Impl> impl_;
};

/// How the members of a struct T map to table columns: member i feeds column i. Build
/// it once, e.g. `teal::Mapping<Trade> m{&Trade::id, &Trade::ts, &Trade::price};`, and
/// share it between appenders (copies are cheap and immutable). Members may be any type
/// Appender::Append takes, including std::optional and ranges.
template <typename T>
class Mapping {
 public:
  template <typename... Ms>
  requires(sizeof...(Ms) > 0)
      Mapping(Ms T::*... members)  // NOLINT: implicit so that braced initialisation reads well
      : members_(std::make_shared<const std::tuple<Ms T::*...>>(members...)),
        count_(sizeof...(Ms)),
        append_(&AppendRecords<Ms...>),
        types_(&kMemberTypes<Ms...>[0]) {}

  /// Members, i.e. columns, per record.
  size_t size() const { return count_; }

 private:
  friend class MappedAppender<T>;

  template <typename... Ms>
  static constexpr std::array<const appender_detail::CppTypeInfo*, sizeof...(Ms)> kMemberTypes = {
      &appender_detail::kTypeInfo<Ms>...};

  template <typename... Ms>
  static void AppendRecords(Appender& appender, const void* members, const T* records,
                            size_t count) {
    const auto& pointers = *static_cast<const std::tuple<Ms T::*...>*>(members);
    for (size_t i = 0; i < count; i++) {
      appender.PutRecord(records[i], pointers, std::index_sequence_for<Ms...>{});
    }
  }

  std::shared_ptr<const void> members_;  // a std::tuple<Ms T::*...>
  size_t count_;
  void (*append_)(Appender&, const void*, const T*, size_t);
  const appender_detail::CppTypeInfo* const* types_;
};

/// Appends whole structs through a Mapping: one record is one row. The members' C++
/// types are checked against the column types once, at construction; per record there
/// is one indirect call, and per member the same inline store as Appender::Append.
/// Errors, flushing, Close and the destructor behave as Appender's. Not thread-safe.
template <typename T>
class MappedAppender {
 public:
  /// Member i feeds column i of `table`; the mapping must have one member per column.
  /// Throws CatalogError for an unknown table, InvalidInputError naming the column,
  /// member index and both types when a member's type cannot go into its column.
  MappedAppender(Connection& connection, std::string_view table, Mapping<T> mapping)
      : appender_(connection, table), mapping_(std::move(mapping)) {
    appender_.CheckMapping(mapping_.types_, mapping_.count_);
  }
  /// Member i feeds column `columns[i]`; the other columns get their DEFAULT or NULL.
  MappedAppender(Connection& connection, std::string_view table, Mapping<T> mapping,
                 std::vector<std::string> columns)
      : appender_(connection, table, std::move(columns)), mapping_(std::move(mapping)) {
    appender_.CheckMapping(mapping_.types_, mapping_.count_);
  }

  /// Appends one record as one row; throws as Appender::AppendRow (the row is discarded).
  void Append(const T& record) { mapping_.append_(appender_, mapping_.members_.get(), &record, 1); }
  /// Appends the records in order. When one fails, the ones before it are appended
  /// (buffered), it is discarded, and the rest are not attempted.
  void Append(std::span<const T> records) {
    mapping_.append_(appender_, mapping_.members_.get(), records.data(), records.size());
  }
  void Flush() { appender_.Flush(); }
  void Close() { appender_.Close(); }

 private:
  Appender appender_;
  Mapping<T> mapping_;
};

}  // namespace teal
